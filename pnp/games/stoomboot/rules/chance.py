"""Chance: the first Sint, the map, the boat's square and every shuffle (ST-B1, ST-B6, ST-K1).

Every random event of the game is a recorded chance action, so a game record
replays without the random generator:

* :class:`~pnp.games.stoomboot.rules.actions.ChooseSint` — the longest beard;
* :class:`~pnp.games.stoomboot.rules.actions.LayMap` — which tiles, in which squares.
  Every house is laid (with kleine-kaart: ``small_map_houses`` of them, chosen
  at random); the other squares are drawn from the water tiles (mixed with the
  special tiles under pepernoot-plekken); all in one shuffle;
* :class:`~pnp.games.stoomboot.rules.actions.PlaceBoat` — a random plain water square;
* :class:`~pnp.games.stoomboot.rules.actions.Shuffle` — a pile in its new order. At
  setup the Varen, Stoomboot and Pakje piles (and the Kalender pile) are
  shuffled; an empty pile that is drawn from gets its discard pile shuffled in;
  at round end the pakje pile is shuffled with the returned pakjes.

Before a shuffle node the cards to shuffle already lie in the pile (in a known
order); the outcome is their new order, top card first. The rules then go on
where the shuffle was needed (:func:`pnp.games.stoomboot.rules.flow.apply_chance`).
"""

from __future__ import annotations

import random
from collections import Counter

from pnp.games.stoomboot.rules.actions import Action, ChooseSint, LayMap, PlaceBoat, Shuffle
from pnp.games.stoomboot.rules.board import N, parse_square
from pnp.games.stoomboot.rules.cards import HUIS, KALENDER_PILE, PILE_NAMES, VAREN, WATER
from pnp.games.stoomboot.rules.events import BoatPlaced, MapLaid, PileShuffled, SintChosen
from pnp.games.stoomboot.rules.phases import (
    PHASE_BOAT,
    PHASE_MAP,
    PHASE_SHUFFLE,
    PHASE_SINT,
)
from pnp.games.stoomboot.rules.situation import StoombootSituation

KALENDER_DECK = 3
"""``pending_pile`` value of the Kalender pile (krappe-kalender)."""


def pile_name(pile: int) -> str:
    """``varen``, ``stoomboot``, ``pakje`` or ``kalender``."""
    return KALENDER_PILE if pile == KALENDER_DECK else PILE_NAMES[pile]


def _pile_cards(state: StoombootSituation, pile: int) -> list[str]:
    """The ids of the cards in ``pile``, top first."""
    if pile == KALENDER_DECK:
        names = state.tables.kal_names
        return [names[c] for c in reversed(state.kal_pile)]
    return list(state.names(state.piles[pile][::-1]))


def sample(state: StoombootSituation, rng: random.Random) -> Action:
    """The outcome of the current chance node, drawn with ``rng``."""
    phase = state.phase
    config = state.config
    if phase == PHASE_SINT:
        return ChooseSint(int(rng.random() * state.num_players))
    if phase == PHASE_MAP:
        houses = [t.id for t in config.houses]
        count = config.houses_on_map
        if count < len(houses):
            houses = rng.sample(houses, count)
        water = [t.id for t in config.water]
        tiles = houses + rng.sample(water, state.size * state.size - len(houses))
        rng.shuffle(tiles)
        return LayMap(tuple(tiles))
    if phase == PHASE_BOAT:
        squares = [sq for sq, kind in enumerate(state.tile_kind) if kind == WATER]
        return PlaceBoat(state.sq(squares[int(rng.random() * len(squares))]))
    if phase == PHASE_SHUFFLE:
        cards = _pile_cards(state, state.pending_pile)
        rng.shuffle(cards)
        return Shuffle(pile_name(state.pending_pile), tuple(cards))
    raise ValueError("not a chance node")


def apply(state: StoombootSituation, action: Action) -> None:
    """Apply a chance outcome; ``ValueError`` if it is not what this node needs."""
    phase = state.phase
    if phase == PHASE_SINT and isinstance(action, ChooseSint):
        if not 0 <= action.seat < state.num_players:
            raise ValueError(f"seat {action.seat} is not at the table")
        state.sint = state.next_sint = action.seat
        state.phase = PHASE_MAP
        if state.log_on:
            state.emit(SintChosen(action.seat))
    elif phase == PHASE_MAP and isinstance(action, LayMap):
        lay_map(state, action)
    elif phase == PHASE_BOAT and isinstance(action, PlaceBoat):
        square = parse_square(action.square, state.size)
        if state.tile_kind[square] != WATER:
            raise ValueError(f"the boat starts on plain water, not on {action.square}")
        state.journal_set(state.pawn_sq, 0, square)
        state.journal_set(state.pawn_head, 0, N)
        state.phase = PHASE_SHUFFLE
        state.pending_pile = VAREN
        state.shuffle_reason = "setup"
        if state.log_on:
            state.emit(BoatPlaced(action.square, "n"))
    elif phase == PHASE_SHUFFLE and isinstance(action, Shuffle):
        shuffle(state, action)
    else:
        raise ValueError(f"{action!r} is not the outcome this chance node needs")


def lay_map(state: StoombootSituation, action: LayMap) -> None:
    """ST-B1: lay the tiles; every house (or ``small_map_houses`` of them), water for the rest."""
    config = state.config
    tables = state.tables
    size = state.size
    if len(action.tiles) != size * size:
        raise ValueError(f"a {size}x{size} map needs {size * size} tiles")
    house_ids = {t.id for t in config.houses}
    laid_houses = [t for t in action.tiles if t in house_ids]
    if len(set(laid_houses)) != len(laid_houses) or len(laid_houses) != config.houses_on_map:
        raise ValueError(f"the map needs {config.houses_on_map} different houses")
    water = Counter(t.id for t in config.water)
    rest = Counter(t for t in action.tiles if t not in house_ids)
    if any(water[t] < n for t, n in rest.items()):
        raise ValueError("the map uses water tiles the set does not have")
    codes = [tables.tile_of[t] for t in action.tiles]
    kinds = tuple(tables.tile_kind[c] for c in codes)
    state.journal_attr("tiles", codes)
    state.journal_attr("tile_kind", kinds)
    state.journal_attr(
        "house_at", tuple(c if k == HUIS else -1 for c, k in zip(codes, kinds, strict=True))
    )
    state.journal_attr(
        "on_map", tuple(sorted(c for c, k in zip(codes, kinds, strict=True) if k == HUIS))
    )
    state.phase = PHASE_BOAT
    if state.log_on:
        rows = tuple(tuple(action.tiles[r * size : (r + 1) * size]) for r in range(size))
        state.emit(MapLaid(size, rows))


def shuffle(state: StoombootSituation, action: Shuffle) -> None:
    """A pile in its new order."""
    pile = state.pending_pile
    if action.pile != pile_name(pile):
        raise ValueError(f"the {pile_name(pile)} pile is shuffled now, not {action.pile!r}")
    if Counter(action.cards) != Counter(_pile_cards(state, pile)):
        raise ValueError(f"a shuffle must use exactly the cards of the {action.pile} pile")
    if pile == KALENDER_DECK:
        of = state.tables.kal_of
        laid = [of[c] for c in action.cards[: state.config.calendar_limit]]
        state.journal_attr("kal_pile", laid[::-1])
        count = len(laid)
    else:
        codes = state.tables.codes(action.cards)
        state.journal_set(state.piles, pile, codes[::-1])
        count = len(codes)
    if state.log_on:
        state.emit(PileShuffled(action.pile, count, state.shuffle_reason))
