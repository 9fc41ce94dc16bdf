"""The Stoomboot rulebook examples: real engine games, told one round at a time.

:data:`ROWS` is the example table, in rulebook order: a whole round, a
delivery, a Stoomrij made longer and one made shorter, then one example for
each of four expansions; each with the score its search gives a round (0: not
this situation). Every example is played twice, on the 5x5 map and on the 4x4
map of ``kleine-kaart``: that variant reshapes the table (:attr:`Story.reshaping`),
so a kit shows only the examples of its own map. :data:`STORY` plugs the game into :mod:`pnp.story`: the
round walker (:mod:`~pnp.games.stoomboot.story.trace`), the sentences told from the
engine's events (:mod:`~pnp.games.stoomboot.story.steps`, Dutch in
``cardspecs/stoomboot/rulebook/voorbeelden.toml``), each claiming that its event happened,
checked again on a fresh replay (:class:`~pnp.story.told.EventChecks`), and the search
(three players with the bundled cooperative policy, up to 300 seeds). Players are named by
seat: Anna, Bram, Cas.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from pnp.engine.core import Event
from pnp.example_model import Step
from pnp.games.stoomboot.kit.spec_config import config_from_spec
from pnp.games.stoomboot.policies.bots import HeuristicPolicy
from pnp.games.stoomboot.rules import events as ev
from pnp.games.stoomboot.rules.actions import Action
from pnp.games.stoomboot.rules.config import StoombootConfig
from pnp.games.stoomboot.rules.engine import ENGINE
from pnp.games.stoomboot.rules.state import StoombootState
from pnp.games.stoomboot.story.steps import FACTS, HANDLERS, RoundTelling
from pnp.games.stoomboot.story.table import table_figure
from pnp.games.stoomboot.story.trace import FOCUS, Play, Round, Rounds, RoundScene, Seen
from pnp.story import Cut, ExampleRow, Segment, Story
from pnp.story.told import EventChecks
from pnp.story.told import Telling as EventTelling

KIND_ROUND, KIND_DELIVERY, KIND_LONGER, KIND_SHORTER = "ronde", "bezorging", "langer", "korter"
KIND_ROCK, KIND_PIET, KIND_TELEFOON, KIND_KALENDER = "rots", "piet", "telefoon", "kalender"
HEURISTIC = "heuristic"
"""The name of the bundled policy, stored in the pinned files."""
SHOWN_EVENTS = ("harde-wind", "storm", "ozosnel", "lekkage", "extra-kolen")
"""Kalender events whose effect shows on the table."""


def _plain(r: Round) -> int:
    """1 for a round with the standard three positions that the game survives."""
    return int(len(r.started.row) == 2 and not r.events(ev.GameEnded))


def score_round(r: Round) -> int:
    """A whole round; ideally three positions, a card face up, the boat sailing at least
    two squares and turning, and a Stoomboot card lengthening or shortening the row."""
    if not r.events(ev.CardRevealed):
        return 0
    score = 1 + _plain(r) + any(e.face_up for e in r.events(ev.CardPlaced))
    score += sum(len(e.path) for e in r.events(ev.PawnMoved)) >= 2
    score += bool(r.events(ev.PawnTurned))
    score += bool(r.events(ev.RowLengthened) or r.events(ev.RowShortened))
    return score + (not r.events(ev.Delivered) and not r.events(ev.PawnBumped))


def score_delivery(r: Round) -> int:
    """A delivery; ideally to a house that wants two pakjes, after the boat sailed there
    in the same round."""
    delivered = r.events(ev.Delivered)
    if not delivered:
        return 0
    arrived = any(e.end == delivered[0].square for e in r.events(ev.PawnMoved))
    two = 2 * (len(delivered[0].cards) == 2)
    return 1 + _plain(r) + two + arrived + (len(delivered) == 1)


def score_longer(r: Round) -> int:
    """A Stoomboot card attached to the row; ideally on the right, in a plain round."""
    longer = [e for e in r.events(ev.RowLengthened) if e.cause == "stoomboot"]
    if not longer:
        return 0
    return 1 + _plain(r) + (longer[0].side == "rechts") + (len(longer) == 1)


def score_shorter(r: Round) -> int:
    """A Stoomboot card that did not fit, so the row was shortened; ideally a plain round."""
    shorter = r.events(ev.RowShortened)
    if not shorter or shorter[0].cause in ("lekkage", "schade"):
        return 0
    return 1 + _plain(r) + (len(shorter) == 1) + (len(shorter[0].row) >= 2)


def score_rock(r: Round) -> int:
    """The boat running into a rock and losing a Stoomrij card; ideally the game goes on."""
    rocks = [e for e in r.events(ev.PawnBumped) if e.cause == "rots" and e.pawn == "boot"]
    if not rocks or not r.events(ev.DamageTaken):
        return 0
    on = not r.events(ev.GameEnded)
    return 1 + on + (len(rocks) == 1) + (len(r.started.row) >= 2)


def score_piet(r: Round) -> int:
    """A Piet delivering; ideally a Piet that came onto the board this round."""
    by_piet = [e for e in r.events(ev.Delivered) if e.pawn.startswith("piet")]
    if not by_piet:
        return 0
    return 1 + _plain(r) + any(e.pawn == by_piet[0].pawn for e in r.events(ev.PietEntered))


def score_telefoon(r: Round) -> int:
    """A Telefoon delivered and the talk closed by the next card, in a plain round."""
    if not r.events(ev.TalkOpened):
        return 0
    return 1 + bool(r.events(ev.TalkClosed)) + _plain(r)


def score_kalender(r: Round) -> int:
    """A Kalender card with an event that changes the table; ideally in a plain round
    in which nothing runs into the edge or a rock."""
    drawn = r.events(ev.KalenderDrawn)
    if not any(not e.unseen and e.event in SHOWN_EVENTS for e in drawn):
        return 0
    return 1 + _plain(r) + (len(drawn) == 1) + (not r.events(ev.PawnBumped))


Row = ExampleRow[Round, Action]
SAILED = "sailed"
"""The last sentence of every example: the map after the round."""

ROWS: tuple[Row, ...] = (
    Row("een-hele-ronde", KIND_ROUND, ("ST-B3", "ST-B4", "ST-B5", "ST-B8"),
        ("placed_*", "revealed", SAILED), HEURISTIC, score_round, 7),
    Row("een-huis-bezorgd", KIND_DELIVERY, ("ST-B5", "ST-B6", "ST-B8"), ("delivered", SAILED),
        HEURISTIC, score_delivery, 6),
    Row("stoomrij-langer", KIND_LONGER, ("ST-C4", "ST-B5"), ("longer", SAILED), HEURISTIC,
        score_longer, 4),
    Row("stoomrij-korter", KIND_SHORTER, ("ST-C4", "ST-B5"), ("shorter", SAILED), HEURISTIC,
        score_shorter, 4),
    Row("schade-door-een-rots", KIND_ROCK, ("ST-E1", "ST-E2"), ("bumped_rots", "damage", SAILED),
        HEURISTIC, score_rock, 4, ("pepernoot-plekken",)),
    Row("een-piet-bezorgt", KIND_PIET, ("ST-R1", "ST-B6"), ("delivered", SAILED), HEURISTIC,
        score_piet, 3, ("rebelse-pietjes",)),
    Row("de-telefoon", KIND_TELEFOON, ("ST-P1",), ("talk_opened", SAILED), HEURISTIC,
        score_telefoon, 3, ("prachtige-pakjes",)),
    Row("een-kalenderkaart", KIND_KALENDER, ("ST-K1",), ("kalender_drawn", SAILED), HEURISTIC,
        score_kalender, 4, ("krappe-kalender",)),
)  # fmt: skip
"""Every example of the 5x5 map, in rulebook order: id, kind, rule IDs, the phrases it must be
told with (a prefix with ``*``), policy, score, ideal score and variants (its title is the
kind's in the phrase file)."""
BY_KIND = {row.kind: row for row in ROWS}


def rounds(segment: Segment[Action, Seen, Seen]) -> tuple[Round, ...]:
    """The round that starts in ``segment``, if any and if it ends there: the search's
    candidate (every score below is of a finished round)."""
    found = Round.of(segment)
    return () if found is None or not segment.finished else (found,)


def context(scene: RoundScene) -> RoundTelling:
    """Tell every card placed only in the whole round; the round's end with the Kalender;
    the facts from the record replayed under the scene's rules."""
    (found,) = rounds(scene.segment)
    full = (KIND_ROUND, KIND_DELIVERY, KIND_KALENDER)
    telling = EventTelling.of_scene(ENGINE, config_from_spec, FACTS, scene)
    return RoundTelling(scene, found, scene.kind == KIND_ROUND, scene.kind in full, telling)


def told(scene: RoundScene) -> Iterator[tuple[Play, Event]]:
    """Every event from the round's start on (its ``RoundEnded`` tells the route sailed)."""
    (found,) = rounds(scene.segment)
    return found.told()


def intro(ctx: RoundTelling) -> str:
    """Players, round, Sint, the Stoomrij and its open positions, and where the boat lies."""
    started, start = ctx.round.started, ctx.round.start
    eyes = [str(i) for i, eye in enumerate(started.open, start=1) if eye]
    eyes_key = "intro_eye" if len(eyes) == 1 else "intro_eyes"
    eye_text = ctx.say(eyes_key, eyes=ctx.language.join_words(eyes)) if eyes else ""
    square, heading = next((sq, h) for pawn, sq, h in start.pawns if pawn == "boot")
    house = ctx.house(square)
    return ctx.say(
        "intro",
        players=ctx.language.number_word(ctx.scene.pinned.record.num_players).capitalize(),
        round=ctx.language.ordinal_word(started.round),
        cards=ctx.count("kaart", len(started.row)),
        positions=ctx.count("positie", len(started.icons)),
        eyes=eye_text,
        place=ctx.say("at_house", house=house) if house else ctx.say("on_water"),
        heading=ctx.heading(heading),
    )


def missing(ctx: RoundTelling, steps: Sequence[Step]) -> list[str]:
    """The round must still be what the search looked for (a score above 0)."""
    return [] if BY_KIND[ctx.scene.kind].score(ctx.round) else [ctx.scene.kind]


STORY: Story[StoombootConfig, StoombootState, Action, Seen, Seen, Round, RoundTelling] = Story(
    finder="pnp pin stoomboot --update",
    focus=FOCUS,
    rows=ROWS,
    engine=ENGINE,
    config=config_from_spec,
    segments=Rounds,
    first_player=lambda _pinned, _segment: 0,
    context=context,
    handlers=HANDLERS,
    intro=intro,
    players=3,
    seeds=300,
    policies={HEURISTIC: HeuristicPolicy},
    candidates=lambda _spec, _row, _rules, segment: rounds(segment),
    cut=lambda r: Cut(r.last, (r.round,)),
    missing=missing,
    told=told,
    checks=EventChecks(FACTS),
    table=table_figure,
)
"""The Stoomboot examples told by :mod:`pnp.story`: three players, up to 300 seeds."""
