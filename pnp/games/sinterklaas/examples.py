"""The Sinterklaas rulebook examples: real engine games, told one round (or part of it) at a time.

:data:`ROWS` is the example table, in rulebook order; :data:`STORY` plugs the
game into :mod:`pnp.story`: the round walker
(:mod:`~pnp.games.sinterklaas.example_trace`), the sentences
(:mod:`~pnp.games.sinterklaas.example_steps`, Dutch in
``cardspecs/sinterklaas/rulebook/voorbeelden.toml``) and the search
(:mod:`~pnp.games.sinterklaas.example_scores`). An example tells its whole
focus round, only its showdown (the intro shows the table after the last
bidding lap) or only the opening of *Wie kent hem niet?*. Players are named
from the Sint of the focus round: Anna, then clockwise Bram, Cas, Daan, ...
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.engine.core import Event
from pnp.games.sinterklaas import events as ev
from pnp.games.sinterklaas import example_claims as c
from pnp.games.sinterklaas import example_scores as s
from pnp.games.sinterklaas.actions import DONE, Action
from pnp.games.sinterklaas.config import ACTIEPIET, PIETJE_PRECIES_VARIANT, WIE_KENT_HEM_NIET
from pnp.games.sinterklaas.config import SinterklaasConfig as Config
from pnp.games.sinterklaas.engine import ENGINE, SinterklaasState
from pnp.games.sinterklaas.example_policy import HEURISTIC, PLANNER, PreciesPlanner
from pnp.games.sinterklaas.example_steps import HANDLERS, BigOpeningDone, Telling
from pnp.games.sinterklaas.example_trace import (
    FOCUS,
    Play,
    Round,
    Rounds,
    Table,
    opening_end,
    showdown_start,
)
from pnp.games.sinterklaas.policies import HeuristicPolicy
from pnp.games.sinterklaas.spec_config import config_from_spec
from pnp.games.sinterklaas.steps import OPEN_BIG, REVEAL, STOPPED
from pnp.rulebook.dutch import join_words, number_word, ordinal_word
from pnp.rulebook.example import Example, Step
from pnp.spec.model import GameSpec
from pnp.story import Cut, ExampleRow, PinnedRecord, Story, missing_claims
from pnp.story import rulebook_examples as told_examples

ROUND, SHOWDOWN, OPENING = "round", "showdown", "opening"
"""The part of the focus round an example tells."""

Row = ExampleRow[s.Told, Action]

ROWS: tuple[Row, ...] = (
    Row("biedronde-tot-de-showdown", "showdown", ("SK-B4", "SK-B7", "SK-B8"),
        (c.Reveals, c.Turn, c.Shows, c.WinsShowdown), HEURISTIC, s.score_showdown, 8),
    Row("getal-gaat-voor-kleur", "tie-number", ("SK-B7",),
        (c.Shows, c.WinsShowdown), HEURISTIC, s.score_tie_number, 5),
    Row("hoogste-totaal-wint", "tie-total", ("SK-B7",),
        (c.Shows, c.WinsShowdown), HEURISTIC, s.score_tie_total, 5),
    Row("nog-maar-een-speler", "one-left", ("SK-B4", "SK-B5"),
        (c.Reveals, c.Turn, c.LastOneLeft), HEURISTIC, s.score_one_left, 6),
    Row("pietje-precies-straatje", "pietje-precies", ("SK-P1", "SK-P2", "SK-P3"),
        (c.Strikes, c.Shows, c.WinsShowdown), PLANNER, s.score_precies, 4,
        (PIETJE_PRECIES_VARIANT,)),
    Row("actiepiet-in-het-bod", "action", ("SK-A1",),
        (c.Reveals, c.Turn), HEURISTIC, s.score_action, 6, (ACTIEPIET,)),
    Row("opening-kleine-en-grote-sint", "opening", ("SK-W1", "SK-W2", "SK-W3"),
        (c.GivesBigSint, c.OpensSmall, c.OpensBig), HEURISTIC, s.score_opening, 3,
        (WIE_KENT_HEM_NIET,)),
)  # fmt: skip
"""Every example, in rulebook order: id, kind, rules, the claims it must make, how it is
searched (policy, score, ideal) and its variants."""

PART = {
    "tie-number": SHOWDOWN,
    "tie-total": SHOWDOWN,
    "pietje-precies": SHOWDOWN,
    "opening": OPENING,
}
"""The part of the focus round each kind of example tells, if not the whole round."""

SUPPORTED_ACTIONS = ("schoenpiet", "wisselpiet", "amerigo", "stafpiet")
"""The action cards whose effects the examples can tell."""

TOLD: tuple[type[Event], ...] = (ev.LapStarted, ev.ActionTriggered, ev.RoundEnded, BigOpeningDone)
TOLD += (ev.CardRevealed, ev.CardBid, ev.WentAlong, ev.Stopped, ev.CardsDrawn, ev.RoomSwapped)
TOLD += (ev.SintChanged, ev.BigSintGiven, ev.CardStruck, ev.CombinationShown, ev.RoundWon)
"""The events an example can tell (the first three need no sentence of their own)."""


def told_events(kind: str, segment: Round) -> list[tuple[Play, Event]]:
    """The ``(moment, event)`` pairs an example of ``kind`` tells, up to the round's end: the
    whole round, its opening, or its showdown from the first strike or combination on."""
    part, moments = PART.get(kind, ROUND), segment.moments
    if part == SHOWDOWN:
        moments = moments[showdown_start(segment) :]
    elif part == OPENING:
        moments = moments[: opening_end(segment)]
    told: list[tuple[Play, Event]] = []
    for moment in moments:
        if moment.before.node[0] == OPEN_BIG and moment.action == DONE:
            told.append((moment, BigOpeningDone()))
        told += [(moment, event) for event in moment.events]
        ends = [i for i, (_, e) in enumerate(told) if isinstance(e, ev.RoundEnded)]
        if ends:
            told = told[: ends[0] + 1]
            break
    if part == SHOWDOWN:
        starts = [
            i for i, (_, e) in enumerate(told) if isinstance(e, ev.CardStruck | ev.CombinationShown)
        ]
        told = told[starts[0] :] if starts else []
    return told


def unsupported(events: Sequence[Event]) -> list[str]:
    """The events told that no sentence can tell (the search skips such rounds)."""
    out = []
    for event in events:
        if isinstance(event, ev.ActionTriggered) and event.card not in SUPPORTED_ACTIONS:
            out.append(f"{event.event_type} {event.card}")
        elif (isinstance(event, ev.CardsDrawn) and event.reason != "schoenpiet") or (
            isinstance(event, ev.SintChanged) and event.reason == "first-stop"
        ):
            out.append(f"{event.event_type} {event.reason}")
        elif isinstance(event, ev.AllIn | ev.RoundTied | ev.BigSintCannotDouble) or not isinstance(
            event, TOLD
        ):
            out.append(event.event_type)
    return out


def missing(ctx: Telling, steps: Sequence[Step]) -> list[str]:
    """What an example lacks to show its kind besides its claim types (empty: nothing)."""
    lost = unsupported([e for _, e in told_events(ctx.kind, ctx.segment)]) + ctx.problems
    claims, kind = [step.claim for step in steps], ctx.kind
    wins = [x for x in claims if isinstance(x, c.WinsShowdown)]
    if kind == "showdown" and len([x for x in claims if isinstance(x, c.Reveals)]) != 3:
        lost.append("three reveals")
    if kind == "tie-number" and not any(x.reason == c.BY_KIND for x in wins):
        lost.append("a number beating a colour of the same size")
    if kind == "tie-total" and not any(x.reason == c.BY_TOTAL for x in wins):
        lost.append("a higher total deciding")
    if kind == "pietje-precies":
        strikers = {x.seat for x in claims if isinstance(x, c.Strikes) and x.card}
        straights = {
            x.seat for x in claims if isinstance(x, c.Shows) and x.kind == "straight" and x.struck
        }
        if not any(x.seat in strikers & straights for x in wins):
            lost.append("a winning straight after a strike")
    if kind == "action":
        if not any(isinstance(x, c.ActionClaim) for x in claims):
            lost.append("an action card that works")
        if not any(isinstance(x, c.WinsShowdown | c.LastOneLeft) for x in claims):
            lost.append("the end of the round")
    if kind == "one-left" and wins:
        lost.append("no showdown")
    return lost


def intro(ctx: Telling) -> str:
    """Players, round, variants and the Sint; the hands after the deal, or at the showdown
    who is still in, the pile, the Pakjeskamer and their hands."""
    n, start = len(ctx.names), ctx.segment.start
    variant = "".join(
        ctx.say("intro_variant", name=ctx.spec.variants[v].name)
        for v in ctx.variants
        if v in ctx.spec.variants
    )
    clockwise = [(start.sint + k) % n for k in range(n)]
    common = {
        "players": number_word(n).capitalize(),
        "round": ordinal_word(start.round),
        "variant": variant,
        "sint": ctx.names[start.sint],
    }

    def hands(table: Table, seats: Sequence[int]) -> str:
        return "; ".join(f"{ctx.names[x]}: {ctx.listed(table.hands[x])}" for x in seats)

    part = PART.get(ctx.kind, ROUND)
    if part != SHOWDOWN:
        key = "intro_opening" if part == OPENING else "intro_round"
        return ctx.say(key, **common, hands=hands(start, clockwise))
    table = ctx.segment.moments[showdown_start(ctx.segment)].before
    left = [x for x in clockwise if table.status[x] != STOPPED]
    out = [ctx.names[x] for x in clockwise if table.status[x] == STOPPED]
    stopped = ctx.say(
        "intro_stopped_one" if len(out) == 1 else "intro_stopped", names=join_words(out)
    )
    return ctx.say(
        "intro_showdown",
        **common,
        left=join_words([ctx.names[x] for x in left])
        if out
        else ctx.say("intro_everyone", count=number_word(n)),
        stopped=stopped if out else "",
        pile=ctx.count("kaart", table.pile),
        room=ctx.listed(table.room),
        hands=hands(table, left),
    )


def ends(row: Row, pinned: PinnedRecord, segment: Round) -> str | None:
    """Why a pinned record does not end where its example ends (``None``: it does)."""
    if PART.get(row.kind) == OPENING:
        if opening_end(segment) != len(segment.moments) or segment.end.node[:1] != (REVEAL,):
            return "the record does not end with the opening of the focus round"
        return None
    return (
        None if segment.finished else f"the record ends before round {segment.start.round} is over"
    )


def candidates(spec: GameSpec, row: Row, segment: Round) -> tuple[s.Told]:
    """The round told as ``row``'s example would tell it (no claims if it cannot)."""
    if PART.get(row.kind) == OPENING:
        end = opening_end(segment)
        last = segment.moments[end].before if end < len(segment.moments) else segment.end
        segment = Round(segment.start, last, segment.moments[:end], False)
    elif not segment.finished:
        return (s.Told(segment, ()),)
    if not segment.moments:
        return (s.Told(segment, ()),)
    ctx = Telling(spec, row.kind, row.variants, segment, s.phrases_of(spec))
    steps = HANDLERS.steps(ctx, told_events(row.kind, segment))
    if missing_claims(row.claims, steps) or missing(ctx, steps):
        return (s.Told(segment, ()),)
    return (s.Told(segment, tuple(step.claim for step in steps), ctx.action_names),)


STORY: Story[Config, SinterklaasState, Action, Table, Table, s.Told, Telling] = Story(
    finder="pnp.games.sinterklaas.example_finder",
    focus=FOCUS,
    rows=ROWS,
    engine=ENGINE,
    config=config_from_spec,
    segments=Rounds,
    first_player=lambda _pinned, segment: segment.start.sint,
    context=Telling.of,
    handlers=HANDLERS,
    intro=intro,
    players=4,
    seeds=2000,
    policies={HEURISTIC: HeuristicPolicy, PLANNER: PreciesPlanner},
    candidates=candidates,
    cut=lambda told: Cut(told.segment.last, (told.segment.start.round,)),
    missing=missing,
    told=lambda scene: told_events(scene.kind, scene.segment),
    ends=ends,
    title=lambda _phrases, told: {"action": told.action()},
)
"""The Sinterklaas examples told by :mod:`pnp.story`: four players, up to 2000 seeds."""


def rulebook_examples(spec: GameSpec, variants: tuple[str, ...]) -> list[Example]:
    """The examples of a kit with ``variants``, replayed from the pinned records and told."""
    return told_examples(STORY, spec, variants)
