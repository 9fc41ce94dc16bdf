"""The santoska engine as a whole: card conservation under random play (hypothesis), notation,
player views, policies, registry, simulation and the spec tables. Undo, replay, illegal
records, golden files, determinism and an event-free log-off run are the engine contract
(``test_engine_contract.py``)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.catalog.project import load_game
from pnp.catalog.registry import game, games
from pnp.cli import app
from pnp.engine import CHANCE, TERMINAL, EventLog, RandomPolicy, play
from pnp.engine.notation import event_line
from pnp.engine.simulate import simulate
from pnp.games.santoska.game import GAME
from pnp.games.santoska.kit.spec_config import config_from_spec
from pnp.games.santoska.policies import HeuristicPolicy
from pnp.games.santoska.rules.actions import (
    DRAW,
    END,
    TAKE,
    ChooseDealer,
    Deal,
    format_action,
    format_move,
    parse_move,
)
from pnp.games.santoska.rules.cards import NO_CARD, SANTOSKA, cell_name, parse_cell
from pnp.games.santoska.rules.config import ROW_LENGTHS, VARIANTS, SantoskaConfig, standard_config
from pnp.games.santoska.rules.engine import ENGINE
from pnp.games.santoska.rules.events import CardSwapped
from pnp.games.santoska.rules.scoring import grid_points, score_grid
from pnp.games.santoska.rules.state import SantoskaState
from pnp.kit.simulation import simulate_game
from pnp.spec.model import GameSpec
from tests.engine.test_santoska_rules import cards, do, position


def check_deck(spec: GameSpec, variants: tuple[str, ...]) -> list[str]:
    """The plugin's deck check (the build and check commands run the same)."""
    assert GAME.validate_deck is not None
    return GAME.validate_deck(spec, variants)


def tiny_config(row_length: int) -> SantoskaConfig:
    """A deck that leaves a short draw pile, so reshuffles happen often."""
    return dataclasses.replace(
        standard_config(row_length),
        number_counts={n: 5 for n in range(1, 11)},
        santoska_cards=6,
        players=(2, 3),
    )


def _pick(state: SantoskaState, rng: random.Random, lazy: bool = False) -> int:
    """A random legal move; ``lazy`` ends most turns without a call (long rounds, reshuffles)."""
    moves = state.legal_actions()
    if lazy and moves[0] == END and rng.random() < 0.9:
        return END
    return moves[rng.randrange(len(moves))]


def _step(state: SantoskaState, rng: random.Random, lazy: bool = False) -> None:
    if state.current_player() == CHANCE:
        state.push(ENGINE.sample_chance(state, rng))
    else:
        state.push(_pick(state, rng, lazy))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    row_length=st.sampled_from(ROW_LENGTHS),
    tiny=st.booleans(),
)
def test_random_play_conserves_every_card_and_terminates(
    seed: int, players: int, row_length: int, tiny: bool
) -> None:
    """Invariants under random play: every card is in exactly one place (grids, hand, draw and
    discard piles, through reshuffles); the discard pile is never empty between turns; moves
    are distinct; the owner knows every bottom-row card from the peek on; the game ends."""
    if tiny:
        players = min(players, 3)
    config = tiny_config(row_length) if tiny else standard_config(row_length)
    state = ENGINE.new_state(config, players)
    deck = Counter(state.deck)
    rng = random.Random(seed)
    for _ in range(200_000):
        if state.is_terminal():
            break
        if state.round:
            assert Counter(state.all_cards()) == deck
        seat = state.current_player()
        if seat >= 0:
            moves = state.legal_actions()
            assert moves and len(set(moves)) == len(moves)
            if moves[0] == TAKE:
                assert state.discard and state.hand == NO_CARD
                for cell in range(row_length):
                    assert state.known[seat][cell] >> seat & 1
        _step(state, rng, lazy=tiny)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.winners and state.legal_actions() == ()
    assert all(r.turns <= state.config.lap_limit * players + players for r in state.results)


def test_event_log_marks_automatic_events_and_serialises() -> None:
    """Rule-made events are automatic, choices and chance are not; every event is JSON-ready."""
    log = EventLog()
    play(ENGINE, standard_config(), [HeuristicPolicy() for _ in range(4)], 3, log=log)
    kinds = {e.event_type: e.automatic for e in log}
    assert kinds["RowPeeked"] and kinds["GridScored"] and kinds["RoundEnded"]
    assert kinds["GameEnded"] and kinds["GameStarted"]
    assert not kinds["CardDrawn"] and not kinds["RoundDealt"] and not kinds["ArribaCalled"]
    assert not kinds["StopCalled"] and not kinds["CardSwapped"]
    for event in log:
        data = event.to_dict()
        assert data["type"] == event.event_type
        json.dumps(data)
        line = event_line(event)  # the log's notation: type, fields, rules
        assert line.startswith(("* " if event.automatic else "") + event.event_type + " ")
        assert line.endswith(f"[{', '.join(event.rule_ids)}]")
    assert event_line(log.events[0]) == (
        "* GameStarted players=4 variants=- row_length=3 limit=100 [SA-B1]"
    )
    swap = next(e for e in log if isinstance(e, CardSwapped))
    assert event_line(swap) == (
        f"CardSwapped seat={swap.seat} cell={swap.cell} card_in={swap.card_in} "
        f"card_out={swap.card_out} was_known={swap.was_known} [SA-B3]"
    )


def test_every_move_and_chance_outcome_round_trips_through_notation() -> None:
    """Moves format to notation and parse back; chance outcomes encode to JSON and back."""
    seen: set[str] = set()
    for seed in range(12):
        if seed % 2:
            state = ENGINE.new_state(tiny_config(3 + seed % 4), 2 + seed % 2)
        else:
            state = ENGINE.new_state(standard_config(3 + seed % 4), 2 + seed % 5)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                action = ENGINE.sample_chance(state, rng)
            else:
                for move in state.legal_actions():
                    text = format_move(move)
                    assert parse_move(text) == move
                    seen.add(text.split()[0])
                action = _pick(state, rng, lazy=seed % 2 == 1)
            assert (
                ENGINE.decode_action(json.loads(json.dumps(ENGINE.encode_action(action)))) == action
            )
            assert format_action(action)
            seen.add(type(action).__name__)
            state.push(action)
    assert {"take", "draw", "swap", "discard", "end", "arriba", "stop"} <= seen
    assert {"ChooseDealer", "Deal", "Reshuffle"} <= seen
    for bad in ("fly", "swap 0", "swap x", {"dealer": "x"}, {"deal": []}, {"reshuffle": 3}):
        with pytest.raises(ValueError):
            ENGINE.decode_action(bad)  # type: ignore[arg-type]


def test_cells_and_cards_notation() -> None:
    """Cells are b1..bn / t1..tn; Santoska cards are S."""
    for n in ROW_LENGTHS:
        for cell in range(2 * n):
            assert parse_cell(cell_name(cell, n), n) == cell
    assert cell_name(0, 3) == "b1" and cell_name(5, 3) == "t3"
    assert cards("S 10 1") == (SANTOSKA, 10, 1)
    with pytest.raises(ValueError):
        parse_cell("t4", 3)
    with pytest.raises(ValueError):
        cards("0")


def test_fast_scoring_agrees_with_the_explained_scoring() -> None:
    """The policies' fast grid_points equals score_grid on full grids."""
    rng = random.Random(1)
    deck = list(standard_config().deck)
    for _ in range(500):
        n = rng.choice(ROW_LENGTHS)
        grid = [rng.choice(deck[:30] if rng.random() < 0.5 else deck) for _ in range(2 * n)]
        assert grid_points(grid, n, 5, 5) == score_grid(grid, n, 5, 5).points


def test_fast_scoring_skips_unknown_cells() -> None:
    """With unknown cells (None), grid_points scores the known groups as score_grid does when
    each unknown cell is a card that groups with nothing (and its own points are taken off)."""
    rng = random.Random(2)
    for _ in range(2000):
        n = rng.choice(ROW_LENGTHS)
        values = [None, SANTOSKA, 1, 2] if rng.random() < 0.7 else [None, SANTOSKA, *range(1, 11)]
        cells = [rng.choice(values) for _ in range(2 * n)]
        stand_ins = [1000 + i if c is None else c for i, c in enumerate(cells)]
        taken_off = sum(c for c, known in zip(stand_ins, cells, strict=True) if known is None)
        expected = score_grid(stand_ins, n, 5, 3).points - taken_off
        assert grid_points(cells, n, 5, 3) == expected


# --- views and policies ---------------------------------------------------------------------


def test_view_hides_unknown_cards_the_draw_pile_and_others_hands() -> None:
    """A view shows own known cards and public facts only: unseen cells are None, the draw
    pile only by its size, another player's card from the draw pile not at all."""
    state, _ = position(["1 2 3 4 5 6", "7 8 9 10 S S"], pile="8 4 2", discard="5")
    view = ENGINE.player_view(state, 1)
    public = {name for name in dir(view) if not name.startswith("_")}
    assert not {"grids", "pile", "known", "state", "deck"} & public
    assert view.cells() == (7, 8, 9, None, None, None)
    assert view.cells(0) == (None,) * 6
    assert view.pile_size == 3 and view.discard_pile == (5,)
    do(state, "draw")
    assert view.hand == NO_CARD and ENGINE.player_view(state, 0).hand == 8
    unseen = view.unseen_counts()
    assert sum(unseen.values()) == 112 - 3 - 1  # own bottom row and the open 5
    assert unseen[SANTOSKA] == 12


def _hidden_variants(rng: random.Random) -> list[SantoskaState]:
    """Three positions that look the same to seat 0 but differ in every hidden card."""
    known_own = [3, 3, 7]
    states = []
    for _ in range(3):
        deck = list(standard_config().deck)
        for card in (*known_own, 9):
            deck.remove(card)
        rng.shuffle(deck)
        own = [*known_own, *deck[:3]]
        other = deck[3:9]
        third = deck[9:15]
        pile = deck[15:40]
        state = ENGINE.new_state(standard_config(), 3)
        state.set_round([own, other, third], pile, [9], 0)
        states.append(state)
    return states


def test_heuristic_ignores_hidden_cards() -> None:
    """The heuristic works from its view only: changing every card seat 0 has not seen
    (its top row, the other grids, the draw pile order) never changes its choices."""
    rng = random.Random(5)
    policy = HeuristicPolicy()
    for _ in range(30):
        choices = set()
        for state in _hidden_variants(rng):
            view = ENGINE.player_view(state, 0)
            first = policy.choose(view, state.legal_actions(), rng)
            state.push(TAKE)
            second = policy.choose(view, state.legal_actions(), rng)
            state.push(second)
            third = policy.choose(view, state.legal_actions(), rng)
            choices.add((first, second, third))
        assert len(choices) == 1


def test_heuristic_takes_a_pairing_discard_and_stops_on_exactly_the_limit() -> None:
    """The heuristic takes an open card that pairs with its row, and calls Stop when its
    known grid brings it to exactly 100 (SA-B7)."""
    state, _ = position(["10 4 4 2 2 6", "7 8 9 10 S S"], discard="10", pile="1 1")
    view = ENGINE.player_view(state, 0)
    policy = HeuristicPolicy()
    rng = random.Random(0)
    assert policy.choose(view, state.legal_actions(), rng) == TAKE
    state, _ = position(
        ["1 2 3 4 5 6", "7 8 9 10 S S"],
        totals=[79, 0],
        arriba=[True, False],
        known=[[1] * 6, [2] * 6],
        pile="1 1",
    )
    do(state, "draw", "discard")
    view = ENGINE.player_view(state, 0)
    assert format_move(policy.choose(view, state.legal_actions(), rng)) == "stop"


def test_heuristic_clearly_beats_random_play() -> None:
    """The heuristic in seat 0 wins far more than its fair third of 150 3-player games."""
    summary = simulate(
        game("santoska").engine,
        standard_config(),
        3,
        150,
        seed=11,
        policies=("heuristic", "random", "random"),
    )
    assert summary.win_share[0] > 0.6, summary.format_table()


# --- registry, simulation, golden files, spec tables ------------------------------------------------


def test_registry_lists_santoska_with_policies() -> None:
    """The engine is discovered; its entry has random and heuristic policies and golden cases."""
    entry = game("santoska").engine
    assert "santoska" in games()
    assert set(entry.policies) == {"random", "heuristic"}
    variants = {case.variants for case in entry.golden_cases}
    assert () in variants and ("rijen-4",) in variants


def test_simulation_summary_and_metrics() -> None:
    """A simulation reports rounds, penalty per round, win shares and how games ended; it is
    identical for any number of jobs."""
    one = simulate(game("santoska").engine, standard_config(), 4, 12, seed=3, jobs=1, chunk_size=5)
    two = simulate(game("santoska").engine, standard_config(), 4, 12, seed=3, jobs=2, chunk_size=4)
    assert one == two
    metrics = one.metrics
    for name in ("rounds_per_game", "penalty_per_round", "exact_limit_win", "turns_per_round"):
        assert name in metrics
    assert metrics["rounds_per_game"].count == 12 and metrics["rounds_per_game"].minimum >= 1
    assert abs(sum(one.win_share) - 1) < 1e-9
    assert 0 <= metrics["exact_limit_win"].mean <= 1


def test_spec_tables_give_the_standard_config_and_pass_the_deck_check() -> None:
    """The spec tables describe the standard deck (SA-C1, SA-C2) for every variant."""
    spec = load_game("santoska").spec
    for variant in [(), *((v,) for v in VARIANTS)]:
        config = config_from_spec(spec, variant)
        assert config == standard_config(config.row_length, variant)
        assert check_deck(spec, variant) == []
    assert config_from_spec(spec, ("rijen-5",)).row_length == 5


def test_pnp_simulate_command_runs() -> None:
    """``pnp simulate santoska --players N`` plays heuristic games and prints the summary."""
    summary = simulate_game("santoska", 3, 4, seed=1, variants=("rijen-4",))
    assert summary.variants == ("rijen-4",) and summary.games == 4
    result = CliRunner().invoke(
        app, ["simulate", "santoska", "--players", "2", "--games", "3", "--policy", "random"]
    )
    assert result.exit_code == 0, result.output
    assert "exact_limit_win" in result.output and "win share per seat" in result.output


def test_first_deal_is_a_chance_action_in_the_record() -> None:
    """Chance is recorded: the dealer draw and the whole shuffle of every round."""
    result = play(ENGINE, standard_config(), [RandomPolicy()] * 2, 8)
    history = result.state.history
    assert isinstance(history[0], ChooseDealer) and isinstance(history[1], Deal)
    assert sum(isinstance(a, Deal) for a in history) == len(result.state.results)
    assert DRAW in history
