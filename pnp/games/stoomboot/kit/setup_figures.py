"""The rulebook's setup figures: the table at the start of a game, and the map (ST-B1).

The figures show one real start, played by the reference engine: a new game's
chance actions (first Sint, map, boat, shuffles) are sampled with a fixed
seed, and the players draw their hands with the bundled policy until the
first card is placed. :func:`setup_figures` then draws

* the table seen from above: the three gedekte piles (with
  ``krappe-kalender`` the Kalender pile as well) and one player's hand, and
  below them the Stoomrij of open Stoombootkaarten;
* the map as laid (4x4 with ``kleine-kaart``, else 5x5), the boat on its
  start square with the bow to the north.

Labels and captions are Dutch phrases of ``rulebook/voorbeelden.toml`` (the
``setup_*`` keys), so a proofreader changes them there. The examples draw their cards,
maps and pawns as these figures do (:func:`card_picture`, :func:`map_tiles`,
:func:`map_pawn`).
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass, replace

from pnp.engine.core import CHANCE
from pnp.example_model import CardPicture
from pnp.example_model.figures import (
    MapFigure,
    MapPawn,
    MapTile,
    TableCard,
    TableFigure,
    TablePlace,
    place_width,
)
from pnp.games.stoomboot.kit.map_sheet import tile_components
from pnp.games.stoomboot.kit.spec_config import config_from_spec
from pnp.games.stoomboot.policies.bots import HeuristicPolicy
from pnp.games.stoomboot.rules.actions import LayMap, PlaceBoat
from pnp.games.stoomboot.rules.board import parse_square, square_name
from pnp.games.stoomboot.rules.cards import PILE_NAMES
from pnp.games.stoomboot.rules.phases import PHASE_PLACE
from pnp.games.stoomboot.rules.state import StoombootState
from pnp.games.stoomboot.view import StoombootView
from pnp.spec.model import GameSpec
from pnp.story.phrases import Phrases, load_phrases

CARDS: tuple[str, ...] = ("varen", "varen-prachtig", "stoomboot", "stoomboot-prachtig")
CARDS += ("pakjes", "pakjes-prachtig", "kalender")
"""The components whose cards a figure may show, in the order their ids are looked up."""
COLOURS = {"boot": "#C0392B", "piet": "#23824F"}
"""The pawns' colours on a map."""
PLAYERS = 3
"""Players at the table of the figures (as in the examples)."""
SEED = 0
"""The seed of the start shown."""
PILE_SHOWN = 4
"""Cards drawn of a pile (the figure shows a pile as at most four cards)."""
PILE_STEP = 1.35
"""Card widths from one pile to the next."""
HAND_GAP = 0.4
"""Card widths between the last pile and the hand."""


@dataclass(frozen=True)
class Start:
    """A game just set up: the map, the boat's square, the piles, the Stoomrij, one hand."""

    tiles: tuple[str, ...]
    boat: str
    piles: dict[str, tuple[str, ...]]
    """The top cards of each pile by pile name, top card first."""
    row: tuple[str, ...]
    hand: tuple[str, ...]
    size: int


def start_of_game(spec: GameSpec, chosen: tuple[str, ...], seed: int = SEED) -> Start:
    """The engine's start of a game of ``PLAYERS`` with the kit's tables and variants."""
    config = config_from_spec(spec, chosen)
    state = StoombootState(config, PLAYERS, None)
    rng = random.Random(seed)
    policy = HeuristicPolicy()
    laid: LayMap | None = None
    boat: PlaceBoat | None = None
    while state.phase != PHASE_PLACE:
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
            laid = action if isinstance(action, LayMap) else laid
            boat = action if isinstance(action, PlaceBoat) else boat
            state.push(action)
        else:
            legal = state.legal_actions()
            state.push(policy.choose(StoombootView(state, player), legal, rng))
    if laid is None or boat is None:
        raise RuntimeError("the engine's setup laid no map")
    piles = {
        name: state.names(state.piles[deck][::-1][:PILE_SHOWN])
        for deck, name in enumerate(PILE_NAMES)
    }
    if config.has("krappe-kalender"):
        names = state.tables.kal_names
        piles["kalender"] = tuple(names[c] for c in state.kal_pile[::-1][:PILE_SHOWN])
    hand = state.names(state.hands[state.sint])
    return Start(laid.tiles, boat.square, piles, state.names(state.row), hand, state.size)


def card_picture(spec: GameSpec, card: str) -> CardPicture:
    """The drawing of card ``card`` (a ``KeyError`` for no card of :data:`CARDS`)."""
    for component in CARDS:
        if any(row.id == card for row in spec.component(component).rows):
            return CardPicture(component, card)
    raise KeyError(card)


def map_tiles(
    spec: GameSpec, phrases: Phrases, tiles: tuple[str, ...], size: int,
    delivered: Collection[str] = (),
) -> tuple[MapTile, ...]:  # fmt: skip
    """The map of ``tiles`` (row by row from the top left), each tile with its letter of the
    text version; the houses on the ``delivered`` squares turned over (a small letter)."""
    owner, letters = tile_components(spec), phrases.phrases
    drawn = []
    for index, tile in enumerate(tiles):
        key = next((f"letter_{i}" for i in (tile, owner[tile]) if f"letter_{i}" in letters), "")
        done, letter = square_name(index, size) in delivered, phrases.say(key or "letter")
        at = (index % size, index // size, CardPicture(owner[tile], tile), done)
        drawn.append(MapTile(*at, letter.lower() if done else letter))
    return tuple(drawn)


def map_pawn(phrases: Phrases, pawn: str, square: str, heading: str, size: int) -> MapPawn:
    """``pawn`` (``boot`` or ``piet-<seat>``) on ``square``, its bow to ``heading``."""
    row, col = divmod(parse_square(square, size), size)
    return MapPawn(col, row, heading, COLOURS[pawn[:4]], phrases.say(f"letter_{pawn[:4]}"))


def table_figure(spec: GameSpec, start: Start, phrases: Phrases) -> TableFigure:
    """The table seen from above: the gedekte piles and a hand side by side, the Stoomrij
    centred below them."""
    places = []
    for index, (pile, cards) in enumerate(start.piles.items()):
        shown = tuple(TableCard(card_picture(spec, c), back=True) for c in reversed(cards))
        label = phrases.say(f"setup_pile_{pile}")
        places.append(TablePlace(label, shown, index * PILE_STEP, 0, "pile"))
    hand = tuple(TableCard(card_picture(spec, c)) for c in start.hand)
    label = phrases.say("setup_hand", cards=phrases.count("kaart", len(hand)))
    places.append(TablePlace(label, hand, len(start.piles) * PILE_STEP + HAND_GAP, 0, "fan"))
    row = tuple(TableCard(card_picture(spec, c)) for c in start.row)
    stoomrij = TablePlace(phrases.say("setup_row"), row, 0, 1, "row")
    across = max(place.col + place_width(place) for place in places)
    places.append(replace(stoomrij, col=max(0.0, (across - place_width(stoomrij)) / 2)))
    caption = phrases.say("setup_table", players=phrases.language.number_word(PLAYERS))
    return TableFigure(tuple(places), caption)


def map_figure(spec: GameSpec, start: Start, phrases: Phrases) -> MapFigure:
    """The map as laid, the boat on its start square with the bow to the north."""
    size, tiles = start.size, map_tiles(spec, phrases, start.tiles, start.size)
    boat = map_pawn(phrases, "boot", start.boat, "n", size)
    caption = phrases.say("setup_map", size=phrases.language.number_word(size))
    return MapFigure(size, size, tiles, caption, (), (boat,), phrases.say("map_legend"))


def setup_figures(spec: GameSpec, chosen: tuple[str, ...]) -> tuple[TableFigure | MapFigure, ...]:
    """The setup figures of a kit: the table at the start, then the map."""
    phrases = load_phrases(spec)
    start = start_of_game(spec, chosen)
    return table_figure(spec, start, phrases), map_figure(spec, start, phrases)
