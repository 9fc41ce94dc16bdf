"""Readable, language-neutral notation for Santoska events.

Seats are ``P0 .. P5``, cards their number or ``S`` (Santoska), cells
``b1 .. b6`` (bottom row) and ``t1 .. t6`` (top row). Lines:

* moves: ``P2: take 7``, ``P2: draw S``, ``P2: swap b3 (in 7, out 9)``,
  ``P2: discard S``, ``P2: arriba (bottom 3 3 1)``, ``P2: stop; final turns P0, P1``;
  a turn of the final lap starts ``P0 (final): draw 4``;
* chance: ``chance: dealer P1``, ``chance: round 2 dealt by P1, P2 starts; discard 7``
  followed by one line per seat with its grid, ``chance: reshuffle 41 cards``;
* what the rules did by themselves starts with ``* ``, e.g.
  ``* P1 scores 4: b 3 3 1 | t 3 S S; groups 3 3 3 (b1 b2 t1) 0, ...; total 37``.

Dutch phrasing for the rulebook is made elsewhere from the same events.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.engine.core import Event
from pnp.games.santoska.rules.cards import card_name, format_cards
from pnp.games.santoska.rules.events import (
    ArribaCalled,
    CardDiscarded,
    CardDrawn,
    CardSwapped,
    CardTaken,
    DealerChosen,
    GameEnded,
    GameStarted,
    GridScored,
    GroupInfo,
    PileReshuffled,
    PlayerEliminated,
    RoundDealt,
    RoundEnded,
    RowPeeked,
    StopCalled,
)

__all__ = ["format_group", "render_event", "render_events", "seat_name"]


def seat_name(seat: int) -> str:
    """``P<seat>``."""
    return f"P{seat}"


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(seat_name(s) for s in seats) or "none"


def _grid(bottom: Sequence[int], top: Sequence[int]) -> str:
    return f"b {format_cards(bottom)} | t {format_cards(top)}"


def format_group(group: GroupInfo) -> str:
    """A scored group as ``3 3 3 (b1 b2 t1) 0``."""
    card, cells, points = group
    return f"{format_cards([card] * len(cells))} ({' '.join(cells)}) {points}"


def _turn(seat: int, final: bool) -> str:
    return f"{seat_name(seat)} (final)" if final else seat_name(seat)


def render_event(event: Event) -> str:
    """One event as one line (a deal as several lines joined by newlines)."""
    if isinstance(event, CardTaken):
        return f"{_turn(event.seat, event.final)}: take {card_name(event.card)}"
    if isinstance(event, CardDrawn):
        return f"{_turn(event.seat, event.final)}: draw {card_name(event.card)}"
    if isinstance(event, CardSwapped):
        seen = "" if event.was_known else ", unseen"
        return (
            f"{seat_name(event.seat)}: swap {event.cell} "
            f"(in {card_name(event.card_in)}, out {card_name(event.card_out)}{seen})"
        )
    if isinstance(event, CardDiscarded):
        return f"{seat_name(event.seat)}: discard {card_name(event.card)}"
    if isinstance(event, ArribaCalled):
        return f"{seat_name(event.seat)}: arriba (bottom {format_cards(event.bottom)})"
    if isinstance(event, StopCalled):
        return f"{seat_name(event.seat)}: stop; final turns {_seats(event.final_turns)}"
    if isinstance(event, RowPeeked):
        return f"* {seat_name(event.seat)} peeks at the bottom row: {format_cards(event.cards)}"
    if isinstance(event, RoundDealt):
        lines = [
            f"chance: round {event.round} dealt by {seat_name(event.dealer)}, "
            f"{seat_name(event.starter)} starts; discard {card_name(event.discard)}; "
            f"draw pile {event.pile}"
        ]
        half = max((len(g) for g in event.grids), default=0) // 2
        lines += [
            f"  {seat_name(s)}: {_grid(g[:half], g[half:])}" for s, g in enumerate(event.grids) if g
        ]
        return "\n".join(lines)
    if isinstance(event, PileReshuffled):
        return (
            f"chance: reshuffle {event.cards} cards into the draw pile; "
            f"discard {card_name(event.discard_top)} stays"
        )
    if isinstance(event, DealerChosen):
        return f"chance: dealer {seat_name(event.dealer)}"
    if isinstance(event, RoundEnded):
        how = (
            f"capped (no Stop) after {event.turns} turns"
            if event.capped
            else f"ends after {event.turns} turns ({seat_name(event.stopper)} stopped)"
        )
        return f"* round {event.round} {how}"
    if isinstance(event, GridScored):
        groups = ", ".join(format_group(g) for g in event.groups)
        return (
            f"* {seat_name(event.seat)} scores {event.points}: {_grid(event.bottom, event.top)}; "
            f"groups {groups}; total {event.total}"
        )
    if isinstance(event, PlayerEliminated):
        return f"* {seat_name(event.seat)} is out with {event.total} (over {event.limit})"
    if isinstance(event, GameEnded):
        totals = " ".join(str(t) for t in event.totals)
        return (
            f"* game over after {event.rounds} rounds ({event.reason}): "
            f"winner {_seats(event.winners)}; totals {totals}"
        )
    if isinstance(event, GameStarted):
        variants = ", ".join(event.variants) or "base"
        return (
            f"* {event.players} players ({variants}); rows of {event.row_length}; "
            f"limit {event.limit}"
        )
    raise TypeError(f"no notation for {event!r}")


def render_events(events: Sequence[Event]) -> list[str]:
    """Every event rendered, multi-line events split into lines."""
    lines: list[str] = []
    for event in events:
        lines.extend(render_event(event).split("\n"))
    return lines
