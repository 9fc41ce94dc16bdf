"""How card backs are printed: the one choice the command line, the settings and the sheets share.

A module of its own, below everything else, so the command line can offer the choices
without importing the sheet geometry.
"""

from __future__ import annotations

import enum


class BackMode(enum.StrEnum):
    """How card backs are printed."""

    LONG_EDGE = "long-edge"
    SHORT_EDGE = "short-edge"
    GUTTERFOLD = "gutterfold"
    NONE = "none"
