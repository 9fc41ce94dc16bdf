"""Read a TOML file and find the line of a key, so errors can point at it.

``tomllib`` reports positions only for syntax errors; for mistakes in the
meaning of a file we find the line ourselves by following table headers.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from pnp.base.datafiles import (
    TOO_DEEP,
    bounded_error,
    nesting_line,
    read_confined_text,
    tree_problem,
)
from pnp.base.errors import PnpError

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
        resolved; a missing or refused file, a syntax error, a text too long or holding a
        control character, or nesting too deep becomes a located :class:`PnpError`."""
        text = read_confined_text(path, path.parent if root is None else root)
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            found = _SYNTAX_LINE.search(str(exc))
            line = int(found.group(1)) if found else None
            message = str(exc).split(" (at ")[0]
            raise PnpError.single(f"invalid TOML: {message}", path, line) from None
        except RecursionError:  # the parser recurses once per level of nesting
            raise bounded_error((), TOO_DEEP, path, nesting_line(text)) from None
        source = cls(path, tuple(text.splitlines()), data)
        problem = tree_problem(data)
        if problem is not None:
            keys, message = problem
            raise bounded_error(keys, message, path, source.line_of(*keys))
        return source

    def line_of(self, *keys: str) -> int | None:
        """Line of ``keys`` (a path into the data), or of the nearest enclosing table header.

        Array-of-tables paths use the element index, e.g. ``("elements", "3", "size")``.
        The first line that names ``keys`` itself (a table header) or a key on its way (a key
        whose value holds it) wins; else the first table header on its way.
        """
        headers, assigned = self._index
        named = [assigned.get(keys[:n]) for n in range(1, len(keys) + 1)]
        named.append(headers.get(keys) if keys else None)
        found = [number for number in named if number is not None]
        if found:
            return min(found)
        around = [headers.get(keys[:n]) for n in range(1, len(keys))]
        return min((number for number in around if number is not None), default=None)

    @cached_property
    def _index(self) -> tuple[dict[tuple[str, ...], int], dict[tuple[str, ...], int]]:
        """The first line of each table header and of each key, by their full path (read once:
        loading a game asks for the lines of dozens of keys)."""
        headers: dict[tuple[str, ...], int] = {}
        assigned: dict[tuple[str, ...], int] = {}
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
                headers.setdefault(table, number)
                continue
            key = _KEY.match(raw)
            if key:
                assigned.setdefault(table + _split_dotted(key.group(1)), number)
        return headers, assigned
