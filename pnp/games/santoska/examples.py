"""The Santoska rulebook examples, rendered from pinned engine traces.

Every example is a real game played by the engine, pinned by
:mod:`pnp.games.santoska.example_finder` (the records and their replay:
:mod:`~pnp.games.santoska.example_trace`; which examples, in which order:
:mod:`~pnp.games.santoska.example_cases`). :func:`rulebook_examples` replays
each record with the engine configured from the spec tables and turns the
events of the focus round into Dutch sentences
(:mod:`~pnp.games.santoska.example_steps`, phrases in
:mod:`~pnp.games.santoska.example_phrases`). Each sentence
(:class:`~pnp.rulebook.example.Step`) shows the real cards it mentions (a
grid as two steps: the top row, then the bottom row) and carries a *claim*
(:mod:`~pnp.games.santoska.example_claims`), which the test suite checks
against the engine state, independently of the event log.

Players get Dutch first names instead of seat numbers: the player the
example is about is Anna, then clockwise Bram, Cas, Daan, Eva and Fleur.
The examples are games with rows of three (the base game); their intros say
so, since the kits of the other row lengths show them too.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.games.santoska.actions import ARRIBA, STOP
from pnp.games.santoska.cards import SANTOSKA
from pnp.games.santoska.events import RoundEnded
from pnp.games.santoska.example_cases import (
    KIND_ARRIBA,
    KIND_EXACT,
    KIND_RULES,
    KIND_SCORING,
    KIND_STOP,
    PINNED_CASES,
)
from pnp.games.santoska.example_claims import KIND_CLAIMS, CallsStop, GroupScores, Turn
from pnp.games.santoska.example_phrases import PHRASES, a_card, players_list, points_word
from pnp.games.santoska.example_steps import (
    BOTTOM,
    TOP,
    StepContext,
    arriba_step,
    group_steps,
    round_end_step,
    row_step,
    score_step,
    scored,
    step_context,
    stop_step,
    sum_step,
    told_groups,
    turn_step,
    win_step,
)
from pnp.games.santoska.example_trace import FINDER, RoundTrace, load_pinned
from pnp.games.santoska.spec_config import config_from_spec
from pnp.rulebook.dutch import join_words, number_word, ordinal_word
from pnp.rulebook.example import Example, Step, kit_examples
from pnp.spec.model import GameSpec
from pnp.story.pinned import EXAMPLES_FOLDER, PinnedCase, PinnedRecord, pinned_path, situation_lost


def _setup(ctx: StepContext) -> str:
    """ "Drie spelers, rijen van drie kaarten, de vierde ronde." and who is out already."""
    trace = ctx.trace
    text = PHRASES["setup"].format(
        players=number_word(trace.num_players).capitalize(),
        row_length=number_word(trace.row_length),
        round=ordinal_word(trace.round),
    )
    out = [ctx.names[s] for s in range(trace.num_players) if not trace.start_grids[s]]
    if out:
        key = "already_out_one" if len(out) == 1 else "already_out_more"
        text += PHRASES[key].format(names=join_words(out))
    return text


def _in_game(ctx: StepContext, first: int) -> list[int]:
    """The seats dealt into the focus round, clockwise from ``first``."""
    n = ctx.trace.num_players
    seats = [(first + k) % n for k in range(n)]
    return [s for s in seats if ctx.trace.start_grids[s]]


def _stopper(ctx: StepContext) -> int:
    ended = ctx.trace.events(RoundEnded)[0]
    assert isinstance(ended, RoundEnded)
    return ended.stopper


def arriba_example(ctx: StepContext, seat: int) -> tuple[str, list[Step]]:
    """A turn that ends with Arriba (SA-B3, SA-B4): the bottom row, the turn, the call."""
    turn = ctx.trace.turns()[-1]
    assert turn.seat == seat and turn.call_move == ARRIBA
    intro = _setup(ctx) + PHRASES["intro_arriba"].format(
        name=ctx.names[seat], discard=a_card(turn.begin.discard_top)
    )
    steps = [
        row_step(ctx, "row_before", turn.begin.index, seat, BOTTOM),
        turn_step(ctx, turn),
        arriba_step(ctx, turn),
    ]
    return intro, steps


def stop_example(ctx: StepContext, seat: int) -> tuple[str, list[Step]]:
    """A Stop and the last turns after it (SA-B5), then everybody's points."""
    turns = ctx.trace.turns()
    position = next(i for i, t in enumerate(turns) if t.call_move == STOP)
    stop = turns[position]
    assert stop.seat == seat
    intro = _setup(ctx) + PHRASES["intro_stop"].format(
        name=ctx.names[seat], discard=a_card(stop.begin.discard_top)
    )
    steps = [turn_step(ctx, stop), stop_step(ctx, stop)]
    steps += [turn_step(ctx, t) for t in turns[position + 1 :]]
    steps.append(round_end_step(ctx))
    return intro, steps


def grid_rows(ctx: StepContext, seat: int) -> list[Step]:
    """``seat``'s grid as it is scored: the top row, then the bottom row."""
    after = ctx.trace.last + 1
    return [
        row_step(ctx, "row_top", after, seat, TOP),
        row_step(ctx, "row_bottom", after, seat, BOTTOM),
    ]


def scoring_example(ctx: StepContext, seat: int) -> tuple[str, list[Step]]:
    """One player's grid scored group by group (SA-B6) and added to the total (SA-B7)."""
    intro = _setup(ctx) + PHRASES["intro_scoring"].format(
        stopper=ctx.names[_stopper(ctx)], name=ctx.names[seat]
    )
    parts = [points for _, _, points in told_groups(scored(ctx, seat), ctx.trace.row_length)]
    steps = [*grid_rows(ctx, seat), *group_steps(ctx, seat), sum_step(ctx, seat, parts)]
    return intro, steps


def exact_example(ctx: StepContext, seat: int, limit: int) -> tuple[str, list[Step]]:
    """The last round of a game won with exactly ``limit`` points (SA-B7)."""
    seats = _in_game(ctx, seat)
    totals = [points_word(ctx.trace.start_totals[s]) for s in seats]
    intro = _setup(ctx) + PHRASES["intro_exact"].format(
        totals=players_list([ctx.names[s] for s in seats], totals),
        stopper=ctx.names[_stopper(ctx)],
    )
    parts = [points for _, _, points in told_groups(scored(ctx, seat), ctx.trace.row_length)]
    steps = [*grid_rows(ctx, seat), *group_steps(ctx, seat), sum_step(ctx, seat, parts)]
    steps += [score_step(ctx, s) for s in seats if s != seat]
    steps.append(win_step(ctx, limit))
    return intro, steps


def _check_kind(pinned: PinnedRecord, steps: Sequence[Step], path: Path) -> None:
    """The example must still show its situation (engine or policy changes could lose it)."""
    claims = [step.claim for step in steps]
    missing = [
        t.__name__ for t in KIND_CLAIMS[pinned.kind] if not any(isinstance(c, t) for c in claims)
    ]
    groups = [c for c in claims if isinstance(c, GroupScores) and len(c.cells) > 1]
    if pinned.kind == KIND_SCORING:
        if not any(g.card == SANTOSKA for g in groups):
            missing.append("a group of Santoska cards")
        if not any(g.card != SANTOSKA for g in groups):
            missing.append("a group of equal numbers")
    if pinned.kind == KIND_STOP:
        stops = [c for c in claims if isinstance(c, CallsStop)]
        finals = [c for c in claims if isinstance(c, Turn) and c.final]
        if stops and len(finals) != len(stops[0].final_turns):
            missing.append("every last turn")
    if missing:
        raise situation_lost(path, pinned.kind, missing, FINDER)


def render_example(spec: GameSpec, pinned: PinnedRecord, trace: RoundTrace) -> Example:
    """Turn a replayed pinned example into the rulebook's :class:`Example`."""
    seat = pinned.focus_value("player") - 1
    ctx = step_context(spec, trace, seat)
    if pinned.kind == KIND_ARRIBA:
        intro, steps = arriba_example(ctx, seat)
    elif pinned.kind == KIND_STOP:
        intro, steps = stop_example(ctx, seat)
    elif pinned.kind == KIND_SCORING:
        intro, steps = scoring_example(ctx, seat)
    else:
        assert pinned.kind == KIND_EXACT
        limit = config_from_spec(spec, pinned.record.variants).limit
        intro, steps = exact_example(ctx, seat, limit)
    _check_kind(pinned, steps, pinned_path(spec, pinned.id))
    seed = "-" if pinned.record.seed is None else str(pinned.record.seed)
    return Example(
        id=pinned.id,
        title=pinned.title,
        intro=intro,
        source=f"{EXAMPLES_FOLDER}/{pinned.id}.json · seed {seed} · ronde {trace.round}",
        steps=tuple(steps),
        rules=KIND_RULES[pinned.kind],
        variants=pinned.record.variants,
    )


def rulebook_examples(spec: GameSpec, variants: tuple[str, ...]) -> list[Example]:
    """The examples for a kit with ``variants``, replayed from the pinned records.

    Every pinned file is read and replayed (a missing, corrupt or no longer
    replaying file is a :class:`PnpError` naming it); only examples whose
    variants are all chosen are returned, in rulebook order.
    """

    def render(case: PinnedCase) -> Example:
        pinned, trace = load_pinned(spec, case)
        return render_example(spec, pinned, trace)

    return kit_examples(PINNED_CASES, render, lambda case: pinned_path(spec, case.id), variants)
