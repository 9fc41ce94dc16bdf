"""The checks of the Santoska example claims (:mod:`~pnp.games.santoska.story.claims`).

:data:`CHECKS` gives every claim type a check against the pinned record replayed on fresh
engine states (:class:`~pnp.story.Replay`, no event log): it inspects the state at the moment
a sentence speaks of (the grids, the piles, the legal actions, the totals) and finds the
groups of a grid and their points with its own flood fill and the rules' own numbers (SA-B6),
never trusting the events the sentence was told from.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.engine.core import CHANCE, TERMINAL
from pnp.games.santoska.rules.actions import ARRIBA, DISCARD, DRAW, END, STOP, TAKE, Action, swap
from pnp.games.santoska.rules.config import SantoskaConfig
from pnp.games.santoska.rules.engine import ENGINE
from pnp.games.santoska.rules.scoring import score_grid
from pnp.games.santoska.rules.state import SantoskaState
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
from pnp.story import ClaimChecks, Replay, check

SantoskaReplay = Replay[SantoskaConfig, SantoskaState, Action]

LIMIT = 100  # SA-B7
LONE_SANTOSKA = 5  # SA-B6
SANTOSKA_BONUS = 5  # SA-B6: per Santoska card after the first in a group


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


def round_ended_at(game: SantoskaReplay, at: int) -> tuple[SantoskaState, SantoskaState]:
    """The states before and after action ``at``, which must end a round."""
    before, after = game.state_after(at), game.state_after(at + 1)
    assert len(after.results) == len(before.results) + 1, "the round ends with this action"
    return before, after


# ---------------------------------------------------------------------------
# The checks, one per claim type


def _check_shows_row(game: SantoskaReplay, c: ShowsRow) -> None:
    assert row_of(game.state_after(c.after), c.seat, c.row) == c.cards


def _check_turn(game: SantoskaReplay, c: Turn) -> None:
    state = game.state_after(c.at)
    assert state.current_player() == c.seat
    assert game.action(c.at) == (TAKE if c.took else DRAW)
    assert c.card == (state.discard[-1] if c.took else state.pile[-1])  # pile: top card last
    assert c.final == (state.stopper >= 0 and state.stopper != c.seat), "SA-B5 last lap"
    state.push(TAKE if c.took else DRAW)
    n = state.row_length
    place = game.action(c.at + 1)
    if c.cell < 0:
        assert place == DISCARD, "SA-B3: the card in hand goes back onto the discard pile"
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


def next_swap_goes_to_top(state: SantoskaState, seat: int) -> None:
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


def _check_arriba(game: SantoskaReplay, c: CallsArriba) -> None:
    state = game.state_after(c.at)
    assert state.current_player() == c.seat and game.action(c.at) == ARRIBA
    assert ARRIBA in state.legal_actions() and not state.arriba[c.seat]
    assert row_of(state, c.seat, 0) == c.bottom
    state.push(ARRIBA)
    assert state.arriba[c.seat]
    next_swap_goes_to_top(state, c.seat)


def _check_stop(game: SantoskaReplay, c: CallsStop) -> None:
    state = game.state_after(c.at)
    n = game.record.num_players
    assert state.current_player() == c.seat and game.action(c.at) == STOP
    assert STOP in state.legal_actions()
    assert state.arriba[c.seat], "SA-B5: Stop comes after an Arriba"
    others = tuple((c.seat + k) % n for k in range(1, n) if state.grids[(c.seat + k) % n])
    assert c.final_turns == others
    state.push(STOP)
    rounds = len(state.results)
    turns = []
    for move in game.actions[c.at + 1 :]:
        if move in (TAKE, DRAW) and state.current_player() >= 0:
            turns.append(state.current_player())
        state.push(move)
        if len(state.results) > rounds:
            break
    assert len(state.results) == rounds + 1, "the round ended"
    assert tuple(turns) == others, "SA-B5: each other player exactly one more turn"


def _check_round_ends(game: SantoskaReplay, c: RoundEnds) -> None:
    before, after = round_ended_at(game, c.at)
    assert after.round == c.round and after.results[-1].stopper == c.stopper
    seats = [s for s in range(game.record.num_players) if before.grids[s]]
    assert [s for s, _ in c.points] == seats
    for seat, points in c.points:
        assert points == grid_points(after.grids[seat], after.row_length)
        assert after.totals[seat] == before.totals[seat] + points


def _check_group(game: SantoskaReplay, c: GroupScores) -> None:
    _, after = round_ended_at(game, c.at)
    groups = groups_of(after.grids[c.seat], after.row_length)
    assert (c.card, frozenset(c.cells)) in groups, "a whole group of equal cards"
    assert c.points == group_points(c.card, len(c.cells))


def _check_sum(game: SantoskaReplay, c: GridSum) -> None:
    before, after = round_ended_at(game, c.at)
    grid, n = after.grids[c.seat], after.row_length
    parts = [group_points(card, len(cells)) for card, cells in groups_of(grid, n)]
    assert sorted(c.parts) == sorted(parts), "every group is counted once"
    assert c.points == sum(c.parts) == grid_points(grid, n)
    assert c.points == score_grid(grid, n, LONE_SANTOSKA, SANTOSKA_BONUS).points
    assert c.before == before.totals[c.seat] and c.total == after.totals[c.seat]
    assert c.total == c.before + c.points, "SA-B7: the round is added to the total"


def _check_score(game: SantoskaReplay, c: RoundScore) -> None:
    before, after = round_ended_at(game, c.at)
    assert c.points == grid_points(after.grids[c.seat], after.row_length)
    assert c.before == before.totals[c.seat] and c.total == after.totals[c.seat]
    assert c.total == c.before + c.points


def _check_wins_exactly(game: SantoskaReplay, c: WinsExactly) -> None:
    after = game.state_after(c.at + 1)
    assert after.is_terminal() and len(game.actions) == c.at + 1
    assert c.limit == LIMIT and after.totals[c.seat] == LIMIT
    assert after.winners == (c.seat,), "SA-B7: exactly the limit wins at once"
    over = {s for s in range(game.record.num_players) if after.totals[s] > LIMIT}
    assert set(c.over) == over
    assert not any(after.out[s] for s in over), "nobody is out when the game stops at once"


def _check_eliminated(game: SantoskaReplay, c: Eliminated) -> None:
    before, after = round_ended_at(game, c.at)
    assert c.limit == LIMIT and c.total == after.totals[c.seat] > LIMIT
    assert not before.out[c.seat] and after.out[c.seat], "SA-B7: over the limit is out"
    assert not after.is_terminal(), "the game goes on without them"


def _next_in(state: SantoskaState, seat: int) -> tuple[int, tuple[int, ...]]:
    """The first seat still in clockwise after ``seat``, and the seats passed over (out)."""
    n = len(state.grids)
    passed: list[int] = []
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if not state.out[candidate]:
            return candidate, tuple(passed)
        passed.append(candidate)
    raise AssertionError("nobody is still in")


def _check_new_deal(game: SantoskaReplay, c: NewDeal) -> None:
    ending = game.state_after(c.at - 1)  # the round before, just before its last action
    assert ending.dealer == c.old_dealer, "who dealt the round before"
    dealing = game.state_after(c.at)
    assert dealing.current_player() == CHANCE and dealing.dealer == c.dealer
    assert _next_in(dealing, c.old_dealer) == (c.dealer, c.skipped), "SA-B8: the deal passes on"
    n = dealing.row_length
    after = game.state_after(c.at + 1)
    assert after.round == c.round == ending.round + 1
    assert c.seats == tuple(s for s in range(len(after.grids)) if not after.out[s])
    for seat, grid in enumerate(after.grids):
        assert len(grid) == (2 * n if seat in c.seats else 0), "two rows for who is still in"
    assert list(after.discard) == [c.discard], "one open card starts the discard pile"
    assert not any(after.arriba) and after.stopper < 0, "Arriba and Stop cards are back"
    assert after.current_player() == c.starter == _next_in(after, c.dealer)[0]


CHECKS: ClaimChecks[SantoskaReplay] = ClaimChecks(
    check(ShowsRow, _check_shows_row),
    check(Turn, _check_turn),
    check(CallsArriba, _check_arriba),
    check(CallsStop, _check_stop),
    check(RoundEnds, _check_round_ends),
    check(GroupScores, _check_group),
    check(GridSum, _check_sum),
    check(RoundScore, _check_score),
    check(WinsExactly, _check_wins_exactly),
    check(Eliminated, _check_eliminated),
    check(NewDeal, _check_new_deal),
)
"""A check for every claim type of the Santoska examples (the story's ``checks``)."""
