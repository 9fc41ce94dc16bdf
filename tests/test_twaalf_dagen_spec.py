"""The engine's deck is read from the spec tables, and the build refuses a deck it rejects."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.catalog.project import load_game
from pnp.cli import app
from pnp.games.twaalf_dagen.kit.spec_config import config_from_spec
from pnp.games.twaalf_dagen.rules.config import standard_config
from tests.test_bad_input import GAME, edit


def test_config_from_the_tables_equals_the_rules_of_td_c1_c2_b1_b7() -> None:
    spec = load_game("twaalf-dagen").spec
    assert config_from_spec(spec, ()) == standard_config(short=False)
    assert config_from_spec(spec, ("kort",)) == standard_config(short=True)  # TD-K1


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("deck.csv", "ganzen,6,6,", "ganzen,5,6,", "TD-C1"),
        ("gifts.csv", "geschenk,12,", "geschenk,11,", "TD-C2"),
        ("game.toml", "7 = 11, 8 = 9", "7 = 11, 8 = 10", "TD-B1"),
    ],
)
def test_a_deck_the_engine_rejects_stops_the_build(
    project_copy: Path, tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    edit(project_copy, GAME / file, old, new)
    result = CliRunner().invoke(app, ["build", "twaalf-dagen", "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    # The problem names the file whose change broke the deck (a table's row by its line).
    where = rf"cardspecs/twaalf-dagen/{re.escape(file)}" + (
        r":\d+: " if file.endswith(".csv") else ""
    )
    assert re.search(where, result.stderr) and message in result.stderr, result.stderr
    assert not (tmp_path / "o").exists()
