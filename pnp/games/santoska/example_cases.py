"""Which examples the Santoska rulebook shows: their ids and kinds, in rulebook order.

Each kind of example is a situation the rules describe, in the order a round
runs: a turn that ends with Arriba, a Stop with the last turns after it, the
scoring of one player's two rows (with a Santoska group's bonus) and a game
won with exactly the limit. :data:`KIND_RULES` names the rule IDs each kind
illustrates.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.story.pinned import PinnedCase

KIND_ARRIBA = "arriba"
KIND_STOP = "stop"
KIND_SCORING = "scoring"
KIND_EXACT = "exact-limit"

KIND_RULES: Mapping[str, tuple[str, ...]] = {
    KIND_ARRIBA: ("SA-B3", "SA-B4"),
    KIND_STOP: ("SA-B3", "SA-B5"),
    KIND_SCORING: ("SA-B6", "SA-B7"),
    KIND_EXACT: ("SA-B6", "SA-B7"),
}
"""The rule IDs each kind of example illustrates."""


PINNED_CASES: tuple[PinnedCase, ...] = (
    PinnedCase("beurt-met-arriba", KIND_ARRIBA),
    PinnedCase("stop-en-laatste-beurten", KIND_STOP),
    PinnedCase("tellen-met-santoska-paar", KIND_SCORING),
    PinnedCase("precies-honderd", KIND_EXACT),
)
"""Every example of the rulebook, in rulebook order."""
