"""The phases of the state machine: chance nodes, the three steps of a turn, the end."""

from __future__ import annotations

PHASE_DEALER = 0
"""Chance: the first dealer."""
PHASE_DEAL = 1
"""Chance: shuffle and deal a round (SA-B1)."""
PHASE_RESHUFFLE = 2
"""Chance: the draw pile ran out; shuffle the discard pile into a new one."""
PHASE_DRAW = 3
"""A turn begins: take the open discard or draw from the draw pile (SA-B3)."""
PHASE_PLACE = 4
"""Swap the card in hand into the active row, or discard it (SA-B3)."""
PHASE_CALL = 5
"""End of the turn: end it, or call Arriba (SA-B4) or Stop (SA-B5)."""
PHASE_OVER = 6
"""The game is over (SA-B7)."""

PHASE_NAMES = ("dealer", "deal", "reshuffle", "draw", "place", "call", "over")
