"""What the balance report measures of Santoska, and the designer notes' check of the deck.

SA-C1: even with six players and rows of six the draw pile after the deal holds enough
cards to play a round; measured, the pile runs out in at most one round in a hundred.
"""

from __future__ import annotations

from pnp.engine.balance import BalanceRun
from pnp.gamedef import BalanceMeasures, Check
from pnp.spec.model import GameSpec

POLICY = "heuristic"
LONGEST_ROWS = ("rijen-6",)
MOST_ROUNDS_OUT = 0.01
"""The most rounds in which the draw pile may run out."""


def checks(spec: GameSpec, run: BalanceRun) -> tuple[Check, ...]:
    """The deck is enough for a round with the most players and the longest rows."""
    out = []
    for key, played in sorted(run.played.items()):
        if key.variants != LONGEST_ROWS or key.policies != (POLICY,) * key.players:
            continue
        if key.players != spec.players[1]:
            continue
        rounds = sum(played.per_game("rounds_per_game"))
        ran_out = sum(played.per_game("reshuffles"))
        rate = ran_out / rounds if rounds else 0.0
        words = spec.language
        fields: dict[str, object] = {
            "players": key.players,
            "rounds": int(rounds),
            "ran_out": int(ran_out),
            "rate": words.decimal(round(rate * 100, 1)) + "\u00a0%",
            "most": words.decimal(MOST_ROUNDS_OUT * 100) + "\u00a0%",
        }
        out.append(Check("SA-C1", "check_deck", fields, rate <= MOST_ROUNDS_OUT))
    return tuple(out)


BALANCE_REPORT = BalanceMeasures(
    length="rounds_per_game",
    endings=(
        "exact_limit_win",
        "last_player_end",
        "all_out_end",
        "round_limit_end",
        "pile_ran_out",
    ),
    score="winner_total",
    policy=POLICY,
    players=4,
    every_count=(LONGEST_ROWS,),
    checks=checks,
    games=600,
)
