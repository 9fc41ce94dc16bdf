"""Find and pin the Santoska rulebook examples in real engine games.

Usage (from the project folder)::

    python -m pnp.games.santoska.example_finder --update   # rewrite the pinned files
    python -m pnp.games.santoska.example_finder            # check them, exit 1 if stale

The pinned files are ``cardspecs/santoska/examples/<example-id>.json`` (see
:mod:`pnp.games.santoska.example_trace` for their format and
:mod:`pnp.games.santoska.examples` for their rendering). Re-run with
``--update`` after a deliberate change to the rules, the policies or the spec
tables, and proofread the new text with ``pnp examples santoska``.

How the search works: three players with the bundled
:class:`~pnp.games.santoska.policies.HeuristicPolicy` play seeded games
(seed 0, 1, 2, ... up to :data:`SEARCH_SEEDS`) of the base game (rows of
three) on the deck of the spec tables. Every round is scored for every
wanted situation (:data:`WANTED`; 0: not this situation, higher: closer to
the ideal shape, see the ``score_*`` functions): each Arriba turn, each
stopped round, each player's grid at the end of a stopped round, and the end
of a game won with exactly the limit. For each situation the first candidate
that reaches the ideal score is pinned; if none does, the best one found
(the earliest on a tie). The search stops once every situation has its ideal
candidate. Same code, same spec tables: same picks, byte for byte.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.engine.core import GameRecord, play
from pnp.engine.policies import Policy
from pnp.games.santoska.actions import ARRIBA, STOP, Action
from pnp.games.santoska.cards import SANTOSKA, parse_cell
from pnp.games.santoska.engine import ENGINE
from pnp.games.santoska.events import GameEnded, GridScored, RoundEnded
from pnp.games.santoska.example_cases import (
    KIND_ARRIBA,
    KIND_EXACT,
    KIND_SCORING,
    KIND_STOP,
    PINNED_CASES,
)
from pnp.games.santoska.example_phrases import example_title
from pnp.games.santoska.example_trace import FINDER, FOCUS, RoundTrace, TurnTrace, walk_rounds
from pnp.games.santoska.policies import HeuristicPolicy
from pnp.games.santoska.spec_config import config_from_spec
from pnp.spec.model import GameSpec
from pnp.story.pinned import PinnedCase, PinnedRecord, load_spec
from pnp.story.search import ExampleSearch, Found, Wanted, case_of_kind

PLAYERS = 3
"""Players in every searched game."""

SEARCH_SEEDS = 500
"""Seeds tried before settling for the best candidates found."""

HEURISTIC = "heuristic"
"""The name of the bundled policy, stored in the pinned files."""

VARIANTS: tuple[str, ...] = ()
"""The examples are games of the base game (rows of three)."""


@dataclass(frozen=True)
class Candidate:
    """A place in a game where an example could be cut: its round, player and last action."""

    round: int
    seat: int
    last: int
    """Index of the last action the pinned record keeps."""
    score: int
    santoska_group: int = 2
    """The size of the Santoska group a scoring example shows (for its title)."""


# ---------------------------------------------------------------------------
# Scoring candidates: 0 = not the situation, higher = closer to the ideal


def _makes_pair(trace: RoundTrace, turn: TurnTrace) -> bool:
    """True if the card the turn swapped into the bottom row equals a neighbour in that row."""
    swap = turn.swap
    n = trace.row_length
    if swap is None or parse_cell(swap.cell, n) >= n:
        return False
    col = parse_cell(swap.cell, n)
    bottom = trace.grid_before(turn.place.index + 1, turn.seat)[:n]
    return any(bottom[c] == swap.card_in for c in (col - 1, col + 1) if 0 <= c < len(bottom))


def score_arriba(trace: RoundTrace, turn: TurnTrace) -> int:
    """A turn ending with Arriba; ideally an open card taken and swapped for a known card,
    making two equal neighbours in a bottom row that costs little."""
    if turn.call_move != ARRIBA or turn.call is None:
        return 0
    swap = turn.swap
    n = trace.row_length
    bottom = trace.grid_before(turn.call.index, turn.seat)[:n]
    lone = [
        c
        for i, c in enumerate(bottom)
        if (i == 0 or bottom[i - 1] != c) and (i == n - 1 or bottom[i + 1] != c)
    ]
    score = 1 + turn.took + (swap is not None and swap.was_known)
    score += 2 * _makes_pair(trace, turn)
    score += sum(5 if c == SANTOSKA else c for c in lone) <= n + 2
    return score


def score_stop(trace: RoundTrace) -> int:
    """A stopped round; ideally the stopper swaps a card they knew, the last turns show a
    taken open card, a drawn card discarded and a blind swap, and stopping paid off."""
    ended = trace.events(RoundEnded)
    if not trace.finished or not ended:
        return 0
    end = ended[0]
    assert isinstance(end, RoundEnded)
    if end.stopper < 0:
        return 0
    turns = trace.turns()
    stop = next(t for t in turns if t.call_move == STOP)
    finals = [t for t in turns if t.final]
    scores = {e.seat: e.points for e in trace.events(GridScored) if isinstance(e, GridScored)}
    score = 1 + (stop.swap is not None and stop.swap.was_known)
    score += any(t.took for t in finals)
    score += any(t.swap is None for t in finals)
    score += any(t.swap is not None and not t.swap.was_known for t in finals)
    score += scores[end.stopper] == min(scores.values())
    return score


def score_grid(trace: RoundTrace, event: GridScored) -> tuple[int, int]:
    """One grid at the end of a stopped round: ``(score, size of its Santoska group)``.

    Ideally a Santoska pair, one group of numbers, lone number cards, penalty
    points in all, a round after the first (so the total is not 0 before it),
    and the game goes on.
    """
    ended = trace.events(RoundEnded)
    if not ended or not isinstance(ended[0], RoundEnded) or ended[0].stopper < 0:
        return 0, 0
    santoska = [
        len(cells) for card, cells, _ in event.groups if card == SANTOSKA and len(cells) > 1
    ]
    numbers = [len(cells) for card, cells, _ in event.groups if card != SANTOSKA and len(cells) > 1]
    if not santoska or not numbers:
        return 0, 0
    lone = [card for card, cells, _ in event.groups if len(cells) == 1 and card != SANTOSKA]
    score = 1 + 2 * (santoska == [2]) + (len(numbers) == 1) + bool(lone)
    score += (not trace.game_over) + (trace.round > 1) + (event.points > 0)
    return score, santoska[0]


def score_exact(trace: RoundTrace) -> tuple[int, int]:
    """The end of a game won with exactly the limit: ``(score, winner)``.

    Ideally nobody was out yet, the winner stopped, and the winner's grid
    has a group that vanishes next to lone cards.
    """
    won = trace.events(GameEnded)
    if not won or not trace.finished:
        return 0, -1
    end = won[0]
    ended = trace.events(RoundEnded)[0]
    assert isinstance(end, GameEnded) and isinstance(ended, RoundEnded)
    if end.reason != "exact-limit" or len(end.winners) != 1 or ended.stopper < 0:
        return 0, -1
    seat = end.winners[0]
    grid = next(e for e in trace.events(GridScored) if isinstance(e, GridScored) and e.seat == seat)
    groups = [len(cells) for _, cells, _ in grid.groups]
    score = 1 + all(trace.start_grids) + (ended.stopper == seat)
    score += any(k > 1 for k in groups) + any(k == 1 for k in groups)
    return score, seat


def candidates(kind: str, trace: RoundTrace) -> Iterator[Candidate]:
    """Every candidate of ``kind`` in one round, in game order."""
    if kind == KIND_ARRIBA:
        for turn in trace.turns():
            if turn.call_move == ARRIBA and turn.call is not None:
                yield Candidate(trace.round, turn.seat, turn.call.index, score_arriba(trace, turn))
    elif kind == KIND_STOP:
        score = score_stop(trace)
        if score:
            end = trace.events(RoundEnded)[0]
            assert isinstance(end, RoundEnded)
            yield Candidate(trace.round, end.stopper, trace.last, score)
    elif kind == KIND_SCORING:
        for event in trace.events(GridScored):
            assert isinstance(event, GridScored)
            score, size = score_grid(trace, event)
            if score:
                yield Candidate(trace.round, event.seat, trace.last, score, size)
    else:
        score, seat = score_exact(trace)
        if score:
            yield Candidate(trace.round, seat, trace.last, score)


def _case(kind: str) -> PinnedCase:
    return case_of_kind(PINNED_CASES, kind)


WANTED: tuple[Wanted, ...] = (
    Wanted(_case(KIND_ARRIBA), 6),
    Wanted(_case(KIND_STOP), 6),
    Wanted(_case(KIND_SCORING), 8),
    Wanted(_case(KIND_EXACT), 5),
)
"""Every pinned example with the score of its ideal shape."""


def play_game(spec: GameSpec, seed: int) -> tuple[Action, ...]:
    """The actions of one seeded game of the searched kind."""
    config = config_from_spec(spec, VARIANTS)
    policies: list[Policy[Any, Any]] = [HeuristicPolicy() for _ in range(PLAYERS)]
    return tuple(play(ENGINE, config, policies, seed).state.history)


def _walk(
    spec: GameSpec, _group: Sequence[Wanted], actions: tuple[Action, ...]
) -> Iterator[RoundTrace]:
    return walk_rounds(config_from_spec(spec, VARIANTS), PLAYERS, actions)


def _candidates(
    _spec: GameSpec, wanted: Wanted, trace: RoundTrace
) -> Iterator[tuple[int, Candidate]]:
    for candidate in candidates(wanted.case.kind, trace):
        yield candidate.score, candidate


def pinned_for(spec: GameSpec, wanted: Wanted, found: Found[Candidate, Action]) -> PinnedRecord:
    """The pinned file content for a found candidate."""
    candidate = found.candidate
    actions = found.actions[: candidate.last + 1]
    record = GameRecord(
        spec.id, VARIANTS, PLAYERS, found.seed, tuple(ENGINE.encode_action(a) for a in actions)
    )
    limit = config_from_spec(spec, VARIANTS).limit
    return PinnedRecord(
        id=wanted.case.id,
        title=example_title(wanted.case.kind, candidate.santoska_group, limit),
        kind=wanted.case.kind,
        focus=tuple(zip(FOCUS, (candidate.round, candidate.seat + 1), strict=True)),
        policies=(HEURISTIC,) * PLAYERS,
        record=record,
    )


def _describe(found: Found[Candidate, Action]) -> str:
    return f"round {found.candidate.round}, player {found.candidate.seat + 1}"


SEARCH: ExampleSearch[Wanted, RoundTrace, Candidate, Action] = ExampleSearch(
    game_id="santoska",
    finder_module=FINDER,
    wanted=WANTED,
    seeds=SEARCH_SEEDS,
    group=lambda _w: VARIANTS,
    play=lambda spec, _w, seed: play_game(spec, seed),
    walk=_walk,
    candidates=_candidates,
    pinned_for=pinned_for,
    describe=_describe,
)
"""The search of the examples: every situation is searched in the same games."""

search = SEARCH.search
find_one = SEARCH.find_one
find_pinned = SEARCH.find_pinned


def main(argv: Sequence[str] | None = None) -> int:
    """``--update`` rewrites the pinned files; otherwise compare them, exit 1 if stale."""
    return SEARCH.main(argv, load_spec)


if __name__ == "__main__":
    raise SystemExit(main())
