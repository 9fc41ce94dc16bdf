"""The Sinterklaas rulebook examples: what only this game's examples must show.

Each example comes from a game record pinned in ``cardspecs/sinterklaas/examples/``;
the example contract (``tests/engine/test_example_contract.py``) replays every
record, tells it and checks every claim with the game's own checks
(:mod:`pnp.games.sinterklaas.story.checks`, fresh engine states, no event
log). Here: the checks have teeth (every claim, falsified, is refused), each
sentence says what its claim says and draws its cards, the intro shows the
table, the players are named from the Sint, every required kind shows its
rules (SK-B4 ... SK-W3), the search reproduces the pinned files, and a broken
pinned or phrase file is a clear error.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.engine.core import GameRecord
from pnp.example_model import CardPicture, Example, Step
from pnp.games.sinterklaas.kit.spec_config import config_from_spec
from pnp.games.sinterklaas.rules.actions import Action
from pnp.games.sinterklaas.rules.cards import card_name
from pnp.games.sinterklaas.rules.config import SinterklaasConfig
from pnp.games.sinterklaas.rules.engine import ENGINE, SinterklaasState
from pnp.games.sinterklaas.rules.steps import GIVE_BIG, IN, STOPPED, STRIKE
from pnp.games.sinterklaas.story.claims import (
    AddsStake,
    AddsToRoom,
    AtLimit,
    ChoosesCoin,
    DeclinesStake,
    DrawsCards,
    DrawsExtra,
    Exchanges,
    FirstStopSint,
    GivesBigSint,
    KeepsHand,
    LastOneLeft,
    NamesLimit,
    OpensBig,
    OpensSmall,
    Overbids,
    PicksSurprise,
    Reveals,
    SaysCannotMatch,
    Shows,
    SpoiledBy,
    Strikes,
    SwapsWithRoom,
    TakesSintCard,
    Turn,
    WinsShowdown,
)
from pnp.games.sinterklaas.story.examples import ROWS, STORY, Row, told_events
from pnp.games.sinterklaas.story.steps import HANDLERS, Telling
from pnp.kit.examples import game_examples
from pnp.spec.model import GameSpec
from pnp.story import Replay, load_phrases
from pnp.story.rulesets import built_kits
from pnp.story.search import RowUnder, story_search
from tests.dutch_words import WORDS
from tests.engine.registered import broken_phrase_file_error
from tests.engine.sinterklaas_swap import FIXTURE as SWAP_FIXTURE
from tests.engine.sinterklaas_swap import SWAP_ID, SWAP_ROW, pinned_swap, told_swap
from tests.engine.sinterklaas_swap import UPDATE as SWAP_UPDATE

ALL_VARIANTS = ("actiepiet", "pietje-precies", "wie-kent-hem-niet")
SPECULAAS_RULES = ("biedregel", "handregel", "inwisselen", "overschatting", "remise")
"""The rule set of a Speculaas kit."""
NAMES = ("Anna", "Bram", "Cas", "Daan", "Eva", "Fleur")
ADJECTIVES = {
    "rood": "rode",
    "blauw": "blauwe",
    "groen": "groene",
    "geel": "gele",
    "paars": "paarse",
}
NUMBER, COLOUR, STRAIGHT, NONE = "number", "colour", "straight", "none"
SEPARATOR = " · "
SEARCH = story_search(STORY)


@cache
def spec() -> GameSpec:
    """The real spec tables."""
    return load_game("sinterklaas").spec


@cache
def all_examples() -> tuple[Example, ...]:
    """Every example, in table order, each from the first kit people build that shows it
    (the kit of its row's own variants where that is one)."""
    kits = built_kits(spec())
    out = []
    for row in ROWS:
        kit = next(k for k in kits if STORY.applies(spec(), row, STORY.rule_set(spec(), k)))
        out.append(next(ex for ex in game_examples(spec(), kit) if ex.id == row.id))
    return tuple(out)


def example(example_id: str) -> Example:
    """One example by id."""
    return next(e for e in all_examples() if e.id == example_id)


def example_of(kind: str) -> Example:
    """The example of one kind."""
    return example(next(c.id for c in ROWS if c.kind == kind))


@cache
def card_values() -> dict[str, tuple[str, int]]:
    """Card id -> (colour, number), read straight from the spec tables."""
    out = {}
    for component in ("deck", "acties", "pietje-precies"):
        for row in spec().component(component).rows:
            out[row.id] = (row.text("colour"), row.number("number"))
    return out


@cache
def action_names() -> dict[str, str]:
    """Action card id -> its Dutch name, from the spec tables."""
    return {
        row.id: row.text("name")
        for component in ("acties", "pietje-precies")
        for row in spec().component(component).rows
    }


def card_words(card: str) -> str:
    """How a sentence writes a card: "rode 5", or the action card's name."""
    if card in action_names():
        return action_names()[card]
    colour, number = card_values()[card]
    return f"{ADJECTIVES[colour]} {number}"


def pinned_file(ex: Example) -> Path:
    """The pinned file named first in the example's source."""
    return spec().folder / ex.source.split(SEPARATOR)[0]


@cache
def record_named(path: Path) -> GameRecord:
    """A pinned game record."""
    return GameRecord.from_dict(json.loads(path.read_text(encoding="utf-8")))


def record_of(ex: Example) -> GameRecord:
    """The pinned game record of an example."""
    return record_named(pinned_file(ex))


def replay_of(ex: Example) -> Replay[SinterklaasConfig, SinterklaasState, Action]:
    """The pinned record of an example, replayed on fresh engine states (no event log)."""
    record = record_of(ex)
    return Replay(ENGINE, config_from_spec(spec(), record.variants), record)


def state_after(ex: Example, count: int) -> SinterklaasState:
    """A fresh state (no event log) after the first ``count`` actions of the example's record."""
    assert count <= len(record_of(ex).actions), "the record has that action"
    return replay_of(ex).state_after(count)


def names(cards: Sequence[int]) -> tuple[str, ...]:
    """Card codes as card ids."""
    return tuple(card_name(c) for c in cards)


def steps_with_claims() -> list[tuple[Example, Step]]:
    """Every step of every example."""
    return [(ex, step) for ex in all_examples() for step in ex.steps]


def step_id(item: tuple[Example, Step]) -> str:
    """A readable test id."""
    ex, step = item
    claim = step.claim
    at = getattr(claim, "at", getattr(claim, "bid_at", "?"))
    return f"{ex.id}:{type(claim).__name__}@{at}:P{getattr(claim, 'seat', '-')}"


# ---------------------------------------------------------------------------
# Sentences agree with their claims


def has_phrase(text: str, phrase: str) -> bool:
    """``phrase`` occurs in ``text`` as whole words."""
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text) is not None


def combination_words(claim: Shows) -> list[str]:
    """How the sentence must write the combination."""
    if claim.kind == NONE:
        return ["niets waard"]
    numbers = sorted(card_values()[c][1] for c in claim.cards)
    words = [f"= {claim.total}"] if len(numbers) > 1 else []
    if claim.kind == STRAIGHT:
        return [*words, "straatje " + "-".join(map(str, numbers))]
    if claim.kind == COLOUR:
        colour = card_values()[claim.cards[0]][0]
        noun = "kaart" if len(claim.cards) == 1 else "kaarten"
        return [*words, f"{WORDS[len(claim.cards)]} {ADJECTIVES[colour]} {noun}"]
    return [*words, WORDS[len(claim.cards)]]


def expected_words(claim: Any) -> tuple[list[str], list[str]]:
    """(player names, other words) the sentence of ``claim`` must contain."""
    actions = action_names()
    if isinstance(claim, AtLimit):
        cards = [*map(card_words, claim.cards), "ondergrens", WORDS[claim.kept]]
        if claim.outcome == "limit":
            return [claim.name], [*cards, "niet te stoppen", WORDS[claim.bid], WORDS[claim.over]]
        verb = {"call": "mee", "raise": "verhoogt"}[claim.outcome]
        return [claim.name], [*cards, verb, WORDS[claim.bid]]
    if isinstance(claim, SpoiledBy):
        would = Shows(
            claim.at, claim.seat, claim.name, (), "", claim.kind, claim.cards, claim.total
        )
        return [], [f"de {card_words(claim.card)}", combination_words(would)[-1]]
    if isinstance(claim, SaysCannotMatch):
        return [claim.name], [
            "niet te volgen",
            WORDS[claim.highest],
            f"verder dan {WORDS[claim.reach]}",
        ]
    if isinstance(claim, Overbids):
        return [claim.name], [f"bod van {WORDS[claim.bid]}", "Overschattingsregel", "zelf uit"]
    if isinstance(claim, NamesLimit):
        if not claim.minimum:
            return [claim.name], ["geen ondergrens"]
        return [claim.name], ["ondergrens", f"minstens {WORDS[claim.minimum]}"]
    if isinstance(claim, KeepsHand):
        return [claim.name], [*map(card_words, claim.cards), "houdt" if claim.kept else "weg"]
    if isinstance(claim, Exchanges):
        cards = [card_words(claim.bid_card), card_words(claim.hand_card)]
        return [claim.name], [
            "ruilt",
            *cards,
            "uit het bod terug",
            f"even groot: {WORDS[claim.bid]}",
        ]
    if isinstance(claim, ChoosesCoin):
        choice = {"more-stake": "‘meer inzet’", "more-cards": "‘meer handkaarten’"}[claim.choice]
        return [claim.name], [card_words(claim.card), "chocolademunt", choice]
    if isinstance(claim, AddsStake):
        joined = ["volgt", "gewonnen kaarten"] if claim.joined else []
        return [claim.name], [*joined, card_words(claim.card), f"nu {WORDS[claim.bid]}"]
    if isinstance(claim, DeclinesStake):
        return [claim.name], ["volgt niet"]
    if isinstance(claim, DrawsExtra):
        return [claim.name], ["trekt", card_words(claim.card)]
    if isinstance(claim, FirstStopSint):
        return [claim.name, claim.previous_name], ["eerste stop", "meteen de Sint", "Kleine Sint"]
    if isinstance(claim, Reveals):
        return [claim.sint_name], [card_words(c) for c in claim.room]
    if isinstance(claim, Turn):
        verb = {"stop": "stopt", "check": "zonder", "call": "mee", "raise": "verhoogt"}
        if claim.outcome == "stop":
            counts = [WORDS[claim.kept]]
        else:
            counts = [WORDS[claim.bid]] if claim.bid else []
        return [claim.name], [*map(card_words, claim.cards), verb[claim.outcome], *counts]
    if isinstance(claim, Shows):
        struck = [card_words(claim.struck), "weggestreepte"] if claim.struck else []
        hand = [card_words(c) for c in claim.hand]
        return [claim.name], [*hand, *struck, *combination_words(claim)]
    if isinstance(claim, WinsShowdown):
        why = {
            "count": ["grootste", WORDS[claim.count], WORDS[claim.other_count]],
            "kind": ["Bij evenveel kaarten gaat", WORDS[claim.count]],
            "total": ["hoogste totaal", str(claim.total), str(claim.other_total)],
            "only": ["Alleen"],
            "bid": ["Remiseregel", str(claim.total), WORDS[claim.bid], WORDS[claim.other_bid]],
        }[claim.reason]
        gained = [card_words(claim.gained)] if claim.gained else []
        decisive = []
        if claim.instead >= 0:
            decisive = ["Zonder", "gewonnen", WORDS[claim.instead_count]]
        elif claim.decisive:
            decisive = ["Zonder", "niemand"]
        words = [*why, "wint", WORDS[claim.pile], "Sint", *gained, *decisive]
        instead = [claim.instead_name] if claim.instead >= 0 else []
        if claim.reason == "only":
            return [claim.name, *instead], words
        return [claim.name, claim.other_name, *instead], words
    if isinstance(claim, LastOneLeft):
        kept = {0: [], 1: ["laatste handkaart"]}.get(claim.kept, [WORDS[claim.kept]])
        return [claim.name], ["alleen", WORDS[claim.pile], *kept, "Sint"]
    if isinstance(claim, PicksSurprise):
        return [claim.name], ["surprise", *([card_words(claim.card)] if claim.card else [])]
    if isinstance(claim, Strikes):
        rescue = ["telt er niets"] if claim.rescues else []
        card = [card_words(claim.card)] if claim.card else ["niets"]
        return [claim.name], ["Pietje Precies", "weg" if claim.card else "", *card, *rescue]
    if isinstance(claim, GivesBigSint):
        return [claim.sint_name, claim.name], ["Kleine Sint", "Grote Sint"]
    if isinstance(claim, OpensSmall):
        return [claim.name], ["Kleine Sint", "één kaart", card_words(claim.card)]
    if isinstance(claim, OpensBig):
        cards = [card_words(c) for c in claim.cards]
        return [claim.name], ["Grote Sint", "verdubbelen", *cards, WORDS[len(claim.cards)]]
    if isinstance(claim, DrawsCards):
        return [claim.name], [actions[claim.card], "trekt", *map(card_words, claim.drawn)]
    if isinstance(claim, SwapsWithRoom):
        return [claim.name], [actions[claim.card], card_words(claim.given), card_words(claim.taken)]
    if isinstance(claim, AddsToRoom):
        return [claim.name], [actions[claim.card], card_words(claim.revealed)]
    assert isinstance(claim, TakesSintCard)
    return [claim.name, claim.previous_name], [actions[claim.card], "Sint"]


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_every_sentence_says_what_its_claim_says(item: tuple[Example, Step]) -> None:
    """The sentence names exactly the claim's players and writes its cards and numbers."""
    _, step = item
    players, words = expected_words(step.claim)
    for word in [*players, *words]:
        assert has_phrase(step.text, word), f"{word!r} missing in {step.text!r}"
    assert {n for n in NAMES if has_phrase(step.text, n)} == set(players), step.text
    assert not re.search(r"\bP\d\b|[a-z]+-\d", step.text), "no notation in the text"


def picture(card: str) -> CardPicture:
    """The drawing of a card: its row in the deck, the action cards or Pietje Precies."""
    if card == "pietje-precies":
        return CardPicture("pietje-precies", card)
    return CardPicture("acties" if card in action_names() else "deck", card)


SMALL_SINT = CardPicture("sint", "kleine-sint")
BIG_SINT = CardPicture("grote-sint", "grote-sint")


def expected_pictures(claim: Any) -> tuple[CardPicture, ...]:
    """The cards a sentence draws."""
    if isinstance(claim, NamesLimit | DeclinesStake | SaysCannotMatch | Overbids):
        return ()
    if isinstance(claim, FirstStopSint):
        return (SMALL_SINT,)
    if isinstance(claim, Reveals):
        cards: Sequence[str] = (claim.card,)
    elif isinstance(claim, KeepsHand):
        cards = claim.cards
    elif isinstance(claim, Exchanges):
        cards = (claim.bid_card, claim.hand_card)
    elif isinstance(claim, ChoosesCoin | AddsStake | DrawsExtra | SpoiledBy):
        cards = (claim.card,)
    elif isinstance(claim, Turn):
        cards = claim.cards
    elif isinstance(claim, Shows):
        return tuple(picture(c) for c in claim.cards)
    elif isinstance(claim, WinsShowdown | LastOneLeft):
        return (SMALL_SINT,)
    elif isinstance(claim, Strikes):
        cards = ("pietje-precies", claim.card) if claim.card else ("pietje-precies",)
    elif isinstance(claim, GivesBigSint):
        return (SMALL_SINT, BIG_SINT)
    elif isinstance(claim, OpensSmall):
        cards = (claim.card,)
    elif isinstance(claim, OpensBig):
        cards = claim.cards
    elif isinstance(claim, DrawsCards):
        cards = (claim.card, *claim.drawn)
    elif isinstance(claim, SwapsWithRoom):
        cards = (claim.card, claim.taken)
    elif isinstance(claim, AddsToRoom):
        cards = (claim.card, claim.revealed)
    elif isinstance(claim, PicksSurprise):
        cards = (claim.card,) if claim.card else ()
    else:
        return (picture(claim.card), SMALL_SINT)
    return tuple(picture(c) for c in cards)


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_pictures_show_the_cards_of_each_sentence(ex: Example) -> None:
    """Each sentence draws the real cards it names; what the rules do is marked automatic."""
    rows = {(c.id, r.id) for c in spec().components for r in c.rows}
    for step in ex.steps:
        assert step.cards == expected_pictures(step.claim), step.text
        assert all((p.component, p.row) in rows for p in step.cards)
        automatic = isinstance(
            step.claim,
            Reveals
            | Shows
            | WinsShowdown
            | LastOneLeft
            | PicksSurprise
            | DrawsExtra
            | FirstStopSint
            | Overbids
            | SpoiledBy,
        ) or (isinstance(step.claim, AddsStake) and not step.claim.joined)
        assert step.automatic == automatic, step.text


# ---------------------------------------------------------------------------
# The whole example: intro, names, order, coverage


def claim_span(claim: Any) -> range:
    """The action indices a claim speaks of."""
    first = getattr(
        claim, "first", getattr(claim, "bid_at", claim.at if hasattr(claim, "at") else 0)
    )
    last = getattr(claim, "at", first)
    return range(first, last + 1)


def start_of(ex: Example) -> int:
    """The first action the example tells."""
    return min(claim_span(s.claim).start for s in ex.steps)


def name_of(ex: Example) -> dict[int, str]:
    """Seat -> name: the Sint when the example starts is Anna, then clockwise."""
    record = record_of(ex)
    state = state_after(ex, start_of(ex))
    n = record.num_players
    sint = state.sint
    if not state.room and state.node[0] == GIVE_BIG:
        sint = state.current_player()
    return {s: NAMES[(s - sint) % n] for s in range(n)}


def seat_fields(claim: Any) -> list[tuple[int, str]]:
    """Every (seat, name) pair a claim holds."""
    pairs = []
    for seat_field, name_field in (
        ("seat", "name"),
        ("sint", "sint_name"),
        ("other", "other_name"),
        ("previous", "previous_name"),
        ("instead", "instead_name"),
    ):
        seat = getattr(claim, seat_field, -1)
        if seat >= 0 and hasattr(claim, name_field):
            pairs.append((seat, getattr(claim, name_field)))
    return pairs


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_players_are_named_clockwise_from_the_sint(ex: Example) -> None:
    """The Sint of the focus round is Anna, then clockwise Bram, Cas, Daan."""
    names_by_seat = name_of(ex)
    for step in ex.steps:
        for seat, name in seat_fields(step.claim):
            assert names_by_seat[seat] == name, step.text
    assert "Anna is de" in ex.intro


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_intro_shows_the_table_where_the_example_starts(ex: Example) -> None:
    """The intro lists the hands (all, or those still in at a showdown), the Pakjeskamer
    and the pot exactly as they are when the told part starts."""
    record = record_of(ex)
    state = state_after(ex, start_of(ex))
    names_by_seat = name_of(ex)
    shown = {
        name: cards.split(", ")
        for name, cards in re.findall(rf"({'|'.join(NAMES)}): ([^;.]+)", ex.intro)
    }
    at_showdown = "Na het laatste biedrondje" in ex.intro
    seats = [s for s in range(record.num_players) if not at_showdown or state.status[s] != STOPPED]
    assert shown == {
        names_by_seat[s]: [card_words(c) for c in names(state.hands[s])] for s in seats
    }
    if at_showdown:
        room = re.search(r"Pakjeskamer — ([^.]+)\.", ex.intro)
        assert room and room.group(1).split(", ") == [card_words(c) for c in names(state.room)]
        pile = sum(len(b) for b in state.bids)
        assert f"In de pot liggen {WORDS[pile]} kaart" in ex.intro
    else:
        assert not state.room and not any(state.bids), "the told part starts after the deal"
    assert state.round == int(ex.source.split("ronde ")[-1])


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_every_action_of_the_told_part_has_its_sentence(ex: Example) -> None:
    """From where the example starts to the end of its record, every action is told, in
    order, each turn once; the record ends with the told part."""
    record = record_of(ex)
    spans = [claim_span(s.claim) for s in ex.steps if not isinstance(s.claim, Shows)]
    covered = {i for span in spans for i in span}
    last = len(record.actions) - 1
    assert max(covered) == last, "the record ends with the told part"
    if "Na het laatste biedrondje" in ex.intro:
        strikes = {s.claim.at for s in ex.steps if isinstance(s.claim, Strikes)}
        state, game = state_after(ex, start_of(ex)), replay_of(ex)
        for index in range(start_of(ex), last + 1):
            assert (state.node[0] == STRIKE) == (index in strikes)
            state.push(game.action(index))
    else:
        assert covered == set(range(start_of(ex), last + 1))
    turns = [s.claim for s in ex.steps if isinstance(s.claim, Turn | OpensBig)]
    for before, after in itertools.pairwise(turns):
        assert before.at < after.first, "turns are told once, in order"


# ---------------------------------------------------------------------------
# Every required kind, with its rules


def claims_of(ex: Example, kind: type) -> list[Any]:
    """The claims of one type in an example."""
    return [s.claim for s in ex.steps if isinstance(s.claim, kind)]


def test_sk_b4_b7_a_whole_round_of_three_reveals_ending_in_a_showdown() -> None:
    """SK-B4: three reveals, each followed by a lap (a raise, a stop, going along);
    SK-B7/SK-B8: every remaining player's best combination and the winner."""
    ex = example_of("showdown")
    assert {"SK-B4", "SK-B7"} <= set(ex.rules) and ex.variants == ()
    reveals = claims_of(ex, Reveals)
    assert [len(r.room) for r in reveals] == [1, 2, 3]
    outcomes = {t.outcome for t in claims_of(ex, Turn)}
    assert {"raise", "stop"} <= outcomes and outcomes & {"call", "check"}
    shows = claims_of(ex, Shows)
    (win,) = claims_of(ex, WinsShowdown)
    assert len(shows) >= 2 and win.seat in {s.seat for s in shows} and win.reason == "count"
    assert ex.steps[-1].claim == win


def test_sk_b7_equal_count_a_number_beats_a_colour() -> None:
    """SK-B7: on equal count a number combination beats a colour combination."""
    ex = example_of("tie-number")
    assert "SK-B7" in ex.rules
    (win,) = claims_of(ex, WinsShowdown)
    kinds = {s.seat: s.kind for s in claims_of(ex, Shows)}
    assert win.reason == "kind" and win.count == win.other_count
    assert (kinds[win.seat], kinds[win.other]) == (NUMBER, COLOUR)


def test_sk_b7_equal_count_and_kind_the_higher_total_wins() -> None:
    """SK-B7: equal count and kind, the higher total of the numbers wins."""
    ex = example_of("tie-total")
    assert "SK-B7" in ex.rules
    (win,) = claims_of(ex, WinsShowdown)
    kinds = {s.seat: s.kind for s in claims_of(ex, Shows)}
    assert win.reason == "total" and win.count == win.other_count
    assert kinds[win.seat] == kinds[win.other] and win.total > win.other_total


def test_sk_b5_the_round_ends_when_one_player_is_left() -> None:
    """SK-B5: the others stop, the last one wins the pot at once: no showdown."""
    ex = example_of("one-left")
    assert "SK-B5" in ex.rules
    (left,) = claims_of(ex, LastOneLeft)
    assert not claims_of(ex, Shows) and ex.steps[-1].claim == left
    assert [t for t in claims_of(ex, Turn) if t.outcome == "stop"][-1].at == left.at


def test_sk_p1_p2_p3_a_strike_makes_a_straight_that_wins() -> None:
    """SK-P3: the Pietje Precies in the bid strikes a card; SK-P1: without the strike the
    cards would be worth nothing; SK-P2: the rest is a straight, and it wins."""
    ex = example_of("pietje-precies")
    assert {"SK-P1", "SK-P2", "SK-P3"} <= set(ex.rules) and ex.variants == ("pietje-precies",)
    (win,) = claims_of(ex, WinsShowdown)
    strike = next(s for s in claims_of(ex, Strikes) if s.seat == win.seat)
    shows = next(s for s in claims_of(ex, Shows) if s.seat == win.seat)
    assert strike.card and strike.rescues
    assert shows.kind == STRAIGHT and shows.struck == strike.card


def test_sk_p1_one_card_that_does_not_fit_makes_the_cards_worth_nothing() -> None:
    """SK-P1: a player whose cards hold one that fits no combination of the others scores
    nothing, though without it one of them would have beaten the winner; the winner struck that very
    card with the Pietje Precies (SK-P3) and wins as the only combination that counts."""
    ex = example_of("precies-nothing")
    assert ex.rules == ("SK-P1",) and ex.variants == ("pietje-precies",)
    (win,) = claims_of(ex, WinsShowdown)
    shows = {s.seat: s for s in claims_of(ex, Shows)}
    spoiled = claims_of(ex, SpoiledBy)
    assert spoiled and win.reason == "only"
    for x in spoiled:
        assert shows[x.seat].kind == NONE and x.seat != win.seat
        position = next(i for i, s in enumerate(ex.steps) if s.claim is shows[x.seat])
        assert ex.steps[position + 1].claim is x
    assert any((len(x.cards), x.total) > (win.count, win.total) for x in spoiled), "had won"
    struck = {s.card for s in claims_of(ex, Strikes) if s.seat == win.seat}
    assert struck & {x.card for x in spoiled} and shows[win.seat].struck in struck


def test_sk_a1_an_action_card_in_the_bid_changes_the_round() -> None:
    """SK-A1: an action card works once it is bid, and what it brought decides the round."""
    ex = example_of("action")
    assert "SK-A1" in ex.rules and ex.variants == ("actiepiet",)
    actions = [
        s.claim
        for s in ex.steps
        if isinstance(s.claim, DrawsCards | SwapsWithRoom | AddsToRoom | TakesSintCard)
    ]
    (action,) = actions
    (win,) = claims_of(ex, WinsShowdown)
    assert win.seat == action.seat and win.decisive and win.effect_at == action.at
    brought = {
        DrawsCards: lambda a: a.drawn,
        SwapsWithRoom: lambda a: (a.taken,),
        AddsToRoom: lambda a: (a.revealed,),
    }[type(action)](action)
    assert win.gained in brought


@cache
def swap_example() -> Example:
    """The test-only Wisselpiet round (see :mod:`tests.engine.sinterklaas_swap`), replayed and
    told by the rulebook's story code."""
    return told_swap(spec())


def swap_replay() -> Replay[SinterklaasConfig, SinterklaasState, Action]:
    """The Wisselpiet round's record, replayed on fresh engine states (no event log)."""
    record = pinned_swap().record
    return Replay(ENGINE, config_from_spec(spec(), record.variants), record)


def test_sk_a1_the_swap_example_says_who_would_have_won_instead() -> None:
    """SK-A1: a Wisselpiet that decides the round is explained by whom it kept from winning:
    without the swap its card would have stayed in the Pakjeskamer for everyone. The
    rulebook's action example may show another action card, so this is told from a pinned
    Wisselpiet round of its own, found by the same search."""
    ex = swap_example()
    assert "SK-A1" in ex.rules and ex.variants == ("actiepiet",)
    (swap,) = claims_of(ex, SwapsWithRoom)
    (win,) = claims_of(ex, WinsShowdown)
    assert swap.card == "wisselpiet" and ex.steps[-1].claim == win
    assert win.seat == swap.seat and win.decisive and win.effect_at == swap.at
    assert win.gained == swap.taken
    assert win.instead not in (-1, win.seat)
    sint = claims_of(ex, Reveals)[0].sint  # Anna, then clockwise
    assert win.instead_name == NAMES[(win.instead - sint) % pinned_swap().record.num_players]
    text = ex.steps[-1].text
    taken = card_words(swap.taken)
    assert f"De {taken} die {win.name} met de Wisselpiet uit de Pakjeskamer haalde" in text
    assert f"Zonder die ruil had {win.instead_name} gewonnen, met " in text
    assert f"met {WORDS[win.instead_count]} " in text.split("Zonder die ruil")[1]
    assert "niet gewonnen" not in text and "niemand" not in text


def test_the_swap_example_claims_hold_and_are_said() -> None:
    """Every sentence of the Wisselpiet round says what its claim says and draws its cards;
    every claim holds on fresh engine states, and the claim about the next player, or that
    someone else would have won without the swap, is refused."""
    ex, replay = swap_example(), swap_replay()
    assert STORY.checks is not None
    for step in ex.steps:
        players, words = expected_words(step.claim)
        for word in [*players, *words]:
            assert has_phrase(step.text, word), f"{word!r} missing in {step.text!r}"
        assert {n for n in NAMES if has_phrase(step.text, n)} == set(players), step.text
        assert step.cards == expected_pictures(step.claim), step.text
        STORY.checks.check(replay, step.claim)
        with pytest.raises(AssertionError):
            STORY.checks.check(replay, falsified(step.claim, replay.record.num_players))
    (win,) = claims_of(ex, WinsShowdown)
    for seat in (-1, *range(replay.record.num_players)):
        if seat != win.instead:
            with pytest.raises(AssertionError):
                STORY.checks.check(replay, dataclasses.replace(win, instead=seat))


def test_the_finder_reproduces_the_swap_record_from_its_seed() -> None:
    """The rulebook's search, restricted to a deciding Wisselpiet, writes the pinned swap
    round byte for byte from its seed, in the ideal shape of the action example."""
    seed = pinned_swap().record.seed
    assert seed is not None
    found = SEARCH.find_one(spec(), RowUnder(SWAP_ROW, SWAP_ROW.variants), [seed])
    assert found is not None, f"no swap round at seed {seed}: re-run {SWAP_UPDATE}"
    pinned, result = found
    assert result.score == SWAP_ROW.ideal == next(r for r in ROWS if r.kind == "action").ideal
    assert pinned.to_json() == SWAP_FIXTURE.read_text(encoding="utf-8"), f"re-run {SWAP_UPDATE}"
    assert SWAP_ID not in {e.id for e in all_examples()}, "no kit shows the swap round"


def test_sk_v5_equally_strong_combinations_the_larger_bid_wins() -> None:
    """SK-V5 (Speculaas): two combinations of the same count, kind and total; the player who
    bid more wins the pot."""
    ex = example_of("remise")
    assert ex.rules == ("SK-V5",) and {"remise", "handregel"} <= set(ex.variants)
    (win,) = claims_of(ex, WinsShowdown)
    shows = {s.seat: s for s in claims_of(ex, Shows)}
    mine, other = shows[win.seat], shows[win.other]
    assert (mine.kind, len(mine.cards), mine.total) == (other.kind, len(other.cards), other.total)
    assert win.reason == "bid" and win.bid > win.other_bid
    assert f"{win.name} {WORDS[win.bid]} kaarten" in ex.intro


def test_sk_s1_the_winner_of_the_round_picks_the_next_surprise() -> None:
    """SK-S1 (Surprises): the round's winner picks the next surprise, said after the win."""
    ex = example_of("surprise")
    assert ex.rules == ("SK-S1",) and ex.variants == ("surprises",)
    (win,) = claims_of(ex, WinsShowdown)
    (pick,) = claims_of(ex, PicksSurprise)
    assert pick.seat == win.seat and pick.mode == "ronde" and ex.steps[-1].claim == pick


@pytest.mark.parametrize("variant", ["meer-pakjes", "minder-pakjes"])
def test_sk_m1_every_example_of_a_hand_size_kit_is_played_at_its_table(variant: str) -> None:
    """SK-M1: in a Meer pakjes / Minder pakjes kit every example deals the kit's hand size
    (8 / 4) and turns its reveals (4 / 2); the base game's examples are not shown there, and
    every example is told from a record played at that table."""
    settings = spec().settings_for((variant,))
    hand, reveals = int(settings["hand_size"]), int(settings["reveals"])
    assert (hand, reveals) == {"meer-pakjes": (8, 4), "minder-pakjes": (4, 2)}[variant]
    shown = game_examples(spec(), (variant,))
    kinds = {row.id: row.kind for row in ROWS}
    assert {kinds[e.id] for e in shown} >= {"showdown", "one-left", "tie-total"}
    assert [e.id for e in shown] == [row.id for row in ROWS if not row.variants]
    for ex in shown:
        assert variant in record_of(ex).variants and ex.variants == (variant,)
        replay = replay_of(ex)
        assert (replay.config.hand_size, replay.config.reveals) == (hand, reveals)
        round_start = state_after(ex, start_of(ex))
        if "Na het laatste biedrondje" not in ex.intro:  # dealt, nothing bid or revealed yet
            assert [len(h) for h in round_start.hands] == [hand] * 4, ex.id
            assert len(claims_of(ex, Reveals)) in range(1, reveals + 1)
        else:
            assert len(round_start.room) == reveals, ex.id
        deals = [
            i for i, a in enumerate(record_of(ex).actions) if isinstance(a, dict) and "deal" in a
        ]
        dealt = state_after(ex, deals[-1] + 1)
        assert all(len(h) >= hand for h in dealt.hands), "every hand filled to the kit's size"
    showdown = next(e for e in shown if kinds[e.id] == "showdown")
    assert [len(r.room) for r in claims_of(showdown, Reveals)] == list(range(1, reveals + 1))


def test_sk_w1_w2_w3_the_opening_of_wie_kent_hem_niet() -> None:
    """SK-W1: the Sint hands out the Big Sint; SK-W2: the Small Sint bids one card;
    SK-W3: the Big Sint at least doubles it and may not stop."""
    ex = example_of("opening")
    assert {"SK-W2", "SK-W3"} <= set(ex.rules) and ex.variants == ("wie-kent-hem-niet",)
    (given,) = claims_of(ex, GivesBigSint)
    (small,) = claims_of(ex, OpensSmall)
    (big,) = claims_of(ex, OpensBig)
    assert small.seat == given.sint and big.seat == given.seat
    assert big.target == 2 and len(big.cards) >= 2
    assert [type(s.claim) for s in ex.steps] == [GivesBigSint, OpensSmall, OpensBig]


def test_sk_v3_the_sint_names_a_limit_and_hands_are_kept_or_thrown_away() -> None:
    """SK-V3 (Handregel): before anything is bid or revealed the Sint names a minimum below
    4; players bid down to it and no further; after the round everyone still holding cards,
    clockwise from the new Sint, keeps them all or throws them all away (those who showed
    keep what they scored with), and the record ends with the last of those choices."""
    ex = example_of("hand-limit")
    assert ex.rules == ("SK-V3",) and ex.variants == ("handregel",)
    (limit,) = claims_of(ex, NamesLimit)
    assert ex.steps[0].claim == limit and 0 < limit.minimum < 4
    assert limit.seat == claims_of(ex, Reveals)[0].sint
    at_limit = claims_of(ex, AtLimit)
    assert at_limit and all(t.kept == t.limit == limit.minimum for t in at_limit)
    keeps = claims_of(ex, KeepsHand)
    assert {k.kept for k in keeps} == {True, False}
    assert [s.claim for s in ex.steps[-len(keeps) :]] == keeps
    assert keeps[-1].at == len(record_of(ex).actions) - 1
    state = state_after(ex, keeps[0].at)
    assert [k.seat for k in keeps] == [s for s in state.clockwise(state.sint) if state.hands[s]]
    shown = {s.seat: s.hand for s in claims_of(ex, Shows)}
    assert at_limit[0].seat in shown
    assert all(k.cards == shown[k.seat] for k in keeps if k.seat in shown)


def test_sk_v2_a_bid_card_goes_back_into_the_hand() -> None:
    """SK-V2 (Inwisselregel): the winner opens a turn by taking a bid card back into the hand
    for a hand card; the bid keeps its size, and the card taken back scores at the showdown."""
    ex = example_of("exchange")
    assert ex.rules == ("SK-V2",) and ex.variants == ("inwisselen",)
    (swap,) = claims_of(ex, Exchanges)
    (win,) = claims_of(ex, WinsShowdown)
    turn = next(t for t in claims_of(ex, Turn) if t.first <= swap.at <= t.at)
    assert swap.seat == win.seat == turn.seat and turn.first == swap.at
    assert swap.bid_card not in turn.cards
    mine = next(s for s in claims_of(ex, Shows) if s.seat == win.seat)
    assert swap.bid_card in mine.hand and swap.bid_card in mine.cards
    before, after = state_after(ex, swap.at), state_after(ex, swap.at + 1)
    assert len(before.bids[swap.seat]) == len(after.bids[swap.seat]) == swap.bid


def test_sk_v4_a_coin_card_in_the_bid_gives_more_stake() -> None:
    """SK-V4 (Biedregel): a card with the coin, bid face up, makes its player choose; with
    "meer inzet" a random scored card of theirs joins the bid, then every other player still
    bidding with scored cards, clockwise, may follow; the coin's player wins the round."""
    ex = example_of("coin")
    assert ex.rules == ("SK-V4",) and ex.variants == ("biedregel",)
    (coin,) = claims_of(ex, ChoosesCoin)
    assert coin.choice == "more-stake"
    turn = next(t for t in claims_of(ex, Turn) if t.earlier == (coin.card,))
    assert turn.seat == coin.seat and turn.first == coin.bid_at
    stakes = claims_of(ex, AddsStake)
    own = [x for x in stakes if not x.joined]
    assert [(x.seat, x.at) for x in own] == [(coin.seat, coin.at + 1)]
    answers = sorted(
        [(x.first, x.seat) for x in stakes if x.joined]
        + [(d.at, d.seat) for d in claims_of(ex, DeclinesStake)]
    )
    state = state_after(ex, coin.at + 2)
    asked = [s for s in state.clockwise(coin.seat)[1:] if state.status[s] == IN and state.scored[s]]
    assert answers and [seat for _, seat in answers] == asked
    (win,) = claims_of(ex, WinsShowdown)
    assert win.seat == coin.seat


def test_sk_v1_v3_a_bid_a_player_cannot_follow() -> None:
    """SK-V1 (Speculaas): a player whose cards cannot reach the highest bid says so as the turn
    begins; at the Handregel limit they need not stop (SK-V3) and stay in below it. The
    higher bid comes from a hand bigger than the deal's, kept from an earlier round."""
    ex = example_of("overestimation")
    assert ex.rules == ("SK-V1", "SK-V3") and set(SPECULAAS_RULES) <= set(ex.variants)
    (says,) = claims_of(ex, SaysCannotMatch)
    position = next(i for i, s in enumerate(ex.steps) if s.claim is says)
    turn = ex.steps[position + 1].claim
    assert isinstance(turn, AtLimit) and turn.seat == says.seat and turn.first == says.at + 1
    assert turn.outcome == "limit" and turn.bid == says.reach < says.highest == turn.over
    state = state_after(ex, says.at + 1)
    top = [s for s in range(4) if s != says.seat and len(state.bids[s]) == says.highest]
    hand = replay_of(ex).config.hand_size
    assert any(len(state.bids[s]) + len(state.hands[s]) > hand for s in top)
    assert turn.seat in {s.seat for s in claims_of(ex, Shows)}, "still in at the showdown"


OVERBID_SEED = 27
"""A Speculaas game (heuristic players) with a round in which a raise nobody can follow puts
its player out (SK-V1); no kit shows that round, which also takes a coin swapped into a bid."""


def test_sk_v1_a_raise_nobody_can_follow_puts_its_player_out() -> None:
    """SK-V1: the story tells a raise that no other player still bidding can reach as its
    player being out at once, and the last one left wins the pot (SK-B5); every claim of the
    round holds, and the overbid claimed of another player, or of another bid, is refused.
    The round is the Overschattingsregel row's, searched at one seed (it is rare: a few
    games in a hundred) with a score that asks for such a raise."""
    row = next(r for r in ROWS if r.kind == "overestimation")
    wanted = dataclasses.replace(
        row, id="overbod", score=lambda t: row.score(t) if t.of(Overbids) else 0, ideal=1
    )
    found = SEARCH.find_one(spec(), RowUnder(wanted, SPECULAAS_RULES), [OVERBID_SEED])
    assert found is not None, f"no overbid round at seed {OVERBID_SEED}: pick another seed"
    pinned, _ = found
    segment = STORY.focus_segment(spec(), wanted, pinned)
    ex = STORY.tell(spec(), load_phrases(spec()), wanted, pinned, segment)
    replay = Replay(ENGINE, config_from_spec(spec(), pinned.record.variants), pinned.record)
    assert STORY.checks is not None
    STORY.checks.check_steps(replay, ex.steps)
    (over,) = claims_of(ex, Overbids)
    (left,) = claims_of(ex, LastOneLeft)
    assert left.at == over.at and left.seat != over.seat
    players, words = expected_words(over)
    text = next(step.text for step in ex.steps if step.claim is over)
    assert all(has_phrase(text, word) for word in [*players, *words]), text
    for wrong in (falsified(over, 4), dataclasses.replace(over, bid=over.bid - 1)):
        with pytest.raises(AssertionError):
            STORY.checks.check(replay, wrong)


def test_sk_w5_the_first_to_stop_becomes_sint_at_once() -> None:
    """SK-W5 (Eerste stopper, with Wie kent hem niet): after the opening of both Sints the
    first player to stop takes the Sint card at once and turns the later Pakjeskamer cards;
    the round's winner becomes Sint at its end."""
    ex = example_of("first-stop")
    assert ex.rules[0] == "SK-W5" and ex.variants == ("eerste-stopper", "wie-kent-hem-niet")
    assert replay_of(ex).config.big_sint, "Eerste stopper includes Wie kent hem niet"
    assert [type(s.claim) for s in ex.steps[:3]] == [GivesBigSint, OpensSmall, OpensBig]
    (first,) = claims_of(ex, FirstStopSint)
    stops = [t for t in claims_of(ex, Turn) if t.outcome == "stop"]
    assert (stops[0].at, stops[0].seat) == (first.at, first.seat)
    position = next(i for i, s in enumerate(ex.steps) if s.claim is first)
    assert ex.steps[position - 1].claim == stops[0]
    (given,) = claims_of(ex, GivesBigSint)
    assert first.previous == given.sint and first.seat != given.seat
    later = [r for r in claims_of(ex, Reveals) if r.at > first.at]
    assert later and all(r.sint == first.seat for r in later)
    (win,) = claims_of(ex, WinsShowdown)
    assert state_after(ex, win.at + 1).sint == win.seat


@pytest.mark.parametrize(
    ("kind", "claim", "change"),
    [
        ("hand-limit", NamesLimit, lambda c: {"minimum": 0}),
        ("hand-limit", AtLimit, lambda c: {"limit": c.limit - 1, "kept": c.kept - 1}),
        ("hand-limit", KeepsHand, lambda c: {"kept": not c.kept}),
        ("exchange", Exchanges, lambda c: {"bid": c.bid + 1}),
        ("exchange", Exchanges, lambda c: {"hand_card": c.bid_card, "bid_card": c.hand_card}),
        ("coin", ChoosesCoin, lambda c: {"choice": "more-cards"}),
        ("coin", AddsStake, lambda c: {"joined": not c.joined}),
        ("coin", AddsStake, lambda c: {"bid": c.bid - 1}),
        ("coin", DeclinesStake, lambda c: {"at": c.at - 1}),
        ("first-stop", FirstStopSint, lambda c: {"previous": c.seat}),
        ("overestimation", SaysCannotMatch, lambda c: {"reach": c.reach + 1}),
        ("precies-nothing", SpoiledBy, lambda c: {"card": c.cards[0]}),
        ("precies-nothing", SpoiledBy, lambda c: {"total": c.total + 1}),
        ("overestimation", SaysCannotMatch, lambda c: {"highest": c.highest - 1}),
    ],
    ids=lambda x: x if isinstance(x, str) else getattr(x, "__name__", ""),
)
def test_a_wrong_detail_of_a_variant_claim_is_caught(
    kind: str, claim: type, change: Callable[[Any], dict[str, object]]
) -> None:
    """SK-V2, SK-V3, SK-V4, SK-W5: besides the player, a wrong limit, choice, bid size, card
    or previous Sint in a claim fails its check."""
    ex = example_of(kind)
    found = next(s.claim for s in ex.steps if type(s.claim) is claim)
    check_claim(ex, found)
    with pytest.raises(AssertionError):
        check_claim(ex, dataclasses.replace(found, **change(found)))


def test_each_example_appears_only_with_its_variants() -> None:
    """An example needing a variant is in exactly the kits that include it; every pinned
    game has four players."""
    for case in ROWS:
        record = record_of(example(case.id))
        played = example(case.id).variants
        assert set(case.variants) <= set(played) and set(record.variants) <= set(played)
        assert record.num_players == 4
        if not case.variants:
            continue
        others = tuple(v for v in ALL_VARIANTS if v not in case.variants)
        assert case.id in [e.id for e in game_examples(spec(), played)]
        assert case.id not in [e.id for e in game_examples(spec(), others)]
    assert [e.id for e in all_examples()] == [c.id for c in ROWS]


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.id)
def test_finder_reproduces_the_pinned_file_from_its_seed(row: Row) -> None:
    """The finder, searching the pinned seed, writes the pinned file byte for byte."""
    path = pinned_file(example(row.id))
    record = record_named(path)
    found = SEARCH.find_one(spec(), RowUnder(row, record.variants), [record.seed or 0])
    assert found is not None
    pinned, result = found
    assert result.score == row.ideal, "the pinned round has the ideal shape"
    assert pinned.to_json() == path.read_text(encoding="utf-8")


def check_claim(ex: Example, claim: object) -> None:
    """Assert that ``claim`` holds in the example's replayed game (the story's own checks)."""
    assert STORY.checks is not None
    STORY.checks.check(replay_of(ex), claim)


def falsified(claim: Any, players: int) -> object:
    """The same claim about the next player."""
    field = "seat" if hasattr(claim, "seat") else "sint"
    return dataclasses.replace(claim, **{field: (getattr(claim, field) + 1) % players})


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_a_false_claim_fails_its_check(item: tuple[Example, Step]) -> None:
    """The checks have teeth: the claim about the next player is refused."""
    ex, step = item
    with pytest.raises(AssertionError):
        check_claim(ex, falsified(step.claim, record_of(ex).num_players))


@pytest.mark.parametrize(
    ("kind", "change"),
    [
        ("tie-number", {"reason": "total"}),
        ("tie-total", {"reason": "kind"}),
        ("showdown", {"reason": "total"}),
        ("pietje-precies", {"rescues": False}),
        ("action", {"decisive": False}),
    ],
)
def test_a_wrong_reason_would_be_caught(kind: str, change: dict[str, object]) -> None:
    """SK-B7/SK-P1/SK-A1: claiming the wrong reason for a result fails the check."""
    ex = example_of(kind)
    claim = next(
        s.claim
        for s in ex.steps
        if isinstance(s.claim, WinsShowdown | Strikes)
        and all(hasattr(s.claim, k) for k in change)
        and (not isinstance(s.claim, Strikes) or s.claim.rescues)
    )
    with pytest.raises(AssertionError):
        check_claim(ex, dataclasses.replace(claim, **change))


@pytest.mark.parametrize(
    ("kind", "claim", "change"),
    [
        ("tie-number", WinsShowdown, {"reason": "total"}),
        ("tie-total", WinsShowdown, {"reason": "kind"}),
        ("showdown", WinsShowdown, {"pile": 0}),
        ("pietje-precies", Shows, {"kind": "colour"}),
        ("action", Turn, {"earlier": ()}),
        ("hand-limit", NamesLimit, {"minimum": 0}),
        ("precies-nothing", Shows, {"kind": "none"}),
    ],
)
def test_a_round_that_no_longer_scores_no_longer_shows_its_kind(
    kind: str, claim: type, change: dict[str, object]
) -> None:
    """An example is only told while its round is one its row's search would pick: with one
    kind of claim changed the tie, the showdown, the straight, the action card, the Handregel
    without a limit or a Pietje Precies winner worth nothing no longer shows its kind."""
    row = next(row for row in ROWS if row.kind == kind)
    rules = record_of(example(row.id)).variants
    _, segment = STORY.load(spec(), row, rules)
    ctx = Telling(spec(), kind, rules, segment, load_phrases(spec()))
    steps = HANDLERS.steps(ctx, told_events(kind, segment))
    assert STORY.missing(ctx, steps) == []
    changed = [
        dataclasses.replace(step, claim=dataclasses.replace(step.claim, **change))
        if isinstance(step.claim, claim)
        else step
        for step in steps
    ]
    assert STORY.missing(ctx, changed) == [f"a round its '{kind}' search would pick"]


def _tamper(folder: Path, edit: Callable[[dict[str, Any]], None]) -> None:
    path = folder / "biedronde-tot-de-showdown.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _illegal(data: dict[str, Any]) -> None:
    actions = data["actions"]
    index = max(i for i, a in enumerate(actions) if a == "done")
    actions[index] = "stop"  # stopping after the turn laid no card is legal ...
    actions[index] = "swap rood-1 rood-2"  # ... but swapping needs the Inwisselregel (SK-V2)


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("illegal", "no longer replays: action"),
        ("cut-short", "ends before round"),
        ("wrong-focus", "is not in the record"),
        ("wrong-variants", "wrong variants"),
    ],
)
def test_a_broken_pinned_file_is_a_clear_error(project_copy: Path, case: str, message: str) -> None:
    """A pinned file that no longer replays, ends early, lacks its focus round or has other
    variants names the file (no traceback)."""
    folder = project_copy / "cardspecs" / "sinterklaas" / "examples" / "basis"
    edits: dict[str, Callable[[dict[str, Any]], None]] = {
        "illegal": _illegal,
        "cut-short": lambda d: d["actions"].pop(),
        "wrong-focus": lambda d: d.update(focus={"round": 99}),
        "wrong-variants": lambda d: d.update(variants=["actiepiet"]),
    }
    _tamper(folder, edits[case])
    with pytest.raises(PnpError) as caught:
        game_examples(load_game("sinterklaas").spec, ())
    text = str(caught.value)
    assert re.match(
        r"cardspecs/sinterklaas/examples/basis/biedronde-tot-de-showdown\.json(:\d+)?: ", text
    ), text
    assert message in text
    assert "Traceback" not in text and str(project_copy) not in text


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (None, r"voorbeelden\.toml: "),
        (("reveal_first = ", "reveal_eerste = "), r":\d+: no phrase 'reveal_first' in \[phrases\]"),
        (('check_empty = "{name}', 'check_empty = "{naam}'), r"'check_empty' uses \{naam\}"),
        (("[phrases]", "[phrases"), r"voorbeelden\.toml:\d+: invalid TOML"),
        (('handkaart = ["handkaart", "handkaarten"]', ""), r":\d+: no noun 'handkaart'"),
        (("showdown = ", "ronde = "), r":\d+: no title 'showdown' in \[titles\]"),
    ],
    ids=[
        "missing-file",
        "missing-phrase",
        "unknown-placeholder",
        "not-toml",
        "missing-noun",
        "missing-title",
    ],
)
def test_a_broken_phrase_file_is_a_clear_error(
    project_copy: Path, edit: tuple[str, str] | None, message: str
) -> None:
    """The examples' Dutch lives in voorbeelden.toml: every mistake in it names file and line
    (for the search, which titles what it finds, too)."""
    error = broken_phrase_file_error(
        project_copy,
        "sinterklaas",
        edit,
        lambda spec: SEARCH.find_one(spec, RowUnder(ROWS[0], ()), [20]),
    )
    assert re.search(message, error)
