"""Pen-and-paper score sheets: a grid of rounds by players, several copies per page as a pad.

The sheet is data (``[scoresheet]`` in ``game.toml``, see
:class:`~pnp.spec.model.ScoreSheetSpec`); this module only draws it. Geometry
is in mm and every mark keeps ``PRINTABLE_MARGIN`` from the paper edge; text is
at least 7 pt and lines at least 0.25 pt, as on the cards.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from pnp.base.units import mm
from pnp.draw.fonts import font_name, text_width
from pnp.language import Language
from pnp.sheets.imposition import Rect
from pnp.sheets.pdf import new_canvas
from pnp.spec.model import ScoreColumn, ScoreSheetSpec
from pnp.spec.sizes import PAPERS, PRINTABLE_MARGIN, Paper

COPY_MARGIN = 9.0
"""Space between a copy's edge (the paper edge or the cut line) and its ink, mm."""

ROW_MAX = 9.0
ROW_MIN = 5.0
LABEL_COLUMN = 13.0
EXTRA_COLUMN = 24.0
HEADER = 17.0
NAME_ROW = 8.0
SUB_ROW = 5.5
TEXT_PT = 8.0
SMALL_PT = 7.0
GRID_PT = 0.25
FRAME_PT = 0.75
INK = HexColor("#2A1E1A")
MUTED = HexColor("#7A716A")
SHADE = HexColor("#F3EEE6")
CUT_GREY = Color(0.6, 0.6, 0.6)


@dataclass(frozen=True)
class SheetLayout:
    """Where the grid of one copy goes, mm from the page's bottom-left corner."""

    grid: Rect
    columns: tuple[float, ...]
    """x of every vertical grid line, left to right."""
    rows: tuple[float, ...]
    """y of every horizontal grid line, top to bottom."""
    sub_header: bool


def copy_boxes(paper: Paper, per_page: int) -> tuple[Paper, list[Rect]]:
    """The page (portrait or landscape) and the box of each copy on it."""
    if per_page == 2:
        page = paper.landscape()
        half = page.width / 2
        return page, [Rect(0, 0, half, page.height), Rect(half, 0, half, page.height)]
    if per_page == 4:
        w, h = paper.width / 2, paper.height / 2
        return paper, [Rect(0, h, w, h), Rect(w, h, w, h), Rect(0, 0, w, h), Rect(w, 0, w, h)]
    return paper, [Rect(0, 0, paper.width, paper.height)]


def plan_grid(
    sheet: ScoreSheetSpec, extra: Sequence[ScoreColumn], box: Rect, notes_height: float
) -> SheetLayout:
    """Column and row lines for one copy inside ``box``."""
    inner = Rect(
        box.x + COPY_MARGIN,
        box.y + COPY_MARGIN,
        box.w - 2 * COPY_MARGIN,
        box.h - 2 * COPY_MARGIN,
    )
    sub_header = len(sheet.player_columns) > 1
    header_rows = NAME_ROW + (SUB_ROW if sub_header else 0.0)
    body_rows = sheet.rows + (1 if sheet.total_label else 0)
    room = inner.h - HEADER - header_rows - notes_height
    row_h = min(ROW_MAX, room / body_rows)
    if row_h < ROW_MIN:
        raise ValueError(
            f"{sheet.rows} rows do not fit: {row_h:.1f} mm each, at least {ROW_MIN:g} mm needed"
        )
    players_w = inner.w - LABEL_COLUMN - len(extra) * EXTRA_COLUMN
    per_player = players_w / sheet.players
    if per_player / len(sheet.player_columns) < 8.0:
        raise ValueError(f"{sheet.players} players do not fit across the sheet")
    xs = [inner.x, inner.x + LABEL_COLUMN]
    sub_w = per_player / len(sheet.player_columns)
    for _ in range(sheet.players):
        for _ in sheet.player_columns:
            xs.append(xs[-1] + sub_w)
    for _ in extra:
        xs.append(xs[-1] + EXTRA_COLUMN)
    top = inner.top - HEADER
    ys = [top, top - NAME_ROW]
    if sub_header:
        ys.append(ys[-1] - SUB_ROW)
    for _ in range(body_rows):
        ys.append(ys[-1] - row_h)
    grid = Rect(xs[0], ys[-1], xs[-1] - xs[0], top - ys[-1])
    return SheetLayout(grid, tuple(xs), tuple(ys), sub_header)


class _CopyDrawer:
    def __init__(
        self,
        canvas: Canvas,
        sheet: ScoreSheetSpec,
        extra: Sequence[ScoreColumn],
        game: str,
        accent: Color,
        words: Language,
    ) -> None:
        self.canvas = canvas
        self.words = words
        self.sheet = sheet
        self.extra = extra
        self.game = game
        self.accent = accent

    def notes_lines(self, width: float) -> list[str]:
        lines: list[str] = []
        for note in self.sheet.notes:
            lines += simpleSplit(note, font_name("regular"), SMALL_PT, mm(width))
        return lines

    def draw(self, box: Rect) -> None:
        inner_w = box.w - 2 * COPY_MARGIN
        notes = self.notes_lines(inner_w)
        notes_h = len(notes) * SMALL_PT * 1.3 / mm(1) + (3.0 if notes else 0.0)
        layout = plan_grid(self.sheet, self.extra, box, notes_h)
        self.title(box)
        self.shade(layout)
        self.lines(layout)
        self.labels(layout)
        self.notes(notes, layout)

    def title(self, box: Rect) -> None:
        c = self.canvas
        left = box.x + COPY_MARGIN
        top = box.top - COPY_MARGIN
        c.setFillColor(self.accent)
        c.setFont(font_name("display"), 15)
        c.drawString(mm(left), mm(top - 6.5), self.game)
        c.setFillColor(INK)
        c.setFont(font_name("bold"), 10)
        c.drawString(mm(left), mm(top - 12), self.sheet.title)
        right = box.right - COPY_MARGIN
        c.setFont(font_name("regular"), TEXT_PT)
        label = self.words.label("scoresheet_date")
        line_start = right - 32
        c.drawRightString(mm(line_start - 1.5), mm(top - 12), label)
        c.setStrokeColor(INK)
        c.setLineWidth(GRID_PT)
        c.line(mm(line_start), mm(top - 12.5), mm(right), mm(top - 12.5))
        if self.sheet.mark:
            self.mark(right, top)

    def mark(self, right: float, top: float) -> None:
        """The sheet's key number in a coloured box at the top right, e.g. the 100 limit."""
        c = self.canvas
        size = 8.5
        width = text_width(self.sheet.mark, "bold", size) / mm(1) + 5
        c.setFillColor(self.accent)
        c.roundRect(mm(right - width), mm(top - 7.5), mm(width), mm(6), mm(1.5), 0, 1)
        c.setFillColor(HexColor("#FFFFFF"))
        c.setFont(font_name("bold"), size)
        c.drawCentredString(mm(right - width / 2), mm(top - 5.6), self.sheet.mark)

    def shade(self, layout: SheetLayout) -> None:
        c = self.canvas
        xs, ys = layout.columns, layout.rows
        c.setFillColor(SHADE)
        header_bottom = ys[2] if layout.sub_header else ys[1]
        c.rect(mm(xs[0]), mm(header_bottom), mm(xs[-1] - xs[0]), mm(ys[0] - header_bottom), 0, 1)
        if self.sheet.total_label:
            c.rect(mm(xs[0]), mm(ys[-1]), mm(xs[-1] - xs[0]), mm(ys[-2] - ys[-1]), 0, 1)

    def lines(self, layout: SheetLayout) -> None:
        c = self.canvas
        xs, ys = layout.columns, layout.rows
        per_player = len(self.sheet.player_columns)
        players_end = 1 + per_player * self.sheet.players
        edges = {1 + p * per_player for p in range(self.sheet.players + 1)}
        edges |= set(range(players_end, len(xs) - 1))
        c.setStrokeColor(INK)
        c.setLineWidth(GRID_PT)
        for row, y in enumerate(ys[1:-1], start=1):
            if row == 1 and layout.sub_header:
                # Only the players' name cells sit above a row of sub-column labels.
                c.line(mm(xs[1]), mm(y), mm(xs[players_end]), mm(y))
            else:
                c.line(mm(xs[0]), mm(y), mm(xs[-1]), mm(y))
        for index in range(1, len(xs) - 1):
            edge = index in edges
            # A player's sub-columns share the name cell above them.
            start = ys[0] if edge else ys[1]
            c.setLineWidth(FRAME_PT if edge else GRID_PT)
            c.line(mm(xs[index]), mm(start), mm(xs[index]), mm(ys[-1]))
        c.setLineWidth(FRAME_PT)
        c.rect(mm(xs[0]), mm(ys[-1]), mm(xs[-1] - xs[0]), mm(ys[0] - ys[-1]), 1, 0)
        if self.sheet.total_label:
            c.line(mm(xs[0]), mm(ys[-2]), mm(xs[-1]), mm(ys[-2]))

    def labels(self, layout: SheetLayout) -> None:
        c = self.canvas
        xs, ys = layout.columns, layout.rows
        sheet = self.sheet
        per_player = len(sheet.player_columns)
        c.setFillColor(MUTED)
        c.setFont(font_name("italic"), SMALL_PT)
        for player in range(sheet.players):
            left = xs[1 + player * per_player]
            c.drawString(
                mm(left + 1.2),
                mm(ys[0] - 2.8),
                self.words.label("scoresheet_player", number=player + 1),
            )
        c.setFillColor(INK)
        header_bottom = ys[2] if layout.sub_header else ys[1]
        self._centred(sheet.row_label, xs[0], xs[1], ys[0], header_bottom, "bold")
        if layout.sub_header:
            for player in range(sheet.players):
                for sub, label in enumerate(sheet.player_columns):
                    i = 1 + player * per_player + sub
                    self._centred(label, xs[i], xs[i + 1], ys[1], ys[2], "regular", SMALL_PT)
        first_extra = 1 + per_player * sheet.players
        for offset, column in enumerate(self.extra):
            i = first_extra + offset
            self._centred(column.label, xs[i], xs[i + 1], ys[0], header_bottom, "bold", SMALL_PT)
        first_row = 2 if layout.sub_header else 1
        for number in range(1, sheet.rows + 1):
            top, low = ys[first_row + number - 1], ys[first_row + number]
            self._centred(str(number), xs[0], xs[1], top, low, "regular")
        if sheet.total_label:
            self._centred(sheet.total_label, xs[0], xs[1], ys[-2], ys[-1], "bold", SMALL_PT)

    def _centred(
        self,
        text: str,
        x1: float,
        x2: float,
        top: float,
        bottom: float,
        role: str,
        size: float = TEXT_PT,
    ) -> None:
        c = self.canvas
        width = x2 - x1 - 1.0
        while size > SMALL_PT and text_width(text, role, size) > mm(width):
            size -= 0.25
        if text_width(text, role, size) > mm(width):
            raise ValueError(f"'{text}' does not fit its column of {width + 1:.1f} mm")
        c.setFont(font_name(role), size)
        baseline = (top + bottom) / 2 - size * 0.35 / mm(1)
        c.drawCentredString(mm((x1 + x2) / 2), mm(baseline), text)

    def notes(self, lines: list[str], layout: SheetLayout) -> None:
        c = self.canvas
        c.setFillColor(INK)
        c.setFont(font_name("regular"), SMALL_PT)
        y = layout.grid.y - 3.0 - SMALL_PT / mm(1)
        for line in lines:
            c.drawString(mm(layout.grid.x), mm(y), line)
            y -= SMALL_PT * 1.3 / mm(1)


def render_score_sheet(
    sheet: ScoreSheetSpec,
    variant_ids: tuple[str, ...],
    *,
    game: str,
    paper: str,
    accent: str,
    words: Language,
) -> bytes:
    """The score sheet as a one-page PDF with ``sheet.per_page`` copies (raises ``ValueError``),
    its own words (date, players) in ``words``' language."""
    page, boxes = copy_boxes(PAPERS[paper], sheet.per_page)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, page.width, page.height, f"{game} – {sheet.title}", sheet.title)
    drawer = _CopyDrawer(canvas, sheet, sheet.extra_for(variant_ids), game, HexColor(accent), words)
    for box in boxes:
        drawer.draw(box)
    _cut_lines(canvas, page, boxes)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _cut_lines(canvas: Canvas, page: Paper, boxes: list[Rect]) -> None:
    """Dashed lines between the copies, kept off the unprintable edge."""
    canvas.setStrokeColor(CUT_GREY)
    canvas.setLineWidth(GRID_PT)
    canvas.setDash(3, 2)
    xs = sorted({round(b.x, 6) for b in boxes} - {0.0})
    ys = sorted({round(b.y, 6) for b in boxes} - {0.0})
    edge = PRINTABLE_MARGIN
    for x in xs:
        canvas.line(mm(x), mm(edge), mm(x), mm(page.height - edge))
    for y in ys:
        canvas.line(mm(edge), mm(y), mm(page.width - edge), mm(y))
    canvas.setDash()
