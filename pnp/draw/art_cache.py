"""Converted art kept on disk between builds, named by the SVG's bytes and the converter.

An entry is a small JSON file in the user's cache folder (``PNP_CACHE_DIR`` names
another folder; set to the empty string it turns the cache off). Its name is a
hash of the SVG's bytes, the svglib and reportlab versions and this module's
format version, so a changed file or converter never meets an old entry. The JSON
holds only lines of PDF operators and calls from a fixed list: reading it runs
no code, and an entry that does not parse or validate is ignored (and written
anew). Entries are written to a temporary file and renamed into place, so two
builds at once each see a whole entry or none.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import tempfile
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from reportlab import Version as REPORTLAB_VERSION

from pnp.draw.program import REPLAYED, Call, GState, Op, Program

CACHE_ENV = "PNP_CACHE_DIR"
"""Environment variable: the cache folder, or the empty string for no cache."""

FORMAT = 2
"""The version of the entries' format; raise it when the format or the recording changes."""

_EXTERNAL = re.compile(rb"""(?:href|src)\s*=\s*["'](?!#)""")
"""A reference to another file: the SVG's bytes alone would not name what it draws."""


def cache_dir() -> Path | None:
    """The folder of converted art, or None when the cache is off."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is None:
        import platformdirs  # here: only a build that draws art needs it

        return Path(platformdirs.user_cache_dir("pnp", appauthor=False)) / "art"
    return Path(chosen) / "art" if chosen else None


@cache
def _converter() -> bytes:
    return f"pnp-art {FORMAT}|svglib {metadata.version('svglib')}|reportlab {REPORTLAB_VERSION}".encode()


def entry_key(svg: bytes, font: str) -> str | None:
    """The entry's name for an SVG's bytes drawn with ``font`` first, or None if not cacheable."""
    if _EXTERNAL.search(svg):
        return None
    digest = hashlib.sha256(_converter() + b"|" + font.encode() + b"|" + svg)
    return digest.hexdigest()


def load(key: str) -> tuple[float, float, Program] | None:
    """The size and program stored under ``key``, or None (missing, unreadable or invalid)."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        data = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
        return _decode(data, key)
    except (OSError, ValueError, TypeError, KeyError):
        return None


def store(key: str, width: float, height: float, program: Program) -> None:
    """Write an entry (atomically); a cache that cannot be written is skipped silently."""
    folder = cache_dir()
    if folder is None:
        return
    text = json.dumps(_encode(key, width, height, program), separators=(",", ":"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{key}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            os.replace(temporary, folder / f"{key}.json")
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        pass


def _encode(key: str, width: float, height: float, program: Program) -> dict[str, Any]:
    ops: list[list[Any]] = []
    for op in program.ops:
        if isinstance(op, Call):
            ops.append(["call", op.method, list(op.args), dict(op.kwargs)])
        else:
            ops.append(["lines", list(op)])
    return {
        "format": FORMAT,
        "key": key,
        "width": width,
        "height": height,
        "ops": ops,
        "lines": None if program.lines is None else list(program.lines),
        "gstates": [list(gstate) for gstate in program.gstates],
        "transparency": program.transparency,
    }


def _decode(data: Any, key: str) -> tuple[float, float, Program]:
    """The entry's contents; ValueError when anything is not as :func:`_encode` writes it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
        raise ValueError("not an entry of this format")
    width, height = data["width"], data["height"]
    for size in (width, height):
        if not isinstance(size, float | int) or not math.isfinite(size) or size <= 0:
            raise ValueError("bad size")
    if not isinstance(data["ops"], list):
        raise ValueError("bad operations")
    # JSON gives each line and call a fresh object; a program's lines repeat (its ``ops`` and
    # ``lines`` hold the same ones) and its calls are a handful of different ones (save and
    # restore the state, an alpha), so equal ones are shared: a third of the memory.
    strings: dict[str, str] = {}
    calls: dict[tuple[Any, ...], Call] = {}
    ops: list[Op] = []
    for item in data["ops"]:
        if isinstance(item, list) and len(item) == 2 and item[0] == "lines":
            if not _strings(item[1]):
                raise ValueError("bad lines")
            ops.append(tuple(strings.setdefault(line, line) for line in item[1]))
        elif isinstance(item, list) and len(item) == 4 and item[0] == "call":
            call = _decode_call(item[1], item[2], item[3])
            ops.append(calls.setdefault(_exactly(call), call))
        else:
            raise ValueError("bad operation")
    lines = data["lines"]
    if lines is not None and not _strings(lines):
        raise ValueError("bad lines")
    if lines is not None:
        lines = [strings.setdefault(line, line) for line in lines]
    gstates: list[GState] = []
    for gstate in data["gstates"]:
        if not isinstance(gstate, list) or len(gstate) != 3:
            raise ValueError("bad graphics state")
        key, value, name = gstate
        if not isinstance(key, str) or not isinstance(name, str) or not _scalar(value):
            raise ValueError("bad graphics state")
        gstates.append((key, value, name))
    if not isinstance(data["transparency"], bool):
        raise ValueError("bad transparency")
    program = Program(
        tuple(ops), None if lines is None else tuple(lines), tuple(gstates), data["transparency"]
    )
    return float(width), float(height), program


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""The types JSON reads that a call's argument may have (exact types: these are JSON's)."""


def _strings(value: Any) -> bool:
    return type(value) is list and set(map(type, value)) <= {str}


def _scalar(value: Any) -> bool:
    return type(value) in _SCALARS


def _exactly(call: Call) -> tuple[Any, ...]:
    """What tells calls apart: their arguments with their types (``True == 1 == 1.0``)."""
    arguments = tuple((type(value), value) for value in call.args)
    keywords = tuple((name, type(value), value) for name, value in call.kwargs)
    return (call.method, arguments, keywords)


def _decode_call(method: Any, args: Any, kwargs: Any) -> Call:
    if method not in REPLAYED or type(args) is not list or type(kwargs) is not dict:
        raise ValueError("bad call")
    if not set(map(type, args)) <= _SCALARS or not set(map(type, kwargs.values())) <= _SCALARS:
        raise ValueError("bad argument")
    return Call(method, tuple(args), tuple(sorted(kwargs.items())))
