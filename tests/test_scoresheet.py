"""Score sheets read back from the PDF: page, copies per page, rows, columns, print rules."""

from __future__ import annotations

import io
import itertools
from dataclasses import replace

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pnp.sheets.scoresheet import render_score_sheet
from pnp.spec.model import ScoreColumn, ScoreSheetSpec
from pnp.spec.sizes import PAPERS, PRINTABLE_MARGIN
from tests.languages import DUTCH
from tests.pdfinspect import MM, read_page

SHEET = ScoreSheetSpec(
    title="Scoreblad",
    file="scoreblad",
    rows=14,
    row_label="Ronde",
    players=6,
    player_columns=("Punten",),
    extra_columns=(ScoreColumn("Winnaar"), ScoreColumn("Surprise voor", ("surprises",))),
    total_label="Eind",
    per_page=2,
    notes=("Noteer na elke ronde wie de inzet won.",),
    rules=(),
)


def _read(sheet: ScoreSheetSpec, variants: tuple[str, ...] = (), paper: str = "a4") -> PdfReader:
    pdf = render_score_sheet(
        sheet, variants, game="Sinterklaas", paper=paper, accent="#A61C2E", words=DUTCH
    )
    return PdfReader(io.BytesIO(pdf))


def _texts(reader: PdfReader) -> list[tuple[str, float, float, float]]:
    return [(r.text, r.x / MM, r.y / MM, r.size) for r in read_page(reader, 0).texts]


@pytest.mark.parametrize(("paper", "per_page"), [("a4", 1), ("a4", 2), ("letter", 2), ("a4", 4)])
def test_copies_per_page_on_the_right_paper(paper: str, per_page: int) -> None:
    reader = _read(replace(SHEET, per_page=per_page, rows=10 if per_page == 4 else 14), (), paper)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    width, height = float(box.width) / MM, float(box.height) / MM
    portrait = PAPERS[paper]
    expected = (
        (portrait.height, portrait.width) if per_page == 2 else (portrait.width, portrait.height)
    )
    assert (width, height) == (
        pytest.approx(expected[0], abs=0.01),
        pytest.approx(expected[1], abs=0.01),
    )
    titles = [(x, y) for text, x, y, _ in _texts(reader) if text == "Sinterklaas"]
    assert len(titles) == per_page
    if per_page == 2:
        assert sorted(x < width / 2 for x, _ in titles) == [False, True]


def test_one_row_per_round_plus_the_final_row() -> None:
    texts = _texts(_read(SHEET))
    left = [t for t in texts if t[1] < 148.5]
    numbers = [t[0] for t in left if t[0].isdigit() and t[3] == 8.0]
    assert numbers == [str(n) for n in range(1, 15)]
    assert [t[0] for t in left].count("Eind") == 1
    ys = [t[2] for t in left if t[0].isdigit() and t[3] == 8.0]
    gaps = {round(a - b, 3) for a, b in itertools.pairwise(ys)}
    assert len(gaps) == 1 and 5.0 <= gaps.pop() <= 9.0, "rows evenly spaced, 5 to 9 mm"


def test_a_player_column_per_player_and_variant_columns_only_with_their_variant() -> None:
    base = [t[0] for t in _texts(_read(SHEET))]
    assert [f"speler {n}" for n in range(1, 7)] == [t for t in base if t.startswith("speler")][:6]
    assert "Winnaar" in base and "Surprise voor" not in base
    assert "Surprise voor" in [t[0] for t in _texts(_read(SHEET, ("surprises",)))]


def test_sub_columns_per_player() -> None:
    sheet = replace(SHEET, player_columns=("Ronde", "Totaal"), extra_columns=())
    texts = [t[0] for t in _texts(_read(sheet))]
    assert texts.count("Totaal") == 2 * 6


def test_print_rules_text_lines_and_margin() -> None:
    reader = _read(SHEET, ("surprises",))
    page = read_page(reader, 0)
    assert page.texts and all(t.size >= 7 - 1e-6 for t in page.texts)
    assert page.segments and all(s.width >= 0.25 - 1e-6 for s in page.segments)
    pdf = render_score_sheet(
        SHEET, ("surprises",), game="Sinterklaas", paper="a4", accent="#A61C2E", words=DUTCH
    )
    bitmap = pdfium.PdfDocument(pdf)[0].render(scale=4).to_pil().convert("L")
    width, height = bitmap.size
    band = int(PRINTABLE_MARGIN * MM * 4) - 1
    pixels = bitmap.load()
    for x in range(width):
        for y in list(range(band)) + list(range(height - band, height)):
            assert pixels[x, y] > 250, f"ink at ({x}, {y}) within 5 mm of the edge"
    for y in range(height):
        for x in list(range(band)) + list(range(width - band, width)):
            assert pixels[x, y] > 250, f"ink at ({x}, {y}) within 5 mm of the edge"


def test_a_sheet_that_cannot_fit_says_why() -> None:
    with pytest.raises(ValueError, match="40 rows do not fit"):
        _read(replace(SHEET, rows=40))
    with pytest.raises(ValueError, match="12 players do not fit"):
        _read(replace(SHEET, players=12, per_page=2))


def test_same_input_same_bytes() -> None:
    one = render_score_sheet(
        SHEET, (), game="Sinterklaas", paper="a4", accent="#A61C2E", words=DUTCH
    )
    two = render_score_sheet(
        SHEET, (), game="Sinterklaas", paper="a4", accent="#A61C2E", words=DUTCH
    )
    assert one == two


def test_the_key_mark_stands_out_in_the_header_of_every_copy() -> None:
    marked = replace(SHEET, mark="Precies 100: gewonnen!")
    texts = _texts(_read(marked))
    marks = [t for t in texts if t[0] == "Precies 100: gewonnen!"]
    assert len(marks) == 2, "one per copy"
    titles = [t for t in texts if t[0] == "Sinterklaas"]
    assert all(abs(m[2] - titles[0][2]) < 3 for m in marks), "on the title line"
    assert not [t for t in _texts(_read(SHEET)) if "Precies" in t[0]]
