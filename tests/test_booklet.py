"""Saddle-stitch booklet imposition, read back from the imposed PDF.

The source PDFs are made here with reportlab: every page prints its number
("page 7") at a known spot and a small black square, so each side of each sheet
can be checked for which page it shows and exactly where.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, ContentStream, DecodedStreamObject, NameObject

from pnp.base.errors import PnpError
from pnp.base.units import mm
from pnp.rulebook.booklet import booklet_sides, impose_booklet
from pnp.sheets.pdf import new_canvas
from tests.pdfinspect import MM, read_page

SHEETS = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}
"""Landscape sheet sizes, mm."""
HALF = {"a4": (148.0, 210.0), "letter": (139.7, 215.9)}
"""The booklet page size each paper is made for (A5, half-letter), mm."""
LABEL = (20.0, 30.0)
"""Where each source page prints its number, mm from its lower-left corner."""
SQUARE = (60.0, 100.0, 5.0)
"""A black square on each source page: lower-left x, y and side, mm."""
TOL = 0.01  # mm
EDGE = 5.0

# Written out by hand from the standard saddle-stitch order: per sheet side
# (front, back, front, ...) the page numbers on the left and right half, 0 = blank.
EXPECTED: dict[int, list[tuple[int, int]]] = {
    1: [(0, 1), (0, 0)],
    3: [(3, 1), (2, 0)],
    4: [(4, 1), (2, 3)],
    5: [(5, 1), (2, 0), (0, 3), (4, 0)],
    8: [(8, 1), (2, 7), (6, 3), (4, 5)],
    10: [(10, 1), (2, 0), (0, 3), (4, 9), (8, 5), (6, 7)],
}


def source_pdf(sizes: list[tuple[float, float]], rotate: int = 0) -> bytes:
    """A PDF with one page per size (mm), page k printing "page k" at ``LABEL``.

    ``rotate`` sets each page's /Rotate afterwards, leaving its content and box alone.
    """
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, *sizes[0], title="bron", subject="test")
    for number, size in enumerate(sizes, start=1):
        canvas.setPageSize((mm(size[0]), mm(size[1])))
        canvas.drawString(mm(LABEL[0]), mm(LABEL[1]), f"page {number}")
        x, y, side = SQUARE
        canvas.rect(mm(x), mm(y), mm(side), mm(side), stroke=0, fill=1)
        canvas.showPage()
    canvas.save()
    if not rotate:
        return buffer.getvalue()
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(buffer.getvalue())))
    for page in writer.pages:
        page.rotation = rotate
    rotated = io.BytesIO()
    writer.write(rotated)
    return rotated.getvalue()


def labels(reader: PdfReader, index: int) -> list[tuple[int, float, float]]:
    """The page numbers printed on one output page, with their positions (mm)."""
    found = []
    for run in read_page(reader, index).texts:
        match = re.fullmatch(r"page (\d+)", run.text)
        assert match, f"unexpected text {run.text!r}"
        found.append((int(match.group(1)), run.x / MM, run.y / MM))
    return found


def impose(count: int, paper: str, size: tuple[float, float] | None = None) -> PdfReader:
    pages = source_pdf([size or HALF[paper]] * count)
    return PdfReader(io.BytesIO(impose_booklet(pages, paper, title="Spelregels")))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("count", sorted(EXPECTED))
def test_sheets_are_landscape_paper_two_sides_per_sheet(paper: str, count: int) -> None:
    reader = impose(count, paper)
    padded = -(-count // 4) * 4
    assert len(reader.pages) == padded // 2
    for page in reader.pages:
        assert float(page.mediabox.width) / MM == pytest.approx(SHEETS[paper][0], abs=TOL)
        assert float(page.mediabox.height) / MM == pytest.approx(SHEETS[paper][1], abs=TOL)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("count", sorted(EXPECTED))
@pytest.mark.parametrize("small", [False, True], ids=["half-sheet", "smaller"])
def test_each_side_shows_its_pages_centred_in_their_halves(
    paper: str, count: int, small: bool
) -> None:
    size = (100.0, 150.0) if small else HALF[paper]
    reader = impose(count, paper, size)
    width, height = SHEETS[paper]
    half = width / 2
    sides = EXPECTED[count]
    assert len(reader.pages) == len(sides)
    for index, pair in enumerate(sides):
        found = labels(reader, index)
        assert sorted(n for n, _, _ in found) == sorted(n for n in pair if n), f"side {index}"
        for number, x, y in found:
            slot = pair.index(number)  # 0 = left half, 1 = right half
            assert x == pytest.approx(slot * half + (half - size[0]) / 2 + LABEL[0], abs=TOL)
            assert y == pytest.approx((height - size[1]) / 2 + LABEL[1], abs=TOL)


@pytest.mark.parametrize("count", [3, 5, 8, 10])
def test_last_page_is_the_back_cover_and_first_the_front(count: int) -> None:
    reader = impose(count, "a4")
    found = {n: x for n, x, _ in labels(reader, 0)}
    assert set(found) == {count, 1}
    assert found[count] < SHEETS["a4"][0] / 2 < found[1]


def test_booklet_sides_follow_the_saddle_stitch_formula() -> None:
    for count in range(1, 41):
        n = -(-count // 4) * 4
        # 1-based padded position -> source page number (0 for a blank)
        if count < 2:
            position = {p: p if p <= count else 0 for p in range(1, n + 1)}
        else:
            position = {p: p if p < count else 0 for p in range(1, n)} | {n: count}
        expected = []
        for s in range(n // 4):
            expected += [
                (position[n - 2 * s], position[2 * s + 1]),
                (position[2 * s + 2], position[n - 2 * s - 1]),
            ]
        got = [
            tuple(0 if page is None else page + 1 for page in side) for side in booklet_sides(count)
        ]
        assert got == expected, count
        if count in EXPECTED:
            assert got == EXPECTED[count]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_marks_on_every_front_only_thin_and_off_the_edge(paper: str) -> None:
    reader = impose(8, paper)
    width, height = SHEETS[paper]
    for index in range(len(reader.pages)):
        segments = read_page(reader, index).segments
        if index % 2:
            assert segments == [], "no marks on the back"
            continue
        assert len(segments) == 2
        ends = []
        for seg in segments:
            assert seg.x1 / MM == pytest.approx(width / 2, abs=TOL)
            assert seg.x2 / MM == pytest.approx(width / 2, abs=TOL)
            assert 0.25 <= seg.width <= 1.0
            low, high = sorted((seg.y1 / MM, seg.y2 / MM))
            assert low >= EDGE - TOL and high <= height - EDGE + TOL
            assert high - low >= 2.0
            ends.append((low, high))
        ends.sort()
        assert ends[0][1] < 20.0, "one mark at the bottom of the fold"
        assert ends[1][0] > height - 20.0, "one mark at the top of the fold"


def test_a_real_renderer_shows_the_pages_and_a_light_grey_fold_mark() -> None:
    scale = 4.0  # pixels per point
    data = impose_booklet(source_pdf([HALF["a4"]] * 4), "a4", title="Spelregels")
    document = pdfium.PdfDocument(data)
    image = document[0].render(scale=scale, grayscale=True).to_pil()
    width, height = SHEETS["a4"]

    def pixel(x_mm: float, y_mm: float) -> int:
        value = image.getpixel((round(x_mm * MM * scale), round((height - y_mm) * MM * scale)))
        assert isinstance(value, int)
        return value

    # Page 4 on the left, page 1 on the right: each one's black square, centred.
    x, y, side = SQUARE
    for slot in (0, 1):
        left = slot * width / 2 + (width / 2 - HALF["a4"][0]) / 2
        assert pixel(left + x + side / 2, y + side / 2) < 50
        assert pixel(left + x - 2, y + side / 2) > 240
    # Both fold marks are there, grey rather than black, and none of them within 5 mm
    # of the edge (the mark is 0.5 pt = 2 px wide here: take the darkest of 3 columns).
    step = 1 / (MM * scale)  # one pixel, mm
    for y_mm in (EDGE + 2.5, height - EDGE - 2.5):
        grey = min(pixel(width / 2 + dx * step, y_mm) for dx in (-1, 0, 1))
        assert 100 < grey < 220
    for y_mm in (EDGE - 1, height - EDGE + 1):
        assert min(pixel(width / 2 + dx * step, y_mm) for dx in (-1, 0, 1)) > 240


def test_rotated_source_pages_are_placed_upright() -> None:
    # A landscape 210 x 148 page turned by /Rotate 90 shows as portrait A5.
    pages = source_pdf([(210.0, 148.0)] * 4, rotate=90)
    reader = PdfReader(io.BytesIO(impose_booklet(pages, "a4", title="Spelregels")))
    # Turning clockwise maps the unrotated (x, y) to (y, 210 - x) on the shown page.
    shown = (LABEL[1], 210.0 - LABEL[0])
    found = {n: (x, y) for n, x, y in labels(reader, 0)}
    assert set(found) == {4, 1}
    assert found[4] == pytest.approx((0.25 + shown[0], shown[1]), abs=TOL)
    assert found[1] == pytest.approx((148.5 + 0.25 + shown[0], shown[1]), abs=TOL)


@pytest.mark.parametrize(
    ("paper", "size"),
    [
        ("a4", (210.0, 297.0)),  # a whole A4 page
        ("a4", (148.0, 211.0)),  # 1 mm too tall
        ("a4", (149.0, 210.0)),  # 0.5 mm too wide
        ("letter", (148.0, 210.0)),  # A5 is wider than half a Letter sheet
    ],
)
def test_a_page_that_does_not_fit_half_a_sheet_is_an_error(
    paper: str, size: tuple[float, float]
) -> None:
    pages = source_pdf([HALF[paper], HALF[paper], size, HALF[paper]])
    with pytest.raises(PnpError, match=r"page 3 .*larger than half") as error:
        impose_booklet(pages, paper, title="Spelregels")
    assert len(error.value.problems) == 1


def test_bad_paper_and_empty_documents_are_errors() -> None:
    with pytest.raises(PnpError, match="unknown paper 'a3'"):
        impose_booklet(source_pdf([HALF["a4"]]), "a3", title="Spelregels")
    empty = io.BytesIO()
    PdfWriter().write(empty)
    with pytest.raises(PnpError, match="no pages"):
        impose_booklet(empty.getvalue(), "a4", title="Spelregels")
    with pytest.raises(PnpError, match="cannot be read"):
        impose_booklet(b"", "a4", title="Spelregels")


def test_viewer_preferences_and_title() -> None:
    reader = impose(5, "letter")
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipShortEdge"
    assert reader.metadata is not None
    assert reader.metadata.title == "Spelregels"


def test_same_input_same_bytes_with_compressed_content() -> None:
    pages = source_pdf([HALF["a4"]] * 10)
    first = impose_booklet(pages, "a4", title="Spelregels")
    assert impose_booklet(pages, "a4", title="Spelregels") == first
    assert impose_booklet(pages, "a4", title="Andere titel") != first
    reader = PdfReader(io.BytesIO(first))
    for page in reader.pages:
        contents = page["/Contents"].get_object()
        assert contents.get("/Filter") == "/FlateDecode"
    assert b"/CreationDate" not in first and b"/ModDate" not in first


def test_each_source_page_is_one_form_of_its_own_drawing() -> None:
    pages = source_pdf([HALF["a4"]] * 10)
    source = PdfReader(io.BytesIO(pages))
    reader = PdfReader(io.BytesIO(impose_booklet(pages, "a4", title="Spelregels")))
    forms: dict[int, int] = {}
    for index, page in enumerate(reader.pages):
        contents = page.get_contents()
        assert contents is not None
        operators = {op for _, op in ContentStream(contents, reader).operations}
        assert operators <= {b"q", b"Q", b"cm", b"Do", b"G", b"w", b"J", b"m", b"l", b"S"}
        resources: Any = page["/Resources"]
        for name, reference in resources["/XObject"].items():
            number = int(name.removeprefix("/P")) - 1
            form = reference.get_object()
            assert form["/Subtype"] == "/Form", f"side {index}: {name}"
            drawing = source.pages[number].get_contents()
            assert drawing is not None and form.get_data() == drawing.get_data()
            assert forms.setdefault(number, reference.idnum) == reference.idnum
    assert sorted(forms) == list(range(10))


def test_a_page_of_several_content_streams_or_none_is_placed_whole() -> None:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(source_pdf([HALF["a4"]] * 2))))
    first, second = writer.pages
    # Split page 1's drawing over two streams; leave page 2 without any.
    data = first.get_contents().get_data()  # type: ignore[union-attr]
    cut = data.index(b"BT")
    parts = []
    for chunk in (data[:cut], data[cut:]):
        stream = DecodedStreamObject()
        stream.set_data(chunk)
        parts.append(writer._add_object(stream))
    first[NameObject("/Contents")] = ArrayObject(parts)
    del second["/Contents"]
    del second["/Resources"]
    buffer = io.BytesIO()
    writer.write(buffer)
    reader = PdfReader(io.BytesIO(impose_booklet(buffer.getvalue(), "a4", title="Spelregels")))
    # The front shows page 2 (no drawing) and page 1; the back is blank.
    assert [n for n, _, _ in labels(reader, 0)] == [1]
    form: Any = reader.pages[0]["/Resources"]["/XObject"]["/P1"]
    assert form.get_data() == data[:cut] + b"\n" + data[cut:]
    assert labels(reader, 1) == []
