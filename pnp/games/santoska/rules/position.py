"""The game's fields, their queries and the undo journal: :class:`SantoskaPosition`.

Everything the rule modules read and write lives here, below them:
:mod:`~pnp.games.santoska.rules.chance` (dealer, deal and peek, reshuffle),
:mod:`~pnp.games.santoska.rules.turns` (a turn, Arriba, Stop, the final lap) and
:mod:`~pnp.games.santoska.rules.rounds` (scoring, elimination, the end of the game)
take a position and import nothing above it.
:class:`~pnp.games.santoska.rules.state.SantoskaState` (what the engine builds) adds
only what dispatches to those modules: the moves and chance.

Undo is a journal (python-chess style, no deep copies): each push saves the
state's few scalar fields as one tuple (those of its ``__slots__`` that hold an
immutable value: :func:`pnp.engine.journal.scalar_names`) and records every list change it makes
(an append, a pop, a replaced item or a replaced attribute), and ``pop``
plays those records back in reverse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.engine.core import CHANCE, TERMINAL, EventLog, active_log
from pnp.engine.journal import Journaled
from pnp.games.santoska.rules.actions import ARRIBA, DISCARD, DRAW, END, STOP, TAKE, Action, swap
from pnp.games.santoska.rules.cards import NO_CARD, SANTOSKA, seen_tallies, tally_of
from pnp.games.santoska.rules.config import MAX_SEATS, MIN_PLAYERS, SantoskaConfig
from pnp.games.santoska.rules.events import GameStarted
from pnp.games.santoska.rules.phases import (
    PHASE_CALL,
    PHASE_DEALER,
    PHASE_DRAW,
    PHASE_OVER,
    PHASE_PLACE,
)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: who stopped (-1 if capped), its turns and ``(seat, points)`` pairs."""

    round: int
    stopper: int
    turns: int
    capped: bool
    points: tuple[tuple[int, int], ...]


class SantoskaPosition(Journaled):
    """The whole game's fields, its read-only queries and its undo journal.

    The rule modules read and change a position;
    :class:`~pnp.games.santoska.rules.state.SantoskaState` adds what dispatches to
    them (``push``/``pop`` through ``_apply``, chance).

    Public read-only attributes (never mutate them from outside):

    * ``phase`` (``PHASE_*``), ``round`` (1-based, 0 before the first deal),
      ``dealer``, ``starter``, ``to_move``, ``turn`` (turns begun this round);
    * per seat: ``totals`` (running penalty points), ``out`` (eliminated),
      ``grids`` (flat cells, bottom row first; empty when out), ``known``
      (per cell the bitmask of seats that know the card), ``arriba``
      (bottom row closed this round);
    * ``seen_tally`` (per seat, copies per card code of the grid cards that
      seat knows: ``known`` counted once, kept up to date for the views);
    * ``pile`` (the draw pile, top card *last*), ``discard`` (the discard
      pile, top card last), ``hand`` (the card drawn this turn or
      ``NO_CARD``), ``hand_taken`` (it came from the discard pile);
    * ``stopper`` (-1 before a Stop), ``final_left`` (final-lap turns still
      to come), ``results`` (finished rounds), ``winners``, ``end_reason``,
      ``history``.
    """

    __slots__ = (
        "_log",
        "_marks",
        "_ops",
        "_undo",
        "arriba",
        "config",
        "dealer",
        "deck",
        "deck_tally",
        "discard",
        "discard_tally",
        "end_reason",
        "everyone",
        "final_left",
        "grids",
        "hand",
        "hand_taken",
        "history",
        "known",
        "num_players",
        "out",
        "phase",
        "pile",
        "results",
        "round",
        "row_length",
        "seen_tally",
        "starter",
        "stopper",
        "to_move",
        "totals",
        "turn",
        "winners",
    )

    def __init__(
        self, config: SantoskaConfig, num_players: int, log: EventLog | None = None
    ) -> None:
        low, high = config.players
        if not max(low, MIN_PLAYERS) <= num_players <= min(high, MAX_SEATS):
            raise ValueError(f"santoska is for {low} to {high} players, not {num_players}")
        if config.row_length < 1:
            raise ValueError("santoska: rows need at least one card")
        if num_players * config.grid_size + 1 > config.deck_size:
            raise ValueError(
                f"santoska: {config.deck_size} cards cannot deal {config.grid_size} cards "
                f"to each of {num_players} players and turn up a discard"
            )
        if any(number <= SANTOSKA for number in config.number_counts):
            raise ValueError("santoska: number cards are numbered 1 or more")
        self.config = config
        self.num_players = num_players
        self.row_length = config.row_length
        self.everyone = (1 << num_players) - 1
        self.deck = config.deck
        # copies per card code (index), for the views' quick count of unseen cards
        self.deck_tally = tuple(tally_of(self.deck, 0))
        self.phase = PHASE_DEALER
        self.dealer = -1
        self.starter = -1
        self.to_move = -1
        self.round = 0
        self.turn = 0
        self.hand = NO_CARD
        self.hand_taken = False
        self.stopper = -1
        self.final_left = 0
        self.totals = [0] * num_players
        self.out = [False] * num_players
        self.grids: list[list[int]] = [[] for _ in range(num_players)]
        self.known: list[list[int]] = [[] for _ in range(num_players)]
        self.arriba = [False] * num_players
        self.pile: list[int] = []
        self.discard: list[int] = []
        self.discard_tally: list[int] = [0] * len(self.deck_tally)
        self.seen_tally: list[list[int]] = [[0] * len(self.deck_tally) for _ in range(num_players)]
        self.results: list[RoundResult] = []
        self.winners: tuple[int, ...] = ()
        self.end_reason = ""
        self.history: list[Action] = []
        self._undo: list[tuple[tuple[Any, ...], list[tuple[Any, ...]]]] = []
        self._ops: list[tuple[Any, ...]] = []
        self._log = active_log(log)
        self._marks: list[int] = []
        if self.log_on:
            self.emit(GameStarted(num_players, config.variants, config.row_length, config.limit))

    # -- queries ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` (dealer, deal, reshuffle) or ``TERMINAL``."""
        phase = self.phase
        if phase >= PHASE_DRAW:
            return TERMINAL if phase == PHASE_OVER else self.to_move
        return CHANCE

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.phase == PHASE_OVER

    def legal_actions(self) -> Sequence[int]:
        """The moves of the seat to act (SA-B3 ... SA-B5); empty at chance and terminal nodes."""
        phase = self.phase
        if phase == PHASE_DRAW:
            return _TAKE_OR_DRAW if self.pile else _TAKE_ONLY
        if phase == PHASE_PLACE:
            return _SWAPS[self.row_length]
        if phase == PHASE_CALL:
            return _END_OR_STOP if self.arriba[self.to_move] else _END_OR_ARRIBA
        return ()

    def remaining(self) -> tuple[int, ...]:
        """The seats still in the game, ascending."""
        return tuple([seat for seat, out in enumerate(self.out) if not out])

    def next_seat(self, seat: int) -> int:
        """The next seat clockwise after ``seat`` that is still in the game."""
        n = self.num_players
        out = self.out
        nxt = seat + 1 if seat + 1 < n else 0
        while out[nxt]:
            nxt = nxt + 1 if nxt + 1 < n else 0
        return nxt

    def active_row(self, seat: int) -> int:
        """The active row of ``seat``: BOTTOM (0) before their Arriba, TOP (1) after (SA-B4)."""
        return 1 if self.arriba[seat] else 0

    def all_cards(self) -> list[int]:
        """Every playing card wherever it is (grids, hand, draw and discard piles)."""
        cards = [card for grid in self.grids for card in grid]
        cards.extend(self.pile)
        cards.extend(self.discard)
        if self.hand != NO_CARD:
            cards.append(self.hand)
        return cards

    # -- setting up positions (tests, rulebook examples) ---------------------------

    def set_round(
        self,
        grids: Sequence[Sequence[int]],
        pile: Sequence[int],
        discard: Sequence[int],
        starter: int,
        *,
        totals: Sequence[int] | None = None,
        arriba: Sequence[bool] | None = None,
        known: Sequence[Sequence[int]] | None = None,
        dealer: int | None = None,
        round_number: int = 1,
    ) -> None:
        """Jump to the start of a turn of ``starter`` in round ``round_number``.

        ``grids[seat]`` are the seat's cells (empty for an eliminated seat),
        ``pile`` the draw pile from the top down, ``discard`` the discard pile
        from the bottom up (its last card is the open one). By default every
        seat knows its bottom row (the peek, SA-B2) and nothing else; pass
        ``known`` (per seat, per cell a seat bitmask) to change that. Clears
        the history and the undo journal; the cards need not match the deck.
        Meant for tests and rulebook examples, not for play.
        """
        n = self.num_players
        size = 2 * self.row_length
        if len(grids) != n:
            raise ValueError(f"expected {n} grids, got {len(grids)}")
        if any(len(grid) not in (0, size) for grid in grids):
            raise ValueError(f"every grid has {size} cells (or none when eliminated)")
        if sum(1 for grid in grids if grid) < MIN_PLAYERS:
            raise ValueError("at least two seats must be in the game")
        if not grids[starter]:
            raise ValueError(f"seat {starter} is not in the game")
        if not discard:
            raise ValueError("the discard pile needs its open card")
        self.grids = [list(grid) for grid in grids]
        self.out = [not grid for grid in grids]
        if known is None:
            self.known = [
                [1 << seat if cell < self.row_length else 0 for cell in range(len(grid))]
                for seat, grid in enumerate(grids)
            ]
        else:
            self.known = [list(masks) for masks in known]
        self.pile = list(reversed(pile))
        self.discard = list(discard)
        self.discard_tally = tally_of(self.discard, len(self.deck_tally))
        # long enough for every card of the position (it need not match the deck)
        length = len(tally_of(self.all_cards(), len(self.deck_tally)))
        self.seen_tally = seen_tallies(self.grids, self.known, n, length)
        self.arriba = list(arriba) if arriba is not None else [False] * n
        if totals is not None:
            self.totals = list(totals)
        self.round = round_number
        self.starter = self.to_move = starter
        self.dealer = dealer if dealer is not None else (starter - 1) % n
        self.turn = 1
        self.hand = NO_CARD
        self.hand_taken = False
        self.stopper = -1
        self.final_left = 0
        self.winners = ()
        self.end_reason = ""
        self.phase = PHASE_DRAW
        self.history.clear()
        self._undo.clear()
        self._marks.clear()

    # -- comparison (tests) ---------------------------------------------------------

    def snapshot(self) -> tuple[object, ...]:
        """Every piece of game state as nested tuples (for equality checks in tests)."""
        return (
            self._scalars(),
            tuple(self.totals),
            tuple(self.out),
            tuple(tuple(g) for g in self.grids),
            tuple(tuple(k) for k in self.known),
            tuple(self.arriba),
            tuple(self.pile),
            tuple(self.discard),
            tuple(self.results),
            tuple(self.history),
        )


_TAKE_OR_DRAW = (TAKE, DRAW)
_TAKE_ONLY = (TAKE,)
_END_OR_ARRIBA = (END, ARRIBA)
_END_OR_STOP = (END, STOP)


class _SwapTable(dict[int, tuple[int, ...]]):
    """Row length -> the swap moves and DISCARD (SA-B3: for a card from either pile),
    built on first use."""

    def __missing__(self, row_length: int) -> tuple[int, ...]:
        value = (*(swap(col) for col in range(row_length)), DISCARD)
        self[row_length] = value
        return value


_SWAPS = _SwapTable()
