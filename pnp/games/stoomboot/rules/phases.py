"""The phases of the state machine, the stages of a round and the Sint's kinds of choice."""

from __future__ import annotations

PHASE_SINT = 0
"""Chance: the first Sint (ST-B1)."""
PHASE_MAP = 1
"""Chance: the map tiles in their squares (ST-B1)."""
PHASE_BOAT = 2
"""Chance: the boat's start square (ST-B1)."""
PHASE_SHUFFLE = 3
"""Chance: a pile is shuffled (setup, an empty pile refilled, pakjes returned)."""
PHASE_DRAW = 4
"""A player draws a card from a pile of their choice (ST-B1, ST-B8)."""
PHASE_PLACE = 5
"""A player places a hand card under an empty Stoomrij position (ST-B3)."""
PHASE_CHOICE = 6
"""The Sint decides while sailing or at the end of the round (ST-B4 ... ST-B8)."""
PHASE_OVER = 7
"""The game is over (ST-B2)."""

PHASE_NAMES = ("sint", "map", "boat", "shuffle", "draw", "place", "choice", "over")

STAGE_SETUP = 0
STAGE_DRAWS = 1
STAGE_PLACING = 2
STAGE_SAILING = 3
STAGE_ROUND_END = 4
STAGE_OVER = 5

CHOICE_NONE = 0
CHOICE_PAWN = 1
"""rebelse-pietjes: the boat or the Sint's Piet (ST-R1)."""
CHOICE_KOERS = 2
"""kompas: a heading before the Varen card (ST-P3)."""
CHOICE_STOOM = 3
"""A Stoomboot card: longer or shorter, which end (ST-B5)."""
CHOICE_DAMAGE = 4
"""Which end card the damage removes (ST-E2)."""
CHOICE_ATTACH = 5
"""haven / extra-kolen: which end the top Stoomboot card is attached to."""
CHOICE_DELIVER = 6
"""Deliver to a house now, or not (ST-B6)."""
CHOICE_KALENDER = 7
"""Base game: which played card goes to the Kalender (ST-B8)."""
CHOICE_LEKKAGE = 8
"""Kalender event lekkage: which end card is removed (ST-K1)."""
CHOICE_OZOSNEL = 9
"""Kalender event ozosnel: which way the boat moves (ST-K1)."""

CHOICE_NAMES = (
    "",
    "pawn",
    "koers",
    "stoom",
    "damage",
    "attach",
    "deliver",
    "kalender",
    "lekkage",
    "ozosnel",
)
