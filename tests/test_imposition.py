"""Imposition properties for every paper, card size and back mode."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.base.back_mode import BackMode
from pnp.layout.render import pip_centres
from pnp.sheets.imposition import Rect, plan_sheet
from pnp.spec.sizes import BLEED, CARD_SIZES, PAPERS, PRINTABLE_MARGIN

MODES = list(BackMode)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("size", list(CARD_SIZES))
@pytest.mark.parametrize("paper", list(PAPERS))
def test_cards_fit_inside_the_printable_area_and_never_overlap(
    paper: str, size: str, mode: BackMode
) -> None:
    plan = plan_sheet(PAPERS[paper], CARD_SIZES[size], mode)
    slots = plan.fronts + (plan.backs if mode is BackMode.GUTTERFOLD else ())
    for slot in slots:
        trim = slot.trim
        assert trim.x >= PRINTABLE_MARGIN and trim.y >= PRINTABLE_MARGIN
        assert trim.right <= plan.paper.width - PRINTABLE_MARGIN
        assert trim.top <= plan.paper.height - PRINTABLE_MARGIN
        clip = slot.clip  # ink never goes further than the bleed
        assert clip.x >= trim.x - BLEED - 1e-9 and clip.right <= trim.right + BLEED + 1e-9
    for i, a in enumerate(slots):
        for b in slots[i + 1 :]:
            overlap_w = min(a.trim.right, b.trim.right) - max(a.trim.x, b.trim.x)
            overlap_h = min(a.trim.top, b.trim.top) - max(a.trim.y, b.trim.y)
            assert overlap_w <= 1e-9 or overlap_h <= 1e-9


@pytest.mark.parametrize("paper", list(PAPERS))
def test_poker_cards_go_nine_to_a_sheet_and_four_to_a_gutterfold(paper: str) -> None:
    poker = CARD_SIZES["poker"]
    assert plan_sheet(PAPERS[paper], poker, BackMode.LONG_EDGE).per_sheet == 9
    assert plan_sheet(PAPERS[paper], poker, BackMode.GUTTERFOLD).per_sheet == 4


@given(
    st.floats(0, 200), st.floats(0, 200), st.floats(1, 100), st.floats(1, 100), st.floats(50, 300)
)
def test_mirroring_twice_is_the_identity(
    x: float, y: float, w: float, h: float, axis: float
) -> None:
    rect = Rect(x, y, w, h)
    twice = rect.mirrored_x(axis).mirrored_x(axis)
    assert twice.x == pytest.approx(x) and twice.w == w
    assert rect.mirrored_y(axis).mirrored_y(axis).y == pytest.approx(y)


@given(st.integers(1, 12))
def test_pips_fill_balanced_rows_inside_their_box(count: int) -> None:
    width, height, diameter = 47 * 2.835, 14 * 2.835, 6 * 2.835
    centres = pip_centres(count, width, height, diameter)
    assert centres is not None and len(centres) == count
    for cx, cy in centres:
        assert diameter / 2 - 1e-6 <= cx <= width - diameter / 2 + 1e-6
        assert diameter / 2 - 1e-6 <= cy <= height - diameter / 2 + 1e-6
    rows: dict[float, int] = {}
    for _, cy in centres:
        rows[round(cy, 6)] = rows.get(round(cy, 6), 0) + 1
    assert max(rows.values()) - min(rows.values()) <= 1


def test_too_many_pips_is_reported_not_squeezed() -> None:
    assert pip_centres(40, 47 * 2.835, 14 * 2.835, 6 * 2.835) is None
