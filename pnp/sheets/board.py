"""A whole map of tiles printed as one board: one page, tiles scaled to fit.

For players who would rather not cut out every tile: a game lays out one
legal setup (:class:`Board`, made by the game's plugin from a seed) and this
module draws the tiles' faces edge to edge in a grid, centred on the page,
with a caption naming the seed so the same board can be printed again.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.fonts import font_name
from pnp.layout.game_data import GameData
from pnp.layout.model import MIN_TEXT_PT
from pnp.layout.render import FaceRenderer, FormCache
from pnp.sheets.marks import scale_bar
from pnp.sheets.pdf import new_canvas
from pnp.spec.sizes import BLEED, PRINTABLE_MARGIN, Paper
from pnp.units import mm

CAPTION_MM = 12.0
"""Room above the grid for the title and the caption."""
FOOTER_MM = 7.0
"""Room under the grid for the 50 mm scale bar."""
GRID_GAP_MM = 1.0
"""The grid keeps this far inside the printable margin (its lines have a width)."""

INK = HexColor("#23303A")
LABEL_PT = 7.0
NORTH = "N (noord)"
"""The north arrow's label."""
GRID_PT = 0.5


@dataclass(frozen=True)
class BoardCell:
    """One tile of the board: which component row, drawn with its face or its back."""

    col: int
    row: int
    component: str
    card: str
    back: bool = False


@dataclass(frozen=True)
class BoardMarker:
    """A picture placed on a cell, e.g. the pawn's starting tile; ``art`` is under ``art/``."""

    col: int
    row: int
    art: str
    label: str


@dataclass(frozen=True)
class Board:
    """A laid-out map: ``columns`` x ``rows`` cells (col 0 left, row 0 top)."""

    columns: int
    rows: int
    cells: tuple[BoardCell, ...]
    title: str
    caption: str
    markers: tuple[BoardMarker, ...] = ()


@dataclass(frozen=True)
class BoardGeometry:
    """Where the grid lands on the page, in mm from the bottom-left corner."""

    paper: Paper
    tile: float
    left: float
    top: float
    """y of the grid's top edge."""

    def cell_origin(self, col: int, row: int) -> tuple[float, float]:
        """The bottom-left corner of a cell."""
        return self.left + col * self.tile, self.top - (row + 1) * self.tile


def board_geometry(board: Board, paper: Paper, natural_tile: float) -> BoardGeometry:
    """The largest tile size (never above the tiles' real size) at which the grid fits.

    The page is turned sideways when that gives bigger tiles.
    """
    best: BoardGeometry | None = None
    for page in (paper, paper.landscape()):
        width = page.width - 2 * (PRINTABLE_MARGIN + GRID_GAP_MM)
        height = page.height - 2 * PRINTABLE_MARGIN - CAPTION_MM - FOOTER_MM
        tile = min(width / board.columns, height / board.rows, natural_tile)
        left = (page.width - tile * board.columns) / 2
        top = page.height - PRINTABLE_MARGIN - CAPTION_MM
        top -= (height - tile * board.rows) / 2
        if best is None or tile > best.tile + 1e-9:
            best = BoardGeometry(page, tile, left, top)
    assert best is not None
    return best


def render_board(board: Board, data: GameData, chosen: tuple[str, ...], paper: Paper) -> bytes:
    """The board as a one-page PDF; tiles keep their aspect, trimmed (no bleed) and gridded."""
    spec = data.spec
    components = {comp.id: comp for comp in spec.components}
    sizes = {components[cell.component].size.width for cell in board.cells}
    if len(sizes) != 1:
        raise ValueError("a board needs tiles of one size")
    natural = sizes.pop()
    geometry = board_geometry(board, paper, natural)
    buffer = io.BytesIO()
    page = geometry.paper
    canvas = new_canvas(buffer, page.width, page.height, board.title, "Print-and-play speelbord")
    renderer = FaceRenderer(FormCache(canvas), data.art)
    scale = geometry.tile / natural
    for cell in board.cells:
        comp = components[cell.component]
        row = comp.row(cell.card)
        ctx = data.face_context(comp, chosen)
        if cell.back:
            if comp.back is None:
                raise ValueError(f"component '{comp.id}' has no back to show")
            layout = data.layouts.load(comp.back, comp.size)
            form = renderer.face(data.back_key(comp, row, layout, ctx), layout, row, ctx)
        elif comp.board_layout:
            layout = data.layouts.load(comp.board_layout, comp.size)
            form = renderer.face(f"board.{spec.id}.{comp.id}.{row.id}", layout, row, ctx)
        else:
            layout = data.layouts.load(comp.layout, comp.size)
            form = renderer.face(f"face.{spec.id}.{comp.id}.{row.id}", layout, row, ctx)
        x, y = geometry.cell_origin(cell.col, cell.row)
        canvas.saveState()
        path = canvas.beginPath()
        path.rect(mm(x), mm(y), mm(geometry.tile), mm(geometry.tile))
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.translate(mm(x), mm(y))
        canvas.scale(scale, scale)
        canvas.translate(-mm(BLEED), -mm(BLEED))
        canvas.doForm(form)
        canvas.restoreState()
    for marker in board.markers:
        _draw_marker(canvas, renderer, geometry, marker)
    _draw_grid(canvas, board, geometry)
    _draw_north(canvas, board, geometry)
    _draw_caption(canvas, board, geometry)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw_marker(
    canvas: Canvas, renderer: FaceRenderer, geometry: BoardGeometry, marker: BoardMarker
) -> None:
    name, art_w, art_h = renderer.art_form(marker.art)
    x, y = geometry.cell_origin(marker.col, marker.row)
    box = geometry.tile * 0.42
    scale = min(mm(box) / art_w, mm(box) / art_h)
    cx, cy = mm(x + geometry.tile / 2), mm(y + geometry.tile / 2)
    canvas.saveState()
    canvas.setFillColor(HexColor("#FFFFFF"))
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(GRID_PT)
    canvas.circle(cx, cy, mm(box) * 0.62, stroke=1, fill=1)
    canvas.translate(cx - art_w * scale / 2, cy - art_h * scale / 2)
    canvas.scale(scale, scale)
    canvas.doForm(name)
    canvas.restoreState()
    # The label sits on a white pill: dark ink straight on a dark water tile is unreadable.
    font = font_name("bold")
    half = pdfmetrics.stringWidth(marker.label, font, LABEL_PT) / 2 + mm(1.2)
    canvas.saveState()
    canvas.setFillColor(HexColor("#FFFFFF"))
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(GRID_PT)
    canvas.roundRect(cx - half, mm(y + 0.8), 2 * half, mm(3.6), mm(1.8), stroke=1, fill=1)
    canvas.setFillColor(INK)
    canvas.setFont(font, LABEL_PT)
    canvas.drawCentredString(cx, mm(y + 1.75), marker.label)
    canvas.restoreState()


def _draw_north(canvas: Canvas, board: Board, geometry: BoardGeometry) -> None:
    """An arrow with N above the grid's top-right corner: the boat's headings are rules."""
    right = geometry.left + board.columns * geometry.tile
    x, base = mm(right - 4.0), mm(geometry.top + 1.5)
    length, half = mm(7.0), mm(1.6)
    canvas.saveState()
    canvas.setFillColor(INK)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.0)
    canvas.line(x, base, x, base + length - half)
    arrow = canvas.beginPath()
    arrow.moveTo(x, base + length)
    arrow.lineTo(x - half, base + length - 2 * half)
    arrow.lineTo(x + half, base + length - 2 * half)
    arrow.close()
    canvas.drawPath(arrow, stroke=0, fill=1)
    canvas.setFont(font_name("bold"), 9)
    canvas.drawRightString(x - mm(2.0), base + mm(1.0), NORTH)
    canvas.restoreState()


def _draw_grid(canvas: Canvas, board: Board, geometry: BoardGeometry) -> None:
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(GRID_PT)
    left, top, tile = geometry.left, geometry.top, geometry.tile
    bottom = top - board.rows * tile
    right = left + board.columns * tile
    for col in range(board.columns + 1):
        canvas.line(mm(left + col * tile), mm(bottom), mm(left + col * tile), mm(top))
    for row in range(board.rows + 1):
        canvas.line(mm(left), mm(top - row * tile), mm(right), mm(top - row * tile))
    canvas.restoreState()


def _fitted(text: str, font: str, size: float, width: float) -> float:
    """``size``, or the size (not below 7 pt) at which ``text`` fits ``width`` points."""
    natural = pdfmetrics.stringWidth(text, font, size)
    return size if natural <= width else max(MIN_TEXT_PT, size * width / natural)


def _draw_caption(canvas: Canvas, board: Board, geometry: BoardGeometry) -> None:
    page = geometry.paper
    top = page.height - PRINTABLE_MARGIN
    width = mm(page.width - 2 * PRINTABLE_MARGIN)
    canvas.saveState()
    canvas.setFillColor(INK)
    for text, role, size, drop in (
        (board.title, "display", 14, 6),
        (board.caption, "regular", 8, 10.5),
    ):
        font = font_name(role)
        canvas.setFont(font, _fitted(text, font, size, width))
        canvas.drawCentredString(mm(page.width / 2), mm(top - drop), text)
    canvas.restoreState()
    # The board is scaled to fit, but the bar still shows whether it was printed at 100 %.
    scale_bar(canvas, PRINTABLE_MARGIN, PRINTABLE_MARGIN)
