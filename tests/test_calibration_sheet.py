"""The duplex calibration sheet read back: every grid label stands clear of its neighbours."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from pnp.base.back_mode import BackMode
from pnp.kit.calibrate import calibration_pdf
from tests.languages import DUTCH
from tests.pdfinspect import MM, read_page

GAP_MM = 0.5


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("backs", [BackMode.LONG_EDGE, BackMode.SHORT_EDGE])
def test_grid_labels_never_touch(paper: str, backs: BackMode) -> None:
    reader = PdfReader(io.BytesIO(calibration_pdf(paper, backs, DUTCH)))
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


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("backs", [BackMode.LONG_EDGE, BackMode.SHORT_EDGE])
def test_the_sheet_says_what_to_do_without_a_command_line(paper: str, backs: BackMode) -> None:
    """Whoever prints the sheet reads what to do with X and Y in words and has room to write
    them down; no command line (the README has those), read back from both pages, with every
    line inside the paper's 5 mm margin."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(calibration_pdf(paper, backs, DUTCH))
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    flat = " ".join(" ".join(texts).split())
    assert "pnp" not in flat.lower() and "--" not in flat, flat
    assert "verschuiving van de achterkant" in texts[0] and "X = " in texts[0]
    assert "verschuiving van de achterkant" in texts[1]
    reader = PdfReader(io.BytesIO(calibration_pdf(paper, backs, DUTCH)))
    width = float(reader.pages[0].mediabox.width) / MM
    for run in read_page(reader, 0, descend=False).texts:
        assert run.x / MM >= 5.0 and (run.x + run.width) / MM <= width - 5.0, run.text
