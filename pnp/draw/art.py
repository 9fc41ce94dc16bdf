"""SVG art from ``art/``, converted to PDF operators once and placed as PDF forms.

svglib turns an SVG into a reportlab drawing and :mod:`pnp.draw.program` turns the
drawing into the operators it draws; both are slow next to placing those operators,
so a file is converted once per process and the result kept on disk for the next
build (:mod:`pnp.draw.art_cache`).
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnp.base.datafiles import SVG_LIMIT, read_confined_bytes
from pnp.base.errors import PnpError
from pnp.draw import art_cache
from pnp.draw.fonts import font_name
from pnp.draw.program import Call, Program, UnsupportedArt, lightened, record, tinted
from pnp.draw.svgcheck import MAX_SIZE, check_svg
from pnp.spec.columns import ArtRoots, check_art_reference

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing


@dataclass(frozen=True)
class Art:
    """A converted SVG: its natural size in points and what draws it.

    ``program`` draws it; art a program cannot replay exactly (an embedded image, a
    spot colour) keeps its ``drawing`` instead and is drawn by reportlab every time.
    """

    reference: str
    width: float
    height: float
    program: Program | None = None
    drawing: Drawing | None = None


_PARSED: dict[tuple[Path, int, int], Art] = {}
"""Converted SVGs shared by every library in the process, keyed by file, mtime and size."""


class ArtLibrary:
    """Loads SVG art from ``art/`` (or several, searched in order); art paths may not leave it.

    Converting is the slow part of a build, so a file is converted once per process
    (and again only when it changes on disk), and read from the disk cache when an
    earlier build converted the same bytes.
    """

    def __init__(self, art_root: ArtRoots) -> None:
        self.roots = (art_root,) if isinstance(art_root, Path) else art_root
        self.root = self.roots[0]
        """The first folder searched: the user's own ``art/`` when a project holds one."""
        # A library serves one build: a file is found, checked and looked up once in it
        # (a card sheet asks for the same picture hundreds of times).
        self._found: dict[str, tuple[Path, Art]] = {}

    def path_of(self, reference: str) -> Path:
        """The file ``reference`` (relative to ``art/``) names, checked to stay inside it."""
        found = self._found.get(reference)
        if found is not None:
            return found[0]
        try:
            return check_art_reference(reference, self.roots)
        except ValueError as exc:
            raise PnpError.single(str(exc), self.roots[0] / reference) from None

    def get(self, reference: str) -> Art:
        """The art at ``reference`` (relative to ``art/``)."""
        found = self._found.get(reference)
        if found is not None:
            return found[1]
        path = self.path_of(reference)
        stat = path.stat()
        key = (path.resolve(), stat.st_mtime_ns, stat.st_size)
        if key not in _PARSED:
            _PARSED[key] = self._load(reference, path)
        self._found[reference] = (path, _PARSED[key])
        return _PARSED[key]

    def _load(self, reference: str, path: Path) -> Art:
        font = font_name("regular")
        # Checked every time, cached or not: a refused SVG is refused whatever the cache holds.
        data = read_confined_bytes(path, path.parent, SVG_LIMIT)
        check_svg(data, path)
        key = art_cache.entry_key(data, font)
        cached = art_cache.load(key) if key else None
        if cached is not None and _fonts_known(cached[2]):
            width, height, program = cached
            return Art(reference, width, height, program)
        drawing = self._parse(data, path)
        width, height = float(drawing.width or 0), float(drawing.height or 0)
        if not (0 < width <= MAX_SIZE and 0 < height <= MAX_SIZE):
            raise PnpError.single(
                "SVG has no usable size (a viewBox or width and height, each up to 5000)", path
            )
        # renderPDF starts every drawing with a font; without this it is base-14 Helvetica.
        drawing.initialFontName = font
        try:
            program = record(lambda canvas: _render_drawing(drawing, canvas))
        except UnsupportedArt:
            return Art(reference, width, height, drawing=drawing)
        if key:
            art_cache.store(key, width, height, program)
        return Art(reference, width, height, program)

    @staticmethod
    def _parse(data: bytes, path: Path) -> Drawing:
        # Imported here: a build whose art is all in the disk cache never loads svglib.
        from svglib.svglib import svg2rlg

        # svglib logs unsupported features instead of raising; treat them as errors.
        catcher = _Catcher()
        logger = logging.getLogger("svglib.svglib")
        logger.addHandler(catcher)
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
        return drawing


def _fonts_known(program: Program) -> bool:
    """Whether every font a cached program sets is known to this process (svglib registers
    fonts it finds while parsing; a process that did not parse has not)."""
    for op in program.ops:
        if isinstance(op, Call) and op.method == "setFont":
            try:
                pdfmetrics.getFont(str(op.args[0]))
            except (KeyError, IndexError):
                return False
    return True


class _Catcher(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def draw_art(
    canvas: Canvas,
    art: Art,
    tint: Color | None = None,
    strength: float = 1.0,
    line_scale: float = 1.0,
) -> None:
    """Draw ``art`` at the canvas origin in its natural size; with ``tint``, every colour it
    sets is that one instead; with a ``strength`` below 1, its fills keep only that share of
    their ink and its lines are ``line_scale`` times as wide (art a program cannot replay is
    drawn as it is)."""
    font_name("regular")  # registered: the program sets it first
    if art.program is not None:
        program = art.program
        if tint is not None:
            program = tinted(program, tint.rgb())
        elif strength < 1:
            program = lightened(program, strength, line_scale)
        program.replay(canvas)
    elif art.drawing is not None:
        _render_drawing(art.drawing, canvas)


def _render_drawing(drawing: Drawing, canvas: Canvas) -> None:
    # Imported here: reportlab's graphics package loads platypus (about 0.1 s), and a
    # build whose art all comes from the disk cache draws no Drawing.
    from reportlab.graphics import renderPDF

    renderPDF.draw(drawing, canvas, 0, 0)
