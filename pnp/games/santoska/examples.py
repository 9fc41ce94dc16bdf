"""The Santoska rulebook examples: real engine games, told one round at a time.

:data:`ROWS` is the example table, in the order a round runs. Its search
(:data:`SEARCH`, ``pnp pin santoska``) has three heuristic players play seeded
base games (rows of three; the intros say so, as every kit shows them) and
scores every round for every row (0: not this situation; higher: closer to
the ideal). :data:`STORY` plugs the game into :mod:`pnp.story` with the round
walker (:mod:`~pnp.games.santoska.example_trace`) and the sentences
(:mod:`~pnp.games.santoska.example_steps`), whose claims
(:mod:`~pnp.games.santoska.example_claims`) the tests check.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from pnp.engine.core import Event
from pnp.games.santoska import events as ev
from pnp.games.santoska import example_claims as c
from pnp.games.santoska import example_trace as tr
from pnp.games.santoska.actions import ARRIBA, STOP, TAKE, Action
from pnp.games.santoska.cards import SANTOSKA, parse_cell
from pnp.games.santoska.engine import ENGINE
from pnp.games.santoska.example_steps import HANDLERS, intro, told_turns
from pnp.games.santoska.policies import HeuristicPolicy
from pnp.games.santoska.rounds import REASON_EXACT
from pnp.games.santoska.spec_config import config_from_spec
from pnp.rulebook.dutch import number_word
from pnp.rulebook.example import Example, Step
from pnp.spec.model import GameSpec
from pnp.story import Cut, ExampleRow, Phrases, PinnedRecord, Story
from pnp.story import rulebook_examples as told_examples
from pnp.story.search import story_search

H = "heuristic"
"""The bundled heuristic policy plays every searched game."""


@dataclass(frozen=True)
class Spot:
    """Where an example could be cut: its round, the seat it is about and its last action,
    with the Arriba turn or the scored grid it shows."""

    round: tr.Round
    seat: int
    last: int
    turn: tr.PlayerTurn | None = None
    grid: ev.GridScored | None = None


def stopped(rnd: tr.Round) -> ev.RoundEnded | None:
    """The end of ``rnd`` if somebody stopped it."""
    ended = rnd.events_of(ev.RoundEnded)
    return ended[0] if ended and ended[0].stopper >= 0 else None


def candidates(
    spec: GameSpec | None, row: ExampleRow[Spot, Action], rnd: tr.Round
) -> Iterator[Spot]:
    """Every Arriba turn; the stopper, every grid or the exact winner of a stopped round."""
    end, won = stopped(rnd), rnd.events_of(ev.GameEnded)
    if row.kind == "arriba":
        for t in tr.turns(rnd):
            if t.call is not None and t.ends_with(ARRIBA):
                yield Spot(rnd, t.seat, t.call.index, turn=t)
    elif end is not None and row.kind == "stop":
        yield Spot(rnd, end.stopper, rnd.last)
    elif end is not None and row.kind == "scoring":
        yield from (Spot(rnd, e.seat, rnd.last, grid=e) for e in rnd.events_of(ev.GridScored))
    elif end is not None and won and won[0].reason == REASON_EXACT and len(won[0].winners) == 1:
        yield Spot(rnd, won[0].winners[0], rnd.last)


def score_arriba(spot: Spot) -> int:
    """Ideally an open card taken and swapped for a known card, making two equal
    neighbours in a bottom row that costs little."""
    turn, n = spot.turn, spot.round.start.row_length
    if turn is None or turn.call is None:
        return 0
    swap, bottom = turn.swap, tr.grid_before(spot.round, turn.call.index, turn.seat)[:n]
    lone = [
        x
        for i, x in enumerate(bottom)
        if x not in (*bottom[max(i - 1, 0) : i], *bottom[i + 1 : i + 2])
    ]
    pair = False
    if swap is not None and (col := parse_cell(swap.cell, n)) < n:
        pair = swap.card_in in (*bottom[max(col - 1, 0) : col], *bottom[col + 1 : col + 2])
    score = 1 + (turn.begin.action == TAKE) + (swap is not None and swap.was_known) + 2 * pair
    return score + (sum(5 if x == SANTOSKA else x for x in lone) <= n + 2)


def score_stop(spot: Spot) -> int:
    """Ideally the stopper swaps a card they knew, the last turns show a taken open card,
    a drawn card discarded and a blind swap, and stopping paid off."""
    end, played = stopped(spot.round), tr.turns(spot.round)
    if end is None:
        return 0
    stop = next(t for t in played if t.ends_with(STOP))
    finals = [t for t in played if t.began.final]
    scores = {e.seat: e.points for e in spot.round.events_of(ev.GridScored)}
    score = 1 + (stop.swap is not None and stop.swap.was_known)
    score += any(t.begin.action == TAKE for t in finals) + any(t.swap is None for t in finals)
    score += any(t.swap is not None and not t.swap.was_known for t in finals)
    return score + (scores[end.stopper] == min(scores.values()))


def santoska_groups(grid: ev.GridScored) -> list[int]:
    """The sizes of the grid's groups of two or more Santoska cards."""
    return [len(x) for card, x, _ in grid.groups if card == SANTOSKA and len(x) > 1]


def score_grid(spot: Spot) -> int:
    """Ideally a Santoska pair, one group of numbers, lone numbers, penalty points in all,
    a round after the first (a total that is not 0 before it), and the game goes on."""
    grid, rnd = spot.grid, spot.round
    if grid is None or stopped(rnd) is None or not santoska_groups(grid):
        return 0
    numbers = [x for card, x, _ in grid.groups if card != SANTOSKA and len(x) > 1]
    lone = any(len(x) == 1 and card != SANTOSKA for card, x, _ in grid.groups)
    score = 1 + 2 * (santoska_groups(grid) == [2]) + (len(numbers) == 1) + lone
    score += (not rnd.has(ev.GameEnded)) + (tr.dealt(rnd).round > 1) + (grid.points > 0)
    return score if numbers else 0


def score_exact(spot: Spot) -> int:
    """Ideally nobody was out yet, the winner stopped, and the winner's grid has a group
    that vanishes next to lone cards."""
    end, rnd = stopped(spot.round), spot.round
    grid = next(e for e in rnd.events_of(ev.GridScored) if e.seat == spot.seat)
    sizes = [len(cells) for _, cells, _ in grid.groups]
    score = 1 + all(tr.dealt(rnd).grids) + (end is not None and end.stopper == spot.seat)
    return score + any(k > 1 for k in sizes) + any(k == 1 for k in sizes)


Row = ExampleRow[Spot, Action]
ARRIBA_CLAIMS = (c.ShowsRow, c.Turn, c.CallsArriba)
STOP_CLAIMS = (c.Turn, c.CallsStop, c.RoundEnds)
GRID_CLAIMS = (c.ShowsRow, c.GroupScores, c.GridSum)
EXACT_CLAIMS = (*GRID_CLAIMS, c.RoundScore, c.WinsExactly)
ROWS: tuple[Row, ...] = (  # id, kind, rule IDs, claims, policy, score, ideal score
    Row("beurt-met-arriba", "arriba", ("SA-B3", "SA-B4"), ARRIBA_CLAIMS, H, score_arriba, 6),
    Row("stop-en-laatste-beurten", "stop", ("SA-B3", "SA-B5"), STOP_CLAIMS, H, score_stop, 6),
    Row("tellen-met-santoska-paar", "scoring", ("SA-B6", "SA-B7"), GRID_CLAIMS, H, score_grid, 8),
    Row("precies-honderd", "exact-limit", ("SA-B6", "SA-B7"), EXACT_CLAIMS, H, score_exact, 5),
)
"""Every example in rulebook order: a turn that ends with Arriba, a Stop and the last
turns after it, one grid scored with a Santoska pair, a game won with exactly the limit."""


def ends(row: Row, pinned: PinnedRecord, rnd: tr.Round) -> str | None:
    """Why the record does not end where its example ends, at one of the row's candidates
    about the focus player (``None``: it does)."""
    player, players = pinned.focus_value("player"), pinned.record.num_players
    if player > players:
        return f"player {player} is not one of the {players} players"
    cut = Cut(rnd.last, (tr.dealt(rnd).round, player))
    if any(STORY.cut(spot) == cut for spot in candidates(None, row, rnd)):
        return None
    return f"the record does not end where a '{row.kind}' example ends"


def told(scene: tr.RoundScene) -> list[tuple[tr.Move, Event]]:
    """The events an example tells: each told turn's take or draw, the call and the end of
    the round; or the focus player's scored grid (and the others', the end of the game)."""
    rnd, last, kind = scene.segment, scene.segment.moments[-1], scene.kind
    if kind in ("arriba", "stop"):
        first = told_turns(rnd, kind)[0].begin.index - rnd.first
        kinds = (ev.CardTaken, ev.CardDrawn, ev.ArribaCalled, ev.StopCalled, ev.RoundEnded)
        return [(m, e) for m in rnd.moments[first:] for e in m.events if isinstance(e, kinds)]
    seat, n = tr.focus_seat(scene.pinned), len(scene.names)
    grids = sorted(last.events_of(ev.GridScored), key=lambda e: (e.seat - seat) % n)
    if kind == "scoring":
        return [(last, grids[0])]
    return [*((last, e) for e in grids), (last, last.events_of(ev.GameEnded)[0])]


def missing(scene: tr.RoundScene, steps: Sequence[Step]) -> list[str]:
    """A scoring example must show both kinds of group; a Stop example every last turn."""
    claims = [step.claim for step in steps]
    groups = [x.card for x in claims if isinstance(x, c.GroupScores) and len(x.cells) > 1]
    stops = [len(x.final_turns) for x in claims if isinstance(x, c.CallsStop)]
    finals = [x for x in claims if isinstance(x, c.Turn) and x.final]
    lost = []
    if scene.kind == "scoring" and SANTOSKA not in groups:
        lost.append("a group of Santoska cards")
    if scene.kind == "scoring" and all(card == SANTOSKA for card in groups):
        lost.append("a group of equal numbers")
    if scene.kind == "stop" and stops and len(finals) != stops[0]:
        lost.append("every last turn")
    return lost


def title(phrases: Phrases, spot: Spot) -> Mapping[str, str]:
    """The Santoska group of a scoring example and the limit, for the titles."""
    size = santoska_groups(spot.grid)[0] if spot.grid is not None else 2
    group = phrases.say("title_pair" if size == 2 else "title_group", count=number_word(size))
    return {"santoska": group, "limit": number_word(spot.round.end.limit)}


STORY = Story(
    finder="pnp pin santoska --update",
    focus=tr.FOCUS,
    rows=ROWS,
    engine=ENGINE,
    config=config_from_spec,
    segments=tr.Rounds,
    first_player=lambda pinned, _round: tr.focus_seat(pinned),
    context=lambda scene: scene,
    handlers=HANDLERS,
    intro=intro,
    players=3,
    seeds=500,
    policies={H: HeuristicPolicy},
    candidates=candidates,
    cut=lambda spot: Cut(spot.last, (tr.dealt(spot.round).round, spot.seat + 1)),
    missing=missing,
    told=told,
    ends=ends,
    title=title,
)
"""Three players, up to 500 seeds; the player an example is about is Anna."""

SEARCH = story_search(STORY)
"""The search of the examples (``Game.find_pinned``)."""


def rulebook_examples(spec: GameSpec, variants: tuple[str, ...]) -> list[Example]:
    """The examples of a kit with ``variants``, replayed from the pinned records and told."""
    return told_examples(STORY, spec, variants)
