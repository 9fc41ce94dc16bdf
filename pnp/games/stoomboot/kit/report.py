"""What the balance report measures of Stoomboot, and the designer notes' check ST-D1.

ST-D1: with the bundled policy the cooperative game is winnable: the table wins some
games of the base game with every player count, and of every expansion.
"""

from __future__ import annotations

from pnp.engine.balance import BalanceRun
from pnp.gamedef import BalanceMeasures, Check
from pnp.games.stoomboot.rules.engine import metric_name
from pnp.games.stoomboot.rules.rounds import LOSS_REASONS
from pnp.spec.model import GameSpec

POLICY = "heuristic"


def checks(spec: GameSpec, run: BalanceRun) -> tuple[Check, ...]:
    """ST-D1: every setting played with the bundled policy is won now and then."""
    out = []
    words = spec.language
    for key, played in sorted(run.played.items()):
        if key.policies != (POLICY,) * key.players or len(key.variants) > 1:
            continue
        won = sum(played.wins()) / max(1, len(played.outcomes))
        rules = spec.variants[key.variants[0]].name if key.variants else words.label("base_game")
        fields: dict[str, object] = {"rules": rules, "players": key.players,
                                     "won": words.decimal(round(won * 100)) + "\u00a0%"}  # fmt: skip
        out.append(Check("ST-D1", "check_winnable", fields, won > 0))
    return tuple(out)


BALANCE_REPORT = BalanceMeasures(
    length="rounds_per_game",
    endings=tuple(metric_name(reason) for reason in LOSS_REASONS),
    cooperative=True,
    left_at_win="rounds_left_at_win",
    policy=POLICY,
    players=4,
    checks=checks,
    games=1000,
)
