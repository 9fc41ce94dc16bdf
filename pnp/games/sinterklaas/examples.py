"""The Sinterklaas rulebook examples, rendered from pinned engine games.

Every example is a real game played by the engine, pinned by
:mod:`pnp.games.sinterklaas.example_finder` (the records and their replay:
:mod:`~pnp.games.sinterklaas.example_trace`; which examples, in which order:
:mod:`~pnp.games.sinterklaas.example_cases`). :func:`rulebook_examples`
replays each record with the engine configured from the spec tables and turns
the events of the told part of the focus round into Dutch sentences
(:mod:`~pnp.games.sinterklaas.example_steps`) through the phrase templates of
:mod:`~pnp.games.sinterklaas.example_phrases`. Each sentence shows the real
cards it mentions and carries a claim
(:mod:`~pnp.games.sinterklaas.example_claims`) that the test suite checks
against the engine state, independently of the event log.

Players get Dutch first names instead of seat numbers: the Sint of the focus
round is Anna, then clockwise Bram, Cas, Daan, Eva and Fleur.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.engine.core import Event
from pnp.games.sinterklaas import events as ev
from pnp.games.sinterklaas.cards import card_name, card_table
from pnp.games.sinterklaas.example_cases import (
    KIND_ACTION,
    KIND_ONE_LEFT,
    KIND_PART,
    KIND_PRECIES,
    KIND_RULES,
    KIND_SHOWDOWN,
    KIND_TIE_NUMBER,
    KIND_TIE_TOTAL,
    PART_OPENING,
    PART_SHOWDOWN,
    PINNED_CASES,
)
from pnp.games.sinterklaas.example_claims import (
    BY_KIND,
    BY_TOTAL,
    KIND_CLAIMS,
    ActionClaim,
    LastOneLeft,
    Reveals,
    Shows,
    Strikes,
    WinsShowdown,
)
from pnp.games.sinterklaas.example_phrases import NAMES, PHRASES, card_list, cards_count
from pnp.games.sinterklaas.example_steps import StepContext, round_steps, unsupported
from pnp.games.sinterklaas.example_trace import FINDER, Moment, RoundTrace, Table, load_pinned
from pnp.games.sinterklaas.spec_config import config_from_spec
from pnp.games.sinterklaas.steps import STOPPED
from pnp.rulebook.dutch import join_words, number_word, ordinal_word
from pnp.rulebook.example import CardPicture, Example, Step, kit_examples
from pnp.spec.model import GameSpec
from pnp.story.pinned import EXAMPLES_FOLDER, PinnedCase, PinnedRecord, pinned_path, situation_lost

CARD_COMPONENTS = ("deck", "acties", "pietje-precies")
"""The components whose rows are cards of the stack (drawn by their row id)."""


def step_context(spec: GameSpec, variants: Sequence[str], trace: RoundTrace) -> StepContext:
    """Names, card texts and drawings for the steps of ``trace``, from the spec tables."""
    config = config_from_spec(spec, variants)
    pictures: dict[str, CardPicture] = {}
    action_names: dict[str, str] = {}
    for component in spec.components:
        if component.id in CARD_COMPONENTS:
            for row in component.rows:
                pictures[row.id] = CardPicture(component.id, row.id)
                if component.id != "deck":
                    action_names[row.id] = row.text("name")
    n, sint = trace.num_players, trace.start.sint
    return StepContext(
        names=tuple(NAMES[(seat - sint) % n] for seat in range(n)),
        action_names=action_names,
        pictures_of=pictures,
        small_sint=CardPicture("sint", spec.component("sint").rows[0].id),
        big_sint=CardPicture("grote-sint", spec.component("grote-sint").rows[0].id),
        table=card_table(config.kinds),
        precise=config.precise,
        reveals=config.reveals,
        trace=trace,
    )


def told_moments(kind: str, trace: RoundTrace) -> tuple[Moment, ...]:
    """The moments of the focus round an example of ``kind`` tells."""
    part = KIND_PART[kind]
    if part == PART_SHOWDOWN:
        return trace.moments[trace.showdown_start() :]
    if part == PART_OPENING:
        return trace.moments[: trace.opening_end()]
    return trace.moments


def told_events(moments: Sequence[Moment], scoring_only: bool) -> list[Event]:
    """The events of ``moments`` an example tells (``scoring_only``: from the first strike or
    combination on; the first moment of a showdown may end the last bidding turn)."""
    events = [e for m in moments for e in m.events]
    if scoring_only:
        starts = [i for i, e in enumerate(events) if isinstance(e, SCORING_EVENTS)]
        events = events[starts[0] :] if starts else []
    return events


SCORING_EVENTS = (ev.CardStruck, ev.CombinationShown)
"""The events a showdown starts with."""


def _clockwise(ctx: StepContext, seats: Sequence[int]) -> list[int]:
    n, sint = ctx.trace.num_players, ctx.trace.start.sint
    return sorted(seats, key=lambda s: (s - sint) % n)


def _hands(ctx: StepContext, table: Table, seats: Sequence[int]) -> str:
    """ "Anna: rode 2, gele 5; Bram: …" clockwise from the Sint."""
    return "; ".join(
        f"{ctx.names[s]}: {card_list([card_name(c) for c in table.hands[s]], ctx.action_names)}"
        for s in _clockwise(ctx, seats)
    )


def _intro(spec: GameSpec, ctx: StepContext, pinned: PinnedRecord) -> str:
    trace = ctx.trace
    n = trace.num_players
    variant = "".join(
        PHRASES["intro_variant"].format(name=spec.variants[v].name)
        for v in pinned.record.variants
        if v in spec.variants
    )
    common = {
        "players": number_word(n).capitalize(),
        "round": ordinal_word(trace.round),
        "variant": variant,
        "sint": ctx.names[trace.start.sint],
    }
    part = KIND_PART[pinned.kind]
    if part != PART_SHOWDOWN:
        key = "intro_opening" if part == PART_OPENING else "intro_round"
        return PHRASES[key].format(**common, hands=_hands(ctx, trace.start, range(n)))
    table = trace.moments[trace.showdown_start()].before
    left = [s for s in range(n) if table.status[s] != STOPPED]
    out = _clockwise(ctx, [s for s in range(n) if table.status[s] == STOPPED])
    stopped = ""
    if out:
        stopped = PHRASES["intro_stopped"].format(
            names=join_words([ctx.names[s] for s in out]), verb="is" if len(out) == 1 else "zijn"
        )
    return PHRASES["intro_showdown"].format(
        **common,
        left=join_words([ctx.names[s] for s in _clockwise(ctx, left)])
        if out
        else f"alle {number_word(n)} spelers",
        stopped=stopped,
        pile=cards_count(table.pile),
        room=card_list([card_name(c) for c in table.room], ctx.action_names),
        hands=_hands(ctx, table, left),
    )


def missing_claims(kind: str, steps: Sequence[Step]) -> list[str]:
    """What an example of ``kind`` lacks to show its situation (empty: nothing)."""
    claims = [step.claim for step in steps]
    missing = [t.__name__ for t in KIND_CLAIMS[kind] if not any(isinstance(c, t) for c in claims)]
    wins = [c for c in claims if isinstance(c, WinsShowdown)]
    if kind == KIND_SHOWDOWN and len([c for c in claims if isinstance(c, Reveals)]) != 3:
        missing.append("three reveals")
    if kind == KIND_TIE_NUMBER and not any(c.reason == BY_KIND for c in wins):
        missing.append("a number beating a colour of the same size")
    if kind == KIND_TIE_TOTAL and not any(c.reason == BY_TOTAL for c in wins):
        missing.append("a higher total deciding")
    if kind == KIND_PRECIES:
        strikers = {c.seat for c in claims if isinstance(c, Strikes) and c.card}
        straights = {
            c.seat for c in claims if isinstance(c, Shows) and c.kind == "straight" and c.struck
        }
        if not any(c.seat in strikers & straights for c in wins):
            missing.append("a winning straight after a strike")
    if kind == KIND_ACTION:
        if not any(isinstance(c, ActionClaim) for c in claims):
            missing.append("an action card that works")
        if not any(isinstance(c, WinsShowdown | LastOneLeft) for c in claims):
            missing.append("the end of the round")
    if kind == KIND_ONE_LEFT and any(isinstance(c, WinsShowdown) for c in claims):
        missing.append("no showdown")
    return missing


def render_example(spec: GameSpec, pinned: PinnedRecord, trace: RoundTrace) -> Example:
    """Turn a replayed pinned example into the rulebook's :class:`Example`."""
    path = pinned_path(spec, pinned.id)
    moments = told_moments(pinned.kind, trace)
    ctx = step_context(spec, pinned.record.variants, trace)
    scoring = KIND_PART[pinned.kind] == PART_SHOWDOWN
    lost = unsupported(told_events(moments, scoring))
    try:
        steps = round_steps(ctx, moments, scoring)
    except ValueError as exc:
        lost.append(str(exc))
        steps = ()
    lost += missing_claims(pinned.kind, steps)
    if lost:
        raise situation_lost(path, pinned.kind, lost, FINDER)
    seed = "-" if pinned.record.seed is None else str(pinned.record.seed)
    return Example(
        id=pinned.id,
        title=pinned.title,
        intro=_intro(spec, ctx, pinned),
        source=f"{EXAMPLES_FOLDER}/{pinned.id}.json · seed {seed} · ronde {trace.round}",
        steps=steps,
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
