"""What the low-ink edition (:class:`pnp.base.ink.Ink`) does with each layout element.

The low-ink edition draws every face from the same layouts, by one rule for every game:
no background over the bleed, filled rectangles as outlines in their colour (white panels
stay), decoration art left out, pips as outlined rings around a symbol in their colour,
pictures with their lines thinner and their areas pale, text as it is. A layout element may say otherwise with
``ink_low`` (and use ``fill_low`` or ``src_low`` in the low-ink edition instead of ``fill``
or ``src``).
"""

from __future__ import annotations

import enum


class LowInk(enum.StrEnum):
    """An element's own rule for the low-ink edition (a layout's ``ink_low`` key)."""

    KEEP = "keep"
    """Drawn as in the normal edition."""
    OMIT = "omit"
    """Left out."""
    OUTLINE = "outline"
    """A filled rectangle or pip disc drawn as an outline in its colour; text as outlined
    letters (for large display figures)."""
    ONLY = "only"
    """Drawn in the low-ink edition only (a light design replacing what is left out)."""


OUTLINE_PT = 0.75
"""Width of the outline a filled shape becomes when the element sets no stroke of its own."""

ART_FILL_STRENGTH = 0.4
"""The share of its ink a picture's fill colours keep in the low-ink edition (its lines keep
their colour), unless its element says ``ink_low = "keep"``."""
ART_LINE_SCALE = 0.6
"""How wide a picture's lines are drawn in the low-ink edition, against their own width."""

TEXT_OUTLINE = 0.025
"""Width of an outlined letter's line, as a share of the text size."""

PAPER_WHITE = 0.96
"""A fill whose every channel is at least this light (0..1) is paper white: the low-ink edition
keeps it, as it takes no ink and hides what lies under a label."""
