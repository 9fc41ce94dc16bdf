"""The rulebooks' page layout, read back from the PDFs of real kits.

A heading never ends a page, a card grid is never cut across pages, no page
is blank, the back cover is the last page and the booklet pads only just
before it, and every worked example stands after the rule it shows.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from reportlab.platypus import BaseDocTemplate

from pnp.base.units import mm
from pnp.catalog.project import load_game
from pnp.kit.examples import game_parts
from pnp.rulebook.booklet import booklet_sides
from pnp.rulebook.compose import SCREEN_PAGE_MM, RulebookFiles, prepare_rulebook
from pnp.rulebook.document import MARGIN_MM, lay_out
from pnp.rulebook.styles import NOTE_FILL, make_styles
from tests.conftest import RULE_ID, RULEBOOK_KITS, KitMaker
from tests.languages import language
from tests.pdfinspect import TextRun, read_page

TRACE = re.compile(r"Regels: (.*?) · Bron")
"""The proof edition's line under an example: the rules it shows, then its source."""

KITS = [
    *((game, variants, "nl") for game, variants in RULEBOOK_KITS),
    *((game, (), "en") for game in ("sinterklaas", "stoomboot", "twaalf-dagen", "santoska")),
    ("stoomboot", ("kleine-kaart",), "en"),
]
"""The Dutch rulebook kits and the English base kits (and the English kit a family abroad
learns Stoomboot from): the same layout rules hold in both languages."""
DUTCH_KITS = [kit for kit in KITS if kit[2] == "nl"]
GALLERY = {"nl": ("Bijlage", "Alle kaarten"), "en": ("Appendix", "All the cards")}
"""The appendix's title and its card gallery's heading (in ``basis.j2``)."""


def _screen(lang: str) -> str:
    return RulebookFiles.of(language(lang)).screen


def _booklet(lang: str) -> str:
    return RulebookFiles.of(language(lang)).booklet


FOOTER_ABOVE = mm(12)
"""Text lower than this is the page number."""
BLANK_INK = 0.002
"""Share of non-white pixels below which a rendered half page counts as blank."""


def _heading_faces() -> list[tuple[str, float | None]]:
    """(font, size) of each heading style; ``None``: any size of that font is a heading."""
    styles = make_styles("#000000")
    return [
        (styles.h1.fontName, None),
        (styles.h2.fontName, None),
        (styles.h3.fontName, styles.h3.fontSize),
    ]


def _is_heading(run: TextRun) -> bool:
    for font, size in _heading_faces():
        if run.font.split("+")[-1].lstrip("/") == font.removeprefix("pnp-") and (
            size is None or abs(run.size - size) < 0.05
        ):
            return True
    return False


def _body_texts(reader: PdfReader, index: int) -> list[TextRun]:
    """The page's own text (not what card pictures draw), without the page number."""
    runs = read_page(reader, index, descend=False).texts
    return [r for r in runs if r.text.strip() and r.y > FOOTER_ABOVE]


@pytest.mark.parametrize(("game", "variants", "lang"), KITS)
def test_no_page_ends_with_a_heading(
    kit: KitMaker, game: str, variants: tuple[str, ...], lang: str
) -> None:
    reader = kit(game, variants, lang=lang).reader(_screen(lang))
    assert any(_is_heading(r) for r in _body_texts(reader, 1)), "headings are recognised"
    for index in range(1, len(reader.pages)):
        runs = _body_texts(reader, index)
        assert runs, f"page {index + 1} has text"
        last = min(runs, key=lambda r: (round(r.y, 1), -r.x))
        assert not _is_heading(last), f"page {index + 1} ends with the heading {last.text!r}"


def _face_forms(reader: PdfReader, index: int, game: str) -> set[str]:
    """The components whose card faces the page itself draws (``face.<game>.<component>.*``)."""
    prefix = f"/FormXob.face.{game}."
    names = {f.name for f in read_page(reader, index, descend=False).forms}
    return {n[len(prefix) :].split(".")[0] for n in names if n.startswith(prefix)}


@pytest.mark.parametrize(("game", "variants", "lang"), KITS)
def test_each_component_of_the_card_gallery_stays_on_one_page(
    kit: KitMaker, game: str, variants: tuple[str, ...], lang: str
) -> None:
    built = kit(game, variants, lang=lang)
    reader = built.reader(_screen(lang))
    texts = built.page_texts(_screen(lang))
    appendix, gallery = GALLERY[lang]
    start = next(i for i, t in enumerate(texts) if gallery in t and appendix in t)
    pages_of: dict[str, list[int]] = {}
    for index in range(start, len(reader.pages)):
        for component in _face_forms(reader, index, game):
            pages_of.setdefault(component, []).append(index + 1)
    assert pages_of, "the gallery draws the cards"
    for component, pages in pages_of.items():
        assert len(pages) == 1, f"{component} is drawn across pages {pages}"


def _ink(image: object) -> float:
    """Share of pixels that are not (nearly) white."""
    grey = image.convert("L")  # type: ignore[attr-defined]
    histogram = grey.histogram()
    return 1 - sum(histogram[245:]) / sum(histogram)


def _is_back_cover(page: pdfium.PdfPage) -> bool:
    """The back cover is tinted to its edges: the corner pixel has the note fill."""
    image = page.render(scale=0.3).to_pil().convert("RGB")
    r, g, b = image.getpixel((2, 2))
    fill = (NOTE_FILL.red * 255, NOTE_FILL.green * 255, NOTE_FILL.blue * 255)
    return all(abs(a - f) < 4 for a, f in zip((r, g, b), fill, strict=True))


@pytest.mark.parametrize(("game", "variants", "lang"), KITS)
def test_the_back_cover_is_last_and_the_booklet_pads_just_before_it(
    kit: KitMaker, game: str, variants: tuple[str, ...], lang: str
) -> None:
    built = kit(game, variants, lang=lang)
    screen = pdfium.PdfDocument(built.path(_screen(lang)))
    count = len(screen)
    covers = [i + 1 for i in range(count) if _is_back_cover(screen[i])]
    assert covers == [count], f"back cover pages {covers} of {count}"
    for index in range(count):
        assert _ink(screen[index].render(scale=0.3).to_pil()) > BLANK_INK, f"page {index + 1}"

    booklet = pdfium.PdfDocument(built.path(_booklet(lang)))
    sides = booklet_sides(count)
    assert len(booklet) == len(sides)
    for index, (left, right) in enumerate(sides):
        image = booklet[index].render(scale=0.3).to_pil()
        width, height = image.size
        inset = int(height * 0.08)  # clear of the fold marks at the top and bottom
        halves = (
            image.crop((0, inset, width // 2 - 2, height - inset)),
            image.crop((width // 2 + 2, inset, width, height - inset)),
        )
        for half, source in zip(halves, (left, right), strict=True):
            blank = _ink(half) < BLANK_INK
            assert blank == (source is None), f"booklet side {index + 1}: page {source}"
    order = _reading_order(count)
    padding = [position for position, page in enumerate(order) if page is None]
    assert padding == list(range(len(order) - 1 - len(padding), len(order) - 1)), padding
    assert order[-1] == count - 1, "the back cover is the booklet's last page"


def _reading_order(count: int) -> list[int | None]:
    """The booklet's pages in reading order, recovered from its sheet sides."""
    sides = booklet_sides(count)
    total = len(sides) * 2
    order: list[int | None] = [None] * total
    for sheet in range(len(sides) // 2):
        front, back = sides[2 * sheet], sides[2 * sheet + 1]
        order[total - 2 * sheet - 1], order[2 * sheet] = front
        order[2 * sheet + 1], order[total - 2 * sheet - 2] = back
    return order


@pytest.mark.parametrize(("game", "variants", "lang"), DUTCH_KITS)
def test_every_example_stands_after_the_rules_it_shows(
    kit: KitMaker, game: str, variants: tuple[str, ...], lang: str
) -> None:
    """Read back from the proof edition: each example's rule IDs are stated before it."""
    text = kit(game, variants, proof=True).text("spelregels-proef.pdf")
    traces = list(TRACE.finditer(text))
    assert traces, "the proof edition names each example's rules"
    outside = TRACE.sub(lambda m: " " * len(m.group(0)), text)
    first = {}
    for match in RULE_ID.finditer(outside):
        first.setdefault(match.group(0), match.start())
    for trace in traces:
        for rule in RULE_ID.findall(trace.group(1)):
            assert first.get(rule, len(text)) < trace.start(), f"{rule} before its example"


@pytest.mark.parametrize(("game", "variants", "lang"), KITS)
def test_all_text_and_captions_stay_inside_the_text_column(
    kit: KitMaker, game: str, variants: tuple[str, ...], lang: str
) -> None:
    reader = kit(game, variants, lang=lang).reader(_screen(lang))
    width = float(reader.pages[0].mediabox.width)
    # Half a point of slack for the rounding of the font's glyph widths.
    left, right = mm(MARGIN_MM) - 0.5, width - mm(MARGIN_MM) + 0.5
    for index in range(1, len(reader.pages)):
        runs = _body_texts(reader, index)
        assert all(run.width > 0 for run in runs), "every run's width is known"
        for run in runs:
            end = run.x + run.width
            assert left <= run.x and end <= right, f"page {index + 1}: {run.text!r} at {run.x:.1f}"


@pytest.mark.parametrize(("game", "variants"), [KITS[0][:2], KITS[3][:2]])
def test_the_proof_contents_settle_in_one_pass_and_the_book_in_one_more(
    monkeypatch: pytest.MonkeyPatch, game: str, variants: tuple[str, ...]
) -> None:
    """The first pass lists every title and finds each page number; the final pass starts
    from those entries and finds the same ones again (else platypus would run a third)."""
    data = load_game(game)
    printing = {"paper": "a4", "backs": "long-edge", "files": {}, "map_sheet": False}
    parts = game_parts(data.spec, variants)
    _, content = prepare_rulebook(data, variants, parts, printing, proof=True)
    passes: list[BaseDocTemplate] = []
    build = BaseDocTemplate.build

    def counted(doc: BaseDocTemplate, *args: Any, **kwargs: Any) -> None:
        passes.append(doc)
        build(doc, *args, **kwargs)

    monkeypatch.setattr(BaseDocTemplate, "build", counted)
    laid = lay_out(content, *SCREEN_PAGE_MM, "proef")
    assert len(passes) == 2
    assert laid.pages == len(PdfReader(io.BytesIO(laid.pdf)).pages)
