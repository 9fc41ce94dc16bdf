"""Which examples the Stoomboot rulebook shows: their ids and kinds, in rulebook order.

Each kind is a situation the rules describe, in the order a round runs: a
whole round from placing the cards to the boat sailing, a delivery, a
Stoomrij made longer and one made shorter, and (with pepernoot-plekken)
damage from a rock; then one example for each of three expansions: a Piet
delivering (rebelse-pietjes), a Telefoon opening the talk (prachtige-pakjes)
and a Kalender card's event (krappe-kalender). :data:`KIND_RULES` names the
rule IDs each illustrates.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.story.pinned import PinnedCase

KIND_ROUND = "ronde"
KIND_DELIVERY = "bezorging"
KIND_LONGER = "langer"
KIND_SHORTER = "korter"
KIND_ROCK = "rots"
KIND_PIET = "piet"
KIND_TELEFOON = "telefoon"
KIND_KALENDER = "kalender"

PEPERNOOT = "pepernoot-plekken"
REBELS = "rebelse-pietjes"
PRACHTIG = "prachtige-pakjes"
KRAPPE = "krappe-kalender"

KIND_RULES: Mapping[str, tuple[str, ...]] = {
    KIND_ROUND: ("ST-B3", "ST-B4", "ST-B5", "ST-B8"),
    KIND_DELIVERY: ("ST-B5", "ST-B6"),
    KIND_LONGER: ("ST-C4", "ST-B5"),
    KIND_SHORTER: ("ST-C4", "ST-B5"),
    KIND_ROCK: ("ST-E1", "ST-E2"),
    KIND_PIET: ("ST-R1", "ST-B6"),
    KIND_TELEFOON: ("ST-P1",),
    KIND_KALENDER: ("ST-K1",),
}
"""The rule IDs each kind of example illustrates."""

PINNED_CASES: tuple[PinnedCase, ...] = (
    PinnedCase("een-hele-ronde", KIND_ROUND),
    PinnedCase("een-huis-bezorgd", KIND_DELIVERY),
    PinnedCase("stoomrij-langer", KIND_LONGER),
    PinnedCase("stoomrij-korter", KIND_SHORTER),
    PinnedCase("schade-door-een-rots", KIND_ROCK, (PEPERNOOT,)),
    PinnedCase("een-piet-bezorgt", KIND_PIET, (REBELS,)),
    PinnedCase("de-telefoon", KIND_TELEFOON, (PRACHTIG,)),
    PinnedCase("een-kalenderkaart", KIND_KALENDER, (KRAPPE,)),
)
"""Every example of the rulebook, in rulebook order."""
