"""Card sheets: faces and backs of a list of cards imposed onto printable pages."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pnp.draw.art import ArtLibrary
from pnp.layout.model import Layout
from pnp.layout.render import FaceContext, FaceRenderer, FormCache
from pnp.sheets.imposition import BackMode, Rect, SheetPlan, Slot
from pnp.sheets.marks import (
    CUT_GREY,
    CUT_LINE_PT,
    cut_lines,
    draw_crop_marks,
    draw_fold_line,
    draw_info,
    draw_segments,
)
from pnp.sheets.pdf import new_canvas
from pnp.spec.model import CardRow
from pnp.spec.sizes import BLEED
from pnp.units import mm

Progress = Callable[[int, int], None]
"""Called with (cards done, cards total)."""


@dataclass(frozen=True)
class CardJob:
    """One physical card to print: which row, drawn with which layouts."""

    component: str
    row: CardRow
    copy: int
    face_key: str
    face: Layout
    back_key: str | None
    back: Layout | None
    context: FaceContext
    two_sided: bool = False
    """Its back is a second side players need (printed even without backs)."""


@dataclass(frozen=True)
class Placement:
    """Where one card landed: page numbers are 1-based, rectangles are trim boxes in mm."""

    component: str
    card: str
    copy: int
    page: int
    trim: Rect
    back_page: int | None
    back_trim: Rect | None


@dataclass(frozen=True)
class SheetOptions:
    """Print options chosen by the user."""

    backs: BackMode
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut_lines: bool = False


def render_card_sheets(
    jobs: Sequence[CardJob],
    plan: SheetPlan,
    options: SheetOptions,
    art: ArtLibrary,
    title: str,
    label: str,
    progress: Progress | None = None,
) -> tuple[bytes, list[Placement]]:
    """Render every card onto sheets; return the PDF bytes and where each card went."""
    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer, plan.paper.width, plan.paper.height, title, "Print-and-play kaarten"
    )
    renderer = FaceRenderer(FormCache(canvas), art)
    placements: list[Placement] = []
    chunks = sheet_chunks(jobs, plan.per_sheet)
    sheets = len(chunks)
    duplex = options.backs in (BackMode.LONG_EDGE, BackMode.SHORT_EDGE)
    page = 0
    done = 0
    for sheet, chunk in enumerate(chunks):
        page += 1
        front_page = page
        filled = range(len(chunk))
        slots = [plan.placed(index, filled) for index in filled]
        for job, (front, _) in zip(chunk, slots, strict=True):
            _place(canvas, renderer.face(job.face_key, job.face, job.row, job.context), front)
        if options.backs is BackMode.GUTTERFOLD:
            for job, (_, back) in zip(chunk, slots, strict=True):
                _place_back(canvas, renderer, job, back)
        if options.cut_lines:
            draw_segments(canvas, cut_lines(plan), CUT_LINE_PT, CUT_GREY)
        draw_crop_marks(canvas, plan, filled)
        draw_fold_line(canvas, plan)
        if plan.fold_x:
            side = " (voor- en achterkant, vouw op de stippellijn)"
        else:
            side = " – voorkant" if duplex else ""
        draw_info(canvas, plan, f"{label} · vel {sheet + 1} van {sheets}{side}")
        canvas.showPage()
        back_page = None
        loose = options.backs is BackMode.NONE and any(job.two_sided for job in chunk)
        if loose:
            # No duplex: second sides players need get a page of their own, each card in
            # the slot of its front, to cut out and glue on.
            page += 1
            back_page = page
            glued = {index for index, job in enumerate(chunk) if job.two_sided}
            for index in sorted(glued):
                _place_back(canvas, renderer, chunk[index], plan.placed(index, glued)[0])
            draw_crop_marks(canvas, plan, glued)
            note = f"{label} · vel {sheet + 1} van {sheets} – achterkanten: plak ze op hun voorkant"
            draw_info(canvas, plan, note)
            canvas.showPage()
        if duplex:
            page += 1
            back_page = page
            canvas.saveState()
            canvas.translate(mm(options.back_offset[0]), mm(options.back_offset[1]))
            for job, (_, back) in zip(chunk, slots, strict=True):
                _place_back(canvas, renderer, job, back)
            canvas.restoreState()
            canvas.showPage()
        for index, job in enumerate(chunk):
            back_trim: Rect | None = None
            if options.backs is BackMode.GUTTERFOLD:
                back_trim = plan.backs[index].trim
            elif duplex:
                back_trim = plan.backs[index].trim.shifted(*options.back_offset)
            elif loose and job.two_sided:
                back_trim = plan.fronts[index].trim
            placements.append(
                Placement(
                    job.component,
                    job.row.id,
                    job.copy,
                    front_page,
                    plan.fronts[index].trim,
                    back_page
                    if duplex or (loose and job.two_sided)
                    else (front_page if back_trim else None),
                    back_trim,
                )
            )
        done += len(chunk)
        if progress:
            progress(done, len(jobs))
    canvas.save()
    return buffer.getvalue(), placements


def back_design(job: CardJob) -> str | None:
    """The back a card shows face down: its back layout (None: no back)."""
    return job.back.name if job.back is not None else None


def sheet_chunks(jobs: Sequence[CardJob], per_sheet: int) -> list[Sequence[CardJob]]:
    """The cards of each sheet, in order: full sheets, and a new sheet where the back changes.

    Cards on a sheet abut, so a slightly off cut leaves a sliver of one card's back
    on its neighbour; cards with different backs never share a sheet, or that sliver
    would mark them.
    """
    chunks: list[Sequence[CardJob]] = []
    start = 0
    for index in range(1, len(jobs) + 1):
        full = index - start == per_sheet
        changes = index < len(jobs) and back_design(jobs[index]) != back_design(jobs[start])
        if index == len(jobs) or full or changes:
            chunks.append(jobs[start:index])
            start = index
    return chunks


def _place(canvas: Canvas, form: str, slot: Slot) -> None:
    """Draw a bleed-box form so its trim box lands on the slot, clipped to the slot's ink area."""
    canvas.saveState()
    clip = slot.clip
    path = canvas.beginPath()
    path.rect(mm(clip.x), mm(clip.y), mm(clip.w), mm(clip.h))
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(mm(slot.trim.x - BLEED), mm(slot.trim.y - BLEED))
    canvas.doForm(form)
    canvas.restoreState()


def _place_back(canvas: Canvas, renderer: FaceRenderer, job: CardJob, slot: Slot) -> None:
    if job.back is None or job.back_key is None:
        return
    _place(canvas, renderer.face(job.back_key, job.back, job.row, job.context), slot)
