"""krappe-kalender: the Kalender card taken at the end of each round and its event (ST-K1).

At setup the Kalender deck is shuffled and ``calendar_limit`` (10) cards are
laid face down. At each round end (instead of setting a played card aside)
the top card is taken and its event carried out by the Sint; the game is lost
(``pakjesavond``) when the pile is empty after that. Events:

* ``rustige-dag``: nothing;
* ``haast``: the next Kalender card is removed too, unseen;
* ``storm``: the boat turns around;
* ``harde-wind``: the boat sails one square ahead (tiles and damage apply; no
  delivery: no pakjes are revealed);
* ``mist``: next round no position has an eye; ``zon``: next round every
  position has one;
* ``lekkage``: the Sint removes an end card of the Stoomrij, never the last;
* ``extra-kolen``: the top Stoomboot card is attached at an end where it fits
  (the Sint's choice), else discarded;
* ``ozosnel``: the Sint moves the boat one square in any of the four
  directions without turning it (tiles and damage apply).

The events are queued as steps of :mod:`~pnp.games.stoomboot.rules.sailing`.
"""

from __future__ import annotations

from pnp.games.stoomboot.rules.cards import (
    EXTRA_KOLEN,
    HAAST,
    HARDE_WIND,
    LEKKAGE,
    MIST,
    OZOSNEL,
    STORM_EVENT,
    ZON,
)
from pnp.games.stoomboot.rules.config import KALENDER_EVENTS
from pnp.games.stoomboot.rules.events import KalenderDrawn, WeatherSet
from pnp.games.stoomboot.rules.rounds import WEATHER_MIST, WEATHER_NAMES, WEATHER_ZON
from pnp.games.stoomboot.rules.sailing import (
    AROUND_TURN,
    BOAT,
    FWD,
    OP_ATTACH,
    OP_LEKKAGE,
    OP_OZOSNEL,
    OP_STEP,
    OP_TURN,
)
from pnp.games.stoomboot.rules.situation import StoombootSituation


def take(state: StoombootSituation, *, unseen: bool) -> int:
    """Take the top Kalender card; return its event (index into ``KALENDER_EVENTS``)."""
    code = state.journal_pop(state.kal_pile)
    state.journal_append(state.kal_drawn, code)
    event = state.tables.kal_event[code]
    if state.log_on:
        state.emit(
            KalenderDrawn(
                state.tables.kal_names[code],
                KALENDER_EVENTS[event],
                len(state.kal_pile),
                unseen,
            )
        )
    return int(event)


def draw_card(state: StoombootSituation) -> None:
    """ST-K1: take the top Kalender card and queue (or do) its event."""
    if not state.kal_pile:
        return
    event = take(state, unseen=False)
    if event == HAAST:
        if state.kal_pile:
            take(state, unseen=True)
    elif event == STORM_EVENT:
        state.queue = (*state.queue, (OP_TURN, BOAT, AROUND_TURN, KALENDER_EVENTS[event]))
    elif event == HARDE_WIND:
        state.queue = (*state.queue, (OP_STEP, BOAT, FWD))
    elif event in (MIST, ZON):
        state.weather_next = WEATHER_MIST if event == MIST else WEATHER_ZON
        if state.log_on:
            state.emit(WeatherSet(WEATHER_NAMES[state.weather_next]))
    elif event == LEKKAGE:
        state.queue = (*state.queue, (OP_LEKKAGE,))
    elif event == EXTRA_KOLEN:
        state.queue = (*state.queue, (OP_ATTACH, KALENDER_EVENTS[event]))
    elif event == OZOSNEL:
        state.queue = (*state.queue, (OP_OZOSNEL,))
