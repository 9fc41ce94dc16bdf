"""Print rules read back from real PDFs: fonts, text sizes, the 5 mm margin, marks, reuse."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pypdfium2 as pdfium
import pytest

from pnp.base.back_mode import BackMode
from tests.conftest import Built
from tests.pdfinspect import MM, iter_fonts, read_page

BASE14 = {
    "Courier",
    "Courier-Bold",
    "Courier-Oblique",
    "Courier-BoldOblique",
    "Helvetica",
    "Helvetica-Bold",
    "Helvetica-Oblique",
    "Helvetica-BoldOblique",
    "Times-Roman",
    "Times-Bold",
    "Times-Italic",
    "Times-BoldItalic",
    "Symbol",
    "ZapfDingbats",
}
BLEED = 3.0
EDGE = 5.0


def test_every_font_is_embedded_subset_truetype_never_base14(a4_long: Built) -> None:
    fonts = list(iter_fonts(a4_long.reader))
    assert fonts, "the deck has text"
    for _, font in fonts:
        base = str(font["/BaseFont"]).lstrip("/")
        assert base.split("+")[-1] not in BASE14
        assert font["/Subtype"] == "/TrueType"
        assert "/FontFile2" in font["/FontDescriptor"], f"{base} is not embedded"
        prefix, _, name = base.partition("+")
        assert len(prefix) == 6 and prefix.isupper() and name, f"{base} is not a subset"


def test_no_text_on_a_card_is_smaller_than_7_pt(a4_long: Built) -> None:
    card_runs = 0
    for index in range(0, len(a4_long.reader.pages), 2):
        for run in read_page(a4_long.reader, index).texts:
            assert run.size >= 7.0 - 1e-6, f"{run.text!r} is {run.size:.2f} pt"
            card_runs += bool(run.parents)
    assert card_runs > 90, "card faces carry text"


def test_pdf_asks_viewers_not_to_scale(a4_long: Built) -> None:
    prefs = a4_long.reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"


def test_each_face_back_and_picture_is_stored_once_and_reused(a4_long: Built) -> None:
    reader = a4_long.reader
    uses: Counter[str] = Counter()
    for index in range(len(reader.pages)):
        uses.update(form.name for form in read_page(reader, index, descend=False).forms)
    faces = {n: c for n, c in uses.items() if n.startswith("/FormXob.face.")}
    backs = {n: c for n, c in uses.items() if n.startswith("/FormXob.back.")}
    assert len(faces) == 14, "12 day cards, one gift design and the player aid"
    assert max(faces.values()) == 12
    assert sorted(backs.values()) == [8, 90], "one back drawing for the 90 cards, one for the aids"
    # Stored once: every page refers to the same object for a given form name.
    names: dict[str, set[int]] = {}
    for index in range(len(reader.pages)):
        for name, ref in reader.pages[index]["/Resources"]["/XObject"].items():
            names.setdefault(name, set()).add(ref.idnum)
    assert all(len(ids) == 1 for ids in names.values())


def _allowed_bleed(build: Built) -> dict[int, list[tuple[float, float, float, float]]]:
    """Per page (0-based), the bleed boxes (mm) of the cards on it: the only ink allowed near the edge."""
    boxes: dict[int, list[tuple[float, float, float, float]]] = {}
    for placement in build.manifest["placements"]:  # type: ignore[union-attr]
        for page_key, trim_key in (("page", "trim_mm"), ("back_page", "back_trim_mm")):
            if placement[page_key] is None:
                continue
            x, y, w, h = placement[trim_key]
            boxes.setdefault(placement[page_key] - 1, []).append(
                (x - BLEED, y - BLEED, w + 2 * BLEED, h + 2 * BLEED)
            )
    return boxes


@pytest.mark.parametrize(
    "options",
    [
        {"paper": "a4", "backs": BackMode.LONG_EDGE},
        {"paper": "letter", "backs": BackMode.LONG_EDGE, "cut_lines": True},
        {"paper": "letter", "backs": BackMode.GUTTERFOLD, "cut_lines": True},
        {"paper": "a4", "backs": BackMode.SHORT_EDGE, "back_offset": (2.0, -2.0)},
    ],
)
def test_nothing_but_bleed_is_inked_within_5_mm_of_the_paper_edge(
    built: Callable[..., Built], options: dict[str, object]
) -> None:
    build = built(**options)
    pdf = pdfium.PdfDocument(str(build.pdf_path))
    scale = 6.0 / MM  # 6 pixels per mm
    allowed = _allowed_bleed(build)
    pages = sorted({0, 1, len(pdf) - 2, len(pdf) - 1})
    for index in pages:
        image = pdf[index].render(scale=scale).to_pil().convert("L")
        width, height = image.size
        pixels = image.load()
        px_per_mm = width / (float(build.reader.pages[index].mediabox.width) / MM)
        limit = int((EDGE - 0.2) * px_per_mm)  # 0.2 mm for anti-aliasing at the 5 mm line
        for py in range(height):
            near_y = py < limit or py >= height - limit
            for px in range(width) if near_y else [*range(limit), *range(width - limit, width)]:
                if pixels[px, py] > 245:
                    continue
                x_mm = (px + 0.5) / px_per_mm
                y_mm = (height - py - 0.5) / px_per_mm
                ok = any(
                    bx - 0.2 <= x_mm <= bx + bw + 0.2 and by - 0.2 <= y_mm <= by + bh + 0.2
                    for bx, by, bw, bh in allowed.get(index, [])
                )
                assert ok, f"page {index + 1}: ink at ({x_mm:.1f}, {y_mm:.1f}) mm that is not bleed"


def _segments_mm(build: Built, index: int) -> list[tuple[float, float, float, float]]:
    return [
        (s.x1 / MM, s.y1 / MM, s.x2 / MM, s.y2 / MM)
        for s in read_page(build.reader, index, descend=False).segments
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_continue_every_trim_line_outside_the_cards(
    built: Callable[..., Built], paper: str
) -> None:
    build = built(paper=paper, backs=BackMode.LONG_EDGE)
    trims = [p["trim_mm"] for p in build.manifest["placements"] if p["page"] == 1]  # type: ignore[union-attr,index]
    xs = sorted({round(t[0], 2) for t in trims} | {round(t[0] + t[2], 2) for t in trims})
    ys = sorted({round(t[1], 2) for t in trims} | {round(t[1] + t[3], 2) for t in trims})
    grid = (xs[0], ys[0], xs[-1], ys[-1])
    segments = _segments_mm(build, 0)
    vertical = [s for s in segments if abs(s[0] - s[2]) < 1e-6]
    horizontal = [s for s in segments if abs(s[1] - s[3]) < 1e-6]
    for x in xs:  # a mark above and below the grid on every column edge
        marks = [s for s in vertical if abs(s[0] - x) < 0.01]
        assert any(max(s[1], s[3]) < grid[1] for s in marks), f"no mark below x={x}"
        assert any(min(s[1], s[3]) > grid[3] for s in marks), f"no mark above x={x}"
    for y in ys:
        marks = [s for s in horizontal if abs(s[1] - y) < 0.01]
        assert any(max(s[0], s[2]) < grid[0] for s in marks), f"no mark left of y={y}"
        assert any(min(s[0], s[2]) > grid[2] for s in marks), f"no mark right of y={y}"
    for s in vertical + horizontal:  # none enters a card
        inside = grid[0] < (s[0] + s[2]) / 2 < grid[2] and grid[1] < (s[1] + s[3]) / 2 < grid[3]
        assert not inside


def test_cut_lines_run_across_the_sheet_along_every_trim_line(built: Callable[..., Built]) -> None:
    build = built(paper="a4", backs=BackMode.LONG_EDGE, cut_lines=True)
    segments = _segments_mm(build, 0)
    long_vertical = [s for s in segments if abs(s[0] - s[2]) < 1e-6 and abs(s[1] - s[3]) > 280]
    long_horizontal = [s for s in segments if abs(s[1] - s[3]) < 1e-6 and abs(s[0] - s[2]) > 195]
    assert sorted(round(s[0], 2) for s in long_vertical) == [10.5, 73.5, 136.5, 199.5]
    assert sorted(round(s[1], 2) for s in long_horizontal) == [16.5, 104.5, 192.5, 280.5]
    assert all(min(s[1], s[3]) >= EDGE - 1e-6 for s in long_vertical)


@pytest.mark.parametrize(
    ("paper", "backs"),
    [("a4", BackMode.LONG_EDGE), ("letter", BackMode.LONG_EDGE), ("a4", BackMode.GUTTERFOLD)],
)
def test_every_sheet_has_a_50_mm_scale_bar(
    built: Callable[..., Built], paper: str, backs: BackMode
) -> None:
    build = built(paper=paper, backs=backs)
    step = 2 if backs is BackMode.LONG_EDGE else 1
    for index in range(0, len(build.reader.pages), step):
        content = read_page(build.reader, index, descend=False)
        captions = [t for t in content.texts if t.text.startswith("50 mm")]
        assert len(captions) == 1
        lines = _segments_mm(build, index)
        assert lines  # marks exist
        # The bar is ten 5 mm blocks: read them back as rectangles drawn on the page.
    pdf = pdfium.PdfDocument(str(build.pdf_path))
    textpage = pdf[0].get_textpage()
    assert "50 mm" in textpage.get_text_range()
