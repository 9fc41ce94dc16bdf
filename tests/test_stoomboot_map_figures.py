"""Stoomboot examples and setup follow the kit's map: 4x4 with kleine-kaart, else 5x5 (ST-B1).

Every map figure a kit's rulebook draws (each example's map and the setup's) must have the
size of the map that kit plays on, read from the kit's own configuration; a kit with
kleine-kaart still shows a whole round, a delivery and the Stoomrij getting longer.
"""

from __future__ import annotations

from functools import cache

import pytest

from pnp.catalog.project import load_game
from pnp.example_model.figures import MapFigure, RowFigure, TableFigure
from pnp.games.stoomboot.kit.spec_config import config_from_spec
from pnp.games.stoomboot.story.examples import KIND_DELIVERY, KIND_LONGER, KIND_ROUND, ROWS
from pnp.kit.examples import game_parts
from pnp.spec.model import GameSpec

SMALL = "kleine-kaart"
EXPANSIONS = ("krappe-kalender", "prachtige-pakjes", "pepernoot-plekken", "rebelse-pietjes")
KITS = [
    (),
    (SMALL,),
    *((e,) for e in EXPANSIONS),
    *((SMALL, e) for e in EXPANSIONS),
    EXPANSIONS,
    (SMALL, *EXPANSIONS),
]


@cache
def _spec() -> GameSpec:
    return load_game("stoomboot").spec


def _kit_id(kit: tuple[str, ...]) -> str:
    return "+".join(kit) or "base"


def _map_figures(kit: tuple[str, ...]) -> tuple[list[MapFigure], list[MapFigure]]:
    """The map figures of the kit's examples and of its setup."""
    parts = game_parts(_spec(), kit)
    examples = [
        f for e in parts.examples for s in e.steps for f in s.figures if isinstance(f, MapFigure)
    ]
    return examples, [f for f in parts.setup if isinstance(f, MapFigure)]


@pytest.mark.parametrize("kit", KITS, ids=_kit_id)
def test_every_map_figure_has_the_size_of_the_kits_map(kit: tuple[str, ...]) -> None:
    """ST-B1: each example's map and the setup's map are as big as the map of this kit."""
    size = config_from_spec(_spec(), kit).map_size
    examples, setup = _map_figures(kit)
    assert examples, "every kit shows at least one example with its map"
    assert len(setup) == 1
    for figure in (*examples, *setup):
        assert (figure.columns, figure.rows) == (size, size), figure.caption
        assert len(figure.tiles) == size * size
        assert {(t.col, t.row) for t in figure.tiles} == {
            (c, r) for c in range(size) for r in range(size)
        }


def test_the_small_map_is_smaller_than_the_big_one() -> None:
    """The two sizes the test above compares with really differ: 4x4 against 5x5."""
    small = config_from_spec(_spec(), (SMALL,)).map_size
    big = config_from_spec(_spec(), ()).map_size
    assert (small, big) == (4, 5)
    (example, *_), _setup = _map_figures((SMALL,))
    assert example.columns == small


def test_a_small_map_kit_shows_a_round_a_delivery_and_a_longer_stoomrij() -> None:
    """The examples of a kleine-kaart kit are all played on the small map, and it still
    shows a whole round, a delivery and the Stoomrij getting longer."""
    examples = game_parts(_spec(), (SMALL,)).examples
    rows = {row.id: row for row in ROWS}
    assert all(e.variants == (SMALL,) for e in examples)
    assert all(e.source.startswith(f"examples/{SMALL}/") for e in examples)
    kinds = {rows[e.id].kind for e in examples}
    assert {KIND_ROUND, KIND_DELIVERY, KIND_LONGER} <= kinds
    base = game_parts(_spec(), ()).examples
    assert all(e.variants == () and e.source.startswith("examples/basis/") for e in base)


@pytest.mark.parametrize("kit", [(), (SMALL,), ("krappe-kalender",)], ids=_kit_id)
def test_the_setup_table_shows_the_piles_the_stoomrij_and_a_hand(kit: tuple[str, ...]) -> None:
    """ST-B1: the setup's table has a gedekte pile per deck (and the Kalender pile with
    krappe-kalender), the Stoomrij of open Stoombootkaarten as a row and a full hand."""
    config = config_from_spec(_spec(), kit)
    (table,) = [f for f in game_parts(_spec(), kit).setup if isinstance(f, TableFigure)]
    piles = [p for p in table.places if p.spread == "pile"]
    assert len(piles) == (4 if "krappe-kalender" in kit else 3)
    assert all(card.back for p in piles for card in p.cards)
    (row,) = [p for p in table.places if p.spread == "row"]
    assert len(row.cards) == config.start_row_for(3)
    assert all(c.picture.component == "stoomboot" and not c.back for c in row.cards)
    (hand,) = [p for p in table.places if p.spread == "fan"]
    assert len(hand.cards) == config.hand_for(3)


def test_every_stoomrij_of_an_example_is_drawn_as_positions() -> None:
    """The Stoomrij in the examples is a row figure: its cards side by side and at most one
    card under each of its 2n - 1 positions."""
    for kit in ((), (SMALL,)):
        for example in game_parts(_spec(), kit).examples:
            rows = [f for s in example.steps for f in s.figures if isinstance(f, RowFigure)]
            assert rows, example.id
            for figure in rows:
                assert len(figure.slots) <= 2 * len(figure.cards) - 1
