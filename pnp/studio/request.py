"""What a page asks for: one kit of one game, read from a query or a form and checked.

Every value goes through the checks the command line uses (the API's names, the same
choices), so a bad one is the same one line; a page shows it with status 400. Each kit
the studio builds has a folder of its own under the studio's output folder, named by a
digest of what was asked, so two pages asking for two kits never share a folder.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp import api
from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError
from pnp.base.ink import Ink
from pnp.language import LANGUAGES

PAPERS = api.papers()
BACKS = tuple(mode.value for mode in BackMode)
INKS = tuple(ink.value for ink in Ink)


@dataclass(frozen=True)
class KitRequest:
    """One kit a page asks for."""

    game: str
    variants: tuple[str, ...] = ()
    paper: str = "a4"
    backs: str = BackMode.LONG_EDGE.value
    ink: str = Ink.NORMAL.value
    lang: str = "nl"
    cut_lines: bool = False

    @property
    def key(self) -> str:
        """The name of the kit's folder: a short digest of everything asked."""
        asked = json.dumps([self.game, sorted(self.variants), self.paper, self.backs,
                            self.ink, self.lang, self.cut_lines])  # fmt: skip
        return hashlib.sha256(asked.encode()).hexdigest()[:12]

    def query(self) -> str:
        """The request as a page's query string (the game is in the path)."""
        parts = [("variant", v) for v in self.variants]
        parts += [("paper", self.paper), ("backs", self.backs), ("ink", self.ink)]
        parts += [("lang", self.lang)] + ([("cut_lines", "on")] if self.cut_lines else [])
        return "&".join(f"{name}={value}" for name, value in parts)

    def options(self, root: Path) -> api.BuildOptions:
        """The build options of this kit, in its own folder under ``root`` (the back offset
        is the saved one, as for a build on the command line)."""
        settings = api.resolve_settings(paper=self.paper, backs=BackMode(self.backs),
                                        out=root / self.key, lang=self.lang)  # fmt: skip
        return api.build_options(settings, cut_lines=self.cut_lines, ink=Ink(self.ink))


def read_request(game: str, values: Mapping[str, Sequence[str]]) -> KitRequest:
    """The kit asked for by a page's values (each name with its list of values); an unknown
    game or variant, or a value no option takes, is one :class:`PnpError` line."""
    variants = tuple(dict.fromkeys(v for v in values.get("variant", ()) if v))
    api.check_names(game, variants)

    def one(name: str, choices: tuple[str, ...], default: str) -> str:
        given = values.get(name, ())
        value = given[-1] if given else default
        if value not in choices:
            shown = ", ".join(choices)
            raise PnpError.single(f"{name} must be one of {shown}, not {value[:40]!r}")
        return value

    return KitRequest(
        game,
        variants,
        one("paper", PAPERS, "a4"),
        one("backs", BACKS, BackMode.LONG_EDGE.value),
        one("ink", INKS, Ink.NORMAL.value),
        one("lang", LANGUAGES, "nl"),
        bool(values.get("cut_lines")),
    )


def values_of(items: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """A query's or a form's values, every value of a name in order."""
    values: dict[str, list[str]] = {}
    for name, value in items:
        values.setdefault(name, []).append(value)
    return values
