"""Crop marks and sheet labels read back from real card sheets: marks never run over a card or
its bleed (without --cut-lines), and the gutterfold label is readable in full."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.sheets.imposition import BackMode
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
