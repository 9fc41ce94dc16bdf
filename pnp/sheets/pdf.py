"""The PDF writer: reproducible reportlab canvases with our fonts and print settings."""

from __future__ import annotations

from typing import BinaryIO, Literal

from reportlab.pdfgen.canvas import Canvas

from pnp import __version__
from pnp.base.units import mm
from pnp.draw.fonts import font_name, register_all

Sides = Literal["Simplex", "DuplexFlipLongEdge", "DuplexFlipShortEdge"]
"""How a PDF asks to be printed: on one side, or on both sides flipped on one edge."""


def new_canvas(
    target: BinaryIO,
    width_mm: float,
    height_mm: float,
    title: str,
    subject: str,
    sides: Sides | None = None,
) -> Canvas:
    """A canvas that writes reproducible bytes and asks viewers not to scale when printing.

    ``invariant`` fixes the document id and dates; reportlab takes the date from
    ``SOURCE_DATE_EPOCH`` when it is set. The initial font is ours, so the
    base-14 Helvetica never enters the file. ``sides`` becomes the viewer's print
    dialog preset (``/Duplex``, a PDF 1.7 key: the file then says it is PDF 1.7).
    """
    register_all()
    canvas = Canvas(
        target,
        pagesize=(mm(width_mm), mm(height_mm)),
        invariant=1,
        pageCompression=1,
        initialFontName=font_name("regular"),
        initialFontSize=10,
        pdfVersion=(1, 7) if sides else None,
    )
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor("pnp")
    canvas.setCreator(f"pnp {__version__}")
    canvas.setViewerPreference("PrintScaling", "None")
    if sides:
        canvas.setViewerPreference("Duplex", sides)
    return canvas
