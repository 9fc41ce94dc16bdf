"""An example move by move (pnp.story.moves), once for every game with examples: every
sentence comes from exactly one move of the example's part of the record, every claim holds
when checked again, a false claim is caught, and the table drawn after each move is the
engine's own table then (hands, bids, the Pakjeskamer, grids, the boat on the map), read
back from the figures and compared with a fresh engine state of the record."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import fields, replace
from functools import cache
from typing import Any

import pytest

from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.catalog.registry import games
from pnp.example_model import CardPicture
from pnp.example_model.figures import MapFigure, RowFigure, TableFigure, TablePlace
from pnp.kit.examples import example_walkthrough, game_examples
from pnp.spec.model import GameSpec
from pnp.spec.rule_list import RULE_ID
from pnp.story import Replay, load_phrases
from pnp.story.moves import Walkthrough, checked_claim
from pnp.story.story import Story
from tests.engine.registered import editions, story_of
from tests.fifth_game import fifth_game_installed

with fifth_game_installed():  # the guide's example game is held to the contract too
    STORIED = [g.id for g in games().values() if g.story is not None]
    EDITIONS = [(game_id, lang) for game_id in STORIED for lang in editions(game_id)]
AnyStory = Story[Any, Any, Any, Any, Any, Any, Any]


@cache
def _spec(game_id: str, lang: str = "nl") -> GameSpec:
    return load_game(game_id, lang=lang).spec


@cache
def _walks(game_id: str, lang: str = "nl") -> tuple[Walkthrough, ...]:
    examples = game_examples(_spec(game_id, lang), ())
    return tuple(example_walkthrough(game_id, (), lang, e.id) for e in examples)


def _replay(game_id: str, walk: Walkthrough) -> Replay[Any, Any, Any]:
    """The record ``walk`` was told from, to replay on fresh engine states."""
    return _record(game_id, walk.example.id)


@cache
def _record(game_id: str, example_id: str) -> Replay[Any, Any, Any]:
    story: AnyStory = story_of(game_id)
    spec = _spec(game_id)
    rules = story.rule_set(spec, ())
    row = next(row for row in story.rows if row.id == example_id)
    found = story.found_under(spec, load_phrases(spec), row, rules)
    assert found is not None
    return Replay(story.engine, story.config(spec, rules), found[0].record)


def replay_action(game_id: str, walk: Walkthrough, index: int) -> object:
    """Action ``index`` of the record ``walk`` was told from, as the record stores it."""
    return _replay(game_id, walk).record.actions[index]


@pytest.mark.parametrize(("game_id", "lang"), EDITIONS)
def test_every_sentence_comes_from_one_move_and_every_claim_holds_again(
    game_id: str, lang: str
) -> None:
    walks = _walks(game_id, lang)
    assert walks, f"{game_id} has examples"
    for walk in walks:
        example = walk.example
        told = sorted(n for move in walk.moves for n in move.sentences)
        assert told == list(range(1, len(example.steps) + 1)), example.id
        indices = [move.index for move in walk.moves]
        assert indices == list(range(indices[0], indices[0] + len(indices))), example.id
        for move in walk.moves:
            assert [c.sentence for c in move.claims] == list(move.sentences)
            assert all(c.holds and not c.problem for c in move.claims), (example.id, move)
            stored = replay_action(game_id, walk, move.index)
            assert move.action == json.dumps(stored, ensure_ascii=False)
            assert (move.player == "") == move.automatic
            for line in move.log:  # each logged event names the rules that made it
                assert line.text and line.rules and all(RULE_ID.match(r) for r in line.rules)
                assert not line.text.endswith("]"), "the rules stand beside the line, once"
            if not move.automatic:
                assert move.player == walk.names[move.seat]
        # the table is optional: a game that draws none shows the sentences and the log alone
        assert any(move.table for move in walk.moves) == (story_of(game_id).table is not None)
        for move in walk.moves:
            for figure in move.table:
                assert isinstance(figure, TableFigure | MapFigure | RowFigure)


@pytest.mark.parametrize("game_id", STORIED)
def test_a_false_claim_is_shown_as_not_holding(game_id: str) -> None:
    walk = _walks(game_id)[0]
    replay = _replay(game_id, walk)
    story: AnyStory = story_of(game_id)
    number, step = next(
        (n, s)
        for n, s in enumerate(walk.example.steps, 1)
        if any(isinstance(getattr(s.claim, f.name), int) for f in fields(s.claim))  # type: ignore[arg-type]
    )
    honest = checked_claim(story, replay, number, step.claim)
    assert honest.holds and honest.sentence == number
    claim: Any = step.claim
    name = next(
        f.name
        for f in fields(claim)
        if isinstance(getattr(claim, f.name), int) and f.name not in ("seat",)
    )
    false = checked_claim(story, replay, number, replace(claim, **{name: getattr(claim, name) + 7}))
    assert not false.holds and false.problem, (game_id, name)


def _cards(place: TablePlace) -> list[CardPicture]:
    return [card.picture for card in place.cards]


def _seat_places(
    figure: TableFigure, middle: bool = True, per_seat: int = 2
) -> list[list[TablePlace]]:
    """The places of each player (the rows under the middle, if the table has one; two
    players to a row, each with ``per_seat`` places in order), by seat."""
    by_row: dict[float, list[TablePlace]] = {}
    for place in figure.places:
        if place.row >= (1 if middle else 0):
            by_row.setdefault(place.row, []).append(place)
    seats: list[list[TablePlace]] = []
    for row in sorted(by_row):
        places = sorted(by_row[row], key=lambda p: p.col)
        seats += [places[i : i + per_seat] for i in range(0, len(places), per_seat)]
    return seats


def _table(walk: Walkthrough, number: int) -> TableFigure:
    figure = walk.moves[number].table[0]
    assert isinstance(figure, TableFigure)
    return figure


def test_sinterklaas_table_after_each_move_is_the_engines() -> None:
    from pnp.games.sinterklaas.rules.cards import card_name

    for walk in _walks("sinterklaas"):
        replay = _replay("sinterklaas", walk)
        for number, move in enumerate(walk.moves):
            state = replay.state_after(move.index + 1)
            figure = _table(walk, number)
            room = [p.row for p in _cards(figure.places[0])]
            assert room == [card_name(c) for c in state.room]
            for seat, (hand, bid) in enumerate(_seat_places(figure)):
                assert Counter(p.row for p in _cards(hand)) == Counter(
                    card_name(c) for c in state.hands[seat]
                ), (walk.example.id, move.index, seat)
                assert Counter(p.row for p in _cards(bid)) == Counter(
                    card_name(c) for c in state.bid_cards(seat)
                )
                assert walk.names[seat] in hand.label


def test_twaalf_dagen_table_after_each_move_is_the_engines() -> None:
    from pnp.games.twaalf_dagen.rules.actions import play_cards

    spec = _spec("twaalf-dagen")
    number_of = {row.id: row.number("number") for row in spec.component("deck").rows}
    for walk in _walks("twaalf-dagen"):
        replay = _replay("twaalf-dagen", walk)
        for number, move in enumerate(walk.moves):
            state = replay.state_after(move.index + 1)
            figure = _table(walk, number)
            played = sorted(
                number_of[p.row] for p in figure.places if p.row == 0 for p in _cards(p)
            )
            assert played == sorted(n for _, a in state.trick for n in play_cards(a))
            for seat, (hand, gifts) in enumerate(_seat_places(figure)):
                assert sorted(number_of[p.row] for p in _cards(hand)) == sorted(
                    state.hand_cards(seat)
                )
                assert len(gifts.cards) == state.gifts[seat]


def test_santoska_table_after_each_move_is_the_engines() -> None:
    from pnp.games.santoska.rules.cards import NO_CARD, SANTOSKA

    spec = _spec("santoska")
    value = {row.id: row.number("number") for row in spec.component("getallen").rows}
    for walk in _walks("santoska"):
        replay = _replay("santoska", walk)
        for number, move in enumerate(walk.moves):
            state = replay.state_after(move.index + 1)
            figure = _table(walk, number)
            for seat, places in enumerate(_seat_places(figure)):
                shown = sorted(
                    SANTOSKA if p.component == "santoska" else value[p.row]
                    for place in places
                    for p in _cards(place)
                )
                assert shown == sorted(c for c in state.grids[seat] if c != NO_CARD)
                assert str(state.totals[seat]) in places[0].label


def test_stoomboot_map_after_each_move_shows_the_boat_where_the_engine_has_it() -> None:
    for walk in _walks("stoomboot"):
        replay = _replay("stoomboot", walk)
        shown = 0
        for move in walk.moves:
            maps = [f for f in move.table if isinstance(f, MapFigure)]
            if not maps:
                continue
            state = replay.state_after(move.index + 1)
            if not maps[0].pawns:
                assert not state.pawns_on_map()
                continue
            boat = maps[0].pawns[0]
            assert boat.row * state.size + boat.col == state.pawn_sq[0], walk.example.id
            assert len(maps[0].pawns) == len(state.pawns_on_map())
            rows = [f for f in move.table if isinstance(f, RowFigure)]
            if rows:
                assert tuple(p.row for p in rows[0].cards) == state.names(state.row)
            tables = [f for f in move.table if isinstance(f, TableFigure)]
            if not tables:  # nobody holds a card yet
                assert not any(state.hands)
                continue
            for seat, places in enumerate(_seat_places(tables[0], middle=False, per_seat=1)):
                assert tuple(p.row for p in _cards(places[0])) == state.names(state.hands[seat])
                assert walk.names[seat] in places[0].label
            shown += 1
        assert shown, walk.example.id


def test_an_example_the_kit_does_not_show_is_one_line_naming_those_it_does() -> None:
    with pytest.raises(PnpError) as caught:
        example_walkthrough("twaalf-dagen", (), "nl", "geen-voorbeeld")
    (problem,) = caught.value.problems
    message = str(problem)
    assert "no example 'geen-voorbeeld'" in message
    for example in game_examples(_spec("twaalf-dagen"), ()):
        assert example.id in message
