"""Named card and paper sizes, in millimetres.

Below the spec model (which uses :class:`CardSize`): the settings check a paper name
without loading the model.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardSize:
    """Trim size of a card or tile in millimetres."""

    name: str
    width: float
    height: float


CARD_SIZES: dict[str, CardSize] = {
    size.name: size
    for size in (
        CardSize("poker", 63.0, 88.0),
        CardSize("bridge", 57.0, 88.0),
        CardSize("mini", 44.0, 68.0),
        CardSize("tarot", 70.0, 120.0),
        CardSize("tile-60", 60.0, 60.0),
    )
}


@dataclass(frozen=True)
class Paper:
    """A paper size in portrait orientation."""

    name: str
    width: float
    height: float

    def landscape(self) -> Paper:
        """The same paper turned sideways."""
        return Paper(self.name, self.height, self.width)


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
}

BLEED = 3.0
"""Bleed around every card, mm."""
SAFE = 3.0
"""Safe zone inside the trim line, mm: no text or vital icon outside it."""
PRINTABLE_MARGIN = 5.0
"""Home printers clip 4-6 mm: no ink but bleed this close to the paper edge."""
