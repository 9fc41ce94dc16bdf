"""Read a data file only from inside its folder: the one gate for files a table or layout names.

A game folder, ``art/``, ``fonts/`` or a layouts folder may hold symbolic links,
and a table may name a file by a path of its own choosing. Whatever the name,
the file read must lie inside its folder once every link is resolved, must be a
regular file (not a folder, a device or a pipe) and must not be larger than a
data file of its kind can sensibly be. A refusal is one located line; it never
quotes the refused file.

Links: a data file may be a link to a file inside its folder. A game's folder,
``cardspecs/common/`` and ``art/`` must lie inside their data root once links are
resolved, and no folder inside them may be a link out of them
(:func:`confined_folder`). Only ``fonts/`` may be a link to a folder elsewhere (a
project shares the installed fonts that way); each font file in it is still
confined to it.

What a TOML file or JSON record holds once parsed is bounded here too
(:func:`tree_problem`): no text longer than a data file needs, no control
characters, no nesting deeper than any real file has.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from pnp.base.errors import PnpError

TEXT_LIMIT = 4 * 1024 * 1024
"""The largest spec table, TOML file, template or record pnp reads (bytes)."""

SVG_LIMIT = 8 * 1024 * 1024
"""The largest SVG file pnp reads (bytes)."""

FONT_LIMIT = 16 * 1024 * 1024
"""The largest font file pnp reads (bytes)."""

MAX_DEPTH = 20
"""The deepest nesting of tables and lists in a TOML file or JSON record (the bundled data nests
5 deep); deeper data would only exhaust the parser's stack."""

MAX_STRING = 2_000
"""The longest text or key anywhere in a TOML file or JSON record (the bundled longest is a
player aid's paragraph of a few hundred characters)."""

CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]")
"""Characters no loaded text may hold: control characters (a line break excepted) and Unicode
line separators."""

_NESTING = re.compile(
    r'"""(?:\\.|[^\\])*?"""|\'\'\'.*?\'\'\'|"(?:\\.|[^"\\\n])*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]|\n',
    re.DOTALL,
)
"""The tokens that matter for nesting in TOML or JSON text: strings and comments (skipped),
brackets and line ends."""


def relative_name_problem(name: str, what: str) -> str | None:
    """Why ``name`` cannot name a file inside its folder (absolute, ``..``, a backslash), or None."""
    pure = PurePosixPath(name)
    if not name or pure.is_absolute() or ".." in pure.parts or "\\" in name or "\0" in name:
        return f"{what} {name!r} must be a path inside its folder (no '..', not absolute)"
    return None


def confined(path: Path, root: Path) -> Path:
    """``path`` resolved, if it is a regular file inside ``root`` after every link is resolved.

    Raises a :class:`PnpError` located at ``path`` otherwise.
    """
    try:
        real_root = root.resolve(strict=True)
    except (OSError, RuntimeError):
        raise PnpError.single("folder not found", root) from None
    try:
        real = path.resolve(strict=True)
    except FileNotFoundError:
        raise PnpError.single("file not found", path) from None
    except (OSError, RuntimeError) as exc:  # a loop of links, a name too long
        raise PnpError.single(f"cannot open: {_reason(exc)}", path) from None
    if not real.is_relative_to(real_root):
        raise PnpError.single(
            f"refused: the file lies outside {root.name}/ (a link out of the folder?)", path
        )
    try:
        mode = real.stat().st_mode
    except OSError as exc:
        raise PnpError.single(f"cannot open: {_reason(exc)}", path) from None
    if stat.S_ISDIR(mode):
        raise PnpError.single("is a folder, not a file", path)
    if not stat.S_ISREG(mode):
        raise PnpError.single("is not a regular file", path)
    return real


def confined_folder(folder: Path, root: Path) -> None:
    """Refuse ``folder`` (a game's folder, ``cardspecs/common/``, ``art/``) unless it lies inside
    ``root`` (its data root) once links are resolved and no folder inside it is a link out of it.

    The error names the link, located at the folder holding it. A link to a single file is
    :func:`confined`'s to judge, file by file.
    """
    try:
        real = folder.resolve(strict=True)
        real_root = root.resolve(strict=True)
    except (OSError, RuntimeError):
        raise PnpError.single("folder not found", folder) from None
    if not real.is_relative_to(real_root):
        link = _first_link(folder, root)
        raise PnpError.single(_LINKED_FOLDER.format(link.name, root.name), link.parent)
    for inside, names, _files in os.walk(folder):  # links to folders are listed, not followed
        for name in names:
            linked = Path(inside) / name
            if linked.is_symlink() and not _resolves_inside(linked, real):
                raise PnpError.single(_LINKED_FOLDER.format(name, folder.name), Path(inside))


_LINKED_FOLDER = "refused: '{}' is a link to a folder outside {}/"


def _first_link(folder: Path, root: Path) -> Path:
    """The first folder on the way from ``root`` down to ``folder`` that is a link."""
    path = root
    for part in folder.relative_to(root).parts:
        path = path / part
        if path.is_symlink():
            return path
    return folder


def _resolves_inside(path: Path, real_root: Path) -> bool:
    try:
        return path.resolve(strict=True).is_relative_to(real_root)
    except (OSError, RuntimeError):  # a broken link or a loop of links: nothing is read there
        return True


def read_confined_bytes(path: Path, root: Path, limit: int) -> bytes:
    """The bytes of ``path`` (see :func:`confined`), refused when larger than ``limit``."""
    real = confined(path, root)
    try:
        with open(real, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                raise PnpError.single(_too_large(size, limit), path)
            data = handle.read(limit + 1)
    except OSError as exc:
        raise PnpError.single(f"cannot read: {_reason(exc)}", path) from None
    if len(data) > limit:  # the file grew while being read
        raise PnpError.single(_too_large(len(data), limit), path)
    return data


def read_confined_text(path: Path, root: Path, limit: int = TEXT_LIMIT, bom: bool = False) -> str:
    """The UTF-8 text of ``path`` (see :func:`read_confined_bytes`); ``bom``: drop a leading BOM."""
    data = read_confined_bytes(path, root, limit)
    try:
        return data.decode("utf-8-sig" if bom else "utf-8")
    except UnicodeDecodeError as exc:
        raise PnpError.single(f"not UTF-8 text ({exc.reason})", path) from None


TOO_DEEP = f"nested more than {MAX_DEPTH} levels deep"
"""The problem of data nested deeper than :data:`MAX_DEPTH`."""


def text_problem(text: str) -> str | None:
    """Why ``text`` (a loaded value or key) is refused: too long or holding a control character."""
    if len(text) > MAX_STRING:
        return f"a text of {len(text):,} characters (at most {MAX_STRING:,})"
    if control := CONTROL.search(text):
        return f"holds the control character U+{ord(control.group()):04X}"
    return None


def tree_problem(data: object) -> tuple[tuple[str, ...], str] | None:
    """The first refused text or too deep nesting in parsed TOML or JSON ``data``, with the keys
    that lead to it (a list item by its index), in file order; None when all is well.

    Walks without recursion: the data may be as deep as the parser allowed.
    """
    for keys, node, depth in _walk(data):
        if depth > MAX_DEPTH:
            return keys, TOO_DEEP
        if isinstance(node, str) and (problem := text_problem(node)):
            return keys, problem
    return None


def _walk(data: object) -> Iterator[tuple[tuple[str, ...], object, int]]:
    """Every key and value of ``data`` with its keys and depth, depth first in file order."""
    stack: list[tuple[tuple[str, ...], object, int]] = [((), data, 0)]
    while stack:
        keys, node, depth = stack.pop()
        yield keys, node, depth
        children: list[tuple[tuple[str, ...], object, int]] = []
        if isinstance(node, dict):
            for key, value in node.items():
                children.append(((*keys, str(key)), str(key), depth + 1))
                children.append(((*keys, str(key)), value, depth + 1))
        elif isinstance(node, list):
            children = [((*keys, str(i)), item, depth + 1) for i, item in enumerate(node)]
        stack.extend(reversed(children))


def parse_json(text: str, path: Path) -> object:
    """The data of JSON ``text`` read from ``path``, bounded as :func:`tree_problem` says; a
    syntax error, nesting too deep or a refused text is a :class:`PnpError` located at ``path``
    (and the line, where there is one)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PnpError.single(f"not valid JSON: {exc.msg}", path, exc.lineno) from None
    except RecursionError:  # the parser recurses once per level of nesting
        raise bounded_error((), TOO_DEEP, path, nesting_line(text)) from None
    problem = tree_problem(data)
    if problem is not None:
        keys, message = problem
        line = nesting_line(text) if message == TOO_DEEP else None
        raise bounded_error(keys, message, path, line)
    return data


def bounded_error(keys: tuple[str, ...], message: str, path: Path, line: int | None) -> PnpError:
    """The error for a :func:`tree_problem` at ``keys``: the message after the innermost key."""
    named = next((key for key in reversed(keys) if not key.isdigit()), None)
    return PnpError.single((f"'{named[:40]}': " if named else "") + message, path, line)


def nesting_line(text: str, limit: int = MAX_DEPTH) -> int | None:
    """The line of TOML or JSON ``text`` where brackets first nest deeper than ``limit``."""
    depth = 0
    line = 1
    for token in _NESTING.finditer(text):
        found = token.group()
        if found in "[{":
            depth += 1
            if depth > limit:
                return line
        elif found in "]}":
            depth -= 1
        line += found.count("\n")
    return None


def _too_large(size: int, limit: int) -> str:
    return f"file is {size:,} bytes; a data file of this kind holds at most {limit:,}"


def _reason(exc: BaseException) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
