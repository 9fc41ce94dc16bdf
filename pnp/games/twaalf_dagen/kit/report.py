"""What the balance report measures of 12 Dagen van Kerstmis, and the designer notes'
checks of the deals.

TD-B1: with every player count the deck holds a full hand for everyone, and the cards left
over lie aside; TD-B7: the full game lasts as many rounds as there are gift cards.
"""

from __future__ import annotations

from pnp.engine.balance import BalanceRun
from pnp.gamedef import BalanceMeasures, Check
from pnp.games.twaalf_dagen.kit.spec_config import config_from_spec
from pnp.spec.model import GameSpec

POLICY = "heuristic"


def checks(spec: GameSpec, run: BalanceRun) -> tuple[Check, ...]:
    """The deal of every player count, and the length of the full game."""
    config = config_from_spec(spec, ())
    deck = sum(config.card_counts.values())
    low, high = spec.players
    out = []
    for players in range(low, high + 1):
        hand = config.hand_sizes.get(players, 0)
        aside = deck - players * hand
        fields: dict[str, object] = {"players": players, "hand": hand, "aside": aside}
        out.append(Check("TD-B1", "check_deal", fields, hand > 0 and aside >= 0))
    full = [p for key, p in run.played.items()
            if not key.variants and key.policies == (POLICY,) * key.players]  # fmt: skip
    lengths = [n for played in full for n in played.per_game("hands_per_game")]
    if lengths:
        right = sum(1 for n in lengths if n == config.gift_cards)
        fields = {"gifts": config.gift_cards, "right": right, "games": len(lengths)}
        out.append(Check("TD-B7", "check_full_game", fields, right == len(lengths)))
    return tuple(out)


BALANCE_REPORT = BalanceMeasures(
    length="hands_per_game",
    score="gifts_per_winner",
    policy=POLICY,
    players=4,
    checks=checks,
    games=1000,
)
