"""The Santoska rulebook examples: :data:`ROWS` is the example table, :data:`STORY` plugs the
game into :mod:`pnp.story`. The search (``pnp pin santoska``) scores every round of seeded
base games (rows of three: the intros say so, as every kit shows them) for every row.

The sentences are told from the engine's events (:mod:`~pnp.games.santoska.story.steps`),
each claiming that its event happened, with the facts it states beyond it, checked again
on a fresh replay (:class:`~pnp.story.told.EventChecks`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from pnp.engine.core import Event
from pnp.games.santoska.kit.spec_config import config_from_spec
from pnp.games.santoska.policies import HeuristicPolicy
from pnp.games.santoska.rules import events as ev
from pnp.games.santoska.rules.actions import ARRIBA, STOP, TAKE, Action
from pnp.games.santoska.rules.cards import SANTOSKA, parse_cell
from pnp.games.santoska.rules.engine import ENGINE
from pnp.games.santoska.rules.rounds import REASON_EXACT
from pnp.games.santoska.story import trace as tr
from pnp.games.santoska.story.steps import FACTS, HANDLERS, first_told, intro
from pnp.games.santoska.story.table import table_figure
from pnp.story import Cut, ExampleRow, Phrases, PinnedRecord, Story
from pnp.story.told import EventChecks, telling_context


@dataclass(frozen=True)
class Spot:
    """Where an example could be cut (round, seat, last action), with its Arriba turn or grid."""

    round: tr.Round
    seat: int
    last: int
    turn: tr.PlayerTurn | None = None
    grid: ev.GridScored | None = None


def candidates(spec: object, row: Row, rules: object, rnd: tr.Round) -> Iterator[Spot]:
    """Every Arriba turn; the stopper, every grid or the exact winner of a stopped round
    (the scores below count on it)."""
    ended, won = rnd.events_of(ev.RoundEnded), rnd.events_of(ev.GameEnded)
    end = ended[0] if ended and ended[0].stopper >= 0 else None  # a stopped round's end
    if row.kind == "arriba":
        for t in tr.turns(rnd):
            if t.call is not None and t.ends_with(ARRIBA):
                yield Spot(rnd, t.seat, t.call.index, turn=t)
    elif end is not None and row.kind == "stop":
        yield Spot(rnd, end.stopper, rnd.last)
    elif end is not None and row.kind in SCORING:
        yield from (Spot(rnd, e.seat, rnd.last, grid=e) for e in rnd.events_of(ev.GridScored))
    elif row.kind == NEW_ROUND:
        if rnd.start.last_points and rnd.moments:  # the round after one that was scored
            yield Spot(rnd, rnd.moments[0].actor, rnd.first)
    elif end is not None and won and won[0].reason == REASON_EXACT and len(won[0].winners) == 1:
        yield Spot(rnd, won[0].winners[0], rnd.last)


def _beside(row: Sequence[int], i: int) -> list[int]:
    return [row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)]


def score_arriba(spot: Spot) -> int:
    """Ideally an open card taken and swapped for a known card, making two equal
    neighbours in a bottom row that costs little."""
    turn, n = spot.turn, spot.round.start.row_length
    if turn is None or turn.call is None:
        return 0
    swap, bottom = turn.swap, turn.call.before.grids[turn.seat][:n]
    lone = [x for i, x in enumerate(bottom) if x not in _beside(bottom, i)]
    col = n if swap is None else parse_cell(swap.cell, n)
    pair = swap is not None and col < n and swap.card_in in _beside(bottom, col)
    score = 1 + (turn.begin.action == TAKE) + (swap is not None and swap.was_known) + 2 * pair
    return score + (sum(5 if x == SANTOSKA else x for x in lone) <= n + 2)


def score_stop(spot: Spot) -> int:
    """Ideally the stopper swaps a card they knew, the last turns show a taken open card,
    a drawn card discarded and a blind swap, and stopping paid off."""
    played = tr.turns(spot.round)
    stop = next(t for t in played if t.ends_with(STOP))
    finals = [t for t in played if t.began.final]
    scores = {e.seat: e.points for e in spot.round.events_of(ev.GridScored)}
    score = 1 + (stop.swap is not None and stop.swap.was_known)
    score += any(t.begin.action == TAKE for t in finals) + any(t.swap is None for t in finals)
    score += any(t.swap is not None and not t.swap.was_known for t in finals)
    return score + (scores[spot.seat] == min(scores.values()))


def santoska_groups(grid: ev.GridScored) -> list[int]:
    """The sizes of the grid's groups of two or more Santoska cards."""
    return [len(x) for card, x, _ in grid.groups if card == SANTOSKA and len(x) > 1]


def score_grid(spot: Spot) -> int:
    """Ideally a Santoska pair, one group of numbers, lone numbers, penalty points in all,
    a round after the first (a total that is not 0 before it), and the game goes on."""
    grid, rnd = spot.grid, spot.round
    if grid is None or not santoska_groups(grid):
        return 0
    numbers = [x for card, x, _ in grid.groups if card != SANTOSKA and len(x) > 1]
    lone = any(len(x) == 1 and card != SANTOSKA for card, x, _ in grid.groups)
    score = 1 + 2 * (santoska_groups(grid) == [2]) + (len(numbers) == 1) + lone
    score += (not rnd.has(ev.GameEnded)) + (rnd.start.round > 1) + (grid.points > 0)
    return score if numbers else 0


def number_groups(grid: ev.GridScored) -> list[tuple[int, int, int]]:
    """``(size, rows, columns)`` of the grid's groups of two or more equal numbers."""
    n = len(grid.bottom)
    out = []
    for card, cells, _ in grid.groups:
        if card != SANTOSKA and len(cells) > 1:
            places = [parse_cell(x, n) for x in cells]
            out.append((len(cells), len({x // n for x in places}), len({x % n for x in places})))
    return out


def _grid_extras(spot: Spot, grid: ev.GridScored) -> int:
    """A lone number, a round after the first, and a game that goes on: one point each."""
    lone = any(len(x) == 1 and card != SANTOSKA for card, x, _ in grid.groups)
    return lone + (not spot.round.has(ev.GameEnded)) + (spot.round.start.round > 1)


def score_big_group(spot: Spot) -> int:
    """Ideally one group of three or more equal numbers, bent round a corner (both rows: the
    whole connected group vanishes), no Santoska group, a lone number, penalty points in all,
    a round after the first, and the game goes on."""
    grid = spot.grid
    if grid is None:
        return 0
    big = [g for g in number_groups(grid) if g[0] >= 3]
    if not big:
        return 0
    score = 1 + 2 * (len(big) == 1) + (big[0][1] == 2) + (not santoska_groups(grid))
    return score + (grid.points > 0) + _grid_extras(spot, grid)


def score_santoska_three(spot: Spot) -> int:
    """Ideally exactly three Santoska cards together, a lone number, points taken off in all,
    a round after the first, and the game goes on."""
    grid = spot.grid
    if grid is None or max(santoska_groups(grid), default=0) < 3:
        return 0
    score = 1 + 2 * (santoska_groups(grid) == [3]) + (grid.points < 0)
    return score + _grid_extras(spot, grid)


EARLY_ROUND = 8
"""A new-round example no later than this round (a game is not that long)."""


def score_new_round(spot: Spot) -> int:
    """Ideally one player went out in the round before, and would have dealt next: the deal
    passes them by (SA-B8); and the game is not yet long."""
    start, n = spot.round.start, len(spot.round.start.grids)
    gone = [seat for seat, _ in start.last_points if not start.grids[seat]]
    if len(start.dealers) < 2:
        return 0
    passed = (start.dealers[-2] + 1) % n in gone
    return 1 + 2 * (len(gone) == 1) + passed + (start.round <= EARLY_ROUND)


def score_exact(spot: Spot) -> int:
    """Ideally nobody was out yet, the winner stopped, and the winner's grid has a group
    that vanishes next to lone cards."""
    rnd = spot.round
    grid = next(e for e in rnd.events_of(ev.GridScored) if e.seat == spot.seat)
    sizes = [len(cells) for _, cells, _ in grid.groups]
    score = 1 + all(rnd.start.grids) + (rnd.events_of(ev.RoundEnded)[0].stopper == spot.seat)
    return score + any(k > 1 for k in sizes) + any(k == 1 for k in sizes)


Row = ExampleRow[Spot, Action]
H = "heuristic"
SCORING = ("scoring", "scoring-group", "scoring-three")
"""The kinds that tell one player's grid as it is scored."""
NEW_ROUND = "new-round"
TURN_EVENTS = (ev.CardTaken, ev.CardDrawn)
ARRIBA_TOLD = ("row_before", "swap_*", "arriba")
STOP_TOLD = ("stop", "round_end")
ROWS_SUM = ("row_top", "row_bottom", "sum")
PAIR = (*ROWS_SUM, "group_numbers", "group_santoska")
GROUP, THREE = (*ROWS_SUM, "group_numbers"), (*ROWS_SUM, "group_santoska")
EXACT = (*ROWS_SUM, "score_*", "exact_win")
NEW = ("new_round_scored", "new_round_out", "new_round_deal", "new_round_peek")
ROWS: tuple[Row, ...] = (  # id, kind, rule IDs, phrases told, policy, score, ideal score
    Row("beurt-met-arriba", "arriba", ("SA-B3", "SA-B4"), ARRIBA_TOLD, H, score_arriba, 6),
    Row("stop-en-laatste-beurten", "stop", ("SA-B3", "SA-B5"), STOP_TOLD, H, score_stop, 6),
    Row("tellen-met-santoska-paar", "scoring", ("SA-B6",), PAIR, H, score_grid, 8),
    Row("tellen-met-een-groep", "scoring-group", ("SA-B6",), GROUP, H, score_big_group, 9),
    Row("drie-santoska-kaarten", "scoring-three", ("SA-B6",), THREE, H, score_santoska_three, 7),
    Row("een-nieuwe-ronde", NEW_ROUND, ("SA-B7", "SA-B8"), NEW, H, score_new_round, 5),
    Row("precies-honderd", "exact-limit", ("SA-B6", "SA-B7"), EXACT, H, score_exact, 5),
)  # fmt: skip
"""Every example in rulebook order, with the phrases it must be told with (a prefix with
``*``): an Arriba turn, a Stop and the last turns, grids scored with a Santoska pair, with a
group of three or more equal numbers and with three Santoska cards together, the step into
a new round after a player went out, a game won with exactly the limit."""


def ends(row: Row, pinned: PinnedRecord, rnd: tr.Round) -> str | None:
    """Why the record does not end where its example ends (``None``: it does): at a candidate
    of the row about the focus player that still scores (a grid with both kinds of group)."""
    player, players = pinned.focus_value("player"), pinned.record.num_players
    if player > players:
        return f"player {player} is not one of the {players} players"
    spots = candidates(None, row, pinned.record.variants, rnd)
    ends_there = any(s.seat == player - 1 and s.last == rnd.last and row.score(s) for s in spots)
    return None if ends_there else f"the record does not end where a '{row.kind}' example ends"


def told(scene: tr.RoundScene) -> list[tuple[tr.Move, Event]]:
    """The events an example tells: each told turn's take or draw, the call and the end of
    the round; or the focus player's scored grid (then the others' and the game's end)."""
    rnd, last, kind = scene.segment, scene.segment.moments[-1], scene.kind
    if kind == NEW_ROUND:  # told from the table as dealt; the first turn's event carries it
        first_move = rnd.moments[0]
        return [(first_move, e) for e in first_move.events if isinstance(e, TURN_EVENTS)]
    if kind in ("arriba", "stop"):
        first = first_told(rnd, kind).begin.index - rnd.first
        kinds = (ev.CardTaken, ev.CardDrawn, ev.ArribaCalled, ev.StopCalled, ev.RoundEnded)
        return [(m, e) for m in rnd.moments[first:] for e in m.events if isinstance(e, kinds)]
    grids = sorted(last.events_of(ev.GridScored), key=lambda e: scene.clockwise().index(e.seat))
    if kind in SCORING:
        return [(last, grids[0])]
    return [*((last, e) for e in grids), (last, last.events_of(ev.GameEnded)[0])]


def title(phrases: Phrases, spot: Spot) -> Mapping[str, str]:
    """The Santoska group and the biggest group of numbers of a scoring example, and the
    limit, for the titles."""
    grid = spot.grid
    size = max(santoska_groups(grid), default=2) if grid is not None else 2
    group = phrases.say(
        "title_pair" if size == 2 else "title_group", count=phrases.language.number_word(size)
    )
    same = max((g[0] for g in number_groups(grid)), default=2) if grid is not None else 2
    equal = phrases.say("title_equal", count=phrases.language.number_word(same))
    return {
        "santoska": group,
        "equal": equal,
        "limit": phrases.language.number_word(spot.round.end.limit),
    }


STORY = Story(
    finder="pnp pin santoska --update",
    focus=tr.FOCUS,
    rows=ROWS,
    engine=ENGINE,
    config=config_from_spec,
    segments=tr.Rounds,
    first_player=lambda pinned, _round: pinned.focus_value("player") - 1,
    context=telling_context(ENGINE, config_from_spec, FACTS),
    handlers=HANDLERS,
    intro=intro,
    players=3,
    seeds=500,
    policies={H: HeuristicPolicy},
    candidates=candidates,
    cut=lambda spot: Cut(spot.last, (spot.round.start.round, spot.seat + 1)),
    told=told,
    ends=ends,
    title=title,
    checks=EventChecks(FACTS),
    plays_alike=("rijen-3",),
    table=lambda told, table: table_figure(told.scene, table),
)
"""Three players, up to 500 seeds; the player an example is about is called Anna."""
