"""The stoomboot engine as a whole: card conservation under random play (hypothesis), notation,
player views, policies, registry and simulation. Undo, replay, illegal records, golden files,
determinism and an event-free log-off run are the engine contract
(``test_engine_contract.py``)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.catalog.registry import game, games
from pnp.engine import CHANCE, TERMINAL, EventLog, RandomPolicy, play
from pnp.engine.notation import event_line
from pnp.engine.simulate import simulate
from pnp.games.stoomboot.game import GAME
from pnp.games.stoomboot.policies.bots import HeuristicPolicy
from pnp.games.stoomboot.rules.actions import (
    ChooseSint,
    LayMap,
    PlaceBoat,
    Shuffle,
    action_table,
    format_action,
)
from pnp.games.stoomboot.rules.cards import NO_CARD
from pnp.games.stoomboot.rules.config import VARIANTS, config_for_variants, standard_config
from pnp.games.stoomboot.rules.engine import ENGINE
from pnp.games.stoomboot.rules.events import CardPlaced, RoundStarted
from pnp.games.stoomboot.rules.state import StoombootState
from tests.engine.test_stoomboot_rules import EMPTY_MAP, position

VARIANT_SETS = [(), *((v,) for v in VARIANTS), VARIANTS]


def heuristics(players: int) -> list[Any]:
    """One cooperative heuristic per seat."""
    return [HeuristicPolicy() for _ in range(players)]


def _step(state: StoombootState, rng: random.Random) -> None:
    if state.current_player() == CHANCE:
        state.push(ENGINE.sample_chance(state, rng))
    else:
        moves = state.legal_actions()
        state.push(moves[rng.randrange(len(moves))])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    variants=st.sampled_from(VARIANT_SETS),
)
def test_random_play_conserves_every_card_and_terminates(
    seed: int, players: int, variants: tuple[str, ...]
) -> None:
    """Invariants under random play: every hand-deck card is in exactly one place (hands,
    piles, discards, Stoomrij, table, Kalender, delivered); moves are distinct and parse;
    the Stoomrij never exceeds its maximum; the game ends within the Kalender's rounds."""
    state = ENGINE.new_state(config_for_variants(variants), players)
    deck = Counter(state.deck_counts())
    acts = action_table(state.config)
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.is_terminal():
            break
        if state.row:
            assert Counter(state.all_cards()) == deck
        assert len(state.row) <= state.config.max_row
        if state.current_player() >= 0:
            moves = state.legal_actions()
            assert moves and len(set(moves)) == len(moves)
            for move in moves:
                acts.parse(move)
        _step(state, rng)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == ()
    assert state.round <= state.config.calendar_limit
    assert Counter(state.all_cards()) == deck
    assert state.winners in ((), tuple(range(players)))


def test_event_log_marks_automatic_events_and_serialises() -> None:
    """Rule-made events are automatic, choices and chance are not; every event is JSON-ready
    and has a notation line: its type (marked ``* `` when automatic) and its rules."""
    log = EventLog()
    config = config_for_variants(VARIANTS)
    for seed in range(3):
        play(ENGINE, config, heuristics(4), seed, log=log)
    kinds = {e.event_type: e.automatic for e in log}
    for name in ("GameStarted", "RoundStarted", "PawnMoved", "RoundEnded", "GameEnded"):
        assert kinds[name], name
    for name in ("CardPlaced", "CardDrawn", "MapLaid", "SintChosen", "CardRevealed"):
        assert not kinds[name], name
    for event in log:
        data = event.to_dict()
        assert data["type"] == event.event_type
        json.dumps(data)
        line = event_line(event)
        assert line.removeprefix("* ").split()[0] == event.event_type
        assert line.startswith("* ") == event.automatic
        assert line.endswith(f"[{', '.join(event.rule_ids)}]")


def test_every_move_and_chance_outcome_round_trips_through_json() -> None:
    """Moves are their own notation; chance outcomes encode to JSON and back; every kind of
    action and chance outcome shows up over a few games with every variant."""
    seen: set[str] = set()
    config = config_for_variants(VARIANTS)
    for seed in range(12):
        state = ENGINE.new_state(config, 2 + seed % 5)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                action = ENGINE.sample_chance(state, rng)
                seen.add(type(action).__name__)
            else:
                moves = state.legal_actions()
                action = moves[rng.randrange(len(moves))]
                seen.add(action.split()[0])
            data = json.loads(json.dumps(ENGINE.encode_action(action)))
            assert ENGINE.decode_action(data) == action
            assert format_action(action)
            state.push(action)
    assert {"ChooseSint", "LayMap", "PlaceBoat", "Shuffle"} <= seen
    assert {"draw", "place", "boot", "piet", "bezorg", "niet"} <= seen
    for bad in ({"sint": "x"}, {"map": 3}, {"boat": 1}, {"shuffle": "varen"}, 5):
        with pytest.raises(ValueError):
            ENGINE.decode_action(bad)  # type: ignore[arg-type]
    state = ENGINE.new_state(config, 2)
    with pytest.raises(ValueError):
        state.push("fly away")


def test_chance_is_recorded_in_the_record() -> None:
    """Chance is an actor: Sint, map, boat and every shuffle are actions of the record."""
    result = play(ENGINE, standard_config(), [RandomPolicy()] * 2, 8)
    history = result.state.history
    assert isinstance(history[0], ChooseSint) and isinstance(history[1], LayMap)
    assert isinstance(history[2], PlaceBoat) and isinstance(history[3], Shuffle)
    assert "draw varen" in history or "draw pakje" in history


# --- views and policies ---------------------------------------------------------------------


def test_view_hides_other_hands_face_down_cards_and_the_piles() -> None:
    """A view shows the own hand, own face-down cards, face-up cards and public facts only:
    others' hands and face-down cards are hidden, the piles only by their size."""
    state, _ = position(
        EMPTY_MAP,
        "c3",
        ["s01", "s02"],
        [["vooruit", "p-boek"], ["achteruit", "p-letter"], ["stuurboord"]],
    )
    do_place = [a for a in state.legal_actions() if a == "place vooruit 2"]
    state.push(do_place[0])
    state.push("place p-letter 1 up")
    view = ENGINE.player_view(state, 2)
    public = {name for name in dir(view) if not name.startswith("_")}
    assert not {"hands", "piles", "state", "slot_card", "kal_pile"} & public
    code = state.tables.code
    assert view.hand == (code("stuurboord"),)
    assert view.hand_of(0) is None and view.hand_of(1) is None
    assert view.slot(1) is None and view.slot(0) == code("p-letter")
    assert view.slot(2) == NO_CARD
    assert ENGINE.player_view(state, 0).slot(1) == code("vooruit")
    assert view.pile_size(0) == len(state.piles[0]) and view.hand_size(0) == 1


def _twin_states(rng: random.Random) -> list[StoombootState]:
    """Positions that look the same to seat 0 but differ in other hands and the piles."""
    states = []
    config = standard_config()
    for _ in range(3):
        pool = ["vooruit", "achteruit", "bakboord", "stuurboord", "p-boek", "p-letter", "s09"]
        other = [rng.choice(pool) for _ in range(4)]
        state = ENGINE.new_state(config, 2)
        rows = [". . . . .", ". huis-boek . . .", ". . . . .", ". . . huis-letter .", ". . . . ."]
        state.set_position(
            [t if t != "." else "water" for r in rows for t in r.split()],
            "c3",
            ["s02", "s06"],
            [["vooruit", "bakboord", "p-boek", "stuurboord", "p-letter"], other],
        )
        states.append(state)
    return states


def test_heuristic_ignores_hidden_cards() -> None:
    """The heuristic works from its view only: changing the other hand and the hidden piles
    never changes its placing and sailing choices."""
    rng = random.Random(5)
    for _ in range(10):
        choices = set()
        for state in _twin_states(rng):
            policy = HeuristicPolicy()
            view = ENGINE.player_view(state, 0)
            first = policy.choose(view, state.legal_actions(), rng)
            choices.add(first)
        assert len(choices) == 1


def test_heuristic_beats_random_play() -> None:
    """The cooperative heuristic delivers far more houses than random play (4 players)."""
    config = standard_config()
    heuristic = simulate(
        game("stoomboot").engine, config, 4, 40, seed=3, policies=("heuristic",) * 4
    )
    randomly = simulate(game("stoomboot").engine, config, 4, 40, seed=3)
    assert (
        heuristic.metrics["houses_delivered"].mean > randomly.metrics["houses_delivered"].mean + 2
    )
    assert heuristic.metrics["won"].mean > randomly.metrics["won"].mean


# --- registry, simulation, golden files -----------------------------------------------------------


def test_registry_lists_stoomboot_with_policies_and_golden_cases() -> None:
    """The engine is discovered; random, heuristic (alias cooperative) policies; golden cases
    for the base game and the variant sets."""
    entry = game("stoomboot").engine
    assert "stoomboot" in games()
    assert set(entry.policies) == {"random", "heuristic", "cooperative"}
    variants = {tuple(sorted(case.variants)) for case in entry.golden_cases}
    assert () in variants and ("kleine-kaart",) in variants
    assert ("pepernoot-plekken", "prachtige-pakjes") in variants
    assert ("krappe-kalender", "rebelse-pietjes") in variants
    assert entry is not None and GAME.engine.game_id == "stoomboot"


def test_simulation_summary_and_metrics() -> None:
    """A simulation reports wins, loss reasons, rounds, houses and damage; it is identical
    for any number of jobs."""
    config = config_for_variants(("pepernoot-plekken",))
    one = simulate(game("stoomboot").engine, config, 3, 10, seed=3, jobs=1, chunk_size=4)
    two = simulate(game("stoomboot").engine, config, 3, 10, seed=3, jobs=2, chunk_size=3)
    assert one == two
    metrics = one.metrics
    for name in (
        "won",
        "lost_pakjesavond",
        "lost_stoomrij_leeg",
        "lost_vastgelopen",
        "rounds_per_game",
        "houses_delivered",
        "damage_per_game",
        "actions_per_game",
    ):
        assert metrics[name].count == 10, name
    lost = sum(metrics[f"lost_{r}"].mean for r in ("pakjesavond", "stoomrij_leeg", "vastgelopen"))
    assert abs(metrics["won"].mean + lost - 1) < 1e-9
    assert "won" in one.format_table()


def test_the_last_placer_is_recorded() -> None:
    """ST-B8: every placed card is an event naming the seat, card, position and face, and
    the player who placed a round's last card is the next round's Sint."""
    log = EventLog()
    play(ENGINE, standard_config(), heuristics(3), 2, log=log)
    placed = [e for e in log if isinstance(e, CardPlaced)]
    assert placed and all(1 <= e.position <= 9 for e in placed)
    last_placer: int | None = None
    checked = 0
    for event in log:
        if isinstance(event, CardPlaced):
            last_placer = event.seat
        elif isinstance(event, RoundStarted) and last_placer is not None:
            assert event.sint == last_placer
            checked += 1
    assert checked >= 2
