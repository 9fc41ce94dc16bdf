"""Replaying twaalf-dagen games trick by trick: any list of actions, or a pinned example.

:func:`walk_tricks` replays a game's actions and describes every finished
trick (:class:`TrickTrace`): the position at its start and, for each action,
what the acting seat faced (:class:`Moment`) and the events it caused.

Every example is a real game, pinned in
``cardspecs/twaalf-dagen/examples/<example-id>.json`` by
:mod:`pnp.games.twaalf_dagen.example_finder`: the game
record (every action, chance included) up to and including the *focus* trick,
the focus's hand and trick numbers, the example's id, kind and Dutch title
(the format is shared: :class:`~pnp.story.pinned.PinnedRecord`).
:func:`load_pinned` reads one and replays it up to its focus trick.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from pnp.engine.core import TERMINAL, Event
from pnp.games.twaalf_dagen.engine import (
    ENGINE,
    PASS,
    Action,
    TrickWon,
    TwaalfDagenConfig,
    TwaalfDagenState,
    play_cards,
)
from pnp.games.twaalf_dagen.spec_config import config_from_spec
from pnp.spec.model import GameSpec
from pnp.story.pinned import PinnedCase, PinnedRecord, RecentLog
from pnp.story.pinned import load_pinned as load_pinned_record

FOCUS = ("hand", "trick")
"""The names of a pinned example's focus numbers: the hand and the trick in it."""

FINDER = "pnp.games.twaalf_dagen.example_finder"
"""The module that finds and rewrites the pinned files."""

# ---------------------------------------------------------------------------
# Walking a game trick by trick


@dataclass(frozen=True)
class Moment:
    """One player action of a trick with what the acting seat faced before it."""

    index: int
    """Position of the action in the game's action list."""
    seat: int
    action: int
    legal: tuple[int, ...]
    hand: tuple[int, ...]
    """The acting seat's cards before the action."""
    best_low: int
    best_seat: int
    events: tuple[Event, ...]

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards played (empty for a pass)."""
        return play_cards(self.action)

    @property
    def responses(self) -> tuple[tuple[int, ...], ...]:
        """The cards of every legal non-pass action."""
        return tuple(play_cards(a) for a in self.legal if a != PASS)


@dataclass(frozen=True)
class TrickTrace:
    """A finished trick: the position at its start and every action in it."""

    hand: int
    trick: int
    leader: int
    num_players: int
    start_hands: tuple[tuple[int, ...], ...]
    start_gifts: tuple[int, ...]
    end_gifts: tuple[int, ...]
    moments: tuple[Moment, ...]

    @property
    def first(self) -> int:
        """Index of the lead in the action list."""
        return self.moments[0].index

    @property
    def last(self) -> int:
        """Index of the action that ended the trick."""
        return self.moments[-1].index

    @property
    def lead(self) -> Moment:
        """The lead."""
        return self.moments[0]

    def events(self, kind: type[Event]) -> list[Event]:
        """The trick's events of one type, in order."""
        return [e for m in self.moments for e in m.events if isinstance(e, kind)]


def _moment(
    state: TwaalfDagenState, log: RecentLog, index: int, action: int, legal: tuple[int, ...]
) -> Moment:
    """Push ``action`` and describe it with what the acting seat faced before it."""
    seat = state.to_move
    hand, best = state.hand_cards(seat), (state.best_low, state.best_seat)
    log.recent = []
    state.push(action)
    return Moment(index, seat, action, legal, hand, *best, tuple(log.recent))


def walk_tricks(
    config: TwaalfDagenConfig,
    num_players: int,
    actions: Sequence[Action],
    leads: Callable[[int], bool] | None = None,
) -> Iterator[TrickTrace]:
    """Replay ``actions`` and yield every finished trick; ``ValueError`` on an illegal action.

    With ``leads``, only tricks whose lead passes that test are traced and
    yielded (the others are only replayed, which is faster).
    """
    log = RecentLog()
    state = ENGINE.new_state(config, num_players, log)
    moments: list[Moment] = []
    tracing = False
    start: tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, int] = ((), (), 0, 0)
    for index, action in enumerate(actions):
        seat = state.current_player()
        if seat == TERMINAL:
            raise ValueError(f"action {index} comes after the end of the game")
        legal = tuple(state.legal_actions())
        play = action if isinstance(action, int) and seat >= 0 else None
        if seat >= 0 and play not in legal:
            raise ValueError(f"action {index} is not legal for seat {seat}")
        if play is not None and state.is_leading:
            tracing = leads is None or leads(play)
            if tracing:
                hands = tuple(state.hand_cards(s) for s in range(num_players))
                start = (hands, tuple(state.gifts), state.hand_number, state.trick_number + 1)
        if play is None or not tracing:
            log.recent.clear()
            state.push(action)
            continue
        moments.append(_moment(state, log, index, play, legal))
        if any(isinstance(e, TrickWon) for e in moments[-1].events):
            hands, gifts, hand, trick = start
            leader = moments[0].seat
            trace_moments = tuple(moments)
            end_gifts = tuple(state.gifts)
            moments = []
            yield TrickTrace(
                hand, trick, leader, num_players, hands, gifts, end_gifts, trace_moments
            )


# ---------------------------------------------------------------------------
# Pinned records


def focus_trace(pinned: PinnedRecord, config: TwaalfDagenConfig) -> TrickTrace:
    """Replay ``pinned`` and return its focus trick, which must end the record.

    Raises ``ValueError`` when the record does not replay or its last action
    does not end the focus trick.
    """
    hand, trick = pinned.focus_value("hand"), pinned.focus_value("trick")
    actions = [ENGINE.decode_action(a) for a in pinned.record.actions]
    found: TrickTrace | None = None
    for trace in walk_tricks(config, pinned.record.num_players, actions):
        if (trace.hand, trace.trick) == (hand, trick):
            found = trace
    if found is None:
        raise ValueError(f"hand {hand}, trick {trick} is not in the record")
    if found.last != len(actions) - 1:
        raise ValueError("the record does not end with the focus trick")
    return found


def load_pinned(spec: GameSpec, case: PinnedCase) -> tuple[PinnedRecord, TrickTrace]:
    """Read and replay one pinned example; any problem is a :class:`PnpError` naming the file."""
    return load_pinned_record(
        spec,
        case,
        FOCUS,
        FINDER,
        lambda pinned: focus_trace(pinned, config_from_spec(spec, pinned.record.variants)),
    )
