"""The Santoska rulebook examples: what the generic example contract does not cover.

Each example comes from a game record pinned in ``cardspecs/santoska/examples/``;
``tests/engine/test_example_contract.py`` replays it, tells it and runs the story's
claim checks (:mod:`pnp.games.santoska.story.checks`: fresh engine states, no
event log) on every sentence. Here: the sentences say what their claims say, the
rule checklist (SA-B4 to SA-B7) with the examples' shapes, the finder, the checks'
teeth (every claim falsified), and the Santoska-specific broken files.
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
from pnp.engine.core import GameRecord
from pnp.example_model import CardPicture, Example, Step
from pnp.example_model.figures import RowFigure
from pnp.games.santoska.kit.spec_config import config_from_spec
from pnp.games.santoska.rules.actions import END, Action
from pnp.games.santoska.rules.config import SantoskaConfig
from pnp.games.santoska.rules.engine import ENGINE, SantoskaState
from pnp.games.santoska.story.checks import next_swap_goes_to_top
from pnp.games.santoska.story.claims import (
    CallsArriba,
    CallsStop,
    Eliminated,
    GridSum,
    GroupScores,
    NewDeal,
    RoundEnds,
    RoundScore,
    ShowsRow,
    Turn,
    WinsExactly,
)
from pnp.games.santoska.story.examples import ROWS, STORY, Row, ends
from pnp.kit.examples import game_examples
from pnp.kit.maintenance import pin
from pnp.spec.model import GameSpec
from pnp.story import Replay, load_phrases
from pnp.story.search import RowUnder, story_search
from tests.dutch_words import WORDS
from tests.engine.registered import broken_phrase_file_error
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


def replay_of(ex: Example) -> Replay[SantoskaConfig, SantoskaState, Action]:
    """The pinned record of an example, replayed on fresh states (no event log)."""
    record = record_of(ex)
    return Replay(ENGINE, config_from_spec(spec(), record.variants), record)


# ---------------------------------------------------------------------------
# Sentences agree with their claims


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


def expected_words(claim: object) -> list[str]:
    """Names, cards, places and numbers the sentence of ``claim`` must contain."""
    if isinstance(claim, ShowsRow):
        return [claim.name, *(card_word(c) for c in claim.cards)]
    if isinstance(claim, Turn):
        words = [claim.name, card_word(claim.card)]
        words += ["pakt", "aflegstapel"] if claim.took else ["trekt", "trekstapel"]
        if claim.cell >= 0:
            words += [card_word(claim.card_out), place(claim.cell)]
            words += [] if claim.knew_out else ["blind"]
        else:
            words.append("houdt die niet")
        return words + (["Nog één beurt voor"] if claim.final else [])
    if isinstance(claim, CallsArriba):
        return [claim.name, "“Arriba!”", *(card_word(c) for c in claim.bottom)]
    if isinstance(claim, CallsStop):
        return [claim.name, "“Stop!”", *claim.final_names]
    if isinstance(claim, RoundEnds):
        return [f"{claim.names[seat]} {score_text(p)}" for seat, p in claim.points]
    if isinstance(claim, GroupScores):
        places = [place(c) for c in claim.cells]
        if len(claim.cells) == 1:
            return [card_word(claim.card), *places, "alleen", number_text(claim.points)]
        if claim.card == 0:
            bonus = number_text(-claim.points)
            return [WORDS[len(claim.cells)], "Santoska-kaarten", *places, bonus, "bonuspunten"]
        return [WORDS[len(claim.cells)], f"kaarten met een {claim.card}", *places, "vallen weg"]
    if isinstance(claim, GridSum):
        totals = [score_text(claim.before), score_text(claim.total)]
        return [claim.name, sum_expression(claim.parts), *totals]
    if isinstance(claim, RoundScore):
        totals = [score_text(claim.before), score_text(claim.total)]
        return [claim.name, number_text(abs(claim.points)), *totals]
    if isinstance(claim, Eliminated):
        return [claim.name, score_text(claim.total), str(claim.limit), "ligt eruit"]
    if isinstance(claim, NewDeal):
        names = claim.names
        words = [f"{names[claim.old_dealer]} deelde", f"nu deelt {names[claim.dealer]}"]
        words += [names[s] for s in claim.seats] + [card_word(claim.discard), "aflegstapel"]
        return words + [f"{names[s]} ligt eruit en wordt overgeslagen" for s in claim.skipped]
    assert isinstance(claim, WinsExactly)
    return [claim.name, "precies", str(claim.limit), "wint", *claim.over_names]


def steps_with_claims() -> list[tuple[Example, Step]]:
    """Every step of every example."""
    return [(ex, step) for ex in all_examples() for step in ex.steps]


def step_id(item: tuple[Example, Step]) -> str:
    """A readable test id."""
    ex, step = item
    c = step.claim
    where = getattr(c, "at", getattr(c, "after", "?"))
    return f"{ex.id}:{type(c).__name__}@{where}"


def focus_seat(ex: Example) -> int:
    """The seat the example is about (the pinned focus player, from 1)."""
    data = json.loads(pinned_file(ex).read_text(encoding="utf-8"))
    return int(data["focus"]["player"]) - 1


def claims_of(ex: Example, kind: type) -> list[Any]:
    """The claims of one type in an example."""
    return [s.claim for s in ex.steps if isinstance(s.claim, kind)]


# ---------------------------------------------------------------------------
# Tests: every example, every sentence


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_every_sentence_says_what_its_claim_says(item: tuple[Example, Step]) -> None:
    """The sentence names the player(s), the cards, their places and the numbers."""
    _, step = item
    for word in expected_words(step.claim):
        assert has_word(step.text, word), f"{word!r} missing in {step.text!r}"
    if isinstance(step.claim, CallsStop):
        spots = [step.text.index(n) for n in step.claim.final_names]
        assert spots == sorted(spots), "the last turns are named in order"


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_names_go_clockwise_from_the_example_player(ex: Example) -> None:
    """The player the example is about is Anna, the next seats Bram and Cas; one name each."""
    seat, n = focus_seat(ex), record_of(ex).num_players
    expected = {s: NAMES[(s - seat) % n] for s in range(n)}
    for step in ex.steps:
        c = step.claim
        for seat_field, name_field in (("seat", "name"), ("stopper", "stopper_name")):
            s, name = getattr(c, seat_field, None), getattr(c, name_field, None)
            if s is not None and name is not None:
                assert expected[s] == name
        for seats, names in (("final_turns", "final_names"), ("over", "over_names")):
            if hasattr(c, seats):
                assert [expected[s] for s in getattr(c, seats)] == list(getattr(c, names))
        if isinstance(c, RoundEnds):
            assert c.names == tuple(expected[s] for s in range(n))


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_pictures_show_the_real_cards_of_each_sentence(ex: Example) -> None:
    """Rows (in their places) and turns show their cards (spec rows), Arriba and Stop their
    marker card; the groups of a scored grid show none (the rows above them do)."""
    numbers = {row.number("number"): row.id for row in spec().component("getallen").rows}

    def drawn(cards: Sequence[int]) -> tuple[CardPicture, ...]:
        return tuple(
            CardPicture("santoska", "santoska") if c == 0 else CardPicture("getallen", numbers[c])
            for c in cards
        )

    for step in ex.steps:
        c = step.claim
        if isinstance(c, ShowsRow | CallsArriba):
            # A row lies in its places: drawn as a row figure, not as a hand of cards.
            (figure,) = step.figures
            assert isinstance(figure, RowFigure) and step.cards == ()
            cards = c.cards if isinstance(c, ShowsRow) else c.bottom
            marker = (CardPicture("markeringen", "arriba"),) if isinstance(c, CallsArriba) else ()
            assert figure.cards == (*drawn(cards), *marker)
            continue
        if isinstance(c, Turn):
            expected = drawn([c.card] if c.cell < 0 else [c.card, c.card_out])
        elif isinstance(c, CallsStop):
            expected = (CardPicture("markeringen", "stop"),)
        elif isinstance(c, NewDeal):
            expected = drawn([c.discard])
        else:
            expected = ()
        assert step.cards == expected, step.text
        assert step.automatic == isinstance(
            c, RoundEnds | GroupScores | GridSum | RoundScore | WinsExactly | Eliminated
        )


@pytest.mark.parametrize("kind", GRID_KINDS)
def test_grid_is_drawn_as_two_rows_top_then_bottom(kind: str) -> None:
    """SA-B6: a scored grid is shown as two rows of real cards, the top row first."""
    ex = example(kind)
    top, bottom = ex.steps[0].claim, ex.steps[1].claim
    assert isinstance(top, ShowsRow) and isinstance(bottom, ShowsRow)
    assert (top.row, bottom.row) == (1, 0) and top.seat == bottom.seat == focus_seat(ex)
    record = record_of(ex)
    assert top.after == bottom.after == len(record.actions), "as they lie when scored"
    groups = claims_of(ex, GroupScores)
    (total,) = claims_of(ex, GridSum)
    assert sorted(c for g in groups for c in g.cells) == list(range(6)), "each card once"
    assert total.parts == tuple(g.points for g in groups), "the sum adds the told groups"


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
    """SA-B3/SA-B4: the bottom row, the turn (a card swapped into it), then "Arriba!"."""
    ex = example(KIND_ARRIBA)
    row, turn, call = (s.claim for s in ex.steps)
    assert isinstance(row, ShowsRow) and isinstance(turn, Turn) and isinstance(call, CallsArriba)
    assert row.row == 0 and row.after == turn.at and call.at == turn.at + 2
    assert turn.seat == call.seat == focus_seat(ex) and turn.cell in range(3)
    assert call.bottom[turn.cell] == turn.card
    assert call.at == len(record_of(ex).actions) - 1


def test_sa_b5_a_stop_and_the_last_turns() -> None:
    """SA-B5: after "Stop!" each other player has exactly one more turn, then the round ends."""
    ex = example(KIND_STOP)
    (stop,) = claims_of(ex, CallsStop)
    turns = claims_of(ex, Turn)
    (end,) = claims_of(ex, RoundEnds)
    assert stop.seat == focus_seat(ex) and end.stopper == stop.seat
    assert [t.seat for t in turns] == [stop.seat, *stop.final_turns]
    assert [t.final for t in turns] == [False] + [True] * len(stop.final_turns)
    assert len(stop.final_turns) == 2 and end.at == len(record_of(ex).actions) - 1
    # A last turn that swaps in the top row says that player had called Arriba (SA-B4);
    # the Turn check has the engine confirm the top row was the active row.
    top_row = [(s.text, s.claim) for s in ex.steps if isinstance(s.claim, Turn)]
    others = [(text, t) for text, t in top_row if t.cell >= 3 and t.seat != stop.seat]
    assert others, "another player's Arriba shows"
    for text, turn in others:
        assert f"{turn.name} riep eerder in deze ronde al “Arriba!”" in text


def test_sa_b6_scoring_with_a_santoska_pair_worked_out() -> None:
    """SA-B6: equal neighbours vanish, lone cards cost their number, a Santoska pair
    gives 5 bonus points; every card of the grid is in exactly one told group; the sum."""
    ex = example(KIND_SCORING)
    groups = claims_of(ex, GroupScores)
    (total,) = claims_of(ex, GridSum)
    assert any(g.card == 0 and len(g.cells) == 2 and g.points == -5 for g in groups)
    assert any(g.card > 0 and len(g.cells) >= 2 and g.points == 0 for g in groups)
    assert any(len(g.cells) == 1 and g.points == g.card > 0 for g in groups)
    assert sorted(c for g in groups for c in g.cells) == list(range(6))
    assert total.parts == tuple(g.points for g in groups) and total.points > 0
    assert "Santoska-paar" in ex.title


def test_sa_b6_a_group_of_three_or_more_equal_numbers_vanishes_whole() -> None:
    """SA-B6: a whole connected group of equal numbers (three or more, round a corner) costs
    nothing; every card of the grid is in exactly one told group."""
    ex = example(KIND_GROUP)
    groups = claims_of(ex, GroupScores)
    big = [g for g in groups if g.card > 0 and len(g.cells) >= 3]
    assert len(big) == 1 and big[0].points == 0
    assert len({c // 3 for c in big[0].cells}) == 2, "the group spans both rows"
    assert sorted(c for g in groups for c in g.cells) == list(range(6))
    assert "drie gelijke kaarten" in ex.title or "vier gelijke kaarten" in ex.title


def test_sa_b6_three_santoska_cards_together_give_ten_bonus_points() -> None:
    """SA-B6: three Santoska cards together give 5 bonus points per card after the first."""
    ex = example(KIND_THREE)
    groups = claims_of(ex, GroupScores)
    (three,) = [g for g in groups if g.card == 0]
    assert len(three.cells) == 3 and three.points == -10
    (total,) = claims_of(ex, GridSum)
    assert total.points < 0 and total.total == total.before + total.points
    assert "drie Santoska-kaarten" in ex.title


def test_sa_b8_a_new_round_after_a_player_went_out() -> None:
    """SA-B7/SA-B8: the round before is scored, a player goes out, the deal passes to the
    next player still in (the one out is passed by), only those still in get two rows, one
    open card starts the discard pile, the example player looks at the new bottom row, and
    the player after the dealer begins."""
    ex = example(KIND_NEW_ROUND)
    (ended,) = claims_of(ex, RoundEnds)
    (out,) = claims_of(ex, Eliminated)
    (deal,) = claims_of(ex, NewDeal)
    (peek,) = claims_of(ex, ShowsRow)
    record = record_of(ex)
    assert (
        out.at == ended.at == deal.at - 1 and peek.after == deal.at + 1 == len(record.actions) - 1
    )
    assert deal.skipped == (out.seat,) and out.seat not in deal.seats
    assert deal.starter == peek.seat == focus_seat(ex) and peek.row == 0
    assert deal.round == ended.round + 1
    assert "Een nieuwe ronde" in ex.title and ex.rules == ("SA-B7", "SA-B8")


def test_sa_b7_exactly_one_hundred_wins_at_once() -> None:
    """SA-B7: a player who reaches exactly 100 wins and the game stops at once."""
    ex = example(KIND_EXACT)
    (won,) = claims_of(ex, WinsExactly)
    (own,) = claims_of(ex, GridSum)
    others = claims_of(ex, RoundScore)
    assert won.seat == own.seat == focus_seat(ex) and own.total == won.limit == LIMIT
    assert own.before < LIMIT and all(o.total != LIMIT for o in others)
    assert len(others) == 2 and "100" in ex.title


@pytest.mark.parametrize(("variant", "length"), [("rijen-3", 3), ("rijen-4", 4), ("rijen-6", 6)])
def test_examples_are_played_with_the_rows_of_their_kit(variant: str, length: int) -> None:
    """Every kit shows every example, played with its own row length (SA-B1): the intro says
    so, and every grid scored has rows of that many cards."""
    shown = game_examples(spec(), (variant,))
    assert [e.id for e in shown] == [e.id for e in all_examples()]
    assert all(f"rijen van {DUTCH.number_word(length)} kaarten" in e.intro for e in shown)
    rows = [c for e in shown for c in claims_of(e, ShowsRow)]
    assert rows and all(len(row.cards) == length for row in rows)


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
    (won,) = claims_of(ex, WinsExactly)
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


def falsified(claim: Any, players: int) -> list[object]:
    """Wrong versions of a claim: another player, another card or number."""
    replace = dataclasses.replace
    other = (getattr(claim, "seat", 0) + 1) % players
    if isinstance(claim, ShowsRow):
        wrong_card = (claim.cards[0] % 10 + 1, *claim.cards[1:])
        return [replace(claim, seat=other), replace(claim, cards=wrong_card)]
    if isinstance(claim, Turn):
        return [
            replace(claim, seat=other),
            replace(claim, card=claim.card % 10 + 1),
            replace(claim, knew_out=not claim.knew_out)
            if claim.cell >= 0
            else replace(claim, took=True),
            replace(claim, final=not claim.final),
        ]
    if isinstance(claim, CallsArriba):
        return [
            replace(claim, seat=other),
            replace(claim, bottom=(claim.bottom[0] % 10 + 1, *claim.bottom[1:])),
        ]
    if isinstance(claim, CallsStop):
        return [replace(claim, seat=other), replace(claim, final_turns=claim.final_turns[::-1])]
    if isinstance(claim, RoundEnds):
        (seat, points), *rest = claim.points
        return [
            replace(claim, stopper=(claim.stopper + 1) % players),
            replace(claim, points=((seat, points + 1), *rest)),
        ]
    if isinstance(claim, GroupScores):
        wrong: list[object] = [replace(claim, seat=other), replace(claim, points=claim.points + 1)]
        if len(claim.cells) > 1:
            wrong.append(replace(claim, cells=claim.cells[:-1]))  # not the whole group
        return wrong
    if isinstance(claim, GridSum | RoundScore):
        return [replace(claim, points=claim.points + 1), replace(claim, before=claim.before + 1)]
    if isinstance(claim, Eliminated):
        return [replace(claim, seat=other), replace(claim, total=claim.total + 1)]
    if isinstance(claim, NewDeal):
        return [
            replace(claim, dealer=claim.old_dealer),
            replace(claim, old_dealer=claim.dealer),
            replace(claim, skipped=()),
            replace(claim, seats=tuple(range(players))),
            replace(claim, discard=claim.discard % 10 + 1),
            replace(claim, starter=claim.dealer),
        ]
    assert isinstance(claim, WinsExactly)
    return [replace(claim, seat=other), replace(claim, over=(other,))]


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_a_false_claim_fails_its_check(item: tuple[Example, Step]) -> None:
    """The story's checks have teeth: the claim about another player, card or number is
    refused."""
    ex, step = item
    checks, game = STORY.checks, replay_of(ex)
    assert checks is not None
    for wrong in falsified(step.claim, game.record.num_players):
        assert wrong != step.claim
        with pytest.raises(AssertionError):
            checks.check(game, wrong)


def test_a_closed_bottom_row_is_checked_by_playing_on() -> None:
    """SA-B4: the Arriba check plays on to the caller's next turn; without the Arriba the
    swap would change the bottom row, and the check would fail."""
    ex = example(KIND_ARRIBA)
    (call,) = claims_of(ex, CallsArriba)
    state = replay_of(ex).state_after(call.at)
    state.push(END)  # the same turn without the call
    with pytest.raises(AssertionError, match="SA-B4"):
        next_swap_goes_to_top(state, call.seat)


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
    needing_more = dataclasses.replace(row, claims=(*row.claims, WinsExactly))
    with pytest.raises(PnpError) as caught:
        STORY.tell(spec(), load_phrases(spec()), needing_more, pinned, rnd)
    text = str(caught.value)
    assert text.startswith(f"cardspecs/santoska/examples/basis/{row.id}.json: "), text
    assert "(missing: WinsExactly); re-run pnp pin santoska --update" in text
