"""ST-D1 win rates: how often the bundled cooperative policy wins Stoomboot.

Plays seeded games with the heuristic policy in every seat, on the tables of
the spec (so a change to a tile or a card shows up here), for the base game
with every player count and for each expansion alone and all together with
four players. Prints the win rate and why the lost games were lost. Run::

    pnp study stoomboot [--games 400] [--jobs 2] [--seed 0] [--write]

The exit status is 1 if the base game is never won (ST-D1: it must be
winnable). Results do not depend on ``--jobs``. ``--write`` also stores the
table in ``cardspecs/stoomboot/rulebook/winkansen.toml`` with a fingerprint of
the tables, which the rulebook's designer notes print; after a change to the
tables the build leaves the stale table out until it is measured again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.engine.simulate import GameOutcome, Setting, play_settings
from pnp.gamedef import Study, StudyResult
from pnp.games.stoomboot.kit.spec_config import config_from_spec
from pnp.games.stoomboot.policies.bots import HeuristicPolicy
from pnp.games.stoomboot.rules.config import StoombootConfig
from pnp.games.stoomboot.rules.engine import ENGINE
from pnp.spec.model import GameSpec

SETTINGS: tuple[tuple[str, tuple[str, ...], int], ...] = (
    ("base game, 2 players", (), 2),
    ("base game, 3 players", (), 3),
    ("base game, 4 players", (), 4),
    ("base game, 5 players", (), 5),
    ("base game, 6 players", (), 6),
    ("kleine-kaart, 4 players", ("kleine-kaart",), 4),
    ("krappe-kalender, 4 players", ("krappe-kalender",), 4),
    ("prachtige-pakjes, 4 players", ("prachtige-pakjes",), 4),
    ("pepernoot-plekken, 4 players", ("pepernoot-plekken",), 4),
    ("rebelse-pietjes, 4 players", ("rebelse-pietjes",), 4),
    (
        "all expansions, 4 players",
        ("krappe-kalender", "prachtige-pakjes", "pepernoot-plekken", "rebelse-pietjes"),
        4,
    ),
)
"""Label (for the terminal's table), variants and players of each measured setting; the
rulebook names them in its own words from the variants and players."""


@dataclass(frozen=True)
class WinRow:
    """The measured figures of one setting."""

    label: str
    variants: tuple[str, ...]
    players: int
    games: int
    won: float
    losses: tuple[tuple[str, float], ...]
    """Each loss reason with its share of all games, most frequent first."""
    rounds: float
    """Mean rounds per game."""


def summarise(
    label: str, variants: tuple[str, ...], players: int, outcomes: Sequence[GameOutcome]
) -> WinRow:
    """Turn the games of one setting into a table row."""
    count = max(1, len(outcomes))
    won = sum(o.metrics["won"][0] for o in outcomes) / count
    reasons: dict[str, float] = {}
    for outcome in outcomes:
        for name, values in outcome.metrics.items():
            if name.startswith("lost_") and values and values[0]:
                reason = name.removeprefix("lost_").replace("_", "-")
                reasons[reason] = reasons.get(reason, 0.0) + values[0] / count
    rounds = sum(o.metrics["rounds_per_game"][0] for o in outcomes) / count
    losses = tuple(sorted(reasons.items(), key=lambda item: (-item[1], item[0])))
    return WinRow(label, variants, players, len(outcomes), won, losses, rounds)


def spec_configs(spec: GameSpec) -> dict[tuple[str, ...], StoombootConfig]:
    """The engine configuration of every measured variant set, read from the spec tables."""
    return {variants: config_from_spec(spec, variants) for _, variants, _ in SETTINGS}


def tables_fingerprint(spec: GameSpec) -> str:
    """A short hash of the configurations measured: the stored table must match it."""
    configs = spec_configs(spec)
    text = repr(sorted((k, repr(v)) for k, v in configs.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def study(spec: GameSpec, games: int, *, jobs: int = 2, seed: int = 0) -> list[WinRow]:
    """Play ``games`` heuristic games per setting; return the rows in :data:`SETTINGS` order."""
    configs = spec_configs(spec)
    settings = [
        Setting(index, configs[variants], (HeuristicPolicy,) * players, seed + 1000 * index)
        for index, (_, variants, players) in enumerate(SETTINGS)
    ]
    results = play_settings(ENGINE, settings, games, jobs=jobs)
    return [
        summarise(label, variants, players, results[i])
        for i, (label, variants, players) in enumerate(SETTINGS)
    ]


def format_table(rows: Sequence[WinRow]) -> str:
    """The table as plain text."""
    lines = [f"{'setting':<32} {'games':>5}  {'won':>6}  {'rounds':>6}  lost because"]
    for row in rows:
        lost = ", ".join(f"{reason} {share:.1%}" for reason, share in row.losses) or "-"
        lines.append(f"{row.label:<32} {row.games:>5}  {row.won:>6.1%}  {row.rounds:>6.1f}  {lost}")
    return "\n".join(lines)


def _lost(row: WinRow) -> str:
    """The loss reasons of a row as a TOML array, most frequent first, in whole percents
    (those that round to 0 left out); the rulebook's templates name the reasons."""
    shares = [(reason, round(100 * share)) for reason, share in row.losses]
    return (
        "["
        + ", ".join(
            f'{{ reason = "{reason}", percent = {percent} }}'
            for reason, percent in shares
            if percent
        )
        + "]"
    )


def winrates_toml(spec: GameSpec, rows: Sequence[WinRow], *, games: int, seed: int) -> str:
    """The table as TOML for the rulebook, with the fingerprint of the tables it was measured on."""
    lines = [
        "# Written by pnp study stoomboot --write; do not edit by hand.",
        "# The rulebook's designer notes print it; a test checks it matches the tables.",
        f'tables = "{tables_fingerprint(spec)}"',
        f"games = {games}",
        f"seed = {seed}",
    ]
    for row in rows:
        lines += [
            "",
            "[[rows]]",
            f"players = {row.players}",
            f"variants = [{', '.join(repr(v).replace(chr(39), chr(34)) for v in row.variants)}]",
            f"won = {round(100 * row.won)}",
            f"lost = {_lost(row)}",
            f"rounds = {row.rounds:.1f}",
        ]
    return "\n".join(lines) + "\n"


def run_study(spec: GameSpec, games: int, jobs: int, seed: int) -> StudyResult:
    """The win-rate study for ``pnp study``; its target: the base game is won at every count."""
    rows = study(spec, games, jobs=jobs, seed=seed)
    return StudyResult(
        table=format_table(rows),
        data=winrates_toml(spec, rows, games=games, seed=seed),
        ok=all(row.won > 0 for row in rows if not row.variants),
    )


WIN_RATES = Study(data_file="winkansen.toml", run=run_study, default_games=400)
"""The win rates per setting that the rulebook's designer notes print (ST-D1)."""
