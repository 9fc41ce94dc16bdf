"""Crop marks and sheet labels read back from real card sheets: marks never run over a card or
its bleed (without --cut-lines), and the gutterfold label is readable in full."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pnp.base.back_mode import BackMode
from pnp.catalog.project import load_game
from pnp.sheets.marks import MAX_MARK
from pnp.spec.sizes import BLEED
from tests.conftest import KitMaker
from tests.pdfinspect import MM, Segment, read_page

KITS: list[tuple[str, dict[str, Any]]] = [
    ("twaalf-dagen", {"backs": BackMode.GUTTERFOLD}),
    ("twaalf-dagen", {}),
    ("santoska", {"backs": BackMode.GUTTERFOLD}),
]
EPS = 0.05


def _crosses(segment: Segment, box: tuple[float, float, float, float]) -> bool:
    """Whether an axis-parallel segment (mm) enters the open rectangle ``box`` (x, y, w, h)."""
    x, y, w, h = box
    x1, x2 = sorted((segment.x1 / MM, segment.x2 / MM))
    y1, y2 = sorted((segment.y1 / MM, segment.y2 / MM))
    return x1 < x + w - EPS and x2 > x + EPS and y1 < y + h - EPS and y2 > y + EPS


@pytest.mark.parametrize(("game", "options"), KITS)
def test_crop_marks_stay_off_the_cards_and_their_bleed(
    kit: KitMaker, game: str, options: dict[str, Any]
) -> None:
    built = kit(game, **options)
    pages: dict[int, list[tuple[float, float, float, float]]] = {}
    for placement in built.placements("kaarten.pdf"):
        for page, trim in (
            (placement["page"], placement["trim_mm"]),
            (placement["back_page"], placement["back_trim_mm"]),
        ):
            if page is not None and trim is not None:
                x, y, w, h = trim
                box = (x - BLEED, y - BLEED, w + 2 * BLEED, h + 2 * BLEED)
                pages.setdefault(page, []).append(box)
    reader = built.reader("kaarten.pdf")
    marks = 0
    for page, boxes in sorted(pages.items()):
        segments = read_page(reader, page - 1, descend=False).segments
        marks += len(segments)
        for segment in segments:
            hit = [box for box in boxes if _crosses(segment, box)]
            assert not hit, f"page {page}: a mark {segment} runs over the card at {hit[0]}"
    assert marks, "the sheets have crop marks"


def test_the_gutterfold_label_is_printed_whole(kit: KitMaker) -> None:
    built = kit("twaalf-dagen", backs=BackMode.GUTTERFOLD)
    for text in built.page_texts("kaarten.pdf"):
        assert "vouw op de stippellijn" in text and "…" not in text


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("stoomboot", {}),
        ("stoomboot", {"backs": BackMode.GUTTERFOLD}),
        ("santoska", {}),
        ("twaalf-dagen", {"backs": BackMode.GUTTERFOLD}),
    ],
)
def test_crop_marks_continue_the_edges_of_placed_cards_only(
    kit: KitMaker, game: str, options: dict[str, Any]
) -> None:
    """A mark is short and lies on the cut line of a card that is on the sheet: a sheet with
    one pawn or two cards is not marked for a grid of empty slots."""
    built = kit(game, **options)
    by_page: dict[tuple[str, int], list[list[float]]] = {}
    for p in built.manifest["placements"]:
        by_page.setdefault((p["file"], p["page"]), []).append(p["trim_mm"])
        if p["back_page"] == p["page"] and p["back_trim_mm"]:
            by_page[(p["file"], p["page"])].append(p["back_trim_mm"])
    for (file, page), trims in sorted(by_page.items()):
        xs = {round(v, 1) for x, _, w, _ in trims for v in (x, x + w)}
        ys = {round(v, 1) for _, y, _, h in trims for v in (y, y + h)}
        segments = read_page(built.reader(file), page - 1, descend=False).segments
        fold = float(built.reader(file).pages[page - 1].mediabox.width) / 2
        # Not the white underlays, nor a gutterfold sheet's dashed fold line at its centre.
        marks = [
            s
            for s in segments
            if s.width < 1.0 and not (abs(s.x1 - fold) < 0.01 and abs(s.x2 - fold) < 0.01)
        ]
        for s in marks:
            x1, y1, x2, y2 = (v / MM for v in (s.x1, s.y1, s.x2, s.y2))
            if abs(x1 - x2) < EPS:  # vertical: on a column edge
                assert round(x1, 1) in xs, f"{file} p{page}: a mark at x={x1:.1f} marks no card"
            elif abs(y1 - y2) < EPS:
                assert round(y1, 1) in ys, f"{file} p{page}: a mark at y={y1:.1f} marks no card"
            assert max(abs(x2 - x1), abs(y2 - y1)) <= MAX_MARK + EPS, f"{file} p{page}: long mark"
    if game == "stoomboot" and not options:
        # The pawn lies on its side below the player aids, a gutter between: the marks below
        # the sheet continue the pawn's edges, the marks above it the aids' columns.
        (pawn,) = [p for p in built.placements("kaarten.pdf") if p["component"] == "pion-boot"]
        assert pawn["rotated"]
        x, y, w, _ = pawn["trim_mm"]
        page = pawn["page"]
        aids = [p["trim_mm"] for p in built.placements("kaarten.pdf") if p["page"] == page]
        top = max(t[1] + t[3] for t in aids)
        segments = read_page(built.reader("kaarten.pdf"), page - 1, descend=False).segments
        vertical = [s for s in segments if abs(s.x1 - s.x2) < EPS and s.width < 1.0]
        below = {round(s.x1 / MM, 1) for s in vertical if max(s.y1, s.y2) / MM < y}
        above = {round(s.x1 / MM, 1) for s in vertical if min(s.y1, s.y2) / MM > top}
        assert below == {round(x, 1), round(x + w, 1)}
        assert round(x, 1) not in above and len(above) == 4


def test_us_letter_marks_over_the_bleed_sit_in_a_white_notch_a_cutter_can_find(
    kit: KitMaker,
) -> None:
    """US Letter leaves 7.7 mm above and below a 3x3 grid: the marks of the column edges run
    over the outer bleed from the 5 mm line to just short of the trim, each in a white notch
    cut through the card's coloured bleed. Read back from rendered pixels of the first sheet."""
    import pypdfium2 as pdfium

    built = kit("sinterklaas", paper="letter")
    trims = [p["trim_mm"] for p in built.placements("kaarten.pdf") if p["page"] == 1]
    xs = sorted({round(t[0], 3) for t in trims} | {round(t[0] + t[2], 3) for t in trims})
    top = max(t[1] + t[3] for t in trims)
    bottom = min(t[1] for t in trims)
    scale = 20  # pixels per mm
    image = pdfium.PdfDocument(str(built.path("kaarten.pdf")))[0].render(scale=scale / MM)
    pixels = image.to_pil().convert("L")
    height_mm = pixels.height / scale

    def grey(x_mm: float, y_mm: float) -> int:
        value = pixels.getpixel((int(x_mm * scale), int((height_mm - y_mm) * scale)))
        assert isinstance(value, int)
        return value

    for x in xs:
        for y_trim, direction in ((top, 1), (bottom, -1)):
            # Sample the mark between the 5 mm line and 0.5 mm short of the trim.
            ys = [y_trim + direction * d for d in (0.7, 1.2, 1.7, 2.2)]
            assert all(grey(x, y) < 90 for y in ys), f"no dark mark at x={x} by y={y_trim}"
            for side in (-0.55, 0.55):
                assert all(grey(x + side, y) > 245 for y in ys), f"no white notch at x={x}"
            # Outside the notch the bleed keeps the card's colour: the notch is what shows.
            assert grey(x + 2.0, y_trim + direction * 1.5) < 245


BACK_LABEL = re.compile(r"vel (\d+) van (\d+) – (voorkant|achterkant)")


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("sinterklaas", {}),
        ("sinterklaas", {"paper": "letter", "backs": BackMode.SHORT_EDGE}),
        ("stoomboot", {"back_offset": (-2.0, 1.5)}),
    ],
)
def test_back_pages_carry_their_sheet_label_in_the_margin(
    kit: KitMaker, game: str, options: dict[str, Any]
) -> None:
    """Duplexed by hand, a back page says which sheet it belongs to: every back page of the
    card and tile sheets reads "<game> · vel N van M - achterkant" (with an en dash) with the
    number of the front it follows, at 7 pt or more, 5 mm or more from the paper edge and
    off every back's bleed."""
    import pypdfium2 as pdfium

    built = kit(game, **options)
    name = load_game(game).spec.name
    checked = 0
    for file in sorted({p["file"] for p in built.manifest["placements"]}):
        placements = built.placements(file)
        backs: dict[int, list[list[float]]] = {}
        fronts: dict[int, int] = {}
        for p in placements:
            if p["back_page"] is not None and p["back_page"] != p["page"]:
                backs.setdefault(p["back_page"], []).append(p["back_trim_mm"])
                fronts[p["back_page"]] = p["page"]
        document = pdfium.PdfDocument(str(built.path(file)))
        texts = built.page_texts(file)
        sheets = sorted({p["page"] for p in placements})
        for back_page, trims in sorted(backs.items()):
            front = BACK_LABEL.findall(texts[fronts[back_page] - 1])
            found = BACK_LABEL.findall(texts[back_page - 1])
            where = f"{file} page {back_page}"
            assert [(n, m) for n, m, _ in front] == [(n, m) for n, m, _ in found], where
            assert [side for *_, side in found] == ["achterkant"], f"{where}: {found}"
            number, total = (int(v) for v in found[0][:2])
            assert (number, total) == (sheets.index(fronts[back_page]) + 1, len(sheets)), where
            page = document[back_page - 1]
            width, height = (v / MM for v in page.get_size())
            textpage = page.get_textpage()
            label = f"{name} · vel {number} van {total} – achterkant"
            hit = textpage.search(label).get_next()
            assert hit is not None, f"{where}: no {label!r} in one run of text"
            index, count = hit
            boxes = [textpage.get_charbox(i) for i in range(index, index + count)]
            left = min(b[0] for b in boxes) / MM
            bottom = min(b[1] for b in boxes) / MM
            right = max(b[2] for b in boxes) / MM
            top = max(b[3] for b in boxes) / MM
            assert min(left, bottom, width - right, height - top) >= 5.0 - EPS, where
            for x, y, w, h in trims:
                assert (
                    right <= x - BLEED + EPS
                    or left >= x + w + BLEED - EPS
                    or top <= y - BLEED + EPS
                    or bottom >= y + h + BLEED - EPS
                ), f"{where}: the label lies on a back's bleed"
            runs = read_page(built.reader(file), back_page - 1, descend=False).texts
            assert runs and min(run.size for run in runs) >= 7.0 - 1e-6
            checked += 1
    assert checked
