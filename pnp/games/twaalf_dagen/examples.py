"""The twaalf-dagen rulebook examples, rendered from pinned engine traces.

Every example is a real game played by the engine, pinned by
:mod:`pnp.games.twaalf_dagen.example_finder` (the records and their replay:
:mod:`~pnp.games.twaalf_dagen.example_trace`; which examples, in which order:
:mod:`~pnp.games.twaalf_dagen.example_cases`). :func:`rulebook_examples`
replays each record with the engine configured from the spec tables and turns
the event log of the focus trick into Dutch sentences through the phrase
templates of :mod:`~pnp.games.twaalf_dagen.example_phrases`. Each sentence
(:class:`~pnp.rulebook.example.Step`) shows the real cards it mentions and
carries a *claim* (:mod:`~pnp.games.twaalf_dagen.example_claims`), which the
test suite checks against the engine state, independently of the event log.

Players get Dutch first names instead of seat numbers: the leader of the focus
trick is Anna, then clockwise Bram, Cas, Daan, Eva, Fleur, Gijs and Hanna.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.games.twaalf_dagen.example_cases import (
    KIND_GAME_END,
    KIND_GIFTS,
    KIND_RULES,
    KIND_TIE,
    PINNED_CASES,
)
from pnp.games.twaalf_dagen.example_claims import KIND_CLAIMS, WinsTrick
from pnp.games.twaalf_dagen.example_phrases import PHRASES
from pnp.games.twaalf_dagen.example_steps import StepContext, step_context, trick_steps
from pnp.games.twaalf_dagen.example_trace import FINDER, TrickTrace, load_pinned
from pnp.rulebook.dutch import number_word, ordinal_word
from pnp.rulebook.example import Example, Step, kit_examples
from pnp.spec.model import GameSpec
from pnp.story.pinned import EXAMPLES_FOLDER, PinnedCase, PinnedRecord, pinned_path, situation_lost


def _seats_text(ctx: StepContext, values: Sequence[str], separator: str) -> str:
    """ "Anna: 3 4; Bram: 5" in clockwise order from the leader."""
    n = ctx.trace.num_players
    seats = [(ctx.trace.leader + k) % n for k in range(n)]
    return separator.join(f"{ctx.names[s]}{values[s]}" for s in seats)


def _intro(ctx: StepContext, pinned: PinnedRecord) -> str:
    trace = ctx.trace
    hands = [": " + " ".join(map(str, cards)) for cards in trace.start_hands]
    text = PHRASES["intro"].format(
        players=number_word(trace.num_players).capitalize(),
        variant=PHRASES["intro_short"] if pinned.record.variants else "",
        hand=ordinal_word(trace.hand),
        trick=ordinal_word(trace.trick),
        leader=ctx.names[trace.leader],
        hands=_seats_text(ctx, hands, "; "),
    )
    if pinned.kind in (KIND_GIFTS, KIND_GAME_END):
        gifts = [f" {g}" for g in trace.start_gifts]
        text += PHRASES["intro_gifts"].format(gifts=_seats_text(ctx, gifts, ", "))
    return text


def _outro(ctx: StepContext, pinned: PinnedRecord) -> str:
    if pinned.kind != KIND_GIFTS:
        return ""
    gifts = [f" {g}" for g in ctx.trace.end_gifts]
    return PHRASES["outro_gifts"].format(gifts=_seats_text(ctx, gifts, ", "))


def _check_kind(pinned: PinnedRecord, steps: Sequence[Step], path: Path) -> None:
    """The example must still show its situation (engine or policy changes could lose it)."""
    claims = [step.claim for step in steps]
    missing = [
        t.__name__ for t in KIND_CLAIMS[pinned.kind] if not any(isinstance(c, t) for c in claims)
    ]
    if pinned.kind == KIND_TIE and not any(isinstance(c, WinsTrick) and c.tie_with for c in claims):
        missing.append("a tie on the lowest card")
    if missing:
        raise situation_lost(path, pinned.kind, missing, FINDER)


def render_example(spec: GameSpec, pinned: PinnedRecord, trace: TrickTrace) -> Example:
    """Turn a replayed pinned example into the rulebook's :class:`Example`."""
    ctx = step_context(spec, trace)
    steps = trick_steps(ctx)
    _check_kind(pinned, steps, pinned_path(spec, pinned.id))
    seed = "-" if pinned.record.seed is None else str(pinned.record.seed)
    return Example(
        id=pinned.id,
        title=pinned.title,
        intro=_intro(ctx, pinned),
        source=f"{EXAMPLES_FOLDER}/{pinned.id}.json · seed {seed} · "
        f"hand {trace.hand}, slag {trace.trick}",
        steps=steps,
        rules=KIND_RULES[pinned.kind],
        variants=pinned.record.variants,
        outro=_outro(ctx, pinned),
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
