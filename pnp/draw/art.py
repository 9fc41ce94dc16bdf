"""SVG art from ``art/``, converted to reportlab vector drawings and placed as PDF forms."""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg

from pnp.datafiles import SVG_LIMIT, read_confined_bytes
from pnp.draw.fonts import font_name
from pnp.draw.svgcheck import MAX_SIZE, check_svg
from pnp.errors import PnpError
from pnp.spec.columns import ArtRoots, check_art_reference


@dataclass(frozen=True)
class Art:
    """A parsed SVG: its drawing and natural size in points."""

    reference: str
    drawing: Drawing
    width: float
    height: float


_PARSED: dict[tuple[Path, int, int], Art] = {}
"""Parsed SVGs shared by every library in the process, keyed by file, mtime and size."""


class ArtLibrary:
    """Loads SVG art from ``art/`` (or several, searched in order); art paths may not leave it.

    Parsing is the slow part of a build, so a file is parsed once per process
    (and again only when it changes on disk).
    """

    def __init__(self, art_root: ArtRoots) -> None:
        self.roots = (art_root,) if isinstance(art_root, Path) else art_root
        self.root = self.roots[0]
        """The first folder searched: the user's own ``art/`` when a project holds one."""

    def get(self, reference: str) -> Art:
        """The art at ``reference`` (relative to ``art/``)."""
        try:
            path = check_art_reference(reference, self.roots)
        except ValueError as exc:
            raise PnpError.single(str(exc), self.roots[0] / reference) from None
        stat = path.stat()
        key = (path.resolve(), stat.st_mtime_ns, stat.st_size)
        if key not in _PARSED:
            _PARSED[key] = self._load(reference, path)
        return _PARSED[key]

    def _load(self, reference: str, path: Path) -> Art:
        # svglib logs unsupported features instead of raising; treat them as errors.
        catcher = _Catcher()
        logger = logging.getLogger("svglib.svglib")
        logger.addHandler(catcher)
        data = read_confined_bytes(path, path.parent, SVG_LIMIT)
        check_svg(data, path)
        try:
            # From the checked bytes, not the path: nothing else is read for this art.
            drawing = svg2rlg(io.BytesIO(data))
        except Exception as exc:  # svglib raises lxml and value errors of many kinds
            raise PnpError.single(f"cannot read SVG: {exc}", path) from None
        finally:
            logger.removeHandler(catcher)
        if drawing is None:
            raise PnpError.single("cannot read SVG (not an SVG document)", path)
        if catcher.messages:
            raise PnpError.single(f"unsupported SVG: {catcher.messages[0]}", path)
        width, height = float(drawing.width or 0), float(drawing.height or 0)
        if not (0 < width <= MAX_SIZE and 0 < height <= MAX_SIZE):
            raise PnpError.single(
                "SVG has no usable size (a viewBox or width and height, each up to 5000)", path
            )
        return Art(reference, drawing, width, height)


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
