"""The Santoska rulebook examples: pinned, replayed, and every claim checked.

Each example comes from a game record pinned in ``cardspecs/santoska/examples/``.
The checks here do not trust the event log the text was rendered from: they
re-push the record's actions on a fresh engine state (no log) and inspect that
state at the moment each sentence speaks of (the grids, the piles, the legal
actions, the totals), and they find the groups of a grid and their points with
their own flood fill and the rules' own numbers (SA-B6). A false claim fails
the suite; the tests at the end prove it by falsifying every claim.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pnp.engine.core import CHANCE, TERMINAL, GameRecord, replay
from pnp.errors import PnpError
from pnp.examples import examples_text
from pnp.games.santoska import example_claims
from pnp.games.santoska.actions import ARRIBA, DISCARD, DRAW, END, STOP, TAKE, Action, swap
from pnp.games.santoska.engine import ENGINE, SantoskaState
from pnp.games.santoska.example_claims import (
    CallsArriba,
    CallsStop,
    GridSum,
    GroupScores,
    RoundEnds,
    RoundScore,
    ShowsRow,
    Turn,
    WinsExactly,
)
from pnp.games.santoska.examples import ROWS, SEARCH, STORY, Row, ends, rulebook_examples
from pnp.games.santoska.scoring import score_grid
from pnp.games.santoska.spec_config import config_from_spec
from pnp.maintenance import pin
from pnp.project import load_game
from pnp.rulebook.example import CardPicture, Example, Step
from pnp.spec.model import GameSpec
from pnp.story import ClaimChecks, check, load_phrases
from tests.dutch_words import PLURALS, WORDS

PLACES = [
    ["linksonder", "middenonder", "rechtsonder"],
    ["linksboven", "middenboven", "rechtsboven"],
]
NAMES = ["Anna", "Bram", "Cas"]
LIMIT = 100  # SA-B7
LONE_SANTOSKA = 5  # SA-B6
SANTOSKA_BONUS = 5  # SA-B6: per Santoska card after the first in a group
SEPARATOR = " · "
KIND_ARRIBA, KIND_STOP, KIND_SCORING, KIND_EXACT = "arriba", "stop", "scoring", "exact-limit"


@cache
def spec() -> GameSpec:
    """The real spec tables."""
    return load_game("santoska").spec


@cache
def all_examples() -> tuple[Example, ...]:
    """Every example of the base kit."""
    return tuple(rulebook_examples(spec(), ()))


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


def state_after(record: GameRecord, count: int) -> SantoskaState:
    """A fresh state (no event log) after the first ``count`` actions of ``record``."""
    state = ENGINE.new_state(config_from_spec(spec(), record.variants), record.num_players)
    for data in record.actions[:count]:
        state.push(ENGINE.decode_action(data))
    return state


def move_at(record: GameRecord, index: int) -> Action:
    """The decoded action ``index`` of the record."""
    return ENGINE.decode_action(record.actions[index])


def row_of(state: SantoskaState, seat: int, row: int) -> tuple[int, ...]:
    """Row ``row`` (0 bottom, 1 top) of ``seat``'s grid."""
    n = state.row_length
    return tuple(state.grids[seat][row * n : (row + 1) * n])


# ---------------------------------------------------------------------------
# SA-B6 restated: groups by flood fill, points by the rules' numbers


def groups_of(grid: Sequence[int], n: int) -> list[tuple[int, frozenset[int]]]:
    """Every whole group of equal, horizontally or vertically touching cards."""
    seen: set[int] = set()
    out = []
    for start in range(len(grid)):
        if start in seen:
            continue
        members, todo = {start}, [start]
        while todo:
            row, col = divmod(todo.pop(), n)
            for r, c in ((row, col - 1), (row, col + 1), (1 - row, col)):
                cell = r * n + c
                if 0 <= c < n and cell not in members and grid[cell] == grid[start]:
                    members.add(cell)
                    todo.append(cell)
        seen |= members
        out.append((grid[start], frozenset(members)))
    return out


def group_points(card: int, size: int) -> int:
    """SA-B6: a number group 0, a lone number its number, a lone Santoska 5, k Santoska -5(k-1)."""
    if card == 0:
        return LONE_SANTOSKA if size == 1 else -SANTOSKA_BONUS * (size - 1)
    return card if size == 1 else 0


def grid_points(grid: Sequence[int], n: int) -> int:
    """The round's points of a grid, by the rules."""
    return sum(group_points(card, len(cells)) for card, cells in groups_of(grid, n))


def round_ended_at(record: GameRecord, at: int) -> tuple[SantoskaState, SantoskaState]:
    """The states before and after action ``at``, which must end a round."""
    before, after = state_after(record, at), state_after(record, at + 1)
    assert len(after.results) == len(before.results) + 1, "the round ends with this action"
    return before, after


# ---------------------------------------------------------------------------
# Claim checks against a fresh engine state


def _check_shows_row(record: GameRecord, c: ShowsRow) -> None:
    assert row_of(state_after(record, c.after), c.seat, c.row) == c.cards


def _check_turn(record: GameRecord, c: Turn) -> None:
    state = state_after(record, c.at)
    assert state.current_player() == c.seat
    assert move_at(record, c.at) == (TAKE if c.took else DRAW)
    assert c.card == (state.discard[-1] if c.took else state.pile[-1])  # pile: top card last
    assert c.final == (state.stopper >= 0 and state.stopper != c.seat), "SA-B5 last lap"
    state.push(TAKE if c.took else DRAW)
    n = state.row_length
    place = move_at(record, c.at + 1)
    if c.cell < 0:
        assert place == DISCARD and not c.took, "SA-B3: only a drawn card may be discarded"
    else:
        row, col = divmod(c.cell, n)
        assert place == swap(col)
        assert row == (1 if state.arriba[c.seat] else 0), "SA-B4: the active row"
        assert state.grids[c.seat][c.cell] == c.card_out
        assert bool(state.known[c.seat][c.cell] >> c.seat & 1) == c.knew_out
    state.push(place)
    assert state.discard[-1] == (c.card if c.cell < 0 else c.card_out)
    if c.cell >= 0:
        assert state.grids[c.seat][c.cell] == c.card
    if c.final:
        assert state.current_player() != c.seat, "SA-B5: no call after a last turn"


def _next_swap_goes_to_top(state: SantoskaState, seat: int) -> None:
    """Play on to ``seat``'s next turn (the others draw and discard): a swap then changes
    the top row only (SA-B4: the bottom row is closed)."""
    rng = random.Random(0)
    while True:
        player = state.current_player()
        assert player != TERMINAL
        if player == CHANCE:
            state.push(ENGINE.sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if TAKE in legal and player == seat:
            break
        if TAKE in legal:
            state.push(DRAW if DRAW in legal else TAKE)
        elif END in legal:
            state.push(END)
        else:
            state.push(DISCARD if DISCARD in legal else legal[0])
    bottom, top = row_of(state, seat, 0), row_of(state, seat, 1)
    state.push(DRAW)
    card = state.hand
    state.push(swap(0))
    assert row_of(state, seat, 0) == bottom, "SA-B4: the bottom row is closed"
    assert row_of(state, seat, 1) == (card, *top[1:])


def _check_arriba(record: GameRecord, c: CallsArriba) -> None:
    state = state_after(record, c.at)
    assert state.current_player() == c.seat and move_at(record, c.at) == ARRIBA
    assert ARRIBA in state.legal_actions() and not state.arriba[c.seat]
    assert row_of(state, c.seat, 0) == c.bottom
    state.push(ARRIBA)
    assert state.arriba[c.seat]
    _next_swap_goes_to_top(state, c.seat)


def _check_stop(record: GameRecord, c: CallsStop) -> None:
    state = state_after(record, c.at)
    n = record.num_players
    assert state.current_player() == c.seat and move_at(record, c.at) == STOP
    assert STOP in state.legal_actions()
    assert state.arriba[c.seat], "SA-B5: Stop comes after an Arriba"
    others = tuple((c.seat + k) % n for k in range(1, n) if state.grids[(c.seat + k) % n])
    assert c.final_turns == others
    state.push(STOP)
    rounds = len(state.results)
    turns = []
    for index in range(c.at + 1, len(record.actions)):
        move = move_at(record, index)
        if move in (TAKE, DRAW) and state.current_player() >= 0:
            turns.append(state.current_player())
        state.push(move)
        if len(state.results) > rounds:
            break
    assert len(state.results) == rounds + 1, "the round ended"
    assert tuple(turns) == others, "SA-B5: each other player exactly one more turn"


def _check_round_ends(record: GameRecord, c: RoundEnds) -> None:
    before, after = round_ended_at(record, c.at)
    assert after.round == c.round and after.results[-1].stopper == c.stopper
    seats = [s for s in range(record.num_players) if before.grids[s]]
    assert [s for s, _ in c.points] == seats
    for seat, points in c.points:
        assert points == grid_points(after.grids[seat], after.row_length)
        assert after.totals[seat] == before.totals[seat] + points


def _check_group(record: GameRecord, c: GroupScores) -> None:
    _, after = round_ended_at(record, c.at)
    groups = groups_of(after.grids[c.seat], after.row_length)
    assert (c.card, frozenset(c.cells)) in groups, "a whole group of equal cards"
    assert c.points == group_points(c.card, len(c.cells))


def _check_sum(record: GameRecord, c: GridSum) -> None:
    before, after = round_ended_at(record, c.at)
    grid, n = after.grids[c.seat], after.row_length
    parts = [group_points(card, len(cells)) for card, cells in groups_of(grid, n)]
    assert sorted(c.parts) == sorted(parts), "every group is counted once"
    assert c.points == sum(c.parts) == grid_points(grid, n)
    assert c.points == score_grid(grid, n, LONE_SANTOSKA, SANTOSKA_BONUS).points
    assert c.before == before.totals[c.seat] and c.total == after.totals[c.seat]
    assert c.total == c.before + c.points, "SA-B7: the round is added to the total"


def _check_score(record: GameRecord, c: RoundScore) -> None:
    before, after = round_ended_at(record, c.at)
    assert c.points == grid_points(after.grids[c.seat], after.row_length)
    assert c.before == before.totals[c.seat] and c.total == after.totals[c.seat]
    assert c.total == c.before + c.points


def _check_wins_exactly(record: GameRecord, c: WinsExactly) -> None:
    after = state_after(record, c.at + 1)
    assert after.is_terminal() and len(record.actions) == c.at + 1
    assert c.limit == LIMIT and after.totals[c.seat] == LIMIT
    assert after.winners == (c.seat,), "SA-B7: exactly the limit wins at once"
    over = {s for s in range(record.num_players) if after.totals[s] > LIMIT}
    assert set(c.over) == over
    assert not any(after.out[s] for s in over), "nobody is out when the game stops at once"


CHECKS: ClaimChecks[GameRecord] = ClaimChecks(
    check(ShowsRow, _check_shows_row),
    check(Turn, _check_turn),
    check(CallsArriba, _check_arriba),
    check(CallsStop, _check_stop),
    check(RoundEnds, _check_round_ends),
    check(GroupScores, _check_group),
    check(GridSum, _check_sum),
    check(RoundScore, _check_score),
    check(WinsExactly, _check_wins_exactly),
)


def check_claim(record: GameRecord, claim: object) -> None:
    """Assert that ``claim`` holds in the replayed game (a claim without a check fails)."""
    CHECKS.check(record, claim)


# ---------------------------------------------------------------------------
# Sentences agree with their claims


def number_text(number: int) -> str:
    """A number as the examples write it: words up to twenty, digits above, "min" below 0."""
    if number < 0:
        return "min " + number_text(-number)
    return WORDS[number] if number < len(WORDS) else str(number)


def card_word(card: int) -> str:
    """A card as a word."""
    return "Santoska-kaart" if card == 0 else WORDS[card]


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
        return [claim.name, '"Arriba!"', *(card_word(c) for c in claim.bottom)]
    if isinstance(claim, CallsStop):
        return [claim.name, '"Stop!"', *claim.final_names]
    if isinstance(claim, RoundEnds):
        return [f"{claim.names[seat]} {number_text(p)}" for seat, p in claim.points]
    if isinstance(claim, GroupScores):
        places = [place(c) for c in claim.cells]
        if len(claim.cells) == 1:
            return [card_word(claim.card), *places, "alleen", number_text(claim.points)]
        if claim.card == 0:
            bonus = number_text(-claim.points)
            return [WORDS[len(claim.cells)], "Santoska-kaarten", *places, bonus, "bonuspunten"]
        return [WORDS[len(claim.cells)], PLURALS[claim.card], *places, "vallen weg"]
    if isinstance(claim, GridSum):
        totals = [number_text(claim.before), number_text(claim.total)]
        return [claim.name, sum_expression(claim.parts), *totals]
    if isinstance(claim, RoundScore):
        totals = [number_text(claim.before), number_text(claim.total)]
        return [claim.name, number_text(abs(claim.points)), *totals]
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


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_pinned_record_replays_legally(ex: Example) -> None:
    """The generic replay accepts every action of the pinned record (legality checked)."""
    record = record_of(ex)
    events = replay(record, engine=ENGINE, config=config_from_spec(spec(), record.variants))
    assert events and record.game_id == "santoska" and record.num_players == 3
    assert record.variants == () and ex.variants == (), "base game: rows of three"
    data = json.loads(pinned_file(ex).read_text(encoding="utf-8"))
    number = state_after(record, len(record.actions)).round
    assert data["focus"]["round"] == number, "the record ends in its focus round"
    source = f"examples/{ex.id}.json{SEPARATOR}seed {record.seed}{SEPARATOR}ronde {number}"
    assert ex.source == source


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_every_claim_holds_in_the_replayed_game(item: tuple[Example, Step]) -> None:
    """Each sentence's claim is true in a fresh replay of the pinned game."""
    ex, step = item
    assert step.claim is not None, step.text
    check_claim(record_of(ex), step.claim)


def test_every_claim_type_has_a_check() -> None:
    """Each claim dataclass of the game is checked (so no claim escapes the checks)."""
    claims = {
        value
        for name, value in vars(example_claims).items()
        if isinstance(value, type) and dataclasses.is_dataclass(value) and name[0] != "_"
    }
    assert claims and claims == CHECKS.kinds
    for row in ROWS:
        assert set(row.claims) <= CHECKS.kinds, row.id


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
    """Rows, turns and groups show their cards (spec rows); Arriba and Stop their marker card."""
    numbers = {row.number("number"): row.id for row in spec().component("getallen").rows}

    def drawn(cards: Sequence[int]) -> tuple[CardPicture, ...]:
        return tuple(
            CardPicture("santoska", "santoska") if c == 0 else CardPicture("getallen", numbers[c])
            for c in cards
        )

    for step in ex.steps:
        c = step.claim
        if isinstance(c, ShowsRow):
            expected = drawn(c.cards)
        elif isinstance(c, Turn):
            expected = drawn([c.card] if c.cell < 0 else [c.card, c.card_out])
        elif isinstance(c, CallsArriba):
            expected = (*drawn(c.bottom), CardPicture("markeringen", "arriba"))
        elif isinstance(c, CallsStop):
            expected = (CardPicture("markeringen", "stop"),)
        elif isinstance(c, GroupScores):
            expected = drawn([c.card] * len(c.cells))
        else:
            expected = ()
        assert step.cards == expected, step.text
        assert step.automatic == isinstance(
            c, RoundEnds | GroupScores | GridSum | RoundScore | WinsExactly
        )


@pytest.mark.parametrize("kind", [KIND_SCORING, KIND_EXACT])
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
    """SA-B4, SA-B5, SA-B6, SA-B7: Arriba, Stop with the last turns, scoring, exact 100."""
    kinds = {r.kind for r in ROWS}
    assert kinds == {KIND_ARRIBA, KIND_STOP, KIND_SCORING, KIND_EXACT}
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


def test_sa_b7_exactly_one_hundred_wins_at_once() -> None:
    """SA-B7: a player who reaches exactly 100 wins and the game stops at once."""
    ex = example(KIND_EXACT)
    (won,) = claims_of(ex, WinsExactly)
    (own,) = claims_of(ex, GridSum)
    others = claims_of(ex, RoundScore)
    assert won.seat == own.seat == focus_seat(ex) and own.total == won.limit == LIMIT
    assert own.before < LIMIT and all(o.total != LIMIT for o in others)
    assert len(others) == 2 and "100" in ex.title


@pytest.mark.parametrize("variant", ["rijen-3", "rijen-4", "rijen-6"])
def test_examples_say_they_are_played_with_rows_of_three(variant: str) -> None:
    """The examples are base games (rows of three); every kit shows them, and says so."""
    shown = rulebook_examples(spec(), (variant,))
    assert [e.id for e in shown] == [e.id for e in all_examples()]
    assert all("rijen van drie kaarten" in e.intro for e in shown)


def test_intros_give_the_round_and_the_standings() -> None:
    """The intro names the round; the exact-100 intro gives every total before the round."""
    ordinals = ["", "eerste", "tweede", "derde", "vierde", "vijfde", "zesde", "zevende"]
    ordinals += ["achtste", "negende", "tiende", "elfde", "twaalfde"]
    for ex in all_examples():
        record = record_of(ex)
        state = state_after(record, len(record.actions))
        assert f"de {ordinals[state.round]} ronde" in ex.intro
    ex = example(KIND_EXACT)
    (won,) = claims_of(ex, WinsExactly)
    before = state_after(record_of(ex), won.at)
    for seat, name in enumerate(NAMES):
        assert f"{name} {number_text(before.totals[(focus_seat(ex) + seat) % 3])}" in ex.intro


def test_rebuilding_gives_identical_examples() -> None:
    """Two builds from the pinned files give the same examples, word for word."""
    first = rulebook_examples(spec(), ())
    second = rulebook_examples(load_game("santoska").spec, ())
    assert first == second
    assert examples_text("santoska") == examples_text("santoska")


# ---------------------------------------------------------------------------
# Tests: the finder


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.id)
def test_finder_reproduces_the_pinned_file_from_its_seed(row: Row) -> None:
    """The finder, searching the pinned seed, writes the pinned file byte for byte."""
    path = spec().folder / "examples" / f"{row.id}.json"
    seed = json.loads(path.read_text(encoding="utf-8"))["seed"]
    found = SEARCH.find_one(spec(), row, [seed])
    assert found is not None
    pinned, result = found
    assert result.score == row.ideal, "the pinned example has the ideal shape"
    assert pinned.to_json() == path.read_text(encoding="utf-8")


def test_finder_full_search_reproduces_every_pinned_file() -> None:
    """A fresh search (same seeds, same order) picks the same places: identical files."""
    for path, text in SEARCH.find_pinned(spec()):
        assert path.read_text(encoding="utf-8") == text, path.name


def test_finder_check_mode_passes() -> None:
    """``pnp pin santoska`` (no ``--update``) finds every pinned file up to date."""
    lines: list[str] = []
    report = pin("santoska", report=lines.append)
    assert report.stale == () and report.written == ()
    assert len(lines) == len(ROWS) + 1, lines


def test_finder_check_mode_names_a_stale_file_and_update_rewrites_it(project_copy: Path) -> None:
    """A pinned file that differs from a fresh search is reported; ``--update`` restores it."""
    path = project_copy / "cardspecs" / "santoska" / "examples" / FILE
    original = path.read_text(encoding="utf-8")
    path.write_text(original.replace('"title": "', '"title": "Oud: '), encoding="utf-8")
    assert pin("santoska").stale == (path,)
    assert path in pin("santoska", update=True).written
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
    assert isinstance(claim, WinsExactly)
    return [replace(claim, seat=other), replace(claim, over=(other,))]


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_a_false_claim_fails_its_check(item: tuple[Example, Step]) -> None:
    """The checks have teeth: the claim about another player, card or number is refused."""
    ex, step = item
    record = record_of(ex)
    for wrong in falsified(step.claim, record.num_players):
        assert wrong != step.claim
        with pytest.raises(AssertionError):
            check_claim(record, wrong)


def test_a_closed_bottom_row_is_checked_by_playing_on() -> None:
    """SA-B4: the Arriba check plays on to the caller's next turn; without the Arriba the
    swap would change the bottom row, and the check would fail."""
    ex = example(KIND_ARRIBA)
    (call,) = claims_of(ex, CallsArriba)
    state = state_after(record_of(ex), call.at)
    state.push(END)  # the same turn without the call
    with pytest.raises(AssertionError, match="SA-B4"):
        _next_swap_goes_to_top(state, call.seat)


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
    "wrong-game": lambda d: d.update(game="sinterklaas"),
    "wrong-kind": lambda d: d.update(kind="stop"),
}


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("missing", "pinned example missing (re-run pnp pin santoska --update)"),
        ("not-json", "not valid JSON"),
        ("illegal", "no longer replays: action"),
        ("cut-short", "does not end where a 'arriba' example ends"),
        ("wrong-round", "round 2 is not in the record"),
        ("wrong-player", "does not end where"),
        ("no-such-player", "is not one of the 3 players"),
        ("wrong-game", "is a game of"),
        ("wrong-kind", "of kind 'arriba'"),
    ],
)
def test_a_broken_pinned_file_is_a_clear_error(project_copy: Path, case: str, message: str) -> None:
    """A missing, corrupt, tampered or no longer replaying pinned file names the file."""
    folder = project_copy / "cardspecs" / "santoska" / "examples"
    if case == "missing":
        (folder / FILE).unlink()
    elif case == "not-json":
        (folder / FILE).write_text("{ niet af", encoding="utf-8")
    else:
        _tamper(folder, EDITS[case])
    copied = load_game("santoska").spec
    with pytest.raises(PnpError) as caught:
        rulebook_examples(copied, ())
    text = str(caught.value)
    assert re.match(rf"cardspecs/santoska/examples/{re.escape(FILE)}(:\d+)?: ", text), text
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
        (("is_more = ", "zijn_meer = "), r":\d+: no phrase 'is_more' in \[phrases\]"),
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
    path = project_copy / "cardspecs" / "santoska" / "rulebook" / "voorbeelden.toml"
    if edit is None:
        path.unlink()
    else:
        text = path.read_text(encoding="utf-8")
        assert edit[0] in text
        path.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    with pytest.raises(PnpError) as caught:
        rulebook_examples(load_game("santoska").spec, ())
    text = str(caught.value)
    assert text.startswith("cardspecs/santoska/rulebook/voorbeelden.toml"), text
    assert re.search(message, text), text
    assert "Traceback" not in text and str(project_copy) not in text


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
    assert text.startswith(f"cardspecs/santoska/examples/{row.id}.json: "), text
    assert "(missing: WinsExactly); re-run pnp pin santoska --update" in text
