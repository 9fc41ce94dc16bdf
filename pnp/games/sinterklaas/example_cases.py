"""Which examples the Sinterklaas rulebook shows: their ids, kinds and variants, in rulebook order.

Each kind of example is a situation the rules describe; :data:`KIND_RULES`
names the rule IDs it illustrates and :data:`KIND_PART` which part of the
focus round the example tells:

* ``round`` — the whole round from the deal: every reveal, every turn, and
  the showdown or the moment only one player is left;
* ``showdown`` — only the scoring: the intro shows the table after the last
  bidding lap, the steps every remaining player's best combination (and any
  Pietje Precies strike) and who wins and why;
* ``opening`` — only the opening of *Wie kent hem niet?*: the Big Sint handed
  out and the two compulsory opening bids.

An example's ``variants`` are the variants its game was played with; it only
appears in kits that include all of them.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.games.sinterklaas.config import ACTIEPIET, PIETJE_PRECIES_VARIANT, WIE_KENT_HEM_NIET
from pnp.story.pinned import PinnedCase

KIND_SHOWDOWN = "showdown"
KIND_TIE_NUMBER = "tie-number"
KIND_TIE_TOTAL = "tie-total"
KIND_ONE_LEFT = "one-left"
KIND_PRECIES = "pietje-precies"
KIND_ACTION = "action"
KIND_OPENING = "opening"

PART_ROUND = "round"
PART_SHOWDOWN = "showdown"
PART_OPENING = "opening"

KIND_RULES: Mapping[str, tuple[str, ...]] = {
    KIND_SHOWDOWN: ("SK-B4", "SK-B7", "SK-B8"),
    KIND_TIE_NUMBER: ("SK-B7",),
    KIND_TIE_TOTAL: ("SK-B7",),
    KIND_ONE_LEFT: ("SK-B4", "SK-B5"),
    KIND_PRECIES: ("SK-P1", "SK-P2", "SK-P3"),
    KIND_ACTION: ("SK-A1",),
    KIND_OPENING: ("SK-W1", "SK-W2", "SK-W3"),
}
"""The rule IDs each kind of example illustrates."""

KIND_PART: Mapping[str, str] = {
    KIND_SHOWDOWN: PART_ROUND,
    KIND_TIE_NUMBER: PART_SHOWDOWN,
    KIND_TIE_TOTAL: PART_SHOWDOWN,
    KIND_ONE_LEFT: PART_ROUND,
    KIND_PRECIES: PART_SHOWDOWN,
    KIND_ACTION: PART_ROUND,
    KIND_OPENING: PART_OPENING,
}
"""Which part of the focus round each kind of example tells."""


PINNED_CASES: tuple[PinnedCase, ...] = (
    PinnedCase("biedronde-tot-de-showdown", KIND_SHOWDOWN),
    PinnedCase("getal-gaat-voor-kleur", KIND_TIE_NUMBER),
    PinnedCase("hoogste-totaal-wint", KIND_TIE_TOTAL),
    PinnedCase("nog-maar-een-speler", KIND_ONE_LEFT),
    PinnedCase("pietje-precies-straatje", KIND_PRECIES, (PIETJE_PRECIES_VARIANT,)),
    PinnedCase("actiepiet-in-het-bod", KIND_ACTION, (ACTIEPIET,)),
    PinnedCase("opening-kleine-en-grote-sint", KIND_OPENING, (WIE_KENT_HEM_NIET,)),
)
"""Every example, in rulebook order."""


def case(kind: str) -> PinnedCase:
    """The example of ``kind``."""
    return next(c for c in PINNED_CASES if c.kind == kind)
