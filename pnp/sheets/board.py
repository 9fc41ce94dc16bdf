"""A whole map of tiles printed as one board: one page, the map as large as the paper allows.

For players who would rather not cut out every tile: a game lays out one
legal setup (:class:`Board`, made by the game's plugin from a seed) and this
module draws the tiles' faces edge to edge in a grid, with a title naming the
setup (so the same board can be printed again), a north arrow, and a legend:
one entry per kind of tile on the map with a small picture of it and what it
means, and one for the markers. Every word comes from the board (the game's
data); this module only places it.

The page is turned and the legend set below or beside the map, whichever gives
the largest tiles (never above their real size), then the largest legend text.
Everything keeps ``PRINTABLE_MARGIN`` from the paper edge.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace

from reportlab.lib.colors import HexColor
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnp.base.errors import PnpError
from pnp.base.units import mm
from pnp.draw.fonts import font_name
from pnp.example_model.board import Board, BoardCell, LegendEntry
from pnp.layout.game_data import GameData
from pnp.layout.model import MIN_TEXT_PT, Layout
from pnp.layout.render import FaceRenderer, FormCache
from pnp.sheets.imposition import Rect
from pnp.sheets.marks import scale_bar
from pnp.sheets.pdf import new_canvas
from pnp.spec.model import Component
from pnp.spec.sizes import BLEED, PRINTABLE_MARGIN, Paper

GRID_PT = 0.5
INSET_MM = 0.1
"""Everything keeps this far inside the printable margin: half a frame line's width, rounded
up, so the lines' ink stays inside too."""
GAP_MM = 4.0
"""Between the map and the title, the legend and the footer."""
INK = HexColor("#23303A")
PANEL = HexColor("#F2F6FA")
"""The legend's background: a light tint that keeps dark text above 4.5:1."""
LABEL_PT = 7.0
TITLE_PT = 18.0
TITLE_MIN_PT = 13.0
SETUP_PT = 10.0
HEADING_PT = 11.0
FOOTER_PT = 7.5
ARROW_MM = 10.0
"""Length of the north arrow."""
SCALE_BAR_MM = 50.0
SCALE_BAR_H = 5.5
"""Height of the scale bar with its caption."""
PAD_MM = 3.0
"""Inside the legend's frame."""
COLUMN_GAP_MM = 5.0
ROW_GAP_MM = 2.5
SPREAD_MM = 5.0
"""At most this much is added between the legend's rows when its box has room to spare."""
MIN_COLUMN_MM = 48.0
"""A legend column narrower than this wraps its meanings into too many lines."""


@dataclass(frozen=True)
class LegendStyle:
    """Sizes of a legend entry: the picture's edge (mm) and the name's and meaning's points;
    the words beside the picture, or under it (``stacked``, for a narrow column)."""

    swatch: float
    name_pt: float
    meaning_pt: float
    stacked: bool = False

    def text_box(self, column: float) -> tuple[float, float, float]:
        """Where an entry's words start (right of, down from its top-left corner) and their
        width, in a ``column`` mm wide."""
        if self.stacked:
            return 0.0, self.swatch + 2.0, column
        return self.swatch + 3.0, 0.0, column - self.swatch - 3.0

    def min_column(self) -> float:
        """The narrowest column this style reads well in, mm."""
        return max(MIN_COLUMN_MM, self.swatch if self.stacked else self.swatch + 30.0)


STYLES = (
    LegendStyle(32.0, 12.0, 10.0, stacked=True),
    LegendStyle(28.0, 12.0, 10.0),
    LegendStyle(28.0, 11.0, 9.5, stacked=True),
    LegendStyle(24.0, 11.0, 9.5),
    LegendStyle(24.0, 10.5, 9.0, stacked=True),
    LegendStyle(21.0, 10.5, 9.0),
    LegendStyle(18.0, 10.0, 8.5),
    LegendStyle(16.0, 9.5, 8.0),
    LegendStyle(14.0, 9.0, 7.5),
    LegendStyle(12.0, 8.0, 7.0),
)
"""From large to small (by the size of the words; at one size the larger picture first): the
first that leaves the map its largest size is used."""


@dataclass(frozen=True)
class LegendPlan:
    """The legend laid out for one width: columns, each row's height, the whole height (mm)."""

    style: LegendStyle
    columns: int
    column_width: float
    row_heights: tuple[float, ...]
    height: float


@dataclass(frozen=True)
class BoardGeometry:
    """Where everything lands on the page, in mm from the bottom-left corner."""

    paper: Paper
    tile: float
    left: float
    top: float
    """y of the grid's top edge."""
    beside: bool
    """The legend is beside the map (else below it, with the title above the map)."""
    header: Rect
    legend: Rect
    footer: Rect
    plan: LegendPlan | None

    def cell_origin(self, col: int, row: int) -> tuple[float, float]:
        """The bottom-left corner of a cell."""
        return self.left + col * self.tile, self.top - (row + 1) * self.tile

    def grid(self, board: Board) -> Rect:
        """The map's outline."""
        return Rect(
            self.left,
            self.top - board.rows * self.tile,
            board.columns * self.tile,
            board.rows * self.tile,
        )


# --- measuring ---------------------------------------------------------------------------


def _pt_mm(points: float) -> float:
    return points * 25.4 / 72.0


def _lines(text: str, role: str, size: float, width_mm: float) -> list[str]:
    return simpleSplit(text, font_name(role), size, mm(width_mm)) if text else []


def _arrow_room(board: Board) -> float:
    """Width the north arrow and its label take at the header's right end, mm."""
    return _pt_mm(pdfmetrics.stringWidth(board.north, font_name("bold"), 9)) + 7.0


def title_size(board: Board, width: float) -> float:
    """The title's size: ``TITLE_PT``, or smaller (down to ``TITLE_MIN_PT``) to keep it on
    one line, else on two."""
    for most in (1, 2):
        size = TITLE_PT
        while size >= TITLE_MIN_PT:
            if len(_lines(board.title, "display", size, width)) <= most:
                return size
            size -= 0.5
    return TITLE_MIN_PT


def header_height(board: Board, width: float, beside: bool) -> float:
    """The title and the setup line in ``width`` mm, with the north arrow at the right end.

    Below the title when the header is a narrow side panel (``beside``), else beside it.
    """
    title_w = width if beside else width - _arrow_room(board)
    size = title_size(board, title_w)
    title = _pt_mm(size) * 1.15 * len(_lines(board.title, "display", size, title_w))
    setup_lines = _lines(board.caption, "regular", SETUP_PT, width - _arrow_room(board))
    setup = _pt_mm(SETUP_PT) * 1.3 * len(setup_lines)
    if beside:
        return title + max(setup, ARROW_MM) + 1.5
    return max(title + setup, ARROW_MM) + 1.5


def footer_height(board: Board, width: float) -> float:
    """The scale bar, with the footer line beside it (or above it on a narrow panel), mm."""
    if not board.footer:
        return SCALE_BAR_H
    line = _pt_mm(FOOTER_PT) * 1.25
    if width >= SCALE_BAR_MM + 5 + 80:
        # Beside the bar, the lines rise from its foot: a long line may need more than it.
        beside = _lines(board.footer, "regular", FOOTER_PT, width - SCALE_BAR_MM - 5)
        return max(SCALE_BAR_H, 0.5 + line * (len(beside) - 1) + _pt_mm(FOOTER_PT))
    lines = _lines(board.footer, "regular", FOOTER_PT, width)
    return SCALE_BAR_H + 1.5 + len(lines) * _pt_mm(FOOTER_PT) * 1.25


def _entry_height(entry: LegendEntry, style: LegendStyle, column: float) -> float:
    _, down, text_w = style.text_box(column)
    name = _lines(entry.name, "bold", style.name_pt, text_w)
    meaning = _lines(entry.meaning, "regular", style.meaning_pt, text_w)
    text = _pt_mm(style.name_pt) * 1.2 * len(name) + 0.6
    text += _pt_mm(style.meaning_pt) * 1.22 * len(meaning)
    return max(style.swatch, down + text)


def plan_legend(
    board: Board, style: LegendStyle, width: float, room: float | None = None
) -> LegendPlan | None:
    """The legend in ``width`` mm: with ``room``, in the fewest columns (the longest lines)
    whose height fits it; without, in the least height. None: nothing fits."""
    entries = board.legend
    inner = width - 2 * PAD_MM
    heading = _pt_mm(HEADING_PT) * 1.5 if board.legend_title else 0.0
    plans: list[LegendPlan] = []
    for columns in range(1, len(entries) + 1):
        column = (inner - (columns - 1) * COLUMN_GAP_MM) / columns
        if column < style.min_column():
            break
        rows = tuple(
            max(_entry_height(e, style, column) for e in entries[start : start + columns])
            for start in range(0, len(entries), columns)
        )
        height = 2 * PAD_MM + heading + sum(rows) + ROW_GAP_MM * (len(rows) - 1)
        plans.append(LegendPlan(style, columns, column, rows, height))
    if room is not None:
        return next((p for p in plans if p.height <= room + 1e-6), None)
    return min(plans, key=lambda p: p.height, default=None)


def board_candidates(board: Board, paper: Paper, natural_tile: float) -> list[BoardGeometry]:
    """Every way the sheet fits: portrait and landscape, the legend below or beside the map.

    Each candidate has the largest tile (never above ``natural_tile``) its legend leaves room
    for, with the largest legend style that allows that tile.
    """
    found: list[BoardGeometry] = []
    for page in (paper, paper.landscape()):
        edge = PRINTABLE_MARGIN + INSET_MM
        printable = Rect(edge, edge, page.width - 2 * edge, page.height - 2 * edge)
        for arrange in (_below, _beside):
            candidate = arrange(board, page, printable, natural_tile)
            if candidate is not None:
                found.append(candidate)
    return found


def _best_of(options: list[tuple[float, LegendPlan | None]]) -> tuple[float, LegendPlan | None]:
    """The largest tile, then the largest legend (the options are listed largest style first)."""
    best = options[0]
    for option in options[1:]:
        if option[0] > best[0] + 0.005:
            best = option
    return best


def _styles(board: Board) -> tuple[LegendStyle | None, ...]:
    return STYLES if board.legend else (None,)


def _below(board: Board, page: Paper, area: Rect, natural: float) -> BoardGeometry | None:
    """Title above the map, the legend under it, the scale bar at the bottom."""
    head = header_height(board, area.w, beside=False)
    foot = footer_height(board, area.w)
    # Header, gap, grid, gap, legend, gap, footer.
    fixed = head + GAP_MM + foot + (2 * GAP_MM if board.legend else 0.0)
    widest = min(area.w / board.columns, natural)
    options: list[tuple[float, LegendPlan | None]] = []
    for style in _styles(board):
        plan: LegendPlan | None = None
        if style is not None:
            room = area.h - fixed - widest * board.rows
            plan = plan_legend(board, style, area.w, room) or plan_legend(board, style, area.w)
            if plan is None:
                continue
        legend_h = plan.height if plan is not None else 0.0
        tile = min(widest, (area.h - fixed - legend_h) / board.rows)
        if tile > 0:
            options.append((tile, plan))
    if not options:
        return None
    tile, plan = _best_of(options)
    top = area.top - head - GAP_MM
    left = page.width / 2 - tile * board.columns / 2
    legend_top = top - tile * board.rows - GAP_MM
    legend_h = legend_top - (area.y + foot + GAP_MM) if plan is not None else 0.0
    if plan is not None:
        plan = plan_legend(board, plan.style, area.w, legend_h) or plan
    return BoardGeometry(
        paper=page,
        tile=tile,
        left=left,
        top=top,
        beside=False,
        header=Rect(area.x, area.top - head, area.w, head),
        legend=Rect(area.x, legend_top - legend_h, area.w, legend_h),
        footer=Rect(area.x, area.y, area.w, foot),
        plan=plan,
    )


def _panel_plan(
    board: Board, style: LegendStyle | None, width: float, height: float
) -> tuple[bool, LegendPlan | None]:
    """Whether a side panel ``width`` x ``height`` mm holds everything, and its legend."""
    fixed = header_height(board, width, beside=True) + GAP_MM + footer_height(board, width)
    if style is None:
        return fixed <= height, None
    plan = plan_legend(board, style, width, height - fixed - GAP_MM)
    return plan is not None, plan


def _beside(board: Board, page: Paper, area: Rect, natural: float) -> BoardGeometry | None:
    """The map at the left, full height; title, legend and scale bar in a panel beside it."""
    options: list[tuple[float, LegendPlan | None]] = []
    for style in _styles(board):
        # The narrowest panel (whole mm) that holds the legend in this style.
        for width in range(45, int(area.w / 2) + 1):
            fits, plan = _panel_plan(board, style, float(width), area.h)
            if fits:
                free_w = area.w - width - GAP_MM
                tile = min(free_w / board.columns, area.h / board.rows, natural)
                if tile > 0:
                    options.append((tile, plan))
                break
    if not options:
        return None
    tile, plan = _best_of(options)
    left = area.x
    top = area.top
    panel_x = left + tile * board.columns + GAP_MM
    panel_w = area.right - panel_x
    if plan is not None:
        plan = _panel_plan(board, plan.style, panel_w, area.h)[1] or plan
    head = header_height(board, panel_w, beside=True)
    foot = footer_height(board, panel_w)
    legend_top = area.top - head - GAP_MM
    legend_h = legend_top - (area.y + foot + GAP_MM) if plan is not None else 0.0
    return BoardGeometry(
        paper=page,
        tile=tile,
        left=left,
        top=top,
        beside=True,
        header=Rect(panel_x, area.top - head, panel_w, head),
        legend=Rect(panel_x, legend_top - legend_h, panel_w, legend_h),
        footer=Rect(panel_x, area.y, panel_w, foot),
        plan=plan,
    )


def board_geometry(board: Board, paper: Paper, natural_tile: float) -> BoardGeometry:
    """The candidate with the largest tiles, then the largest legend; portrait, below first."""
    candidates = board_candidates(board, paper, natural_tile)
    if not candidates:
        raise ValueError("the board does not fit the paper")
    best = candidates[0]
    for candidate in candidates[1:]:
        bigger = candidate.tile > best.tile + 0.005
        same = abs(candidate.tile - best.tile) <= 0.005
        if bigger or (same and _style_rank(candidate) < _style_rank(best)):
            best = candidate
    return best


def _style_rank(geometry: BoardGeometry) -> int:
    return STYLES.index(geometry.plan.style) if geometry.plan is not None else 0


# --- drawing -----------------------------------------------------------------------------


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
    subject = spec.language.label("pdf_board")
    canvas = new_canvas(buffer, page.width, page.height, board.title, subject)
    renderer = FaceRenderer(FormCache(canvas), data.art)
    for cell in board.cells:
        form = _cell_form(data, renderer, components[cell.component], cell, chosen)
        x, y = geometry.cell_origin(cell.col, cell.row)
        _place_tile(canvas, form, x, y, geometry.tile, natural)
    for marker in board.markers:
        x, y = geometry.cell_origin(marker.col, marker.row)
        _draw_marker(canvas, renderer, x, y, geometry.tile, marker.art, marker.label)
    _draw_grid(canvas, board, geometry)
    _draw_header(canvas, board, geometry)
    if geometry.plan is not None:
        _draw_legend(canvas, renderer, data, chosen, board, geometry, natural)
    _draw_footer(canvas, board, geometry.footer, spec.language.label("scale_bar"))
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _cell_form(
    data: GameData,
    renderer: FaceRenderer,
    comp: Component,
    cell: BoardCell,
    chosen: tuple[str, ...],
) -> str:
    spec = data.spec
    row = comp.row(cell.card)
    ctx = data.face_context(comp, chosen)
    if cell.back:
        if comp.back is None:
            raise ValueError(f"component '{comp.id}' has no back to show")
        layout = data.layouts.load(comp.back, comp.size)
        return renderer.face(data.back_key(comp, row, layout, ctx), layout, row, ctx)
    if cell.layout:
        layout = data.layouts.load(cell.layout, comp.size)
        return renderer.face(f"board.{spec.id}.{comp.id}.{row.id}", layout, row, ctx)
    if comp.board_layout:
        layout = data.layouts.load(comp.board_layout, comp.size)
        return renderer.face(f"board.{spec.id}.{comp.id}.{row.id}", layout, row, ctx)
    layout = data.layouts.load(comp.layout, comp.size)
    return renderer.face(data.face_key(comp, row), layout, row, ctx)


def _swatch_form(
    data: GameData,
    renderer: FaceRenderer,
    comp: Component,
    entry: LegendEntry,
    layout_name: str,
    chosen: tuple[str, ...],
) -> str:
    """A tile's picture without its words: its layout's elements but text and ``entry.hide``."""
    row = comp.row(entry.card)
    ctx = data.face_context(comp, chosen)
    full = data.layouts.load(layout_name, comp.size)
    missing = sorted(set(entry.hide) - {e.name for e in full.elements})
    if missing:
        raise PnpError.single(
            f"legend picture of {entry.name!r}: layout '{layout_name}' has no element "
            f"{', '.join(repr(m) for m in missing)} to hide",
            full.source.path,
        )
    shown = tuple(e for e in full.elements if e.kind != "text" and e.name not in entry.hide)
    picture: Layout = replace(full, elements=shown)
    return renderer.face(f"swatch.{data.spec.id}.{comp.id}.{row.id}", picture, row, ctx)


def _place_tile(canvas: Canvas, form: str, x: float, y: float, size: float, natural: float) -> None:
    """A tile's form (its bleed box) scaled to a ``size`` mm cell and clipped to its trim."""
    scale = size / natural
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(mm(x), mm(y), mm(size), mm(size))
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(mm(x), mm(y))
    canvas.scale(scale, scale)
    canvas.translate(-mm(BLEED), -mm(BLEED))
    canvas.doForm(form)
    canvas.restoreState()


def _draw_marker(
    canvas: Canvas, renderer: FaceRenderer, x: float, y: float, size: float, art: str, label: str
) -> None:
    """The marker's art on a white disc in the cell at (x, y), its label on a pill below it."""
    name, art_w, art_h = renderer.art_form(art)
    box = size * 0.42
    scale = min(mm(box) / art_w, mm(box) / art_h)
    cx, cy = mm(x + size / 2), mm(y + size * 0.55)
    canvas.saveState()
    canvas.setFillColor(HexColor("#FFFFFF"))
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(GRID_PT)
    canvas.circle(cx, cy, mm(box) * 0.62, stroke=1, fill=1)
    canvas.translate(cx - art_w * scale / 2, cy - art_h * scale / 2)
    canvas.scale(scale, scale)
    canvas.doForm(name)
    canvas.restoreState()
    if not label:
        return
    # The label sits on a white pill: dark ink straight on a dark water tile is unreadable.
    font = font_name("bold")
    half = pdfmetrics.stringWidth(label, font, LABEL_PT) / 2 + mm(1.2)
    canvas.saveState()
    canvas.setFillColor(HexColor("#FFFFFF"))
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(GRID_PT)
    canvas.roundRect(cx - half, mm(y + 0.8), 2 * half, mm(3.6), mm(1.8), stroke=1, fill=1)
    canvas.setFillColor(INK)
    canvas.setFont(font, LABEL_PT)
    canvas.drawCentredString(cx, mm(y + 1.75), label)
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


def _draw_header(canvas: Canvas, board: Board, geometry: BoardGeometry) -> None:
    """Title and setup line top left; the north arrow at the right end (over the map's
    corner), or under the title in a side panel."""
    box = geometry.header
    text_w = box.w - _arrow_room(board)
    title_w = box.w if geometry.beside else text_w
    title_pt = title_size(board, title_w)
    canvas.saveState()
    canvas.setFillColor(INK)
    baseline = box.top - _pt_mm(title_pt) * 0.85
    canvas.setFont(font_name("display"), title_pt)
    for line in _lines(board.title, "display", title_pt, title_w):
        canvas.drawString(mm(box.x), mm(baseline), line)
        baseline -= _pt_mm(title_pt) * 1.15
    baseline += _pt_mm(title_pt) * 0.3
    canvas.setFont(font_name("regular"), SETUP_PT)
    for line in _lines(board.caption, "regular", SETUP_PT, text_w):
        baseline -= _pt_mm(SETUP_PT) * 0.85
        canvas.drawString(mm(box.x), mm(baseline), line)
        baseline -= _pt_mm(SETUP_PT) * 0.45
    canvas.restoreState()
    _draw_north(canvas, board, box)


def _draw_north(canvas: Canvas, board: Board, box: Rect) -> None:
    """An arrow pointing up with its label: the boat's headings are rules."""
    x, base = mm(box.right - 2.0), mm(box.y + 0.5)
    length, half = mm(ARROW_MM), mm(1.8)
    canvas.saveState()
    canvas.setFillColor(INK)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.2)
    canvas.line(x, base, x, base + length - half)
    arrow = canvas.beginPath()
    arrow.moveTo(x, base + length)
    arrow.lineTo(x - half, base + length - 2 * half)
    arrow.lineTo(x + half, base + length - 2 * half)
    arrow.close()
    canvas.drawPath(arrow, stroke=0, fill=1)
    canvas.setFont(font_name("bold"), 9)
    canvas.drawRightString(x - mm(2.5), base + mm(1.0), board.north)
    canvas.restoreState()


def _draw_legend(
    canvas: Canvas,
    renderer: FaceRenderer,
    data: GameData,
    chosen: tuple[str, ...],
    board: Board,
    geometry: BoardGeometry,
    natural: float,
) -> None:
    plan = geometry.plan
    assert plan is not None
    box, style = geometry.legend, plan.style
    components = {comp.id: comp for comp in data.spec.components}
    layouts = {cell.component: cell.layout for cell in board.cells if cell.layout}
    canvas.saveState()
    canvas.setFillColor(PANEL)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(GRID_PT)
    canvas.roundRect(mm(box.x), mm(box.y), mm(box.w), mm(box.h), mm(2.0), stroke=1, fill=1)
    canvas.restoreState()
    # The box fills the room the map leaves; its rows spread a little and the rest is
    # shared above and below them.
    extra = max(0.0, box.h - plan.height)
    row_gap = ROW_GAP_MM + min(extra / (len(plan.row_heights) + 1), SPREAD_MM)
    extra -= (row_gap - ROW_GAP_MM) * (len(plan.row_heights) - 1)
    top = box.top - PAD_MM - extra / 2
    if board.legend_title:
        canvas.saveState()
        canvas.setFillColor(INK)
        canvas.setFont(font_name("bold"), HEADING_PT)
        canvas.drawString(
            mm(box.x + PAD_MM), mm(top - _pt_mm(HEADING_PT) * 0.85), board.legend_title
        )
        canvas.restoreState()
        top -= _pt_mm(HEADING_PT) * 1.5
    for index, entry in enumerate(board.legend):
        row, col = divmod(index, plan.columns)
        y_top = top - sum(plan.row_heights[:row]) - row_gap * row
        x = box.x + PAD_MM + col * (plan.column_width + COLUMN_GAP_MM)
        comp = components[entry.component]
        layout = layouts.get(entry.component) or comp.board_layout or comp.layout
        form = _swatch_form(data, renderer, comp, entry, layout, chosen)
        sy = y_top - style.swatch
        _place_tile(canvas, form, x, sy, style.swatch, natural)
        if entry.marker_art:
            _draw_marker(
                canvas, renderer, x, sy, style.swatch, entry.marker_art, entry.marker_label
            )
        canvas.saveState()
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(GRID_PT)
        canvas.rect(mm(x), mm(sy), mm(style.swatch), mm(style.swatch), stroke=1, fill=0)
        canvas.restoreState()
        right, down, text_w = style.text_box(plan.column_width)
        _draw_entry_text(canvas, entry, style, x + right, y_top - down, text_w)


def _draw_entry_text(
    canvas: Canvas, entry: LegendEntry, style: LegendStyle, x: float, top: float, text_w: float
) -> None:
    canvas.saveState()
    canvas.setFillColor(INK)
    baseline = top - _pt_mm(style.name_pt) * 0.85
    for role, size, text, leading in (
        ("bold", style.name_pt, entry.name, 1.2),
        ("regular", style.meaning_pt, entry.meaning, 1.22),
    ):
        canvas.setFont(font_name(role), max(size, MIN_TEXT_PT))
        for line in _lines(text, role, size, text_w):
            canvas.drawString(mm(x), mm(baseline), line)
            baseline -= _pt_mm(size) * leading
        baseline += _pt_mm(size) * leading
        baseline -= _pt_mm(style.meaning_pt) * 1.22 + 0.6
    canvas.restoreState()


def _draw_footer(canvas: Canvas, board: Board, box: Rect, scale: str) -> None:
    """The 50 mm scale bar bottom left (the board is scaled to fit, but the bar still shows
    whether it was printed at 100 %) and the footer line beside or above it."""
    scale_bar(canvas, box.x, box.y, scale)
    if not board.footer:
        return
    canvas.saveState()
    canvas.setFillColor(INK)
    canvas.setFont(font_name("regular"), FOOTER_PT)
    if box.w >= SCALE_BAR_MM + 5 + 80:
        lines = _lines(board.footer, "regular", FOOTER_PT, box.w - SCALE_BAR_MM - 5)
        baseline = box.y + 0.5 + _pt_mm(FOOTER_PT) * 1.25 * (len(lines) - 1)
        for line in lines:
            canvas.drawRightString(mm(box.right), mm(baseline), line)
            baseline -= _pt_mm(FOOTER_PT) * 1.25
    else:
        baseline = box.top - _pt_mm(FOOTER_PT) * 0.85
        for line in _lines(board.footer, "regular", FOOTER_PT, box.w):
            canvas.drawString(mm(box.x), mm(baseline), line)
            baseline -= _pt_mm(FOOTER_PT) * 1.25
    canvas.restoreState()
