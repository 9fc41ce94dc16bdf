"""The ink editions of a kit: what ``--ink`` chooses (what each edition draws is
:mod:`pnp.layout.ink`'s)."""

from __future__ import annotations

import enum


class Ink(enum.StrEnum):
    """How much ink a kit's faces use."""

    NORMAL = "normal"
    LOW = "low"
