"""Replaying Sinterklaas games round by round: any list of actions, or a pinned example.

:func:`walk_rounds` replays a game's actions and describes its rounds
(:class:`RoundTrace`): the table right after the deal and, for every later
action of the round, the table before it and the events it caused
(:class:`Moment`).

Every example is a real game, pinned in
``cardspecs/sinterklaas/examples/<example-id>.json`` by
:mod:`pnp.games.sinterklaas.example_finder` in the shared format of
:class:`~pnp.story.pinned.PinnedRecord`: the game record (every action,
chance included) up to the end of the part of the *focus round* the example
tells (:data:`~pnp.games.sinterklaas.example_cases.KIND_PART`), and the focus
round's number. :func:`load_pinned` reads one and replays it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from pnp.engine.core import CHANCE, TERMINAL, Event
from pnp.games.sinterklaas import events as ev
from pnp.games.sinterklaas.actions import Action
from pnp.games.sinterklaas.config import SinterklaasConfig
from pnp.games.sinterklaas.engine import ENGINE, SinterklaasState
from pnp.games.sinterklaas.example_cases import (
    KIND_PART,
    PART_OPENING,
)
from pnp.games.sinterklaas.spec_config import config_from_spec
from pnp.games.sinterklaas.steps import (
    DEAL,
    GIVE_BIG,
    INPAK_COLOUR,
    OPEN_BIG,
    OPEN_SMALL,
    REVEAL,
    STRIKE,
    Step,
)
from pnp.spec.model import GameSpec
from pnp.story.pinned import PinnedCase, PinnedRecord, RecentLog
from pnp.story.pinned import load_pinned as load_pinned_record

FOCUS = ("round",)
"""The names of a pinned example's focus numbers: the round it tells."""

FINDER = "pnp.games.sinterklaas.example_finder"
"""The module that finds and rewrites the pinned files."""


@dataclass(frozen=True)
class Table:
    """What lies on the table at one moment of a round (card codes; bids without flags)."""

    sint: int
    big_sint: int
    hands: tuple[tuple[int, ...], ...]
    bids: tuple[tuple[int, ...], ...]
    status: tuple[int, ...]
    room: tuple[int, ...]

    @property
    def pile(self) -> int:
        """Cards in the bid pile (every bid together)."""
        return sum(len(bid) for bid in self.bids)


def table_of(state: SinterklaasState) -> Table:
    """The table of ``state`` now."""
    n = state.num_players
    return Table(
        state.sint,
        state.big_sint,
        tuple(state.hands),
        tuple(state.bid_cards(s) for s in range(n)),
        tuple(state.status),
        state.room,
    )


@dataclass(frozen=True)
class Moment:
    """One action of a round with the table before it and what it caused."""

    index: int
    """Position of the action in the game's action list."""
    actor: int
    """The seat that chose the action, or :data:`~pnp.engine.core.CHANCE`."""
    node: Step
    """The agenda step the action answered (see :mod:`~pnp.games.sinterklaas.steps`)."""
    next_node: Step
    """The agenda step after it (empty at the end of the game)."""
    action: Action
    before: Table
    events: tuple[Event, ...]
    """The events of the action, up to the end of the round."""


@dataclass(frozen=True)
class RoundTrace:
    """A round from the table after its deal to its end (or to the end of the actions)."""

    round: int
    num_players: int
    start: Table
    moments: tuple[Moment, ...]
    finished: bool
    """True if the round ended within the actions."""

    @property
    def first(self) -> int:
        """Index of the round's first action after the deal."""
        return self.moments[0].index

    @property
    def last(self) -> int:
        """Index of the round's last action."""
        return self.moments[-1].index

    def events(self, kind: type[Event] | tuple[type[Event], ...]) -> list[Event]:
        """The round's events of one type (or several), in order."""
        return [e for m in self.moments for e in m.events if isinstance(e, kind)]

    def showdown_start(self) -> int:
        """Position in :attr:`moments` where the scoring starts (``len(moments)`` if never).

        That is the first scoring decision (a Pietje Precies strike or an
        Inpakpiet colour), else the action whose events show the combinations.
        """
        for position, moment in enumerate(self.moments):
            if moment.node[0] in (STRIKE, INPAK_COLOUR):
                return position
            if any(isinstance(e, ev.CombinationShown) for e in moment.events):
                return position
        return len(self.moments)

    def opening_end(self) -> int:
        """Position in :attr:`moments` after the opening of Wie kent hem niet (0 without one)."""
        end = 0
        for position, moment in enumerate(self.moments):
            if moment.node[0] in (GIVE_BIG, OPEN_SMALL, OPEN_BIG):
                end = position + 1
        return end


def _until_round_end(events: Sequence[Event]) -> tuple[tuple[Event, ...], bool]:
    """The events up to and including :class:`RoundEnded`, and whether it came."""
    for position, event in enumerate(events):
        if isinstance(event, ev.RoundEnded):
            return tuple(events[: position + 1]), True
    return tuple(events), False


def walk_rounds(
    config: SinterklaasConfig,
    num_players: int,
    actions: Sequence[Action],
    wanted: Callable[[int], bool] | None = None,
) -> Iterator[RoundTrace]:
    """Replay ``actions`` and yield every round; ``ValueError`` on an illegal action.

    A round is yielded when it ends, or at the end of ``actions`` if it is
    still going (``finished`` false). With ``wanted``, only rounds whose
    number passes that test are traced (the others are only replayed).
    """
    log = RecentLog()
    state = ENGINE.new_state(config, num_players, log)
    tracing = False
    start = table_of(state)
    number = 0
    moments: list[Moment] = []
    for index, action in enumerate(actions):
        actor = state.current_player()
        if actor == TERMINAL:
            raise ValueError(f"action {index} comes after the end of the game")
        if actor != CHANCE and action not in state.legal_actions():
            raise ValueError(f"action {index} is not legal for seat {actor}")
        node = state.node
        before = table_of(state) if tracing else start
        log.recent = []
        state.push(action)
        if node[0] == DEAL:
            number = state.round
            tracing = wanted is None or wanted(number)
            start, moments = table_of(state), []
            continue
        if not tracing:
            continue
        events, ended = _until_round_end(log.recent)
        moments.append(Moment(index, actor, node, state.node, action, before, events))
        if ended:
            tracing = False
            yield RoundTrace(number, num_players, start, tuple(moments), True)
    if tracing and moments:
        yield RoundTrace(number, num_players, start, tuple(moments), False)


# ---------------------------------------------------------------------------
# Pinned records


def focus_trace(pinned: PinnedRecord, config: SinterklaasConfig) -> RoundTrace:
    """Replay ``pinned`` and return its focus round, whose told part must end the record.

    Raises ``ValueError`` when the record does not replay, lacks the focus
    round, or does not end where the example's part of the round ends.
    """
    number = pinned.focus_value("round")
    actions = [ENGINE.decode_action(a) for a in pinned.record.actions]
    found: RoundTrace | None = None
    for trace in walk_rounds(config, pinned.record.num_players, actions, lambda r: r == number):
        found = trace
    if found is None or found.round != number:
        raise ValueError(f"round {number} is not in the record")
    if found.last != len(actions) - 1:
        raise ValueError(f"the record goes on after round {number}")
    if KIND_PART[pinned.kind] == PART_OPENING:
        if found.opening_end() != len(found.moments) or found.moments[-1].next_node[:1] != (
            REVEAL,
        ):
            raise ValueError("the record does not end with the opening of the focus round")
    elif not found.finished:
        raise ValueError(f"the record ends before round {number} is over")
    return found


def load_pinned(spec: GameSpec, case: PinnedCase) -> tuple[PinnedRecord, RoundTrace]:
    """Read and replay one pinned example; any problem is a :class:`PnpError` naming the file."""
    return load_pinned_record(
        spec,
        case,
        FOCUS,
        FINDER,
        lambda pinned: focus_trace(pinned, config_from_spec(spec, pinned.record.variants)),
        check_variants=True,
    )
