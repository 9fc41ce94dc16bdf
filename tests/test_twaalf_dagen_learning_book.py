"""Twaalf-dagen: the rulebook a family learns from, read back from the built PDFs.

The quick start, the turn overview and the back-cover quick reference carry no rule IDs;
each worked example follows the section that states its rules; the setup figure is a real
deal of the kit; the proofreading edition lists the engine's decisions; TD-B3 is said in
our own words and agrees with the engine.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.catalog.project import load_game
from pnp.example_model.figures import TableFigure
from pnp.games.twaalf_dagen.game import GAME
from pnp.games.twaalf_dagen.kit.setup_figures import PLAYERS
from pnp.games.twaalf_dagen.kit.spec_config import config_from_spec
from pnp.games.twaalf_dagen.rules.actions import SET, STRAIGHT, make_play
from pnp.games.twaalf_dagen.rules.config import standard_config
from pnp.games.twaalf_dagen.rules.engine import ENGINE
from tests.conftest import KitMaker

VARIANTS = [(), ("kort",)]


def _plain(text: str) -> str:
    """Whitespace collapsed, list bullets dropped and words broken at a line end joined."""
    return re.sub(r"(\w)- (\w)", r"\1\2", " ".join(text.replace("•", " ").split()))


def _book(kit: KitMaker, variants: tuple[str, ...] = (), name: str = "spelregels.pdf") -> str:
    proof = {"proof": True} if name == "spelregels-proef.pdf" else {}
    return _plain(kit("twaalf-dagen", variants, **proof).text(name))


def _between(text: str, start: str, end: str) -> str:
    """The text from the last ``start`` (the contents list names headings too) up to the
    first ``end`` after it."""
    begin = text.rindex(start)
    return text[begin : text.index(end, begin + len(start))]


# --- quick start, overview, quick reference: no rule IDs; the back cover is one page ----


@pytest.mark.parametrize("variants", VARIANTS)
def test_quick_parts_have_no_rule_ids_and_the_quick_reference_is_one_page(
    kit: KitMaker, variants: tuple[str, ...]
) -> None:
    """The proof edition prints rule IDs where the book states rules, but never in the quick
    start, the turn overview or the quick reference; the quick reference is the last page."""
    proof = _book(kit, variants, "spelregels-proef.pdf")
    quickstart = _between(proof, "Snel beginnen Leg", "Wat zit erin?")
    overview = _between(proof, "Zo speel je Het spel bestaat", "Uitkomen")
    assert "TD-" not in quickstart and "TD-" not in overview
    hands = {(): "Na twaalf rondes", ("kort",): "Na drie rondes"}[variants]
    assert hands in quickstart
    pages = kit("twaalf-dagen", variants).page_texts("spelregels.pdf")
    back = _plain(pages[-1])
    assert back.startswith("In het kort") and "TD-" not in back
    for part in ("Voorbereiding", "Een slag", "Einde van een ronde", "Einde van het spel"):
        assert part in back, part
    assert hands in back
    assert not any("In het kort Voorbereiding" in _plain(page) for page in pages[:-1])


# --- worked examples follow the section that states their rules -----------------------


ORDER = [
    "Zo speel je",
    "Reageren Met de klok mee",
    "Voorbeeld: Een reeks op een reeks",
    "Wie wint de slag?",
    "Voorbeeld: Een slag met vier elven",
    "Voorbeeld: Twee keer dezelfde lage kaart",
    "Je laatste kaarten",
    "Voorbeeld: Laatste kaarten terug in de hand",
    "Einde van een ronde De winnaar",
    "Voorbeeld: Einde van een ronde: geschenken",
    "Einde van het spel",
]


@pytest.mark.parametrize("variants", VARIANTS)
def test_each_example_follows_the_rule_it_shows(kit: KitMaker, variants: tuple[str, ...]) -> None:
    """TD-B3's straight answer after "Reageren", the TD-B4 tricks after "Wie wint de slag?",
    TD-B5 after "Je laatste kaarten", TD-B6 after "Einde van een ronde", TD-K1 after the
    short-game variant; none before the rule it shows."""
    book = _book(kit, variants)
    order = ORDER + (
        ["Kort spel Geen tijd", "Voorbeeld: Het einde van een kort spel", "Goed om te weten"]
        if variants
        else ["Goed om te weten"]
    )
    at = 0
    for part in order:
        found = book.find(part, at)
        assert found >= 0, f"{part!r} missing or out of order"
        at = found + len(part)
    assert book.count("Voorbeeld:") == (6 if variants else 5)


# --- the setup figure: the real first deal ----------------------------------------------


@pytest.mark.parametrize("variants", VARIANTS)
def test_td_b1_setup_figure_is_a_real_deal_of_the_kit(variants: tuple[str, ...]) -> None:
    """TD-B1 (and TD-K1): the figure shows the hand size the tables give for four players,
    the own hand face up and sorted, the others' hands as backs, the supply after the
    starting gifts and the cards left out of the ronde."""
    assert GAME.setup is not None
    spec = load_game("twaalf-dagen").spec
    config = config_from_spec(spec, variants)
    (figure,) = GAME.setup(spec, variants)
    assert isinstance(figure, TableFigure)
    size = config.hand_sizes[PLAYERS]
    fans = [p for p in figure.places if p.spread == "fan"]
    own = [p for p in fans if not any(c.back for c in p.cards)]
    others = [p for p in fans if all(c.back for c in p.cards)]
    assert len(own) == 1 and len(others) == PLAYERS - 1
    assert all(len(p.cards) == size for p in fans)
    numbers = {row.id: row.number("number") for row in spec.component("deck").rows}
    shown = [numbers[c.picture.row] for c in own[0].cards]
    assert shown == sorted(shown)
    piles = [p for p in figure.places if p.spread == "pile"]
    gifts = [p for p in piles if p.cards[0].picture.component == "gifts"]
    out = [p for p in piles if p.cards[0].picture.component == "deck"]
    supply = config.gift_cards - PLAYERS * config.start_gifts
    assert sorted(len(p.cards) for p in gifts) == sorted(
        [supply] + [config.start_gifts] * bool(config.start_gifts)
    )
    assert [len(p.cards) for p in out] == [config.deck_size - PLAYERS * size]
    assert all(c.back for c in out[0].cards)
    assert sum(1 for p in others if "gever" in p.label) == 1
    assert "komt uit" in figure.caption


def test_setup_figure_labels_come_from_the_phrase_file(project_copy: Path) -> None:
    """A proofreader changes the figure's words in voorbeelden.toml, not in Python."""
    path = project_copy / "cardspecs" / "twaalf-dagen" / "rulebook" / "voorbeelden.toml"
    text = path.read_text(encoding="utf-8")
    text = text.replace('setup_supply = "Voorraad: {count}"', 'setup_supply = "Stapel {count}"')
    text = text.replace("{dealer} gaf,", "{dealer} deelde,")
    path.write_text(text, encoding="utf-8")
    assert GAME.setup is not None
    (figure,) = GAME.setup(load_game("twaalf-dagen").spec, ())
    assert isinstance(figure, TableFigure)
    assert "Stapel twaalf geschenken" in [p.label for p in figure.places]
    assert "deelde" in figure.caption


# --- the proofreading edition lists the decisions ---------------------------------------


def test_proof_edition_lists_the_engine_decisions(kit: KitMaker) -> None:
    """The decisions (proof edition only): our own next-dealer rule (TD-B4), the leader
    winning when everyone passes (TD-B4), the lead's low card as the measure (TD-B3)."""
    proof = _book(kit, (), "spelregels-proef.pdf")
    decisions = _between(proof, "Beslissingen van de regels", "Printen en in elkaar zetten")
    for rule, words in (
        ("TD-B4", "De speler rechts van de winnaar van een ronde deelt de volgende ronde"),
        ("TD-B4", "Passen alle anderen, dan wint de uitkomer de slag"),
        ("TD-B3", "niet met de laagste kaart die tot dan toe is gespeeld"),
        ("TD-B6", "de voorraad slinkt alleen door gewonnen rondes"),
    ):
        assert words in decisions, words
        assert f"[{rule}]" in decisions[decisions.index(words) :], rule
    assert "Beslissingen van de regels" not in _book(kit)


# --- TD-B3 in our own words, as the engine plays it -------------------------------------


def test_td_b3_the_lowest_card_you_play_counts_and_sets_or_straights_have_two_cards(
    kit: KitMaker,
) -> None:
    """TD-B3: a straight answer may reach above the lead's low card as long as its lowest
    card does not; a set answer may be shorter than the lead, never one card; the book says
    so without the old ambiguous sentences."""
    state = ENGINE.new_state(standard_config(), 3)
    state.set_position([[10, 11, 12], [9, 10, 11, 12, 12], [3, 11, 12]], leader=0)
    state.push(make_play(STRAIGHT, 10, 3))
    legal = state.legal_actions()
    assert make_play(STRAIGHT, 9, 4) in legal and make_play(STRAIGHT, 9, 2) in legal
    assert make_play(STRAIGHT, 11, 2) not in legal
    state = ENGINE.new_state(standard_config(), 2)
    state.set_position([[11, 11, 11, 11], [5, 8, 8, 12]], leader=0)
    state.push(make_play(SET, 11, 4))
    legal = state.legal_actions()
    assert make_play(SET, 8, 2) in legal
    assert not any(a and a >> 10 != SET for a in legal), "only sets answer a set"
    book = _book(kit)
    assert (
        "Je laagste kaart moet gelijk aan of lager zijn dan de lage kaart van de uitkomer" in book
    )
    assert "zolang hij uit minstens twee kaarten bestaat" in book
    assert "Minstens één van je kaarten mag niet hoger" not in book
    assert "nooit maar één kaart" not in book
