"""Card positions read back from the PDFs: trim boxes, duplex backs, offsets, gutterfold."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pnp.base.back_mode import BackMode
from pnp.catalog.project import load_game
from tests.conftest import Built
from tests.pdfinspect import MM, FormUse, read_page

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
CARD = (63.0, 88.0)
BLEED = 3.0
TOL = 0.01  # mm
KIT_CARDS = sum(c.card_count for c in load_game("twaalf-dagen").spec.components)
"""Every card of the twaalf-dagen kit: 90 in the deck and one player aid per player."""


def trims(forms: list[FormUse], prefix: str) -> list[tuple[float, float, float, float]]:
    """Trim boxes (mm) of the top-level card forms whose name starts with ``prefix``."""
    boxes = []
    for form in forms:
        if form.parents or not form.name.startswith(f"/FormXob.{prefix}"):
            continue
        x, y, w, h = (v / MM for v in form.box())
        boxes.append((x + BLEED, y + BLEED, w - 2 * BLEED, h - 2 * BLEED))
    return boxes


def expected_grid(paper: tuple[float, float]) -> list[tuple[float, float]]:
    """Where a centred 3x3 grid of abutting poker cards puts each trim's lower-left corner."""
    x0 = (paper[0] - 3 * CARD[0]) / 2
    y0 = (paper[1] - 3 * CARD[1]) / 2
    return [(x0 + c * CARD[0], y0 + (2 - r) * CARD[1]) for r in range(3) for c in range(3)]


def page_size_mm(build: Built, index: int) -> tuple[float, float]:
    box = build.reader.pages[index].mediabox
    return (float(box.width) / MM, float(box.height) / MM)


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_pages_are_exactly_the_paper_size(
    built: Callable[..., Built], paper: str, size: tuple[float, float]
) -> None:
    build = built(paper=paper, backs=BackMode.LONG_EDGE)
    for index in range(len(build.reader.pages)):
        w, h = page_size_mm(build, index)
        assert w == pytest.approx(size[0], abs=TOL)
        assert h == pytest.approx(size[1], abs=TOL)


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_each_trim_box_is_a_poker_card_where_the_grid_says(
    built: Callable[..., Built], paper: str, size: tuple[float, float]
) -> None:
    build = built(paper=paper, backs=BackMode.LONG_EDGE)
    grid = expected_grid(size)
    front_pages = range(0, len(build.reader.pages), 2)
    seen = 0
    for index in front_pages:
        boxes = trims(read_page(build.reader, index, descend=False).forms, "face.")
        assert 1 <= len(boxes) <= 9
        for slot, (x, y, w, h) in enumerate(boxes):
            assert w == pytest.approx(CARD[0], abs=TOL)
            assert h == pytest.approx(CARD[1], abs=TOL)
            assert (x, y) == pytest.approx(grid[slot], abs=TOL)
        seen += len(boxes)
    assert seen == KIT_CARDS


def test_long_edge_backs_sit_behind_their_fronts_with_mirrored_columns(a4_long: Built) -> None:
    reader = a4_long.reader
    for front_index in range(0, len(reader.pages), 2):
        fronts = trims(read_page(reader, front_index, descend=False).forms, "face.")
        backs = trims(read_page(reader, front_index + 1, descend=False).forms, "back.")
        assert len(backs) == len(fronts)
        for (fx, fy, fw, fh), (bx, by, bw, bh) in zip(fronts, backs, strict=True):
            # Turning the sheet over its long edge maps x to (paper width - x).
            assert bx == pytest.approx(A4[0] - fx - fw, abs=TOL)
            assert by == pytest.approx(fy, abs=TOL)
            assert (bw, bh) == pytest.approx((fw, fh), abs=TOL)
    first_row = trims(read_page(reader, 1, descend=False).forms, "back.")[:3]
    assert first_row[0][0] > first_row[1][0] > first_row[2][0], "columns are mirrored"


def test_short_edge_backs_mirror_the_rows(built: Callable[..., Built]) -> None:
    build = built(paper="a4", backs=BackMode.SHORT_EDGE)
    fronts = trims(read_page(build.reader, 0, descend=False).forms, "face.")
    backs = trims(read_page(build.reader, 1, descend=False).forms, "back.")
    for (fx, fy, _, fh), (bx, by, _, _) in zip(fronts, backs, strict=True):
        assert bx == pytest.approx(fx, abs=TOL)
        assert by == pytest.approx(A4[1] - fy - fh, abs=TOL)


@pytest.mark.parametrize("offset", [(1.5, -0.75), (-2.0, 3.25)])
def test_back_offset_moves_every_back_by_exactly_the_offset(
    built: Callable[..., Built], a4_long: Built, offset: tuple[float, float]
) -> None:
    shifted = built(paper="a4", backs=BackMode.LONG_EDGE, back_offset=offset)
    for page in range(1, len(a4_long.reader.pages), 2):
        plain = trims(read_page(a4_long.reader, page, descend=False).forms, "back.")
        moved = trims(read_page(shifted.reader, page, descend=False).forms, "back.")
        assert len(plain) == len(moved) > 0
        for (px, py, _, _), (mx, my, _, _) in zip(plain, moved, strict=True):
            assert mx - px == pytest.approx(offset[0], abs=TOL)
            assert my - py == pytest.approx(offset[1], abs=TOL)
    fronts_plain = trims(read_page(a4_long.reader, 0, descend=False).forms, "face.")
    fronts_moved = trims(read_page(shifted.reader, 0, descend=False).forms, "face.")
    flat = [v for box in fronts_plain for v in box]
    assert flat == pytest.approx([v for box in fronts_moved for v in box], abs=TOL), "fronts stay"


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_gutterfold_pairs_fold_onto_each_other(
    built: Callable[..., Built], paper: str, size: tuple[float, float]
) -> None:
    build = built(paper=paper, backs=BackMode.GUTTERFOLD)
    fold = max(size) / 2  # gutterfold sheets are landscape, folded down the middle
    w, h = page_size_mm(build, 0)
    assert (w, h) == pytest.approx((max(size), min(size)), abs=TOL)
    total = 0
    for index in range(len(build.reader.pages)):
        content = read_page(build.reader, index, descend=False)
        fronts = trims(content.forms, "face.")
        backs = trims(content.forms, "back.")
        assert len(fronts) == len(backs) > 0
        for (fx, fy, fw, _fh), (bx, by, _, _) in zip(fronts, backs, strict=True):
            assert fx + fw < fold < bx, "fronts left of the fold, backs right"
            assert bx == pytest.approx(2 * fold - fx - fw, abs=TOL), "mirror image across the fold"
            assert by == pytest.approx(fy, abs=TOL)
        total += len(fronts)
    assert total == KIT_CARDS


def test_manifest_positions_match_the_pdf(a4_long: Built) -> None:
    placements = [
        p for p in a4_long.manifest["placements"] if p["page"] == 1 and p["file"] == "kaarten.pdf"
    ]  # type: ignore[union-attr,index]
    boxes = trims(read_page(a4_long.reader, 0, descend=False).forms, "face.")
    assert len(placements) == len(boxes) == 9
    for placement, box in zip(placements, boxes, strict=True):
        assert placement["trim_mm"] == pytest.approx(list(box), abs=0.001)
