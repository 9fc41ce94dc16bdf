"""Find and pin the Sinterklaas rulebook examples in real engine games.

Usage (from the project folder)::

    python -m pnp.games.sinterklaas.example_finder --update   # rewrite the pinned files
    python -m pnp.games.sinterklaas.example_finder            # check them, exit 1 if stale

The pinned files are ``cardspecs/sinterklaas/examples/<example-id>.json``
(see :mod:`pnp.games.sinterklaas.example_trace` for their format and
:mod:`pnp.games.sinterklaas.examples` for their rendering). Re-run with
``--update`` after a deliberate change to the rules, the policies or the spec
tables, and proofread the new text with ``pnp examples sinterklaas``.

How the search works: for every wanted situation (:data:`WANTED`), four
players play seeded games (seed 0, 1, 2, ... up to :data:`SEARCH_SEEDS`) with
the example's variants on the deck of the spec tables; every round is scored
for the situation (0: not this situation; higher: closer to the ideal shape,
see the ``score_*`` functions). Only rounds whose every told event has a
sentence can score. The first round that reaches the ideal score is pinned;
if none does, the best round found (earliest on a tie). Same code, same spec
tables: same picks, byte for byte.

The players are the bundled heuristic, except for the Pietje Precies example,
which the heuristic never produces (see :mod:`~pnp.games.sinterklaas.example_policy`);
the policy names are stored in each pinned file.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.engine.core import GameRecord, play
from pnp.engine.pinned import PinnedRecord, finder_main, pinned_path
from pnp.errors import PnpError
from pnp.games.sinterklaas import events as ev
from pnp.games.sinterklaas.actions import Action
from pnp.games.sinterklaas.engine import ENGINE
from pnp.games.sinterklaas.example_cases import (
    KIND_ACTION,
    KIND_ONE_LEFT,
    KIND_OPENING,
    KIND_PRECIES,
    KIND_SHOWDOWN,
    KIND_TIE_NUMBER,
    KIND_TIE_TOTAL,
    PinnedCase,
    case,
)
from pnp.games.sinterklaas.example_phrases import example_title
from pnp.games.sinterklaas.example_policy import HEURISTIC, PLANNER, PreciesPlanner
from pnp.games.sinterklaas.example_scores import (
    Told,
    score_action,
    score_one_left,
    score_opening,
    score_precies,
    score_showdown,
    score_tie_number,
    score_tie_total,
)
from pnp.games.sinterklaas.example_trace import FINDER, FOCUS, RoundTrace, walk_rounds
from pnp.games.sinterklaas.examples import render_example
from pnp.games.sinterklaas.policies import HeuristicPolicy
from pnp.games.sinterklaas.spec_config import config_from_spec
from pnp.spec.model import GameSpec

PLAYERS = 4
"""Players in every searched game."""

SEARCH_SEEDS = 2000
"""Seeds tried per kind of game before settling for the best round found."""


POLICIES: dict[str, Callable[[], HeuristicPolicy | PreciesPlanner]] = {
    HEURISTIC: HeuristicPolicy,
    PLANNER: PreciesPlanner,
}


@dataclass(frozen=True)
class Wanted:
    """A situation to find: the example it becomes and how its games are played and scored."""

    case: PinnedCase
    policy: str
    score: Callable[[Told], int]
    ideal: int


WANTED: tuple[Wanted, ...] = (
    Wanted(case(KIND_SHOWDOWN), HEURISTIC, score_showdown, 8),
    Wanted(case(KIND_TIE_NUMBER), HEURISTIC, score_tie_number, 5),
    Wanted(case(KIND_TIE_TOTAL), HEURISTIC, score_tie_total, 5),
    Wanted(case(KIND_ONE_LEFT), HEURISTIC, score_one_left, 6),
    Wanted(case(KIND_PRECIES), PLANNER, score_precies, 4),
    Wanted(case(KIND_ACTION), HEURISTIC, score_action, 6),
    Wanted(case(KIND_OPENING), HEURISTIC, score_opening, 3),
)
"""Every pinned example with how it is searched."""


@dataclass(frozen=True)
class Found:
    """The best round so far for one wanted situation."""

    score: int
    seed: int
    trace: RoundTrace
    actions: tuple[Action, ...]
    games: int


def _play(spec: GameSpec, wanted: Wanted, seed: int) -> tuple[Action, ...]:
    config = config_from_spec(spec, wanted.case.variants)
    policies = [POLICIES[wanted.policy]() for _ in range(PLAYERS)]
    result = play(ENGINE, config, policies, seed)
    return tuple(result.state.history)


def _cut(kind: str, trace: RoundTrace) -> RoundTrace:
    """The part of ``trace`` the pinned record keeps (the opening example stops after it)."""
    if kind != KIND_OPENING:
        return trace
    end = trace.opening_end()
    return RoundTrace(trace.round, trace.num_players, trace.start, trace.moments[:end], False)


def _title(spec: GameSpec, kind: str, trace: RoundTrace) -> str:
    action = ""
    if kind == KIND_ACTION:
        cards = [
            e.card for e in trace.events(ev.ActionTriggered) if isinstance(e, ev.ActionTriggered)
        ]
        names = {row.id: row.text("name") for row in spec.component("acties").rows}
        action = names.get(cards[0], "") if cards else ""
    return example_title(kind, action)


def pinned_for(
    spec: GameSpec, wanted: Wanted, seed: int, actions: Sequence[Action], trace: RoundTrace
) -> PinnedRecord:
    """The pinned file content for a found round (the record cut after its told part)."""
    kind = wanted.case.kind
    trace = _cut(kind, trace)
    kept = actions[: trace.last + 1] if trace.moments else ()
    record = GameRecord(
        spec.id,
        wanted.case.variants,
        PLAYERS,
        seed,
        tuple(ENGINE.encode_action(a) for a in kept),
    )
    return PinnedRecord(
        id=wanted.case.id,
        title=_title(spec, kind, trace),
        kind=kind,
        focus=tuple(zip(FOCUS, (trace.round,), strict=True)),
        policies=(wanted.policy,) * PLAYERS,
        record=record,
    )


def tell(spec: GameSpec, wanted: Wanted, trace: RoundTrace) -> Told:
    """How the example would tell ``trace`` (no claims if it cannot tell it)."""
    kind = wanted.case.kind
    if (kind != KIND_OPENING and not trace.finished) or not trace.moments:
        return Told(trace, ())
    trace = _cut(kind, trace)
    sketch = pinned_for(spec, wanted, 0, (), trace)
    try:
        example = render_example(spec, sketch, trace)
    except PnpError:
        return Told(trace, ())
    return Told(trace, tuple(step.claim for step in example.steps))


def search(spec: GameSpec, wanted: Sequence[Wanted], seeds: Sequence[int]) -> dict[str, Found]:
    """Play the seeded games and return the best round per wanted example id.

    Wanted situations sharing variants and policy share their games; the
    search stops as soon as every one has an ideal round.
    """
    found: dict[str, Found] = {}
    groups: dict[tuple[tuple[str, ...], str], list[Wanted]] = {}
    for w in wanted:
        groups.setdefault((w.case.variants, w.policy), []).append(w)
    for group in groups.values():
        config = config_from_spec(spec, group[0].case.variants)
        for games, seed in enumerate(seeds, start=1):
            actions = _play(spec, group[0], seed)
            for trace in walk_rounds(config, PLAYERS, actions):
                for w in group:
                    best = found.get(w.case.id)
                    if best is not None and best.score >= w.ideal:
                        continue
                    score = w.score(tell(spec, w, trace))
                    if score and (best is None or score > best.score):
                        found[w.case.id] = Found(score, seed, trace, actions, games)
            if all(w.case.id in found and found[w.case.id].score >= w.ideal for w in group):
                break
    return found


def find_one(
    spec: GameSpec, wanted: Wanted, seeds: Sequence[int]
) -> tuple[PinnedRecord, Found] | None:
    """Search ``seeds`` for one wanted example; ``None`` if the situation never occurs."""
    found = search(spec, [wanted], seeds).get(wanted.case.id)
    if found is None:
        return None
    return pinned_for(spec, wanted, found.seed, found.actions, found.trace), found


def find_pinned(
    spec: GameSpec, seeds: Sequence[int] | None = None, report: Callable[[str], None] | None = None
) -> list[tuple[Path, str]]:
    """Search every wanted example; return ``(path, file text)`` pairs in rulebook order.

    ``seeds`` defaults to ``range(SEARCH_SEEDS)``; ``report`` receives one
    line per example (seed, games searched, score, time).
    """
    seed_list = range(SEARCH_SEEDS) if seeds is None else seeds
    out: list[tuple[Path, str]] = []
    for w in WANTED:
        started = time.perf_counter()
        result = find_one(spec, w, seed_list)
        if result is None:
            raise RuntimeError(f"no '{w.case.kind}' situation in {len(seed_list)} games")
        pinned, found = result
        out.append((pinned_path(spec, w.case.id), pinned.to_json()))
        if report is not None:
            report(
                f"{w.case.id}: seed {found.seed}, round {found.trace.round}; score "
                f"{found.score}/{w.ideal} after {found.games} game(s) "
                f"({time.perf_counter() - started:.1f} s)"
            )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``--update`` rewrites the pinned files; otherwise compare and exit 1 on a difference."""
    return finder_main(
        argv, game_id="sinterklaas", finder_module=FINDER, find=lambda s, r: find_pinned(s, None, r)
    )


if __name__ == "__main__":
    raise SystemExit(main())
