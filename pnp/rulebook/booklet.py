"""Saddle-stitch imposition: a rulebook of half-sheet pages on landscape sheets, two per side.

Each physical sheet is two PDF pages (front, back), printed duplex flipped on the
short edge, folded in the middle and stapled on the fold. Source pages are
placed at 100 %, centred in their half of the sheet; a page that does not fit
is an error, never scaled.

Each source page becomes one form XObject holding its drawing unparsed, with
its resources cloned once for the whole booklet (the pages share one set of
embedded fonts); a sheet side only places its two forms and draws its fold
marks.

pypdf is imported by the functions that use it, when the booklet is made: importing it
costs about 7 MiB, which a build holding the rest of the kit need not carry meanwhile.
"""

from __future__ import annotations

from io import BytesIO
from typing import TYPE_CHECKING

from pnp import __version__
from pnp.base.errors import PnpError
from pnp.base.units import mm, to_mm
from pnp.spec.sizes import PAPERS, PRINTABLE_MARGIN

if TYPE_CHECKING:
    from pypdf import PageObject, PdfWriter, Transformation
    from pypdf.generic import IndirectObject, StreamObject

FIT_TOLERANCE = 0.01
"""A source page may exceed its half sheet by this much (rounding), mm."""
FOLD_MARK_LENGTH = 5.0
"""Length of each fold mark, mm; it starts ``PRINTABLE_MARGIN`` from the paper edge."""
FOLD_MARK_PT = 0.5
FOLD_GREY = 0.6

Side = tuple[int | None, int | None]
"""The source pages (0-based) on the left and right half of one sheet side; None is blank."""


def padded_order(page_count: int) -> list[int | None]:
    """Reading order of the booklet's pages: source indices, None for padding blanks.

    The count is padded to a multiple of 4 with blanks just before the last page,
    so the last page stays the back cover; a document of fewer than 2 pages is
    padded after its page instead.
    """
    padded = -(-page_count // 4) * 4
    blanks: list[int | None] = [None] * (padded - page_count)
    pages: list[int | None] = list(range(page_count))
    if page_count < 2:
        return pages + blanks
    return pages[:-1] + blanks + pages[-1:]


def booklet_sides(page_count: int) -> list[Side]:
    """Sheet sides in output order (front, back, front, ...) for ``page_count`` source pages.

    For n padded pages, sheet s (from 0) has pages n-2s and 2s+1 (1-based, left and
    right) on its front and 2s+2 and n-2s-1 on its back.
    """
    order = padded_order(page_count)
    n = len(order)
    sides: list[Side] = []
    for s in range(n // 4):
        sides.append((order[n - 2 * s - 1], order[2 * s]))
        sides.append((order[2 * s + 1], order[n - 2 * s - 2]))
    return sides


def impose_booklet(pages_pdf: bytes, paper: str, *, title: str) -> bytes:
    """Impose a PDF of half-sheet pages as a saddle-stitch booklet on landscape ``paper``.

    ``paper`` is a key of :data:`pnp.spec.sizes.PAPERS`. The result has two pages
    per physical sheet (front, back) in :func:`booklet_sides` order, each source
    page at 100 % and centred in its half, a light fold mark at the top and bottom
    of the centre line on every front, and viewer preferences asking for no
    scaling and duplex flipped on the short edge. The same input gives the same
    bytes.

    Raises :class:`~pnp.base.errors.PnpError` for an unknown paper, an unreadable or
    empty PDF, or a source page larger than half a sheet.
    """
    from pypdf import PageObject, PdfReader, PdfWriter
    from pypdf.errors import PdfReadError
    from pypdf.generic import DictionaryObject, NameObject

    if paper not in PAPERS:
        raise PnpError.single(f"unknown paper '{paper}': use one of {', '.join(PAPERS)}")
    sheet = PAPERS[paper].landscape()
    half_width = sheet.width / 2
    try:
        reader = PdfReader(BytesIO(pages_pdf))
        sources = list(reader.pages)
    except PdfReadError as error:
        raise PnpError.single(f"rulebook PDF cannot be read: {error}") from error
    if not sources:
        raise PnpError.single("rulebook PDF has no pages")
    upright = [_upright(page) for page in sources]
    for number, (_, width, height) in enumerate(upright, start=1):
        if width > half_width + FIT_TOLERANCE or height > sheet.height + FIT_TOLERANCE:
            raise PnpError.single(
                f"rulebook page {number} is {width:.2f}×{height:.2f} mm: larger than half "
                f"a sheet of {paper} ({half_width:.2f}×{sheet.height:.2f} mm); "
                "the booklet does not scale pages"
            )

    writer = PdfWriter()
    writer.pdf_header = "%PDF-1.7"  # /Duplex in /ViewerPreferences is PDF 1.7
    forms: dict[int, IndirectObject] = {}
    # New indirect objects go in with writer._add_object: pypdf has no public call for it.
    for index, side in enumerate(booklet_sides(len(sources))):
        page = writer.add_page(
            PageObject.create_blank_page(None, mm(sheet.width), mm(sheet.height))
        )
        names = DictionaryObject()
        drawing: list[str] = []
        for half, source in enumerate(side):
            if source is None:
                continue
            if source not in forms:
                forms[source] = _page_form(sources[source], writer)
            name = f"/P{source + 1}"
            names[NameObject(name)] = forms[source]
            transform, width, height = upright[source]
            left = _tidy(half * half_width + (half_width - width) / 2)
            bottom = _tidy((sheet.height - height) / 2)
            matrix = transform.translate(mm(left), mm(bottom)).ctm
            drawing.append(f"q {' '.join(_number(v) for v in matrix)} cm {name} Do Q")
        if index % 2 == 0:
            drawing.append(_fold_marks(sheet.width, sheet.height))
        page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): names})
        page[NameObject("/Contents")] = writer._add_object(_stream("\n".join(drawing).encode()))

    preferences = writer.create_viewer_preferences()
    preferences[NameObject("/PrintScaling")] = NameObject("/None")
    preferences[NameObject("/Duplex")] = NameObject("/DuplexFlipShortEdge")
    writer.add_metadata(
        {
            "/Title": title,
            "/Subject": f"booklet, {paper}, duplex flip on short edge",
            "/Author": "pnp",
            "/Creator": f"pnp {__version__}",
        }
    )
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def _tidy(value: float) -> float:
    """Round an offset to 0.0001 mm, so a box read back from points gives 0, not -1e-6."""
    return round(value, 4) + 0.0  # + 0.0 turns -0.0 into 0.0


def _upright(page: PageObject) -> tuple[Transformation, float, float]:
    """The transformation that turns a page upright (honouring /Rotate) with its visible
    box's lower-left corner at the origin, and that box's size, mm."""
    from pypdf import Transformation

    box = page.cropbox
    transform = Transformation().rotate(-(page.rotation % 360))  # /Rotate turns clockwise
    corners = [
        transform.apply_on((float(x), float(y)))
        for x in (box.left, box.right)
        for y in (box.bottom, box.top)
    ]
    x0 = min(x for x, _ in corners)
    y0 = min(y for _, y in corners)
    width = max(x for x, _ in corners) - x0
    height = max(y for _, y in corners) - y0
    return transform.translate(-x0, -y0), to_mm(width), to_mm(height)


def _page_form(page: PageObject, writer: PdfWriter) -> IndirectObject:
    """A source page as a form XObject in ``writer`` whose resources (fonts, pictures) are
    cloned once for all pages.

    The drawing is never parsed: its stream is only decoded and compressed again with Flate
    alone (reportlab also encodes it in ASCII85, a quarter larger).
    """
    from pypdf.constants import PageAttributes as PG
    from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject, StreamObject

    contents = page[PG.CONTENTS] if PG.CONTENTS in page else ArrayObject()
    parts = contents if isinstance(contents, ArrayObject) else [contents]
    streams = [part.get_object() for part in parts]
    form = _stream(b"\n".join(s.get_data() for s in streams if isinstance(s, StreamObject)))
    resources = page.raw_get(PG.RESOURCES) if PG.RESOURCES in page else DictionaryObject()
    box = page.cropbox
    form.update(
        {
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject(
                FloatObject(v) for v in (box.left, box.bottom, box.right, box.top)
            ),
            NameObject("/Resources"): resources.clone(writer),
        }
    )
    return writer._add_object(form)


def _stream(data: bytes) -> StreamObject:
    """A Flate-compressed stream of ``data``."""
    from pypdf.generic import DecodedStreamObject

    stream = DecodedStreamObject()
    stream.set_data(data)
    return stream.flate_encode()


def _number(value: float) -> str:
    """A PDF number: at most 8 decimals (as pypdf writes them), no trailing zeros."""
    text = f"{value:.8f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _fold_marks(width: float, height: float) -> str:
    """Short grey strokes on the centre line, at the top and bottom of the sheet (mm)."""
    centre = _number(mm(width / 2))
    strokes = [
        (PRINTABLE_MARGIN, PRINTABLE_MARGIN + FOLD_MARK_LENGTH),
        (height - PRINTABLE_MARGIN - FOLD_MARK_LENGTH, height - PRINTABLE_MARGIN),
    ]
    # butt caps (0 J): the stroke ends exactly where it says
    operators = [f"q {_number(FOLD_GREY)} G {_number(FOLD_MARK_PT)} w 0 J"]
    operators += [
        f"{centre} {_number(mm(y1))} m {centre} {_number(mm(y2))} l S" for y1, y2 in strokes
    ]
    return " ".join([*operators, "Q"])
