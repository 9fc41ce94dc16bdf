"""The game's fields, their queries and the undo journal: :class:`StoombootSituation`.

Everything the rule modules read and write lives here, below them:
:mod:`~pnp.games.stoomboot.rules.chance`, :mod:`~pnp.games.stoomboot.rules.rounds`,
:mod:`~pnp.games.stoomboot.rules.placing`, :mod:`~pnp.games.stoomboot.rules.sailing`,
:mod:`~pnp.games.stoomboot.rules.delivery`, :mod:`~pnp.games.stoomboot.rules.kalender`
and :mod:`~pnp.games.stoomboot.rules.flow` take a situation and import nothing above
it. :class:`~pnp.games.stoomboot.rules.state.StoombootState` (what the engine builds)
adds only what dispatches to those modules: the moves, chance and the legal moves.

Undo is a journal, as in the other engines (no deep copies): each push saves
the state's scalar fields as one tuple (:class:`~pnp.engine.journal.Journaled` reads
them off ``__slots__``) and records every list change it makes
(append, pop, insert, delete, replaced item, replaced attribute); ``pop``
plays those records back in reverse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.engine.core import CHANCE, TERMINAL, EventLog, active_log
from pnp.engine.journal import Journaled
from pnp.games.stoomboot.rules.actions import Action, action_table
from pnp.games.stoomboot.rules.board import HEADINGS, OFF_MAP, N, neighbours, square_name
from pnp.games.stoomboot.rules.cards import NO_CARD, VAREN, tables_for
from pnp.games.stoomboot.rules.config import MAX_SEATS, MIN_PLAYERS, StoombootConfig
from pnp.games.stoomboot.rules.events import GameStarted
from pnp.games.stoomboot.rules.phases import (
    CHOICE_NONE,
    PHASE_CHOICE,
    PHASE_DRAW,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_SINT,
    STAGE_SETUP,
)

BOAT = 0
"""Pawn index of the boat; the Piet of seat ``s`` is pawn ``1 + s``."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round (for metrics and summaries).

    ``positions`` of the Stoomrij, cards ``placed``, squares sailed
    (``steps``), ``damage`` taken, house codes ``delivered``, the Stoomrij
    length after the round (``row``) and the Kalender count.
    """

    round: int
    sint: int
    positions: int
    placed: int
    steps: int
    damage: int
    delivered: tuple[int, ...]
    row: int
    kalender: int


class StoombootSituation(Journaled):
    """The whole game's fields, its read-only queries and its undo journal.

    The rule modules read and change a situation;
    :class:`~pnp.games.stoomboot.rules.state.StoombootState` adds what dispatches to
    them (``push``/``pop`` through ``_apply``, the moves, chance).

    Public read-only attributes (never mutate them from outside):

    * ``phase`` (``PHASE_*``), ``stage`` (``STAGE_*``), ``round`` (1-based),
      ``sint``, ``next_sint``, ``to_move`` (drawing or placing seat);
    * the map: ``size``, ``tiles`` (tile code per square), ``tile_kind``,
      ``house_at`` (house code per square, -1), ``delivered`` (per house code),
      ``on_map`` (the house codes laid); pawns ``pawn_sq``/``pawn_head``
      (index 0 the boat, ``1 + seat`` a Piet; ``OFF_MAP`` before it appears);
    * cards as codes (:mod:`~pnp.games.stoomboot.rules.cards`): ``hands``, ``piles``
      and ``discards`` per deck (top card *last*), ``row`` (the Stoomrij, left
      to right), ``kalender`` (cards set aside, base game), ``kal_pile`` and
      ``kal_drawn`` (krappe-kalender), ``out`` (delivered pakjes);
    * this round's positions: ``slot_card`` (``NO_CARD`` when empty or the
      card left the table), ``slot_owner``, ``slot_up``, ``slot_icon``,
      ``slot_open``, ``cursor`` (positions revealed);
    * sailing: ``queue`` (pending steps of the card being carried out),
      ``choice`` and ``options`` (the Sint's pending decision), ``anchor``,
      ``talk`` (Telefoon talk open);
    * ``results`` (finished rounds), ``winners``, ``end_reason``, ``history``.
    """

    __slots__ = (
        "_log",
        "_marks",
        "_ops",
        "_undo",
        "acts",
        "after_card",
        "anchor",
        "attach_cause",
        "card_code",
        "card_icon",
        "card_pawn",
        "choice",
        "config",
        "cursor",
        "damage_total",
        "delivered",
        "discards",
        "draw_left",
        "end_reason",
        "hand_size",
        "hands",
        "history",
        "house_at",
        "kal_drawn",
        "kal_pile",
        "kalender",
        "krappe",
        "nb",
        "next_sint",
        "num_players",
        "on_map",
        "options",
        "out",
        "path",
        "pawn_head",
        "pawn_sq",
        "pending_card",
        "pending_pile",
        "pepernoot",
        "phase",
        "piles",
        "placed",
        "queue",
        "r_damage",
        "r_delivered",
        "r_steps",
        "rebels",
        "results",
        "round",
        "row",
        "rstep",
        "setup_draws",
        "shuffle_reason",
        "sint",
        "size",
        "slot_card",
        "slot_icon",
        "slot_open",
        "slot_owner",
        "slot_up",
        "stage",
        "tables",
        "talk",
        "tile_kind",
        "tiles",
        "to_move",
        "weather_next",
        "weather_now",
        "winners",
    )

    def __init__(
        self, config: StoombootConfig, num_players: int, log: EventLog | None = None
    ) -> None:
        low, high = config.players
        if not max(low, MIN_PLAYERS) <= num_players <= min(high, MAX_SEATS):
            raise ValueError(f"stoomboot is for {low} to {high} players, not {num_players}")
        self.config = config
        self.tables = tables_for(config)
        self.acts = action_table(config)
        self.num_players = num_players
        self.size = config.map_size
        self.nb = neighbours(config.map_size)
        self.hand_size = config.hand_for(num_players)
        self.rebels = config.has("rebelse-pietjes")
        self.pepernoot = config.has("pepernoot-plekken")
        self.krappe = config.has("krappe-kalender")
        squares = self.size * self.size
        self.tiles: list[int] = [-1] * squares
        # the map never changes once laid: immutable, so views hand it out without copying
        self.tile_kind: tuple[int, ...] = (-1,) * squares
        self.house_at: tuple[int, ...] = (-1,) * squares
        self.delivered: list[bool] = [False] * self.tables.houses
        self.on_map: tuple[int, ...] = ()
        self.pawn_sq: list[int] = [OFF_MAP] * (1 + num_players)
        self.pawn_head: list[int] = [N] * (1 + num_players)
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.piles: list[list[int]] = [list(reversed(d)) for d in self.tables.decks]
        self.discards: list[list[int]] = [[], [], []]
        self.row: list[int] = []
        self.kalender: list[int] = []
        self.kal_pile: list[int] = list(reversed(self.tables.kal_deck)) if self.krappe else []
        self.kal_drawn: list[int] = []
        self.out: list[int] = []
        self.slot_card: list[int] = []
        self.slot_owner: list[int] = []
        self.slot_up: list[bool] = []
        self.slot_icon: list[int] = []
        self.slot_open: list[bool] = []
        self.results: list[RoundResult] = []
        self.history: list[Action] = []
        self.phase = PHASE_SINT
        self.stage = STAGE_SETUP
        self.to_move = -1
        self.sint = -1
        self.next_sint = -1
        self.round = 0
        self.cursor = 0
        self.anchor = False
        self.talk = False
        self.weather_now = 0
        self.weather_next = 0
        self.queue: tuple[tuple[Any, ...], ...] = ()
        self.options: tuple[str, ...] = ()
        self.choice = CHOICE_NONE
        self.pending_card = NO_CARD
        self.pending_pile = VAREN
        self.shuffle_reason = "setup"
        self.card_pawn = BOAT
        self.card_code = NO_CARD
        self.card_icon = 0
        self.after_card = False
        self.draw_left: tuple[int, ...] = ()
        self.setup_draws = True
        self.placed = 0
        self.rstep = 0
        self.winners: tuple[int, ...] = ()
        self.end_reason = ""
        self.r_steps = 0
        self.r_damage = 0
        self.r_delivered: tuple[int, ...] = ()
        self.damage_total = 0
        self.path: tuple[int, ...] = ()
        self.attach_cause = ""
        self._undo: list[tuple[tuple[Any, ...], list[tuple[Any, ...]]]] = []
        self._ops: list[tuple[Any, ...]] = []
        self._log = active_log(log)
        self._marks: list[int] = []
        if self.log_on:
            self.emit(
                GameStarted(
                    num_players,
                    config.variants,
                    config.map_size,
                    self.hand_size,
                    config.start_row_for(num_players),
                )
            )

    # -- queries ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act (the Sint for sailing choices), ``CHANCE`` or ``TERMINAL``."""
        phase = self.phase
        if phase == PHASE_CHOICE:
            return self.sint
        if phase in (PHASE_DRAW, PHASE_PLACE):
            return self.to_move
        if phase == PHASE_OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.phase == PHASE_OVER

    def can_draw(self, deck: int) -> bool:
        """True when a card can be drawn from ``deck``'s pile (or its reshuffled discard)."""
        return bool(self.piles[deck] or self.discards[deck])

    def pawns_on_map(self) -> list[int]:
        """The pawns standing on a square (the boat first)."""
        return [p for p, sq in enumerate(self.pawn_sq) if sq != OFF_MAP]

    def all_cards(self) -> list[int]:
        """Every hand-deck card wherever it is (for conservation checks)."""
        cards: list[int] = []
        for hand in self.hands:
            cards.extend(hand)
        for pile in self.piles:
            cards.extend(pile)
        for pile in self.discards:
            cards.extend(pile)
        cards.extend(self.row)
        cards.extend(c for c in self.kalender if c != NO_CARD)
        cards.extend(self.out)
        cards.extend(c for c in self.slot_card if c != NO_CARD)
        if self.pending_card != NO_CARD:
            cards.append(self.pending_card)
        return cards

    def houses_left(self) -> int:
        """Houses on the map not yet delivered."""
        return sum(1 for h in self.on_map if not self.delivered[h])

    def pawn_name(self, pawn: int) -> str:
        """``boot`` or ``piet-<seat>``."""
        return "boot" if pawn == BOAT else f"piet-{pawn - 1}"

    def sq(self, square: int) -> str:
        """A square's name on this map."""
        return square_name(square, self.size)

    def head(self, heading: int) -> str:
        """A heading's name."""
        return HEADINGS[heading]

    def names(self, codes: Sequence[int]) -> tuple[str, ...]:
        """Card ids of codes."""
        names = self.tables.names
        return tuple(names[c] for c in codes)

    # -- comparison (tests) ---------------------------------------------------------

    def snapshot(self) -> tuple[object, ...]:
        """Every piece of game state as nested tuples (for equality checks in tests)."""
        return (
            self._scalars(),
            tuple(self.tiles),
            tuple(self.tile_kind),
            tuple(self.house_at),
            tuple(self.delivered),
            tuple(self.on_map),
            tuple(self.pawn_sq),
            tuple(self.pawn_head),
            tuple(tuple(h) for h in self.hands),
            tuple(tuple(p) for p in self.piles),
            tuple(tuple(p) for p in self.discards),
            tuple(self.row),
            tuple(self.kalender),
            tuple(self.kal_pile),
            tuple(self.kal_drawn),
            tuple(self.out),
            tuple(self.slot_card),
            tuple(self.slot_owner),
            tuple(self.slot_up),
            tuple(self.slot_icon),
            tuple(self.slot_open),
            tuple(self.results),
            tuple(self.history),
        )

    def deck_counts(self) -> dict[int, int]:
        """Code -> copies over the three hand decks (what :meth:`all_cards` must add up to)."""
        counts: dict[int, int] = {}
        for deck in self.tables.decks:
            for code in deck:
                counts[code] = counts.get(code, 0) + 1
        return counts


__all__ = ["BOAT", "RoundResult", "StoombootSituation"]
