"""Errors that reach the user as one clear line each (``file:line: column 'x': what``).

Every error line is made by :class:`Problem`, and it quotes at most :data:`MAX_QUOTE`
characters of the input: a longer quoted text is cut there, whoever wrote the message.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.base.paths import display_path

MAX_QUOTE = 80
"""The most characters of the input an error line quotes ('…' marks the cut)."""

_QUOTED = re.compile(rf"(?<!\w)(['\"])([^'\"\n]{{{MAX_QUOTE + 1},}})\1(?!\w)")
"""A quoted text longer than :data:`MAX_QUOTE` (a quote after a letter is an apostrophe)."""


_BRACED = re.compile(rf"\{{([^{{}}\n]{{{MAX_QUOTE + 1},}})\}}")
"""A field named in braces (``{name}``) longer than :data:`MAX_QUOTE`."""


def _clipped(message: str) -> str:
    message = _QUOTED.sub(lambda m: f"{m[1]}{m[2][:MAX_QUOTE]}…{m[1]}", message)
    return _BRACED.sub(lambda m: f"{{{m[1][:MAX_QUOTE]}…}}", message)


@dataclass(frozen=True)
class Problem:
    """One mistake in user-editable input, located as precisely as we can."""

    path: Path | None
    line: int | None
    column: str | None
    message: str

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = display_path(self.path)
            if self.line is not None:
                where += f":{self.line}"
            where += ": "
        col = f"column '{self.column}': " if self.column else ""
        return _clipped(f"{where}{col}{self.message}")


class PnpError(Exception):
    """A user-facing failure: bad input, unknown game or variant, a layout that does not fit.

    The CLI prints each problem on its own line and exits with status 2.
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def single(
        cls,
        message: str,
        path: Path | None = None,
        line: int | None = None,
        column: str | None = None,
    ) -> PnpError:
        """Build an error holding one problem."""
        return cls([Problem(path, line, column, message)])


class ProblemCollector:
    """Gathers every problem of a pass so the user sees them all at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, path: Path | None, line: int | None, column: str | None, message: str) -> None:
        """Record one problem."""
        self.problems.append(Problem(path, line, column, message))

    def raise_if_any(self) -> None:
        """Raise a :class:`PnpError` holding every recorded problem, if there are any."""
        if self.problems:
            raise PnpError(self.problems)


def unknown_name(kind: str, name: str, known: Sequence[str], of: str = "") -> PnpError:
    """The error for a ``kind`` (game, variant) called ``name`` that is not one of ``known``:
    the nearest known name suggested, as for a mistyped command, and every known one listed."""
    return PnpError.single(
        f"unknown {kind} '{name}'{of}{nearest_hint(name, known)} "
        f"(known: {', '.join(known) or 'none'})"
    )


def nearest_hint(name: str, known: Sequence[str]) -> str:
    """``; did you mean 'x'?`` naming the known name nearest to ``name``, or ``""``."""
    nearest = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f"; did you mean '{nearest[0]}'?" if nearest else ""
