"""The game state: one mutable object with ``push``/``pop`` (see :mod:`pnp.games.sinterklaas.rules.engine`).

Undo is the journal of :class:`~pnp.engine.journal.Journaled`, as in the
other engines (no deep copies): each push saves the state's scalar fields
(numbers, flags and the immutable tuples: agenda, Pakjeskamer, stack,
discard, results; read off its ``__slots__`` by
:func:`~pnp.engine.journal.scalar_names`) as one tuple and records every change
to its per-seat lists (a replaced item or a replaced list); ``pop`` plays those
records back in reverse. Rules live in the sibling modules:
:mod:`~pnp.games.sinterklaas.rules.turns` (bidding), :mod:`~pnp.games.sinterklaas.rules.effects`
(action cards and the coin), :mod:`~pnp.games.sinterklaas.rules.scoring`
(showdown, round end, game end) and :mod:`~pnp.games.sinterklaas.rules.chance`
(the stack and chance outcomes); this module holds the state, runs the
agenda, starts rounds and decides the deal sizes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pnp.engine.core import CHANCE, TERMINAL, EventLog, active_log
from pnp.engine.journal import Journaled
from pnp.games.sinterklaas.rules import chance, effects, scoring, turns
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.actions import Action
from pnp.games.sinterklaas.rules.cards import card_table, without_cards
from pnp.games.sinterklaas.rules.config import SinterklaasConfig
from pnp.games.sinterklaas.rules.steps import (
    CARD_MASK,
    DEAL,
    FIRST_SINT,
    GAME_END,
    GIVE_BIG,
    IN,
    INPAK_COLOUR,
    JOIN_PREP,
    KEEP,
    LAP,
    LAP_START,
    LAST_CHANCE,
    LIMIT,
    ONE_LEFT,
    OPEN_BIG_PREP,
    OPENING,
    REVEAL,
    ROUND_START,
    SHOWDOWN,
    SHOWDOWN_PREP,
    STOPPED,
    STRIKE,
    TURN_STEPS,
    Step,
)

_ROUND_DECISIONS = (LIMIT, GIVE_BIG)
_SCORING_DECISIONS = (INPAK_COLOUR, STRIKE, KEEP)


class SinterklaasState(Journaled):
    """The whole game, mutated by :meth:`push` and restored by :meth:`pop`.

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

    def legal_actions(self) -> list[int]:
        """The moves of the player to act; empty at chance and terminal nodes."""
        agenda = self.agenda
        if not agenda or agenda[0][0] <= LAST_CHANCE:
            return []
        step = agenda[0]
        kind = step[0]
        if kind in TURN_STEPS:
            return turns.turn_moves(self, step)
        if kind in _ROUND_DECISIONS:
            return turns.round_moves(self, step)
        if kind in _SCORING_DECISIONS:
            return scoring.decision_moves(self, step)
        return effects.decision_moves(self, step)

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

    # -- positions for tests and rulebook examples ------------------------------

    def set_position(
        self,
        *,
        sint: int,
        hands: Sequence[Sequence[int]] | None = None,
        scored: Sequence[Sequence[int]] | None = None,
        stack: Sequence[int] | None = None,
        big_sint: int = -1,
        round_number: int = 0,
    ) -> None:
        """Jump to the start of a round (before its deal) with the given cards.

        ``hands`` are cards kept from an earlier round, ``scored`` the won
        piles, ``stack`` the unseen stack (default: every other card). Cards
        of the deck that are nowhere else are in the discard pile. Clears the
        history and the undo stack; meant for tests and examples.
        """
        n = self.num_players
        self.hands = [tuple(sorted(h)) for h in hands] if hands is not None else [()] * n
        self.scored = [tuple(sorted(p)) for p in scored] if scored is not None else [()] * n
        if len(self.hands) != n or len(self.scored) != n:
            raise ValueError(f"expected {n} hands and scored piles")
        placed = [c for h in self.hands for c in h] + [c for p in self.scored for c in p]
        rest = without_cards(self.table.deck, placed)
        if stack is None:
            self.stack_pool = rest
            self.discard = ()
        else:
            self.stack_pool = tuple(sorted(stack))
            self.discard = without_cards(rest, stack)
        self.stack_top = 0
        self.top_seen = 0
        self.stack_bottom = ()
        self.sint = sint
        self.big_sint = big_sint
        self.round = round_number
        self.bids = [()] * n
        self.room = ()
        self.results = ()
        self.winners = ()
        self.agenda = ((ROUND_START,),)
        self.history.clear()
        self._undo.clear()
        self._marks.clear()
        self._ops = []
        self._advance()

    # -- applying actions ----------------------------------------------------------

    def drop_step(self) -> None:
        """Remove the current agenda step."""
        self.agenda = self.agenda[1:]

    def insert_steps(self, steps: Sequence[Step], *, replace: bool = False) -> None:
        """Put ``steps`` in front of the agenda (``replace``: instead of the current step)."""
        rest = self.agenda[1:] if replace else self.agenda
        self.agenda = (*steps, *rest)

    def _apply(self, action: Action) -> None:
        """Apply ``action`` and everything the rules do after it (see :meth:`push`).

        Chance outcomes are checked against the cards where they come from and
        moves against the node's kind, but moves are not checked for being
        among :meth:`legal_actions` (replay does that for untrusted records).
        """
        if not self.agenda:
            raise ValueError("the game is over")
        step = self.agenda[0]
        if step[0] <= LAST_CHANCE:
            chance.apply_chance(self, step, action)
        elif not isinstance(action, int) or isinstance(action, bool):
            raise ValueError(f"expected a move, got {action!r}")
        elif step[0] in TURN_STEPS:
            turns.apply_turn_move(self, step, action)
        elif step[0] in _ROUND_DECISIONS:
            turns.apply_round_move(self, step, action)
        elif step[0] in _SCORING_DECISIONS:
            scoring.apply_decision(self, step, action)
        else:
            effects.apply_decision(self, step, action)
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps until the next chance or decision node (or the end)."""
        while self.agenda:
            step = self.agenda[0]
            kind = step[0]
            if kind >= ROUND_START:
                self._automatic(step)
            elif kind in TURN_STEPS:
                if turns.turn_ready(self, step):
                    return
            elif kind <= LAST_CHANCE:
                if chance.chance_ready(self, step):
                    return
            elif kind in _ROUND_DECISIONS:
                return
            elif kind in _SCORING_DECISIONS:
                if scoring.decision_ready(self, step):
                    return
            elif effects.decision_ready(self, step):
                return

    def _automatic(self, step: Step) -> None:
        kind = step[0]
        if kind == ROUND_START:
            self._round_start()
        elif kind == LAP_START:
            turns.start_lap(self, step[1])
        elif kind == SHOWDOWN_PREP:
            scoring.prepare_showdown(self)
        elif kind == SHOWDOWN:
            scoring.showdown(self)
        elif kind == GAME_END:
            scoring.end_game(self)
        elif kind == OPENING:
            turns.opening(self)
        elif kind == OPEN_BIG_PREP:
            turns.open_big_prep(self, step[1])
        elif kind == ONE_LEFT:
            scoring.one_left(self, step[1])
        elif kind == JOIN_PREP:
            effects.join_prep(self, step[1])
        else:
            raise AssertionError(f"unknown automatic step {step!r}")

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

    def _round_start(self) -> None:
        """SK-B9: end the game if the stack cannot supply a full round; else set up the round."""
        if self.stack_size() < self.cards_needed():
            self.agenda = ((GAME_END,),)
            return
        n = self.num_players
        config = self.config
        self.round += 1
        self.journal_attr("bids", [()] * n)
        self.journal_attr("status", [IN] * n)
        self.journal_attr("pending", [False] * n)
        self.room = ()
        self.limit = 0
        self.first_stop = False
        self.journal_attr("inpak", [()] * n)
        self.journal_attr("struck", [()] * n)
        self.turn_open = False
        self.turn_added = 0
        self.to_move = -1
        if self.log_on:
            self.emit(ev.RoundStarted(self.round, self.sint, self.stack_size(), config.reveals))
        steps: list[Step] = [(DEAL,)]
        if config.hand_rule:
            steps.append((LIMIT, self.sint))
        if config.big_sint:
            steps.append((OPENING,))
        for lap in range(1, config.reveals + 1):
            steps += [(REVEAL, lap), (LAP_START, lap), (LAP, lap)]
        steps += [(SHOWDOWN_PREP,), (SHOWDOWN,)]
        self.agenda = tuple(steps)

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the outcome of the current chance step with ``rng``."""
        return chance.sample_chance(self, rng)
