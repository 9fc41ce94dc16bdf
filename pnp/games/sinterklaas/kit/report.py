"""What the balance report measures of Sinterklaas, and the designer notes' check SK-D1.

SK-D1: with the heuristic in every seat, the base game with four players lasts a median
of 5 to 12 rounds, and every player count with every multiple (minder-pakjes, the base
game, meer-pakjes) a median of at least 3 rounds.
"""

from __future__ import annotations

from pnp.base.stats import quantile
from pnp.engine.balance import BalanceRun
from pnp.gamedef import BalanceMeasures, Check
from pnp.games.sinterklaas.kit.balance import BASE_TARGET, MIN_MEDIAN
from pnp.games.sinterklaas.rules.config import MEER_PAKJES, MINDER_PAKJES
from pnp.spec.model import GameSpec

POLICY = "heuristic"
MULTIPLES = ((MINDER_PAKJES,), (), (MEER_PAKJES,))


def checks(spec: GameSpec, run: BalanceRun) -> tuple[Check, ...]:
    """SK-D1 for every player count and multiple the report played."""
    out = []
    for key, played in sorted(run.played.items()):
        if key.variants not in MULTIPLES or key.policies != (POLICY,) * key.players:
            continue
        median = quantile(played.per_game("rounds_per_game"), 0.5)
        rules = (
            spec.variants[key.variants[0]].name
            if key.variants
            else spec.language.label("base_game")
        )
        fields: dict[str, object] = {"rules": rules, "players": key.players,
                                     "median": spec.language.decimal(median)}  # fmt: skip
        if key.players == 4 and not key.variants:
            low, high = BASE_TARGET
            fields.update(low=f"{low:g}", high=f"{high:g}")
            out.append(Check("SK-D1", "check_length_base", fields, low <= median <= high))
        else:
            fields["least"] = f"{MIN_MEDIAN:g}"
            out.append(Check("SK-D1", "check_length", fields, median >= MIN_MEDIAN))
    return tuple(out)


BALANCE_REPORT = BalanceMeasures(
    length="rounds_per_game",
    endings=("one_left", "showdown_won", "no_winner"),
    score="winner_points",
    policy=POLICY,
    players=4,
    every_count=((MINDER_PAKJES,), (MEER_PAKJES,)),
    checks=checks,
    games=400,
)
