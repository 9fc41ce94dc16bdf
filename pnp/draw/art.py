"""SVG art from ``art/``, converted to reportlab vector drawings and placed as PDF forms."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg

from pnp.draw.fonts import font_name
from pnp.errors import PnpError
from pnp.spec.columns import check_art_reference


@dataclass(frozen=True)
class Art:
    """A parsed SVG: its drawing and natural size in points."""

    reference: str
    drawing: Drawing
    width: float
    height: float


class ArtLibrary:
    """Loads each SVG once per process; art paths may not leave ``art/``."""

    def __init__(self, art_root: Path) -> None:
        self.root = art_root
        self._cache: dict[str, Art] = {}

    def get(self, reference: str) -> Art:
        """The art at ``reference`` (relative to ``art/``)."""
        if reference not in self._cache:
            self._cache[reference] = self._load(reference)
        return self._cache[reference]

    def _load(self, reference: str) -> Art:
        try:
            path = check_art_reference(reference, self.root)
        except ValueError as exc:
            raise PnpError.single(str(exc), self.root / reference) from None
        # svglib logs unsupported features instead of raising; treat them as errors.
        catcher = _Catcher()
        logger = logging.getLogger("svglib.svglib")
        logger.addHandler(catcher)
        try:
            drawing = svg2rlg(str(path))
        except Exception as exc:  # svglib raises lxml and value errors of many kinds
            raise PnpError.single(f"cannot read SVG: {exc}", path) from None
        finally:
            logger.removeHandler(catcher)
        if drawing is None:
            raise PnpError.single("cannot read SVG (not an SVG document)", path)
        if catcher.messages:
            raise PnpError.single(f"unsupported SVG: {catcher.messages[0]}", path)
        return Art(reference, drawing, float(drawing.width), float(drawing.height))


class _Catcher(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def draw_art(canvas: Canvas, art: Art) -> None:
    """Draw ``art`` at the canvas origin in its natural size."""
    # renderPDF starts every drawing with a font; without this it is base-14 Helvetica.
    art.drawing.initialFontName = font_name("regular")
    renderPDF.draw(art.drawing, canvas, 0, 0)
