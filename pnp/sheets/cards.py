"""Card sheets: faces and backs of a list of cards imposed onto printable pages."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pnp.base.back_mode import BackMode
from pnp.base.units import mm
from pnp.draw.art import ArtLibrary
from pnp.language import Language
from pnp.layout.model import Layout
from pnp.layout.render import FaceContext, FaceRenderer, FormCache
from pnp.sheets.imposition import Rect, SheetPlan, Slot
from pnp.sheets.marks import (
    CUT_GREY,
    CUT_LINE_PT,
    cut_lines,
    draw_back_label,
    draw_crop_marks,
    draw_fold_line,
    draw_info,
    draw_segments,
)
from pnp.sheets.packing import Kind, PlanFor, pack_sheets
from pnp.sheets.pdf import Sides, new_canvas
from pnp.spec.model import CardRow
from pnp.spec.sizes import BLEED, CardSize

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
    size: CardSize
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
    rotated: bool = False
    """The piece lies on its side (a quarter turn anticlockwise); ``trim`` is as it lies."""
    back_design: str | None = None
    """The design of the printed back (its form's name): pieces whose backs share a design
    look the same face down. None when no back is printed."""


@dataclass(frozen=True)
class CardSheets:
    """A rendered card PDF."""

    pdf: bytes
    placements: list[Placement]
    gutter_sheets: int
    """Sheets on which two kinds of card are parted by a gutter (cut on both sides of it)."""


PRINT_SIDES: dict[BackMode, Sides] = {
    BackMode.LONG_EDGE: "DuplexFlipLongEdge",
    BackMode.SHORT_EDGE: "DuplexFlipShortEdge",
    BackMode.GUTTERFOLD: "Simplex",  # fronts and backs share a side, folded together
    BackMode.NONE: "Simplex",
}
"""The print dialog preset each way of printing backs asks for."""


@dataclass(frozen=True)
class SheetOptions:
    """Print options chosen by the user."""

    backs: BackMode
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut_lines: bool = False


def render_card_sheets(
    jobs: Sequence[CardJob],
    plan_for: PlanFor,
    options: SheetOptions,
    art: ArtLibrary,
    title: str,
    label: str,
    words: Language,
    progress: Progress | None = None,
) -> CardSheets:
    """Render every card onto sheets: the PDF bytes, where each card went, and the gutters;
    the words on the sheets (page labels, the scale bar) in ``words``' language."""
    buffer = io.BytesIO()
    first = plan_for(jobs[0].size).paper if jobs else None
    width, height = (first.width, first.height) if first else (210.0, 297.0)
    canvas = new_canvas(
        buffer, width, height, title, words.label("pdf_cards"), sides=PRINT_SIDES[options.backs]
    )
    scale = words.label("scale_bar")
    renderer = FaceRenderer(FormCache(canvas), art)
    placements: list[Placement] = []
    sheets = pack_sheets([Kind(job.size, back_design(job)) for job in jobs], plan_for)
    duplex = options.backs in (BackMode.LONG_EDGE, BackMode.SHORT_EDGE)
    page = 0
    done = 0
    for number, sheet in enumerate(sheets, start=1):
        plan = sheet.plan
        chunk = [jobs[item] for item, _ in sheet.items]
        indices = [slot for _, slot in sheet.items]
        page += 1
        front_page = page
        _begin_page(canvas, plan)
        filled = sheet.filled
        slots = [plan.placed(index, filled) for index in indices]
        for job, (front, _) in zip(chunk, slots, strict=True):
            _place(canvas, renderer.face(job.face_key, job.face, job.row, job.context), front)
        if options.backs is BackMode.GUTTERFOLD:
            for job, (_, back) in zip(chunk, slots, strict=True):
                _place_back(canvas, renderer, job, back)
        elif len(slots) == 1:
            _set_page_boxes(canvas, slots[0][0])
        if options.cut_lines:
            draw_segments(canvas, cut_lines(plan), CUT_LINE_PT, CUT_GREY)
        backed = {index for index, job in zip(indices, chunk, strict=True) if job.back}
        draw_crop_marks(canvas, plan, filled, backed)
        draw_fold_line(canvas, plan)
        # Nothing is printed behind the last sheet when none of its pieces has a back.
        backed_page = duplex and (number < len(sheets) or any(job.back for job in chunk))
        sheet_label = words.label("sheet", label=label, number=number, sheets=len(sheets))
        if plan.fold_x:
            sheet_label = words.label("sheet_folded", sheet=sheet_label)
        elif backed_page:
            sheet_label = words.label("sheet_front", sheet=sheet_label)
        draw_info(canvas, plan, sheet_label, scale)
        _end_page(canvas)
        back_page = None
        loose = options.backs is BackMode.NONE and any(job.two_sided for job in chunk)
        if loose:
            # No duplex: second sides players need get a page of their own, each card in
            # the slot of its front, to cut out and glue on.
            page += 1
            back_page = page
            _begin_page(canvas, plan)
            glued = {index for index, job in zip(indices, chunk, strict=True) if job.two_sided}
            for index, job in zip(indices, chunk, strict=True):
                if index in glued:
                    _place_back(canvas, renderer, job, plan.placed(index, glued)[0])
            draw_crop_marks(canvas, plan, glued)
            sheet_label = words.label("sheet", label=label, number=number, sheets=len(sheets))
            draw_info(canvas, plan, words.label("sheet_glued", sheet=sheet_label), scale)
            _end_page(canvas)
        if backed_page:
            page += 1
            back_page = page
            _begin_page(canvas, plan)
            canvas.saveState()
            canvas.translate(mm(options.back_offset[0]), mm(options.back_offset[1]))
            for job, (_, back) in zip(chunk, slots, strict=True):
                _place_back(canvas, renderer, job, back)
            canvas.restoreState()
            sheet_label = words.label("sheet", label=label, number=number, sheets=len(sheets))
            note = words.label("sheet_back", sheet=sheet_label)
            draw_back_label(canvas, plan, note, options.back_offset)
            if len(slots) == 1 and chunk[0].back is not None:
                offset = options.back_offset
                back = slots[0][1]
                _set_page_boxes(
                    canvas, Slot(back.trim.shifted(*offset), back.clip.shifted(*offset))
                )
            _end_page(canvas)
        for index, job in zip(indices, chunk, strict=True):
            # Where its back went (nothing is printed behind a piece without a back).
            back_trim: Rect | None = None
            back_at: int | None = None
            if job.back is None:
                pass
            elif options.backs is BackMode.GUTTERFOLD:
                back_trim, back_at = plan.backs[index].trim, front_page
            elif duplex:
                back_trim = plan.backs[index].trim.shifted(*options.back_offset)
                back_at = back_page
            elif loose and job.two_sided:
                back_trim, back_at = plan.fronts[index].trim, back_page
            placements.append(
                Placement(
                    job.component,
                    job.row.id,
                    job.copy,
                    front_page,
                    plan.fronts[index].trim,
                    back_at,
                    back_trim,
                    plan.fronts[index].rotated,
                    job.back_key if back_at is not None else None,
                )
            )
        done += len(chunk)
        if progress:
            progress(done, len(jobs))
    canvas.save()
    gutter_sheets = sum(1 for sheet in sheets if sheet.gutters)
    return CardSheets(buffer.getvalue(), placements, gutter_sheets)


def back_design(job: CardJob) -> str | None:
    """The back a card shows face down: its back layout (None: no back)."""
    return job.back.name if job.back is not None else None


def _place(canvas: Canvas, form: str, slot: Slot) -> None:
    """Draw a bleed-box form so its trim box lands on the slot, clipped to the slot's ink area."""
    canvas.saveState()
    clip = slot.clip
    path = canvas.beginPath()
    path.rect(mm(clip.x), mm(clip.y), mm(clip.w), mm(clip.h))
    canvas.clipPath(path, stroke=0, fill=0)
    if slot.rotated:
        # A quarter turn anticlockwise about the form's origin, then onto the slot.
        canvas.translate(mm(slot.trim.right + BLEED), mm(slot.trim.y - BLEED))
        canvas.rotate(90)
    else:
        canvas.translate(mm(slot.trim.x - BLEED), mm(slot.trim.y - BLEED))
    canvas.doForm(form)
    canvas.restoreState()


def _set_page_boxes(canvas: Canvas, slot: Slot) -> None:
    """A page that shows one card or tile says where it is: TrimBox and BleedBox (print shops)."""
    trim, clip = slot.trim, slot.clip
    canvas.setTrimBox((mm(trim.x), mm(trim.y), mm(trim.right), mm(trim.top)))
    canvas.setBleedBox((mm(clip.x), mm(clip.y), mm(clip.right), mm(clip.top)))


def _begin_page(canvas: Canvas, plan: SheetPlan) -> None:
    """Start a page of ``plan``'s paper (a file's sheets may differ in orientation)."""
    canvas.setPageSize((mm(plan.paper.width), mm(plan.paper.height)))


def _end_page(canvas: Canvas) -> None:
    """Finish the page; page boxes set for it do not carry over to the next one."""
    canvas.showPage()
    canvas.setTrimBox(None)
    canvas.setBleedBox(None)


def _place_back(canvas: Canvas, renderer: FaceRenderer, job: CardJob, slot: Slot) -> None:
    if job.back is None or job.back_key is None:
        return
    _place(canvas, renderer.face(job.back_key, job.back, job.row, job.context), slot)
