"""Replaying Santoska games round by round: any list of actions, or a pinned example.

:func:`walk_rounds` replays a game's actions and describes each round
(:class:`RoundTrace`): the table right after the deal and every later action
of the round with the events it caused (:class:`Moment`); :meth:`RoundTrace.turns`
groups the player moves into turns (:class:`TurnTrace`).

Every example is a real game, pinned in
``cardspecs/santoska/examples/<example-id>.json`` by
:mod:`pnp.games.santoska.example_finder` in the shared format of
:class:`~pnp.story.pinned.PinnedRecord`: the game record (every action,
chance included) up to the end of the part the example tells, and the focus:
the round and the player (seat + 1) the example is about. The record ends
with the Arriba call (an Arriba example), with the end of the round (a Stop
or a scoring example) or with the end of the game (an exact-limit win).
:func:`load_pinned` reads one and replays it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pnp.engine.core import TERMINAL, Event
from pnp.games.santoska.actions import ARRIBA, DRAW, TAKE, Action
from pnp.games.santoska.cards import NO_CARD, parse_cell
from pnp.games.santoska.config import SantoskaConfig
from pnp.games.santoska.engine import ENGINE
from pnp.games.santoska.events import (
    CardDrawn,
    CardSwapped,
    CardTaken,
    GameEnded,
    RoundDealt,
    RoundEnded,
)
from pnp.games.santoska.example_cases import KIND_ARRIBA, KIND_EXACT, KIND_STOP
from pnp.games.santoska.rounds import REASON_EXACT
from pnp.games.santoska.spec_config import config_from_spec
from pnp.spec.model import GameSpec
from pnp.story.pinned import PinnedCase, PinnedRecord, RecentLog
from pnp.story.pinned import load_pinned as load_pinned_record

FOCUS = ("round", "player")
"""The names of a pinned example's focus numbers: the round and the player (seat + 1)."""

FINDER = "pnp.games.santoska.example_finder"
"""The module that finds and rewrites the pinned files."""


@dataclass(frozen=True)
class Moment:
    """One action of a round with what it caused."""

    index: int
    """Position of the action in the game's action list."""
    actor: int
    """The seat that chose the action, or :data:`~pnp.engine.core.CHANCE`."""
    action: Action
    discard_top: int
    """The open card of the discard pile before the action (``NO_CARD`` if none)."""
    events: tuple[Event, ...]


@dataclass(frozen=True)
class TurnTrace:
    """One player's turn: the take or draw, the swap or discard, and the call if any."""

    seat: int
    begin: Moment
    place: Moment
    call: Moment | None

    @property
    def took(self) -> bool:
        """True if the turn began by taking the open discard (else it drew)."""
        return self.begin.action == TAKE

    @property
    def card(self) -> int:
        """The card taken or drawn."""
        event = self.begin.events[0]
        assert isinstance(event, CardTaken | CardDrawn)
        return event.card

    @property
    def final(self) -> bool:
        """True for a turn of the last lap after a Stop (SA-B5)."""
        event = self.begin.events[0]
        assert isinstance(event, CardTaken | CardDrawn)
        return event.final

    @property
    def swap(self) -> CardSwapped | None:
        """The swap of the turn, or ``None`` when the drawn card was discarded."""
        event = self.place.events[0]
        return event if isinstance(event, CardSwapped) else None

    @property
    def call_move(self) -> int | None:
        """The call that ended the turn (``END``, ``ARRIBA``, ``STOP``) or ``None``."""
        if self.call is None:
            return None
        assert isinstance(self.call.action, int)
        return self.call.action

    @property
    def last(self) -> Moment:
        """The turn's last action."""
        return self.place if self.call is None else self.call


@dataclass(frozen=True)
class RoundTrace:
    """A round from the table after its deal to its end (or to the end of the actions)."""

    round: int
    num_players: int
    row_length: int
    dealer: int
    starter: int
    start_totals: tuple[int, ...]
    start_grids: tuple[tuple[int, ...], ...]
    moments: tuple[Moment, ...]
    finished: bool
    """True if the round ended within the actions."""

    @property
    def last(self) -> int:
        """Index of the round's last action (the deal's if nothing followed)."""
        return self.moments[-1].index

    def events(self, kind: type[Event] | tuple[type[Event], ...]) -> list[Event]:
        """The round's events of one type (or several), in order."""
        return [e for m in self.moments for e in m.events if isinstance(e, kind)]

    @property
    def game_over(self) -> bool:
        """True if the game ended with this round."""
        return bool(self.events(GameEnded))

    def turns(self) -> list[TurnTrace]:
        """The round's complete turns in order (reshuffles left out)."""
        moves = [m for m in self.moments if m.actor >= 0]
        out: list[TurnTrace] = []
        position = 0
        while position + 1 < len(moves):
            begin, place = moves[position], moves[position + 1]
            position += 2
            call = None
            if position < len(moves) and not _begins_turn(moves[position]):
                call = moves[position]
                position += 1
            out.append(TurnTrace(begin.actor, begin, place, call))
        return out

    def grid_before(self, index: int, seat: int) -> tuple[int, ...]:
        """The cards of ``seat``'s grid before action ``index`` (from the deal and the swaps)."""
        grid = list(self.start_grids[seat])
        for moment in self.moments:
            if moment.index >= index:
                break
            for event in moment.events:
                if isinstance(event, CardSwapped) and event.seat == seat:
                    grid[parse_cell(event.cell, self.row_length)] = event.card_in
        return tuple(grid)


def _begins_turn(moment: Moment) -> bool:
    return moment.action in (TAKE, DRAW)


def walk_rounds(
    config: SantoskaConfig, num_players: int, actions: Sequence[Action]
) -> Iterator[RoundTrace]:
    """Replay ``actions`` and yield every round; ``ValueError`` on an illegal action.

    A round is yielded when it ends, or at the end of the actions if it is
    still going on (then ``finished`` is false).
    """
    log = RecentLog()
    state = ENGINE.new_state(config, num_players, log)
    start: tuple[int, int, int, tuple[int, ...], tuple[tuple[int, ...], ...]] | None = None
    moments: list[Moment] = []
    for index, action in enumerate(actions):
        actor = state.current_player()
        if actor == TERMINAL:
            raise ValueError(f"action {index} comes after the end of the game")
        if actor >= 0 and action not in state.legal_actions():
            raise ValueError(f"action {index} is not legal for seat {actor}")
        top = state.discard[-1] if state.discard else NO_CARD
        log.recent = []
        state.push(action)
        events = tuple(log.recent)
        dealt = next((e for e in events if isinstance(e, RoundDealt)), None)
        if dealt is not None:
            grids = tuple(tuple(g) for g in state.grids)
            start = (dealt.round, dealt.dealer, dealt.starter, tuple(state.totals), grids)
            moments = []
        if start is None:
            continue
        moments.append(Moment(index, actor, action, top, events))
        if any(isinstance(e, RoundEnded) for e in events):
            yield _trace(start, num_players, config.row_length, moments, True)
            start = None
    if start is not None:
        yield _trace(start, num_players, config.row_length, moments, False)


def _trace(
    start: tuple[int, int, int, tuple[int, ...], tuple[tuple[int, ...], ...]],
    num_players: int,
    row_length: int,
    moments: list[Moment],
    finished: bool,
) -> RoundTrace:
    number, dealer, starter, totals, grids = start
    return RoundTrace(
        number, num_players, row_length, dealer, starter, totals, grids, tuple(moments), finished
    )


# ---------------------------------------------------------------------------
# Pinned records


def ends_its_part(kind: str, trace: RoundTrace, seat: int) -> bool:
    """True if ``trace`` (the record's last round) ends where an example of ``kind`` about
    ``seat`` ends.

    An Arriba example ends with ``seat``'s Arriba; a Stop example with the end
    of the round ``seat`` stopped; a scoring example with the end of a
    stopped round in which ``seat`` played; an exact-limit example with the
    end of the game, which ``seat`` won alone with exactly the limit.
    """
    last = trace.moments[-1]
    if kind == KIND_ARRIBA:
        return last.actor == seat and last.action == ARRIBA
    if not trace.finished or not trace.start_grids[seat]:
        return False
    ended = next(e for e in last.events if isinstance(e, RoundEnded))
    if kind == KIND_STOP:
        return ended.stopper == seat
    if kind == KIND_EXACT:
        won = [e for e in last.events if isinstance(e, GameEnded)]
        return (
            ended.stopper >= 0
            and bool(won)
            and won[0].winners == (seat,)
            and (won[0].reason == REASON_EXACT)
        )
    return ended.stopper >= 0


def focus_round(pinned: PinnedRecord, config: SantoskaConfig) -> RoundTrace:
    """Replay ``pinned`` and return its focus round, which must end the record where its
    kind ends (see :func:`ends_its_part`); ``ValueError`` otherwise."""
    number, player = pinned.focus_value("round"), pinned.focus_value("player")
    players = pinned.record.num_players
    if player > players:
        raise ValueError(f"player {player} is not one of the {players} players")
    actions = [ENGINE.decode_action(a) for a in pinned.record.actions]
    traces = list(walk_rounds(config, players, actions))
    if not traces or traces[-1].round != number:
        raise ValueError(f"the record does not end in round {number}")
    trace = traces[-1]
    if not ends_its_part(pinned.kind, trace, player - 1):
        raise ValueError(f"the record does not end where a '{pinned.kind}' example ends")
    return trace


def load_pinned(spec: GameSpec, case: PinnedCase) -> tuple[PinnedRecord, RoundTrace]:
    """Read and replay one pinned example; any problem is a :class:`PnpError` naming the file."""
    return load_pinned_record(
        spec,
        case,
        FOCUS,
        FINDER,
        lambda pinned: focus_round(pinned, config_from_spec(spec, pinned.record.variants)),
    )
