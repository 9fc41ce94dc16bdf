"""The Sinterklaas rulebook examples: real engine games, told one round (or part of it) at a time.

:data:`ROWS` is the example table, with the search's scores and its Pietje
Precies player; :data:`STORY` plugs the game into :mod:`pnp.story`: the round
walker (:mod:`~pnp.games.sinterklaas.story.trace`) and the sentences
(:mod:`~pnp.games.sinterklaas.story.steps`, Dutch in
``cardspecs/sinterklaas/rulebook/voorbeelden.toml``). An example tells its
whole focus round, only its showdown (the intro shows the table after the
last bidding lap) or only the opening of *Wie kent hem niet?*. The search
tells every round as each example would; a round scores 0 when it is not the
situation, higher the closer it comes to the ideal shape each ``score_*``
names. Players are named from the Sint of the focus round: Anna, then
clockwise Bram, Cas, Daan, ...
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TypeVar

from pnp.engine.core import Event
from pnp.example_model import Step
from pnp.games.sinterklaas.kit.spec_config import config_from_spec
from pnp.games.sinterklaas.policies import HeuristicPolicy
from pnp.games.sinterklaas.rules import actions as act
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.actions import Action
from pnp.games.sinterklaas.rules.cards import PIETJE_PRECIES, card_name, parse_card
from pnp.games.sinterklaas.rules.config import (
    ACTIEPIET,
    BIEDREGEL,
    EERSTE_STOPPER,
    HANDREGEL,
    INWISSELEN,
    MEER_PAKJES,
    MINDER_PAKJES,
    OVERSCHATTING,
    PIETJE_PRECIES_VARIANT,
    REMISE,
    SPECULAAS,
    SURPRISES,
    WIE_KENT_HEM_NIET,
)
from pnp.games.sinterklaas.rules.config import SinterklaasConfig as Config
from pnp.games.sinterklaas.rules.engine import ENGINE, SinterklaasState
from pnp.games.sinterklaas.rules.steps import LAP, OPEN_BIG, REVEAL, STOPPED, STRIKE
from pnp.games.sinterklaas.story import claims as c
from pnp.games.sinterklaas.story import trace as tr
from pnp.games.sinterklaas.story.checks import CHECKS
from pnp.games.sinterklaas.story.steps import HANDLERS, BigOpeningDone, Telling
from pnp.games.sinterklaas.story.table import table_figure
from pnp.games.sinterklaas.view import SinterklaasView
from pnp.spec.model import GameSpec
from pnp.story import Cut, ExampleRow, Phrases, PinnedRecord, Story, load_phrases, missing_claims

HEURISTIC, PLANNER, EARLY_PLANNER = "heuristic", "precies-planner", "early-precies-planner"
T = TypeVar("T")


class PreciesPlanner:
    """The heuristic, except in the bidding laps of Pietje Precies games (SK-P1).

    There a combination only counts with *all* scoring cards, so the
    heuristic's odds are nearly always zero and no round shows a strike. The
    planner checks when it may before the last reveal; in the last lap it keeps
    the largest part of the hand that (with the Pakjeskamer and one strike per
    Pietje Precies card in the bid or hand) is a combination of all cards, and
    bids the rest (Pietje Precies cards first) while that matches the highest bid.
    """

    name = PLANNER
    early = 0
    """Reveals still to come when the planning starts (0: in the last lap)."""

    def __init__(self) -> None:
        self._heuristic = HeuristicPolicy()

    def keep(self, view: SinterklaasView, most: int) -> tuple[int, ...]:
        """The best part of the hand (at most ``most`` cards, no Pietje Precies) to keep; ``()``:
        none. Best: the highest combination of all cards (with the strikes), then the most cards.
        """
        own = [x for x in view.hand if x >> 8 == PIETJE_PRECIES]
        rest = [x for x in view.hand if x >> 8 != PIETJE_PRECIES]
        strikes = self._heuristic.strikes(view) + len(own)
        best: tuple[int, int, tuple[int, ...]] = (0, 0, ())
        for size in range(min(most, len(rest)), 0, -1):
            for part in combinations(rest, size):
                key = self._heuristic.key(view, [*part, *view.room], strikes)
                if key and (key, size) > best[:2]:
                    best = (key, size, part)
        return best[2]

    def choose(
        self, view: SinterklaasView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """The planner's move (see the class docstring), else the heuristic's."""
        moves = [a for a in legal_actions if isinstance(a, int)]
        if not (view.in_turn and view.step[0] == LAP and view.config.precise):
            return self._heuristic.choose(view, legal_actions, rng)
        bid, high = len(view.own_bid), view.highest_of_others
        if view.reveals_left > self.early:
            if high <= bid and act.DONE in moves:
                return act.DONE
            return self._heuristic.choose(view, legal_actions, rng)
        spare = list(view.hand)
        keep = self.keep(view, len(spare) - max(0, high - bid))
        if not keep:
            return self._heuristic.choose(view, legal_actions, rng)
        for card in keep:
            spare.remove(card)
        spare.sort(key=lambda x: (x >> 8 != PIETJE_PRECIES, x))
        if spare and act.add(spare[0]) in moves:
            return act.add(spare[0])
        if act.DONE in moves:
            return act.DONE
        return act.STOP if act.STOP in moves else moves[0]


class EarlyPreciesPlanner(PreciesPlanner):
    """The :class:`PreciesPlanner`, planning one reveal early (SK-P1).

    After the second reveal it already keeps the part of its hand that is a
    combination of all cards with the Pakjeskamer so far, so the last card
    turned may spoil it: then one card keeps everything from counting, the
    situation of ``pietje-precies-niets-waard``, which players who plan only
    once every card is known (nearly) never reach.
    """

    name = EARLY_PLANNER
    early = 1


# ---------------------------------------------------------------------------
# The search's scores


@dataclass(frozen=True)
class Told:
    """A round as an example of one kind would tell it: its claims (empty if it cannot)."""

    segment: tr.Round
    claims: tuple[object, ...]
    action_names: Mapping[str, str] = field(default_factory=dict)
    reveals: int = 3
    """The Pakjeskamer reveals (and bidding laps) of a round in the game played (SK-B4, SK-M1)."""

    def of(self, kind: type[T]) -> list[T]:
        """The claims of type ``kind``, in order."""
        return [x for x in self.claims if isinstance(x, kind)]

    def win(self) -> c.WinsShowdown | None:
        """The showdown's result, if the round ended with one."""
        return next(iter(self.of(c.WinsShowdown)), None)

    def turns(self) -> list[c.Turn]:
        """The bidding turns."""
        return self.of(c.Turn)

    def shows(self) -> dict[int, c.Shows]:
        """The combinations shown at the showdown, by seat."""
        return {x.seat: x for x in self.of(c.Shows)}

    def lap(self, turn: c.Turn) -> int:
        """The bidding lap of ``turn`` (1 for the lap after the first reveal)."""
        return next(m.before.node[1] for m in self.segment.moments if m.index == turn.first)

    def ready(self) -> c.WinsShowdown | None:
        """The showdown's result if the scoring starts cleanly: after a ``done`` (or at a
        strike), with a pile to win."""
        win = self.win()
        if win is None or win.pile < 1:
            return None
        moment = self.segment.moments[tr.showdown_start(self.segment)]
        return win if moment.action == act.DONE or moment.before.node[0] == STRIKE else None


def score_showdown(told: Told) -> int:
    """A whole round of all its reveals ending in a showdown; ideally: two or three players
    left, a stop, a raise after the first lap, a win on count, at most four turns per reveal,
    a pile of two cards per reveal or more, a new Sint (8)."""
    win, turns, reveals = told.win(), told.turns(), told.reveals
    if win is None or win.pile < 1 or len(told.of(c.Reveals)) != reveals:
        return 0
    score = 1 + (len(told.shows()) in (2, 3)) + any(t.outcome == c.STOP for t in turns)
    score += any(t.outcome == c.RAISE and told.lap(t) > 1 for t in turns)
    score += (win.reason == c.BY_COUNT) + (len(turns) <= 4 * reveals) + (win.pile >= 2 * reveals)
    return score + (win.seat != told.segment.start.sint)


def score_tie_number(told: Told) -> int:
    """Equal count, a number beats a colour; ideally: two players, three cards or more, the
    colour with the higher total (so the kind clearly comes before the total), a pile of
    four or more (5)."""
    win, shows = told.ready(), told.shows()
    if win is None or win.reason != c.BY_KIND:
        return 0
    if (shows[win.seat].kind, shows[win.other].kind) != ("number", "colour"):
        return 0
    score = 1 + (len(shows) == 2) + (win.count >= 3) + (win.other_total > win.total)
    return score + (win.pile >= 4)


def score_tie_total(told: Told) -> int:
    """Equal count and kind, the higher total wins; ideally: two players, three cards or
    more, colours (as in the rule's own example), a pile of four or more (5)."""
    win, shows = told.ready(), told.shows()
    if win is None or win.reason != c.BY_TOTAL:
        return 0
    score = 1 + (len(shows) == 2) + (win.count >= 3) + (shows[win.seat].kind == "colour")
    return score + (win.pile >= 4)


def score_one_left(told: Told) -> int:
    """Only one player left; ideally: within two reveals (three with four), after a raise, at
    most ten turns (three per reveal and one more with four), a pile of a card per reveal or
    more, a new Sint (6)."""
    segment, turns, reveals = told.segment, told.turns(), told.reveals
    won = segment.events_of(ev.RoundWon)
    if not won or won[0].reason != "one-left" or not told.claims:
        return 0
    score = 1 + (len(segment.events_of(ev.CardRevealed)) <= max(2, reveals - 1))
    score += any(t.outcome == c.RAISE for t in turns) + (len(turns) <= max(10, 3 * reveals + 1))
    return score + (len(won[0].pile) >= reveals) + (won[0].seat != segment.start.sint)


def score_precies(told: Told) -> int:
    """A winner who struck a card to make a straight; ideally: a strike without which the
    cards would be worth nothing (SK-P1), two or three players, a pile of four or more (4)."""
    win = told.ready()
    if win is None:
        return 0
    mine = told.shows()[win.seat]
    strikes = [x for x in told.of(c.Strikes) if x.seat == win.seat and x.card]
    if not strikes or mine.kind != "straight" or not mine.struck:
        return 0
    score = 1 + any(x.rescues for x in strikes) + (len(told.shows()) in (2, 3))
    return score + (win.pile >= 4)


def score_precies_nothing(told: Told) -> int:
    """Pietje Precies: a player's cards are worth nothing because one card does not fit, and
    another player's full combination wins (SK-P1); ideally: without that card the cards
    would have won, two or three players, the winner struck that very card with a Pietje
    Precies (SK-P3: the way out the others lack), a pile of four or more (5)."""
    win, spoiled = told.ready(), told.of(c.SpoiledBy)
    if win is None or not spoiled or told.shows()[win.seat].kind == "none":
        return 0
    mine = told.shows()[win.seat]
    would = max(len(x.cards) * 1000 + x.total for x in spoiled)
    score = 1 + (would > len(mine.cards) * 1000 + mine.total)
    struck = {x.card for x in told.of(c.Strikes) if x.seat == win.seat}
    score += (len(told.shows()) in (2, 3)) + bool(struck & {x.card for x in spoiled})
    return score + (win.pile >= 4)


def score_action(told: Told) -> int:
    """One action card that works, first card of its turn; ideally: for the winner of the
    showdown, bringing a card of the winning combination, deciding the round, no other action
    card in sight (they count as plain cards, which would distract), at most four turns that
    only go along (6)."""
    segment, win = told.segment, told.win()
    triggered = segment.events_of(ev.ActionTriggered)
    turn = next((t for t in told.turns() if t.earlier), None)
    if len(triggered) != 1 or turn is None or turn.earlier[0] != triggered[0].card:
        return 0
    # the story tells the action card before the turn's other cards: it must come first
    laid = [
        event.card
        for moment in segment.moments
        if turn.first <= moment.index <= turn.at
        for event in moment.events_of(ev.CardBid)
        if event.seat == turn.seat
    ]
    if laid[:1] != [turn.earlier[0]]:
        return 0
    if not told.of(c.ActionBid):
        return 0
    score = 1 + (win is not None and win.seat == turn.seat)
    if win is not None:
        score += bool(win.gained) + win.decisive
    seen = [x for hand in segment.start.hands for x in hand]
    seen += [parse_card(e.card) for e in segment.events_of(ev.CardRevealed)]
    seen += [parse_card(x) for e in segment.events_of(ev.CardsDrawn) for x in e.cards]
    score += not [x for x in seen if x >= 256 and card_name(x) != turn.earlier[0]]
    return score + (sum(t.outcome == c.CHECK for t in told.turns()) <= 4)


def score_remise(told: Told) -> int:
    """Speculaas: equally strong combinations, the larger bid wins (SK-V5); ideally: two
    cards or more, a pile of four or more (3). Such a tie is rare (about one game in
    twenty), so the search takes the first that shows it well."""
    win = told.ready()
    if win is None or win.reason != c.BY_BID:
        return 0
    return 1 + (win.count >= 2) + (win.pile >= 4)


def score_surprise(told: Told) -> int:
    """Surprises: the round's winner picks the next surprise (SK-S1); ideally: two players,
    a win on count, a pile of four or more, a new Sint (5)."""
    win, picks = told.ready(), told.of(c.PicksSurprise)
    if win is None or not picks or picks[0].seat != win.seat:
        return 0
    score = 1 + (len(told.shows()) == 2) + (win.reason == c.BY_COUNT) + (win.pile >= 4)
    return score + (win.seat != told.segment.start.sint)


def score_opening(told: Told) -> int:
    """The opening of Wie kent hem niet; ideally: the first round, the Big Sint doubling
    exactly (3)."""
    small, big = told.of(c.OpensSmall), told.of(c.OpensBig)
    if not small or not big:
        return 0
    return 1 + (len(big[0].cards) == big[0].target) + (told.segment.start.round == 1)


def _won(told: Told) -> bool:
    """The round was won, and told."""
    return bool(told.claims and told.segment.events_of(ev.RoundWon))


def score_hand_limit(told: Told) -> int:
    """Handregel: the Sint names a limit, a player bids down to it, and after the round hands
    are kept or laid away (SK-V3); ideally: a showdown that the player at the limit still
    takes part in, one hand kept and one laid away, at most four turns per reveal, one of
    the first twelve rounds (7).

    That a player at the limit need not stop (SK-V3) never shows with the Handregel alone:
    every hand is filled to the same size, so nobody can bid more than a player at the limit.
    """
    limits, at_limit, keeps = told.of(c.NamesLimit), told.of(c.AtLimit), told.of(c.KeepsHand)
    if not _won(told) or not limits or not limits[0].minimum or not at_limit or not keeps:
        return 0
    win = told.ready()
    score = 1 + (win is not None) + any(k.kept for k in keeps) + any(not k.kept for k in keeps)
    score += len(told.turns()) <= 4 * told.reveals
    score += win is not None and at_limit[0].seat in told.shows()
    return score + (told.segment.start.round <= 12)


def score_exchange(told: Told) -> int:
    """Inwisselregel: a bid card goes back into the hand for a hand card (SK-V2), first thing
    in its turn; ideally: one exchange, by the winner of the showdown, whose card taken back
    is part of the winning combination, at most four turns per reveal, a new Sint (6)."""
    swaps, win = told.of(c.Exchanges), told.ready()
    if not swaps or win is None or len(told.of(c.Reveals)) != told.reveals:
        return 0
    # the story tells an exchange before the turn's cards: it must open its turn, and the
    # card taken back stays in the hand (laid again, the exchange would only be a detour)
    for x in swaps:
        turn = next(t for t in told.turns() if t.first <= x.at <= t.at)
        if turn.first != x.at or x.bid_card in turn.cards:
            return 0
    mine = told.shows()[win.seat]
    score = 1 + (len(swaps) == 1) + any(x.seat == win.seat for x in swaps)
    score += any(
        x.seat == win.seat and x.bid_card in mine.hand and x.bid_card in mine.cards for x in swaps
    )
    score += len(told.turns()) <= 4 * told.reveals
    return score + (win.seat != told.segment.start.sint)


def score_coin(told: Told) -> int:
    """Biedregel: a card with the coin is bid and its player chooses (SK-V4); ideally: one
    coin card, "meer inzet", followed or declined by another player, a showdown won by the
    coin's bidder, at most four turns per reveal (6)."""
    coins = told.of(c.ChoosesCoin)
    if not _won(told) or not coins:
        return 0
    win = told.ready()
    score = 1 + (len(coins) == 1) + (coins[0].choice == "more-stake")
    score += bool(told.of(c.DeclinesStake) or [x for x in told.of(c.AddsStake) if x.joined])
    score += win is not None and win.seat == coins[0].seat
    return score + (len(told.turns()) <= 4 * told.reveals)


def score_first_stop(told: Told) -> int:
    """Eerste stopper with Wie kent hem niet: after the opening, the first player to stop
    becomes the Sint at once (SK-W5); ideally: not the Big Sint, before the last reveal (so
    the new Sint turns a card), a showdown, at most four turns per reveal (5)."""
    firsts = told.of(c.FirstStopSint)
    if not _won(told) or not firsts or not told.of(c.OpensBig):
        return 0
    given = told.of(c.GivesBigSint)
    score = 1 + (not given or given[0].seat != firsts[0].seat)
    score += any(r.sint == firsts[0].seat for r in told.of(c.Reveals))
    score += told.ready() is not None
    return score + (len(told.turns()) <= 4 * told.reveals)


def score_overestimation(told: Told) -> int:
    """Speculaas: a player says they cannot match the highest bid, or a raise nobody can
    follow puts its player out (SK-V1); ideally: both, or a player who cannot match but
    stays in at the Handregel limit (SK-V3), no card with the chocolademunt and no exchange
    (the other rules of the kit, told in their own examples), a whole round of at most four
    turns per reveal (5). With the Overschattingsregel alone every hand holds as many cards,
    so nobody ever bids more than another can follow: that takes the Biedregel's stake and
    hands kept with the Handregel."""
    says, over = told.of(c.SaysCannotMatch), told.of(c.Overbids)
    if not _won(told) or not (says or over):
        return 0
    stays = [t for t in told.of(c.AtLimit) if t.outcome == c.AT_LIMIT]
    score = 1 + bool(says and (over or {t.seat for t in stays} & {x.seat for x in says}))
    score += (not told.of(c.ChoosesCoin)) + (not told.of(c.Exchanges))
    return score + (len(told.turns()) <= 4 * told.reveals)


# ---------------------------------------------------------------------------
# The example table and its telling

Row = ExampleRow[Told, Action]

ROWS: tuple[Row, ...] = (
    # id, kind, rule IDs, claims it must make, policy, score, ideal score, variants
    Row("biedronde-tot-de-showdown", "showdown", ("SK-B4", "SK-B7", "SK-B8"),
        (c.Reveals, c.Turn, c.Shows, c.WinsShowdown), HEURISTIC, score_showdown, 8),
    # With Pietje Precies a number and a colour of the same size would both need every card,
    # the shared Pakjeskamer too: three cards of one number and one colour. The rule is moot.
    Row("getal-gaat-voor-kleur", "tie-number", ("SK-B7",),
        (c.Shows, c.WinsShowdown), HEURISTIC, score_tie_number, 5,
        removed_by=(PIETJE_PRECIES_VARIANT,)),
    Row("hoogste-totaal-wint", "tie-total", ("SK-B7",),
        (c.Shows, c.WinsShowdown), HEURISTIC, score_tie_total, 5),
    Row("nog-maar-een-speler", "one-left", ("SK-B4", "SK-B5"),
        (c.Reveals, c.Turn, c.LastOneLeft), HEURISTIC, score_one_left, 6),
    Row("pietje-precies-straatje", "pietje-precies", ("SK-P1", "SK-P2", "SK-P3"),
        (c.Strikes, c.Shows, c.WinsShowdown), PLANNER, score_precies, 4,
        (PIETJE_PRECIES_VARIANT,)),
    # Not found in the seeded games with Meer or Minder pakjes (2000 each) or with Wie kent
    # hem niet? (300): the early planner's plan rarely leaves exactly one card spoiling a hand
    Row("pietje-precies-niets-waard", "precies-nothing", ("SK-P1",),
        (c.Shows, c.SpoiledBy, c.WinsShowdown), EARLY_PLANNER, score_precies_nothing, 5,
        (PIETJE_PRECIES_VARIANT,), unseen_with=(MEER_PAKJES, MINDER_PAKJES, WIE_KENT_HEM_NIET)),
    Row("actiepiet-in-het-bod", "action", ("SK-A1",),
        (c.Reveals, c.Turn), HEURISTIC, score_action, 6, (ACTIEPIET,)),
    Row("opening-kleine-en-grote-sint", "opening", ("SK-W1", "SK-W2", "SK-W3"),
        (c.GivesBigSint, c.OpensSmall, c.OpensBig), HEURISTIC, score_opening, 3,
        (WIE_KENT_HEM_NIET,)),
    # SK-V5 decides only between unequal bids: made by the Handregel's limit and the
    # Biedregel's extra stake (with the Handregel alone, 2000 seeded games showed none)
    Row("speculaas-remise", "remise", ("SK-V5",),
        (c.Shows, c.WinsShowdown), HEURISTIC, score_remise, 3, (REMISE, HANDREGEL, BIEDREGEL)),
    Row("surprises-de-winnaar-kiest", "surprise", ("SK-S1",),
        (c.Shows, c.WinsShowdown, c.PicksSurprise), HEURISTIC, score_surprise, 5,
        (SURPRISES,)),
    Row("handregel-ondergrens", "hand-limit", ("SK-V3",),
        (c.NamesLimit, c.AtLimit, c.KeepsHand), HEURISTIC, score_hand_limit, 7,
        (HANDREGEL,)),
    # SK-V1 needs hands of different sizes: kept with the Handregel after the Biedregel's
    # extra cards (see the score)
    Row("speculaas-overschatting", "overestimation", ("SK-V1", "SK-V3"),
        (c.Reveals, c.Turn), HEURISTIC, score_overestimation, 5,
        (OVERSCHATTING, HANDREGEL, BIEDREGEL)),
    # With Pietje Precies 2000 seeded games showed no showdown won with a card swapped back
    Row("inwisselen-uit-het-bod", "exchange", ("SK-V2",),
        (c.Reveals, c.Exchanges, c.Shows, c.WinsShowdown), HEURISTIC, score_exchange, 6,
        (INWISSELEN,), unseen_with=(PIETJE_PRECIES_VARIANT,)),
    Row("biedregel-munt", "coin", ("SK-V4",),
        (c.Reveals, c.Turn, c.ChoosesCoin), HEURISTIC, score_coin, 6, (BIEDREGEL,)),
    Row("eerste-stopper-wordt-sint", "first-stop", ("SK-W5", "SK-W1", "SK-W2", "SK-W3"),
        (c.OpensSmall, c.OpensBig, c.FirstStopSint), HEURISTIC, score_first_stop, 5,
        (EERSTE_STOPPER,)),
)  # fmt: skip
"""Every example, in rulebook order, and how the search looks for it."""

SHOWDOWN_ONLY = (
    "tie-number",
    "tie-total",
    "pietje-precies",
    "precies-nothing",
    "remise",
    "surprise",
)
OPENING_ONLY = ("opening",)
"""The kinds that tell only the showdown, or only the opening, of their focus round."""
WITH_OPENING = ("opening", "first-stop")
"""The kinds whose intro names the real Sint with the Small Sint (Wie kent hem niet)."""
ROUND_ENDS = (ev.RoundEnded, ev.HandKept, ev.HandDiscarded)
"""The events that end a round: its end, then with the Handregel every keep-or-discard choice
(SK-V3)."""


def told_events(kind: str, segment: tr.Round) -> list[tuple[tr.Play, Event]]:
    """The ``(moment, event)`` pairs an example of ``kind`` tells, up to the round's end: the
    whole round (or its opening: the segment ends there), or its showdown from the first
    strike or combination on."""
    told: list[tuple[tr.Play, Event]] = []
    for moment in segment.moments:
        if moment.before.node[0] == OPEN_BIG and moment.action == act.DONE:
            told.append((moment, BigOpeningDone()))
        told += [(moment, event) for event in moment.events]
    ends = [i + 1 for i, (_, e) in enumerate(told) if isinstance(e, ROUND_ENDS)]
    told = told[: ends[-1]] if ends else told
    if kind in SHOWDOWN_ONLY:
        shown = ev.CardStruck | ev.CombinationShown
        starts = [i for i, (_, e) in enumerate(told) if isinstance(e, shown)]
        told = told[starts[0] :] if starts else []
    return told


def missing(ctx: Telling, steps: Sequence[Step]) -> list[str]:
    """What an example lacks besides its row's claim types: a sentence for every event, and a
    score from its row (the pinned round is still one the row's search would pick)."""
    row = next(row for row in ROWS if row.kind == ctx.kind)
    claims = tuple(step.claim for step in steps)
    scored = row.score(Told(ctx.segment, claims, ctx.action_names, ctx.config.reveals))
    return ctx.problems + ([] if scored else [f"a round its '{row.kind}' search would pick"])


def intro(ctx: Telling) -> str:
    """Players, round, variants and the Sint; the hands after the deal, or at the showdown
    who is still in, the pile, the Pakjeskamer and their hands."""
    n, start, spec = len(ctx.names), ctx.segment.start, ctx.spec
    chosen = [spec.variants[v].name for v in ctx.variants if v in spec.variants]
    variant = ctx.say("intro_variant", name=ctx.language.join_words(chosen)) if chosen else ""
    clockwise = [(start.sint + k) % n for k in range(n)]
    common = {
        "players": ctx.language.number_word(n).capitalize(),
        "round": ctx.language.ordinal_word(start.round),
    }
    common |= {"variant": variant, "sint": ctx.names[start.sint]}

    def hands(table: tr.Table, seats: Sequence[int]) -> str:
        return "; ".join(f"{ctx.names[x]}: {ctx.listed(table.hands[x])}" for x in seats)

    if ctx.kind not in SHOWDOWN_ONLY:
        key = "intro_opening" if ctx.kind in WITH_OPENING else "intro_round"
        return ctx.say(key, **common, hands=hands(start, clockwise))
    table = ctx.segment.moments[tr.showdown_start(ctx.segment)].before
    left = [x for x in clockwise if table.status[x] != STOPPED]
    out = [ctx.names[x] for x in clockwise if x not in left]
    everyone = ctx.say("intro_everyone", count=ctx.language.number_word(n))
    key = "intro_stopped_one" if len(out) == 1 else "intro_stopped"
    text = ctx.say(
        "intro_showdown",
        **common,
        left=ctx.language.join_words([ctx.names[x] for x in left]) if out else everyone,
        stopped=ctx.say(key, names=ctx.language.join_words(out)) if out else "",
        pile=ctx.count("kaart", table.pile),
        room=ctx.listed(table.room),
        hands=hands(table, left),
    )
    if ctx.kind == "remise":  # the bids decide (SK-V5)
        bids = [
            ctx.say("intro_bid", name=ctx.names[x], cards=ctx.count("kaart", len(table.bids[x])))
            for x in left
        ]
        text += ctx.say("intro_bids", bids=ctx.language.join_words(bids))
    return text


def ends(row: Row, pinned: PinnedRecord, segment: tr.Round) -> str | None:
    """Why a pinned record does not end where its example ends (``None``: it does)."""
    if row.kind not in OPENING_ONLY:
        return (
            None
            if segment.finished
            else f"the record ends before round {segment.start.round} is over"
        )
    if tr.opening_end(segment) < len(segment.moments) or segment.end.node[:1] != (REVEAL,):
        return "the record does not end with the opening of the focus round"
    return None


_PHRASES: list[tuple[GameSpec, Phrases]] = []


def candidates(spec: GameSpec, row: Row, rules: tuple[str, ...], segment: tr.Round) -> tuple[Told]:
    """The round told as ``row``'s example would tell it (no claims if it cannot)."""
    if row.kind in OPENING_ONLY:
        end = tr.opening_end(segment)
        after = segment.moments[end].before if end < len(segment.moments) else segment.end
        segment = tr.Round(segment.start, after, segment.moments[:end], False)
    if not segment.moments or not (segment.finished or row.kind in OPENING_ONLY):
        return (Told(segment, ()),)
    if not _PHRASES or _PHRASES[0][0] is not spec:
        _PHRASES[:] = [(spec, load_phrases(spec))]
    ctx = Telling(spec, row.kind, rules, segment, _PHRASES[0][1])
    reveals = ctx.config.reveals
    steps = HANDLERS.steps(ctx, told_events(row.kind, segment))
    if missing_claims(row.claims, steps) or ctx.problems:
        return (Told(segment, (), reveals=reveals),)
    claims = tuple(step.claim for step in steps)
    return (Told(segment, claims, ctx.action_names, reveals),)


def title(phrases: Phrases, told: Told) -> Mapping[str, str]:
    """The name of the action card (the action example) and the reveals of a round (a whole
    round), for the titles."""
    cards = [e.card for e in told.segment.events_of(ev.ActionTriggered)]
    action = told.action_names.get(cards[0], "") if cards else ""
    return {"action": action, "reveals": phrases.language.number_word(told.reveals)}


def search_policy(row: Row, rules: tuple[str, ...]) -> str:
    """The precies-planner for the heuristic's rows wherever Pietje Precies is played: the
    heuristic never bids there (see :class:`PreciesPlanner`), so no round would reach a
    showdown worth telling. A row with a planner of its own keeps it."""
    return PLANNER if PIETJE_PRECIES_VARIANT in rules and row.policy == HEURISTIC else row.policy


STORY: Story[Config, SinterklaasState, Action, tr.Table, tr.Table, Told, Telling] = Story(
    finder="pnp pin sinterklaas --update",
    focus=tr.FOCUS,
    rows=ROWS,
    engine=ENGINE,
    config=config_from_spec,
    segments=tr.Rounds,
    first_player=lambda _pinned, segment: segment.start.sint,
    context=Telling.of,
    handlers=HANDLERS,
    intro=intro,
    players=4,
    seeds=2000,
    policies={
        HEURISTIC: HeuristicPolicy,
        PLANNER: PreciesPlanner,
        EARLY_PLANNER: EarlyPreciesPlanner,
    },
    candidates=candidates,
    cut=lambda told: Cut(told.segment.last, (told.segment.start.round,)),
    missing=missing,
    told=lambda scene: told_events(scene.kind, scene.segment),
    ends=ends,
    title=title,
    search_policy=search_policy,
    plays_alike=(SPECULAAS,),
    checks=CHECKS,
    table=table_figure,
)
"""The Sinterklaas examples told by :mod:`pnp.story`: four players, up to 2000 seeds."""
