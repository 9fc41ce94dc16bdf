"""The Stoomboot rulebook examples: pinned, replayed, and every claim checked.

The checks do not trust the event log the text was rendered from: they
re-push the record's actions on a fresh engine state (no log,
:class:`~pnp.story.claims.Replay`) and read that state right after the action
each sentence speaks of: the cards under the positions, the pawns, the
Stoomrij, the delivered houses and the Kalender.
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

from pnp.engine.core import GameRecord
from pnp.errors import PnpError
from pnp.games.stoomboot import example_claims
from pnp.games.stoomboot.actions import Action
from pnp.games.stoomboot.config import StoombootConfig
from pnp.games.stoomboot.engine import ENGINE
from pnp.games.stoomboot.example_claims import KalenderCount, Placed, Table
from pnp.games.stoomboot.example_finder import find_one, find_pinned
from pnp.games.stoomboot.examples import (
    KIND_DELIVERY,
    KIND_KALENDER,
    KIND_LONGER,
    KIND_PIET,
    KIND_ROCK,
    KIND_ROUND,
    KIND_SHORTER,
    KIND_TELEFOON,
    ROWS,
    Row,
    rulebook_examples,
)
from pnp.games.stoomboot.spec_config import config_from_spec
from pnp.games.stoomboot.state import StoombootState
from pnp.project import load_game
from pnp.rulebook.example import Example
from pnp.rulebook.figures import MapFigure, RowFigure
from pnp.spec.model import GameSpec
from pnp.story import ClaimChecks, Replay, check

ALL = ("pepernoot-plekken",)
SEPARATOR = " · "

Game = Replay[StoombootConfig, StoombootState, Action]
"""A pinned record replayed on fresh engine states."""


@cache
def _spec() -> GameSpec:
    return load_game("stoomboot").spec


def _pinned(example_id: str) -> Path:
    return _spec().folder / "examples" / f"{example_id}.json"


@cache
def _examples() -> dict[str, tuple[Example, Game]]:
    """Each example by kind, with its pinned game (the kit with every variant shows all)."""
    spec = _spec()
    told = {e.id: e for e in rulebook_examples(spec, tuple(spec.variants))}
    out = {}
    for row in ROWS:
        data = json.loads(_pinned(row.id).read_text(encoding="utf-8"))
        record = GameRecord.from_dict(data)
        config = config_from_spec(spec, record.variants)
        out[row.kind] = (told[row.id], Replay(ENGINE, config, record))
    return out


# ---------------------------------------------------------------------------
# Claim checks: the claim read off the engine's state after its action, without its log


def _after(game: Game, index: int) -> StoombootState:
    return game.state_after(index + 1)


def _check_placed(game: Game, claim: Placed) -> None:
    state, slot = _after(game, claim.index), claim.position - 1
    assert state.tables.names[state.slot_card[slot]] == claim.card
    assert state.slot_up[slot] == claim.face_up


def _check_kalender(game: Game, claim: KalenderCount) -> None:
    assert len(_after(game, claim.index).kalender) == claim.count


def _check_table(game: Game, claim: Table) -> None:
    state = _after(game, claim.index)
    pawns = sorted(
        (state.pawn_name(p), state.sq(sq), state.head(state.pawn_head[p]))
        for p, sq in enumerate(state.pawn_sq)
        if sq >= 0
    )
    delivered = sorted(
        state.sq(sq)
        for sq, house in enumerate(state.house_at)
        if house >= 0 and state.delivered[house]
    )
    row = tuple(state.tables.names[c] for c in state.row)
    assert (pawns, row, delivered) == (sorted(claim.pawns), claim.row, sorted(claim.delivered))


CHECKS: ClaimChecks[Game] = ClaimChecks(
    check(Placed, _check_placed),
    check(KalenderCount, _check_kalender),
    check(Table, _check_table),
)


def _holds(game: Game, claim: object) -> bool:
    try:
        CHECKS.check(game, claim)
    except AssertionError:
        return False
    return True


# ---------------------------------------------------------------------------
# Tests


def test_every_claim_type_has_a_check() -> None:
    """Each claim dataclass of the game is checked (so no claim escapes the checks)."""
    claims = {
        value
        for value in vars(example_claims).values()
        if isinstance(value, type) and dataclasses.is_dataclass(value)
    }
    assert claims and claims == CHECKS.kinds
    for row in ROWS:
        assert set(row.claims) <= CHECKS.kinds, row.id


@pytest.mark.parametrize("kind", [row.kind for row in ROWS])
def test_every_sentence_states_what_the_engine_did(kind: str) -> None:
    example, game = _examples()[kind]
    claims = [step.claim for step in example.steps]
    # Every sentence carries a claim; the last one about the state after the round.
    assert len(claims) >= 3 and isinstance(claims[-1], Table)
    assert claims[-1].index == len(game.record.actions) - 1
    assert len({c.index for c in claims if isinstance(c, Table)}) >= 2
    for claim in claims:
        assert isinstance(claim, Placed | Table | KalenderCount)
        CHECKS.check(game, claim)


@pytest.mark.parametrize("kind", [row.kind for row in ROWS])
def test_a_falsified_claim_is_caught(kind: str) -> None:
    """The check above can fail: move the boat one square, flip a placed card, or miscount
    the Kalender."""
    example, game = _examples()[kind]
    for step in example.steps:
        claim = step.claim
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
    example = _examples()[KIND_ROUND][0]
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
    assert len(maps[0].tiles) == 25


def test_the_delivery_shows_the_pakjes_the_house_wants() -> None:
    """ST-B6: the pakje cards pictured at the delivery are the ones the house wants."""
    spec = _spec()
    example = _examples()[KIND_DELIVERY][0]
    step = next(s for s in example.steps if "bezorgt" in s.text)
    kinds = sorted(spec.component(p.component).row(p.row).text("kind") for p in step.cards)
    house = next(r for r in spec.component("huizen").rows if r.text("name") in step.text)
    wants = sorted(w for w in (house.text("want1"), house.text("want2")) if w)
    assert kinds == wants


@pytest.mark.parametrize(("kind", "change"), [(KIND_LONGER, 1), (KIND_SHORTER, -1)])
def test_the_row_changes_by_one_card(kind: str, change: int) -> None:
    """ST-B5: lengthening adds one card at an end, shortening removes one."""
    example = _examples()[kind][0]
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
    example = _examples()[KIND_ROCK][0]
    assert any("rots" in s.text for s in example.steps)
    assert any("schade" in s.text for s in example.steps)
    spec = _spec()
    rock = next(row.id for row in ROWS if row.kind == KIND_ROCK)
    assert rock not in {e.id for e in rulebook_examples(spec, ())}
    assert rock in {e.id for e in rulebook_examples(spec, ALL)}


@pytest.mark.parametrize("row", [r for r in ROWS if r.variants], ids=lambda r: r.id)
def test_an_expansion_example_is_printed_only_with_its_expansion(row: Row) -> None:
    """ST-R1, ST-P1, ST-K1, ST-E2: each expansion has an example, shown only in its kits."""
    spec = _spec()
    assert row.id not in {e.id for e in rulebook_examples(spec, ())}
    assert row.id in {e.id for e in rulebook_examples(spec, row.variants)}


def test_the_expansion_examples_show_what_makes_them() -> None:
    """A Piet delivers; a Telefoon opens the talk until the next card; a Kalender card's
    event is carried out."""
    piet = _examples()[KIND_PIET][0]
    assert any(s.text.startswith("De Piet van") and "bezorgt" in s.text for s in piet.steps)
    telefoon = [s.text for s in _examples()[KIND_TELEFOON][0].steps]
    opened = next(i for i, t in enumerate(telefoon) if "vrij praten" in t)
    assert any("praten is weer voorbij" in t for t in telefoon[opened:])
    kalender = [s.text for s in _examples()[KIND_KALENDER][0].steps]
    assert any(t.startswith("De bovenste Kalenderkaart is") for t in kalender)


def test_the_source_names_the_pinned_file_seed_and_round() -> None:
    for example, game in _examples().values():
        seed, focus = (
            game.record.seed,
            json.loads(_pinned(example.id).read_text(encoding="utf-8"))["focus"],
        )
        assert example.source == (
            f"examples/{example.id}.json{SEPARATOR}seed {seed}{SEPARATOR}ronde {focus['round']}"
        )


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.id)
def test_finder_reproduces_the_pinned_file_from_its_seed(row: Row) -> None:
    """The finder, searching the pinned seed alone, writes the pinned file byte for byte."""
    text = _pinned(row.id).read_text(encoding="utf-8")
    found = find_one(_spec(), row, [json.loads(text)["seed"]])
    assert found is not None
    pinned, result = found
    assert result.score == row.ideal, "the pinned round has the ideal shape"
    assert pinned.to_json() == text


def test_finder_full_search_reproduces_every_pinned_file() -> None:
    """Same code and tables, same picks byte for byte (re-run ``pnp pin stoomboot --update``)."""
    spec = _spec()
    for path, text in find_pinned(spec):
        assert path.read_text(encoding="utf-8") == text, path.name


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
        ("missing", "missing"),
        ("not-json", "not valid JSON"),
        ("illegal", "no longer replays: action"),
        ("cut-short", "no longer replays"),
        ("wrong-focus", "round 2 is not in the record"),
        ("wrong-game", "is a game of"),
        ("wrong-variants", "wrong variants"),
    ],
)
def test_a_broken_pinned_file_names_itself(project_copy: Path, case: str, message: str) -> None:
    """A missing, corrupt or no longer replaying pinned file names the file (no traceback)."""
    folder = project_copy / "cardspecs" / "stoomboot" / "examples"
    edits: dict[str, Callable[[dict[str, object]], None]] = {
        "illegal": _illegal_place,
        "cut-short": _cut_short,
        "wrong-focus": lambda d: d.update(focus={"round": 2}),
        "wrong-game": lambda d: d.update(game="santoska"),
        "wrong-variants": lambda d: d.update(variants=["kleine-kaart"]),
    }
    if case == "missing":
        (folder / "een-hele-ronde.json").unlink()
    elif case == "not-json":
        (folder / "een-hele-ronde.json").write_text("{ niet af", encoding="utf-8")
    else:
        _tamper(folder, edits[case])
    with pytest.raises(PnpError) as caught:
        rulebook_examples(load_game("stoomboot").spec, ())
    text = str(caught.value)
    assert re.match(r"cardspecs/stoomboot/examples/een-hele-ronde\.json(:\d+)?: ", text), text
    assert message in text
    assert "Traceback" not in text and str(project_copy) not in text
