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

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from pnp.engine.core import GameRecord, play
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
from pnp.story.pinned import PinnedCase, PinnedRecord, load_spec
from pnp.story.search import ExampleSearch

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


def _walk(
    spec: GameSpec, group: Sequence[Wanted], actions: tuple[Action, ...]
) -> Iterator[RoundTrace]:
    return walk_rounds(config_from_spec(spec, group[0].case.variants), PLAYERS, actions)


def _candidates(
    spec: GameSpec, wanted: Wanted, trace: RoundTrace
) -> Iterator[tuple[int, RoundTrace]]:
    yield wanted.score(tell(spec, wanted, trace)), trace


SEARCH: ExampleSearch[Wanted, RoundTrace, RoundTrace, Action] = ExampleSearch(
    game_id="sinterklaas",
    finder_module=FINDER,
    wanted=WANTED,
    seeds=SEARCH_SEEDS,
    group=lambda w: (w.case.variants, w.policy),
    play=_play,
    walk=_walk,
    candidates=_candidates,
    pinned_for=lambda spec, w, f: pinned_for(spec, w, f.seed, f.actions, f.candidate),
    describe=lambda f: f"round {f.candidate.round}",
)
"""The search of the examples: situations sharing variants and policy share their games
(one pass serves every example)."""

search = SEARCH.search
find_one = SEARCH.find_one
find_pinned = SEARCH.find_pinned


def main(argv: Sequence[str] | None = None) -> int:
    """``--update`` rewrites the pinned files; otherwise compare them, exit 1 if stale."""
    return SEARCH.main(argv, load_spec)


if __name__ == "__main__":
    raise SystemExit(main())
