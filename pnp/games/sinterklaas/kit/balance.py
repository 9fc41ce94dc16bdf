"""SK-D1 balance study: how long a game of Sinterklaas lasts with the bundled heuristic.

For every supported player count and each multiple (minder-pakjes, the base
game, meer-pakjes) it plays seeded games with the heuristic policy in every
seat, on the deck of the spec tables, and prints a table: the median number
of rounds (with the 10th-90th percentile range), how the rounds ended (one
player left, won at the showdown, no winner) and how often the game ended in a
shared win.

Targets (the designer notes state them): the base game with 4 players has a
median of 5-12 rounds; every player count and multiple has a median of at
least 3 rounds. Run::

    pnp study sinterklaas [--games 500] [--jobs 2] [--seed 0] [--write]

The exit status is 1 if a target is missed. Results do not depend on ``--jobs``.
``--write`` also stores the table in ``cardspecs/sinterklaas/rulebook/balans.toml``,
which the rulebook's designer notes print (re-run it after changing the deck).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.engine.simulate import GameOutcome, Setting, play_settings
from pnp.gamedef import Study, StudyResult
from pnp.games.sinterklaas.kit.spec_config import config_from_spec
from pnp.games.sinterklaas.policies import HeuristicPolicy
from pnp.games.sinterklaas.rules.config import MEER_PAKJES, MINDER_PAKJES, SinterklaasConfig
from pnp.games.sinterklaas.rules.engine import ENGINE
from pnp.spec.model import GameSpec

MULTIPLE_VARIANTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("minder-pakjes (2)", (MINDER_PAKJES,)),
    ("base (3)", ()),
    ("meer-pakjes (4)", (MEER_PAKJES,)),
)
VARIANTS_OF = dict(MULTIPLE_VARIANTS)
"""The variants of each multiple (the rulebook names them in its own words)."""
BASE_TARGET = (5.0, 12.0)
"""Median rounds of the base game with 4 players."""
MIN_MEDIAN = 3.0
"""Lowest median rounds for any player count and multiple."""


@dataclass(frozen=True)
class BalanceRow:
    """The measured figures of one player count and multiple."""

    players: int
    rules: str
    games: int
    median_rounds: float
    p10_rounds: float
    p90_rounds: float
    one_left: float
    showdown: float
    no_winner: float
    shared_wins: float

    def meets_target(self) -> bool:
        """True if the median is long enough (and in range for the base game with 4 players)."""
        if self.players == 4 and self.rules.startswith("base"):
            low, high = BASE_TARGET
            return low <= self.median_rounds <= high
        return self.median_rounds >= MIN_MEDIAN


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarise(players: int, rules: str, outcomes: Sequence[GameOutcome]) -> BalanceRow:
    """Turn the games of one setting into a table row."""
    rounds = [o.metrics["rounds_per_game"][0] for o in outcomes]
    ends = {
        name: [v for o in outcomes for v in o.metrics[name]]
        for name in ("one_left", "showdown_won", "no_winner")
    }
    total = max(1, len(ends["one_left"]))
    return BalanceRow(
        players=players,
        rules=rules,
        games=len(outcomes),
        median_rounds=float(statistics.median(rounds)),
        p10_rounds=_quantile(rounds, 0.1),
        p90_rounds=_quantile(rounds, 0.9),
        one_left=sum(ends["one_left"]) / total,
        showdown=sum(ends["showdown_won"]) / total,
        no_winner=sum(ends["no_winner"]) / total,
        shared_wins=sum(1 for o in outcomes if len(o.winners) > 1) / max(1, len(outcomes)),
    )


def spec_configs(spec: GameSpec) -> dict[str, SinterklaasConfig]:
    """The engine configurations of the three multiples, read from the spec tables."""
    return {rules: config_from_spec(spec, variants) for rules, variants in MULTIPLE_VARIANTS}


def study(spec: GameSpec, games: int, *, jobs: int = 2, seed: int = 0) -> list[BalanceRow]:
    """Play ``games`` heuristic games per player count and multiple; return the rows."""
    configs = spec_configs(spec)
    low, high = next(iter(configs.values())).players
    keys = [(players, rules) for players in range(low, high + 1) for rules in configs]
    settings = [
        Setting((p, r), configs[r], (HeuristicPolicy,) * p, seed + 1000 * p) for p, r in keys
    ]
    results = play_settings(ENGINE, settings, games, jobs=jobs)
    return [summarise(p, r, results[(p, r)]) for p, r in keys]


def format_table(rows: Sequence[BalanceRow]) -> str:
    """The balance table as plain text (one row per player count and multiple)."""
    lines = [
        f"{'players':>7}  {'rules':<18} {'games':>5}  {'median rounds':>13}  {'p10-p90':>7}  "
        f"{'one left':>8}  {'showdown':>8}  {'no winner':>9}  {'shared win':>10}  target",
    ]
    for row in rows:
        lines.append(
            f"{row.players:>7}  {row.rules:<18} {row.games:>5}  {row.median_rounds:>13g}  "
            f"{f'{row.p10_rounds:g}-{row.p90_rounds:g}':>7}  {row.one_left:>8.1%}  "
            f"{row.showdown:>8.1%}  {row.no_winner:>9.1%}  {row.shared_wins:>10.1%}  "
            f"{'ok' if row.meets_target() else 'MISSED'}"
        )
    return "\n".join(lines)


def balance_toml(spec: GameSpec, rows: Sequence[BalanceRow], *, games: int, seed: int) -> str:
    """The table as TOML for the rulebook: the deck it was measured on and one entry per row."""
    deck = spec_configs(spec)["base (3)"].deck_size
    lines = [
        "# Written by pnp study sinterklaas --write; do not edit by hand.",
        "# The rulebook's designer notes print it; a test checks it matches the deck.",
        f"deck = {deck}",
        f"games = {games}",
        f"seed = {seed}",
    ]
    for row in rows:
        lines += [
            "",
            "[[rows]]",
            f"players = {row.players}",
            f"variants = [{', '.join(f'{chr(34)}{v}{chr(34)}' for v in VARIANTS_OF[row.rules])}]",
            f"median = {row.median_rounds:g}",
            f"p10 = {row.p10_rounds:g}",
            f"p90 = {row.p90_rounds:g}",
            f"one_left = {row.one_left:.3f}",
            f"showdown = {row.showdown:.3f}",
            f"no_winner = {row.no_winner:.3f}",
        ]
    return "\n".join(lines) + "\n"


def run_study(spec: GameSpec, games: int, jobs: int, seed: int) -> StudyResult:
    """The balance study for ``pnp study``: the table with its targets, and the rulebook's data."""
    rows = study(spec, games, jobs=jobs, seed=seed)
    low, high = BASE_TARGET
    ok = all(row.meets_target() for row in rows)
    table = "\n".join(
        [
            f"Sinterklaas balance (SK-D1): heuristic policy in every seat, {games} games "
            f"per row, seed {seed}",
            format_table(rows),
            f"targets: base game with 4 players {low:g}-{high:g} median rounds; "
            f"every row at least {MIN_MEDIAN:g}",
            "targets met" if ok else "TARGET MISSED",
        ]
    )
    return StudyResult(table, balance_toml(spec, rows, games=games, seed=seed), ok)


BALANCE = Study(data_file="balans.toml", run=run_study, default_games=500)
"""The game-length study that the rulebook's designer notes print (SK-D1)."""
