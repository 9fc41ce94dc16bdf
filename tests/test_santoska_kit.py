"""The santoska kit: deck, Arriba and Stop cards, score sheet, player aid and rulebook per variant."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.catalog.project import load_game
from pnp.cli import app
from pnp.games.santoska.rules import engine as santoska_engine
from pnp.games.santoska.rules.actions import ARRIBA, DISCARD, DRAW, END, STOP, TAKE, swap
from pnp.games.santoska.rules.cards import parse_cards
from pnp.games.santoska.rules.config import standard_config
from pnp.games.santoska.rules.state import SantoskaState
from tests.conftest import BuiltKit, KitMaker
from tests.pdfinspect import read_page

GAME = "santoska"


@pytest.fixture()
def base(kit: KitMaker) -> BuiltKit:
    return kit(GAME, proof=True)  # a test reads the proofreading edition


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
    aid = built.component_text("hulp")
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
    stated = set(re.findall(r"SA-[A-Z]\d+", base.text("spelregels-proef.pdf")))
    assert rule_ids <= stated


def test_simulate_and_examples_from_the_command_line() -> None:
    simulated = CliRunner().invoke(
        app, ["simulate", GAME, "--players", "3", "--games", "6", "--seed", "2"]
    )
    assert simulated.exit_code == 0, simulated.output
    assert "rounds_per_game" in simulated.stdout and "exact_limit_win" in simulated.stdout
    shown = CliRunner().invoke(app, ["examples", GAME])
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.startswith("santoska: 7 rulebook examples")


# --- the rulebook, the aid and the engine say the same thing ----------------------------------


def says(text: str, statement: str) -> bool:
    """True if ``text`` holds ``statement``, also where the layout hyphenated a word of it."""
    pattern = r"(?:-\s?)?".join(re.escape(char) for char in statement)
    return re.search(pattern, text) is not None


def aid_text(built: BuiltKit, page: int) -> str:
    """The text of one side of the player aid (0: the turn, 1: scoring and the end)."""
    return built.component_text("hulp", back=page == 1)


def fresh_turn(arriba: bool = False) -> SantoskaState:
    """Two players at the start of seat 0's turn; the open discard is a 5."""
    state = santoska_engine.ENGINE.new_state(standard_config(), 2)
    grids = [parse_cards("1 2 3 4 5 6"), parse_cards("7 8 9 10 S S")]
    state.set_round(grids, parse_cards("8 4 2 2"), parse_cards("3 5"), 0, arriba=[arriba, False])
    return state


def test_sa_b3_a_card_from_the_discard_may_go_straight_back(base: BuiltKit) -> None:
    """SA-B3 DECISION: a card taken from the discard pile may go straight back. The engine
    allows it, and the rulebook (step 3 and 'Goed om te weten') and the aid say so."""
    state = fresh_turn()
    state.push(TAKE)
    assert DISCARD in state.legal_actions()
    state.push(DISCARD)
    assert state.grids[0] == list(parse_cards("1 2 3 4 5 6")) and state.discard[-1] == 5
    book = base.text("spelregels.pdf")
    assert says(book, "ook een kaart die je net van de aflegstapel hebt gepakt, mag je meteen weer")
    assert says(book, "Ook een kaart die je van de aflegstapel pakt, hoef je niet te houden")
    assert "terugleggen mag niet" not in book and "moet je hem ook in je rij" not in book
    assert "ook een open kaart mag meteen terug" in aid_text(base, 0)


def test_sa_b5_stop_at_the_earliest_one_turn_after_arriba(base: BuiltKit) -> None:
    """SA-B5 DECISION: "Stop!" at the earliest one turn after "Arriba!": the engine offers no
    Stop in the Arriba turn and does in the next own turn; the rulebook and the aid say so."""
    state = fresh_turn()
    for move in (DRAW, DISCARD, ARRIBA, DRAW, DISCARD, END, DRAW):
        assert STOP not in state.legal_actions()
        state.push(move)
    state.push(swap(0))
    assert STOP in state.legal_actions()
    book = base.text("spelregels.pdf")
    assert says(book, "Dat kan op zijn vroegst één beurt na je “Arriba!”")
    assert says(book, "“Stop!” op zijn vroegst in je volgende beurt")
    assert "Stop: op zijn vroegst één beurt na Arriba" in aid_text(base, 0)


def test_sa_b8_a_new_round_is_a_paragraph_and_the_safeguard_is_not_printed(
    base: BuiltKit,
) -> None:
    """SA-B8: the rulebook has a paragraph 'Een nieuwe ronde' (every card shuffled and dealt
    again, bottom rows looked at again, Arriba and Stop cards back), the aid mentions it, and
    the engine's lap and round safeguards are not printed as a table rule."""
    state = fresh_turn(arriba=True)
    for move in (DRAW, DISCARD, STOP, DRAW, DISCARD):
        state.push(move)
    deal = santoska_engine.ENGINE.sample_chance(state, random.Random(1))
    assert isinstance(deal, santoska_engine.Deal)
    state.push(deal)
    assert state.round == 2 and state.arriba == [False, False] and state.stopper == -1
    book = base.text("spelregels.pdf")
    assert says(book, "Een nieuwe ronde Is het spel na het tellen nog niet voorbij")
    for statement in (
        "Verzamel alle kaarten uit de rijen, de trekstapel en de aflegstapel en schud ze samen",
        "Iedereen krijgt zijn Arriba-kaart terug en de stopkaart gaat weer naar het midden",
        "Iedereen kijkt weer één keer kort naar zijn nieuwe onderste rij",
    ):
        assert says(book, statement)
    limits = (state.config.lap_limit, state.config.round_limit)
    for phrase in ("Eindeloos", "vijftig", "rondjes", *(str(n) + " ronde" for n in limits)):
        assert phrase not in book
    assert "nieuwe ronde" in aid_text(base, 1)
