"""Figures of rulebook examples drawn from the real tiles and cards: a map and a card row.

A game's example step may carry figures (``Step.figures``): a :class:`MapFigure`
(tiles of the spec tables in a grid, a pawn and the path it sailed) or a
:class:`RowFigure` (cards side by side, with cards lying under the positions
between and on them). :class:`FigureRow` draws them side by side in the
rulebook, each with its caption; :func:`describe_figure` gives the same
figure as text for ``pnp examples``.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from pnp.draw.fonts import font_name
from pnp.example_model import CardPicture
from pnp.example_model.figures import (
    Figure,
    MapFigure,
    RowFigure,
)
from pnp.language import Language
from pnp.rulebook.pictures import CardArtist

PATH = HexColor("#C0392B")
INK = HexColor("#23303A")
HIDDEN = HexColor("#8A8178")
CAPTION_PT = 7.5
GAP = 8.0
"""Points between two figures of one row."""

SLOT_EXTRA = 2.0 + CAPTION_PT * 1.2
"""Points under a row figure's slot cards: the gap and the slot labels."""

HEADING_VECTORS = {"n": (0.0, 1.0), "o": (1.0, 0.0), "z": (0.0, -1.0), "w": (-1.0, 0.0)}
"""Unit vectors of the four headings, y up (north is the top of a map)."""


def within_column(canvas: object, text: str, face: str, centre: float, width: float) -> float:
    """The centre for a caption nearest ``centre`` that keeps it inside ``[0, width]``."""
    half = float(stringWidth(text, font_name(face), CAPTION_PT)) / 2
    return min(max(centre, half), max(half, width - half))


def describe_figure(figure: Figure, names: dict[CardPicture, str], words: Language) -> list[str]:
    """The figure as text lines: the map as a grid of letters, the row as a list."""
    if isinstance(figure, MapFigure):
        grid = [["." for _ in range(figure.columns)] for _ in range(figure.rows)]
        for tile in figure.tiles:
            grid[tile.row][tile.col] = tile.letter
        for col, row in figure.path:
            if grid[row][col] in "~.":
                grid[row][col] = "*"
        for pawn in figure.pawns:
            grid[pawn.row][pawn.col] = pawn.letter
        lines = [f"{figure.caption}:", *("  " + " ".join(line) for line in grid)]
        return [*lines, f"  ({figure.legend})"] if figure.legend else lines
    cards = ", ".join(names.get(card, card.row) for card in figure.cards)
    slots = []
    for index, slot in enumerate(figure.slots, start=1):
        if slot is None:
            slots.append(f"{index}: {words.label('slot_empty')}")
        elif slot.card is None:
            slots.append(f"{index}: {words.label('slot_face_down')}")
        else:
            slots.append(f"{index}: {names.get(slot.card, slot.card.row)}")
    lines = [f"{figure.caption}: {cards}"]
    if slots:
        lines.append("  " + words.label("slots", slots="; ".join(slots)))
    return lines


class FigureRow(Flowable):  # type: ignore[misc]
    """Figures side by side, scaled to share the frame's width, captions underneath."""

    def __init__(
        self,
        artist: CardArtist,
        figures: tuple[Figure, ...],
        width: float,
        height: float,
        centred: bool = False,
    ) -> None:
        super().__init__()
        self.centred = centred
        """Centre the figures in the column (else they start at its left edge)."""
        self.artist = artist
        self.figures = figures
        self.max_width = width
        self.max_height = height
        self._sizes = [self._natural(f) for f in figures]

    def _natural(self, figure: Figure) -> tuple[float, float]:
        """Width and height for a figure of the row's height (without caption)."""
        if isinstance(figure, MapFigure):
            cell = self.max_height / figure.rows
            return cell * figure.columns, self.max_height
        card_h = (self.max_height - SLOT_EXTRA) / (1 + _slot_aspect(self.artist, figure))
        card_w = card_h / self.artist.aspect(figure.cards[0])
        # Without cards under it the row is just as wide, and only as high as its cards.
        height = self.max_height if any(figure.slots) else card_h
        return card_w * len(figure.cards), height

    def _scale(self) -> float:
        total = sum(w for w, _ in self._sizes) + GAP * (len(self._sizes) - 1)
        return min(1.0, self.max_width / total) if total else 1.0

    def _height(self) -> float:
        return max((h for _, h in self._sizes), default=0.0)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return availWidth, self._height() * self._scale() + CAPTION_PT * 1.6

    def draw(self) -> None:
        canvas = self.canv
        scale = self._scale()
        used = sum(w for w, _ in self._sizes) * scale + GAP * (len(self._sizes) - 1)
        x = (self.max_width - used) / 2 if self.centred else 0.0
        top = self._height() * scale + CAPTION_PT * 1.6
        for figure, (w, h) in zip(self.figures, self._sizes, strict=True):
            fw, fh = w * scale, h * scale
            bottom = top - fh
            if isinstance(figure, MapFigure):
                self._draw_map(figure, x, bottom, fw, fh)
            else:
                self._draw_row(figure, x, bottom, fw, fh)
            canvas.saveState()
            canvas.setFillColor(INK)
            canvas.setFont(font_name("italic"), CAPTION_PT)
            centre = within_column(canvas, figure.caption, "italic", x + fw / 2, self.max_width)
            canvas.drawCentredString(centre, bottom - CAPTION_PT * 1.3, figure.caption)
            canvas.restoreState()
            x += fw + GAP

    def _draw_map(self, figure: MapFigure, x: float, y: float, w: float, h: float) -> None:
        canvas = self.canv
        cell = min(w / figure.columns, h / figure.rows)

        def centre(col: int, row: int) -> tuple[float, float]:
            return x + (col + 0.5) * cell, y + h - (row + 0.5) * cell

        for tile in figure.tiles:
            left = x + tile.col * cell
            bottom = y + h - (tile.row + 1) * cell
            self.artist.draw(
                canvas, tile.picture, left, bottom, cell, back=tile.back, rounded=False
            )
        if self.artist.sketch:
            return
        canvas.saveState()
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.4)
        canvas.rect(x, y + h - figure.rows * cell, figure.columns * cell, figure.rows * cell)
        if len(figure.path) > 1:
            canvas.setStrokeColor(PATH)
            canvas.setLineWidth(1.6)
            canvas.setDash(3, 2)
            points = [centre(c, r) for c, r in figure.path]
            path = canvas.beginPath()
            path.moveTo(*points[0])
            for point in points[1:]:
                path.lineTo(*point)
            canvas.drawPath(path, stroke=1, fill=0)
            canvas.setDash()
            canvas.setFillColor(PATH)
            canvas.circle(*points[0], cell * 0.08, stroke=0, fill=1)
        for pawn in figure.pawns:
            cx, cy = centre(pawn.col, pawn.row)
            dx, dy = HEADING_VECTORS[pawn.heading]
            r = cell * 0.3
            # A triangle pointing the way the bow points.
            tip = (cx + dx * r, cy + dy * r)
            port = (cx - dx * r * 0.7 - dy * r * 0.75, cy - dy * r * 0.7 + dx * r * 0.75)
            starboard = (cx - dx * r * 0.7 + dy * r * 0.75, cy - dy * r * 0.7 - dx * r * 0.75)
            canvas.setFillColor(HexColor(pawn.colour))
            canvas.setStrokeColor(HexColor("#FFFFFF"))
            canvas.setLineWidth(1.0)
            shape = canvas.beginPath()
            shape.moveTo(*tip)
            shape.lineTo(*port)
            shape.lineTo(*starboard)
            shape.close()
            canvas.drawPath(shape, stroke=1, fill=1)
        canvas.restoreState()

    def _draw_row(self, figure: RowFigure, x: float, y: float, w: float, h: float) -> None:
        canvas = self.canv
        count = len(figure.cards)
        card_w = w / count
        card_h = card_w * self.artist.aspect(figure.cards[0])
        top = y + h
        for index, card in enumerate(figure.cards):
            self.artist.draw(canvas, card, x + index * card_w, top - card_h, card_w)
        slot_w = card_w * 0.46
        for index, slot in enumerate(figure.slots[: 2 * count - 1]):
            if slot is None:
                continue
            cx = x + card_w / 2 + index * card_w / 2
            if slot.card is not None:
                slot_h = slot_w * self.artist.aspect(slot.card)
                self.artist.draw(
                    canvas, slot.card, cx - slot_w / 2, top - card_h - slot_h - 2, slot_w
                )
            else:
                slot_h = slot_w * 1.4
                if not self.artist.sketch:
                    canvas.saveState()
                    canvas.setFillColor(HIDDEN)
                    canvas.roundRect(
                        cx - slot_w / 2, top - card_h - slot_h - 2, slot_w, slot_h, 2, 0, 1
                    )
                    canvas.restoreState()
            if slot.label and not self.artist.sketch:
                canvas.saveState()
                canvas.setFillColor(INK)
                canvas.setFont(font_name("bold"), CAPTION_PT)
                canvas.drawCentredString(cx, top - card_h - slot_h - 2 - CAPTION_PT, slot.label)
                canvas.restoreState()


def _slot_aspect(artist: CardArtist, figure: RowFigure) -> float:
    """Height of the slot cards relative to a row card's height."""
    for slot in figure.slots:
        if slot is not None and slot.card is not None:
            return 0.46 * artist.aspect(slot.card) / artist.aspect(figure.cards[0])
    return 0.46 * 1.4 / artist.aspect(figure.cards[0])
