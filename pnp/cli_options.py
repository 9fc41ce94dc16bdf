"""The command line's option types: choices, the ``X,Y`` offset parser, shell completion,
and usage errors as one line.

Completion callbacks never fail: a game whose tables cannot be read offers no variants.
"""

from __future__ import annotations

import enum
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from pnp.back_mode import BackMode
from pnp.cli_help import defer_help_extras
from pnp.cli_params import convert_quickly
from pnp.errors import PnpError
from pnp.ink import Ink

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
    from pnp.settings import parse_back_offset  # here: the settings read TOML

    if isinstance(text, BackOffset):
        return text
    try:
        return BackOffset(*parse_back_offset(text))
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def _matching(values: Sequence[str], incomplete: str) -> list[str]:
    return [value for value in values if value.startswith(incomplete)]


def complete_game(incomplete: str) -> list[str]:
    """Game ids that start with what was typed."""
    from pnp.project import game_ids  # only when completing: it loads every game

    try:
        return _matching(game_ids(), incomplete)
    except PnpError:
        return []


def complete_build_target(incomplete: str) -> list[str]:
    """Game ids and ``all`` (for ``pnp build``)."""
    return complete_game(incomplete) + _matching([ALL_GAMES], incomplete)


def complete_variant(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """Variant ids (with their names) of the game already on the command line."""
    from pnp.project import game_ids, load_game  # only when completing

    try:
        known = set(game_ids())
        game_id = next((word for word in _typed_words(ctx) if word in known), None)
        if game_id is None:
            return []
        variants = load_game(game_id).spec.variants
    except PnpError:
        return []
    return [(v.id, v.name) for v in variants.values() if v.id.startswith(incomplete)]


def _typed_words(ctx: typer.Context) -> list[str]:
    """The game argument as parsed, then the words click left unparsed.

    While the value of an option such as ``--variant`` is being completed, click
    stops parsing at that option, so a game typed before it stays in ``ctx.args``.
    """
    game = ctx.params.get("game")
    return [*([game] if isinstance(game, str) else []), *ctx.args]


def complete_printer(incomplete: str) -> list[tuple[str, str]]:
    """Print service ids (with their names) from the services file."""
    from pnp.export.services import load_services  # only when completing

    try:
        services = load_services()
    except PnpError:
        return []
    return [(s.id, s.name) for s in services.values() if s.id.startswith(incomplete)]


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
        help="Paper size (default a4, or pnp.toml's).",
        autocompletion=complete_paper,
        show_default=False,
    ),
]
OutOption = Annotated[
    Path | None,
    typer.Option("--out", help="Folder for the results (default output, or pnp.toml's)."),
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
InkOption = Annotated[
    Ink,
    typer.Option(
        "--ink",
        help="normal, or low: the low-ink edition (white backgrounds, outlines, light backs) "
        "for an inkjet.",
        autocompletion=complete_ink,
    ),
]
BacksOption = Annotated[
    BackMode | None,
    typer.Option(
        "--backs",
        help="How to print card backs (default long-edge, or pnp.toml's).",
        autocompletion=complete_backs,
        show_default=False,
    ),
]
DuplexOption = Annotated[
    BackMode | None,
    typer.Option(
        "--backs",
        help="long-edge or short-edge (default long-edge, or pnp.toml's).",
        autocompletion=complete_duplex,
        show_default=False,
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
        """Run the command; in standalone mode usage errors become one line (help stays as is)."""
        convert_quickly(self)
        argv = list(sys.argv[1:] if args is None else args)
        if not argv or "--help" in argv:
            defer_help_extras()
        if not standalone_mode or not argv:  # no arguments: the help text, as typer prints it
            return super().main(
                argv, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:
            code = super().main(argv, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.TyperException as exc:
            typer.echo(usage_line(exc), err=True)
            sys.exit(exc.exit_code)
        except typer.Abort:
            typer.echo("aborted", err=True)
            sys.exit(1)
        except Exception as exc:  # a bug of pnp's own: a short line, the traceback on request
            if debugging(argv):
                raise
            typer.echo(internal_error_line(exc), err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


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
