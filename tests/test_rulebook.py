"""The rulebook read back from the built PDFs: pages, contents, rule IDs, variants, pictures, fonts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops
from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject

from pnp.base.back_mode import BackMode
from pnp.catalog.project import load_game
from pnp.games.twaalf_dagen import rules as td_engine
from pnp.kit.examples import game_examples
from pnp.rulebook.booklet import booklet_sides
from tests.conftest import KitMaker
from tests.pdfinspect import MM, iter_fonts, read_page

TOL = 0.01


@dataclass(frozen=True)
class Kit:
    folder: Path
    screen: PdfReader
    booklet: PdfReader
    text: list[str]
    """The plain text of each page of the screen edition."""
    proof: list[str]
    """The plain text of each page of the proofreading edition."""
    proof_pdf: PdfReader


def _kit(kit: KitMaker, variants: tuple[str, ...] = (), **options: object) -> Kit:
    built = kit("twaalf-dagen", variants, proof=True, **options)
    return Kit(
        built.folder,
        built.reader("spelregels.pdf"),
        built.reader("spelregels-boekje.pdf"),
        built.page_texts("spelregels.pdf"),
        built.page_texts("spelregels-proef.pdf"),
        built.reader("spelregels-proef.pdf"),
    )


@pytest.fixture()
def base(kit: KitMaker) -> Kit:
    return _kit(kit)


@pytest.fixture()
def short(kit: KitMaker) -> Kit:
    return _kit(kit, ("kort",))


def _size_mm(reader: PdfReader, index: int) -> tuple[float, float]:
    box = reader.pages[index].mediabox
    return (float(box.width) / MM, float(box.height) / MM)


def _headings(kit: Kit, font_part: str, proof: bool = False) -> list[tuple[int, str]]:
    """(page number, text) of every text run set in a font whose name contains ``font_part``."""
    found = []
    reader = kit.proof_pdf if proof else kit.screen
    for index in range(len(reader.pages)):
        for run in read_page(reader, index, descend=False).texts:
            if font_part in run.font and run.size > 11:
                found.append((index + 1, run.text.strip()))
    return found


def test_screen_edition_is_a5_with_page_numbers(base: Kit) -> None:
    assert len(base.screen.pages) >= 5
    for index in range(len(base.screen.pages)):
        width, height = _size_mm(base.screen, index)
        assert width == pytest.approx(148, abs=TOL)
        assert height == pytest.approx(210, abs=TOL)
        footer = [
            r.text
            for r in read_page(base.screen, index, descend=False).texts
            if r.y < 12 * MM and r.size == pytest.approx(8)
        ]
        # The front and back covers carry no number.
        covers = (0, len(base.screen.pages) - 1)
        assert footer == ([] if index in covers else [str(index + 1)])


def _contents(kit: Kit) -> dict[str, int]:
    """Title -> page number, read from the proofreading edition's contents page by baseline
    (dots and number share it); the family edition has the PDF outline instead."""
    page = next(i for i, text in enumerate(kit.proof) if "Inhoud" in text)
    runs = read_page(kit.proof_pdf, page, descend=False).texts
    runs = runs[next(i for i, r in enumerate(runs) if r.text.strip() == "Inhoud") + 1 :]
    entries: dict[str, int] = {}
    for run in runs:
        if run.size > 11 or run.text.strip(" .").isdigit() or set(run.text) <= set(" .0123456789"):
            continue
        leader = [
            r
            for r in runs
            if r is not run and abs(r.y - run.y) < 0.5 and r.text.strip(" .").isdigit()
        ]
        if leader:
            entries[run.text.strip()] = int(leader[0].text.strip(" ."))
    return entries


def test_contents_lists_every_chapter_with_the_page_it_starts_on(base: Kit) -> None:
    """The proofreading edition's contents (the family edition has only the PDF outline);
    the back cover's quick reference is not listed."""
    back = len(base.proof_pdf.pages)
    chapters = [
        (page, text)
        for page, text in _headings(base, "Comfortaa", proof=True)
        if 1 < page < back and text != "Inhoud"
    ]
    sections = [
        (page, text) for page, text in _headings(base, "Lato-Black", proof=True) if page < back
    ]
    titles = [text for _, text in chapters]
    assert titles[:4] == ["Waar gaat het om?", "Wat zit erin?", "Voorbereiding", "Zo speel je"]
    contents = _contents(base)
    assert len(contents) == len(chapters) + len(sections)
    for page, title in chapters + sections:
        assert contents.get(title) == page, (
            f"{title!r} is on page {page}, contents say {contents.get(title)}"
        )


def test_the_outline_has_every_chapter_in_the_learning_order(base: Kit) -> None:
    top = [item.title for item in base.screen.outline if not isinstance(item, list)]
    chapters = [text for page, text in _headings(base, "Comfortaa") if page > 1]
    assert top == chapters
    learning = ["Waar gaat het om?", "Wat zit erin?", "Voorbereiding", "Zo speel je"]
    learning += ["Einde van het spel", "Goed om te weten", "Bijlage"]
    assert [t for t in top if t in learning] == learning


def test_every_rule_id_of_the_engine_is_stated_in_the_rulebook(base: Kit, short: Kit) -> None:
    rule_ids = set(re.findall(r"TD-[A-Z]\d+", td_engine.__doc__ or ""))
    assert {"TD-B1", "TD-B7", "TD-K1", "TD-C2"} <= rule_ids
    stated_base = set(re.findall(r"TD-[A-Z]\d+", " ".join(base.proof)))
    stated_short = set(re.findall(r"TD-[A-Z]\d+", " ".join(short.proof)))
    assert rule_ids <= stated_short
    # The short game's section (TD-K1) appears only in kits that include it; its
    # rule may still be cited by an example of the other rules, so look at headings.
    assert rule_ids - {"TD-K1"} <= stated_base


def test_only_chosen_variants_have_a_section(base: Kit, short: Kit) -> None:
    base_titles = [t for _, t in _headings(base, "Lato-Black")]
    short_titles = [t for _, t in _headings(short, "Lato-Black")]
    assert "Kort spel" not in base_titles
    assert "Kort spel" in short_titles
    assert "Met Kort spel" in short.text[0]
    assert "Kort spel" not in base.text[0]


def test_the_rules_follow_the_variant_settings(base: Kit, short: Kit) -> None:
    base_text, short_text = " ".join(base.text), " ".join(short.text)
    assert "na twaalf rondes is het laatste geschenk" in base_text
    assert "Het spel eindigt na drie rondes" in short_text
    assert "Iedereen neemt er vooraf één geschenk uit" in short_text
    assert "neemt er vooraf" not in base_text


def test_components_are_listed_from_the_spec_with_pictures_of_the_real_faces(base: Kit) -> None:
    spec = load_game("twaalf-dagen").spec
    text = " ".join(base.text)
    pictured: set[str] = set()
    for index in range(len(base.screen.pages)):
        for form in read_page(base.screen, index, descend=False).forms:
            pictured.add(form.name)
    for comp in spec.components:
        assert f"{comp.card_count} {comp.name}" in text
        for row in comp.rows:
            assert f"{row.count}× {comp.name_of(row)}" in text
            wanted = re.sub(r"[^A-Za-z0-9]", "_", f"face.{spec.id}.{comp.id}.{row.id}")
            assert wanted in {
                re.sub(r"[^A-Za-z0-9]", "_", n.split("FormXob.")[-1]) for n in pictured
            }, f"no picture of {comp.id}/{row.id}"


def test_text_uses_only_embedded_subset_fonts_at_7pt_or_more(base: Kit) -> None:
    fonts = {str(font["/BaseFont"]) for _, font in iter_fonts(base.screen)}
    assert fonts, "no fonts found"
    for name in fonts:
        assert re.match(r"^/[A-Z]{6}\+(Lato|Comfortaa)", name), name
    for index in range(len(base.screen.pages)):
        for run in read_page(base.screen, index, descend=False).texts:
            assert run.size >= 7 - 1e-6, f"page {index + 1}: {run.text!r} at {run.size} pt"


def test_booklet_holds_every_page_on_a4_sheets(base: Kit) -> None:
    pages = len(base.screen.pages)
    padded = -(-pages // 4) * 4
    assert len(base.booklet.pages) == padded // 2
    for index in range(len(base.booklet.pages)):
        width, height = _size_mm(base.booklet, index)
        assert (width, height) == (pytest.approx(297, abs=TOL), pytest.approx(210, abs=TOL))
    # The first sheet's front has the back cover on the left and the cover on the right.
    front = read_page(base.booklet, 0, descend=True).texts
    title = [r for r in front if "Comfortaa" in r.font and r.size > 20]
    assert title and all(r.x > 148.5 * MM for r in title)


PLACING_AND_FOLD_MARKS = {b"q", b"Q", b"cm", b"Do", b"G", b"w", b"J", b"m", b"l", b"S"}
"""The only operators a booklet sheet's own content stream uses."""


def _font_files(reader: PdfReader) -> set[int]:
    """The object numbers of every embedded font program a PDF holds."""
    found = set()
    size: Any = reader.trailer["/Size"]
    for number in range(1, int(size)):
        obj = reader.get_object(number)
        if isinstance(obj, DictionaryObject) and "/FontFile2" in obj:
            found.add(obj.raw_get("/FontFile2").idnum)
    return found


def test_booklet_places_each_screen_page_once_as_a_form_of_its_own_drawing(base: Kit) -> None:
    """Each sheet side only places form XObjects (and draws its fold marks); each form holds
    its A5 page's drawing byte for byte, and all forms share one set of embedded fonts."""
    sides = booklet_sides(len(base.screen.pages))
    forms: dict[int, int] = {}  # source page -> form object number
    fonts: set[int] = set()
    for index, pair in enumerate(sides):
        page = base.booklet.pages[index]
        operations = ContentStream(page.get_contents(), base.booklet).operations
        placed = [op for _, op in operations if op == b"Do"]
        assert len(placed) == sum(source is not None for source in pair)
        assert {op for _, op in operations} <= PLACING_AND_FOLD_MARKS
        resources: Any = page["/Resources"]
        xobjects = resources["/XObject"]
        for source in pair:
            if source is None:
                continue
            reference = xobjects.raw_get(f"/P{source + 1}")
            form = reference.get_object()
            drawing = base.screen.pages[source].get_contents()
            assert form["/Subtype"] == "/Form" and drawing is not None
            assert form.get_data() == drawing.get_data()
            assert forms.setdefault(source, reference.idnum) == reference.idnum
            fonts |= {font.idnum for font in form["/Resources"]["/Font"].values()}
    assert sorted(forms) == list(range(len(base.screen.pages)))
    assert len(fonts) == len(_font_files(base.screen)) == len(_font_files(base.booklet))


def test_a_booklet_half_shows_exactly_its_screen_page(base: Kit) -> None:
    """Rendered at 4 pixels per mm, each A5 page sits 1 pixel in from its half of the A4 sheet
    (0.25 mm): the half and the page rendered alone agree pixel for pixel, but for the odd
    anti-aliased glyph edge (shifted by one pixel, a fifth of the pixels or more differ)."""
    scale = 4 * 25.4 / 72 * (1 - 1e-7)  # just under: pdfium rounds 1188.00001 pixels up
    booklet = pdfium.PdfDocument(base.folder / "spelregels-boekje.pdf")
    screen = pdfium.PdfDocument(base.folder / "spelregels.pdf")
    for index, pair in enumerate(booklet_sides(len(screen))):
        sheet = booklet[index].render(scale=scale, grayscale=True).to_pil()
        assert sheet.size == (1188, 840)
        for half, source in enumerate(pair):
            if source is None:
                continue
            alone = screen[source].render(scale=scale, grayscale=True).to_pil()
            assert alone.size == (592, 840)
            left = 594 * half + 1
            shown = sheet.crop((left, 0, left + 592, 840))
            histogram = ImageChops.difference(shown, alone).histogram()
            equal = histogram[0] / sum(histogram)
            assert equal > 0.99, f"side {index + 1}, page {source + 1}: {equal:.4f} equal"


def test_letter_kits_lay_the_booklet_out_on_half_letter_pages(kit: KitMaker) -> None:
    letter = kit("twaalf-dagen", paper="letter")
    screen, booklet = letter.reader("spelregels.pdf"), letter.reader("spelregels-boekje.pdf")
    assert _size_mm(screen, 0) == (pytest.approx(148, abs=TOL), pytest.approx(210, abs=TOL))
    width, height = _size_mm(booklet, 0)
    assert (width, height) == (pytest.approx(279.4, abs=TOL), pytest.approx(215.9, abs=TOL))
    assert "Zo speel je" in letter.text("spelregels-boekje.pdf")


def test_printing_instructions_follow_the_build_options(kit: KitMaker) -> None:
    text = kit("twaalf-dagen", backs=BackMode.GUTTERFOLD).text("spelregels.pdf")
    assert "Vouw elk vel langs de middellijn" in text
    # Every printed file gets its own line, with the back mode of the build.
    assert "Spelershulp (kaarten.pdf): enkelzijdig printen. Vouw elk vel" in text
    assert "omslaan langs de lange zijde" not in text


def _normal(text: str) -> str:
    """Whitespace collapsed, and words hyphenated at a line end joined again."""
    return re.sub(r"(\w)- (\w)", r"\1\2", " ".join(text.replace("\u2014", "-").split()))


def test_every_example_is_printed_whole_with_its_source_in_the_proof_edition(
    base: Kit, short: Kit
) -> None:
    spec = load_game("twaalf-dagen").spec
    for kit, chosen in ((base, ()), (short, ("kort",))):
        examples = game_examples(spec, chosen)
        assert len(examples) >= 4
        printed = _normal(" ".join(kit.text))
        proof = _normal(" ".join(kit.proof))
        for example in examples:
            assert _normal(f"Voorbeeld: {example.title}") in printed, example.title
            for sentence in (example.intro, *(s.text for s in example.steps), example.outro):
                assert _normal(sentence) in printed, f"{sentence!r} is not printed"
            assert _normal(example.source) not in printed
            assert _normal(example.source) in proof


def test_examples_show_the_cards_they_mention(base: Kit) -> None:
    spec = load_game("twaalf-dagen").spec
    examples = game_examples(spec, ())
    wanted = {
        re.sub(r"[^A-Za-z0-9]", "_", f"face.{spec.id}.{c.component}.{c.row}")
        for e in examples
        for s in e.steps
        for c in s.cards
    }
    first = next(i for i, t in enumerate(base.text) if examples[0].title in t and i > 1)
    shown: set[str] = set()
    for index in range(first, len(base.screen.pages)):
        for form in read_page(base.screen, index, descend=False).forms:
            shown.add(re.sub(r"[^A-Za-z0-9]", "_", form.name.split("FormXob.")[-1]))
    assert wanted and wanted <= shown
