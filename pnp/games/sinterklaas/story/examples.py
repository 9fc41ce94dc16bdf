"""The Sinterklaas rulebook examples: real engine games, told one round (or part of it) at a time.

:data:`ROWS` is the example table, with the search's scores and its Pietje
Precies player; :data:`STORY` plugs the game into :mod:`pnp.story`: the round
walker (:mod:`~pnp.games.sinterklaas.story.trace`) and the sentences told from the
engine's events (:mod:`~pnp.games.sinterklaas.story.steps`, Dutch in
``cardspecs/sinterklaas/rulebook/voorbeelden.toml``), each claiming that its event
happened, with the facts it states beyond it, checked again on a fresh replay
(:class:`~pnp.story.told.EventChecks`). An example tells its
whole focus round, only its showdown (the intro shows the table after the
last bidding lap) or only the opening of *Wie kent hem niet?*. The search
tells every round as each example would and scores it from those claims: 0 when
it is not the situation, higher the closer it comes to the ideal shape each
``score_*`` names. Players are named from the Sint of the focus round: Anna, then
clockwise Bram, Cas, Daan, ...
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, TypeVar

from pnp.engine.core import Event
from pnp.example_model import Step
from pnp.games.sinterklaas.kit.spec_config import config_from_spec
from pnp.games.sinterklaas.policies import HeuristicPolicy
from pnp.games.sinterklaas.rules import actions as act
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.actions import Action
from pnp.games.sinterklaas.rules.cards import PIETJE_PRECIES, CardTable, card_name, parse_card
from pnp.games.sinterklaas.rules.combinations import KIND_NAMES, Combination
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
from pnp.games.sinterklaas.story import trace as tr
from pnp.games.sinterklaas.story.steps import (
    AT_LIMIT,
    BY_BID,
    BY_COUNT,
    BY_KIND,
    BY_TOTAL,
    CHECK,
    FACTS,
    HANDLERS,
    RAISE,
    STOP,
    BigOpeningDone,
    RoundTelling,
    combination_cards,
    decided,
    turn_outcome,
)
from pnp.games.sinterklaas.story.table import table_figure
from pnp.games.sinterklaas.view import SinterklaasView
from pnp.spec.model import GameSpec
from pnp.story import Cut, ExampleRow, Phrases, PinnedRecord, Story, load_phrases, missing_claims
from pnp.story.told import EventChecks, Fact, Happened

HEURISTIC, PLANNER, EARLY_PLANNER = "heuristic", "precies-planner", "early-precies-planner"
E = TypeVar("E", bound=Event)


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
# The search's scores, read from the claims of the sentences told


def fact(claim: Happened, name: str) -> Any:
    """The value of the claim's first fact ``name``."""
    return next(f.value for f in claim.facts if f.name == name)


def event_of(claim: Happened, kind: type[E]) -> E:
    """The claim's event, of type ``kind``."""
    assert isinstance(claim.event, kind), claim
    return claim.event


def combined(claim: Happened) -> Combination:
    """The combination the claim's first fact ``combination`` states."""
    found = fact(claim, "combination")
    assert isinstance(found, Combination)
    return found


def cards_of(claim: Happened, name: str) -> tuple[str, ...]:
    """The cards the claim's first fact ``name`` states (a hand, a bid, a turn's)."""
    cards = fact(claim, name)
    assert isinstance(cards, tuple)
    return cards


def facts(claim: Happened, name: str) -> list[Fact]:
    """The claim's facts ``name``, in order."""
    return [f for f in claim.facts if f.name == name]


def asked(claim: Happened, name: str) -> tuple[str, ...]:
    """The cards the claim's first fact ``name`` was asked about."""
    cards = facts(claim, name)[0].args[0]
    assert isinstance(cards, tuple)
    return cards


@dataclass(frozen=True)
class Turn:
    """A bidding turn as its sentence claims it: its first action (where its cards were
    counted from), last action, player, cards, how it ended and the bid then (SK-B4)."""

    claim: Happened
    first: int
    at: int
    seat: int
    laid: tuple[str, ...]
    outcome: str
    bid: int

    @staticmethod
    def of(claim: Happened) -> Turn:
        """The turn a ``WentAlong`` or ``Stopped`` claim tells."""
        event = claim.event
        assert isinstance(event, ev.WentAlong | ev.Stopped)
        (laid,) = facts(claim, "laid")
        highest = [f.value for f in facts(claim, "highest_before") if isinstance(f.value, int)]
        first, cards = laid.args[0], cards_of(claim, "laid")
        assert isinstance(first, int)
        outcome = turn_outcome(event, cards, highest[0] if highest else 0)
        return Turn(claim, first, claim.at, event.seat, cards, outcome, event.bid)


@dataclass(frozen=True)
class Result:
    """A showdown as its sentence claims it (SK-B7, SK-V5, SK-A1): the winner, why (the case
    of its phrase), the pot, the winner's and the best other combination (the rules'
    :func:`~.steps.combination`), and with an action card whose card is part of the winning
    combination, whether the round turned on it and who would have won instead (-1: nobody)."""

    claim: Happened
    seat: int
    reason: str
    pile: int
    mine: Combination
    other: Combination
    gained: bool
    decisive: bool
    instead: int

    @staticmethod
    def of(claim: Happened) -> Result:
        """The result a showdown's ``RoundWon`` claim tells."""
        won = claim.event
        assert isinstance(won, ev.RoundWon)
        mine, other = (f.value for f in facts(claim, "combination"))
        undone = {f.args[0]: f.value for f in facts(claim, "undone")}
        assert isinstance(mine, Combination) and isinstance(other, Combination)
        typed = {
            s: c for s, c in undone.items() if isinstance(s, int) and isinstance(c, Combination)
        }
        decisive, instead = decided(typed, won.seat) if typed else (False, -1)
        reason, pile = claim.key.removeprefix("wins_"), len(won.pile)
        return Result(claim, won.seat, reason, pile, mine, other, bool(typed), decisive, instead)


@dataclass(frozen=True)
class ToldRound:
    """A round as an example of one kind would tell it: its claims (empty if it cannot)."""

    segment: tr.Round
    claims: tuple[object, ...]
    action_names: Mapping[str, str] = field(default_factory=dict)
    reveals: int = 3
    """The Pakjeskamer reveals (and bidding laps) of a round in the game played (SK-B4, SK-M1)."""
    table: CardTable | None = None
    """The cards' colours and numbers in the game played."""

    def told(self) -> list[Happened]:
        """Every claim, in order."""
        return [x for x in self.claims if isinstance(x, Happened)]

    def keyed(self, *keys: str) -> list[Happened]:
        """The claims told with a phrase starting with one of ``keys``, in order."""
        return [x for x in self.told() if x.key.startswith(keys)]

    def of(self, kind: type[Event]) -> list[Happened]:
        """The claims of events of type ``kind``, in order."""
        return [x for x in self.told() if isinstance(x.event, kind)]

    def win(self) -> Result | None:
        """The showdown's result, if the round ended with one."""
        return next((Result.of(x) for x in self.keyed("wins_")), None)

    def turns(self) -> list[Turn]:
        """The bidding turns."""
        return [Turn.of(x) for x in self.told() if isinstance(x.event, ev.WentAlong | ev.Stopped)]

    def shows(self) -> dict[int, Happened]:
        """The combinations shown at the showdown, by seat."""
        return {event_of(x, ev.CombinationShown).seat: x for x in self.keyed("shows")}

    def reveals_told(self) -> list[Happened]:
        """The Sint's reveals (not an Amerigo's extra card)."""
        return self.keyed("reveal")

    def lap(self, turn: Turn) -> int:
        """The bidding lap of ``turn`` (1 for the lap after the first reveal)."""
        return next(m.before.node[1] for m in self.segment.moments if m.index == turn.first)

    def earlier(self, turn: Turn) -> tuple[str, ...]:
        """The cards of ``turn`` told by sentences of their own before it (an action card that
        worked, a coin card with its choice), which come before its other cards."""
        moments = {m.index: m for m in self.segment.moments}
        out = []
        for index in range(turn.first, turn.at + 1):
            moment, after = moments[index], moments.get(index + 1)
            for bid in moment.events_of(ev.CardBid):
                coin = after is not None and after.has(ev.CoinChosen) and not bid.face_down
                if moment.has(ev.ActionTriggered) or coin:
                    out.append(bid.card)
        return tuple(out)

    def cards(self, turn: Turn) -> tuple[str, ...]:
        """The cards ``turn``'s own sentence tells."""
        return turn.laid[len(self.earlier(turn)) :]

    def combination_cards(self, shown: Happened) -> tuple[str, ...]:
        """The cards of a shown combination."""
        assert self.table is not None and isinstance(shown.event, ev.CombinationShown)
        return combination_cards(self.table, shown.event)

    def ready(self) -> Result | None:
        """The showdown's result if the scoring starts cleanly: after a ``done`` (or at a
        strike), with a pile to win."""
        win = self.win()
        if win is None or win.pile < 1:
            return None
        moment = self.segment.moments[tr.showdown_start(self.segment)]
        return win if moment.action == act.DONE or moment.before.node[0] == STRIKE else None


def spoiling_card(claim: Happened) -> str:
    """The card a ``spoiled_by`` sentence names: the one of the scoring cards shown that the
    combination it claims leaves out (SK-P1)."""
    assert isinstance(claim.event, ev.CombinationShown)
    rest = list(asked(claim, "combination"))
    for card in claim.event.cards:
        if card in rest:
            rest.remove(card)
        else:
            return card
    return ""


def _strikes(told: ToldRound, seat: int) -> list[Happened]:
    """The claims of ``seat`` striking a card (SK-P3)."""
    return [
        x
        for x in told.of(ev.CardStruck)
        if event_of(x, ev.CardStruck).seat == seat and event_of(x, ev.CardStruck).card
    ]


def score_showdown(told: ToldRound) -> int:
    """A whole round of all its reveals ending in a showdown; ideally: two or three players
    left, a stop, a raise after the first lap, a win on count, at most four turns per reveal,
    a pile of two cards per reveal or more, a new Sint (8)."""
    win, turns, reveals = told.win(), told.turns(), told.reveals
    if win is None or win.pile < 1 or len(told.reveals_told()) != reveals:
        return 0
    score = 1 + (len(told.shows()) in (2, 3)) + any(t.outcome == STOP for t in turns)
    score += any(t.outcome == RAISE and told.lap(t) > 1 for t in turns)
    score += (win.reason == BY_COUNT) + (len(turns) <= 4 * reveals) + (win.pile >= 2 * reveals)
    return score + (win.seat != told.segment.start.sint)


def score_tie_number(told: ToldRound) -> int:
    """Equal count, a number beats a colour; ideally: two players, three cards or more, the
    colour with the higher total (so the kind clearly comes before the total), a pile of
    four or more (5)."""
    win, shows = told.ready(), told.shows()
    if win is None or win.reason != BY_KIND:
        return 0
    if (KIND_NAMES[win.mine.kind], KIND_NAMES[win.other.kind]) != ("number", "colour"):
        return 0
    score = 1 + (len(shows) == 2) + (win.mine.count >= 3) + (win.other.total > win.mine.total)
    return score + (win.pile >= 4)


def score_tie_total(told: ToldRound) -> int:
    """Equal count and kind, the higher total wins; ideally: two players, three cards or
    more, colours (as in the rule's own example), a pile of four or more (5)."""
    win, shows = told.ready(), told.shows()
    if win is None or win.reason != BY_TOTAL:
        return 0
    score = 1 + (len(shows) == 2) + (win.mine.count >= 3)
    score += KIND_NAMES[win.mine.kind] == "colour"
    return score + (win.pile >= 4)


def score_one_left(told: ToldRound) -> int:
    """Only one player left; ideally: within two reveals (three with four), after a raise, at
    most ten turns (three per reveal and one more with four), a pile of a card per reveal or
    more, a new Sint (6)."""
    segment, turns, reveals = told.segment, told.turns(), told.reveals
    won = segment.events_of(ev.RoundWon)
    if not won or won[0].reason != "one-left" or not told.claims:
        return 0
    score = 1 + (len(segment.events_of(ev.CardRevealed)) <= max(2, reveals - 1))
    score += any(t.outcome == RAISE for t in turns) + (len(turns) <= max(10, 3 * reveals + 1))
    return score + (len(won[0].pile) >= reveals) + (won[0].seat != segment.start.sint)


def score_precies(told: ToldRound) -> int:
    """A winner who struck a card to make a straight; ideally: a strike without which the
    cards would be worth nothing (SK-P1), two or three players, a pile of four or more (4)."""
    win = told.ready()
    if win is None:
        return 0
    mine = told.shows()[win.seat]
    strikes = _strikes(told, win.seat)
    if not strikes or event_of(mine, ev.CombinationShown).kind != "straight":
        return 0
    score = 1 + any(x.key == "strike_rescues" for x in strikes) + (len(told.shows()) in (2, 3))
    return score + (win.pile >= 4)


def score_precies_nothing(told: ToldRound) -> int:
    """Pietje Precies: a player's cards are worth nothing because one card does not fit, and
    another player's full combination wins (SK-P1); ideally: without that card the cards
    would have won, two or three players, the winner struck that very card with a Pietje
    Precies (SK-P3: the way out the others lack), a pile of four or more (5)."""
    win, spoiled = told.ready(), told.keyed("spoiled_by")
    if win is None or not spoiled:
        return 0
    shown = event_of(told.shows()[win.seat], ev.CombinationShown)
    if shown.kind == "none":
        return 0
    would = max(combined(x).count * 1000 + combined(x).total for x in spoiled)
    score = 1 + (would > shown.count * 1000 + shown.total)
    struck = {event_of(x, ev.CardStruck).card for x in _strikes(told, win.seat)}
    score += (len(told.shows()) in (2, 3)) + bool(struck & {spoiling_card(x) for x in spoiled})
    return score + (win.pile >= 4)


def score_action(told: ToldRound) -> int:
    """One action card that works, first card of its turn; ideally: for the winner of the
    showdown, bringing a card of the winning combination, deciding the round, no other action
    card in sight (they count as plain cards, which would distract), at most four turns that
    only go along (6)."""
    segment, win = told.segment, told.win()
    triggered = segment.events_of(ev.ActionTriggered)
    turn = next((t for t in told.turns() if told.earlier(t)), None)
    if len(triggered) != 1 or turn is None or told.earlier(turn)[0] != triggered[0].card:
        return 0
    # the story tells the action card before the turn's other cards: it must come first
    if turn.laid[:1] != told.earlier(turn)[:1]:
        return 0
    if not told.keyed("effect_"):
        return 0
    score = 1 + (win is not None and win.seat == turn.seat)
    if win is not None:
        score += win.gained + win.decisive
    seen = [x for hand in segment.start.hands for x in hand]
    seen += [parse_card(e.card) for e in segment.events_of(ev.CardRevealed)]
    seen += [parse_card(x) for e in segment.events_of(ev.CardsDrawn) for x in e.cards]
    score += not [x for x in seen if x >= 256 and card_name(x) != told.earlier(turn)[0]]
    return score + (sum(t.outcome == CHECK for t in told.turns()) <= 4)


def score_remise(told: ToldRound) -> int:
    """Speculaas: equally strong combinations, the larger bid wins (SK-V5); ideally: two
    cards or more, a pile of four or more (3). Such a tie is rare (about one game in
    twenty), so the search takes the first that shows it well."""
    win = told.ready()
    if win is None or win.reason != BY_BID:
        return 0
    return 1 + (win.mine.count >= 2) + (win.pile >= 4)


def score_surprise(told: ToldRound) -> int:
    """Surprises: the round's winner picks the next surprise (SK-S1); ideally: two players,
    a win on count, a pile of four or more, a new Sint (5)."""
    win, picks = told.ready(), told.of(ev.SurprisePicked)
    if win is None or not picks or event_of(picks[0], ev.SurprisePicked).seat != win.seat:
        return 0
    score = 1 + (len(told.shows()) == 2) + (win.reason == BY_COUNT) + (win.pile >= 4)
    return score + (win.seat != told.segment.start.sint)


def score_opening(told: ToldRound) -> int:
    """The opening of Wie kent hem niet; ideally: the first round, the Big Sint doubling
    exactly (3)."""
    small, big = told.keyed("opens_small"), told.keyed("opens_big")
    if not small or not big:
        return 0
    target = 2 * event_of(small[0], ev.CardBid).bid  # SK-W3
    return 1 + (len(cards_of(big[0], "bid")) == target) + (told.segment.start.round == 1)


def _won(told: ToldRound) -> bool:
    """The round was won, and told."""
    return bool(told.claims and told.segment.events_of(ev.RoundWon))


def at_limit(told: ToldRound) -> list[Turn]:
    """The turns that end at the Handregel's limit (SK-V3)."""
    return [t for t in told.turns() if t.claim.key.startswith(("at_limit", "reaches_limit"))]


def score_hand_limit(told: ToldRound) -> int:
    """Handregel: the Sint names a limit, a player bids down to it, and after the round hands
    are kept or laid away (SK-V3); ideally: a showdown that the player at the limit still
    takes part in, one hand kept and one laid away, at most four turns per reveal, one of
    the first twelve rounds (7).

    That a player at the limit need not stop (SK-V3) never shows with the Handregel alone:
    every hand is filled to the same size, so nobody can bid more than a player at the limit.
    """
    limits, limited = told.of(ev.LimitNamed), at_limit(told)
    keeps = told.of(ev.HandKept) + told.of(ev.HandDiscarded)
    if not _won(told) or not limits or not limited or not keeps:
        return 0
    if not event_of(limits[0], ev.LimitNamed).minimum:
        return 0
    kept = [isinstance(k.event, ev.HandKept) for k in keeps]
    win = told.ready()
    score = 1 + (win is not None) + any(kept) + (not all(kept))
    score += len(told.turns()) <= 4 * told.reveals
    score += win is not None and limited[0].seat in told.shows()
    return score + (told.segment.start.round <= 12)


def score_exchange(told: ToldRound) -> int:
    """Inwisselregel: a bid card goes back into the hand for a hand card (SK-V2), first thing
    in its turn; ideally: one exchange, by the winner of the showdown, whose card taken back
    is part of the winning combination, at most four turns per reveal, a new Sint (6)."""
    swaps, win = told.of(ev.CardsSwapped), told.ready()
    if not swaps or win is None or len(told.reveals_told()) != told.reveals:
        return 0
    # the story tells an exchange before the turn's cards: it must open its turn, and the
    # card taken back stays in the hand (laid again, the exchange would only be a detour)
    for x in swaps:
        turn = next(t for t in told.turns() if t.first <= x.at <= t.at)
        if turn.first != x.at or event_of(x, ev.CardsSwapped).bid_card in told.cards(turn):
            return 0
    mine = told.shows()[win.seat]
    hand, cards = cards_of(mine, "hand"), told.combination_cards(mine)
    swapped = [event_of(x, ev.CardsSwapped) for x in swaps]
    score = 1 + (len(swaps) == 1) + any(x.seat == win.seat for x in swapped)
    score += any(x.seat == win.seat and x.bid_card in hand and x.bid_card in cards for x in swapped)
    score += len(told.turns()) <= 4 * told.reveals
    return score + (win.seat != told.segment.start.sint)


def score_coin(told: ToldRound) -> int:
    """Biedregel: a card with the coin is bid and its player chooses (SK-V4); ideally: one
    coin card, "meer inzet", followed or declined by another player, a showdown won by the
    coin's bidder, at most four turns per reveal (6)."""
    coins = told.of(ev.CoinChosen)
    if not _won(told) or not coins:
        return 0
    coin = coins[0].event
    assert isinstance(coin, ev.CoinChosen)
    win = told.ready()
    score = 1 + (len(coins) == 1) + (coin.choice == "more-stake")
    score += bool(told.of(ev.StakeDeclined) or told.keyed("stake_joined"))
    score += win is not None and win.seat == coin.seat
    return score + (len(told.turns()) <= 4 * told.reveals)


def score_first_stop(told: ToldRound) -> int:
    """Eerste stopper with Wie kent hem niet: after the opening, the first player to stop
    becomes the Sint at once (SK-W5); ideally: not the Big Sint, before the last reveal (so
    the new Sint turns a card), a showdown, at most four turns per reveal (5)."""
    firsts = told.keyed("first_stop")
    if not _won(told) or not firsts or not told.keyed("opens_big"):
        return 0
    seat = event_of(firsts[0], ev.SintChanged).seat
    given = told.of(ev.BigSintGiven)
    score = 1 + (not given or event_of(given[0], ev.BigSintGiven).seat != seat)
    score += any(fact(r, "sint") == seat for r in told.reveals_told())
    score += told.ready() is not None
    return score + (len(told.turns()) <= 4 * told.reveals)


def score_overestimation(told: ToldRound) -> int:
    """Speculaas: a player says they cannot match the highest bid, or a raise nobody can
    follow puts its player out (SK-V1); ideally: both, or a player who cannot match but
    stays in at the Handregel limit (SK-V3), no card with the chocolademunt and no exchange
    (the other rules of the kit, told in their own examples), a whole round of at most four
    turns per reveal (5). With the Overschattingsregel alone every hand holds as many cards,
    so nobody ever bids more than another can follow: that takes the Biedregel's stake and
    hands kept with the Handregel."""
    says, over = told.of(ev.CannotMatch), told.of(ev.Overbid)
    if not _won(told) or not (says or over):
        return 0
    stays = {t.seat for t in told.turns() if t.outcome == AT_LIMIT}
    saying = {event_of(x, ev.CannotMatch).seat for x in says}
    score = 1 + bool(says and (over or stays & saying))
    score += (not told.of(ev.CoinChosen)) + (not told.of(ev.CardsSwapped))
    return score + (len(told.turns()) <= 4 * told.reveals)


# ---------------------------------------------------------------------------
# The example table and its telling

Row = ExampleRow[ToldRound, Action]

ROWS: tuple[Row, ...] = (
    # id, kind, rule IDs, the phrases it must be told with (a prefix with *), policy, score,
    # ideal score, variants; what no one phrase names (a turn at the Handregel's limit, a
    # hand kept or laid away, a Speculaas rule at work) the row's score asks for
    Row("biedronde-tot-de-showdown", "showdown", ("SK-B4", "SK-B7", "SK-B8"),
        ("reveal*", "shows*", "wins_*"), HEURISTIC, score_showdown, 8),
    # With Pietje Precies a number and a colour of the same size would both need every card,
    # the shared Pakjeskamer too: three cards of one number and one colour. The rule is moot.
    Row("getal-gaat-voor-kleur", "tie-number", ("SK-B7",),
        ("shows*", "wins_kind"), HEURISTIC, score_tie_number, 5,
        removed_by=(PIETJE_PRECIES_VARIANT,)),
    Row("hoogste-totaal-wint", "tie-total", ("SK-B7",),
        ("shows*", "wins_total"), HEURISTIC, score_tie_total, 5),
    Row("nog-maar-een-speler", "one-left", ("SK-B4", "SK-B5"),
        ("reveal*", "one_left*"), HEURISTIC, score_one_left, 6),
    Row("pietje-precies-straatje", "pietje-precies", ("SK-P1", "SK-P2", "SK-P3"),
        ("strike*", "shows*", "wins_*"), PLANNER, score_precies, 4,
        (PIETJE_PRECIES_VARIANT,)),
    # Not found in the seeded games with Meer or Minder pakjes (2000 each) or with Wie kent
    # hem niet? (300): the early planner's plan rarely leaves exactly one card spoiling a hand
    Row("pietje-precies-niets-waard", "precies-nothing", ("SK-P1",),
        ("shows*", "spoiled_by*", "wins_*"), EARLY_PLANNER, score_precies_nothing, 5,
        (PIETJE_PRECIES_VARIANT,), unseen_with=(MEER_PAKJES, MINDER_PAKJES, WIE_KENT_HEM_NIET)),
    Row("actiepiet-in-het-bod", "action", ("SK-A1",),
        ("reveal*", "effect_*"), HEURISTIC, score_action, 6, (ACTIEPIET,)),
    Row("opening-kleine-en-grote-sint", "opening", ("SK-W1", "SK-W2", "SK-W3"),
        ("gives_big", "opens_small", "opens_big"), HEURISTIC, score_opening, 3,
        (WIE_KENT_HEM_NIET,)),
    # SK-V5 decides only between unequal bids: made by the Handregel's limit and the
    # Biedregel's extra stake (with the Handregel alone, 2000 seeded games showed none)
    Row("speculaas-remise", "remise", ("SK-V5",),
        ("shows*", "wins_bid"), HEURISTIC, score_remise, 3, (REMISE, HANDREGEL, BIEDREGEL)),
    Row("surprises-de-winnaar-kiest", "surprise", ("SK-S1",),
        ("shows*", "wins_*", "surprise_*"), HEURISTIC, score_surprise, 5,
        (SURPRISES,)),
    Row("handregel-ondergrens", "hand-limit", ("SK-V3",),
        ("limit_named",), HEURISTIC, score_hand_limit, 7,
        (HANDREGEL,)),
    # SK-V1 needs hands of different sizes: kept with the Handregel after the Biedregel's
    # extra cards (see the score)
    Row("speculaas-overschatting", "overestimation", ("SK-V1", "SK-V3"),
        ("reveal*",), HEURISTIC, score_overestimation, 5,
        (OVERSCHATTING, HANDREGEL, BIEDREGEL)),
    # With Pietje Precies 2000 seeded games showed no showdown won with a card swapped back
    Row("inwisselen-uit-het-bod", "exchange", ("SK-V2",),
        ("reveal*", "exchange", "shows*", "wins_*"), HEURISTIC, score_exchange, 6,
        (INWISSELEN,), unseen_with=(PIETJE_PRECIES_VARIANT,)),
    Row("biedregel-munt", "coin", ("SK-V4",),
        ("reveal*", "coin_*"), HEURISTIC, score_coin, 6, (BIEDREGEL,)),
    Row("eerste-stopper-wordt-sint", "first-stop", ("SK-W5", "SK-W1", "SK-W2", "SK-W3"),
        ("opens_small", "opens_big", "first_stop*"), HEURISTIC, score_first_stop, 5,
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


def missing(ctx: RoundTelling, steps: Sequence[Step]) -> list[str]:
    """What an example lacks besides its row's claim types: a sentence for every event, and a
    score from its row (the pinned round is still one the row's search would pick)."""
    row = next(row for row in ROWS if row.kind == ctx.kind)
    claims = tuple(step.claim for step in steps)
    told = ToldRound(ctx.segment, claims, ctx.action_names, ctx.config.reveals, ctx.table)
    scored = row.score(told)
    return ctx.problems + ([] if scored else [f"a round its '{row.kind}' search would pick"])


def intro(ctx: RoundTelling) -> str:
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


def candidates(
    spec: GameSpec, row: Row, rules: tuple[str, ...], segment: tr.Round
) -> tuple[ToldRound]:
    """The round told as ``row``'s example would tell it (no claims if it cannot)."""
    if row.kind in OPENING_ONLY:
        end = tr.opening_end(segment)
        after = segment.moments[end].before if end < len(segment.moments) else segment.end
        segment = tr.Round(segment.start, after, segment.moments[:end], False)
    if not segment.moments or not (segment.finished or row.kind in OPENING_ONLY):
        return (ToldRound(segment, ()),)
    if not _PHRASES or _PHRASES[0][0] is not spec:
        _PHRASES[:] = [(spec, load_phrases(spec))]
    ctx = RoundTelling.searching(spec, row.kind, rules, segment, _PHRASES[0][1])
    reveals = ctx.config.reveals
    steps = HANDLERS.steps(ctx, told_events(row.kind, segment))
    if missing_claims(row.claims, steps) or ctx.problems:
        return (ToldRound(segment, (), reveals=reveals, table=ctx.table),)
    claims = tuple(step.claim for step in steps)
    return (ToldRound(segment, claims, ctx.action_names, reveals, ctx.table),)


def title(phrases: Phrases, told: ToldRound) -> Mapping[str, str]:
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


STORY: Story[Config, SinterklaasState, Action, tr.Table, tr.Table, ToldRound, RoundTelling] = Story(
    finder="pnp pin sinterklaas --update",
    focus=tr.FOCUS,
    rows=ROWS,
    engine=ENGINE,
    config=config_from_spec,
    segments=tr.Rounds,
    first_player=lambda _pinned, segment: segment.start.sint,
    context=RoundTelling.of,
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
    checks=EventChecks(FACTS),
    table=table_figure,
)
"""The Sinterklaas examples told by :mod:`pnp.story`: four players, up to 2000 seeds."""
