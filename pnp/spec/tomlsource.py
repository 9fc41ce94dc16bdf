"""Read a TOML file and find the line of a key, so errors can point at it.

``tomllib`` reports positions only for syntax errors; for mistakes in the
meaning of a file we find the line ourselves by following table headers.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.datafiles import read_confined_text
from pnp.errors import PnpError

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"'.]+)\s*=")
_SYNTAX_LINE = re.compile(r"at line (\d+)")


def _split_dotted(dotted: str) -> tuple[str, ...]:
    return tuple(part.strip().strip("\"'") for part in dotted.split("."))


@dataclass(frozen=True)
class TomlSource:
    """A parsed TOML file that still knows its text."""

    path: Path
    lines: tuple[str, ...]
    data: dict[str, Any]

    @classmethod
    def read(cls, path: Path, root: Path | None = None) -> TomlSource:
        """Parse ``path``, a file inside ``root`` (default: its own folder) once links are
        resolved; a missing or refused file or a syntax error becomes a located
        :class:`PnpError`."""
        text = read_confined_text(path, path.parent if root is None else root)
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            found = _SYNTAX_LINE.search(str(exc))
            line = int(found.group(1)) if found else None
            message = str(exc).split(" (at ")[0]
            raise PnpError.single(f"invalid TOML: {message}", path, line) from None
        return cls(path, tuple(text.splitlines()), data)

    def line_of(self, *keys: str) -> int | None:
        """Line of ``keys`` (a path into the data), or of the nearest enclosing table header.

        Array-of-tables paths use the element index, e.g. ``("elements", "3", "size")``.
        """
        best: int | None = None
        table: tuple[str, ...] = ()
        array_counts: dict[tuple[str, ...], int] = {}
        for number, raw in enumerate(self.lines, start=1):
            header = _HEADER.match(raw)
            if header:
                parts = _split_dotted(header.group(1))
                if raw.lstrip().startswith("[["):
                    index = array_counts.get(parts, 0)
                    array_counts[parts] = index + 1
                    parts = (*parts, str(index))
                table = parts
                if keys[: len(table)] == table and (best is None or len(table) == len(keys)):
                    best = number
                    if table == keys:
                        return number
                continue
            key = _KEY.match(raw)
            if key:
                full = table + _split_dotted(key.group(1))
                if full == keys[: len(full)] and len(full) > len(table):
                    return number
        return best
