"""Draw a :class:`~pnp.rulebook.figures.TableFigure`: the table at the start, seen from above.

Every place is drawn from the real card faces and backs (the same forms the
sheets print) on a grid of card widths and card heights, scaled to fit the
text column and a height limit, with its label under it and the figure's
caption below everything.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from pnp.draw.fonts import font_name
from pnp.example_model.figures import (
    FAN_STEP,
    GAP,
    PILE_SHOWN,
    PILE_STEP,
    TableFigure,
    TablePlace,
    place_width,
)
from pnp.rulebook.figures import CAPTION_PT, INK, within_column
from pnp.rulebook.pictures import CardArtist

LABEL_LINES = 2.4
"""Height of a label under a place, in caption lines (room for the gap and a second line)."""
TABLE_FILL = HexColor("#EFE7D8")


def label_width(label: str) -> float:
    """The width of a place's label, in points."""
    return float(stringWidth(label, font_name("bold"), CAPTION_PT))


class TableFlowable(Flowable):  # type: ignore[misc]
    """A table figure, as wide as the frame allows and at most ``max_height`` high."""

    def __init__(self, artist: CardArtist, figure: TableFigure, max_height: float) -> None:
        super().__init__()
        self.artist = artist
        self.figure = figure
        self.max_height = max_height
        cards = [card for place in figure.places for card in place.cards]
        self.aspect = max((artist.aspect(card.picture) for card in cards), default=1.4)
        self.columns = max((p.col + place_width(p) for p in figure.places), default=1.0)
        self.rows = max((p.row + 1 for p in figure.places), default=1.0)
        self._card = 0.0

    def _card_width(self, avail_width: float) -> float:
        label = CAPTION_PT * LABEL_LINES
        by_width = avail_width / self.columns
        by_height = (self.max_height - CAPTION_PT * 2) / self.rows
        return min(by_width, (by_height - label) / self.aspect)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self._card = self._card_width(availWidth)
        self.width = availWidth
        self.height = self.rows * self._row_height() + CAPTION_PT * 2
        return self.width, self.height

    def _row_height(self) -> float:
        return self._card * self.aspect + CAPTION_PT * LABEL_LINES

    def draw(self) -> None:
        """Draw the table top, every place with its label, then the caption."""
        canvas = self.canv
        card = self._card
        used = self.columns * card
        left = (self.width - used) / 2
        top = self.height
        if not self.artist.sketch:
            # The table top reaches past the cards to hold labels wider than their place.
            low, high = left, left + used
            for place in self.figure.places:
                centre = left + (place.col + place_width(place) / 2) * card
                half = label_width(place.label) / 2
                low, high = min(low, centre - half), max(high, centre + half)
            pad = card * 0.2
            low, high = max(0.0, low - pad), min(self.width, high + pad)
            canvas.saveState()
            canvas.setFillColor(TABLE_FILL)
            canvas.roundRect(low, CAPTION_PT * 2, high - low, top - CAPTION_PT * 2, 6, 0, 1)
            canvas.restoreState()
        for place in self.figure.places:
            x = left + place.col * card
            y = top - place.row * self._row_height() - card * self.aspect
            self._draw_place(place, x, y)
            if not self.artist.sketch:
                canvas.saveState()
                canvas.setFillColor(INK)
                canvas.setFont(font_name("bold"), CAPTION_PT)
                centre = x + place_width(place) * card / 2
                centre = within_column(canvas, place.label, "bold", centre, self.width)
                canvas.drawCentredString(centre, y - CAPTION_PT * 1.4, place.label)
                canvas.restoreState()
        if not self.artist.sketch:
            canvas.saveState()
            canvas.setFillColor(INK)
            canvas.setFont(font_name("italic"), CAPTION_PT)
            canvas.drawCentredString(self.width / 2, CAPTION_PT * 0.4, self.figure.caption)
            canvas.restoreState()

    def _draw_place(self, place: TablePlace, x: float, y: float) -> None:
        card = self._card
        if place.spread == "pile":
            shown = place.cards[-PILE_SHOWN:]
            for index, table_card in enumerate(shown):
                offset = index * PILE_STEP * card
                self.artist.draw(
                    self.canv, table_card.picture, x + offset, y + offset, card, table_card.back
                )
            return
        step = card * (FAN_STEP if place.spread == "fan" else 1 + GAP)
        for index, table_card in enumerate(place.cards):
            self.artist.draw(
                self.canv, table_card.picture, x + index * step, y, card, table_card.back
            )
