"""Find and pin the twaalf-dagen rulebook examples in real engine games.

Usage (from the project folder)::

    python -m pnp.games.twaalf_dagen.example_finder --update   # rewrite the pinned files
    python -m pnp.games.twaalf_dagen.example_finder            # check them, exit 1 if stale

The pinned files are ``cardspecs/twaalf-dagen/examples/<example-id>.json``
(see :mod:`pnp.games.twaalf_dagen.example_trace` for their format and
:mod:`pnp.games.twaalf_dagen.examples` for their rendering).
Re-run with ``--update`` after a deliberate change to the rules, the policies
or the spec tables, and proofread the new text with ``pnp examples twaalf-dagen``.

How the search works: for every wanted situation (:data:`WANTED`), four
players play seeded games (seed 0, 1, 2, ... up to :data:`SEARCH_SEEDS`) on
the deck of the spec tables; every finished trick is scored for the situation
(0: not this situation; higher: closer to the ideal shape). The first trick
that reaches the ideal score is pinned; if none does, the best trick found
(earliest on a tie). Same code, same spec tables: same picks, byte for byte.

The players are the bundled :class:`~pnp.games.twaalf_dagen.policies.HeuristicPolicy`,
except for the worked trick example. The heuristic never passes on a *set*
lead while it holds a legal set (it scores every legal set response above a
pass; no voluntary pass on a set lead in 500 test games), so the trick "a lead of four 11s, two 8s in reply,
a player who cannot respond, a player who passes to keep a straight" never
happens with it. That example is searched in games of
:class:`StraightKeeperPolicy` players: the heuristic, except that a responder
passes when every legal response would break a straight in their hand (see
:func:`pnp.games.twaalf_dagen.example_claims.kept_straight`). The policy names are
stored in each pinned file.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from pnp.engine.core import GameRecord, play
from pnp.games.twaalf_dagen.engine import (
    ENGINE,
    PASS,
    SET,
    SINGLE,
    VARIANT_SHORT,
    Action,
    CardsReturned,
    GameEnded,
    GiftGiven,
    GiftNotGiven,
    HandWon,
    TrickWon,
    TwaalfDagenView,
    play_cards,
    play_kind,
    play_length,
)
from pnp.games.twaalf_dagen.example_cases import (
    KIND_GAME_END,
    KIND_GIFTS,
    KIND_TAKE_BACK,
    KIND_TIE,
    KIND_TRICK,
    PINNED_CASES,
)
from pnp.games.twaalf_dagen.example_claims import kept_straight
from pnp.games.twaalf_dagen.example_phrases import example_title
from pnp.games.twaalf_dagen.example_trace import FINDER, FOCUS, Moment, TrickTrace, walk_tricks
from pnp.games.twaalf_dagen.policies import HeuristicPolicy
from pnp.games.twaalf_dagen.spec_config import config_from_spec
from pnp.spec.model import GameSpec
from pnp.story.pinned import PinnedCase, PinnedRecord, load_spec
from pnp.story.search import ExampleSearch, Found, case_of_kind

PLAYERS = 4
"""Players in every searched game."""

SEARCH_SEEDS = 4000
"""Seeds tried per kind of game before settling for the best trick found."""

HEURISTIC = "heuristic"
STRAIGHT_KEEPER = "straight-keeper"


class StraightKeeperPolicy:
    """The heuristic player, but a responder passes to keep a straight whole.

    When responding (not leading), if some legal response exists, none of them
    plays the whole hand, and every one would break the same straight of the
    hand (:func:`~pnp.games.twaalf_dagen.example_claims.kept_straight`), pass;
    otherwise play like :class:`HeuristicPolicy`.
    """

    name = STRAIGHT_KEEPER

    def __init__(self) -> None:
        self._heuristic = HeuristicPolicy()

    def choose(
        self, view: TwaalfDagenView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Pass to keep a straight, else the heuristic's choice."""
        plays = [a for a in legal_actions if isinstance(a, int) and a != PASS]
        if not view.is_leading and plays and PASS in legal_actions:
            goes_out = any(play_length(a) == view.hand_size for a in plays)
            hand = [n for n in range(1, view.top + 1) for _ in range(view.hand[n])]
            responses = [play_cards(a) for a in plays]
            if not goes_out and kept_straight(hand, responses) is not None:
                return PASS
        return self._heuristic.choose(view, legal_actions, rng)


POLICIES: dict[str, Callable[[], HeuristicPolicy | StraightKeeperPolicy]] = {
    HEURISTIC: HeuristicPolicy,
    STRAIGHT_KEEPER: StraightKeeperPolicy,
}

# ---------------------------------------------------------------------------
# Scoring tricks: 0 = not the situation, higher = closer to the ideal


def _forced(moment: Moment) -> bool:
    return moment.action == PASS and len(moment.legal) == 1


def _keeps_straight(moment: Moment) -> bool:
    return moment.action == PASS and kept_straight(moment.hand, moment.responses) is not None


def _winner(trace: TrickTrace) -> TrickWon:
    won = trace.events(TrickWon)[0]
    assert isinstance(won, TrickWon)
    return won


def _quiet(trace: TrickTrace) -> bool:
    """Nobody takes cards back and the hand goes on."""
    return not trace.events(CardsReturned) and not trace.events(HandWon)


def _classic_order(rest: Sequence[Moment], winner: int) -> bool:
    """The replies come as in GAMES.md: the winning set, a forced pass, a straight kept."""
    reply, cannot, keeps = rest
    return reply.seat == winner and _forced(cannot) and _keeps_straight(keeps)


def score_trick(trace: TrickTrace) -> int:
    """The worked example: a set of 3+ answered by a lower set; ideally GAMES.md's exact trick.

    Ideal (15): four 11s led; two 8s reply right away and win; then a player
    who cannot respond and holds a set that is not low enough; then a player
    who passes to keep a straight.
    """
    lead, rest = trace.lead, trace.moments[1:]
    lead_low = min(lead.cards)
    lower_sets = [m for m in rest if m.cards and min(m.cards) < lead_low]
    if play_kind(lead.action) != SET or len(lead.cards) < 3 or not lower_sets or not _quiet(trace):
        return 0
    forced = [m for m in rest if _forced(m)]
    keeper = [m for m in rest if _keeps_straight(m)]
    winner = _winner(trace)
    score = 1 + 4 * bool(forced) + 4 * bool(keeper)
    score += 2 * (lead.cards == (11, 11, 11, 11))
    score += 2 * any(m.cards == (8, 8) and m.seat == winner.seat for m in rest)
    score += len(rest) == 3 and _classic_order(rest, winner.seat)
    score += any(any(m.hand.count(n) >= 2 for n in m.hand if n > lead_low) for m in forced)
    return score


def score_tie(trace: TrickTrace) -> int:
    """A tie on the lowest card; ideally a set or single lead matched by one responder."""
    winner = _winner(trace)
    lowest = [m for m in trace.moments if winner.low in m.cards]
    if len(lowest) < 2:
        return 0
    plays = [m for m in trace.moments if m.cards]
    score = 1 + _quiet(trace) + (play_kind(trace.lead.action) in (SET, SINGLE))
    score += lowest[0] is trace.lead
    score += len(plays) == 2
    return score


def score_take_back(trace: TrickTrace) -> int:
    """Last cards played that lose: ideally one responder, overtaken later, hand goes on."""
    returned = trace.events(CardsReturned)
    if not returned:
        return 0
    winner = _winner(trace)
    back = returned[0]
    assert isinstance(back, CardsReturned)
    played = next(m for m in trace.moments if m.seat == back.seat)
    won = next(m for m in trace.moments if m.seat == winner.seat and m.cards)
    score = 1 + (not trace.events(HandWon)) + (len(returned) == 1)
    score += played is not trace.lead
    score += won.index > played.index
    return score


def score_gifts(trace: TrickTrace) -> int:
    """A hand's end where a gift changes hands; ideally a tied player with no gift too."""
    if not trace.events(HandWon) or not trace.events(GiftGiven):
        return 0
    return 1 + 2 * bool(trace.events(GiftNotGiven)) + (not trace.events(CardsReturned))


def score_game_end(trace: TrickTrace) -> int:
    """The end of a short game; ideally one winner and a gift handed over."""
    ended = trace.events(GameEnded)
    if not ended:
        return 0
    end = ended[0]
    assert isinstance(end, GameEnded)
    score = 1 + (len(end.winners) == 1) + bool(trace.events(GiftGiven))
    return score + (not trace.events(CardsReturned))


@dataclass(frozen=True)
class Wanted:
    """A situation to find: the example it becomes and how its games are played and scored."""

    case: PinnedCase
    variants: tuple[str, ...]
    policy: str
    score: Callable[[TrickTrace], int]
    ideal: int
    leads: Callable[[int], bool] | None = None
    """Only tricks with such a lead can score (the others are skipped, for speed)."""


def big_set_lead(action: int) -> bool:
    """A lead of a set of three or more equal cards."""
    return play_kind(action) == SET and play_length(action) >= 3


def _case(kind: str) -> PinnedCase:
    return case_of_kind(PINNED_CASES, kind)


WANTED: tuple[Wanted, ...] = (
    Wanted(_case(KIND_TRICK), (), STRAIGHT_KEEPER, score_trick, 15, big_set_lead),
    Wanted(_case(KIND_TIE), (), HEURISTIC, score_tie, 5),
    Wanted(_case(KIND_TAKE_BACK), (), HEURISTIC, score_take_back, 5),
    Wanted(_case(KIND_GIFTS), (), HEURISTIC, score_gifts, 4),
    Wanted(_case(KIND_GAME_END), (VARIANT_SHORT,), HEURISTIC, score_game_end, 4),
)
"""Every pinned example with how it is searched."""


def _play(spec: GameSpec, wanted: Wanted, seed: int) -> tuple[Action, ...]:
    config = config_from_spec(spec, wanted.variants)
    policies = [POLICIES[wanted.policy]() for _ in range(PLAYERS)]
    result = play(ENGINE, config, policies, seed)
    return tuple(result.state.history)


def _walk(
    spec: GameSpec, group: Sequence[Wanted], actions: tuple[Action, ...]
) -> Iterator[TrickTrace]:
    config = config_from_spec(spec, group[0].variants)
    leads = group[0].leads if len(group) == 1 else None
    return walk_tricks(config, PLAYERS, actions, leads)


def _candidates(
    _spec: GameSpec, wanted: Wanted, trace: TrickTrace
) -> Iterator[tuple[int, TrickTrace]]:
    yield wanted.score(trace), trace


def pinned_for(spec: GameSpec, wanted: Wanted, found: Found[TrickTrace, Action]) -> PinnedRecord:
    """The pinned file content for a found trick."""
    actions = found.actions[: found.candidate.last + 1]
    record = GameRecord(
        spec.id,
        wanted.variants,
        PLAYERS,
        found.seed,
        tuple(ENGINE.encode_action(a) for a in actions),
    )
    return PinnedRecord(
        id=wanted.case.id,
        title=example_title(wanted.case.kind, found.candidate.lead.cards),
        kind=wanted.case.kind,
        focus=tuple(zip(FOCUS, (found.candidate.hand, found.candidate.trick), strict=True)),
        policies=(wanted.policy,) * PLAYERS,
        record=record,
    )


SEARCH: ExampleSearch[Wanted, TrickTrace, TrickTrace, Action] = ExampleSearch(
    game_id="twaalf-dagen",
    finder_module=FINDER,
    wanted=WANTED,
    seeds=SEARCH_SEEDS,
    group=lambda w: (w.variants, w.policy),
    play=_play,
    walk=_walk,
    candidates=_candidates,
    pinned_for=pinned_for,
    describe=lambda f: f"hand {f.candidate.hand}, trick {f.candidate.trick}",
)
"""The search of the examples: situations sharing variants and policy share their games."""

search = SEARCH.search
find_one = SEARCH.find_one
find_pinned = SEARCH.find_pinned


def main(argv: Sequence[str] | None = None) -> int:
    """``--update`` rewrites the pinned files; otherwise compare them, exit 1 if stale."""
    return SEARCH.main(argv, load_spec)


if __name__ == "__main__":
    raise SystemExit(main())
