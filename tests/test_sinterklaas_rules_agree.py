"""Engine, printed rulebook and aid agree (SK-B6, SK-B7, SK-V2, SK-V3, SK-W5, SK-A1).

Each test checks the engine's behaviour on a scripted position and then reads
the real kit's PDFs back for the statement of the same rule, so it fails when
either drifts from the rule checklist.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from itertools import combinations

import pytest

from pnp.catalog.project import load_game
from pnp.engine import EventLog
from pnp.games.sinterklaas.kit.spec_config import config_from_spec
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.cards import parse_card
from pnp.games.sinterklaas.rules.combinations import COLOUR, NUMBER, STRAIGHT, best_combination
from pnp.games.sinterklaas.rules.config import standard_config, standard_deck
from pnp.games.sinterklaas.rules.engine import ENGINE
from pnp.games.sinterklaas.rules.state import SinterklaasState
from pnp.games.sinterklaas.rules.steps import ALL_IN, KEEP, STOPPED
from tests.conftest import BuiltKit, KitMaker
from tests.engine.sinterklaas_play import (
    cards,
    deal,
    do,
    draw,
    events_of,
    finish_randomly,
    game,
    legal,
    reveal,
)

GAME = "sinterklaas"

SIX = (
    "blauw-1 blauw-2 geel-3 geel-4 paars-5 paars-6",
    "groen-1 groen-2 groen-3 geel-7 geel-8 paars-9",
)
"""Two dealt hands of six for seats 1 and 2."""

EIGHT = "rood-1 rood-2 rood-3 rood-4 rood-6 rood-7 blauw-9 groen-9"
"""Seat 0 kept eight hand cards from an earlier round (a hand larger than six stays)."""


def _book(built: BuiltKit) -> str:
    """The rulebook's text, without the page number each page starts with."""
    return " ".join(re.sub(r"^\d+ ", "", page) for page in built.page_texts("spelregels.pdf"))


def _aid(built: BuiltKit) -> str:
    return built.component_text("hulp") + " " + built.component_text("hulp", back=True)


# --- SK-B6: all-in is a way of going along --------------------------------------------------


def test_sk_b6_all_in_must_meet_the_highest_bid_engine() -> None:
    """SK-B6: a player whose whole hand cannot reach the highest bid may only stop (no all-in
    for less); a whole hand that meets it goes all-in, and the others then ignore that bid."""
    state, log = game(3, hands=[EIGHT, "", ""])
    deal(state, "", *SIX)
    reveal(state, "rood-5")
    do(state, *(f"add {c}" for c in EIGHT.split()[:7]), "done")  # a bid of 7, one card kept
    assert legal(state) == {"stop"}  # six cards cannot reach 7
    do(state, "stop")
    assert legal(state) == {"stop"}
    do(state, "stop")
    assert events_of(log, ev.RoundWon)[0].seat == 0

    state, log = game(3, hands=[EIGHT, "", ""])
    deal(state, "", *SIX)
    reveal(state, "rood-5")
    do(state, *(f"add {c}" for c in EIGHT.split()[:6]), "done")  # a bid of 6
    do(state, *(f"add {c}" for c in SIX[0].split()))  # the whole hand meets 6: all-in
    assert state.status[1] == ALL_IN
    assert events_of(log, ev.AllIn) == [ev.AllIn(1, 6)]
    assert state.current_player() == 2
    do(state, *(f"add {c}" for c in SIX[1].split()[:5]))
    assert "done" not in legal(state) and "add paars-9" in legal(state)  # P0's 6 still counts


def test_sk_b6_a_player_left_short_by_an_effect_can_only_stop() -> None:
    """SK-B6: an empty hand whose bid is below the highest is not all-in: the player stops."""
    state, log = game(3, hands=[EIGHT, "", ""])
    deal(state, "", *SIX)
    reveal(state, "rood-5")
    do(state, *(f"add {c}" for c in EIGHT.split()[:3]), "done")
    state.hands[1] = ()  # as if an action card had taken the whole hand
    state.bids[1] = ()
    assert legal(state) == {"stop"}
    do(state, "stop")
    assert state.status[1] == STOPPED and not events_of(log, ev.AllIn)


def test_sk_b6_all_in_is_stated_as_going_along_in_book_and_aid(kit: KitMaker) -> None:
    """SK-B6: the book and the aid say all-in must still meet the highest bid; the old
    'all-in for less' sentence is gone."""
    built = kit(GAME)
    book = _book(built)
    assert "Alles inzetten is ook meegaan" in book
    assert "minstens even groot zijn als het hoogste bod" in book
    assert "dan kun je alleen stoppen" in book
    assert "bij het scoren maak je je combinatie alleen met de" in book
    assert "Minder inzetten dan het hoogste bod mag alleen" not in book
    assert "Alles inzetten voor minder bestaat niet" in book
    assert "Alles inzetten mag alleen als je bod dan het hoogste haalt" in _aid(built)


@pytest.mark.parametrize("variants", [(), ("actiepiet",)])
def test_sk_b6_mid_turn_shortfall_is_explained_only_where_it_can_happen(
    kit: KitMaker, variants: tuple[str, ...]
) -> None:
    """SK-B6: the mid-turn stop is printed only when an action card can cause it."""
    assert ("Kom je midden in je beurt tekort" in _book(kit(GAME, variants))) == bool(variants)


# --- SK-W5: eerste-stopper is its own variant, off by default -------------------------------


def _first_stop(variants: tuple[str, ...]) -> int:
    """Play the opening and a first stop by seat 2; return the Sint afterwards."""
    state, _log = game(3, variants)
    deal(state, "rood-1 rood-2 rood-3 rood-4 blauw-9 groen-9", *SIX)
    do(state, "give-big-sint P1", "add blauw-9", "add paars-6", "add paars-5", "done")
    reveal(state, "rood-5")
    do(state, "add groen-9", "done", "done", "stop")
    assert state.status[2] == STOPPED
    return state.sint


def test_sk_w5_eerste_stopper_is_its_own_variant_off_by_default_engine() -> None:
    """SK-W5: with wie-kent-hem-niet alone the first stop changes nothing; the variant
    eerste-stopper (which brings wie-kent-hem-niet along) makes the first stopper Sint."""
    assert not standard_config(("wie-kent-hem-niet",)).first_stopper_sint
    config = standard_config(("eerste-stopper",))
    assert config.first_stopper_sint and config.big_sint
    assert standard_config(("eerste-stopper",)).variants == ("wie-kent-hem-niet", "eerste-stopper")
    assert _first_stop(("wie-kent-hem-niet",)) == 0
    assert _first_stop(("eerste-stopper",)) == 2
    spec = load_game(GAME).spec
    assert spec.variants["eerste-stopper"].includes == ("wie-kent-hem-niet",)
    assert spec.variants["eerste-stopper"].rules == ("SK-W5",)
    assert "SK-W5" not in spec.variants["wie-kent-hem-niet"].rules
    assert not config_from_spec(spec, ("wie-kent-hem-niet",)).first_stopper_sint
    assert config_from_spec(spec, ("eerste-stopper",)).first_stopper_sint


def test_sk_w5_the_book_prints_the_first_stopper_only_with_its_variant(kit: KitMaker) -> None:
    """SK-W5: the Wie kent hem niet? book no longer switches the rule on; the eerste-stopper
    book has its own section."""
    plain = _book(kit(GAME, ("wie-kent-hem-niet",)))
    assert "Wie kent hem niet?" in plain
    assert "als eerste stopt" not in plain and "laat hem dan weg" not in plain
    chosen = _book(kit(GAME, ("eerste-stopper",)))
    assert "Eerste stopper" in chosen and "Wie kent hem niet?" in chosen
    assert "wie in een ronde als eerste stopt, pakt meteen de Kleine Sint" in chosen
    assert "Aan het eind van de ronde wordt de winnaar gewoon weer de Sint" in chosen


# --- SK-V3: with the Handregel also those who stayed to the end keep or discard --------------

THREE = (
    "rood-1 rood-2 rood-3 rood-4 blauw-9 groen-9",
    "blauw-1 blauw-2 geel-3 geel-4 paars-5 paars-6",
    "groen-1 groen-2 groen-3 geel-7 geel-8 paars-9",
)


def _showdown(variants: tuple[str, ...]) -> SinterklaasState:
    """P0 and P1 stay to the end, P2 stops; P0 wins with five reds."""
    state, _log = game(3, variants)
    deal(state, *THREE)
    if variants:
        do(state, "limit 0")
    reveal(state, "rood-5")
    do(state, "add blauw-9", "done", "add paars-6", "done", "stop")
    for name in ("blauw-5", "groen-5"):
        reveal(state, name)
        do(state, "done", "done")
    return state


def test_sk_v3_handregel_keep_or_discard_also_after_the_showdown_engine() -> None:
    """SK-V3 DECISION: the keep-or-discard choice replaces SK-B8's loss of hand cards: also the
    players who stayed to the end choose; without the Handregel their hands are lost."""
    plain = _showdown(())
    assert plain.hands[0] == () and plain.hands[1] == ()
    assert plain.hands[2] == cards(THREE[2])
    state = _showdown(("handregel",))
    assert state.scored[0] and state.sint == 0
    assert state.node == (KEEP, 0) and legal(state) == {"keep-hand", "discard-hand"}
    do(state, "keep-hand")
    assert state.node == (KEEP, 1) and legal(state) == {"keep-hand", "discard-hand"}
    do(state, "keep-hand", "discard-hand")
    assert state.hands[0] == cards("rood-1 rood-2 rood-3 rood-4 groen-9")
    assert state.hands[1] == cards("blauw-1 blauw-2 geel-3 geel-4 paars-5")
    assert state.hands[2] == ()


def test_sk_v3_book_and_aid_say_the_choice_is_for_everyone(kit: KitMaker) -> None:
    """SK-V3: book and aid say that with the Handregel also those who stayed to the end choose."""
    built = kit(GAME, ("handregel",))
    book = _book(built)
    assert "Dat geldt ook voor wie tot het scoren meedeed" in book
    assert "kiest daarna ieder zelf of hij zijn handkaarten houdt of weglegt" in book
    assert "Zonder de Handregel" not in book
    aid = _aid(built)
    assert "ook wie tot het eind meedeed, houdt ze of legt ze allemaal weg" in aid
    assert "Wie tot het eind meedeed, legt zijn hand weg" not in aid
    plain = kit(GAME)
    assert "Wie tot het eind meedeed, legt zijn hand weg" in _aid(plain)
    assert "Handregel" not in _book(plain)


# --- SK-B7: no straights in the base game; with Pietje Precies number, colour, straight ------

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def test_sk_b7_straights_only_with_pietje_precies_ranked_rarest_first_engine() -> None:
    """SK-B7/SK-P2: the base game knows no straights; with Pietje Precies a number beats a colour
    beats a straight on equal count, whatever the totals; the rarest kind ranks first."""
    run = best_combination([RED, BLUE, YELLOW], [7, 8, 9])
    assert run.kind != STRAIGHT and run.count == 1
    precise = best_combination([RED, BLUE, YELLOW], [7, 8, 9], precise=True)
    assert precise.kind == STRAIGHT and precise.count == 3
    number = best_combination([RED, BLUE, GREEN], [2, 2, 2], precise=True)
    colour = best_combination([RED, RED, RED], [7, 8, 9], precise=True)
    assert number.kind == NUMBER and colour.kind == COLOUR
    assert number.key > colour.key > precise.key
    assert number.total < colour.total == precise.total
    # rarest first: among all sets of three distinct cards, which kind each makes
    deck = [(k.colour, k.number) for k in standard_deck()]
    found = Counter(
        best_combination([c for c, _ in trio], [n for _, n in trio], precise=True).kind
        for trio in combinations(deck, 3)
    )
    assert found[NUMBER] < found[COLOUR] < found[STRAIGHT]


def test_sk_b7_the_base_book_has_no_straights_the_precies_book_ranks_them(kit: KitMaker) -> None:
    """SK-B7: the base book and aid name two kinds of combination only; with Pietje Precies
    they give the order number, colour, straight and why."""
    base = kit(GAME)
    assert "traatje" not in _book(base) and "traatje" not in _aid(base)
    assert "Getallen gaan voor kleuren" in _aid(base)
    precies = kit(GAME, ("pietje-precies",))
    book = _book(precies)
    assert "dan gaat een getal voor een kleur en een kleur voor een straatje" in book
    assert "zaamste combinatie wint" in book
    assert "een straatje het makkelijkst" in book
    assert "Getal gaat voor kleur, kleur voor straatje" in _aid(precies)


# --- SK-V2: the swap limits -------------------------------------------------------------------


def test_sk_v2_only_plain_face_up_bid_cards_swap_and_the_bid_keeps_its_size_engine() -> None:
    """SK-V2 DECISION: a hand card swaps one for one with an open bid card; an action card that
    worked, a face-down stand-in and the card just swapped in stay in the bid."""
    state, _log = game(3, ("inwisselen", "actiepiet", "pietje-precies"))
    deal(state, "inpakpiet wisselpiet rood-1 rood-2 blauw-9 groen-9", *SIX)
    reveal(state, "rood-5")
    do(state, "add inpakpiet", "hide wisselpiet", "add blauw-9")
    swaps = {m for m in legal(state) if m.startswith("swap")}
    assert swaps == {f"swap {c} blauw-9" for c in ("rood-1", "rood-2", "groen-9")}
    do(state, "swap rood-1 blauw-9")
    assert len(state.bids[0]) == 3 and len(state.hands[0]) == 3
    assert not any(m.startswith("swap") for m in legal(state))


def test_sk_v2_the_book_states_the_swap_limits(kit: KitMaker) -> None:
    """SK-V2: the Inwisselregel section states one for one and what stays in the bid."""
    book = _book(kit(GAME, ("inwisselen",)))
    assert "Je ruilt steeds één tegen één, dus je bod wordt er nooit kleiner van" in book
    assert (
        "een kaart die je net in je bod hebt geruild, blijft daar de rest van de ronde liggen"
        in book
    )
    assert "actiekaart in je bod" not in book
    full = _book(kit(GAME, ("inwisselen", "actiepiet", "pietje-precies", "biedregel")))
    assert "een actiekaart in je bod heeft zijn werk al gedaan en blijft liggen" in full
    assert "een munt in je bod blijft liggen" in full
    assert "een gedekt ingezette kaart blijft gedekt liggen" in full


# --- SK-A1: as many or as few action cards as you like; strategisch / flauw -------------------


def test_sk_a1_any_choice_of_action_cards_plays_engine() -> None:
    """SK-A1: players shuffle in as many or as few action cards as they like: the engine plays
    a game with only the chosen ones."""
    config = standard_config(("actiepiet",))
    chosen = {parse_card("roetpiet"), parse_card("wisselpiet")}
    kinds = tuple(k for k in config.kinds if not k.action or k.code in chosen)
    few = dataclasses.replace(config, kinds=kinds)
    state = ENGINE.new_state(few, 4, EventLog())
    assert {c for c in state.table.deck if c >= 256} == chosen
    state.set_position(sint=0)
    finish_randomly(state, seed=3)
    assert state.is_terminal()


def test_sk_a1_the_book_explains_the_choice_and_the_marks_on_the_cards(kit: KitMaker) -> None:
    """SK-A1: the book says how many action cards is up to the players and explains the
    strategisch / flauw mark that each action card prints; its examples match the table."""
    built = kit(GAME, ("actiepiet",))
    book = _book(built)
    assert "Jullie kiezen zelf hoeveel actiekaarten meedoen" in book
    assert "Onderaan elke actiekaart staat ‘strategisch’ of ‘flauw’" in book
    cards_text = built.text("kaarten.pdf")
    assert "strategisch" in cards_text and "flauw" in cards_text
    kinds = {r.id: r.fields["kind"] for r in load_game(GAME).spec.component("acties").rows}
    assert kinds["kijkpiet"] == kinds["wisselpiet"] == "strategisch"
    assert kinds["roetpiet"] == "flauw"
    assert (
        "strategische actie geeft je iets om slim mee te spelen, zoals de Kijkpiet of de Wisselpiet"
        in book
    )
    assert "flauwe actie zet vooral de boel op stelten, zoals de Roetpiet" in book


def test_the_printed_kit_uses_the_words_of_the_rulebooks(kit: KitMaker) -> None:
    """Words in the rulebooks: typographic quotes only and gedekt, never dicht."""
    built = kit(GAME, ("speculaas", "actiepiet", "pietje-precies", "eerste-stopper", "surprises"))
    for name in ("spelregels.pdf", "kaarten.pdf"):
        text = built.text(name)
        assert '"' not in text, name
        assert not re.search(r"\bdicht", text), name
    assert "gedekt" in _book(built)


def test_sk_b6_cards_drawn_after_going_all_in_count_at_the_showdown(kit: KitMaker) -> None:
    """SK-B6: an effect that deals the all-in player a card (here Strooipiet) adds it to their
    combination; the book says so where such effects exist."""
    state, log = game(3, ("actiepiet",), hands=[EIGHT, "", ""])
    deal(state, "", "strooipiet blauw-2 geel-3 geel-4 paars-5 paars-6", SIX[1])
    reveal(state, "rood-5")
    do(state, "add rood-1", "done", "add blauw-2", "done")
    do(state, *(f"add {c}" for c in SIX[1].split()))
    assert state.status[2] == ALL_IN
    reveal(state, "blauw-5")
    do(state, "done", "add strooipiet")
    for name in ("paars-1", "groen-5", "rood-9"):  # P1, P2, P0 draw, clockwise from P1
        draw(state, name)
    do(state, "done", "add rood-2", "done")
    reveal(state, "geel-5")
    do(state, "done", "done")
    shown = {e.seat: e for e in events_of(log, ev.CombinationShown)}
    assert "groen-5" in shown[2].cards and shown[2].count == 4  # four 5s
    assert "plus de kaarten die je daarna nog door een actiekaart in je hand krijgt" in _book(
        kit(GAME, ("actiepiet",))
    )
