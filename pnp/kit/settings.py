"""Saved build settings: the ``[build]`` table of ``pnp.toml``.

Two files may hold them: the project's ``pnp.toml`` (the nearest one upward from
the working folder) and the user's, in the user's config folder
(``platformdirs.user_config_dir("pnp")``, or ``PNP_CONFIG_DIR``). A value is
taken from the command line, else the project's file, else the user's file,
else the default::

    [build]
    paper = "letter"            # a4 or letter
    backs = "short-edge"        # long-edge, short-edge, gutterfold or none
    back_offset = [1.5, -0.5]   # mm, as `pnp calibrate` finds it (at most 20 mm each way)
    out = "kits"                # output folder, relative to this file's folder
    lang = "en"                 # the kits' language: nl or en

Other tables of ``pnp.toml`` belong to other parts of pnp and are left alone here.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError, ProblemCollector
from pnp.base.option_values import folder_name_problem, plain_decimal, quoted
from pnp.base.output import write_text_atomic
from pnp.base.paths import PROJECT_FILE, find_project_file, project_folder, shown_path
from pnp.base.tomlsource import TomlSource
from pnp.language import BASE_LANGUAGE, LANGUAGES
from pnp.spec.sizes import PAPERS

SETTINGS_FILE = "pnp.toml"
"""The name of a settings file, in a project folder and in the user's config folder."""
CONFIG_DIR_ENV = "PNP_CONFIG_DIR"
"""Overrides the user's config folder (where the user's ``pnp.toml`` lives)."""
TABLE = "build"
"""The table of ``pnp.toml`` this module reads."""
BACK_OFFSET_LIMIT = 20.0
"""The largest back offset, mm, in each direction: more is a typo, not a printer."""

DEFAULT = "default"
"""The source of a setting nobody set."""
COMMAND_LINE = "command line"
"""The source of a setting given as an option."""

DEFAULT_PAPER = "a4"
DEFAULT_BACKS = BackMode.LONG_EDGE
DEFAULT_BACK_OFFSET = (0.0, 0.0)
DEFAULT_OUT = Path("output")
DEFAULT_LANG = BASE_LANGUAGE

T = TypeVar("T")


@dataclass(frozen=True)
class Values:
    """Settings as one source gives them; ``None`` where it says nothing."""

    paper: str | None = None
    backs: BackMode | None = None
    back_offset: tuple[float, float] | None = None
    out: Path | None = None
    lang: str | None = None


@dataclass(frozen=True)
class Setting(Generic[T]):
    """One setting's value and where it came from."""

    value: T
    source: str
    """``default``, ``command line`` or the settings file, as the user should read it."""


@dataclass(frozen=True)
class BuildSettings:
    """The settings a build uses, each with its source."""

    paper: Setting[str]
    backs: Setting[BackMode]
    back_offset: Setting[tuple[float, float]]
    out: Setting[Path]
    lang: Setting[str] = Setting(DEFAULT_LANG, DEFAULT)

    def describe(self) -> str:
        """One line naming each setting and where it came from."""
        return (
            f"settings: paper {self.paper.value} ({self.paper.source}), "
            f"backs {self.backs.value} ({self.backs.source}), "
            f"back offset {format_offset(self.back_offset.value)} mm ({self.back_offset.source}), "
            f"lang {self.lang.value} ({self.lang.source}), "
            f"out {self._shown_out()} ({self.out.source})"
        )

    def _shown_out(self) -> str:
        # An --out is shown as typed; a saved or default one relative to the working folder.
        if self.out.source == COMMAND_LINE:
            return self.out.value.as_posix()
        return shown_path(self.out.value)

    def shown_kit(self, game_id: str) -> str:
        """The kit folder ``OUT/<game_id>`` as the settings line shows ``OUT``."""
        return f"{self._shown_out().rstrip('/')}/{game_id}"


def format_offset(offset: tuple[float, float]) -> str:
    """``1.5,-0.5``: an offset as ``--back-offset`` takes it."""
    return f"{offset[0]:g},{offset[1]:g}"


def back_offset_problem(x: float, y: float) -> str | None:
    """What is wrong with a back offset of (x, y) mm, or ``None`` if it can be used."""
    if not (math.isfinite(x) and math.isfinite(y)):
        return "must be finite numbers of mm"
    if abs(x) > BACK_OFFSET_LIMIT or abs(y) > BACK_OFFSET_LIMIT:
        return f"must be within {BACK_OFFSET_LIMIT:g} mm in each direction"
    return None


def parse_back_offset(text: str) -> tuple[float, float]:
    """``"1.5,-0.5"`` as (1.5, -0.5): two plain decimals (see :mod:`pnp.base.option_values`); a
    :class:`ValueError` says what is wrong (to follow the option's name, e.g. ``must be X,Y in
    mm (e.g. 1.5,-0.5), not '2mm'``)."""
    numbers = [plain_decimal(part.strip(" ")) for part in text.split(",")]
    if len(numbers) != 2 or numbers[0] is None or numbers[1] is None:
        raise ValueError(f"must be X,Y in mm (e.g. 1.5,-0.5), not {quoted(text)}")
    x, y = numbers[0], numbers[1]
    problem = back_offset_problem(x, y)
    if problem is not None:
        raise ValueError(f"{problem}, not {quoted(text)}")
    return (x, y)


def user_settings_file() -> Path:
    """The user's ``pnp.toml``: in ``PNP_CONFIG_DIR`` if set, else the user's config folder."""
    import platformdirs  # here, not at the top: every pnp command imports this module

    folder = os.environ.get(CONFIG_DIR_ENV)
    base = Path(folder) if folder else Path(platformdirs.user_config_dir("pnp", appauthor=False))
    return base / SETTINGS_FILE


def project_settings_file(start: Path) -> Path | None:
    """The project's ``pnp.toml``: the one in the folder ``--project`` or ``PNP_ROOT`` names,
    else the nearest one at or above ``start``."""
    folder = project_folder()
    if folder is not None and (folder / PROJECT_FILE).is_file():
        return folder / PROJECT_FILE
    return find_project_file(start)


def settings_files(start: Path) -> list[Path]:
    """The settings files that exist, the one that wins first: the project's, then the user's."""
    found: list[Path] = []
    project = project_settings_file(start)
    if project is not None:
        found.append(project)
    user = user_settings_file()
    if user.is_file() and not any(_same_file(user, path) for path in found):
        found.append(user)
    return found


def read_settings(path: Path) -> Values:
    """The ``[build]`` table of ``path``; every wrong value is a located problem."""
    source = TomlSource.read(path)
    table = source.data.get(TABLE, {})
    if not isinstance(table, dict):
        raise PnpError.single(f"'{TABLE}' must be a table ([{TABLE}])", path, source.line_of(TABLE))
    problems = ProblemCollector()
    values: dict[str, Any] = {}
    for key, raw in table.items():
        check = _CHECKS.get(key)
        line = source.line_of(TABLE, key)
        if check is None:
            known = ", ".join(_CHECKS)
            problems.add(path, line, None, f"[{TABLE}]: unknown setting '{key}' (known: {known})")
            continue
        try:
            values[key] = check(raw, path.parent)
        except ValueError as exc:
            problems.add(path, line, None, f"[{TABLE}] {key} {exc}")
    problems.raise_if_any()
    return Values(**values)


def resolve_settings(command_line: Values, start: Path) -> BuildSettings:
    """The settings to build with: command line, project ``pnp.toml``, user ``pnp.toml``, default.

    A saved back offset is for duplex printing: with ``backs`` ``gutterfold`` or
    ``none`` it is not used (one given on the command line is, and the build refuses it).
    """
    layers = [(COMMAND_LINE, command_line)]
    layers += [(shown_path(path), read_settings(path)) for path in settings_files(start)]

    def pick(get: Callable[[Values], T | None], default: T) -> Setting[T]:
        for source, values in layers:
            value = get(values)
            if value is not None:
                return Setting(value, source)
        return Setting(default, DEFAULT)

    backs = pick(lambda v: v.backs, DEFAULT_BACKS)
    offset = pick(lambda v: v.back_offset, DEFAULT_BACK_OFFSET)
    duplex = backs.value in (BackMode.LONG_EDGE, BackMode.SHORT_EDGE)
    if not duplex and offset.source not in (COMMAND_LINE, DEFAULT):
        saved = format_offset(offset.value)
        offset = Setting(DEFAULT_BACK_OFFSET, f"{saved} in {offset.source} is for duplex only")
    return BuildSettings(
        pick(lambda v: v.paper, DEFAULT_PAPER),
        backs,
        offset,
        _out_or_default(pick(lambda v: v.out, DEFAULT_OUT)),
        pick(lambda v: v.lang, DEFAULT_LANG),
    )


def _out_or_default(out: Setting[Path]) -> Setting[Path]:
    """The output folder chosen, else the project's ``output/`` (wherever below the project pnp
    runs), else ``output/`` in the working folder."""
    project = project_folder()
    if out.source != DEFAULT or project is None:
        return out
    return Setting(project / DEFAULT_OUT, f"{DEFAULT}: the project's")


def save_back_offset(offset: tuple[float, float], start: Path) -> Path:
    """Write ``back_offset`` into the project's ``pnp.toml``, else the user's; return the file.

    Everything else in the file (comments, other tables and settings) stays as it was.
    """
    problem = back_offset_problem(*offset)
    if problem is not None:
        raise PnpError.single(f"back offset {problem}")
    path = project_settings_file(start) or user_settings_file()
    import tomlkit  # only `calibrate --save` edits a file
    from tomlkit.exceptions import TOMLKitError

    text = ""
    if path.is_file():
        source = TomlSource.read(path)  # a syntax error is reported with its line
        text = "\n".join(source.lines) + "\n"
    try:
        document = tomlkit.parse(text)
        table = document.get(TABLE)
        if table is None:
            table = tomlkit.table()
            document.append(TABLE, table)
        if not isinstance(table, dict):
            raise PnpError.single(
                f"'{TABLE}' must be a table ([{TABLE}])", path, _line(path, TABLE)
            )
        table["back_offset"] = [float(offset[0]), float(offset[1])]
        updated = tomlkit.dumps(document)
    except TOMLKitError as exc:
        raise PnpError.single(f"cannot update this file: {exc}", path) from None
    try:
        write_text_atomic(path, updated)
    except OSError as exc:
        raise PnpError.single(f"cannot write the settings: {exc.strerror}", path) from None
    return path


def _line(path: Path, *keys: str) -> int | None:
    return TomlSource.read(path).line_of(*keys)


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.samefile(other)
    except OSError:
        return False


def _paper(raw: object, folder: Path) -> str:
    if not isinstance(raw, str) or raw not in PAPERS:
        raise ValueError(f"must be one of {', '.join(PAPERS)}, not {raw!r}")
    return raw


def _backs(raw: object, folder: Path) -> BackMode:
    known = [mode.value for mode in BackMode]
    if not isinstance(raw, str) or raw not in known:
        raise ValueError(f"must be one of {', '.join(known)}, not {raw!r}")
    return BackMode(raw)


def _back_offset(raw: object, folder: Path) -> tuple[float, float]:
    numbers = (
        isinstance(raw, list)
        and len(raw) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in raw)
    )
    if not numbers:
        raise ValueError(f"must be [x, y] in mm (e.g. [1.5, -0.5]), not {raw!r}")
    assert isinstance(raw, list)
    x, y = float(raw[0]), float(raw[1])
    problem = back_offset_problem(x, y)
    if problem is not None:
        raise ValueError(f"{problem}, not [{raw[0]!r}, {raw[1]!r}]")
    return (x, y)


def _out(raw: object, folder: Path) -> Path:
    if not isinstance(raw, str):
        raise ValueError(f"must be a folder name, not {raw!r}")
    problem = folder_name_problem(raw)
    if problem is not None:
        raise ValueError(f"must be {problem}")
    return folder / Path(raw).expanduser()


def _lang(raw: object, folder: Path) -> str:
    if not isinstance(raw, str) or raw not in LANGUAGES:
        raise ValueError(f"must be one of {', '.join(LANGUAGES)}, not {raw!r}")
    return raw


_CHECKS: dict[str, Callable[[object, Path], Any]] = {
    "paper": _paper,
    "backs": _backs,
    "back_offset": _back_offset,
    "out": _out,
    "lang": _lang,
}
"""Each setting's check: raw TOML value and the file's folder in, the value out."""
