"""The Stoomboot rulebook examples: what only this game's examples must show.

The contract every game's examples keep (each record replays legally, every
sentence's claim holds on fresh engine states, a missing, corrupt or foreign
pinned file is one located error) is ``test_example_contract``. Every sentence is
told from one engine event and claims that its action caused it
(:class:`~pnp.story.told.Happened`), with the facts it states beyond the event; the
story's :class:`~pnp.story.told.EventChecks` replay the record to confirm both. Here:
the sentences say what their events and facts say, the table the examples follow from
the log is the engine's after every action of the round, the game's own checks catch
a falsified claim (another event, another action, any fact with another value), each
rule the examples cite shows in their sentences and figures, the search reproduces the
pinned files and a record that no longer tells its round names itself.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.catalog.registry import games
from pnp.example_model import Example
from pnp.example_model.figures import MapFigure, RowFigure
from pnp.games.stoomboot.kit.spec_config import config_from_spec
from pnp.games.stoomboot.rules import events as ev
from pnp.games.stoomboot.rules.actions import Action
from pnp.games.stoomboot.rules.cards import NO_CARD
from pnp.games.stoomboot.rules.config import StoombootConfig
from pnp.games.stoomboot.rules.phases import CHOICE_STOOM
from pnp.games.stoomboot.rules.state import StoombootState
from pnp.games.stoomboot.story.examples import (
    KIND_DELIVERY,
    KIND_KALENDER,
    KIND_LONGER,
    KIND_PIET,
    KIND_ROCK,
    KIND_ROUND,
    KIND_SHORTER,
    KIND_TELEFOON,
    ROWS,
    STORY,
    Row,
)
from pnp.games.stoomboot.story.steps import delivered, fitting_sides, pawns, row_full, stoomrij
from pnp.games.stoomboot.story.trace import Round
from pnp.kit.examples import game_examples
from pnp.spec.model import GameSpec
from pnp.story import Replay, load_phrases
from pnp.story.pinned import pinned_path
from pnp.story.rulesets import rule_set_key
from pnp.story.search import RowUnder, story_search
from pnp.story.told import Happened
from tests.engine.registered import claim_of, fact, random_action

ALL = ("pepernoot-plekken",)
KIND_IDS = [row.id for row in ROWS]
SEPARATOR = " · "
SEARCH = story_search(STORY)
Game = Replay[StoombootConfig, StoombootState, Action]
"""A pinned record replayed on fresh engine states."""


@cache
def _spec() -> GameSpec:
    return load_game("stoomboot").spec


SMALL_MAP = "kleine-kaart"


def _pinned(example: Example) -> Path:
    """The pinned file an example was told from (its source's first part)."""
    return _spec().folder / example.source.split(SEPARATOR)[0]


def _own(row: Row) -> Path:
    """The record of ``row`` pinned under its own variants."""
    return pinned_path(_spec(), row.id, tuple(sorted(row.variants)))


@cache
def _told() -> dict[tuple[str, bool], tuple[Example, Game, Round]]:
    """Each example by id and map (small or not), with its pinned game replayed under the
    kit's rules and the round it tells: each row in the kit of its own variants, on the big
    map and on the small one."""
    spec = _spec()
    phrases = load_phrases(spec)
    out = {}
    for small in (False, True):
        for row in ROWS:
            kit = (*row.variants, SMALL_MAP) if small else row.variants
            rules = STORY.rule_set(spec, kit)
            found = STORY.found_under(spec, phrases, row, rules)
            assert found is not None, (row.id, kit)
            pinned, segment, example = found
            told = Round.of(segment)
            assert told is not None
            game = Replay(STORY.engine, config_from_spec(spec, rules), pinned.record)
            out[example.id, small] = (example, game, told)
    return out


@cache
def _examples() -> dict[tuple[str, bool], tuple[Example, Game]]:
    """Each example by id and map (small or not), with its pinned game."""
    return {key: (example, game) for key, (example, game, _round) in _told().items()}


def _of_kind(kind: str) -> list[tuple[Example, Game]]:
    """The examples of ``kind``: one on each map."""
    found = [_examples()[row.id, small] for row in ROWS if row.kind == kind for small in (0, 1)]
    assert len(found) == 2
    return found


def _holds(game: Game, claim: object) -> bool:
    """Whether the story's own checks accept ``claim``."""
    assert STORY.checks is not None
    try:
        STORY.checks.check(game, claim)
    except AssertionError:
        return False
    return True


# ---------------------------------------------------------------------------
# Tests


@pytest.mark.parametrize("kind", KIND_IDS)
def test_every_example_ends_with_the_map_after_its_round(kind: str) -> None:
    """Every sentence claims an event its action caused, at two moments at least; the last
    is the round's end at the record's last action, and its map draws the pawns and the
    delivered houses its facts state of the table right after it."""
    for small in (False, True):
        example, game = _examples()[kind, small]
        claims = [claim_of(step) for step in example.steps]
        last = claims[-1]
        assert len(claims) >= 3 and isinstance(last.event, ev.RoundEnded) and last.key == "sailed"
        assert last.at == len(game.record.actions) - 1
        assert len({c.at for c in claims}) >= 2
        assert all(f.after for f in last.facts)
        state = game.state_after(last.at + 1)
        assert fact(last, "pawns") == pawns(state) and fact(last, "delivered") == delivered(state)
        (drawn,) = example.steps[-1].figures
        assert isinstance(drawn, MapFigure)
        size = game.config.map_size
        on_map = [(state.pawn_sq[p], state.head(state.pawn_head[p])) for p in state.pawns_on_map()]
        assert [(p.col, p.row, p.heading) for p in drawn.pawns] == [
            (square % size, square // size, heading) for square, heading in on_map
        ]
        turned = {t.row * size + t.col for t in drawn.tiles if t.back}
        assert {state.sq(sq) for sq in turned} == set(fact(last, "delivered"))


@pytest.mark.parametrize("kind", KIND_IDS)
def test_the_table_followed_from_the_log_is_the_engines_after_every_action(kind: str) -> None:
    """What the examples draw follows the event log (the pawns, the Stoomrij, the houses
    delivered): after every action of the round it is the engine's own table."""
    for small in (False, True):
        _example, game, told = _told()[kind, small]
        for moment in told.moments:
            seen, state = told.after(moment), game.state_after(moment.index + 1)
            assert seen.pawns == pawns(state), moment.index
            assert seen.row == stoomrij(state), moment.index
            assert sorted(seen.delivered) == sorted(delivered(state)), moment.index


def _wrong(value: object) -> object:
    """Another value of the same kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    assert isinstance(value, tuple), value
    return (*value, value[-1]) if value else ("a1",)


def falsified(claim: Happened, actions: int) -> list[Happened]:
    """The same claim with each field of its event wrong, one action earlier and later (of
    the record's ``actions``), and with each fact's value wrong."""
    event: Any = claim.event
    wrong = [
        dataclasses.replace(claim, event=dataclasses.replace(event, **{f.name: _wrong(value)}))
        for f in dataclasses.fields(event)
        if (value := getattr(event, f.name)) is not None
    ]
    wrong += [
        dataclasses.replace(claim, at=at) for at in (claim.at - 1, claim.at + 1) if at < actions
    ]
    for f in claim.facts:
        facts = tuple(
            dataclasses.replace(g, value=_wrong(g.value)) if g is f else g for g in claim.facts
        )
        wrong.append(dataclasses.replace(claim, facts=facts))
    return wrong


@pytest.mark.parametrize("kind", KIND_IDS)
def test_a_falsified_claim_is_caught(kind: str) -> None:
    """The story's checks, which accept every claim told, can fail: any field of the event
    wrong, another action, any fact with another value; and as before the boat one square
    off, a placed card flipped, the Kalender miscounted."""
    example, game = _examples()[kind, False]
    for step in example.steps:
        claim = claim_of(step)
        assert _holds(game, claim), claim
        for bad in falsified(claim, len(game.record.actions)):
            assert not _holds(game, bad), bad
        if claim.key == "sailed":
            (pawn, square, heading), *rest = fact(claim, "pawns")
            moved = ((pawn, "a1" if square != "a1" else "b1", heading), *rest)
            facts = tuple(
                dataclasses.replace(f, value=moved) if f.name == "pawns" else f for f in claim.facts
            )
            assert not _holds(game, dataclasses.replace(claim, facts=facts))
        event: Any = claim.event
        if isinstance(event, ev.CardPlaced):
            flipped = dataclasses.replace(event, face_up=not event.face_up)
            assert not _holds(game, dataclasses.replace(claim, event=flipped))
        if isinstance(event, ev.KalenderChosen | ev.KalenderFilled):
            miscounted = dataclasses.replace(event, count=event.count + 1)
            assert not _holds(game, dataclasses.replace(claim, event=miscounted))


@pytest.mark.parametrize("kind", KIND_IDS)
def test_every_sentence_says_what_its_event_and_facts_say(kind: str) -> None:
    """The Sint a sentence names is the Sint then; a pawn sails the way its first square
    lies and reaches the house on its last; a card laid open lies under an eye; a Stoomrij
    made shorter fits nowhere exactly when the sentence says so; a longer one gives the
    next round the positions the sentence counts."""
    phrases = load_phrases(_spec())
    for small in (False, True):
        example, _game = _examples()[kind, small]
        for step in example.steps:
            claim, text = claim_of(step), step.text
            names = {f.name for f in claim.facts}
            if "sint" in names:
                assert phrases.names[fact(claim, "sint")] in text, text
            event: Any = claim.event
            if isinstance(event, ev.PawnMoved):
                assert phrases.say(f"heading_{fact(claim, 'way')}") in text
                house = fact(claim, "house_on")
                houses = _spec().component("huizen")
                assert (" op het huis in " in text) == bool(house), text
                if house:
                    assert houses.row(house).text("name") in text
            if claim.key == "placed_open":
                assert fact(claim, "open_position") is True
            if claim.key == "shorter":
                forced = fact(claim, "fitting_sides") == ()  # the rules leave no choice
                assert ("past nergens" in text) == (forced and not fact(claim, "row_full"))
                assert ("meer mogen er niet in" in text) == (forced and fact(claim, "row_full"))
                assert ("kiest ervoor" in text) == (not forced)
            if claim.key == "longer":
                count = phrases.count("positie", fact(claim, "positions"))
                assert f"volgende ronde {count}" in text
            if isinstance(event, ev.Delivered | ev.HeadingChosen | ev.DeliveryDeclined):
                assert phrases.names[event.seat] in text


def test_the_whole_round_places_then_sails_and_draws_row_and_map() -> None:
    """ST-B3/ST-B4: every placing sentence comes before the first reveal and claims the card
    its action placed (from the placer's hand, under an empty position, open only under an
    eye), which lies there after it unless the last one set the boat sailing; the Stoomrij
    after the placing and the map with the boat's path are drawn."""
    for example, game in _of_kind(KIND_ROUND):
        texts = [step.text for step in example.steps]
        placed = [i for i, t in enumerate(texts) if " legt " in t and "onder positie" in t]
        revealed = [i for i, t in enumerate(texts) if "draait de kaart onder positie" in t]
        assert placed and revealed and max(placed) < min(revealed)
        for i in placed:
            claim = claim_of(example.steps[i])
            event = claim.event
            assert isinstance(event, ev.CardPlaced)
            up = " up" if event.face_up else ""
            assert game.action(claim.at) == f"place {event.card} {event.position}{up}"
            before, after = game.state_after(claim.at), game.state_after(claim.at + 1)
            slot, names = event.position - 1, before.tables.names
            assert before.slot_card[slot] == NO_CARD and before.to_move == event.seat
            assert event.card in before.names(before.hands[event.seat])
            assert before.slot_open[slot] or not event.face_up
            if slot < len(after.slot_card) and after.slot_card[slot] != NO_CARD:
                assert names[after.slot_card[slot]] == event.card
                assert after.slot_up[slot] == event.face_up
            else:  # the last empty position: the boat sailed within the same action (ST-B4)
                assert all(c != NO_CARD for k, c in enumerate(before.slot_card) if k != slot)
        figures = [f for step in example.steps for f in step.figures]
        rows = [f for f in figures if isinstance(f, RowFigure) and any(f.slots)]
        maps = [f for f in figures if isinstance(f, MapFigure)]
        assert rows and len(rows[0].slots) == 2 * len(rows[0].cards) - 1
        assert maps and len(maps[0].path) >= 3, "the boat sailed at least two squares"
        assert len(maps[0].tiles) == game.config.map_size**2


def test_the_delivery_shows_the_pakjes_the_house_wants() -> None:
    """ST-B6: the pakje cards pictured at the delivery are the ones the house wants."""
    spec = _spec()
    for example, _game in _of_kind(KIND_DELIVERY):
        step = next(s for s in example.steps if "bezorgt" in s.text)
        kinds = sorted(spec.component(p.component).row(p.row).text("kind") for p in step.cards)
        house = next(r for r in spec.component("huizen").rows if r.text("name") in step.text)
        wants = sorted(w for w in (house.text("want1"), house.text("want2")) if w)
        assert kinds == wants


@pytest.mark.parametrize(("kind", "change"), [(KIND_LONGER, 1), (KIND_SHORTER, -1)])
def test_the_row_changes_by_one_card(kind: str, change: int) -> None:
    """ST-B5: lengthening adds one card at an end, shortening removes one."""
    for example, _game in _of_kind(kind):
        rows = [
            f
            for s in example.steps
            for f in s.figures
            if isinstance(f, RowFigure) and ("langer" in s.text or "korter" in s.text)
        ]
        before = next(f for s in example.steps for f in s.figures if isinstance(f, RowFigure))
        assert rows
        sizes = [len(before.cards), *(len(f.cards) for f in rows)]
        assert change in [b - a for a, b in itertools.pairwise(sizes)]


def test_the_rock_example_only_with_pepernoot_plekken() -> None:
    """ST-E2: a rock does damage; the example appears only in kits with the expansion."""
    for example, _game in _of_kind(KIND_ROCK):
        assert any("rots" in s.text for s in example.steps)
        assert any("schade" in s.text for s in example.steps)
    spec = _spec()
    rock = next(row.id for row in ROWS if row.kind == KIND_ROCK)
    assert rock not in {e.id for e in game_examples(spec, ())}
    assert rock in {e.id for e in game_examples(spec, ALL)}


@pytest.mark.parametrize("row", [r for r in ROWS if r.variants], ids=lambda r: r.id)
def test_an_expansion_example_is_printed_only_with_its_expansion(row: Row) -> None:
    """ST-R1, ST-P1, ST-K1, ST-E2: each expansion has an example, shown only in its kits."""
    spec = _spec()
    assert row.id not in {e.id for e in game_examples(spec, ())}
    assert row.id in {e.id for e in game_examples(spec, row.variants)}


def test_the_expansion_examples_show_what_makes_them() -> None:
    """A Piet delivers; a Telefoon opens the talk until the next card; a Kalender card's
    event is carried out."""
    for piet, _game in _of_kind(KIND_PIET):
        assert any(s.text.startswith("De Piet van") and "bezorgt" in s.text for s in piet.steps)
    for example, _game in _of_kind(KIND_TELEFOON):
        telefoon = [s.text for s in example.steps]
        opened = next(i for i, t in enumerate(telefoon) if "vrij praten" in t)
        assert any("praten is weer voorbij" in t for t in telefoon[opened:])
    for example, _game in _of_kind(KIND_KALENDER):
        kalender = [s.text for s in example.steps]
        assert any(t.startswith("De bovenste Kalenderkaart is") for t in kalender)


def test_the_source_names_the_pinned_file_seed_and_round() -> None:
    for example, game in _examples().values():
        data = json.loads(_pinned(example).read_text(encoding="utf-8"))
        key = rule_set_key(tuple(data["variants"]))
        assert example.source == (
            f"examples/{key}/{example.id}.json{SEPARATOR}seed {game.record.seed}"
            f"{SEPARATOR}ronde {data['focus']['round']}"
        )


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.id)
def test_finder_reproduces_the_pinned_file_from_its_seed(row: Row) -> None:
    """The finder, searching the pinned seed alone, writes the pinned file byte for byte."""
    text = _own(row).read_text(encoding="utf-8")
    found = SEARCH.find_one(
        _spec(), RowUnder(row, tuple(sorted(row.variants))), [json.loads(text)["seed"]]
    )
    assert found is not None
    pinned, result = found
    assert result.score == row.ideal, "the pinned round has the ideal shape"
    assert pinned.to_json() == text


def _tamper(folder: Path, edit: Callable[[dict[str, object]], None]) -> None:
    path = folder / "een-hele-ronde.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _illegal_place(data: dict[str, object]) -> None:
    actions = data["actions"]
    assert isinstance(actions, list) and actions[-3] == "place vooruit 2"
    actions[-3] = "place vooruit 1"  # position 1 is taken already


def _cut_short(data: dict[str, object]) -> None:
    actions = data["actions"]
    assert isinstance(actions, list)
    del actions[-1]


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("illegal", "no longer replays: action"),
        ("cut-short", "no longer replays"),
        ("wrong-focus", "round 2 is not in the record"),
        ("wrong-variants", "wrong variants"),
    ],
)
def test_a_broken_pinned_file_names_itself(project_copy: Path, case: str, message: str) -> None:
    """A pinned file that no longer replays, tells another round or has other variants
    names the file (no traceback)."""
    folder = project_copy / "cardspecs" / "stoomboot" / "examples" / "basis"
    edits: dict[str, Callable[[dict[str, object]], None]] = {
        "illegal": _illegal_place,
        "cut-short": _cut_short,
        "wrong-focus": lambda d: d.update(focus={"round": 2}),
        "wrong-variants": lambda d: d.update(variants=["kleine-kaart"]),
    }
    _tamper(folder, edits[case])
    with pytest.raises(PnpError) as caught:
        game_examples(load_game("stoomboot").spec, ())
    text = str(caught.value)
    assert re.match(r"cardspecs/stoomboot/examples/basis/een-hele-ronde\.json(:\d+)?: ", text), text
    assert message in text
    assert "Traceback" not in text and str(project_copy) not in text


def test_the_sentence_of_a_shortening_follows_the_choices_the_rules_leave() -> None:
    """ST-B5/ST-B9: at every Sint's choice for a revealed Stoomboot card in seeded games, the
    story's facts say "chosen" exactly when the rules offer to attach it, "full" when the
    Stoomrij holds the most cards it may, and "fits nowhere" otherwise."""
    game = games()["stoomboot"]
    kit = game.engine
    seen = {"chosen": 0, "full": 0, "nowhere": 0}
    for seed in range(40):
        variants = ("prachtige-pakjes",) if seed % 2 else ()
        state = kit.engine.new_state(kit.standard_config(variants), 3)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() >= 0 and state.choice == CHOICE_STOOM:
                card = state.tables.names[state.slot_card[state.cursor - 1]]
                attach = any(o.startswith("langer") for o in state.options)
                assert bool(fitting_sides(state, card)) == attach
                case = "chosen" if attach else "full" if row_full(state) else "nowhere"
                seen[case] += 1
            state.push(random_action(kit.engine, state, rng))
    assert seen["chosen"] and seen["full"] and seen["nowhere"], seen
