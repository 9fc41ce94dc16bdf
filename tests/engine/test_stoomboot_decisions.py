"""The stoomboot decisions ST-B6, ST-B7 and ST-B9: the engine plays them and the printed
rulebook and player aid state them.

Each test checks the engine on a position built for its decision and reads the real kit's
PDFs back for the key statements, so it fails when either drifts.
"""

from __future__ import annotations

import pytest

from pnp.games.stoomboot.rules.config import config_for_variants, standard_config
from pnp.games.stoomboot.rules.events import (
    CardIgnored,
    Delivered,
    PawnBumped,
    PawnTurned,
    RowLengthened,
    RowShortened,
)
from tests.conftest import BuiltKit, KitMaker
from tests.engine.test_stoomboot_rules import EMPTY_MAP, boat, do, events_of, position
from tests.languages import DUTCH
from tests.stoomboot_text import readable

GAME = "stoomboot"


@pytest.fixture()
def base(kit: KitMaker) -> BuiltKit:
    return kit(GAME, proof=True)  # a test reads the proofreading edition


@pytest.fixture()
def pepernoot(kit: KitMaker) -> BuiltKit:
    return kit(GAME, ("pepernoot-plekken",))


def _book(built: BuiltKit) -> str:
    return readable(built.text("spelregels.pdf"))


def _aid(built: BuiltKit) -> str:
    return readable(built.component_text("hulp") + " " + built.component_text("hulp", back=True))


# --- ST-B6: delivery after each revealed card -----------------------------------------------


def test_st_b6_a_boat_already_on_the_house_delivers_after_each_revealed_card() -> None:
    """ST-B6 DECISION: after every revealed card (not only after a move) a boat that is
    already on a house may deliver the pakjes revealed at this position or earlier."""
    rows = [
        "huis-letter . . . .",
        ". . . . .",
        ". . huis-boek . .",
        ". . . . .",
        ". . . . .",
    ]
    state, log = position(
        rows, "c3", ["s02", "s06"], [["p-boek", "vooruit"], ["p-knuffel"]], sint=0
    )
    do(state, "place p-boek 1", "place p-knuffel 2", "place vooruit 3")
    # Position 1, a Pakje card: the boat never moved, and may deliver at once.
    assert boat(state) == ("c3", "n")
    assert state.legal_actions() == ("bezorg huis-boek", "niet")
    do(state, "niet")
    # Position 2, another pakje: the boek of position 1 still counts, so it is offered again.
    assert boat(state) == ("c3", "n")
    assert state.legal_actions() == ("bezorg huis-boek", "niet")
    assert state.cursor == 2
    do(state, "bezorg huis-boek")
    delivered = [(e.house, e.square, e.cards) for e in events_of(log, Delivered)]
    assert delivered == [("huis-boek", "c3", ("p-boek",))]


def test_st_b6_a_pakje_revealed_later_does_not_count() -> None:
    """ST-B6: only pakjes at the revealed position or earlier count; one still face down
    further on does not make the house deliverable yet."""
    rows = ["huis-letter . . . .", ". . . . .", ". . huis-boek . .", ". . . . .", ". . . . ."]
    state, _ = position(rows, "c3", ["s02", "s06"], [["p-knuffel", "p-boek"], ["p-letter"]])
    do(state, "place p-knuffel 1", "place p-letter 2", "place p-boek 3")
    # Positions 1 and 2 are carried out without a delivery; position 3 brings the boek.
    assert state.legal_actions() == ("bezorg huis-boek", "niet")
    assert state.cursor == 3


def test_st_b6_the_rulebook_and_aid_say_after_each_card_and_no_need_to_arrive(
    base: BuiltKit,
) -> None:
    """ST-B6: the book states when to deliver and that the boat need not have just arrived;
    the aid says "after each card"."""
    book = _book(base)
    assert "Na elke kaart die de Sint omdraait en uitvoert, wat voor kaart het ook is" in book
    assert "op de positie die net is omgedraaid of op een eerdere" in book
    assert "De boot hoeft daarvoor niet net bij het huis aan te komen" in book
    assert "Na elke kaart: staat de boot op een huis" in _aid(base)


# --- ST-B7: off the map, the turn still happens --------------------------------------------------


def test_st_b7_bakboord_and_stuurboord_still_turn_when_the_step_is_not_made() -> None:
    """ST-B7 DECISION: at the edge a Bakboord/Stuurboord card still turns the boat; only
    the step off the map is not made (no damage in the base game)."""
    state, log = position(
        EMPTY_MAP, "a1", ["s02", "s06"], [["bakboord", "bakboord"], ["stuurboord"]], sint=0
    )
    do(state, "place bakboord 1", "place stuurboord 2", "place bakboord 3")
    turns = [(e.before, e.after) for e in events_of(log, PawnTurned)]
    assert turns == [("n", "w"), ("w", "n"), ("n", "w")]
    assert [(e.square, e.cause, e.damage) for e in events_of(log, PawnBumped)] == [
        ("a1", "rand", 0)
    ] * 3
    assert boat(state) == ("a1", "w")
    assert state.damage_total == 0


def test_st_b7_with_pepernoot_the_turn_stays_and_the_step_costs_one_damage() -> None:
    """ST-B7 with ST-E2: the turn is made, the step is not, and it costs 1 damage."""
    config = config_for_variants(("pepernoot-plekken",))
    state, log = position(
        EMPTY_MAP, "e1", ["s02", "s06"], [["stuurboord", "vooruit"], ["vooruit"]], config=config
    )
    do(state, "place stuurboord 1", "place vooruit 2", "place vooruit 3")
    assert next((e.before, e.after) for e in events_of(log, PawnTurned)) == ("n", "o")
    assert next((e.square, e.damage) for e in events_of(log, PawnBumped)) == ("e1", 1)
    assert boat(state) == ("e1", "o")
    assert state.damage_total == 1


def test_st_b7_the_rulebook_and_aid_say_the_turn_still_happens(
    base: BuiltKit, pepernoot: BuiltKit
) -> None:
    """ST-B7: book and aid say the step is dropped but the turn is made."""
    for built in (base, pepernoot):
        book = _book(built)
        assert "dan zet hij die stap niet en blijft hij op zijn tegel liggen" in book
        assert "bij bakboord en stuurboord maakt de boot zijn kwartslag gewoon" in book
        assert "er gebeurt verder niets" not in book
        assert "raaien doet de boot wel" in _aid(built)
    assert "Een stap van het speelbord af vervalt; draaien doet de boot wel." in _aid(base)
    assert "rots vervalt: 1 schadepunt. Draaien doet de boot wel." in _aid(pepernoot)
    assert "wel krijgt hij één schadepunt" in _book(pepernoot)
    assert "schadepunt" not in _aid(base)


# --- ST-B9: at most five cards, never fewer than one ---------------------------------------------


def test_st_b9_a_full_row_of_five_can_only_be_shortened() -> None:
    """ST-B9 DESIGN: the Stoomrij holds at most 5 cards (9 positions): a fitting card
    revealed under a full row can only shorten it."""
    config = standard_config()
    assert config.max_row == 5
    full = ["s01"] * config.max_row
    state, _ = position(EMPTY_MAP, "c3", full, [["s01"] * 5, ["vooruit"] * 4], config=config)
    assert len(state.slot_card) == 9
    do(state, "place s01 1")
    for _ in range(8):
        state.push(state.legal_actions()[0])
    assert list(state.legal_actions()) == ["korter-links", "korter-rechts"]


def test_st_b9_a_stoomboot_card_never_removes_the_last_card() -> None:
    """ST-B9 DESIGN: with one card left a card that fits lengthens without a question (there
    is no shortening), and a card that fits nowhere has no effect."""
    # s06 hoek|golf; s09 golf|golf fits on the right
    state, log = position(EMPTY_MAP, "c3", ["s06"], [["s09"], ["vooruit"]])
    do(state, "place s09 1")
    assert state.names(state.row) == ("s06", "s09")
    assert [e.cause for e in events_of(log, RowLengthened)] == ["stoomboot"]
    # s04 fits nowhere on s06: neither longer nor shorter, so nothing happens
    state, log = position(EMPTY_MAP, "c3", ["s06"], [["s04"], ["vooruit"]])
    do(state, "place s04 1")
    assert state.names(state.row) == ("s06",)
    assert [(e.card, e.reason) for e in events_of(log, CardIgnored)] == [("s04", "past-niet")]
    assert not events_of(log, RowShortened)


def test_st_b9_the_reason_holds_the_fewest_players_fill_the_longest_row() -> None:
    """ST-B9: the reason the book gives: the fewest players' hands fill every position of the
    longest row (and one more card would make a row they could not fill)."""
    config = standard_config()
    low = config.players[0]
    hands = low * config.hand_for(low)
    assert 2 * config.max_row - 1 <= hands < 2 * (config.max_row + 1) - 1


def test_st_b9_the_rulebook_states_the_limits_with_their_reason_and_the_aid_too(
    base: BuiltKit, pepernoot: BuiltKit
) -> None:
    """ST-B9: the book states 5 cards / 9 positions, never the last card, no effect when
    neither is possible, and why; the aid prints the same limits."""
    config = standard_config()
    most = DUTCH.number_word(config.max_row)
    positions = DUTCH.number_word(2 * config.max_row - 1)
    low = config.players[0]
    book = _book(base)
    assert f"De Stoomrij telt nooit meer dan {most} kaarten ({positions} posities)" in book
    assert "een Stoombootkaart haalt nooit de laatste kaart weg" in book
    assert "dan kan de rij langer noch korter worden: de kaart doet dan niets" in book
    reason = (
        f"{positions.capitalize()} posities kunnen ook {DUTCH.number_word(low)} spelers nog vullen, "
        f"met samen {DUTCH.number_word(low * config.hand_for(low))} handkaarten"
    )
    assert reason in book
    assert "[ST-B9]" in base.text("spelregels-proef.pdf")
    assert "alleen door schade kan de rij leeg raken" in _book(pepernoot)
    aid = _aid(base)
    assert f"tot {config.max_row} kaarten" in aid
    assert "nooit de laatste" in aid and "Kan geen van beide: niets." in aid
