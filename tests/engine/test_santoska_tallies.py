"""What the santoska state and policy keep instead of recounting (the discard pile's tally, each
seat's tally of the grid cards it knows, the views' count of unseen cards, remembered grid
points) equals a recount, through play and undo."""

from __future__ import annotations

import random

import pytest

from pnp.engine import CHANCE, RandomPolicy
from pnp.games.santoska import policies
from pnp.games.santoska.policies import HeuristicPolicy, points_table
from pnp.games.santoska.rules.cards import SANTOSKA, tally_of
from pnp.games.santoska.rules.config import standard_config
from pnp.games.santoska.rules.engine import ENGINE
from pnp.games.santoska.rules.scoring import grid_points
from pnp.games.santoska.rules.state import SantoskaState
from tests.engine.test_santoska_rules import position


def check_tallies(state: SantoskaState) -> None:
    """The kept tallies against a recount, for every seat's view."""
    assert state.discard_tally == tally_of(state.discard, len(state.deck_tally))
    for seat in range(state.num_players):
        known_cards = [
            card
            for grid, masks in zip(state.grids, state.known, strict=True)
            for card, mask in zip(grid, masks, strict=True)
            if mask >> seat & 1
        ]
        seen = state.seen_tally[seat]
        assert seen == tally_of(known_cards, len(seen))
        view = ENGINE.player_view(state, seat)
        tally = view.unseen_tally()
        counts = view.unseen_counts()
        assert {card: n for card, n in enumerate(tally) if n > 0} == counts
        # the heuristic's average unseen card, from the tally, equals one from the recount
        penalty = state.config.santoska_penalty
        points = sum((penalty if card == SANTOSKA else card) * n for card, n in counts.items())
        expected = points / sum(counts.values()) if counts else 5.0
        assert HeuristicPolicy().unseen_value(view) == expected


@pytest.mark.parametrize(("row_length", "players"), [(3, 4), (4, 2), (6, 5)])
def test_tallies_equal_a_recount_through_play_and_undo(row_length: int, players: int) -> None:
    """Heuristic and random seats play on; now and then the last moves are taken back (the
    tallies go back with them) and play goes on differently."""
    config = standard_config(row_length)
    for seed in range(3):
        rng = random.Random(seed)
        state = ENGINE.new_state(config, players)
        seats = [HeuristicPolicy() if s % 2 else RandomPolicy() for s in range(players)]
        views = [ENGINE.player_view(state, s) for s in range(players)]
        steps = 0
        while not state.is_terminal() and steps < 3000:
            steps += 1
            seat = state.current_player()
            if seat == CHANCE:
                state.push(ENGINE.sample_chance(state, rng))
            else:
                state.push(seats[seat].choose(views[seat], state.legal_actions(), rng))
            check_tallies(state)
            if rng.random() < 0.05:
                for _ in range(min(len(state.history) - 1, rng.randrange(1, 8))):
                    state.pop()
                    check_tallies(state)


def test_a_set_up_position_tallies_its_discard_pile() -> None:
    """A position laid out by hand (tests, rulebook examples) starts with true tallies."""
    state, _ = position(["1 2 3 4 5 6", "7 8 9 10 S S"], pile="8 4 2", discard="5 5 S")
    assert state.discard_tally[5] == 2 and state.discard_tally[SANTOSKA] == 1
    assert state.seen_tally[0][1] == 1 and state.seen_tally[0][4] == 0  # the peeked bottom row
    assert state.seen_tally[1][7] == 1 and state.seen_tally[1][1] == 0
    check_tallies(state)


def test_remembered_grid_points_equal_the_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """The policy's estimate uses remembered points; they equal grid_points, also after the
    memory has filled up and started over."""
    monkeypatch.setattr(policies, "POINTS_CACHE_LIMIT", 50)
    state, _ = position(["1 2 3 4 5 6", "7 8 9 10 S S"])
    view = ENGINE.player_view(state, 0)
    policy = HeuristicPolicy()
    rng = random.Random(7)
    choices = [None, SANTOSKA, *range(1, 6)]
    for _ in range(400):
        cells = [rng.choice(choices) for _ in range(6)]
        expected = grid_points(cells, 3, 5, 5) + 2.5 * cells.count(None)
        assert policy.estimate(view, cells, 2.5) == expected
    assert 0 < len(points_table(3, 5, 5)) <= 50
