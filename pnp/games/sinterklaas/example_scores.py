"""How close a round comes to each wanted example (the example finder's scores).

The finder tells every round of its searched games as each wanted kind of
example would (:class:`Told`: the claims of its sentences, none if the round
cannot be told that way) and scores it: 0 when the round is not the
situation, higher the closer it comes to the ideal shape named in each
``score_*`` docstring.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.sinterklaas import events as ev
from pnp.games.sinterklaas.actions import DONE
from pnp.games.sinterklaas.cards import card_name, parse_card
from pnp.games.sinterklaas.example_claims import (
    BY_COUNT,
    BY_KIND,
    BY_TOTAL,
    CHECK,
    RAISE,
    STOP,
    OpensBig,
    OpensSmall,
    Shows,
    Strikes,
    Turn,
    WinsShowdown,
)
from pnp.games.sinterklaas.example_trace import RoundTrace
from pnp.games.sinterklaas.steps import STRIKE


@dataclass(frozen=True)
class Told:
    """A round as an example of one kind would tell it: its claims (empty if it cannot)."""

    trace: RoundTrace
    claims: tuple[object, ...]

    def win(self) -> WinsShowdown | None:
        """The showdown's result, if the round ended with one."""
        wins = [c for c in self.claims if isinstance(c, WinsShowdown)]
        return wins[0] if wins else None

    def turns(self) -> list[Turn]:
        """The bidding turns."""
        return [c for c in self.claims if isinstance(c, Turn)]

    def shows(self) -> dict[int, Shows]:
        """The combinations shown at the showdown, by seat."""
        return {c.seat: c for c in self.claims if isinstance(c, Shows)}

    def strikes(self) -> list[Strikes]:
        """The Pietje Precies strikes."""
        return [c for c in self.claims if isinstance(c, Strikes)]

    def lap(self, turn: Turn) -> int:
        """The bidding lap of ``turn`` (1 for the lap after the first reveal)."""
        moment = next(m for m in self.trace.moments if m.index == turn.first)
        return moment.node[1]


def showdown_ready(told: Told) -> bool:
    """The scoring starts cleanly: after a ``done`` (or at a strike), with a pile to win."""
    win = told.win()
    if win is None or win.pile < 1:
        return False
    moment = told.trace.moments[told.trace.showdown_start()]
    return moment.action == DONE or moment.node[0] == STRIKE


def score_showdown(told: Told) -> int:
    """A whole round of three reveals ending in a showdown; ideally: two or three players
    left, a stop, a raise after the first lap, a win on count, at most twelve turns, a pile of
    six or more, a new Sint (8)."""
    win = told.win()
    if win is None or win.pile < 1:
        return 0
    turns = told.turns()
    score = 1 + (len(told.shows()) in (2, 3)) + any(t.outcome == STOP for t in turns)
    score += any(t.outcome == RAISE and told.lap(t) > 1 for t in turns)
    score += win.reason == BY_COUNT
    score += len(turns) <= 12
    score += win.pile >= 6
    return score + (win.seat != told.trace.start.sint)


def score_tie_number(told: Told) -> int:
    """Equal count, a number beats a colour; ideally: two players, three cards or more, the
    colour with the higher total (so the kind clearly comes before the total), a pile of
    four or more (5)."""
    win = told.win()
    if not showdown_ready(told) or win is None or win.reason != BY_KIND:
        return 0
    shows = told.shows()
    if (shows[win.seat].kind, shows[win.other].kind) != ("number", "colour"):
        return 0
    score = 1 + (len(shows) == 2) + (win.count >= 3) + (win.other_total > win.total)
    return score + (win.pile >= 4)


def score_tie_total(told: Told) -> int:
    """Equal count and kind, the higher total wins; ideally: two players, three cards or
    more, colours (as in the rule's own example), a pile of four or more (5)."""
    win = told.win()
    if not showdown_ready(told) or win is None or win.reason != BY_TOTAL:
        return 0
    shows = told.shows()
    score = 1 + (len(shows) == 2) + (win.count >= 3) + (shows[win.seat].kind == "colour")
    return score + (win.pile >= 4)


def score_one_left(told: Told) -> int:
    """Only one player left; ideally: within two reveals, after a raise, at most ten turns,
    a pile of three or more, a new Sint (6)."""
    trace = told.trace
    won = [e for e in trace.events(ev.RoundWon) if isinstance(e, ev.RoundWon)]
    if not won or won[0].reason != "one-left" or not told.claims:
        return 0
    turns = told.turns()
    score = 1 + (len(trace.events(ev.CardRevealed)) <= 2) + any(t.outcome == RAISE for t in turns)
    score += len(turns) <= 10
    score += len(won[0].pile) >= 3
    return score + (won[0].seat != trace.start.sint)


def score_precies(told: Told) -> int:
    """A winner who struck a card to make a straight; ideally: a strike without which the
    cards would be worth nothing (SK-P1), two or three players, a pile of four or more (4)."""
    win = told.win()
    if not showdown_ready(told) or win is None:
        return 0
    mine = told.shows()[win.seat]
    strikes = [c for c in told.strikes() if c.seat == win.seat and c.card]
    if not strikes or mine.kind != "straight" or not mine.struck:
        return 0
    score = 1 + any(c.rescues for c in strikes) + (len(told.shows()) in (2, 3))
    return score + (win.pile >= 4)


def score_action(told: Told) -> int:
    """One action card that works, first card of its turn; ideally: for the winner of the
    showdown, bringing a card of the winning combination, deciding the round, no other action
    card in sight (they count as plain cards, which would distract), at most four turns that
    only go along (6)."""
    trace = told.trace
    triggered = [e for e in trace.events(ev.ActionTriggered) if isinstance(e, ev.ActionTriggered)]
    turn = next((t for t in told.turns() if t.earlier), None)
    if len(triggered) != 1 or turn is None or turn.earlier[0] != triggered[0].card:
        return 0
    win = told.win()
    score = 1 + (win is not None and win.seat == turn.seat)
    if win is not None:
        score += bool(win.gained) + win.decisive
    score += not [c for c in cards_seen(trace) if c >= 256 and card_name(c) != turn.earlier[0]]
    return score + (sum(t.outcome == CHECK for t in told.turns()) <= 4)


def cards_seen(trace: RoundTrace) -> list[int]:
    """Every card in a hand after the deal, revealed or drawn during the round."""
    seen = [c for hand in trace.start.hands for c in hand]
    for event in trace.events((ev.CardRevealed, ev.CardsDrawn)):
        if isinstance(event, ev.CardsDrawn):
            seen.extend(parse_card(name) for name in event.cards)
        elif isinstance(event, ev.CardRevealed):
            seen.append(parse_card(event.card))
    return seen


def score_opening(told: Told) -> int:
    """The opening of Wie kent hem niet; ideally: the first round, the Big Sint doubling
    exactly (3)."""
    small = [c for c in told.claims if isinstance(c, OpensSmall)]
    big = [c for c in told.claims if isinstance(c, OpensBig)]
    if not small or not big:
        return 0
    return 1 + (len(big[0].cards) == big[0].target) + (told.trace.round == 1)
