"""The duplex calibration sheet: which ``--back-offset`` does this printer need?

The front carries a dot at three places; the back carries, exactly behind each
dot, a grid of 1 mm squares numbered in mm. Held against the light, the dot
shows through in one square: its numbers are the offset to pass to
``--back-offset`` (the offset that moves the backs back under the fronts), or
to save once with ``pnp calibrate --save X,Y``.
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError
from pnp.base.output import commit_files
from pnp.base.units import mm
from pnp.catalog.locate import common_folder
from pnp.draw.fonts import font_name
from pnp.language import BASE_LANGUAGE, Language, load_language
from pnp.sheets.marks import scale_bar
from pnp.sheets.pdf import new_canvas
from pnp.spec.sizes import PAPERS, Paper

GRID_HALF = 6
"""The grid runs from -GRID_HALF to +GRID_HALF mm in both directions."""
RED = Color(0.78, 0.12, 0.12)
GREY = Color(0.55, 0.55, 0.55)


def target_points(paper: Paper) -> list[tuple[float, float]]:
    """Front-side positions (mm) of the calibration dots: centre, upper left, lower right."""
    return [
        (paper.width / 2, paper.height / 2),
        (45.0, paper.height - 100.0),
        (paper.width - 45.0, 70.0),
    ]


def behind(point: tuple[float, float], paper: Paper, backs: BackMode) -> tuple[float, float]:
    """Where on the back page a front-side point lies after the printer turns the sheet."""
    x, y = point
    if backs is BackMode.LONG_EDGE:
        return (paper.width - x, y)
    return (x, paper.height - y)


def calibration_pdf(paper_name: str, backs: BackMode, words: Language) -> bytes:
    """The two-page calibration sheet for a paper size and duplex mode, in ``words``'
    language."""
    if paper_name not in PAPERS:
        raise PnpError.single(f"unknown paper '{paper_name}' (known: {', '.join(PAPERS)})")
    if backs not in (BackMode.LONG_EDGE, BackMode.SHORT_EDGE):
        raise PnpError.single("calibration needs --backs long-edge or short-edge")
    paper = PAPERS[paper_name]
    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer,
        paper.width,
        paper.height,
        words.label("calibration_title"),
        words.label("calibration_subject"),
    )
    _front(canvas, paper, backs, words)
    canvas.showPage()
    _back(canvas, paper, backs, words)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def write_calibration(
    paper_name: str, backs: BackMode, out_dir: Path, lang: str = BASE_LANGUAGE
) -> Path:
    """Write ``calibratie-<paper>-<backs>.pdf`` (``calibration-…`` in English) into ``out_dir``
    atomically, its words in language ``lang``."""
    words = load_language(common_folder(), lang)
    data = calibration_pdf(paper_name, backs, words)
    name = f"{words.file('calibration')}-{paper_name}-{backs.value}.pdf"
    return commit_files(out_dir, {name: data})[0]


def _front(canvas: Canvas, paper: Paper, backs: BackMode, words: Language) -> None:
    edge = words.label("long_edge" if backs is BackMode.LONG_EDGE else "short_edge")
    # The sheet is read by whoever prints, not only by whoever makes the kit: it says what
    # to do with X and Y in words; the commands are in the README.
    lines = words.label("calibration_steps", edge=edge).split("\n")
    canvas.setFillColor(black)
    canvas.setFont(font_name("display"), 16)
    canvas.drawString(mm(20), mm(paper.height - 22), words.label("calibration_front"))
    canvas.setFont(font_name("regular"), 9.5)
    y = paper.height - 32.0
    for line in lines:
        canvas.drawString(mm(20), mm(y), line)
        y -= 5.0
    for x, y in target_points(paper):
        canvas.setStrokeColor(black)
        canvas.setLineWidth(0.35)
        canvas.line(mm(x - 4), mm(y), mm(x - 1), mm(y))
        canvas.line(mm(x + 1), mm(y), mm(x + 4), mm(y))
        canvas.line(mm(x), mm(y - 4), mm(x), mm(y - 1))
        canvas.line(mm(x), mm(y + 1), mm(x), mm(y + 4))
        canvas.setFillColor(black)
        canvas.circle(mm(x), mm(y), mm(0.45), stroke=0, fill=1)
    scale_bar(canvas, 20.0, 10.0, words.label("scale_bar"))


def _back(canvas: Canvas, paper: Paper, backs: BackMode, words: Language) -> None:
    canvas.setFillColor(black)
    canvas.setFont(font_name("display"), 16)
    canvas.drawString(mm(20), mm(paper.height - 22), words.label("calibration_back"))
    canvas.setFont(font_name("regular"), 9.5)
    canvas.drawString(mm(20), mm(paper.height - 32), words.label("calibration_read"))
    for point in target_points(paper):
        _grid(canvas, *behind(point, paper, backs))


LABEL_LINE_MM = 2.8
"""Height of one line of 7 pt grid labels, mm."""


def _grid(canvas: Canvas, cx: float, cy: float) -> None:
    """1 mm squares centred on whole-mm offsets, labelled every 3 mm; the 0 square is red."""
    half = GRID_HALF + 0.5
    canvas.setFillColor(white)
    canvas.rect(mm(cx - half), mm(cy - half), mm(2 * half), mm(2 * half), stroke=0, fill=1)
    for k in range(-GRID_HALF, GRID_HALF + 2):
        offset = k - 0.5
        major = k in (0, 1)
        canvas.setStrokeColor(RED if major else GREY)
        canvas.setLineWidth(0.5 if major else 0.25)
        canvas.line(mm(cx + offset), mm(cy - half), mm(cx + offset), mm(cy + half))
        canvas.line(mm(cx - half), mm(cy + offset), mm(cx + half), mm(cy + offset))
    canvas.setFillColor(black)
    canvas.setFont(font_name("regular"), 7)
    for step, k in enumerate(range(-GRID_HALF, GRID_HALF + 1, 3)):
        # Labels 3 mm apart would touch ("+3+6"): every other one goes a line lower.
        below = 3.0 + LABEL_LINE_MM * (step % 2)
        canvas.drawCentredString(mm(cx + k), mm(cy - half - below), f"{k:+d}" if k else "0")
        canvas.drawRightString(mm(cx - half - 1.0), mm(cy + k - 0.9), f"{k:+d}" if k else "0")
    canvas.setFont(font_name("bold"), 7)
    canvas.drawCentredString(mm(cx), mm(cy - half - 3.0 - 2.2 * LABEL_LINE_MM), "X")
    canvas.drawRightString(mm(cx - half - 5.0), mm(cy - 0.9), "Y")
