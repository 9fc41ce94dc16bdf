"""Readable, language-neutral notation for Sinterklaas moves and events.

Seats are ``P0 .. P5``, cards their names (``rood-5``, ``stafpiet``), a
face-down card ``[stafpiet]``. Moves are written as in
:mod:`~pnp.games.sinterklaas.rules.actions` (``P2: add rood-5``). Event lines:

* chance lines start with ``chance:`` (``chance: P3 is the first Sint``,
  ``chance: reveal rood-5 (lap 1); room rood-5``, a deal as one line per seat);
* player choices start with the seat (``P1 bids rood-5 (bid 2)``, ``P0 stops``);
* what the rules did by themselves starts with ``* ``
  (``* P2 wins round 3 (best): ...``).

Dutch phrasing for the rulebook is made elsewhere from the same events.
"""

from __future__ import annotations

from pnp.engine.core import Event
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.actions import (
    Action,
    ChooseSint,
    Deal,
    Draw,
    PassLeft,
    Peek,
    Pick,
    Reveal,
    format_move,
)
from pnp.games.sinterklaas.rules.cards import card_name

__all__ = ["format_action", "render_event", "render_events", "seat_name"]


def seat_name(seat: int) -> str:
    """``P<seat>``."""
    return f"P{seat}"


def _cards(cards: tuple[str, ...]) -> str:
    return " ".join(cards) if cards else "-"


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(seat_name(s) for s in seats) or "nobody"


def format_action(action: Action, seat: int | None = None) -> str:
    """An action in notation; with ``seat`` prefixed (``P2: add rood-5``)."""
    if isinstance(action, int):
        text = format_move(action)
        return text if seat is None else f"{seat_name(seat)}: {text}"
    if isinstance(action, ChooseSint):
        return f"chance: first Sint {seat_name(action.seat)}"
    if isinstance(action, Deal):
        parts = [
            f"{seat_name(s)} {' '.join(map(card_name, sc)) or '-'} + "
            f"{' '.join(map(card_name, st)) or '-'}"
            for s, (sc, st) in enumerate(zip(action.scored, action.stack, strict=True))
        ]
        return "chance: deal " + " / ".join(parts)
    if isinstance(action, Reveal):
        return f"chance: reveal {card_name(action.card)}"
    if isinstance(action, Draw):
        return f"chance: draw {' '.join(map(card_name, action.cards))}"
    if isinstance(action, Peek):
        return f"chance: peek {card_name(action.card)}"
    if isinstance(action, Pick):
        return f"chance: pick {card_name(action.card)}"
    assert isinstance(action, PassLeft)
    return "chance: pass " + " ".join(card_name(c) if c else "-" for c in action.cards)


def _render_chance(event: Event) -> str | None:
    if isinstance(event, ev.SintChosen):
        return f"chance: {seat_name(event.seat)} is the first Sint"
    if isinstance(event, ev.CardsDealt):
        lines = [f"chance: round {event.round} dealt (scored + stack)"]
        lines += [
            f"  {seat_name(s)}: {_cards(sc)} + {_cards(st)}"
            for s, (sc, st) in enumerate(zip(event.scored, event.drawn, strict=True))
        ]
        return "\n".join(lines)
    if isinstance(event, ev.CardRevealed):
        where = f"lap {event.lap}" if event.lap else "amerigo"
        return f"chance: reveal {event.card} ({where}); room {_cards(event.room)}"
    if isinstance(event, ev.CardsDrawn):
        return f"chance: {seat_name(event.seat)} draws {_cards(event.cards)} ({event.reason})"
    if isinstance(event, ev.CardPeeked):
        return f"chance: {seat_name(event.seat)} peeks at {event.card}"
    if isinstance(event, ev.CardsPassedLeft):
        passed = " ".join(c or "-" for c in event.cards)
        return f"chance: hand cards passed left: {passed}"
    if isinstance(event, ev.CardStolen):
        return (
            f"chance: {seat_name(event.taker)} takes {event.card} "
            f"from {seat_name(event.victim)}'s hand"
        )
    if isinstance(event, ev.StakeAdded):
        return (
            f"chance: {seat_name(event.seat)} adds scored {event.card} to the bid (bid {event.bid})"
        )
    return None


def _render_choice(event: Event) -> str | None:
    if isinstance(event, ev.CardBid):
        card = f"[{event.card}]" if event.face_down else event.card
        opening = " to open" if event.opening else ""
        return f"{seat_name(event.seat)} bids {card}{opening} (bid {event.bid})"
    if isinstance(event, ev.WentAlong):
        if event.capped:
            how = "stays at the hand limit"
        elif event.raised:
            how = "raises"
        else:
            how = "goes along"
        return f"{seat_name(event.seat)} {how} with {event.bid} (highest {event.highest})"
    if isinstance(event, ev.Stopped):
        return f"{seat_name(event.seat)} stops (bid {event.bid}, keeps {event.hand} cards)"
    if isinstance(event, ev.CardsSwapped):
        return f"{seat_name(event.seat)} swaps {event.hand_card} into the bid for {event.bid_card}"
    if isinstance(event, ev.LimitNamed):
        return f"{seat_name(event.seat)} names hand limit {event.minimum}"
    if isinstance(event, ev.BigSintGiven):
        return f"{seat_name(event.sint)} gives the Big Sint to {seat_name(event.seat)}"
    if isinstance(event, ev.BigSintTaken):
        return f"{seat_name(event.seat)} takes the Big Sint from {seat_name(event.previous)}"
    if isinstance(event, ev.PeekedCardPlaced):
        where = "under the stack" if event.to_bottom else "back on top"
        return f"{seat_name(event.seat)} puts the card {where}"
    if isinstance(event, ev.RoomSwapped):
        return (
            f"{seat_name(event.seat)} puts {event.hand_card} into the room "
            f"and takes {event.room_card}"
        )
    if isinstance(event, ev.CoinChosen):
        return f"{seat_name(event.seat)} chooses {event.choice}"
    if isinstance(event, ev.StakeDeclined):
        return f"{seat_name(event.seat)} declines more stake"
    if isinstance(event, ev.ColourChosen):
        return f"{seat_name(event.seat)} counts the inpakpiet as {event.colour}"
    if isinstance(event, ev.CardStruck):
        return f"{seat_name(event.seat)} strikes {event.card or 'nothing'}"
    if isinstance(event, ev.HandKept):
        return f"{seat_name(event.seat)} keeps {event.cards} hand cards"
    if isinstance(event, ev.HandDiscarded):
        return f"{seat_name(event.seat)} discards the hand {_cards(event.cards)}"
    return None


def _render_automatic(event: Event) -> str | None:
    if isinstance(event, ev.GameStarted):
        variants = ", ".join(event.variants) or "base"
        return f"* {event.players} players ({variants}); stack {event.stack}"
    if isinstance(event, ev.RoundStarted):
        return f"* round {event.round}: Sint {seat_name(event.sint)}, stack {event.stack}"
    if isinstance(event, ev.LapStarted):
        return f"* lap {event.lap} from {seat_name(event.seat)}, highest bid {event.highest}"
    if isinstance(event, ev.AllIn):
        return f"* {seat_name(event.seat)} is all-in with {event.bid}"
    if isinstance(event, ev.CannotMatch):
        return f"* {seat_name(event.seat)} cannot reach {event.highest} (at most {event.reach})"
    if isinstance(event, ev.Overbid):
        return f"* {seat_name(event.seat)} bid {event.bid} that nobody can match: out"
    if isinstance(event, ev.BigSintCannotDouble):
        return f"* {seat_name(event.seat)} cannot bid {event.target}: no opening"
    if isinstance(event, ev.StackEmpty):
        return f"* the stack is empty: no {event.what} ({seat_name(event.seat)})"
    if isinstance(event, ev.SintChanged):
        return (
            f"* {seat_name(event.seat)} becomes Sint ({event.reason}; "
            f"was {seat_name(event.previous)})"
        )
    if isinstance(event, ev.ActionTriggered):
        return f"* {event.card} works for {seat_name(event.seat)}"
    if isinstance(event, ev.CombinationShown):
        return (
            f"* {seat_name(event.seat)}: {event.kind} {event.value} x{event.count} "
            f"(total {event.total}) from {_cards(event.cards)}"
        )
    if isinstance(event, ev.RoundWon):
        return (
            f"* {seat_name(event.seat)} wins round {event.round} ({event.reason}): "
            f"{_cards(event.pile)}"
        )
    if isinstance(event, ev.RoundTied):
        return f"* round {event.round} tied between {_seats(event.seats)}: nobody wins"
    if isinstance(event, ev.RoundEnded):
        hands = " ".join(str(h) for h in event.hands)
        return f"* round {event.round} over; discarded {_cards(event.discarded)}; hands {hands}"
    if isinstance(event, ev.SurprisePicked):
        return f"* {seat_name(event.seat)} picks the next surprise ({event.reason})"
    if isinstance(event, ev.GameEnded):
        points = " ".join(str(p) for p in event.points)
        return (
            f"* game over after {event.rounds} rounds (stack {event.stack}); "
            f"points {points}; winner {_seats(event.winners)}"
        )
    return None


def render_event(event: Event) -> str:
    """One event as one line (a deal as several lines joined by newlines)."""
    for render in (_render_choice, _render_chance, _render_automatic):
        text = render(event)
        if text is not None:
            return text
    raise TypeError(f"no notation for {event!r}")


def render_events(events: tuple[Event, ...] | list[Event]) -> list[str]:
    """Every event rendered, multi-line events split into lines."""
    lines: list[str] = []
    for event in events:
        lines.extend(render_event(event).split("\n"))
    return lines
