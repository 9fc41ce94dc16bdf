"""The duplex calibration sheet read back: every grid label stands clear of its neighbours."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from pnp.back_mode import BackMode
from pnp.calibrate import calibration_pdf
from tests.pdfinspect import MM, read_page

GAP_MM = 0.5


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("backs", [BackMode.LONG_EDGE, BackMode.SHORT_EDGE])
def test_grid_labels_never_touch(paper: str, backs: BackMode) -> None:
    reader = PdfReader(io.BytesIO(calibration_pdf(paper, backs)))
    runs = [r for r in read_page(reader, 1, descend=False).texts if r.size < 8 and r.text.strip()]
    labels = [r for r in runs if r.text.strip().lstrip("+-").isdigit()]
    assert len(labels) >= 3 * 2 * 5, "every grid has its X and Y labels"
    for a in labels:
        for b in labels:
            if a is b or abs(a.y - b.y) > a.size * 0.8:
                continue  # not on one line
            left, right = sorted((a, b), key=lambda r: r.x)
            gap = (right.x - (left.x + left.width)) / MM
            assert gap >= GAP_MM, f"{left.text!r} and {right.text!r} are {gap:.2f} mm apart"
