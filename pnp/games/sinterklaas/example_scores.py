"""How close a round comes to each wanted example (the search's scores).

The search tells every round as each wanted kind of example would
(:class:`Told`: the claims of its sentences, none if the round cannot be told
that way) and scores it: 0 when the round is not the situation, higher the
closer it comes to the ideal shape named in each ``score_*`` docstring.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pnp.games.sinterklaas import events as ev
from pnp.games.sinterklaas import example_claims as c
from pnp.games.sinterklaas.actions import DONE
from pnp.games.sinterklaas.cards import card_name, parse_card
from pnp.games.sinterklaas.example_trace import Round, showdown_start
from pnp.games.sinterklaas.steps import STRIKE
from pnp.spec.model import GameSpec
from pnp.story import Phrases, load_phrases


@dataclass(frozen=True)
class Told:
    """A round as an example of one kind would tell it: its claims (empty if it cannot)."""

    segment: Round
    claims: tuple[object, ...]
    action_names: Mapping[str, str] = field(default_factory=dict)

    def win(self) -> c.WinsShowdown | None:
        """The showdown's result, if the round ended with one."""
        return next((x for x in self.claims if isinstance(x, c.WinsShowdown)), None)

    def turns(self) -> list[c.Turn]:
        """The bidding turns."""
        return [x for x in self.claims if isinstance(x, c.Turn)]

    def shows(self) -> dict[int, c.Shows]:
        """The combinations shown at the showdown, by seat."""
        return {x.seat: x for x in self.claims if isinstance(x, c.Shows)}

    def lap(self, turn: c.Turn) -> int:
        """The bidding lap of ``turn`` (1 for the lap after the first reveal)."""
        return next(m.before.node[1] for m in self.segment.moments if m.index == turn.first)

    def action(self) -> str:
        """The name of the round's first action card that worked ("" if none)."""
        cards = [e.card for e in self.segment.events_of(ev.ActionTriggered)]
        return self.action_names.get(cards[0], "") if cards else ""


_PHRASES: list[tuple[GameSpec, Phrases]] = []


def phrases_of(spec: GameSpec) -> Phrases:
    """The example phrases of ``spec`` (read once per spec object the search uses)."""
    if not _PHRASES or _PHRASES[0][0] is not spec:
        _PHRASES[:] = [(spec, load_phrases(spec))]
    return _PHRASES[0][1]


def showdown_ready(told: Told) -> bool:
    """The scoring starts cleanly: after a ``done`` (or at a strike), with a pile to win."""
    win = told.win()
    if win is None or win.pile < 1:
        return False
    moment = told.segment.moments[showdown_start(told.segment)]
    return moment.action == DONE or moment.before.node[0] == STRIKE


def score_showdown(told: Told) -> int:
    """A whole round of three reveals ending in a showdown; ideally: two or three players
    left, a stop, a raise after the first lap, a win on count, at most twelve turns, a pile of
    six or more, a new Sint (8)."""
    win, turns = told.win(), told.turns()
    if win is None or win.pile < 1:
        return 0
    score = 1 + (len(told.shows()) in (2, 3)) + any(t.outcome == c.STOP for t in turns)
    score += any(t.outcome == c.RAISE and told.lap(t) > 1 for t in turns)
    score += (win.reason == c.BY_COUNT) + (len(turns) <= 12) + (win.pile >= 6)
    return score + (win.seat != told.segment.start.sint)


def score_tie_number(told: Told) -> int:
    """Equal count, a number beats a colour; ideally: two players, three cards or more, the
    colour with the higher total (so the kind clearly comes before the total), a pile of
    four or more (5)."""
    win, shows = told.win(), told.shows()
    if not showdown_ready(told) or win is None or win.reason != c.BY_KIND:
        return 0
    if (shows[win.seat].kind, shows[win.other].kind) != ("number", "colour"):
        return 0
    score = 1 + (len(shows) == 2) + (win.count >= 3) + (win.other_total > win.total)
    return score + (win.pile >= 4)


def score_tie_total(told: Told) -> int:
    """Equal count and kind, the higher total wins; ideally: two players, three cards or
    more, colours (as in the rule's own example), a pile of four or more (5)."""
    win, shows = told.win(), told.shows()
    if not showdown_ready(told) or win is None or win.reason != c.BY_TOTAL:
        return 0
    score = 1 + (len(shows) == 2) + (win.count >= 3) + (shows[win.seat].kind == "colour")
    return score + (win.pile >= 4)


def score_one_left(told: Told) -> int:
    """Only one player left; ideally: within two reveals, after a raise, at most ten turns,
    a pile of three or more, a new Sint (6)."""
    segment, turns = told.segment, told.turns()
    won = segment.events_of(ev.RoundWon)
    if not won or won[0].reason != "one-left" or not told.claims:
        return 0
    score = 1 + (len(segment.events_of(ev.CardRevealed)) <= 2)
    score += any(t.outcome == c.RAISE for t in turns) + (len(turns) <= 10)
    return score + (len(won[0].pile) >= 3) + (won[0].seat != segment.start.sint)


def score_precies(told: Told) -> int:
    """A winner who struck a card to make a straight; ideally: a strike without which the
    cards would be worth nothing (SK-P1), two or three players, a pile of four or more (4)."""
    win = told.win()
    if not showdown_ready(told) or win is None:
        return 0
    mine = told.shows()[win.seat]
    strikes = [x for x in told.claims if isinstance(x, c.Strikes) and x.seat == win.seat]
    strikes = [x for x in strikes if x.card]
    if not strikes or mine.kind != "straight" or not mine.struck:
        return 0
    score = 1 + any(x.rescues for x in strikes) + (len(told.shows()) in (2, 3))
    return score + (win.pile >= 4)


def score_action(told: Told) -> int:
    """One action card that works, first card of its turn; ideally: for the winner of the
    showdown, bringing a card of the winning combination, deciding the round, no other action
    card in sight (they count as plain cards, which would distract), at most four turns that
    only go along (6)."""
    segment = told.segment
    triggered = segment.events_of(ev.ActionTriggered)
    turn = next((t for t in told.turns() if t.earlier), None)
    if len(triggered) != 1 or turn is None or turn.earlier[0] != triggered[0].card:
        return 0
    win = told.win()
    score = 1 + (win is not None and win.seat == turn.seat)
    if win is not None:
        score += bool(win.gained) + win.decisive
    seen = [x for hand in segment.start.hands for x in hand]
    for event in segment.events_of(ev.CardRevealed):
        seen.append(parse_card(event.card))
    for drawn in segment.events_of(ev.CardsDrawn):
        seen.extend(parse_card(name) for name in drawn.cards)
    score += not [x for x in seen if x >= 256 and card_name(x) != turn.earlier[0]]
    return score + (sum(t.outcome == c.CHECK for t in told.turns()) <= 4)


def score_opening(told: Told) -> int:
    """The opening of Wie kent hem niet; ideally: the first round, the Big Sint doubling
    exactly (3)."""
    small = [x for x in told.claims if isinstance(x, c.OpensSmall)]
    big = [x for x in told.claims if isinstance(x, c.OpensBig)]
    if not small or not big:
        return 0
    return 1 + (len(big[0].cards) == big[0].target) + (told.segment.start.round == 1)
