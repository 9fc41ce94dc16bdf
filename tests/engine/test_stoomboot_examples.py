"""The Stoomboot rulebook examples: pinned, replayed, and every claim checked.

The checks do not trust the event log the text was rendered from: they
re-push the record's actions on a fresh engine state (no log) and read that
state right after the action each sentence speaks of: the cards under the
positions, the pawns, the Stoomrij, the delivered houses and the Kalender.
"""

from __future__ import annotations

import dataclasses
import itertools
from functools import cache

import pytest

from pnp.errors import PnpError
from pnp.games.stoomboot.engine import ENGINE
from pnp.games.stoomboot.example_cases import (
    KIND_DELIVERY,
    KIND_KALENDER,
    KIND_LONGER,
    KIND_PIET,
    KIND_ROCK,
    KIND_ROUND,
    KIND_SHORTER,
    KIND_TELEFOON,
    PINNED_CASES,
)
from pnp.games.stoomboot.example_claims import Claim, KalenderCount, Placed, Table
from pnp.games.stoomboot.example_finder import find_pinned
from pnp.games.stoomboot.example_trace import load_pinned
from pnp.games.stoomboot.examples import render_example, rulebook_examples
from pnp.games.stoomboot.spec_config import config_from_spec
from pnp.games.stoomboot.state import StoombootState
from pnp.project import load_game
from pnp.rulebook.example import Example
from pnp.rulebook.figures import MapFigure, RowFigure
from pnp.spec.model import GameSpec
from pnp.story.pinned import PinnedCase, pinned_path

ALL = ("pepernoot-plekken",)


@cache
def _spec() -> GameSpec:
    return load_game("stoomboot").spec


@cache
def _examples() -> dict[str, tuple[Example, tuple[object, ...], tuple[str, ...], int]]:
    """Each example with its record's actions, variants and players."""
    spec = _spec()
    out = {}
    for case in PINNED_CASES:
        pinned, trace = load_pinned(spec, case)
        actions = tuple(ENGINE.decode_action(a) for a in pinned.record.actions)
        out[case.kind] = (
            render_example(spec, pinned, trace),
            actions,
            pinned.record.variants,
            pinned.record.num_players,
        )
    return out


def _state_after(kind: str, index: int) -> StoombootState:
    _, actions, variants, players = _examples()[kind]
    state = StoombootState(config_from_spec(_spec(), variants), players, None)
    for action in actions[: index + 1]:
        state.push(action)  # type: ignore[arg-type]
    return state


def _holds(state: StoombootState, claim: Claim) -> bool:
    """The claim read off the engine's state, without its event log."""
    names = state.tables.names
    if isinstance(claim, Placed):
        slot = claim.position - 1
        return names[state.slot_card[slot]] == claim.card and state.slot_up[slot] == claim.face_up
    if isinstance(claim, KalenderCount):
        return len(state.kalender) == claim.count
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
    row = tuple(names[c] for c in state.row)
    return (pawns, row, delivered) == (sorted(claim.pawns), claim.row, sorted(claim.delivered))


@pytest.mark.parametrize("kind", [c.kind for c in PINNED_CASES])
def test_every_sentence_states_what_the_engine_did(kind: str) -> None:
    example = _examples()[kind][0]
    claims = [step.claim for step in example.steps if step.claim is not None]
    # The last sentence told about each action carries the claim about the state after it.
    assert len(claims) >= 3 and example.steps[-1].claim is not None
    assert len({c.index for c in claims if isinstance(c, Table)}) >= 2
    for claim in claims:
        assert isinstance(claim, Placed | Table | KalenderCount)
        assert _holds(_state_after(kind, claim.index), claim), claim


@pytest.mark.parametrize("kind", [c.kind for c in PINNED_CASES])
def test_a_falsified_claim_is_caught(kind: str) -> None:
    """The check above can fail: move the boat one square, or flip a placed card."""
    example = _examples()[kind][0]
    for step in example.steps:
        claim = step.claim
        if isinstance(claim, Table):
            (pawn, square, heading), *rest = claim.pawns
            wrong = "a1" if square != "a1" else "b1"
            bad = dataclasses.replace(claim, pawns=((pawn, wrong, heading), *rest))
            assert not _holds(_state_after(kind, bad.index), bad)
        elif isinstance(claim, Placed):
            bad_up = dataclasses.replace(claim, face_up=not claim.face_up)
            assert not _holds(_state_after(kind, claim.index), bad_up)


def test_the_whole_round_places_then_sails_and_draws_row_and_map() -> None:
    """ST-B3/ST-B4: every placing sentence comes before the first reveal; the Stoomrij after
    the placing and the map with the boat's path are drawn."""
    example = _examples()[KIND_ROUND][0]
    texts = [step.text for step in example.steps]
    placed = [i for i, t in enumerate(texts) if " legt " in t and "onder positie" in t]
    revealed = [i for i, t in enumerate(texts) if "draait de kaart onder positie" in t]
    assert placed and revealed and max(placed) < min(revealed)
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
    rock = next(c.id for c in PINNED_CASES if c.kind == KIND_ROCK)
    assert rock not in {e.id for e in rulebook_examples(spec, ())}
    assert rock in {e.id for e in rulebook_examples(spec, ALL)}


@pytest.mark.parametrize("case", [c for c in PINNED_CASES if c.variants], ids=lambda c: c.id)
def test_an_expansion_example_is_printed_only_with_its_expansion(case: PinnedCase) -> None:
    """ST-R1, ST-P1, ST-K1, ST-E2: each expansion has an example, shown only in its kits."""
    spec = _spec()
    assert case.id not in {e.id for e in rulebook_examples(spec, ())}
    assert case.id in {e.id for e in rulebook_examples(spec, case.variants)}


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


def test_pinned_files_are_what_a_fresh_search_finds() -> None:
    """Same code and tables, same picks byte for byte (re-run the finder with --update)."""
    spec = _spec()
    for path, text in find_pinned(spec):
        assert path.read_text(encoding="utf-8") == text, path.name


def test_a_broken_pinned_file_names_itself() -> None:
    spec = _spec()
    path = pinned_path(spec, PINNED_CASES[0].id)
    assert path.is_file()
    broken = dataclasses.replace(PINNED_CASES[0], id="no-such-example")
    with pytest.raises(PnpError) as caught:
        load_pinned(spec, broken)
    assert "no-such-example.json" in str(caught.value.problems[0])
