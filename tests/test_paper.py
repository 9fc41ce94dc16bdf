"""Paper, read back from real kits: booklets fill their sheets, covers name their variants whole,
card PDFs keep one orientation and print no empty page.

Each rulebook test runs on the kits of :data:`tests.conftest.RULEBOOK_KITS` (every game's base
kit and one variant kit) in the default suite, and on every kit people build under ``-m slow``:
each game's base kit, each variant alone and every variant at once.
"""

from __future__ import annotations

import itertools
import re
from functools import cache

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.base.back_mode import BackMode
from pnp.catalog.project import load_game
from pnp.kit.examples import game_parts
from pnp.rulebook.booklet import booklet_sides
from pnp.rulebook.compose import SCREEN_PAGE_MM, cover_variants, prepare_rulebook
from pnp.rulebook.document import MARGIN_MM, lay_out
from pnp.rulebook.fit import (
    MAX_BLANKS,
    NATURAL,
    STRAY_FILL,
    TIGHTEST,
    Fit,
    Measure,
    blanks,
    choose_fit,
    padded,
)
from pnp.spec.variants import resolve_variants
from tests.conftest import RULEBOOK_KITS, BuiltKit, KitMaker
from tests.pdfinspect import TextRun, read_page
from tests.test_rulebook_layout import _body_texts, _is_heading

GAMES = ("sinterklaas", "stoomboot", "twaalf-dagen", "santoska")

Kit = tuple[str, tuple[str, ...]]


@cache
def every_kit() -> list[Kit]:
    """Each game's base kit, each variant alone, and every variant at once: for each variant,
    it and every later-listed variant that still combines, the largest such sets kept."""
    kits: list[Kit] = []
    for game in GAMES:
        spec = load_game(game).spec
        kits.append((game, ()))
        kits += [(game, (variant,)) for variant in spec.variants]
        together: set[tuple[str, ...]] = set()
        for first in spec.variants:
            chosen = [first]
            for other in spec.variants:
                if other in chosen:
                    continue
                try:
                    resolve_variants(spec, [*chosen, other])
                except Exception:
                    continue
                chosen.append(other)
            if len(chosen) > 1:
                together.add(resolve_variants(spec, chosen))
        largest = [s for s in together if not any(set(s) < set(t) for t in together)]
        kits += [(game, s) for s in sorted(largest)]
    return kits


def _slow(kits: list[Kit]) -> list[object]:
    """The kits not in the default suite, marked slow."""
    return [pytest.param(*k, marks=pytest.mark.slow) for k in kits if k not in RULEBOOK_KITS]


SWEEP = [*RULEBOOK_KITS, *_slow(every_kit())]

INK_BELOW = 200
"""A pixel darker than this (of 255) is ink: text, a card's outline, a rule under a step."""
FILL_TOLERANCE = 0.03
"""How much the rendered fill of a page may fall short of the one the layout measured."""


def _fill(page: pdfium.PdfPage) -> float:
    """How far down the text column an A5 page is inked, as a share of the column's height."""
    return _image_fill(page.render(scale=1.0, grayscale=True).to_pil(), 148.0, 210.0)


def _image_fill(image: Image.Image, width_mm: float, height_mm: float) -> float:
    """How far down the text column the picture of a page ``width_mm`` x ``height_mm`` is
    inked, as a share of the column's height."""
    width, height = image.size
    margin = round(height * MARGIN_MM / height_mm)
    pixels = image.convert("L").load()
    assert pixels is not None
    left, right = round(width * MARGIN_MM / width_mm), width - round(width * MARGIN_MM / width_mm)
    for y in range(height - margin, margin, -1):
        if any(pixels[x, y] < INK_BELOW for x in range(left, right)):
            return (y - margin) / (height - 2 * margin)
    return 0.0


def _is_blank(image: object) -> bool:
    histogram = image.convert("L").histogram()  # type: ignore[attr-defined]
    return sum(histogram[245:]) / sum(histogram) > 0.998


@pytest.mark.parametrize(("game", "variants"), SWEEP)
def test_the_booklet_fills_its_sheets_and_ends_on_no_page_of_stray_lines(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    """At most one blank page before the back cover, and the last page of text (in the screen
    edition and the booklet, which on A4 share their pages) is no page of a few stray lines."""
    built = kit(game, variants)
    screen = pdfium.PdfDocument(built.path("spelregels.pdf"))
    booklet = pdfium.PdfDocument(built.path("spelregels-boekje.pdf"))
    pages = len(screen)
    assert 2 * len(booklet) == padded(pages)
    empty = 0
    for side in range(len(booklet)):
        image = booklet[side].render(scale=0.3).to_pil()
        width, height = image.size
        inset = int(height * 0.08)  # clear of the fold marks
        empty += _is_blank(image.crop((0, inset, width // 2 - 2, height - inset)))
        empty += _is_blank(image.crop((width // 2 + 2, inset, width, height - inset)))
    assert empty == blanks(pages), f"{empty} blank pages in the booklet of {pages} pages"
    assert empty <= MAX_BLANKS, f"{pages} pages print {empty} blank pages before the back cover"
    fill = _fill(screen[pages - 2])
    assert fill >= STRAY_FILL - FILL_TOLERANCE, (
        f"page {pages - 1}, the last page of text, is only {fill:.0%} full"
    )


LETTER_KITS = [
    ("twaalf-dagen", ()),
    *(pytest.param(game, (), marks=pytest.mark.slow) for game in GAMES if game != "twaalf-dagen"),
]


@pytest.mark.parametrize(("game", "variants"), LETTER_KITS)
def test_a_letter_booklet_is_fitted_to_its_own_half_letter_pages(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    """On Letter the booklet is laid out on half-letter pages of its own, and fitted so too:
    at most one blank half, and its last page of text is no page of stray lines."""
    built = kit(game, variants, paper="letter")
    booklet = pdfium.PdfDocument(built.path("spelregels-boekje.pdf"))
    halves = []
    for side in range(len(booklet)):
        image = booklet[side].render(scale=1.0, grayscale=True).to_pil()
        width, height = image.size
        halves += [
            image.crop((0, 0, width // 2, height)),
            image.crop((width // 2, 0, width, height)),
        ]
    empty = sum(_is_blank(half.crop((0, 40, half.width, half.height - 40))) for half in halves)
    assert empty <= MAX_BLANKS, f"{empty} blank pages in a booklet of {len(halves)}"
    pages = len(halves) - empty
    sides = booklet_sides(pages)
    assert len(sides) == len(booklet)
    side, half = next(
        (index, pair.index(pages - 2)) for index, pair in enumerate(sides) if pages - 2 in pair
    )
    fill = _image_fill(halves[2 * side + half], 139.7, 215.9)
    assert fill >= STRAY_FILL - FILL_TOLERANCE, f"the last page of text is only {fill:.0%} full"


def _overlapping(runs: list[TextRun]) -> list[tuple[str, str]]:
    """Pairs of text runs whose glyph boxes (descender to ascender) overlap."""
    boxes = sorted(
        ((r.y - 0.25 * r.size, r.y + 0.75 * r.size, r.x, r.x + r.width, r) for r in runs),
        key=lambda box: box[0],
    )
    found = []
    for index, (_, high, left, right, run) in enumerate(boxes):
        for other in boxes[index + 1 :]:
            if other[0] >= high - 0.5:
                break
            same_line = abs(run.y - other[4].y) < 0.1  # the parts of one line abut
            if not same_line and min(right, other[3]) - max(left, other[2]) > 0.5:
                found.append((run.text, other[4].text))
    return found


@pytest.mark.parametrize(("game", "variants"), SWEEP)
def test_a_fitted_book_still_reads_well(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    """However tightly a book is set: no text runs into other text, nothing is set below the
    7 pt floor, and no page ends with a heading."""
    reader = kit(game, variants).reader("spelregels.pdf")
    for index in range(len(reader.pages)):
        runs = [r for r in read_page(reader, index, descend=False).texts if r.text.strip()]
        small = [r.text for r in runs if r.size < 7 - 1e-6]
        assert not small, f"page {index + 1}: below 7 pt: {small}"
        clash = _overlapping(runs)
        assert not clash, f"page {index + 1}: text runs into other text: {clash[:3]}"
        if index:
            body = _body_texts(reader, index)
            last = min(body, key=lambda r: (round(r.y, 1), -r.x))
            assert not _is_heading(last), f"page {index + 1} ends with the heading {last.text!r}"


COVER_KITS = [
    ("sinterklaas", ("speculaas", "pietje-precies")),
    ("sinterklaas", ("overschatting", "inwisselen", "handregel", "biedregel", "remise")),
    ("sinterklaas", ("eerste-stopper",)),
    ("stoomboot", ("krappe-kalender", "prachtige-pakjes", "pepernoot-plekken", "rebelse-pietjes")),
]
"""Kits whose cover lists long variant names, a bundle (Speculaas), and a variant that brings
another along (Eerste stopper)."""


@pytest.mark.parametrize(
    ("game", "variants"),
    [*COVER_KITS, *_slow([k for k in every_kit() if k[1] and k not in COVER_KITS])],
)
def test_the_cover_names_each_variant_once_and_whole(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    """The cover's variant line, read back: every name whole (no word broken at a line end),
    a bundle by its own name and not its parts as well."""
    spec = load_game(game).spec
    chosen = resolve_variants(spec, variants)
    reader = PdfReader(kit(game, variants).path("spelregels.pdf"))
    runs = read_page(reader, 0, descend=False).texts
    by_line: dict[int, list[TextRun]] = {}
    for run in runs:
        by_line.setdefault(round(run.y), []).append(run)
    lines = [
        " ".join("".join(r.text for r in sorted(by_line[y], key=lambda r: r.x)).split())
        for y in sorted(by_line, reverse=True)
    ]
    assert any(line.startswith("Met ") for line in lines), lines
    broken = [line for line in lines if re.search(r"\w-$", line)]
    assert not broken, f"the cover breaks a word: {broken}"
    named = cover_variants(spec, chosen)
    for variant in chosen:
        # Each name whole on one line: counted line by line.
        name = spec.variants[variant].name
        pattern = rf"(?<!\w){re.escape(name)}(?!\w)"
        count = sum(len(re.findall(pattern, line)) for line in lines)
        assert count == (variant in named), f"{name!r} on the cover {count} times: {lines}"
    if "speculaas" in chosen:
        assert named.count("speculaas") == 1
        assert not set(spec.variants["speculaas"].includes) & set(named)
    if "eerste-stopper" in chosen:
        assert {"wie-kent-hem-niet", "eerste-stopper"} <= set(named)


def _card_pdfs(manifest: dict[str, object]) -> list[str]:
    """The kit's PDFs of sheets of cards and tiles: the files its manifest places pieces on."""
    placements = manifest["placements"]
    assert isinstance(placements, list)
    return sorted({p["file"] for p in placements})


def _sweep_all() -> list[object]:
    base = [(game, ()) for game in GAMES]
    rebels = ("stoomboot", ("rebelse-pietjes",))
    default = [*base, rebels]
    return [*default, *_slow([k for k in every_kit() if k not in default])]


@pytest.mark.parametrize(("game", "variants"), _sweep_all())
def test_every_page_of_a_card_pdf_lies_one_way_and_prints_something(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    """Each card PDF of the kit (kaarten.pdf, tegels.pdf): all its pages upright or all on
    their side, every page draws something, rendered (a sheet of standees, which have no
    backs, gets no empty back page), and the sheet's words do not run into each other."""
    _every_card_page_lies_one_way_and_prints_something(kit(game, variants))


@pytest.mark.slow
@pytest.mark.parametrize("backs", [m for m in BackMode if m is not BackMode.LONG_EDGE])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheet_of_pawns_lies_as_the_file_does_whatever_the_print_options(
    kit: KitMaker, backs: BackMode, paper: str
) -> None:
    """Stoomboot with Rebelse Pietjes, whose pawns fill a sheet of their own, on both papers
    and in every other back mode."""
    built = kit("stoomboot", ("rebelse-pietjes",), backs=backs, paper=paper)
    _every_card_page_lies_one_way_and_prints_something(built)


def _every_card_page_lies_one_way_and_prints_something(built: BuiltKit) -> None:
    files = _card_pdfs(built.manifest)
    assert "kaarten.pdf" in files
    for name in files:
        doc = pdfium.PdfDocument(built.path(name))
        turned = {i + 1: doc[i].get_width() > doc[i].get_height() for i in range(len(doc))}
        assert len(set(turned.values())) == 1, f"{name}: pages on their side: {turned}"
        reader = built.reader(name)
        for index in range(len(doc)):
            image = doc[index].render(scale=0.2, grayscale=True).to_pil()
            assert not _is_blank(image), f"{name}: page {index + 1} of {len(doc)} is empty"
            # The sheet's own words (scale bar, label) keep clear of each other.
            runs = [r for r in read_page(reader, index, descend=False).texts if r.text.strip()]
            clash = _overlapping(runs)
            assert not clash, f"{name}: page {index + 1}: {clash}"


# The choice of a fit, on made-up layouts: pages and fill as functions of the fit.


def _layouts(pages: object, fill: object = 0.8, sections: int = 6) -> tuple[list[Fit], object]:
    tried: list[Fit] = []

    def lay_out(fit: Fit) -> Measure:
        tried.append(fit)
        got_pages = pages(fit) if callable(pages) else pages
        got_fill = fill(fit) if callable(fill) else fill
        return Measure(int(got_pages), float(got_fill), sections)

    return tried, lay_out


def test_a_fitted_natural_layout_is_kept_untried() -> None:
    tried, lay_out = _layouts(15)
    assert choose_fit(lay_out, Measure(15, 0.5, 6)) == NATURAL  # type: ignore[arg-type]
    assert tried == []


def test_the_loosest_setting_that_saves_the_sheet_is_chosen() -> None:
    """17 pages (three blank) at the natural spacing, 16 from tightness 0.3, 15 from 0.8."""

    def pages(fit: Fit) -> int:
        return 17 if fit.tightness < 0.3 else 16 if fit.tightness < 0.8 else 15

    _, lay_out = _layouts(pages)
    fit = choose_fit(lay_out, Measure(17, 0.1, 6))  # type: ignore[arg-type]
    assert 0.3 <= fit.tightness <= 0.3 + 1 / 32 and not fit.breaks


def test_a_last_page_of_stray_lines_goes_onto_the_page_before() -> None:
    """16 pages, none blank, but the last page of text holds a line: it is set tighter to 15."""

    def pages(fit: Fit) -> int:
        return 16 if fit.tightness < 0.5 else 15

    _, lay_out = _layouts(pages, lambda fit: 0.05 if fit.tightness < 0.5 else 0.9)
    fit = choose_fit(lay_out, Measure(16, 0.05, 6))  # type: ignore[arg-type]
    assert 0.5 <= fit.tightness <= 0.5 + 1 / 32


def test_where_tightening_saves_no_sheet_sections_start_new_pages_from_the_back() -> None:
    """14 pages, two blank, and even the tightest setting takes 13: a chapter break adds a
    page, so the last section starts a page and the book takes 15."""

    def pages(fit: Fit) -> int:
        return (13 if fit == TIGHTEST else 14) + len(fit.breaks)

    _, lay_out = _layouts(pages)
    fit = choose_fit(lay_out, Measure(14, 0.8, 6))  # type: ignore[arg-type]
    assert fit == Fit(0.0, frozenset({5}))


def test_when_nothing_fits_the_best_layout_found_is_kept() -> None:
    """Nothing changes the layout: the natural one stays."""
    _, lay_out = _layouts(14)
    fit = choose_fit(lay_out, Measure(14, 0.8, 3))  # type: ignore[arg-type]
    assert fit.tightness == 0.0 and not fit.breaks


def test_padding_counts() -> None:
    assert [padded(n) for n in (1, 4, 5, 8, 9)] == [4, 4, 8, 8, 12]
    assert [blanks(n) for n in (12, 13, 14, 15)] == [0, 3, 2, 1]


def test_every_kit_lists_each_game_and_every_variant_at_once() -> None:
    kits = every_kit()
    assert {game for game, _ in kits} == set(GAMES)
    sinterklaas = [set(v) for g, v in kits if g == "sinterklaas" and len(v) > 2]
    spec = load_game("sinterklaas").spec
    everything = set(spec.variants)
    assert everything - {"minder-pakjes"} in sinterklaas
    assert everything - {"meer-pakjes"} in sinterklaas
    assert len(list(itertools.chain(kits))) == len(set(kits))


def test_overlapping_text_is_found() -> None:
    """Two lines of 9.5 pt set 6 pt apart collide; 12 pt apart (the tightest leading) they do
    not, nor do the parts of one line."""

    def run(text: str, x: float, y: float) -> TextRun:
        return TextRun(text, "/Lato", 9.5, x, y, (), 40.0)

    assert _overlapping([run("a", 0, 100), run("b", 10, 94)]) == [("b", "a")]
    assert _overlapping([run("a", 0, 100), run("b", 10, 88)]) == []
    assert _overlapping([run("a", 0, 100), run("b", 39.8, 100)]) == []


def test_a_fitted_book_is_the_same_bytes_each_time() -> None:
    """Fitting measures sketches and picks from them: the same book, laid out twice, is the
    same PDF (the first of a few books that, laid out naturally, have blank pages to spare)."""
    printing = {"paper": "a4", "backs": "long-edge", "files": {}, "map_sheet": False}
    for game_id, variants in [
        ("stoomboot", ()),
        ("stoomboot", ("prachtige-pakjes",)),
        ("santoska", ()),
        ("sinterklaas", ("actiepiet",)),
        ("twaalf-dagen", ("kort",)),
    ]:
        data = load_game(game_id)
        _, content = prepare_rulebook(data, variants, game_parts(data.spec, variants), printing)
        natural = lay_out(content, *SCREEN_PAGE_MM, game_id)
        if blanks(natural.pages) > MAX_BLANKS:
            break
    first = lay_out(content, *SCREEN_PAGE_MM, game_id, fitted=True)
    second = lay_out(content, *SCREEN_PAGE_MM, game_id, fitted=True)
    assert blanks(natural.pages) > MAX_BLANKS and natural.fit == NATURAL
    assert first.fit != NATURAL and blanks(first.pages) <= MAX_BLANKS
    assert first.pdf == second.pdf and first.fit == second.fit
