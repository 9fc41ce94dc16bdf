"""Readable, language-neutral notation for twaalf-dagen actions and events.

Seats are written ``P0 .. P7`` (seat index), cards as their numbers:

* plays: ``P2: 8 8``, ``P3: pass``, a lead ``P1 leads: 11 11 11 11``;
* chance: ``chance: dealer P3, P0 leads``, ``chance: hand 2 dealt by P0, P1 leads``
  followed by one line per seat with the dealt cards;
* what the rules did by themselves starts with ``* ``, e.g.
  ``* P2 takes back 5 5 (last cards, trick lost)``.

Dutch phrasing for the rulebook is made elsewhere from the same events.
"""

from __future__ import annotations

from pnp.engine.core import Event
from pnp.games.twaalf_dagen.engine import (
    Action,
    CardsReturned,
    ChooseDealer,
    Deal,
    DealerChosen,
    GameEnded,
    GameStarted,
    GiftEarned,
    GiftGiven,
    GiftNotGiven,
    HandDealt,
    HandWon,
    Passed,
    Played,
    TrickWon,
    format_cards,
    format_play,
)

__all__ = ["format_action", "render_event", "render_events", "seat_name"]


def seat_name(seat: int) -> str:
    """``P<seat>``."""
    return f"P{seat}"


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(seat_name(s) for s in seats)


def format_action(action: Action, seat: int | None = None) -> str:
    """An action in notation; with ``seat`` prefixed as ``P2: 8 8``."""
    if isinstance(action, ChooseDealer):
        return f"chance: dealer {seat_name(action.dealer)}"
    if isinstance(action, Deal):
        return "chance: deal " + " / ".join(format_cards(h) for h in action.hands)
    text = format_play(action)
    return text if seat is None else f"{seat_name(seat)}: {text}"


def render_event(event: Event) -> str:
    """One event as one line (a deal as several lines joined by newlines)."""
    if isinstance(event, Played):
        verb = " leads" if event.lead else ""
        return f"{seat_name(event.seat)}{verb}: {format_cards(event.cards)}"
    if isinstance(event, Passed):
        note = " (no legal response)" if event.forced else ""
        return f"{seat_name(event.seat)}: pass{note}"
    if isinstance(event, TrickWon):
        return (
            f"* {seat_name(event.seat)} wins trick {event.trick} with {event.low}; "
            f"discarded {format_cards(event.discarded)}"
        )
    if isinstance(event, CardsReturned):
        return (
            f"* {seat_name(event.seat)} takes back {format_cards(event.cards)} "
            "(last cards, trick lost)"
        )
    if isinstance(event, HandDealt):
        lines = [
            f"chance: hand {event.hand} dealt by {seat_name(event.dealer)}, "
            f"{seat_name(event.leader)} leads"
        ]
        lines += [f"  {seat_name(s)}: {format_cards(h)}" for s, h in enumerate(event.hands)]
        return "\n".join(lines)
    if isinstance(event, DealerChosen):
        return f"chance: dealer {seat_name(event.dealer)}, {seat_name(event.leader)} leads"
    if isinstance(event, HandWon):
        left = " ".join(str(n) for n in event.cards_left)
        return (
            f"* {seat_name(event.seat)} wins hand {event.hand} after {event.tricks} tricks; "
            f"cards left {left}"
        )
    if isinstance(event, GiftEarned):
        return f"* {seat_name(event.seat)} earns a gift; supply {event.supply}"
    if isinstance(event, GiftGiven):
        return (
            f"* {seat_name(event.giver)} ({event.cards_left} cards) gives a gift to "
            f"{seat_name(event.receiver)}"
        )
    if isinstance(event, GiftNotGiven):
        return f"* {seat_name(event.seat)} ({event.cards_left} cards) has no gift to give"
    if isinstance(event, GameEnded):
        gifts = " ".join(str(g) for g in event.gifts)
        return (
            f"* game over after {event.hands} hands; gifts {gifts}; winner {_seats(event.winners)}"
        )
    if isinstance(event, GameStarted):
        variants = ", ".join(event.variants) or "base"
        gifts = " ".join(str(g) for g in event.gifts)
        return f"* {event.players} players ({variants}); gifts {gifts}; supply {event.supply}"
    raise TypeError(f"no notation for {event!r}")


def render_events(events: tuple[Event, ...] | list[Event]) -> list[str]:
    """Every event rendered, multi-line events split into lines."""
    lines: list[str] = []
    for event in events:
        lines.extend(render_event(event).split("\n"))
    return lines
