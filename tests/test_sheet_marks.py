"""Crop marks and sheet labels read back from real card sheets: marks never run over a card or
its bleed (without --cut-lines), and the gutterfold label is readable in full."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.sheets.imposition import BackMode
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
    [("stoomboot", {}), ("santoska", {}), ("twaalf-dagen", {"backs": BackMode.GUTTERFOLD})],
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
    if game == "stoomboot":
        # The pawn's sheet: its four corners, two short marks each.
        pawn = read_page(built.reader("pionnen.pdf"), 0, descend=False).segments
        assert len([s for s in pawn if s.width < 1.0]) == 8
