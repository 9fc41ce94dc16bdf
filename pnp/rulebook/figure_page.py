"""Figures on a page of their own: the table during an example, drawn as the book draws it.

The studio shows a proofreader the table after each move of an example. It is drawn by the
rulebook's own figure code (:class:`~pnp.rulebook.table_figure.TableFlowable`,
:class:`~pnp.rulebook.figures.FigureRow`) from the real card faces, on a page as large as
the figures, so the picture on screen is the one a printed example would show.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from pnp.base.units import mm
from pnp.draw.fonts import register_all
from pnp.example_model.figures import MapFigure, RowFigure, TableFigure
from pnp.layout.game_data import GameData
from pnp.rulebook.figures import FigureRow
from pnp.rulebook.pictures import CardArtist
from pnp.rulebook.table_figure import TableFlowable

PAGE_WIDTH_MM = 190.0
"""The page's width: a table of four players' hands stays readable on screen."""
TABLE_HEIGHT_MM = 150.0
"""The most a table figure may take in height."""
ROW_HEIGHT_MM = 60.0
"""The height of a row of maps and card rows."""
MARGIN_MM = 4.0
MOST_CARD_MM = 28.0
"""The widest a card of a table is drawn (a card's own width is about 60 mm)."""


class FigurePages:
    """Draws figures of one kit (its card faces made once) onto pages of their own."""

    def __init__(self, data: GameData, chosen: tuple[str, ...]) -> None:
        register_all()
        self.artist = CardArtist(data, chosen)

    def pdf(self, figures: Sequence[object], title: str = "") -> bytes:
        """A one-page PDF of ``figures`` (tables one under another, maps and rows side by
        side), as wide as :data:`PAGE_WIDTH_MM` and as high as they need."""
        width = mm(PAGE_WIDTH_MM - 2 * MARGIN_MM)
        flowables = self._flowables(figures, width)
        sizes = [flowable.wrap(self._width(flowable, width), mm(TABLE_HEIGHT_MM))
                 for flowable in flowables]  # fmt: skip
        gap = mm(MARGIN_MM)
        height = sum(h for _, h in sizes) + gap * (len(sizes) + 1)
        out = io.BytesIO()
        canvas = Canvas(out, pagesize=(mm(PAGE_WIDTH_MM), max(height, gap * 2)), invariant=1)
        canvas.setTitle(title)
        y = height - gap
        for flowable, (w, h) in zip(flowables, sizes, strict=True):
            y -= h
            flowable.drawOn(canvas, gap + (width - w) / 2, y)
            y -= gap
        canvas.showPage()
        canvas.save()
        return out.getvalue()

    @staticmethod
    def _width(flowable: Flowable, width: float) -> float:
        """The width a figure is drawn at: a table of few cards no wider than cards of
        :data:`MOST_CARD_MM` take, so its cards keep a card's size on screen."""
        if isinstance(flowable, TableFlowable):
            return min(width, mm(MOST_CARD_MM) * flowable.columns)
        return width

    def _flowables(self, figures: Sequence[object], width: float) -> list[Flowable]:
        out: list[Flowable] = []
        side_by_side: list[MapFigure | RowFigure] = []

        def flush() -> None:
            if side_by_side:
                row = FigureRow(self.artist, tuple(side_by_side), width, mm(ROW_HEIGHT_MM), True)
                out.append(row)
                side_by_side.clear()

        for figure in figures:
            if isinstance(figure, TableFigure):
                flush()
                out.append(TableFlowable(self.artist, figure, mm(TABLE_HEIGHT_MM)))
            elif isinstance(figure, MapFigure | RowFigure):
                side_by_side.append(figure)
            else:
                raise TypeError(f"not a figure: {figure!r}")
        flush()
        return out
