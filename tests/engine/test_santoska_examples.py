"""The Santoska rulebook examples: what the generic example contract does not cover.

Each example comes from a game record pinned in ``cardspecs/santoska/examples/``;
``tests/engine/test_example_contract.py`` replays it, tells it and runs the story's
claim checks on every sentence. Every sentence is told from one engine event and claims
that its action caused it (:class:`~pnp.story.told.Happened`), with the facts it states
beyond the event (the story's :data:`~pnp.games.santoska.story.steps.FACTS`: the grid
scored by the rules, the active row, the next player still in, ...); the story's
:class:`~pnp.story.told.EventChecks` replay the record to confirm both. Here: the
sentences say what their events and facts say, the rule checklist (SA-B4 to SA-B8) with
the examples' shapes, the finder, the checks' teeth (every event field and every fact
falsified), and the Santoska-specific broken files.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.engine.core import Event, GameRecord
from pnp.example_model import CardPicture, Example, Step
from pnp.example_model.figures import RowFigure
from pnp.games.santoska.kit.spec_config import config_from_spec
from pnp.games.santoska.rules.actions import END, Action
from pnp.games.santoska.rules.cards import BOTTOM, TOP, parse_cell
from pnp.games.santoska.rules.config import SantoskaConfig
from pnp.games.santoska.rules.engine import ENGINE, SantoskaState
from pnp.games.santoska.rules.events import (
    ArribaCalled,
    CardDiscarded,
    CardDrawn,
    CardSwapped,
    CardTaken,
    GameEnded,
    GridScored,
    PlayerEliminated,
    RoundDealt,
    RoundEnded,
    RowPeeked,
    StopCalled,
)
from pnp.games.santoska.rules.scoring import Group
from pnp.games.santoska.story.examples import ROWS, STORY, Row, ends
from pnp.kit.examples import game_examples
from pnp.kit.maintenance import pin
from pnp.spec.model import GameSpec
from pnp.story import Replay, load_phrases
from pnp.story.claims import Checks
from pnp.story.search import RowUnder, story_search
from pnp.story.told import Happened
from tests.dutch_words import WORDS
from tests.engine.registered import broken_phrase_file_error, claim_of, fact
from tests.languages import DUTCH

PLACES = [
    ["linksonder", "middenonder", "rechtsonder"],
    ["linksboven", "middenboven", "rechtsboven"],
]
NAMES = ["Anna", "Bram", "Cas"]
LIMIT = 100  # SA-B7
SEPARATOR = " · "
KIND_ARRIBA, KIND_STOP, KIND_SCORING, KIND_EXACT = "arriba", "stop", "scoring", "exact-limit"
KIND_GROUP, KIND_THREE, KIND_NEW_ROUND = "scoring-group", "scoring-three", "new-round"
GRID_KINDS = (KIND_SCORING, KIND_GROUP, KIND_THREE, KIND_EXACT)
ORDINALS = ["", "eerste", "tweede", "derde", "vierde", "vijfde", "zesde", "zevende"]
ORDINALS += ["achtste", "negende", "tiende", "elfde", "twaalfde"]
TURN_KEYS = ("swap_seen", "swap_unseen", "discard")
GROUP_KEYS = ("lone", "group_numbers", "group_santoska")
ROW_KEYS = ("row_before", "row_top", "row_bottom", "new_round_peek")
SantoskaReplay = Replay[SantoskaConfig, SantoskaState, Action]


def ordinal(number: int) -> str:
    """An ordinal as the examples write it: "derde", "13de"."""
    return ORDINALS[number] if number < len(ORDINALS) else f"{number}de"


@cache
def spec() -> GameSpec:
    """The real spec tables."""
    return load_game("santoska").spec


@cache
def all_examples() -> tuple[Example, ...]:
    """Every example of the base kit."""
    return game_examples(spec(), ())


def example(kind: str) -> Example:
    """The example of one kind."""
    row = next(r for r in ROWS if r.kind == kind)
    return next(e for e in all_examples() if e.id == row.id)


def pinned_file(ex: Example) -> Path:
    """The pinned file named first in the example's source."""
    return spec().folder / ex.source.split(SEPARATOR)[0]


@cache
def _record(path: Path) -> GameRecord:
    return GameRecord.from_dict(json.loads(path.read_text(encoding="utf-8")))


def record_of(ex: Example) -> GameRecord:
    """The pinned game record of an example."""
    return _record(pinned_file(ex))


def replay_of(ex: Example) -> SantoskaReplay:
    """The pinned record of an example, replayed on fresh states (no event log)."""
    record = record_of(ex)
    return Replay(ENGINE, config_from_spec(spec(), record.variants), record)


def checks() -> Checks[SantoskaReplay]:
    """The story's claim checks."""
    assert STORY.checks is not None
    return STORY.checks


def has_fact(claim: Happened, name: str) -> bool:
    """True if the claim states fact ``name``."""
    return any(f.name == name for f in claim.facts)


def claims_of(ex: Example, *keys: str) -> list[Happened]:
    """The claims of the sentences of ``ex`` told with one of the phrases ``keys``."""
    return [c for s in ex.steps if (c := claim_of(s)).key in keys]


def event(claim: Happened) -> Any:
    """The claim's event (typed loosely: each test knows which it expects)."""
    return claim.event


# ---------------------------------------------------------------------------
# Sentences agree with their events and facts


def number_text(number: int) -> str:
    """A count of points as the examples write it: words up to twenty, digits above."""
    return WORDS[number] if 0 <= number < len(WORDS) else str(number)


def score_text(number: int) -> str:
    """A score or total as the examples write it: digits, a real minus sign (U+2212)."""
    return str(number).replace("-", "\u2212")


def card_word(card: int) -> str:
    """A card as the examples write it: its value in digits, or "Santoska-kaart"."""
    return "Santoska-kaart" if card == 0 else str(card)


def place(cell: int) -> str:
    """The place of a cell in a grid with rows of three."""
    return PLACES[cell // 3][cell % 3]


def sum_expression(parts: Sequence[int]) -> str:
    """ "2 + 5 - 5 = 2" with real minus signs (U+2212): the non-zero parts in order."""
    shown = [p for p in parts if p]
    if not shown:
        return "0"
    text = str(shown[0]).replace("-", "\u2212")
    for part in shown[1:]:
        text += f" + {part}" if part > 0 else f" \u2212 {-part}"
    total = str(sum(shown)).replace("-", "\u2212")
    return text if len(shown) == 1 else f"{text} = {total}"


def has_word(text: str, word: str) -> bool:
    """``word`` occurs in ``text`` as a whole word (or phrase)."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


def focus_seat(ex: Example) -> int:
    """The seat the example is about (the pinned focus player, from 1)."""
    data = json.loads(pinned_file(ex).read_text(encoding="utf-8"))
    return int(data["focus"]["player"]) - 1


def seat_names(ex: Example) -> dict[int, str]:
    """Seat -> name: the example's player is Anna, the next seats clockwise Bram and Cas."""
    seat, n = focus_seat(ex), record_of(ex).num_players
    return {s: NAMES[(s - seat) % n] for s in range(n)}


def row_cards(claim: Happened) -> tuple[int, ...]:
    """The cards of a row sentence: the turn's bottom row before it, the grid scored, the
    row looked at."""
    e = event(claim)
    if claim.key == "row_before":
        return tuple(fact(claim, "grid_row"))
    if claim.key == "new_round_peek":
        return tuple(e.cards)
    return tuple(e.top if claim.key == "row_top" else e.bottom)


def row_seat(claim: Happened) -> int:
    """The seat whose row a row sentence shows."""
    return int(event(claim).seat)


def group_parts(ex: Example) -> list[int]:
    """The points of the groups told, in the order told."""
    return [fact(c, "group_of").points for c in claims_of(ex, *GROUP_KEYS)]


def expected_words(ex: Example, claim: Happened) -> list[str]:
    """Names, cards, places and numbers the sentence of ``claim`` must contain."""
    names, e, key = seat_names(ex), event(claim), claim.key
    if key in ROW_KEYS:
        return [names[row_seat(claim)], *(card_word(c) for c in row_cards(claim))]
    if key in TURN_KEYS:
        card, took = fact(claim, "in_hand")
        words = [names[e.seat], card_word(card)]
        words += ["pakt", "aflegstapel"] if took else ["trekt", "trekstapel"]
        if isinstance(e, CardSwapped):
            words += [card_word(e.card_out), place(parse_cell(e.cell, 3))]
            words += [] if e.was_known else ["blind"]
        else:
            words.append("houdt die niet")
        return words + (["Nog één beurt voor"] if fact(claim, "stopper") >= 0 else [])
    if isinstance(e, ArribaCalled):
        return [names[e.seat], "“Arriba!”", *(card_word(c) for c in e.bottom)]
    if isinstance(e, StopCalled):
        return [names[e.seat], "“Stop!”", *(names[s] for s in e.final_turns)]
    if isinstance(e, RoundEnded):
        return [f"{names[seat]} {score_text(p)}" for seat, p in fact(claim, "scores")]
    if key in GROUP_KEYS:
        group = fact(claim, "group_of")
        places = [place(c) for c in group.cells]
        if len(group.cells) == 1:
            return [card_word(group.card), *places, "alleen", number_text(group.points)]
        if group.card == 0:
            bonus = number_text(-group.points)
            return [WORDS[len(group.cells)], "Santoska-kaarten", *places, bonus, "bonuspunten"]
        return [WORDS[len(group.cells)], f"kaarten met een {group.card}", *places, "vallen weg"]
    if key == "sum":
        totals = [score_text(fact(claim, "total")), score_text(e.total)]
        return [names[e.seat], sum_expression(group_parts(ex)), *totals]
    if key.startswith("score_"):
        totals = [score_text(fact(claim, "total")), score_text(e.total)]
        return [names[e.seat], number_text(abs(e.points)), *totals]
    if isinstance(e, PlayerEliminated):
        return [names[e.seat], score_text(e.total), str(e.limit), "ligt eruit"]
    if isinstance(e, RoundDealt):
        old = fact_args(claim, "next_seat")[0]
        words = [f"{names[old]} deelde", f"nu deelt {names[e.dealer]}"]
        words += [names[s] for s, grid in enumerate(e.grids) if grid]
        words += [card_word(e.discard), "aflegstapel"]
        return words + [f"{names[s]} ligt eruit en wordt overgeslagen" for s in skipped(claim)]
    assert isinstance(e, GameEnded), claim
    over = [names[s] for s in over_the_limit(claim)]
    return [names[e.winners[0]], "precies", str(fact(claim, "limit")), "wint", *over]


def fact_args(claim: Happened, name: str) -> tuple[Any, ...]:
    """The arguments of the claim's fact ``name``."""
    (args,) = [f.args for f in claim.facts if f.name == name]
    return args


def skipped(deal: Happened) -> list[int]:
    """The seats the deal passes by: between the old dealer (the fact's argument) and the
    new one, clockwise."""
    (old,) = fact_args(deal, "next_seat")
    e, n = event(deal), len(event(deal).grids)
    return [(old + k) % n for k in range(1, (e.dealer - old) % n)]


def over_the_limit(won: Happened) -> list[int]:
    """The seats over the limit that are still in when the game ends at once."""
    e = event(won)
    return [s for s in fact(won, "remaining") if e.totals[s] > fact(won, "limit")]


def steps_with_claims() -> list[tuple[Example, Step]]:
    """Every step of every example."""
    return [(ex, step) for ex in all_examples() for step in ex.steps]


def step_id(item: tuple[Example, Step]) -> str:
    """A readable test id."""
    ex, step = item
    claim = claim_of(step)
    return f"{ex.id}:{claim.key}@{claim.at}"


# ---------------------------------------------------------------------------
# Tests: every example, every sentence


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_every_sentence_says_what_its_event_says(item: tuple[Example, Step]) -> None:
    """The sentence names the player(s), the cards, their places and the numbers of its
    event and its facts."""
    ex, step = item
    claim = claim_of(step)
    for word in expected_words(ex, claim):
        assert has_word(step.text, word), f"{word!r} missing in {step.text!r}"
    if isinstance(claim.event, StopCalled):
        names = seat_names(ex)
        spots = [step.text.index(names[s]) for s in claim.event.final_turns]
        assert spots == sorted(spots), "the last turns are named in order"


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_names_go_clockwise_from_the_example_player(ex: Example) -> None:
    """The player the example is about is Anna, the next seats Bram and Cas; one name each
    (the scene the story tells with; the sentences use them, as the test above reads)."""
    row = next(r for r in ROWS if r.id == ex.id)
    pinned, rnd = STORY.load(spec(), row)
    scene = STORY.scene(spec(), load_phrases(spec()), row, pinned, rnd)
    names = seat_names(ex)
    assert scene.names == tuple(names[s] for s in range(record_of(ex).num_players))
    assert names[focus_seat(ex)] == "Anna"


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_pictures_show_the_real_cards_of_each_sentence(ex: Example) -> None:
    """Rows (in their places) and turns show their cards (spec rows), Arriba and Stop their
    marker card; the groups of a scored grid show none (the rows above them do); what the
    rules did by themselves is marked as such, as its event is (a row shown is not)."""
    numbers = {row.number("number"): row.id for row in spec().component("getallen").rows}

    def drawn(cards: Sequence[int]) -> tuple[CardPicture, ...]:
        return tuple(
            CardPicture("santoska", "santoska") if c == 0 else CardPicture("getallen", numbers[c])
            for c in cards
        )

    for step in ex.steps:
        c = claim_of(step)
        e = event(c)
        if c.key in ROW_KEYS or isinstance(e, ArribaCalled):
            # A row lies in its places: drawn as a row figure, not as a hand of cards.
            (figure,) = step.figures
            assert isinstance(figure, RowFigure) and step.cards == ()
            cards = e.bottom if isinstance(e, ArribaCalled) else row_cards(c)
            marker = (CardPicture("markeringen", "arriba"),) if isinstance(e, ArribaCalled) else ()
            assert figure.cards == (*drawn(cards), *marker)
            assert not step.automatic, step.text
            continue
        if c.key in TURN_KEYS:
            card, _ = fact(c, "in_hand")
            expected = drawn([card] if isinstance(e, CardDiscarded) else [card, e.card_out])
        elif isinstance(e, StopCalled):
            expected = (CardPicture("markeringen", "stop"),)
        elif isinstance(e, RoundDealt):
            expected = drawn([e.discard])
        else:
            expected = ()
        assert step.cards == expected, step.text
        assert step.automatic == e.automatic, step.text


@pytest.mark.parametrize("kind", GRID_KINDS)
def test_grid_is_drawn_as_two_rows_top_then_bottom(kind: str) -> None:
    """SA-B6: a scored grid is shown as two rows of real cards, the top row first, as they
    lie when scored; every card is in exactly one told group, and the sum adds them."""
    ex = example(kind)
    top, bottom = (claim_of(s) for s in ex.steps[:2])
    assert (top.key, bottom.key) == ("row_top", "row_bottom")
    assert isinstance(top.event, GridScored) and top.event == bottom.event
    assert top.event.seat == focus_seat(ex)
    assert top.at == bottom.at == len(record_of(ex).actions) - 1, "as they lie when scored"
    groups = [fact(c, "group_of") for c in claims_of(ex, *GROUP_KEYS)]
    assert sorted(c for g in groups for c in g.cells) == list(range(6)), "each card once"
    assert {(g.card, g.cells, g.points) for g in groups} == {
        (card, tuple(parse_cell(x, 3) for x in cells), points)
        for card, cells, points in top.event.groups
    }, "the groups told are the grid's groups"
    (total,) = claims_of(ex, "sum")
    assert total.event == top.event and sum(group_parts(ex)) == top.event.points


# ---------------------------------------------------------------------------
# Tests: the required kinds


def test_every_required_kind_is_in_the_rulebook() -> None:
    """SA-B4 to SA-B8: Arriba, Stop with the last turns, scoring (a Santoska pair, a group of
    three or more equal numbers, three Santoska cards together), a new round, exact 100."""
    kinds = {r.kind for r in ROWS}
    assert kinds == {KIND_ARRIBA, KIND_STOP, *GRID_KINDS, KIND_NEW_ROUND}
    assert [e.id for e in all_examples()] == [r.id for r in ROWS]
    assert "SA-B4" in example(KIND_ARRIBA).rules and "SA-B5" in example(KIND_STOP).rules
    assert "SA-B6" in example(KIND_SCORING).rules and "SA-B7" in example(KIND_EXACT).rules


def test_sa_b4_a_turn_that_ends_with_arriba() -> None:
    """SA-B3/SA-B4: the bottom row, the turn (a card swapped into it), then "Arriba!", after
    which the top row is the active row."""
    ex = example(KIND_ARRIBA)
    row, turn, call = (claim_of(s) for s in ex.steps)
    assert (row.key, call.key) == ("row_before", "arriba") and turn.key.startswith("swap_")
    assert isinstance(row.event, CardTaken | CardDrawn) and isinstance(turn.event, CardSwapped)
    assert isinstance(call.event, ArribaCalled)
    assert turn.at == row.at + 1 and call.at == turn.at + 1, "a take, a place, the call"
    seat = focus_seat(ex)
    assert row.event.seat == turn.event.seat == call.event.seat == seat
    assert fact_args(row, "grid_row") == (seat, BOTTOM)
    cell = parse_cell(turn.event.cell, 3)
    card, took = fact(turn, "in_hand")
    assert cell in range(3) and (card, took) == (row.event.card, isinstance(row.event, CardTaken))
    before = list(fact(row, "grid_row"))
    assert turn.event.card_out == before[cell] and turn.event.card_in == card
    before[cell] = card
    assert call.event.bottom == tuple(before), "the bottom row called is the one swapped into"
    assert fact(call, "active_row") == TOP and fact_args(call, "active_row") == (seat,)
    assert call.at == len(record_of(ex).actions) - 1


def test_sa_b5_a_stop_and_the_last_turns() -> None:
    """SA-B5: after "Stop!" each other player has exactly one more turn, without a call,
    then the round ends."""
    ex = example(KIND_STOP)
    (stop,) = claims_of(ex, "stop")
    turns = claims_of(ex, *TURN_KEYS)
    (end,) = claims_of(ex, "round_end")
    assert isinstance(stop.event, StopCalled) and isinstance(end.event, RoundEnded)
    seat = stop.event.seat
    assert seat == focus_seat(ex) and end.event.stopper == seat
    assert [event(t).seat for t in turns] == [seat, *stop.event.final_turns]
    assert [fact(t, "stopper") for t in turns] == [-1] + [seat] * len(stop.event.final_turns)
    assert len(stop.event.final_turns) == 2 and end.at == len(record_of(ex).actions) - 1
    finals = turns[1:]
    assert [t.at for t in finals] == [stop.at + 2, stop.at + 4], "a take, a place; no call"
    for t in finals:  # SA-B5: a last turn makes no call, somebody else acts next
        assert fact(t, "current_player") != event(t).seat
    assert end.at == finals[-1].at, "the last of them ends the round"
    # A last turn that swaps in the top row says that player had called Arriba (SA-B4);
    # its event's cell, the engine's, is in the top row.
    names = seat_names(ex)
    steps = [(s.text, claim_of(s)) for s in ex.steps if claim_of(s) in finals]
    others = [(text, t) for text, t in steps if isinstance(t.event, CardSwapped)]
    others = [(text, t) for text, t in others if parse_cell(event(t).cell, 3) >= 3]
    assert others, "another player's Arriba shows"
    for text, turn in others:
        assert f"{names[event(turn).seat]} riep eerder in deze ronde al “Arriba!”" in text


def test_sa_b6_scoring_with_a_santoska_pair_worked_out() -> None:
    """SA-B6: equal neighbours vanish, lone cards cost their number, a Santoska pair
    gives 5 bonus points; every card of the grid is in exactly one told group; the sum."""
    ex = example(KIND_SCORING)
    groups: list[Group] = [fact(c, "group_of") for c in claims_of(ex, *GROUP_KEYS)]
    (total,) = claims_of(ex, "sum")
    assert any(g.card == 0 and len(g.cells) == 2 and g.points == -5 for g in groups)
    assert any(g.card > 0 and len(g.cells) >= 2 and g.points == 0 for g in groups)
    assert any(len(g.cells) == 1 and g.points == g.card > 0 for g in groups)
    assert sorted(c for g in groups for c in g.cells) == list(range(6))
    assert sum(g.points for g in groups) == event(total).points > 0
    assert "Santoska-paar" in ex.title


def test_sa_b6_a_group_of_three_or_more_equal_numbers_vanishes_whole() -> None:
    """SA-B6: a whole connected group of equal numbers (three or more, round a corner) costs
    nothing; every card of the grid is in exactly one told group."""
    ex = example(KIND_GROUP)
    groups: list[Group] = [fact(c, "group_of") for c in claims_of(ex, *GROUP_KEYS)]
    big = [g for g in groups if g.card > 0 and len(g.cells) >= 3]
    assert len(big) == 1 and big[0].points == 0
    assert len({c // 3 for c in big[0].cells}) == 2, "the group spans both rows"
    assert sorted(c for g in groups for c in g.cells) == list(range(6))
    assert "drie gelijke kaarten" in ex.title or "vier gelijke kaarten" in ex.title


def test_sa_b6_three_santoska_cards_together_give_ten_bonus_points() -> None:
    """SA-B6: three Santoska cards together give 5 bonus points per card after the first;
    SA-B7: the round's points go onto the total."""
    ex = example(KIND_THREE)
    groups: list[Group] = [fact(c, "group_of") for c in claims_of(ex, *GROUP_KEYS)]
    (three,) = [g for g in groups if g.card == 0]
    assert len(three.cells) == 3 and three.points == -10
    (total,) = claims_of(ex, "sum")
    e = event(total)
    assert e.points < 0 and e.total == fact(total, "total") + e.points
    assert "drie Santoska-kaarten" in ex.title


def test_sa_b8_a_new_round_after_a_player_went_out() -> None:
    """SA-B7/SA-B8: the round before is scored, a player goes out, the deal passes to the
    next player still in (the one out is passed by), only those still in get two rows, one
    open card starts the discard pile, every Arriba card is back and nobody has stopped, the
    example player looks at the new bottom row, and the player after the dealer begins."""
    ex = example(KIND_NEW_ROUND)
    (ended,) = claims_of(ex, "new_round_scored")
    (out,) = claims_of(ex, "new_round_out")
    (deal,) = claims_of(ex, "new_round_deal")
    (peek,) = claims_of(ex, "new_round_peek")
    assert isinstance(ended.event, RoundEnded) and isinstance(out.event, PlayerEliminated)
    assert isinstance(deal.event, RoundDealt) and isinstance(peek.event, RowPeeked)
    record = record_of(ex)
    assert out.at == ended.at == deal.at - 1 == peek.at - 1 == len(record.actions) - 3
    old = fact(ended, "dealer")
    assert fact_args(deal, "next_seat") == (old,) and fact(deal, "next_seat") == deal.event.dealer
    assert skipped(deal) == [out.event.seat] and not deal.event.grids[out.event.seat]
    assert [s for s, grid in enumerate(deal.event.grids) if grid] == [
        s for s, _ in fact(ended, "scores") if s != out.event.seat
    ], "two rows for who is still in"
    assert all(len(grid) in (0, 6) for grid in deal.event.grids)
    assert fact(deal, "arriba_called") == () and fact(deal, "stopper") == -1
    assert deal.event.starter == peek.event.seat == focus_seat(ex)
    assert deal.event.round == ended.event.round + 1 == peek.event.round
    assert out.event.total > out.event.limit == LIMIT
    assert "Een nieuwe ronde" in ex.title and ex.rules == ("SA-B7", "SA-B8")


def test_sa_b7_exactly_one_hundred_wins_at_once() -> None:
    """SA-B7: a player who reaches exactly 100 wins and the game stops at once; nobody over
    it goes out."""
    ex = example(KIND_EXACT)
    (won,) = claims_of(ex, "exact_win")
    (own,) = claims_of(ex, "sum")
    others = [c for c in claims_of(ex, "score_gain", "score_loss", "score_nothing")]
    assert isinstance(won.event, GameEnded) and won.event.reason == "exact-limit"
    seat = focus_seat(ex)
    assert won.event.winners == (event(own).seat,) == (seat,)
    assert event(own).total == fact(won, "limit") == LIMIT > fact(own, "total")
    assert all(event(o).total != LIMIT for o in others)
    assert set(over_the_limit(won)) <= set(fact(won, "remaining"))
    assert len(others) == 2 and "100" in ex.title
    assert won.at == len(record_of(ex).actions) - 1


@pytest.mark.parametrize(("variant", "length"), [("rijen-3", 3), ("rijen-4", 4), ("rijen-6", 6)])
def test_examples_are_played_with_the_rows_of_their_kit(variant: str, length: int) -> None:
    """Every kit shows every example, played with its own row length (SA-B1): the intro says
    so, and every grid scored has rows of that many cards."""
    shown = game_examples(spec(), (variant,))
    assert [e.id for e in shown] == [e.id for e in all_examples()]
    assert all(f"rijen van {DUTCH.number_word(length)} kaarten" in e.intro for e in shown)
    rows = [row_cards(claim_of(s)) for e in shown for s in e.steps if claim_of(s).key in ROW_KEYS]
    assert rows and all(len(row) == length for row in rows)


def test_intros_give_the_round_and_the_standings() -> None:
    """Every example is a three-player base game; its intro and source name the round the
    record ends in; the exact-100 intro gives every total before the round."""
    for ex in all_examples():
        record = record_of(ex)
        assert record.num_players == 3 and record.variants == ex.variants == ()
        state = replay_of(ex).state_after(len(record.actions))
        if ex.id == example(KIND_NEW_ROUND).id:  # told from the round just scored
            assert f"De {ordinal(state.round - 1)} ronde is net gespeeld" in ex.intro
        else:
            assert f"de {ordinal(state.round)} ronde" in ex.intro
        assert ex.source.endswith(f"{SEPARATOR}ronde {state.round}")
    ex = example(KIND_EXACT)
    (won,) = claims_of(ex, "exact_win")
    before = replay_of(ex).state_after(won.at)
    for seat, name in enumerate(NAMES):
        assert f"{name} {score_text(before.totals[(focus_seat(ex) + seat) % 3])}" in ex.intro


# ---------------------------------------------------------------------------
# Tests: the finder


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.id)
def test_finder_reproduces_the_pinned_file_from_its_seed(row: Row) -> None:
    """The finder, searching the pinned seed, writes the pinned file byte for byte."""
    path = spec().folder / "examples" / "basis" / f"{row.id}.json"
    seed = json.loads(path.read_text(encoding="utf-8"))["seed"]
    found = story_search(STORY).find_one(spec(), RowUnder(row, ()), [seed])
    assert found is not None
    pinned, result = found
    assert result.score == row.ideal, "the pinned example has the ideal shape"
    assert pinned.to_json() == path.read_text(encoding="utf-8")


@pytest.mark.slow  # two full searches
def test_pin_names_a_missing_file_and_update_finds_it_again(project_copy: Path) -> None:
    """A kit that lacks a pinned file is reported; ``--update`` finds the same record again."""
    path = project_copy / "cardspecs" / "santoska" / "examples" / "basis" / FILE
    original = path.read_text(encoding="utf-8")
    path.unlink()
    assert pin("santoska").needed == (path,)
    assert pin("santoska", update=True).written == (path,)
    assert path.read_text(encoding="utf-8") == original


# ---------------------------------------------------------------------------
# Tests: the checks have teeth, broken files are clear errors


def other(value: Any) -> Any:
    """Another value of the same kind: a bool flipped, a number one more, a text with more,
    a tuple without its first item (or with one), a group worth a point more."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "'"
    if isinstance(value, tuple):
        return value[1:] if value else (1,)
    assert isinstance(value, Group), value
    return dataclasses.replace(value, points=value.points + 1)


def _with_fact(claim: Happened, name: str, value: object) -> Happened:
    facts = tuple(dataclasses.replace(f, value=value) if f.name == name else f for f in claim.facts)
    return dataclasses.replace(claim, facts=facts)


def falsified(claim: Happened, actions: int) -> list[Happened]:
    """Wrong versions of a claim: its event with any one field wrong (another player, card,
    cell, round, ...), the same event one action earlier or later (within the record's
    ``actions``), and each fact with another value; and the ones the rules make easy to get
    wrong (another card in hand or from the other pile, not the whole group, the group of
    another card)."""
    e: Event = claim.event
    wrong = [
        dataclasses.replace(
            claim, event=dataclasses.replace(e, **{f.name: other(getattr(e, f.name))})
        )
        for f in dataclasses.fields(e)
    ]
    wrong += [
        dataclasses.replace(claim, at=at) for at in (claim.at - 1, claim.at + 1) if at < actions
    ]
    wrong += [_with_fact(claim, f.name, other(f.value)) for f in claim.facts]
    if has_fact(claim, "in_hand"):
        card, took = fact(claim, "in_hand")
        wrong += [
            _with_fact(claim, "in_hand", (card % 10 + 1, took)),
            _with_fact(claim, "in_hand", (card, not took)),
        ]
    if has_fact(claim, "group_of"):
        group = fact(claim, "group_of")
        if len(group.cells) > 1:  # not the whole group
            wrong.append(
                _with_fact(claim, "group_of", dataclasses.replace(group, cells=group.cells[:-1]))
            )
        wrong.append(
            _with_fact(claim, "group_of", dataclasses.replace(group, card=group.card % 10 + 1))
        )
    return wrong


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_a_false_claim_fails_its_check(item: tuple[Example, Step]) -> None:
    """The story's checks have teeth: the claim about another player, card, cell or number,
    at another action, or with any fact of another value is refused."""
    ex, step = item
    game = replay_of(ex)
    checks().check(game, step.claim)
    for wrong in falsified(claim_of(step), len(game.actions)):
        assert wrong != step.claim
        with pytest.raises(AssertionError):
            checks().check(game, wrong)


def test_the_arriba_claim_names_the_engines_active_row() -> None:
    """SA-B4: the Arriba sentence's fact is the engine's active row of the caller, the top
    row once the call is made; the same turn without the call leaves the bottom row active,
    so a claim that the bottom row is still active after the call is refused."""
    ex = example(KIND_ARRIBA)
    (call,) = claims_of(ex, "arriba")
    game = replay_of(ex)
    state = game.state_after(call.at)
    state.push(END)  # the same turn without the call
    assert SantoskaState.active_row(state, event(call).seat) == BOTTOM
    with pytest.raises(AssertionError, match="active_row"):
        checks().check(game, _with_fact(call, "active_row", BOTTOM))


FILE = "beurt-met-arriba.json"


def _tamper(folder: Path, edit: Callable[[dict[str, Any]], None]) -> None:
    path = folder / FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _illegal_swap(data: dict[str, Any]) -> None:
    actions = data["actions"]
    assert actions[-2].startswith("swap ")
    actions[-2] = "swap 4"  # rows of three: no fourth column


def _cut_short(data: dict[str, Any]) -> None:
    del data["actions"][-1]


EDITS: dict[str, Callable[[dict[str, Any]], None]] = {
    "illegal": _illegal_swap,
    "cut-short": _cut_short,
    "wrong-round": lambda d: d.update(focus={"round": 2, "player": d["focus"]["player"]}),
    "wrong-player": lambda d: d.update(focus={"round": 1, "player": d["focus"]["player"] % 3 + 1}),
    "no-such-player": lambda d: d.update(focus={"round": 1, "player": 4}),
    "wrong-kind": lambda d: d.update(kind="stop"),
}


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("illegal", "no longer replays: action"),
        ("cut-short", "does not end where a 'arriba' example ends"),
        ("wrong-round", "round 2 is not in the record"),
        ("wrong-player", "does not end where"),
        ("no-such-player", "is not one of the 3 players"),
        ("wrong-kind", "of kind 'arriba'"),
    ],
)
def test_a_broken_pinned_file_is_a_clear_error(project_copy: Path, case: str, message: str) -> None:
    """A tampered or no longer replaying pinned file (an illegal action, cut short, the
    wrong focus or kind) names the file (missing, corrupt, foreign: the example contract)."""
    _tamper(project_copy / "cardspecs" / "santoska" / "examples" / "basis", EDITS[case])
    copied = load_game("santoska").spec
    with pytest.raises(PnpError) as caught:
        game_examples(copied, ())
    text = str(caught.value)
    assert re.match(rf"cardspecs/santoska/examples/basis/{re.escape(FILE)}(:\d+)?: ", text), text
    assert message in text
    assert "Traceback" not in text and str(project_copy) not in text


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (None, r"voorbeelden\.toml: "),
        (
            ("{stopper} riep stop", "{stoper} riep stop"),
            r":\d+: phrase 'intro_scoring' uses \{stoper\}",
        ),
        (("plays_more = ", "spelen_meer = "), r":\d+: no phrase 'plays_more' in \[phrases\]"),
        (
            ('"Cas", "Daan", "Eva", "Fleur"]', "]"),
            r":\d+: 2 names for 3 players",
        ),
    ],
)
def test_a_broken_phrase_file_is_a_clear_error(
    project_copy: Path, edit: tuple[str, str] | None, message: str
) -> None:
    """The examples' Dutch lives in voorbeelden.toml: every mistake in it names file and line."""
    assert re.search(message, broken_phrase_file_error(project_copy, "santoska", edit))


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.id)
def test_a_record_must_end_at_a_candidate_that_still_scores(row: Row) -> None:
    """A pinned record whose focus is no longer a scoring candidate of its row is refused
    (a scoring grid that lost a group of Santoska cards, say), naming the example's kind."""
    pinned, rnd = STORY.load(spec(), row)
    assert ends(row, pinned, rnd) is None
    lost = dataclasses.replace(row, score=lambda _spot: 0)
    assert ends(lost, pinned, rnd) == f"the record does not end where a '{row.kind}' example ends"


def test_an_example_that_lost_a_required_claim_is_a_clear_error() -> None:
    """An example whose sentences no longer make a claim its row requires names the file."""
    row = ROWS[0]
    pinned, rnd = STORY.load(spec(), row)
    needing_more = dataclasses.replace(row, claims=(*row.claims, "exact_win"))
    with pytest.raises(PnpError) as caught:
        STORY.tell(spec(), load_phrases(spec()), needing_more, pinned, rnd)
    text = str(caught.value)
    assert text.startswith(f"cardspecs/santoska/examples/basis/{row.id}.json: "), text
    assert "(missing: exact_win); re-run pnp pin santoska --update" in text
