"""The Stoomboot rulebook examples: what only this game's examples must show.

The contract every game's examples keep (each record replays legally, every
sentence's claim holds on fresh engine states, a missing, corrupt or foreign
pinned file is one located error) is ``test_example_contract``; here the
game's own checks must catch a falsified claim, each rule the examples cite
shows in their sentences and figures, the search reproduces the pinned files
and a record that no longer tells its round names itself.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.engine.core import GameRecord
from pnp.example_model import Example
from pnp.example_model.figures import MapFigure, RowFigure
from pnp.games.stoomboot.kit.spec_config import config_from_spec
from pnp.games.stoomboot.story.checks import Game
from pnp.games.stoomboot.story.claims import KalenderCount, Placed, Table
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
from pnp.kit.examples import game_examples
from pnp.spec.model import GameSpec
from pnp.story import Replay
from pnp.story.pinned import pinned_path
from pnp.story.rulesets import rule_set_key
from pnp.story.search import RowUnder, story_search

ALL = ("pepernoot-plekken",)
KIND_IDS = [row.id for row in ROWS]
SEPARATOR = " · "
SEARCH = story_search(STORY)


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
def _examples() -> dict[tuple[str, bool], tuple[Example, Game]]:
    """Each example by id and map (small or not), with its pinned game replayed under the
    kit's rules: each row in the kit of its own variants, on the big map and on the small
    one."""
    spec = _spec()
    out = {}
    for small in (False, True):
        for row in ROWS:
            kit = (*row.variants, SMALL_MAP) if small else row.variants
            config = config_from_spec(spec, STORY.rule_set(spec, kit))
            example = next(e for e in game_examples(spec, kit) if e.id == row.id)
            data = json.loads(_pinned(example).read_text(encoding="utf-8"))
            record = GameRecord.from_dict(data)
            out[example.id, small] = (example, Replay(STORY.engine, config, record))
    return out


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
def test_every_example_ends_with_the_table_after_its_round(kind: str) -> None:
    """Sentences claim placings, the Kalender or the table, at two moments at least; the
    last one the table after the round's last action (the checks run in the contract)."""
    example, game = _examples()[kind, False]
    claims = [step.claim for step in example.steps]
    assert len(claims) >= 3 and isinstance(claims[-1], Table)
    assert claims[-1].index == len(game.record.actions) - 1
    assert len({c.index for c in claims if isinstance(c, Table)}) >= 2
    assert all(isinstance(claim, Placed | Table | KalenderCount) for claim in claims)


@pytest.mark.parametrize("kind", KIND_IDS)
def test_a_falsified_claim_is_caught(kind: str) -> None:
    """The story's checks, which accept every claim told, can fail: move the boat one
    square, flip a placed card, or miscount the Kalender."""
    example, game = _examples()[kind, False]
    for step in example.steps:
        claim = step.claim
        assert _holds(game, claim), claim
        if isinstance(claim, Table):
            (pawn, square, heading), *rest = claim.pawns
            wrong = "a1" if square != "a1" else "b1"
            bad: object = dataclasses.replace(claim, pawns=((pawn, wrong, heading), *rest))
        elif isinstance(claim, Placed):
            bad = dataclasses.replace(claim, face_up=not claim.face_up)
        else:
            assert isinstance(claim, KalenderCount)
            bad = dataclasses.replace(claim, count=claim.count + 1)
        assert not _holds(game, bad), bad


def test_the_whole_round_places_then_sails_and_draws_row_and_map() -> None:
    """ST-B3/ST-B4: every placing sentence comes before the first reveal; the Stoomrij after
    the placing and the map with the boat's path are drawn."""
    for example, game in _of_kind(KIND_ROUND):
        texts = [step.text for step in example.steps]
        placed = [i for i, t in enumerate(texts) if " legt " in t and "onder positie" in t]
        revealed = [i for i, t in enumerate(texts) if "draait de kaart onder positie" in t]
        assert placed and revealed and max(placed) < min(revealed)
        assert all(isinstance(example.steps[i].claim, Placed) for i in placed)
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
