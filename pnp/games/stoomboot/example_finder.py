"""Find and pin the Stoomboot rulebook examples in real engine games.

Usage (from the project folder)::

    python -m pnp.games.stoomboot.example_finder --update   # rewrite the pinned files
    python -m pnp.games.stoomboot.example_finder            # check them, exit 1 if stale

The pinned files are ``cardspecs/stoomboot/examples/<example-id>.json`` (see
:mod:`pnp.games.stoomboot.example_trace` for the replay and
:mod:`pnp.games.stoomboot.examples` for the rendering). Re-run with
``--update`` after a deliberate change to the rules, the policy or the spec
tables, and proofread the new text with ``pnp examples stoomboot``.

How the search works: three players with the bundled cooperative
:class:`~pnp.games.stoomboot.policies.HeuristicPolicy` play seeded games
(seed 0, 1, 2, ... up to :data:`SEARCH_SEEDS`) on the tables of the spec:
the base game, and for each expansion's example the game with that expansion.
Every finished round is scored for every wanted situation (0: not this
situation, higher: closer to the ideal shape, see the ``score_*``
functions). For each situation the first round that reaches the ideal score
is pinned, or else the best one found (the earliest on a tie). Same code,
same spec tables: same picks, byte for byte.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.engine.core import GameRecord, play
from pnp.engine.policies import Policy
from pnp.games.stoomboot.actions import Action
from pnp.games.stoomboot.engine import ENGINE
from pnp.games.stoomboot.events import (
    CardPlaced,
    CardRevealed,
    DamageTaken,
    Delivered,
    GameEnded,
    KalenderDrawn,
    PawnBumped,
    PawnMoved,
    PawnTurned,
    PietEntered,
    RowLengthened,
    RowShortened,
    TalkClosed,
    TalkOpened,
)
from pnp.games.stoomboot.example_cases import (
    KIND_DELIVERY,
    KIND_KALENDER,
    KIND_LONGER,
    KIND_PIET,
    KIND_ROCK,
    KIND_ROUND,
    KIND_SHORTER,
    KIND_TELEFOON,
    PINNED_CASES,
)
from pnp.games.stoomboot.example_trace import FINDER, FOCUS, RoundTrace, walk_rounds
from pnp.games.stoomboot.policies import HeuristicPolicy
from pnp.games.stoomboot.spec_config import config_from_spec
from pnp.spec.model import GameSpec
from pnp.story.pinned import PinnedCase, PinnedRecord, load_spec
from pnp.story.search import ExampleSearch, Found, Wanted, case_of_kind

PLAYERS = 3
"""Players in every searched game."""

SEARCH_SEEDS = 300
"""Seeds tried before settling for the best candidates found."""

HEURISTIC = "heuristic"
"""The name of the bundled policy, stored in the pinned files."""

TITLES = {
    KIND_ROUND: "Een hele ronde: leggen en varen",
    KIND_DELIVERY: "Een huis bezorgd",
    KIND_LONGER: "De Stoomrij wordt langer",
    KIND_SHORTER: "De Stoomrij wordt korter",
    KIND_ROCK: "Tegen een rots",
    KIND_PIET: "Een Piet bezorgt",
    KIND_TELEFOON: "De Telefoon",
    KIND_KALENDER: "Een Kalenderkaart",
}


@dataclass(frozen=True)
class Candidate:
    """A round that could be an example, and its score."""

    round: int
    last: int
    """Index of the last action the pinned record keeps (the round's end)."""
    score: int


def _boat_steps(trace: RoundTrace) -> int:
    return sum(len(e.path) for e in trace.events(PawnMoved) if isinstance(e, PawnMoved))


def _plain(trace: RoundTrace) -> int:
    """1 for a round with the standard three positions that the game survives."""
    return int(len(trace.row) == 2 and not trace.events(GameEnded))


def score_round(trace: RoundTrace) -> int:
    """A whole round; ideally three positions, a card face up, the boat sailing at least
    two squares and turning, and a Stoomboot card lengthening or shortening the row."""
    if not trace.finished or not trace.events(CardRevealed):
        return 0
    placed = [e for e in trace.events(CardPlaced) if isinstance(e, CardPlaced)]
    score = 1 + _plain(trace) + any(e.face_up for e in placed)
    score += _boat_steps(trace) >= 2
    score += bool(trace.events(PawnTurned))
    score += bool(trace.events((RowLengthened, RowShortened)))
    score += not trace.events((Delivered, PawnBumped))
    return score


def score_delivery(trace: RoundTrace) -> int:
    """A delivery; ideally to a house that wants two pakjes, after the boat sailed there
    in the same round."""
    delivered = [e for e in trace.events(Delivered) if isinstance(e, Delivered)]
    if not trace.finished or not delivered:
        return 0
    first = delivered[0]
    moved = trace.events(PawnMoved)
    arrived = any(isinstance(e, PawnMoved) and e.end == first.square for e in moved)
    return 1 + _plain(trace) + 2 * (len(first.cards) == 2) + arrived + (len(delivered) == 1)


def score_longer(trace: RoundTrace) -> int:
    """A Stoomboot card attached to the row; ideally on the right, in a plain round."""
    longer = [
        e
        for e in trace.events(RowLengthened)
        if isinstance(e, RowLengthened) and e.cause == "stoomboot"
    ]
    if not trace.finished or not longer:
        return 0
    return 1 + _plain(trace) + (longer[0].side == "rechts") + (len(longer) == 1)


def score_shorter(trace: RoundTrace) -> int:
    """A Stoomboot card that did not fit, so the row was shortened; ideally a plain round."""
    shorter = [e for e in trace.events(RowShortened) if isinstance(e, RowShortened)]
    if not trace.finished or not shorter or shorter[0].cause in ("lekkage", "schade"):
        return 0
    return 1 + _plain(trace) + (len(shorter) == 1) + (len(shorter[0].row) >= 2)


def score_rock(trace: RoundTrace) -> int:
    """The boat running into a rock and losing a Stoomrij card; ideally the game goes on."""
    rocks = [
        e
        for e in trace.events(PawnBumped)
        if isinstance(e, PawnBumped) and e.cause == "rots" and e.pawn == "boot"
    ]
    if not trace.finished or not rocks or not trace.events(DamageTaken):
        return 0
    return 1 + (not trace.events(GameEnded)) + (len(rocks) == 1) + (len(trace.row) >= 2)


def score_piet(trace: RoundTrace) -> int:
    """A Piet delivering; ideally a Piet that came onto the board this round."""
    by_piet = [
        e for e in trace.events(Delivered) if isinstance(e, Delivered) and e.pawn.startswith("piet")
    ]
    if not trace.finished or not by_piet:
        return 0
    entered = any(
        isinstance(e, PietEntered) and e.pawn == by_piet[0].pawn for e in trace.events(PietEntered)
    )
    return 1 + _plain(trace) + entered


def score_telefoon(trace: RoundTrace) -> int:
    """A Telefoon delivered and the talk closed by the next card, in a plain round."""
    if not trace.finished or not trace.events(TalkOpened):
        return 0
    return 1 + bool(trace.events(TalkClosed)) + _plain(trace)


SHOWN_EVENTS = ("harde-wind", "storm", "ozosnel", "lekkage", "extra-kolen")
"""Kalender events whose effect shows on the table."""


def score_kalender(trace: RoundTrace) -> int:
    """A Kalender card with an event that changes the table; ideally in a plain round
    in which nothing runs into the edge or a rock."""
    drawn = [
        e
        for e in trace.events(KalenderDrawn)
        if isinstance(e, KalenderDrawn) and not e.unseen and e.event in SHOWN_EVENTS
    ]
    if not trace.finished or not drawn:
        return 0
    moved = not trace.events(PawnBumped)
    return 1 + _plain(trace) + (len(trace.events(KalenderDrawn)) == 1) + moved


SCORERS = {
    KIND_ROUND: score_round,
    KIND_DELIVERY: score_delivery,
    KIND_LONGER: score_longer,
    KIND_SHORTER: score_shorter,
    KIND_ROCK: score_rock,
    KIND_PIET: score_piet,
    KIND_TELEFOON: score_telefoon,
    KIND_KALENDER: score_kalender,
}


def _case(kind: str) -> PinnedCase:
    return case_of_kind(PINNED_CASES, kind)


WANTED: tuple[Wanted, ...] = (
    Wanted(_case(KIND_ROUND), 7),
    Wanted(_case(KIND_DELIVERY), 6),
    Wanted(_case(KIND_LONGER), 4),
    Wanted(_case(KIND_SHORTER), 4),
    Wanted(_case(KIND_ROCK), 4),
    Wanted(_case(KIND_PIET), 3),
    Wanted(_case(KIND_TELEFOON), 3),
    Wanted(_case(KIND_KALENDER), 4),
)
"""Every pinned example with the score of its ideal shape."""


def play_game(spec: GameSpec, variants: tuple[str, ...], seed: int) -> tuple[Action, ...]:
    """The actions of one seeded game with ``variants``."""
    config = config_from_spec(spec, variants)
    policies: list[Policy[Any, Any]] = [HeuristicPolicy() for _ in range(PLAYERS)]
    return tuple(play(ENGINE, config, policies, seed).state.history)


def _walk(
    spec: GameSpec, group: Sequence[Wanted], actions: tuple[Action, ...]
) -> Iterator[RoundTrace]:
    return walk_rounds(config_from_spec(spec, group[0].case.variants), PLAYERS, actions)


def _candidates(
    _spec: GameSpec, wanted: Wanted, trace: RoundTrace
) -> Iterator[tuple[int, Candidate]]:
    score = SCORERS[wanted.case.kind](trace)
    if score:
        yield score, Candidate(trace.round, trace.last, score)


def pinned_for(spec: GameSpec, wanted: Wanted, found: Found[Candidate, Action]) -> PinnedRecord:
    """The pinned file content for a found candidate."""
    variants = wanted.case.variants
    actions = found.actions[: found.candidate.last + 1]
    record = GameRecord(
        spec.id, variants, PLAYERS, found.seed, tuple(ENGINE.encode_action(a) for a in actions)
    )
    return PinnedRecord(
        id=wanted.case.id,
        title=TITLES[wanted.case.kind],
        kind=wanted.case.kind,
        focus=tuple(zip(FOCUS, (found.candidate.round,), strict=True)),
        policies=(HEURISTIC,) * PLAYERS,
        record=record,
    )


def _describe(found: Found[Candidate, Action]) -> str:
    return f"round {found.candidate.round}"


SEARCH: ExampleSearch[Wanted, RoundTrace, Candidate, Action] = ExampleSearch(
    game_id="stoomboot",
    finder_module=FINDER,
    wanted=WANTED,
    seeds=SEARCH_SEEDS,
    group=lambda w: w.case.variants,
    play=lambda spec, w, seed: play_game(spec, w.case.variants, seed),
    walk=_walk,
    candidates=_candidates,
    pinned_for=pinned_for,
    describe=_describe,
)
"""The search of the examples: situations of the same variants share their games."""

search = SEARCH.search
find_one = SEARCH.find_one
find_pinned = SEARCH.find_pinned


def main(argv: Sequence[str] | None = None) -> int:
    """``--update`` rewrites the pinned files; otherwise compare them, exit 1 if stale."""
    return SEARCH.main(argv, load_spec)


if __name__ == "__main__":
    raise SystemExit(main())
