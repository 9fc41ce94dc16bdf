"""The santoska kit: deck, Arriba and Stop cards, score sheet, player aid and rulebook per variant."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.games.santoska import engine as santoska_engine
from pnp.project import load_game
from tests.conftest import BuiltKit, KitMaker
from tests.pdfinspect import read_page

GAME = "santoska"


@pytest.fixture()
def base(kit: KitMaker) -> BuiltKit:
    return kit(GAME)


def test_the_kit_holds_the_deck_and_one_arriba_card_per_player(base: BuiltKit) -> None:
    cards = Counter((p["component"], p["card"]) for p in base.placements("kaarten.pdf"))
    spec = load_game(GAME).spec
    assert (
        sum(n for (c, _), n in cards.items() if c == "getallen")
        == spec.component("getallen").card_count
    )
    assert cards[("santoska", "santoska")] == spec.component("santoska").card_count
    assert cards[("markeringen", "arriba")] == spec.players[1]
    assert cards[("markeringen", "stop")] >= 1


def test_score_sheet_has_round_and_total_columns_per_player(base: BuiltKit) -> None:
    texts = [r.text for r in read_page(base.reader("scoreblad.pdf"), 0).texts]
    per_page = 2
    assert texts.count("Totaal") == 6 * per_page
    assert texts.count("Precies 100: gewonnen! Boven 100: uit.") == per_page
    rounds = [t for t in texts if t.isdigit() and 1 <= int(t) <= 40]
    assert max(map(int, rounds)) >= 20, "room for a long game"


@pytest.mark.parametrize("length", [3, 4, 5, 6])
def test_each_row_length_has_its_own_aid_and_rulebook_section(kit: KitMaker, length: int) -> None:
    built = kit(GAME, (f"rijen-{length}",))
    aid = " ".join(r.text for r in read_page(built.reader("spelershulp.pdf"), 0).texts)
    assert f"twee rijen van {length} kaarten" in aid
    book = built.text("spelregels.pdf")
    words = {3: "drie", 4: "vier", 5: "vijf", 6: "zes"}
    assert f"Rijen van {words[length]}" in book
    assert all(f"Rijen van {w}" not in book for n, w in words.items() if n != length)


def test_row_lengths_cannot_be_combined(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["build", GAME, "--variant", "rijen-4", "--variant", "rijen-5", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "cannot be combined" in result.stderr


def test_every_rule_id_of_the_engine_is_stated(base: BuiltKit) -> None:
    rule_ids = set(re.findall(r"SA-[A-Z]\d+", santoska_engine.__doc__ or ""))
    assert {"SA-B1", "SA-B6", "SA-B7"} <= rule_ids
    stated = set(re.findall(r"SA-[A-Z]\d+", base.text("spelregels.pdf")))
    assert rule_ids <= stated


def test_simulate_and_examples_from_the_command_line() -> None:
    simulated = CliRunner().invoke(
        app, ["simulate", GAME, "--players", "3", "--games", "6", "--seed", "2"]
    )
    assert simulated.exit_code == 0, simulated.output
    assert "rounds_per_game" in simulated.stdout and "exact_limit_win" in simulated.stdout
    shown = CliRunner().invoke(app, ["examples", GAME])
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.startswith("santoska: 4 rulebook examples")
