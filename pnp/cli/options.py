"""The command line's option types: choices, the ``X,Y`` offset parser, whole numbers and
folder names, shell completion, and usage errors (and a standard output that cannot be
written) as one line.

Completion callbacks never fail: a game whose tables cannot be read offers no variants.
"""

from __future__ import annotations

import enum
import errno
import os
import re
import sys
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, NoReturn, TextIO

import typer
from typer.core import TyperGroup

from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError, nearest_hint
from pnp.base.ink import Ink
from pnp.base.option_values import (
    MAX_GAMES,
    MAX_JOBS,
    MAX_PLAYERS,
    SEED_MAX,
    folder_name_problem,
    whole_in_range,
)
from pnp.base.paths import ROOT_ENV, DataRootError
from pnp.cli.helptext import defer_help_extras, readable_metavars
from pnp.cli.params import convert_quickly

ALL_GAMES = "all"
"""``pnp build all``: every game in turn."""


class PaperName(enum.StrEnum):
    """The paper sizes ``--paper`` takes (the names of :data:`pnp.spec.sizes.PAPERS`)."""

    A4 = "a4"
    LETTER = "letter"


@dataclass(frozen=True)
class BackOffset:
    """An ``X,Y`` option's value (a class of its own, so typer takes it as one value)."""

    x: float
    y: float

    @property
    def pair(self) -> tuple[float, float]:
        """(x, y) in mm."""
        return (self.x, self.y)


def back_offset_option(text: str | BackOffset) -> BackOffset:
    """Parse an ``X,Y`` offset option; a bad one is a usage error naming the option."""
    from pnp import api  # here: the settings read TOML

    if isinstance(text, BackOffset):
        return text
    try:
        return BackOffset(*api.parse_back_offset(text))
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


@dataclass(frozen=True)
class WholeNumber:
    """The parser of a whole-number option: ASCII digits (see :mod:`pnp.base.option_values`) from
    ``low`` to ``high``; anything else is a usage error naming the option."""

    low: int
    high: int

    def __call__(self, value: str | int) -> int:
        """``value`` as the option's number, or :class:`typer.BadParameter`."""
        try:
            return whole_in_range(value, self.low, self.high)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None

    @property
    def span(self) -> str:
        """``1 to 64``: the range, for the option's help."""
        return f"{self.low} to {self.high}"


JOBS = WholeNumber(1, MAX_JOBS)
"""``--jobs`` of every command."""
SEED = WholeNumber(0, SEED_MAX)
"""``--seed`` of every command."""
GAMES = WholeNumber(1, MAX_GAMES)
"""``--games`` and ``--seeds``: how many games a run plays or searches."""
PLAYERS = WholeNumber(1, MAX_PLAYERS)
"""``--players``."""


def folder_option(value: str | Path) -> Path:
    """An output folder option's value (``--out``, ``--dest``); an empty name (the working
    folder) or one with control characters is a usage error naming the option."""
    if isinstance(value, Path):
        return value
    problem = folder_name_problem(value)
    if problem is not None:
        raise typer.BadParameter(f"takes {problem}")
    return Path(value)


def _matching(values: Sequence[str], incomplete: str) -> list[str]:
    return [value for value in values if value.startswith(incomplete)]


def complete_game(incomplete: str) -> list[str]:
    """Game ids that start with what was typed."""
    from pnp import api  # only when completing: it loads every game

    try:
        return _matching(api.games(), incomplete)
    except (PnpError, DataRootError):
        return []


def complete_build_target(incomplete: str) -> list[str]:
    """Game ids and ``all`` (for ``pnp build``)."""
    return complete_game(incomplete) + _matching([ALL_GAMES], incomplete)


def complete_variant(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """Variant ids (with their names) of the game already on the command line."""
    from pnp import api  # only when completing

    try:
        known = set(api.games())
        game_id = next((word for word in _typed_words(ctx) if word in known), None)
        if game_id is None:
            return []
        variants = api.describe(game_id).variants
    except (PnpError, DataRootError):
        return []
    return [(v.id, v.name) for v in variants if v.id.startswith(incomplete)]


def _typed_words(ctx: typer.Context) -> list[str]:
    """The game argument as parsed, then the words click left unparsed.

    While the value of an option such as ``--variant`` is being completed, click
    stops parsing at that option, so a game typed before it stays in ``ctx.args``.
    """
    game = ctx.params.get("game")
    return [*([game] if isinstance(game, str) else []), *ctx.args]


def complete_printer(incomplete: str) -> list[tuple[str, str]]:
    """Print service ids (with their names) from the services file."""
    from pnp import api  # only when completing

    try:
        services = api.print_services()
    except PnpError:
        return []
    return [(ident, name) for ident, name in services.items() if ident.startswith(incomplete)]


def complete_paper(incomplete: str) -> list[str]:
    """Paper names that start with what was typed."""
    return _matching([paper.value for paper in PaperName], incomplete)


def complete_backs(incomplete: str) -> list[str]:
    """Back modes that start with what was typed."""
    return _matching([mode.value for mode in BackMode], incomplete)


def complete_ink(incomplete: str) -> list[str]:
    """Ink editions that start with what was typed."""
    return _matching([ink.value for ink in Ink], incomplete)


def complete_duplex(incomplete: str) -> list[str]:
    """The duplex back modes (the calibration sheet is for these only)."""
    return _matching([BackMode.LONG_EDGE.value, BackMode.SHORT_EDGE.value], incomplete)


PrinterOption = Annotated[
    list[str] | None,
    typer.Option(
        "--printer",
        help="Files for a print service, one card per page and per picture (repeatable); "
        "the services are listed in cardspecs/common/printers.toml.",
        metavar="NAME",
        autocompletion=complete_printer,
    ),
]

GameArgument = Annotated[
    str, typer.Argument(help="Game id, e.g. twaalf-dagen.", autocompletion=complete_game)
]
VariantOption = Annotated[
    list[str] | None,
    typer.Option("--variant", help="Variant id (repeatable).", autocompletion=complete_variant),
]
PaperOption = Annotated[
    PaperName | None,
    typer.Option(
        "--paper",
        case_sensitive=False,
        help="Paper size (default a4, or pnp.toml's).",
        autocompletion=complete_paper,
        show_default=False,
    ),
]
ProjectOption = Annotated[
    Path | None,
    typer.Option(
        "--project",
        help=f"Your own data folder (cardspecs/, art/, fonts/), searched before pnp's "
        f"own data; default: {ROOT_ENV}, else the nearest folder upward holding pnp.toml.",
        exists=True,
        file_okay=False,
    ),
]
OutOption = Annotated[
    Path | None,
    typer.Option(
        "--out",
        help="Folder for the results (default output, or pnp.toml's).",
        parser=folder_option,
        metavar="<path>",
    ),
]
JobsOption = Annotated[
    int,
    typer.Option("--jobs", help=f"Worker processes, {JOBS.span}.", parser=JOBS, metavar="<int>"),
]
QuietOption = Annotated[
    bool, typer.Option("--quiet", "-q", help="No progress and no 'wrote' lines; errors only.")
]
BuildTargetArgument = Annotated[
    str,
    typer.Argument(
        help="Game id, e.g. twaalf-dagen, or 'all' for every game.",
        autocompletion=complete_build_target,
    ),
]


class Lang(enum.StrEnum):
    """The languages a kit is built in (:data:`pnp.language.LANGUAGES`)."""

    NL = "nl"
    EN = "en"


LangOption = Annotated[
    Lang | None,
    typer.Option(
        "--lang",
        case_sensitive=False,
        help="The kit's language: nl (Dutch) or en (English); default: the saved one, else nl.",
    ),
]
InkOption = Annotated[
    Ink,
    typer.Option(
        "--ink",
        case_sensitive=False,
        help="normal, or low: the low-ink edition (white backgrounds, outlines, light backs) "
        "for an inkjet.",
        autocompletion=complete_ink,
    ),
]
BacksOption = Annotated[
    BackMode | None,
    typer.Option(
        "--backs",
        case_sensitive=False,
        help="How to print card backs (default long-edge, or pnp.toml's).",
        autocompletion=complete_backs,
        show_default=False,
    ),
]
DuplexOption = Annotated[
    BackMode | None,
    typer.Option(
        "--backs",
        case_sensitive=False,
        help="long-edge or short-edge (default long-edge, or pnp.toml's).",
        autocompletion=complete_duplex,
        show_default=False,
        metavar="long-edge|short-edge",  # the sheet calibrates duplex only
    ),
]
BackOffsetOption = Annotated[
    BackOffset | None,
    typer.Option(
        "--back-offset",
        help="Shift back pages by X,Y mm (see 'pnp calibrate') (default 0,0, or pnp.toml's).",
        parser=back_offset_option,
        metavar="X,Y",
    ),
]
SaveOption = Annotated[
    BackOffset | None,
    typer.Option(
        "--save",
        help="Save the X,Y the sheet showed as the back offset in pnp.toml (nothing printed).",
        parser=back_offset_option,
        metavar="X,Y",
    ),
]


SHOW_COMPLETION = "--show-completion"


def named_completion_script(argv: Sequence[str], prog_name: str) -> str | None:
    """The completion script of the shell named after ``--show-completion`` (``pnp
    --show-completion zsh``), or ``None`` when no shell is named there: typer itself then
    prints the script of the shell pnp runs in."""
    from typer._completion_shared import Shells, get_completion_script

    shells = [shell.value for shell in Shells]
    for at, word in enumerate(argv):
        if word.startswith(SHOW_COMPLETION + "="):
            named = word.partition("=")[2]
        elif word == SHOW_COMPLETION and at + 1 < len(argv):
            named = argv[at + 1]
            if named.startswith("-"):
                return None  # the next word is an option: typer's own (the running shell's)
        else:
            continue
        if named not in shells:
            raise typer.BadParameter(
                f"takes a shell, one of {', '.join(shells)}, not {named!r}"
                f"{nearest_hint(named, shells)}",
                param_hint=f"'{SHOW_COMPLETION}'",
            )
        complete_var = "_{}_COMPLETE".format(prog_name.replace("-", "_").upper())
        return get_completion_script(prog_name=prog_name, complete_var=complete_var, shell=named)
    return None


_INVALID = re.compile(r"^Invalid value for '([^']+)': (Value error, )?")


def usage_line(error: typer.TyperException) -> str:
    """A usage error as the one line ``error: ...`` the user sees (no usage text, no box)."""
    message = " ".join(error.format_message().split())
    return "error: " + _INVALID.sub(r"\1 ", message)


class OneLineErrors(TyperGroup):
    """The ``pnp`` group: a usage error (unknown option, bad value) prints one line, exit 2."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command; in standalone mode usage errors become one line (help stays as is),
        and so does a standard output that cannot be written."""
        convert_quickly(self)
        readable_metavars(self)
        argv = list(sys.argv[1:] if args is None else args)
        if not argv or "--help" in argv or "-h" in argv:
            defer_help_extras()
        try:
            script = named_completion_script(argv, prog_name or "pnp")
        except typer.BadParameter as exc:
            typer.echo(usage_line(exc), err=True)
            sys.exit(2)
        if script is not None:
            typer.echo(script)
            sys.exit(0)
        if not standalone_mode:
            return super().main(argv, prog_name, complete_var, False, windows_expand_args, **extra)
        stdout = sys.stdout
        if stdout is not None:
            sys.stdout = _GuardedStdout(stdout)
        try:
            if argv:
                code = self._one_line_errors(
                    argv, prog_name, complete_var, windows_expand_args, extra
                )
            else:  # no arguments: the help text, as typer prints it (and exits)
                code = super().main(
                    argv, prog_name, complete_var, True, windows_expand_args, **extra
                )
            if stdout is not None:
                sys.stdout.flush()  # what is still buffered fails here, not at the exit
        except StdoutFailed as exc:
            _stdout_failed(exc.error, stdout)
        finally:
            if stdout is not None:
                sys.stdout = stdout
        sys.exit(code)

    def _one_line_errors(
        self,
        argv: list[str],
        prog_name: str | None,
        complete_var: str | None,
        windows_expand_args: bool,
        extra: dict[str, Any],
    ) -> int:
        """The command's exit status; a usage error or a bug of pnp's is one line first."""
        try:
            code = super().main(argv, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.TyperException as exc:
            typer.echo(usage_line(exc), err=True)
            return exc.exit_code
        except typer.Abort:
            typer.echo("aborted", err=True)
            return 1
        except StdoutFailed:
            raise
        except Exception as exc:  # a bug of pnp's own: a short line, the traceback on request
            if debugging(argv):
                raise
            typer.echo(internal_error_line(exc), err=True)
            return 1
        return code if isinstance(code, int) else 0


class StdoutFailed(Exception):
    """Writing to standard output failed (a full disk, a reader that stopped reading).

    Not an :class:`OSError`: click would take a closed pipe for its own to handle, and the
    group any other for a bug of pnp's.
    """

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _GuardedStdout:
    """Standard output as it is, whose failed writes raise :class:`StdoutFailed`."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise StdoutFailed(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise StdoutFailed(exc) from None

    def __getattr__(self, name: str) -> Any:  # encoding, isatty, fileno...: the stream's own
        return getattr(self._stream, name)


def _stdout_failed(error: OSError, stdout: TextIO | None) -> NoReturn:
    """Exit after ``stdout`` failed: quietly when the reader stopped reading (``pnp list |
    head``, exit 1 as click's own), else one line on stderr and exit 2."""
    with suppress(OSError, ValueError, AttributeError):  # no second failure at the exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, stdout.fileno())  # type: ignore[union-attr]
        finally:
            os.close(devnull)
    if error.errno == errno.EPIPE:
        sys.exit(1)
    with suppress(OSError):  # stderr may be just as full
        typer.echo(f"error: cannot write to standard output: {error.strerror or error}", err=True)
    sys.exit(2)


DEBUG_ENV = "PNP_DEBUG"
"""Set (to anything but empty or 0) to see the traceback of an internal error, like ``--debug``."""


def debugging(argv: Sequence[str]) -> bool:
    """Whether this run shows internal errors with their traceback (``--debug`` or PNP_DEBUG)."""
    return "--debug" in argv or os.environ.get(DEBUG_ENV, "") not in ("", "0")


def internal_error_line(exc: BaseException) -> str:
    """The one line for an error that is pnp's fault, not the input's."""
    detail = str(exc).splitlines()[0][:200] if str(exc) else ""
    kind = type(exc).__name__ + (f": {detail}" if detail else "")
    return (
        f"error: internal error ({kind}); this is a bug in pnp — please report it with the "
        "command you ran (--debug shows the details)"
    )
