"""Readable, language-neutral notation for Stoomboot events.

Seats are ``P0 .. P5``, cards and tiles their ids, squares ``a1`` .. ``e5``,
positions 1-based from the left. Lines:

* choices: ``P1: draw varen (vooruit)``, ``P1: place vooruit 3 up``,
  ``Sint P1: piet (vooruit)``, ``Sint P1: koers o (boot was n)``,
  ``Sint P1: langer-rechts s05 (stoomboot); row s01 s05``,
  ``Sint P1: bezorg huis-boek on c2 by boot with p-boek as boek; 7 houses left``;
* chance: ``chance: sint P1``, ``chance: map 5x5`` (then one line per map
  row), ``chance: boat on c3 heading n``, ``chance: shuffle varen (19 cards, setup)``;
* what the rules did by themselves starts with ``* ``, e.g.
  ``* boot sails c3 c2 c1, heading n``.

Dutch phrasing for the rulebook is made elsewhere from the same events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pnp.engine.core import Event
from pnp.games.stoomboot.rules.events import (
    BoatPlaced,
    CardDiscarded,
    CardDrawn,
    CardIgnored,
    CardPlaced,
    CardRevealed,
    DamageTaken,
    Delivered,
    DeliveryDeclined,
    GameEnded,
    GameStarted,
    HeadingChosen,
    KalenderChosen,
    KalenderDrawn,
    KalenderFilled,
    MapLaid,
    NewSint,
    OzosnelChosen,
    PakjesReturned,
    PawnBumped,
    PawnChosen,
    PawnMoved,
    PawnTurned,
    PietEntered,
    PileShuffled,
    PlacingEnded,
    PlayerSkipped,
    RoundEnded,
    RoundStarted,
    RowLengthened,
    RowShortened,
    SintChosen,
    StartRowLaid,
    TalkClosed,
    TalkOpened,
    TileTriggered,
    WeatherSet,
)

__all__ = ["render_event", "render_events", "seat_name"]


def seat_name(seat: int) -> str:
    """``P<seat>``."""
    return f"P{seat}"


def _row(row: Sequence[str]) -> str:
    return " ".join(row) or "(empty)"


def _position(number: int, icon: str, opened: bool) -> str:
    parts = [str(number)]
    if icon:
        parts.append(icon)
    if opened:
        parts.append("open")
    return " ".join(parts)


def _game_started(e: GameStarted) -> str:
    variants = ", ".join(e.variants) or "base"
    return (
        f"* {e.players} players ({variants}); {e.map_size}x{e.map_size} map; "
        f"hands of {e.hand_size}; start row {e.start_row}"
    )


def _map_laid(e: MapLaid) -> str:
    lines = [f"chance: map {e.size}x{e.size}"]
    lines += [f"  {r + 1}: {' '.join(row)}" for r, row in enumerate(e.rows)]
    return "\n".join(lines)


def _round_started(e: RoundStarted) -> str:
    positions = " | ".join(
        _position(i + 1, icon, opened)
        for i, (icon, opened) in enumerate(zip(e.icons, e.open, strict=True))
    )
    weather = f"; {e.weather}" if e.weather else ""
    return (
        f"* round {e.round}, Sint {seat_name(e.sint)}; row {_row(e.row)}; "
        f"positions {positions}{weather}"
    )


def _revealed(e: CardRevealed) -> str:
    how = "face up" if e.face_up else "face down"
    icon = f", {e.icon}" if e.icon else ""
    return f"reveal {e.position}: {e.card} ({seat_name(e.placed_by)}, {how}{icon})"


def _delivered(e: Delivered) -> str:
    used = ", ".join(f"{c} as {k}" for c, k in zip(e.cards, e.counted, strict=True))
    return (
        f"Sint {seat_name(e.seat)}: bezorg {e.house} on {e.square} by {e.pawn} with {used}; "
        f"{e.left} houses left"
    )


def _game_ended(e: GameEnded) -> str:
    how = "won" if e.won else f"lost ({e.reason})"
    return (
        f"* game {how} after {e.rounds} rounds: {e.delivered}/{e.houses} houses delivered; "
        f"kalender {e.kalender}"
    )


def _round_ended(e: RoundEnded) -> str:
    delivered = " ".join(e.delivered) or "nothing"
    return (
        f"* round {e.round} ends: delivered {delivered}; {e.steps} squares; "
        f"damage {e.damage}; kalender {e.kalender}"
    )


_RENDER: dict[type[Event], Callable[[Any], str]] = {
    GameStarted: _game_started,
    SintChosen: lambda e: f"chance: sint {seat_name(e.seat)}",
    MapLaid: _map_laid,
    BoatPlaced: lambda e: f"chance: boat on {e.square} heading {e.heading}",
    PileShuffled: lambda e: f"chance: shuffle {e.pile} ({e.cards} cards, {e.reason})",
    StartRowLaid: lambda e: f"* start row {_row(e.row)}",
    CardDrawn: lambda e: f"{seat_name(e.seat)}: draw {e.pile} ({e.card})",
    RoundStarted: _round_started,
    CardPlaced: lambda e: (
        f"{seat_name(e.seat)}: place {e.card} {e.position}{' up' if e.face_up else ''}"
    ),
    PlayerSkipped: lambda e: f"* {seat_name(e.seat)} has no cards and skips",
    PlacingEnded: lambda e: (
        f"* placing ends ({e.empty} empty); {seat_name(e.next_sint)} is the next Sint"
    ),
    CardRevealed: _revealed,
    CardIgnored: lambda e: f"* {e.position}: {e.card} is not carried out ({e.reason})",
    PawnChosen: lambda e: (
        f"Sint {seat_name(e.seat)}: {'boot' if e.pawn == 'boot' else 'piet'} ({e.card})"
    ),
    HeadingChosen: lambda e: (
        f"Sint {seat_name(e.seat)}: koers {e.heading} ({e.pawn} was {e.before})"
    ),
    PietEntered: lambda e: f"* {e.pawn} appears on {e.square} heading {e.heading}",
    PawnTurned: lambda e: f"* {e.pawn} on {e.square} turns {e.before} -> {e.after} ({e.cause})",
    PawnMoved: lambda e: f"* {e.pawn} sails {e.start} {' '.join(e.path)}, heading {e.heading}",
    PawnBumped: lambda e: (
        f"* {e.pawn} on {e.square} hits the {'edge' if e.cause == 'rand' else 'rots'}"
        f" ({e.damage} damage)"
    ),
    TileTriggered: lambda e: f"* {e.pawn} enters {e.tile} on {e.square}",
    DamageTaken: lambda e: (
        f"Sint: schade-{e.side} removes {e.card}; row {_row(e.row)} (damage {e.total})"
    ),
    RowLengthened: lambda e: f"Sint: langer-{e.side} {e.card} ({e.cause}); row {_row(e.row)}",
    RowShortened: lambda e: (
        f"Sint: korter-{e.side} removes {e.card} ({e.cause}); row {_row(e.row)}"
    ),
    CardDiscarded: lambda e: f"* {e.card} to the {e.pile} discard pile ({e.reason})",
    Delivered: _delivered,
    DeliveryDeclined: lambda e: (
        f"Sint {seat_name(e.seat)}: niet (could deliver {' '.join(e.houses)})"
    ),
    TalkOpened: lambda e: f"* {e.card} delivered: talk is open",
    TalkClosed: lambda e: "* talk is closed",
    KalenderChosen: lambda e: (
        f"Sint {seat_name(e.seat)}: kalender {e.position} ({e.card}); kalender {e.count}"
    ),
    KalenderFilled: lambda e: (
        f"* kalender gets {e.card or 'nothing'} from the {e.pile or 'empty'} pile; "
        f"kalender {e.count}"
    ),
    KalenderDrawn: lambda e: (
        f"* kalender card {e.card} ({e.event}{', unseen' if e.unseen else ''}); {e.left} left"
    ),
    WeatherSet: lambda e: f"* next round: {e.weather}",
    OzosnelChosen: lambda e: f"Sint {seat_name(e.seat)}: ozosnel {e.heading}",
    PakjesReturned: lambda e: f"* pakjes back into the pile: {' '.join(e.cards)}",
    RoundEnded: _round_ended,
    NewSint: lambda e: f"* {seat_name(e.seat)} is Sint in round {e.round}",
    GameEnded: _game_ended,
}


def render_event(event: Event) -> str:
    """One event as one line (the map as several lines joined by newlines)."""
    render = _RENDER.get(type(event))
    if render is None:
        raise TypeError(f"no notation for {event!r}")
    return render(event)


def render_events(events: Sequence[Event]) -> list[str]:
    """Every event rendered, multi-line events split into lines."""
    lines: list[str] = []
    for event in events:
        lines.extend(render_event(event).split("\n"))
    return lines
