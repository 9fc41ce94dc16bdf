"""The stoomboot engine plays on the spec tables: configs, the map sheet setup, the win rates."""

from __future__ import annotations

import itertools
import tomllib

import pytest

from pnp.catalog.project import load_game
from pnp.games.stoomboot.kit.map_sheet import map_board, random_setup
from pnp.games.stoomboot.kit.spec_config import config_from_spec
from pnp.games.stoomboot.kit.winrates import SETTINGS, tables_fingerprint
from pnp.games.stoomboot.rules.config import VARIANTS, standard_config, validate_deck
from pnp.spec.model import GameSpec

COMBINATIONS = [c for n in range(len(VARIANTS) + 1) for c in itertools.combinations(VARIANTS, n)]


def _spec() -> GameSpec:
    return load_game("stoomboot").spec


@pytest.mark.parametrize("variants", COMBINATIONS, ids=lambda v: "+".join(v) or "base")
def test_the_spec_tables_give_the_engine_its_standard_config(variants: tuple[str, ...]) -> None:
    """ST-D1: the tables pass validation for every combination of variants, and are the
    tables the engine's own tests and golden files use."""
    config = config_from_spec(_spec(), variants)
    assert config == standard_config(variants)
    assert validate_deck(config) == []


def test_a_setup_keeps_every_house_and_starts_the_boat_on_plain_water() -> None:
    """ST-B1/ST-C1: each seed lays every house of the set; the boat starts on water."""
    spec = _spec()
    houses = {row.id for row in spec.component("huizen").rows}
    maps = set()
    for seed in range(30):
        laid, boat = random_setup(spec, (), seed)
        assert houses <= set(laid.tiles) and len(laid.tiles) == 25
        size = 5
        col, row = ord(boat.square[0]) - 97, int(boat.square[1:]) - 1
        assert laid.tiles[row * size + col] == "water"
        maps.add(laid.tiles)
    assert len(maps) == 30, "the seed decides the map"
    board = map_board(spec, ("kleine-kaart",), 3)
    assert (board.columns, board.rows) == (4, 4)
    assert sum(cell.component == "huizen" for cell in board.cells) == 4


def test_the_stored_win_rates_were_measured_on_these_tables() -> None:
    """ST-D1: the rulebook prints win rates measured on the current tables, for every
    setting; the base game is won with every player count."""
    path = _spec().folder / "rulebook" / "winkansen.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["tables"] == tables_fingerprint(load_game("stoomboot").spec), (
        "re-run pnp study stoomboot --write"
    )
    measured = [(row["players"], tuple(row["variants"])) for row in data["rows"]]
    assert measured == [(players, variants) for _, variants, players in SETTINGS]
    for row in data["rows"]:  # numbers and ids only: the rulebook's templates name them
        assert all(set(lost) == {"reason", "percent"} for lost in row["lost"])
        assert not any(isinstance(v, str) for k, v in row.items() if k != "variants")
    base = [row for row in data["rows"] if not row["variants"]]
    assert all(row["won"] > 0 for row in base)
