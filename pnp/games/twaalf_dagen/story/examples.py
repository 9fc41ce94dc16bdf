"""The twaalf-dagen rulebook examples: real engine games, told one trick at a time.

:data:`ROWS` is the example table: what each example shows and how
``pnp pin twaalf-dagen`` looks for it -- it scores every finished trick of
seeded games (0: not this situation; higher: closer to the ideal). :data:`STORY`
plugs the game into :mod:`pnp.story` with the trick walker
(:mod:`~pnp.games.twaalf_dagen.story.trace`) and the sentences told from the engine's
events (:mod:`~pnp.games.twaalf_dagen.story.steps`, Dutch in
``cardspecs/twaalf-dagen/rulebook/voorbeelden.toml``), each claiming that its event
happened, checked again on a fresh replay (:class:`~pnp.story.told.EventChecks`). Players are named
from the focus trick's leader: Anna, then clockwise Bram, Cas, ...

The searched players are the bundled heuristic, which never passes on a *set*
lead while it holds a legal set (not once in 500 test games); so the worked
trick -- four 11s led, two 8s in reply, a player who cannot respond, a player
who passes to keep a straight -- is searched with :class:`StraightKeeperPolicy`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pnp.games.twaalf_dagen.kit.spec_config import config_from_spec
from pnp.games.twaalf_dagen.policies import HeuristicPolicy
from pnp.games.twaalf_dagen.rules import actions as td
from pnp.games.twaalf_dagen.rules.config import VARIANT_SHORT
from pnp.games.twaalf_dagen.rules.engine import ENGINE
from pnp.games.twaalf_dagen.rules.events import (
    CardsReturned,
    GameEnded,
    GiftGiven,
    GiftNotGiven,
    HandWon,
    TrickWon,
)
from pnp.games.twaalf_dagen.story.steps import (
    FACTS,
    HANDLERS,
    ToldTrick,
    cards_text,
    kept_straight,
    straights,
)
from pnp.games.twaalf_dagen.story.table import table_figure
from pnp.games.twaalf_dagen.story.trace import FOCUS, Play, Trick, Tricks, TrickScene
from pnp.games.twaalf_dagen.view import TwaalfDagenView
from pnp.story import ExampleRow, Phrases, Story
from pnp.story.told import EventChecks
from pnp.story.told import Telling as EventTelling

HEURISTIC, STRAIGHT_KEEPER = "heuristic", "straight-keeper"
KIND_TRICK, KIND_TIE, KIND_TAKE_BACK = "trick", "tie", "take-back"
KIND_GIFTS, KIND_GAME_END = "gifts", "game-end"
KIND_STRAIGHT = "straight"


class StraightKeeperPolicy:
    """The heuristic, but a responder who cannot go out passes when every legal response
    would break the same straight of their hand (:func:`.steps.kept_straight`)."""

    name = STRAIGHT_KEEPER

    def __init__(self) -> None:
        self._heuristic = HeuristicPolicy()

    def choose(
        self, view: TwaalfDagenView, legal_actions: Sequence[td.Action], rng: random.Random
    ) -> td.Action:
        """Pass to keep a straight, else the heuristic's choice."""
        plays = [a for a in legal_actions if isinstance(a, int) and a != td.PASS]
        if not view.is_leading and plays and td.PASS in legal_actions:
            goes_out = any(td.play_length(a) == view.hand_size for a in plays)
            hand = [n for n in range(1, view.top + 1) for _ in range(view.hand[n])]
            responses = [td.play_cards(a) for a in plays]
            if not goes_out and kept_straight(hand, responses) is not None:
                return td.PASS
        return self._heuristic.choose(view, legal_actions, rng)


def big_set_lead(action: td.Action) -> bool:
    """A lead of a set of three or more equal cards."""
    return (
        isinstance(action, int) and td.play_kind(action) == td.SET and td.play_length(action) >= 3
    )


def _forced(moment: Play) -> bool:
    return moment.action == td.PASS and len(moment.before.legal) == 1


def _keeps_straight(moment: Play) -> bool:
    faced = moment.before
    return moment.action == td.PASS and kept_straight(faced.hand, faced.responses) is not None


def _quiet(trick: Trick) -> bool:
    """Nobody takes cards back and the hand goes on."""
    return not trick.has(CardsReturned) and not trick.has(HandWon)


def score_trick(trick: Trick) -> int:
    """The worked example: a set of 3+ answered by a lower set; ideally GAMES.md's exact trick.

    Ideal (15): four 11s led; two 8s reply right away and win; then a player
    who cannot respond and holds a set that is not low enough; then a player
    who passes to keep a straight.
    """
    lead, rest = trick.moments[0], trick.moments[1:]
    lead_cards = lead.before.cards
    lead_low = min(lead_cards)
    lower_sets = [m for m in rest if m.before.cards and min(m.before.cards) < lead_low]
    if not big_set_lead(lead.action) or not lower_sets or not _quiet(trick):
        return 0
    forced = [m for m in rest if _forced(m)]
    keeper = [m for m in rest if _keeps_straight(m)]
    winner = trick.events_of(TrickWon)[0].seat
    score = 1 + 4 * bool(forced) + 4 * bool(keeper)
    score += 2 * (lead_cards == (11, 11, 11, 11))
    score += 2 * any(m.before.cards == (8, 8) and m.actor == winner for m in rest)
    if len(rest) == 3:  # the replies come as in GAMES.md: the winning set, forced, kept
        reply, cannot, keeps = rest
        score += reply.actor == winner and _forced(cannot) and _keeps_straight(keeps)
    score += any(
        any(m.before.hand.count(n) >= 2 for n in m.before.hand if n > lead_low) for m in forced
    )
    return score


def straight_lead(action: td.Action) -> bool:
    """A lead of a straight of three or more cards."""
    return (
        isinstance(action, int)
        and td.play_kind(action) == td.STRAIGHT
        and td.play_length(action) >= 3
    )


def score_straight(trick: Trick) -> int:
    """A straight answered by a straight; ideally one answer, which wins.

    Ideal (12): a lead of three or more cards; the only answer wins with a card lower
    than the lead's low card (no tie), is longer or shorter than the lead and reaches
    above the low card; another player
    cannot answer although they hold a straight (it starts too high); few cards
    in the hands and short straights (four cards at most), so the example reads
    quickly.
    """
    lead, rest = trick.moments[0], trick.moments[1:]
    answers = [m for m in rest if m.before.cards]
    if not straight_lead(lead.action) or not answers or not _quiet(trick):
        return 0
    low = min(lead.before.cards)
    winner = trick.events_of(TrickWon)[0].seat
    score = 1 + (len(answers) == 1)
    won = [m for m in answers if m.actor == winner and min(m.before.cards) < low]
    if won:
        cards = won[0].before.cards
        score += 2 + 2 * (len(cards) != len(lead.before.cards)) + 2 * (max(cards) > low)
        score += len(cards) <= 4 and len(lead.before.cards) <= 4
    held = [m for m in rest if _forced(m) and straights(m.before.hand, shortest=2)]
    score += 2 * bool(held)
    return score + (sum(len(h) for h in trick.start.hands) <= 30)


def score_tie(trick: Trick) -> int:
    """A tie on the lowest card; ideally a set or single lead matched by one responder."""
    low = trick.events_of(TrickWon)[0].low
    lowest = [m for m in trick.moments if low in m.before.cards]
    if len(lowest) < 2:
        return 0
    plays = [m for m in trick.moments if m.before.cards]
    lead = trick.moments[0]
    simple = isinstance(lead.action, int) and td.play_kind(lead.action) in (td.SET, td.SINGLE)
    score = 1 + _quiet(trick) + simple
    return score + (lowest[0] is lead) + (len(plays) == 2)


def score_take_back(trick: Trick) -> int:
    """Last cards played that lose: ideally one responder, overtaken later, hand goes on."""
    returned = trick.events_of(CardsReturned)
    if not returned:
        return 0
    winner = trick.events_of(TrickWon)[0].seat
    played = next(m for m in trick.moments if m.actor == returned[0].seat)
    won = next(m for m in trick.moments if m.actor == winner and m.before.cards)
    score = 1 + (not trick.has(HandWon)) + (len(returned) == 1)
    return score + (played is not trick.moments[0]) + (won.index > played.index)


def score_gifts(trick: Trick) -> int:
    """A hand's end where a gift changes hands; ideally a tied player with no gift too."""
    if not trick.has(HandWon) or not trick.has(GiftGiven):
        return 0
    return 1 + 2 * trick.has(GiftNotGiven) + (not trick.has(CardsReturned))


def score_game_end(trick: Trick) -> int:
    """The end of a short game; ideally one winner and a gift handed over."""
    ended = trick.events_of(GameEnded)
    if not ended:
        return 0
    score = 1 + (len(ended[0].winners) == 1) + trick.has(GiftGiven)
    return score + (not trick.has(CardsReturned))


Row = ExampleRow[Trick, td.Action]

# fmt: off
ROWS: tuple[Row, ...] = (
    Row("reeks-op-reeks", KIND_STRAIGHT, ("TD-B2", "TD-B3"),
        claims=("lead*", "answer_*", "trick_won*"), policy=HEURISTIC,
        score=score_straight, ideal=12, only=straight_lead),
    Row("slag-met-elven", KIND_TRICK, ("TD-B2", "TD-B3", "TD-B4"),
        claims=("lead*", "respond_*", "cannot_*", "keep_straight", "trick_won*"),
        policy=STRAIGHT_KEEPER, score=score_trick, ideal=15, only=big_set_lead),
    Row("gelijke-lage-kaart", KIND_TIE, ("TD-B4",),
        claims=("trick_won_tie",), policy=HEURISTIC, score=score_tie, ideal=5),
    Row("laatste-kaarten-terug", KIND_TAKE_BACK, ("TD-B5",),
        claims=("takes_back*",), policy=HEURISTIC, score=score_take_back, ideal=5),
    Row("geschenken-na-een-ronde", KIND_GIFTS, ("TD-B5", "TD-B6"),
        claims=("hand_won", "gift_earned*", "gift_given*"), policy=HEURISTIC,
        score=score_gifts, ideal=4),
    Row("einde-kort-spel", KIND_GAME_END, ("TD-B6", "TD-B7", "TD-K1"),
        claims=("hand_won", "game_*"), policy=HEURISTIC, score=score_game_end, ideal=4,
        variants=(VARIANT_SHORT,)),
)
# fmt: on
"""Every example in rulebook order: id, kind, rule IDs, the phrases it must be told with (a
prefix with ``*``) and how the finder looks for it (its title is its kind's in the phrase file)."""


def _seats(scene: TrickScene, values: Sequence[object]) -> list[str]:
    """ "Anna<value>" for every seat, clockwise from the leader."""
    return [f"{scene.names[s]}{values[s]}" for s in scene.clockwise()]


def intro(told: ToldTrick) -> str:
    """Players, hand and trick, the leader and everybody's cards (and gifts at a hand's end)."""
    scene = told.scene
    start = scene.segment.start
    text = scene.say(
        "intro",
        players=scene.language.number_word(len(scene.names)).capitalize(),
        variant=scene.say("intro_short") if scene.variants else "",
        hand=scene.language.ordinal_word(start.hand),
        trick=scene.language.ordinal_word(start.trick),
        leader=scene.names[scene.segment.moments[0].actor],
        hands="; ".join(_seats(scene, [": " + " ".join(map(str, h)) for h in start.hands])),
    )
    if scene.kind in (KIND_GIFTS, KIND_GAME_END):
        gifts = ", ".join(_seats(scene, [f" {g}" for g in start.gifts]))
        text += scene.say("intro_gifts", gifts=gifts)
    elif start.hand == 1 and start.gifts and all(g == 1 for g in start.gifts):
        text += scene.say("intro_start_gifts")  # TD-K1: the short game starts with one each
    return text


def outro(told: ToldTrick) -> str:
    """Everybody's gifts after the hand, for the example about gifts."""
    scene = told.scene
    if scene.kind != KIND_GIFTS:
        return ""
    gifts = ", ".join(_seats(scene, [f" {g}" for g in scene.segment.end.gifts]))
    return scene.say("outro_gifts", gifts=gifts)


def title(phrases: Phrases, trick: Trick) -> Mapping[str, str]:
    """The lead, for the title of the worked trick ("Een slag met vier elven")."""
    return {"lead": cards_text(phrases, trick.moments[0].before.cards)}


STORY = Story(
    finder="pnp pin twaalf-dagen --update",
    focus=FOCUS,
    rows=ROWS,
    engine=ENGINE,
    config=config_from_spec,
    segments=Tricks,
    context=lambda scene: ToldTrick(
        scene, EventTelling.of_scene(ENGINE, config_from_spec, FACTS, scene)
    ),
    handlers=HANDLERS,
    intro=intro,
    players=4,
    seeds=4000,
    policies={HEURISTIC: HeuristicPolicy, STRAIGHT_KEEPER: StraightKeeperPolicy},
    outro=outro,
    title=title,
    checks=EventChecks(FACTS),
    table=lambda told, table: table_figure(told.scene, table),
)
"""Four players, up to 4000 seeds per group of examples played alike."""
