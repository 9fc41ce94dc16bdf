"""Every PDF of every kit is valid for a print shop: each named resource a content stream uses
is defined where it is used, and a second PDF engine (poppler) renders every page without an
error. Translucent SVG art once left its graphics states undefined inside nested forms."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnp.layout.model import MIN_TEXT_PT
from tests.conftest import BuiltKit, KitMaker
from tests.pdfinspect import iter_fonts, read_page
from tests.pdfresources import undefined_resources

KITS: list[tuple[str, tuple[str, ...], dict[str, Any]]] = [
    ("sinterklaas", (), {"proof": True}),
    ("sinterklaas", ("speculaas", "pietje-precies"), {"proof": True}),
    ("stoomboot", (), {"proof": True}),
    (
        "stoomboot",
        ("krappe-kalender", "prachtige-pakjes", "pepernoot-plekken", "rebelse-pietjes"),
        {"proof": True},
    ),
    ("stoomboot", (), {"map_sheet": True, "proof": True}),
    ("twaalf-dagen", (), {"proof": True}),
    ("twaalf-dagen", ("kort",), {"proof": True}),
    ("twaalf-dagen", (), {"paper": "letter", "proof": True}),
    ("santoska", (), {"proof": True}),
    ("santoska", ("rijen-4",), {"proof": True}),
]
"""Every game, with and without variants, plus the map sheet and Letter paper, each with its
proofreading edition (kits other tests build too, so the session builds each once)."""

PDFTOPPM = shutil.which("pdftoppm")


def _pdfs(
    kit: KitMaker, game: str, variants: tuple[str, ...], options: dict[str, Any]
) -> list[tuple[str, BuiltKit]]:
    built = kit(game, variants, **options)
    names = sorted(name for name in built.files if name.endswith(".pdf"))
    assert names, "the kit has PDFs"
    return [(name, built) for name in names]


@pytest.mark.parametrize(("game", "variants", "options"), KITS)
def test_every_named_resource_is_defined_where_it_is_used(
    kit: KitMaker, game: str, variants: tuple[str, ...], options: dict[str, Any]
) -> None:
    for name, built in _pdfs(kit, game, variants, options):
        misses = undefined_resources(built.reader(name))
        assert not misses, f"{name}: {misses[:5]} ({len(misses)} in all)"


_RENDERED: dict[str, tuple[int, str]] = {}
"""poppler's exit status and messages by the digest of the PDF's bytes: a file that two kits
share (the same bytes) is rendered once."""


def _poppler(path: Path, tmp_path: Path) -> tuple[int, str]:
    """pdftoppm's exit status and error messages for every page of the PDF ``path``."""
    assert PDFTOPPM is not None
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest not in _RENDERED:
        result = subprocess.run(
            [PDFTOPPM, "-r", "12", "-png", str(path), str(tmp_path / "page")],
            capture_output=True,
            text=True,
            check=False,
        )
        _RENDERED[digest] = (result.returncode, result.stderr.strip())
    return _RENDERED[digest]


POPPLER_EVERY_RUN = {1, 3, 4, 7, 9}
"""The kits poppler renders in every suite run (each game with variants or other paper,
and the map sheet); the base kits, which share most of their drawing with these, it
renders in the slow step."""


@pytest.mark.skipif(PDFTOPPM is None, reason="poppler's pdftoppm is not installed")
@pytest.mark.parametrize(
    ("game", "variants", "options"),
    [
        pytest.param(*kit, marks=() if index in POPPLER_EVERY_RUN else (pytest.mark.slow,))
        for index, kit in enumerate(KITS)
    ],
)
def test_poppler_renders_every_page_without_an_error(
    kit: KitMaker,
    game: str,
    variants: tuple[str, ...],
    options: dict[str, Any],
    tmp_path: Path,
) -> None:
    for name, built in _pdfs(kit, game, variants, options):
        returncode, stderr = _poppler(built.path(name), tmp_path)
        assert returncode == 0, f"{name}: exit {returncode}"
        assert stderr == "", f"{name}: {stderr[:300]}"


def test_the_resource_check_finds_an_undefined_graphics_state(tmp_path: Any) -> None:
    """The check itself: a form that uses a graphics state its resources lack is reported."""
    path = tmp_path / "broken.pdf"
    canvas = Canvas(str(path))
    canvas.beginForm("broken")
    canvas.setFillAlpha(0.5)
    canvas.rect(0, 0, 10, 10, fill=1)
    canvas.endForm()  # ReportLab's own endForm leaves the graphics state out
    canvas.doForm("broken")
    canvas.showPage()
    canvas.save()
    misses = undefined_resources(PdfReader(path))
    assert [(m.category, m.where) for m in misses] == [("/ExtGState", "/FormXob.broken")]


@pytest.mark.parametrize(("game", "variants", "options"), KITS[:3])
def test_every_font_subset_has_its_own_six_letter_tag(
    kit: KitMaker, game: str, variants: tuple[str, ...], options: dict[str, Any]
) -> None:
    for name, built in _pdfs(kit, game, variants, options):
        fonts = {str(font["/BaseFont"]) for _, font in iter_fonts(built.reader(name))}
        tags = [font[1:].split("+")[0] for font in fonts]
        assert all(len(tag) == 6 and tag.isalpha() and tag.isupper() for tag in tags), fonts
        assert len(set(tags)) == len(tags), f"{name}: subsets share a tag: {sorted(fonts)}"


@pytest.mark.parametrize(("game", "variants", "options"), KITS)
def test_no_text_on_any_sheet_is_under_7_pt(
    kit: KitMaker, game: str, variants: tuple[str, ...], options: dict[str, Any]
) -> None:
    """Every word on every page of every sheet the kit prints to cut or to play on (cards, tiles,
    pawns, player aids, score sheets and the map sheet), at its effective size on the page, is
    at least 7 pt. (The rulebooks' own text is checked with the rulebooks; their pictures of
    cards are drawings at reduced size, not pieces to play with.)"""
    runs = 0
    for name, built in _pdfs(kit, game, variants, options):
        if name.startswith("spelregels"):
            continue
        reader = built.reader(name)
        for index in range(len(reader.pages)):
            for run in read_page(reader, index).texts:
                if not run.text.strip():
                    continue
                runs += 1
                assert run.size >= MIN_TEXT_PT - 0.01, (
                    f"{name} p{index + 1}: {run.text!r} at {run.size:.2f} pt"
                )
    assert runs > 100, "the kit carries text"
