"""The game's fields, their queries and the undo journal: :class:`SinterklaasPosition`.

Everything the rule modules read and write lives here, below them:
:mod:`~pnp.games.sinterklaas.rules.turns` (bidding), :mod:`~pnp.games.sinterklaas.rules.effects`
(action cards and the coin), :mod:`~pnp.games.sinterklaas.rules.scoring`
(showdown, round end, game end) and :mod:`~pnp.games.sinterklaas.rules.chance`
(the stack and chance outcomes) take a position and import nothing above it.
:class:`~pnp.games.sinterklaas.rules.state.SinterklaasState` (what the engine builds)
adds only what dispatches to those modules: the moves, chance, the legal moves and
the agenda's run (with the start of a round and set-up positions, which run it).

Undo is the journal of :class:`~pnp.engine.journal.Journaled`, as in the
other engines (no deep copies): each push saves the state's scalar fields
(numbers, flags and the immutable tuples: agenda, Pakjeskamer, stack,
discard, results; read off its ``__slots__`` by
:func:`~pnp.engine.journal.scalar_names`) as one tuple and records every change
to its per-seat lists (a replaced item or a replaced list); ``pop`` plays those
records back in reverse.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnp.engine.core import CHANCE, TERMINAL, EventLog, active_log
from pnp.engine.journal import Journaled
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.actions import Action
from pnp.games.sinterklaas.rules.cards import card_table
from pnp.games.sinterklaas.rules.config import SinterklaasConfig
from pnp.games.sinterklaas.rules.steps import (
    CARD_MASK,
    FIRST_SINT,
    IN,
    LAST_CHANCE,
    STOPPED,
    TURN_STEPS,
    Step,
)


class SinterklaasPosition(Journaled):
    """The whole game's fields, its read-only queries and its undo journal.

    The rule modules read and change a position;
    :class:`~pnp.games.sinterklaas.rules.state.SinterklaasState` adds what dispatches
    to them (``push``/``pop`` through ``_apply``, the agenda's run, the legal moves,
    chance, set-up positions).

    Public read-only attributes (never mutate them from outside):

    * ``sint``, ``big_sint`` (-1 when unused), ``round`` (1-based, 0 before the first);
    * per seat: ``hands`` (ascending card codes), ``bids`` (bid entries in
      bid order: card code plus :data:`~pnp.games.sinterklaas.rules.steps.FACE_DOWN`
      / :data:`~pnp.games.sinterklaas.rules.steps.LOCKED` flags), ``scored``
      (won cards, ascending), ``status`` (IN, STOPPED, ALL_IN), ``pending``
      (must act again in this lap);
    * ``room`` (the Pakjeskamer, in reveal order) and ``discard`` (out of the game);
    * the stack: ``stack_top`` (a card seen with Kijkpiet and put back, 0 for
      none; ``top_seen`` is the bitmask of seats who saw it), ``stack_pool``
      (the unseen cards, ascending: every draw from it is a uniform chance
      outcome, which is the shuffle) and ``stack_bottom`` (cards put under it);
    * the current turn: ``to_move``, ``turn_open``, ``turn_added`` (cards
      bid this turn), ``last_actor``; ``limit`` (SK-V3 minimum hand);
    * ``agenda`` (see :mod:`~pnp.games.sinterklaas.rules.steps`), ``results``
      (per finished round: ending, winner, pile size), ``winners``, ``history``.
    """

    __slots__ = (
        "_log",
        "_marks",
        "_ops",
        "_undo",
        "agenda",
        "bids",
        "big_sint",
        "config",
        "discard",
        "first_stop",
        "hands",
        "history",
        "inpak",
        "last_actor",
        "limit",
        "num_players",
        "pending",
        "results",
        "room",
        "round",
        "scored",
        "sint",
        "stack_bottom",
        "stack_pool",
        "stack_top",
        "status",
        "struck",
        "table",
        "to_move",
        "top_seen",
        "turn_added",
        "turn_open",
        "winners",
    )

    def __init__(
        self, config: SinterklaasConfig, num_players: int, log: EventLog | None = None
    ) -> None:
        low, high = config.players
        if not low <= num_players <= high:
            raise ValueError(f"sinterklaas is for {low} to {high} players, not {num_players}")
        table = card_table(config.kinds)
        need = num_players * config.hand_size + config.reveals
        if need > len(table.deck):
            raise ValueError(
                f"sinterklaas: one round needs {need} cards, the stack has {len(table.deck)}"
            )
        n = num_players
        self.config = config
        self.num_players = n
        self.table = table
        self.history: list[Action] = []
        self._undo: list[tuple[tuple[Any, ...], list[tuple[Any, ...]]]] = []
        self._ops: list[tuple[Any, ...]] = []
        self._log = active_log(log)
        self._marks: list[int] = []
        self.agenda: tuple[Step, ...] = ((FIRST_SINT,),)
        self.round = 0
        self.sint = -1
        self.big_sint = -1
        self.hands: list[tuple[int, ...]] = [()] * n
        self.bids: list[tuple[int, ...]] = [()] * n
        self.scored: list[tuple[int, ...]] = [()] * n
        self.status = [IN] * n
        self.pending = [False] * n
        self.room: tuple[int, ...] = ()
        self.discard: tuple[int, ...] = ()
        self.stack_top = 0
        self.top_seen = 0
        self.stack_pool: tuple[int, ...] = table.deck
        self.stack_bottom: tuple[int, ...] = ()
        self.to_move = -1
        self.turn_open = False
        self.turn_added = 0
        self.last_actor = -1
        self.limit = 0
        self.first_stop = False
        self.inpak: list[tuple[int, ...]] = [()] * n
        self.struck: list[tuple[int, ...]] = [()] * n
        self.results: tuple[tuple[int, int, int], ...] = ()
        self.winners: tuple[int, ...] = ()
        if self.log_on:
            self.emit(ev.GameStarted(n, config.variants, len(table.deck)))

    def snapshot(self) -> tuple[object, ...]:
        """Every piece of game state as nested tuples (for equality checks in tests)."""
        return (
            self._scalars(),
            tuple(self.hands),
            tuple(self.bids),
            tuple(self.scored),
            tuple(self.status),
            tuple(self.pending),
            tuple(self.inpak),
            tuple(self.struck),
            tuple(self.history),
        )

    # -- queries ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE`, or :data:`TERMINAL`."""
        agenda = self.agenda
        if not agenda:
            return TERMINAL
        step = agenda[0]
        kind = step[0]
        if kind <= LAST_CHANCE:
            return CHANCE
        if kind in TURN_STEPS:
            return self.to_move
        return step[1]

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return not self.agenda

    @property
    def node(self) -> Step:
        """The current agenda step (empty at the end)."""
        return self.agenda[0] if self.agenda else ()

    def stack_size(self) -> int:
        """Cards left in the stack."""
        return (1 if self.stack_top else 0) + len(self.stack_pool) + len(self.stack_bottom)

    def players_left(self) -> list[int]:
        """Seats still in the round (bidding or all-in)."""
        return [s for s in range(self.num_players) if self.status[s] != STOPPED]

    def clockwise(self, first: int) -> list[int]:
        """Every seat, clockwise from ``first``."""
        n = self.num_players
        return [(first + i) % n for i in range(n)]

    def points(self) -> tuple[int, ...]:
        """Every seat's points on their scored cards (SK-B9)."""
        values = self.table.points
        return tuple(sum(values[c] for c in pile) for pile in self.scored)

    def bid_cards(self, seat: int) -> tuple[int, ...]:
        """The card codes of ``seat``'s bid (flags stripped), in bid order."""
        return tuple(e & CARD_MASK for e in self.bids[seat])

    def all_cards(self) -> list[int]:
        """Every card wherever it is (stack, hands, bids, scored, Pakjeskamer, discard)."""
        out = [*self.stack_pool, *self.stack_bottom, *self.room, *self.discard]
        if self.stack_top:
            out.append(self.stack_top)
        for seat in range(self.num_players):
            out.extend(self.hands[seat])
            out.extend(self.bid_cards(seat))
            out.extend(self.scored[seat])
        return out

    # -- changing the agenda -------------------------------------------------------

    def drop_step(self) -> None:
        """Remove the current agenda step."""
        self.agenda = self.agenda[1:]

    def insert_steps(self, steps: Sequence[Step], *, replace: bool = False) -> None:
        """Put ``steps`` in front of the agenda (``replace``: instead of the current step)."""
        rest = self.agenda[1:] if replace else self.agenda
        self.agenda = (*steps, *rest)

    # -- rounds (SK-B2, SK-B3, SK-B9) ------------------------------------------------

    def deal_sizes(self) -> list[tuple[int, int]]:
        """Per seat: cards taken back from the scored pile, cards drawn from the stack (SK-B3).

        DECISION (SK-B3): a player who kept hand cards takes scored cards only
        until they hold ``hand_size`` (never more than ``from_scored``), then
        draws up to ``hand_size``; a larger kept hand stays as it is.
        """
        config = self.config
        out = []
        for seat in range(self.num_players):
            room_left = max(0, config.hand_size - len(self.hands[seat]))
            take = min(config.from_scored, len(self.scored[seat]), room_left)
            out.append((take, room_left - take))
        return out

    def cards_needed(self) -> int:
        """Stack cards one more round needs: every hand filled plus every reveal (SK-B9)."""
        return sum(draw for _, draw in self.deal_sizes()) + self.config.reveals
