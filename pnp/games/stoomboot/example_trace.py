"""Replaying Stoomboot games round by round: any list of actions, or a pinned example.

:func:`walk_rounds` replays a game's actions and describes each round
(:class:`RoundTrace`): the map and the pawns as the round began, the
Stoomrij, and every action of the round with the events it caused
(:class:`Moment`). Everything a trace knows comes from the event log, so the
examples' claims (checked against the engine state by the tests) are an
independent check of it.

Every example is a real game, pinned in
``cardspecs/stoomboot/examples/<example-id>.json`` by
:mod:`pnp.games.stoomboot.example_finder` in the shared format of
:class:`~pnp.story.pinned.PinnedRecord`: the record (chance included) up to
the end of the focus round. :func:`load_pinned` reads one and replays it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pnp.engine.core import TERMINAL, Event
from pnp.games.stoomboot.actions import Action
from pnp.games.stoomboot.config import StoombootConfig
from pnp.games.stoomboot.engine import ENGINE
from pnp.games.stoomboot.events import (
    BoatPlaced,
    DamageTaken,
    Delivered,
    HeadingChosen,
    MapLaid,
    PawnMoved,
    PawnTurned,
    PietEntered,
    RoundEnded,
    RoundStarted,
    RowLengthened,
    RowShortened,
)
from pnp.games.stoomboot.spec_config import config_from_spec
from pnp.spec.model import GameSpec
from pnp.story.pinned import PinnedCase, PinnedRecord, RecentLog
from pnp.story.pinned import load_pinned as load_pinned_record

FOCUS = ("round",)
"""The name of a pinned example's focus number: the round it tells."""

FINDER = "pnp.games.stoomboot.example_finder"
"""The module that finds and rewrites the pinned files."""

Pawns = tuple[tuple[str, str, str], ...]
"""Pawns on the map: ``(pawn, square, heading)``, the boat first."""


@dataclass(frozen=True)
class Moment:
    """One action of a round with what it caused."""

    index: int
    """Position of the action in the game's action list."""
    actor: int
    """The seat that chose the action, or :data:`~pnp.engine.core.CHANCE`."""
    action: Action
    events: tuple[Event, ...]


@dataclass(frozen=True)
class RoundTrace:
    """A round from its start to its end (or to the end of the actions)."""

    round: int
    num_players: int
    size: int
    tiles: tuple[str, ...]
    """The map's tile ids, row by row from the top left."""
    delivered: frozenset[str]
    """Squares of the houses delivered before the round."""
    pawns: Pawns
    """The pawns as the round began."""
    sint: int
    row: tuple[str, ...]
    """The Stoomrij's cards as the round began, left to right."""
    icons: tuple[str, ...]
    """The icon of every position ("" for none)."""
    eyes: tuple[bool, ...]
    """Whether a card may lie face up on each position (icons and weather together)."""
    moments: tuple[Moment, ...]
    finished: bool

    @property
    def last(self) -> int:
        """Index of the round's last action."""
        return self.moments[-1].index

    def events(self, kind: type[Event] | tuple[type[Event], ...]) -> list[Event]:
        """The round's events of one type (or several), in order."""
        return [e for m in self.moments for e in m.events if isinstance(e, kind)]

    def moment_of(self, event: Event) -> Moment:
        """The moment whose action caused ``event``."""
        return next(m for m in self.moments if any(e is event for e in m.events))


class TableState:
    """What the event log has told so far: the map, the delivered houses, the pawns and
    the Stoomrij. The trace walker and the examples' storytelling both follow the log
    through it (:meth:`see`)."""

    def __init__(self) -> None:
        self.tiles: tuple[str, ...] = ()
        self.size = 0
        self.delivered: set[str] = set()
        self.pawns: dict[str, tuple[str, str]] = {}
        self.row: tuple[str, ...] = ()

    @classmethod
    def at_start(cls, trace: RoundTrace) -> TableState:
        """The table as ``trace``'s round began."""
        table = cls()
        table.tiles, table.size, table.row = trace.tiles, trace.size, trace.row
        table.delivered = set(trace.delivered)
        table.pawns = {pawn: (square, heading) for pawn, square, heading in trace.pawns}
        return table

    def see(self, event: Event) -> None:
        """Follow one event."""
        if isinstance(event, MapLaid):
            self.size = event.size
            self.tiles = tuple(t for row in event.rows for t in row)
        elif isinstance(event, BoatPlaced):
            self.pawns["boot"] = (event.square, event.heading)
        elif isinstance(event, PawnMoved):
            self.pawns[event.pawn] = (event.end, event.heading)
        elif isinstance(event, PawnTurned):
            self.pawns[event.pawn] = (event.square, event.after)
        elif isinstance(event, PietEntered):
            self.pawns[event.pawn] = (event.square, event.heading)
        elif isinstance(event, HeadingChosen):
            self.pawns[event.pawn] = (self.pawns[event.pawn][0], event.heading)
        elif isinstance(event, Delivered):
            self.delivered.add(event.square)
        elif isinstance(event, RoundStarted | RowLengthened | RowShortened | DamageTaken):
            self.row = event.row

    def snapshot(self) -> Pawns:
        """The pawns, the boat first."""
        order = sorted(self.pawns, key=lambda p: (p != "boot", p))
        return tuple((p, *self.pawns[p]) for p in order)


def walk_rounds(
    config: StoombootConfig, num_players: int, actions: Sequence[Action]
) -> Iterator[RoundTrace]:
    """Replay ``actions`` and yield every round; ``ValueError`` on an illegal action.

    A round is yielded when it ends, or at the end of the actions if it is
    still going on (then ``finished`` is false).
    """
    log = RecentLog()
    state = ENGINE.new_state(config, num_players, log)
    table = TableState()
    start: tuple[RoundStarted, frozenset[str], Pawns, tuple[str, ...]] | None = None
    moments: list[Moment] = []
    for index, action in enumerate(actions):
        actor = state.current_player()
        if actor == TERMINAL:
            raise ValueError(f"action {index} comes after the end of the game")
        if actor >= 0 and action not in state.legal_actions():
            raise ValueError(f"action {index} is not legal for seat {actor}")
        before = (frozenset(table.delivered), table.snapshot())
        log.recent = []
        state.push(action)
        events = tuple(log.recent)
        for event in events:
            if isinstance(event, RoundStarted):
                start = (event, *before, table.tiles)
                moments = []
            table.see(event)
        if start is None:
            continue
        moments.append(Moment(index, actor, action, events))
        if any(isinstance(e, RoundEnded) for e in events):
            yield _trace(start, num_players, table.size, moments, True)
            start = None
    if start is not None:
        yield _trace(start, num_players, table.size, moments, False)


def _trace(
    start: tuple[RoundStarted, frozenset[str], Pawns, tuple[str, ...]],
    num_players: int,
    size: int,
    moments: list[Moment],
    finished: bool,
) -> RoundTrace:
    began, delivered, pawns, tiles = start
    return RoundTrace(
        round=began.round,
        num_players=num_players,
        size=size,
        tiles=tiles,
        delivered=delivered,
        pawns=pawns,
        sint=began.sint,
        row=began.row,
        icons=began.icons,
        eyes=began.open,
        moments=tuple(moments),
        finished=finished,
    )


def focus_round(pinned: PinnedRecord, config: StoombootConfig) -> RoundTrace:
    """Replay ``pinned`` and return its focus round, which must end the record
    with the round's end; ``ValueError`` otherwise."""
    number = pinned.focus_value("round")
    actions = [ENGINE.decode_action(a) for a in pinned.record.actions]
    traces = list(walk_rounds(config, pinned.record.num_players, actions))
    if not traces or traces[-1].round != number or not traces[-1].finished:
        raise ValueError(f"the record does not end with the end of round {number}")
    return traces[-1]


def load_pinned(spec: GameSpec, case: PinnedCase) -> tuple[PinnedRecord, RoundTrace]:
    """Read and replay one pinned example; any problem is a :class:`PnpError` naming the file."""
    return load_pinned_record(
        spec,
        case,
        FOCUS,
        FINDER,
        lambda pinned: focus_round(pinned, config_from_spec(spec, pinned.record.variants)),
        check_variants=True,
    )
