"""The sentences of a Santoska example: Dutch steps built from the events of the focus round.

Each builder below turns events of a replayed round
(:class:`~pnp.games.santoska.example_trace.RoundTrace`) into a
:class:`~pnp.rulebook.example.Step`: a sentence built from the phrase
templates, the drawings of the real cards it mentions and the claim it makes
(:mod:`~pnp.games.santoska.example_claims`). :mod:`~pnp.games.santoska.examples`
chooses which steps each kind of example tells.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.games.santoska.actions import ARRIBA, STOP
from pnp.games.santoska.cards import SANTOSKA, parse_cell
from pnp.games.santoska.events import (
    ArribaCalled,
    GameEnded,
    GridScored,
    RoundEnded,
    StopCalled,
)
from pnp.games.santoska.example_claims import (
    CallsArriba,
    CallsStop,
    GridSum,
    GroupScores,
    RoundEnds,
    RoundScore,
    ShowsRow,
    Turn,
    WinsExactly,
)
from pnp.games.santoska.example_phrases import (
    NAMES,
    PHRASES,
    a_card,
    cards_list,
    group_cards,
    penalty,
    players_list,
    points_word,
    position,
    positions,
    sum_text,
    the_card,
)
from pnp.games.santoska.example_trace import RoundTrace, TurnTrace
from pnp.games.santoska.spec_config import ARRIBA_ROW, STOP_ROW
from pnp.rulebook.dutch import count_phrase, join_words, number_word
from pnp.rulebook.example import CardPicture, Step
from pnp.spec.model import GameSpec

BOTTOM, TOP = 0, 1


@dataclass(frozen=True)
class StepContext:
    """What the phrase builders need: the names by seat, the card drawings and the round."""

    names: tuple[str, ...]
    number_rows: Mapping[int, str]
    santoska_row: str
    trace: RoundTrace

    def pictures(self, cards: Sequence[int]) -> tuple[CardPicture, ...]:
        """Drawings of the playing cards ``cards`` (numbers and Santoska cards)."""
        return tuple(
            CardPicture("santoska", self.santoska_row)
            if c == SANTOSKA
            else CardPicture("getallen", self.number_rows[c])
            for c in cards
        )

    def row(self, grid: Sequence[int], row: int) -> tuple[int, ...]:
        """One row (``BOTTOM`` or ``TOP``) of a flat grid."""
        n = self.trace.row_length
        return tuple(grid[row * n : (row + 1) * n])


def step_context(spec: GameSpec, trace: RoundTrace, focus_seat: int) -> StepContext:
    """The names (Anna for ``focus_seat``, then clockwise) and card rows from the spec."""
    n = trace.num_players
    rows = {row.number("number"): row.id for row in spec.component("getallen").rows}
    return StepContext(
        names=tuple(NAMES[(seat - focus_seat) % n] for seat in range(n)),
        number_rows=rows,
        santoska_row=spec.component("santoska").rows[0].id,
        trace=trace,
    )


# ---------------------------------------------------------------------------
# Rows and turns


def row_step(ctx: StepContext, key: str, after: int, seat: int, row: int) -> Step:
    """A row of ``seat``'s grid after the first ``after`` actions, drawn card by card."""
    cards = ctx.row(ctx.trace.grid_before(after, seat), row)
    name = ctx.names[seat]
    text = PHRASES[key].format(name=name, cards=cards_list(cards))
    return Step(text, ctx.pictures(cards), claim=ShowsRow(after, seat, name, row, cards))


def turn_step(ctx: StepContext, turn: TurnTrace) -> Step:
    """One turn (SA-B3): what was taken or drawn, and where it went."""
    name = ctx.names[turn.seat]
    begin = ("take" if turn.took else "draw") + ("_final" if turn.final else "")
    card = the_card(turn.card) if turn.took else a_card(turn.card)
    text = PHRASES[begin].format(name=name, card=card)
    swap = turn.swap
    n = ctx.trace.row_length
    if swap is None:
        text += PHRASES["discard"]
        cell, out, knew = -1, -1, False
        pictures = ctx.pictures([turn.card])
    else:
        cell = parse_cell(swap.cell, n)
        out, knew = swap.card_out, swap.was_known
        key = "swap_seen" if knew else "swap_unseen"
        text += PHRASES[key].format(
            out=the_card(out) if knew else a_card(out),
            Out=the_card(out).capitalize(),
            where=position(cell, n),
        )
        pictures = ctx.pictures([turn.card, out])
    claim = Turn(
        turn.begin.index, turn.seat, name, turn.took, turn.card, cell, out, knew, turn.final
    )
    return Step(text, pictures, claim=claim)


def arriba_step(ctx: StepContext, turn: TurnTrace) -> Step:
    """The Arriba call that ends ``turn`` (SA-B4), drawn as the bottom row and the Arriba card."""
    assert turn.call is not None and turn.call_move == ARRIBA
    event = turn.call.events[0]
    assert isinstance(event, ArribaCalled)
    name = ctx.names[turn.seat]
    text = PHRASES["arriba"].format(name=name, cards=cards_list(event.bottom))
    pictures = (*ctx.pictures(event.bottom), CardPicture("markeringen", ARRIBA_ROW))
    claim = CallsArriba(turn.call.index, turn.seat, name, event.bottom)
    return Step(text, pictures, claim=claim)


def stop_step(ctx: StepContext, turn: TurnTrace) -> Step:
    """The Stop call that ends ``turn`` (SA-B5), drawn as the stop card."""
    assert turn.call is not None and turn.call_move == STOP
    event = turn.call.events[0]
    assert isinstance(event, StopCalled)
    name = ctx.names[turn.seat]
    others = tuple(ctx.names[s] for s in event.final_turns)
    text = PHRASES["stop"].format(
        name=name, others=join_words(others), is_are="is" if len(others) == 1 else "zijn"
    )
    claim = CallsStop(turn.call.index, turn.seat, name, event.final_turns, others)
    return Step(text, (CardPicture("markeringen", STOP_ROW),), claim=claim)


def round_end_step(ctx: StepContext) -> Step:
    """The end of the round and everybody's points (SA-B5, SA-B6)."""
    trace = ctx.trace
    last = trace.moments[-1]
    ended = next(e for e in last.events if isinstance(e, RoundEnded))
    scored = [e for e in last.events if isinstance(e, GridScored)]
    points = tuple((e.seat, e.points) for e in scored)
    order = sorted(scored, key=lambda e: (e.seat - ended.stopper) % trace.num_players)
    text = PHRASES["round_end"].format(
        points=players_list(
            [ctx.names[e.seat] for e in order], [points_word(e.points) for e in order]
        )
    )
    claim = RoundEnds(
        last.index, trace.round, ended.stopper, ctx.names[ended.stopper], points, ctx.names
    )
    return Step(text, automatic=True, claim=claim)


# ---------------------------------------------------------------------------
# Scoring a grid


def scored(ctx: StepContext, seat: int) -> GridScored:
    """The scoring event of ``seat`` at the end of the focus round."""
    events = ctx.trace.moments[-1].events
    return next(e for e in events if isinstance(e, GridScored) and e.seat == seat)


def told_groups(event: GridScored, row_length: int) -> list[tuple[int, tuple[int, ...], int]]:
    """``(card, cells, points)`` of every group in the order the example tells them.

    First the groups of numbers that vanish, then the lone cards, then the
    Santoska groups; within each, by their first cell (bottom row left to right
    first).
    """
    groups = [
        (card, tuple(parse_cell(c, row_length) for c in cells), points)
        for card, cells, points in event.groups
    ]

    def order(group: tuple[int, tuple[int, ...], int]) -> tuple[int, int]:
        card, cells, _ = group
        kind = 1 if len(cells) == 1 else 2 if card == SANTOSKA else 0
        return kind, cells[0]

    return sorted(groups, key=order)


def touching(cells: Sequence[int], row_length: int) -> str:
    """How a group lies: "naast elkaar" (one row), "boven elkaar" (one column) or
    "tegen elkaar aan"."""
    if len({c // row_length for c in cells}) == 1:
        return PHRASES["side_by_side"]
    if len({c % row_length for c in cells}) == 1:
        return PHRASES["one_above"]
    return PHRASES["touching"]


def group_steps(ctx: StepContext, seat: int) -> list[Step]:
    """One sentence per group of ``seat``'s grid (SA-B6), with the group's cards drawn."""
    n = ctx.trace.row_length
    name = ctx.names[seat]
    at = ctx.trace.moments[-1].index
    steps = []
    for card, cells, points in told_groups(scored(ctx, seat), n):
        where = positions(cells, n)
        if len(cells) > 1:
            key = "group_santoska" if card == SANTOSKA else "group_numbers"
            text = PHRASES[key].format(
                cards=group_cards(card, len(cells)),
                where=where,
                how=touching(cells, n),
                bonus=number_word(-points),
            )
        elif card == SANTOSKA:
            text = PHRASES["lone_santoska"].format(where=where, points=penalty(points))
        else:
            text = PHRASES["lone_number"].format(
                card=the_card(card).capitalize(), where=where, points=penalty(points)
            )
        claim = GroupScores(at, seat, name, card, cells, points)
        steps.append(Step(text, ctx.pictures([card] * len(cells)), automatic=True, claim=claim))
    return steps


def sum_step(ctx: StepContext, seat: int, parts: Sequence[int]) -> Step:
    """The points of ``seat``'s groups added up and the new total (SA-B6, SA-B7)."""
    event = scored(ctx, seat)
    name = ctx.names[seat]
    before = ctx.trace.start_totals[seat]
    change = _change("", name, event.points, before, event.total)
    text = PHRASES["sum"].format(sum=sum_text(parts)) + " " + change
    at = ctx.trace.moments[-1].index
    claim = GridSum(at, seat, name, tuple(parts), event.points, before, event.total)
    return Step(text, automatic=True, claim=claim)


def score_step(ctx: StepContext, seat: int) -> Step:
    """``seat``'s points this round and the new total, in one sentence (SA-B7)."""
    event = scored(ctx, seat)
    name = ctx.names[seat]
    before = ctx.trace.start_totals[seat]
    text = _change("score_", name, event.points, before, event.total)
    at = ctx.trace.moments[-1].index
    claim = RoundScore(at, seat, name, event.points, before, event.total)
    return Step(text, automatic=True, claim=claim)


def _change(prefix: str, name: str, points: int, before: int, total: int) -> str:
    """ "Anna krijgt er ... bij: het totaal gaat van 35 naar 41." and its variants."""
    if points > 0:
        key, amount = "gain", penalty(points)
    elif points < 0:
        key, amount = "loss", count_phrase(-points, "punt", "punten")
    else:
        key, amount = "nothing", ""
    return PHRASES[prefix + key].format(
        name=name, points=amount, before=points_word(before), total=points_word(total)
    )


def win_step(ctx: StepContext, limit: int) -> Step:
    """The end of the game: the focus player reached exactly ``limit`` (SA-B7)."""
    last = ctx.trace.moments[-1]
    ended = next(e for e in last.events if isinstance(e, GameEnded))
    (seat,) = ended.winners
    name = ctx.names[seat]
    n = ctx.trace.num_players
    over = tuple(
        sorted(
            (s for s in range(n) if ended.totals[s] > limit and ctx.trace.start_grids[s]),
            key=lambda s: (s - seat) % n,
        )
    )
    over_names = tuple(ctx.names[s] for s in over)
    text = PHRASES["exact_win"].format(name=name, limit=number_word(limit))
    if over:
        key = "exact_over_one" if len(over) == 1 else "exact_over_more"
        text += PHRASES[key].format(names=join_words(over_names), limit=number_word(limit))
    claim = WinsExactly(last.index, seat, name, limit, over, over_names)
    return Step(text, automatic=True, claim=claim)
