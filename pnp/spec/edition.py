"""A game's edition in another language: the words of ``<game>/<code>/`` laid over its own.

An edition folder holds only words (see ``docs/languages.md``): a ``game.toml`` with
the keys that are words, and per spec table a CSV of its text columns. This module
checks both against the game's own files and lays them over, so the loader reads
one game whose words are the edition's; every mistake is located in the edition's
file.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pnp.base.datafiles import read_confined_text
from pnp.base.errors import PnpError, ProblemCollector
from pnp.base.tomlsource import TomlSource
from pnp.spec.columns import MAX_CELL_LENGTH, Column, ColumnContext
from pnp.spec.model import CardRow, Value

WORD_KEYS = frozenset(
    {
        "name",
        "tagline",
        "summary",
        "file",
        "title",
        "row_label",
        "total_label",
        "mark",
        "player_columns",
        "notes",
        "extra_columns",
    }
)
"""The keys of ``game.toml`` an edition may give (the others are the game's, not words)."""


def edition_folder(folder: Path, code: str) -> Path:
    """Where the edition of language ``code`` of the game in ``folder`` lives."""
    return folder / code


def overlay_game_toml(base: TomlSource, edition: Path) -> dict[str, Any]:
    """The game's ``game.toml`` data with the edition's words laid over it (a copy)."""
    path = edition / "game.toml"
    if not path.is_file():
        return base.data
    words = TomlSource.read(path, edition.parent)
    merged: dict[str, Any] = _merged(base.data, words, ())
    return merged


def _merged(base: Any, words: TomlSource, keys: tuple[str, ...]) -> Any:
    node: Any = words.data
    for key in keys:
        node = node[key]
    assert isinstance(node, dict) and isinstance(base, dict)
    merged = dict(base)
    for key, value in node.items():
        where = (*keys, key)
        named = ".".join(where)
        if key not in base and key not in WORD_KEYS:
            raise _error(words, where, f"'{named}' is not in the game's own game.toml")
        if isinstance(value, dict) and key not in WORD_KEYS:
            if not isinstance(base[key], dict):
                raise _error(words, where, f"'{named}' is no table in the game's game.toml")
            merged[key] = _merged(base[key], words, where)
            continue
        if key not in WORD_KEYS:
            allowed = ", ".join(sorted(WORD_KEYS))
            raise _error(words, where, f"'{named}' is no word to translate (only {allowed})")
        merged[key] = _word_value(base.get(key), value, words, where)
    return merged


def _word_value(base: object, value: object, words: TomlSource, where: tuple[str, ...]) -> object:
    """An edition's value for a word key: the same shape as the game's, only its words."""
    named = ".".join(where)
    if base is None:  # a word the game leaves to its default (a file name): taken as given
        return value
    if isinstance(base, str):
        if not isinstance(value, str):
            raise _error(words, where, f"'{named}' must be text, like the game's")
        return value
    if not isinstance(base, list) or not isinstance(value, list) or len(base) != len(value):
        raise _error(words, where, f"'{named}' must be a list as long as the game's")
    items: list[object] = []
    for was, item in zip(base, value, strict=True):
        if isinstance(was, dict):
            label = item.get("label") if isinstance(item, dict) else None
            if not isinstance(item, dict) or set(item) != {"label"} or not isinstance(label, str):
                raise _error(words, where, f"each entry of '{named}' must be {{ label = \"…\" }}")
            items.append({**was, "label": label})
        elif isinstance(item, str):
            items.append(item)
        else:
            raise _error(words, where, f"each entry of '{named}' must be text")
    return items


def _error(words: TomlSource, keys: tuple[str, ...], message: str) -> PnpError:
    return PnpError.single(message, words.path, words.line_of(*keys))


def overlay_rows(
    rows: tuple[CardRow, ...],
    path: Path,
    root: Path,
    columns: Mapping[str, Column],
    ctx: ColumnContext,
    problems: ProblemCollector,
) -> tuple[CardRow, ...]:
    """``rows`` with the text columns of the edition's table at ``path`` laid over them.

    The table has the column ``id`` and text columns of the game's table, and one row per
    row of it; each cell is checked like the game's (length, one line)."""
    if not path.is_file():
        return rows
    try:
        text = read_confined_text(path, root, bom=True)
    except PnpError as exc:
        for problem in exc.problems:
            problems.add(problem.path, problem.line, problem.column, problem.message)
        return rows
    before = csv.field_size_limit(MAX_CELL_LENGTH)
    try:
        table = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    except csv.Error as exc:
        problems.add(path, None, None, f"not a readable CSV table: {exc}")
        return rows
    finally:
        csv.field_size_limit(before)
    if not table:
        problems.add(path, 1, None, "the table is empty (no header row)")
        return rows
    header = [name.strip() for name in table[0]]
    texts = [n for n, c in columns.items() if c.type == "text"]
    if not header or header[0] != "id":
        problems.add(path, 1, None, "the first column must be 'id'")
        return rows
    for name in header[1:]:
        if name not in texts or header.count(name) > 1:
            problems.add(
                path, 1, name, f"not a text column of the game's table ({', '.join(texts)})"
            )
            return rows
    by_id: dict[str, dict[str, Value]] = {}
    for line, cells in enumerate(table[1:], start=2):
        if not cells or all(not c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
            continue
        if len(cells) != len(header):
            problems.add(
                path, line, None, f"row has {len(cells)} cells, the header has {len(header)}"
            )
            continue
        row_id = cells[0].strip()
        if row_id in by_id:
            problems.add(path, line, "id", f"duplicate id '{row_id}'")
            continue
        values: dict[str, Value] = {}
        for name, cell in zip(header[1:], cells[1:], strict=True):
            try:
                values[name] = columns[name].parse(cell, ctx)
            except ValueError as exc:
                problems.add(path, line, name, str(exc))
        by_id[row_id] = values
    known = {row.id for row in rows}
    for row_id in sorted(set(by_id) - known):
        problems.add(path, None, "id", f"'{row_id}' is not a row of the game's table")
    for row in rows:
        if row.id not in by_id:
            problems.add(path, None, "id", f"no row for '{row.id}' of the game's table")
    return tuple(
        replace(r, fields=MappingProxyType({**r.fields, **by_id.get(r.id, {})})) for r in rows
    )
