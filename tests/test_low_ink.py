"""The low-ink edition (``--ink low``), read back from real kits: no card or tile is printed on a
fill over its whole bleed, its pages take far less ink than the normal edition's, its backs
still name the deck, and the manifest says which edition a kit is."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from pnp.base.ink import Ink
from pnp.catalog.project import load_game
from tests.conftest import BuiltKit, KitMaker
from tests.pdfinspect import MM, read_page

GAMES = ("sinterklaas", "santoska", "twaalf-dagen", "stoomboot")
PIECE_FILES = ("kaarten.pdf", "tegels.pdf")
"""The PDFs that place cards and tiles (the manifest lists where each piece went)."""
TOLERANCE = 0.5
"""Points a fill may fall short of a trim edge and still count as covering it."""
TARGET = 0.30
"""The low-ink page may take at most this share of the normal page's ink."""
STOOMBOOT_ALL = ("pepernoot-plekken", "prachtige-pakjes", "krappe-kalender", "rebelse-pietjes")


def _sides(built: BuiltKit) -> list[tuple[str, int, list[float]]]:
    """Every printed side of every piece: (file, 1-based page, trim box in mm)."""
    sides = []
    for file in PIECE_FILES:
        for placed in built.placements(file):
            sides.append((file, placed["page"], placed["trim_mm"]))
            if placed["back_page"] is not None:
                sides.append((file, placed["back_page"], placed["back_trim_mm"]))
    return sides


def _covered(built: BuiltKit) -> list[str]:
    """The sides printed on a filled path that covers the piece's whole trim box (the bleed is
    clipped at the trim between neighbouring pieces, so the trim box is what every fill
    over the bleed covers)."""
    found = []
    boxes: dict[tuple[str, int], list[tuple[float, float, float, float]]] = {}
    for file, page, trim in _sides(built):
        x, y, w, h = (v * MM for v in trim)
        if (file, page) not in boxes:  # a page holds many pieces: read its fills once
            boxes[file, page] = [fill.box for fill in read_page(built.reader(file), page - 1).fills]
        if any(
            fx <= x + TOLERANCE
            and fy <= y + TOLERANCE
            and fx + fw >= x + w - TOLERANCE
            and fy + fh >= y + h - TOLERANCE
            for fx, fy, fw, fh in boxes[file, page]
        ):
            found.append(f"{file} page {page} at {trim}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_low_ink_card_or_tile_is_printed_on_a_full_bleed_fill(kit: KitMaker, game: str) -> None:
    normal = kit(game)
    low = kit(game, ink=Ink.LOW)
    sides = _sides(normal)
    assert sides and len(_sides(low)) == len(sides)
    # The normal edition washes every piece to its edges, so the check finds what it seeks.
    assert len(_covered(normal)) == len(sides)
    assert _covered(low) == []


def test_no_low_ink_tile_or_card_of_any_variant_is_printed_on_a_full_bleed_fill(
    kit: KitMaker,
) -> None:
    """Every layout of Stoomboot (Pepernoot Plekken, Prachtige Pakjes, Kalender, Pieten)."""
    low = kit("stoomboot", STOOMBOOT_ALL, ink=Ink.LOW)
    components = {placed["component"] for placed in low.manifest["placements"]}
    assert {"pepernoot", "kalender", "pieten"} <= components
    assert _covered(low) == []


def _darkness(built: BuiltKit, file: str, page: int) -> float:
    """Mean darkness of a rendered page over every pixel and channel: 1 - value / 255."""
    document = pdfium.PdfDocument(built.path(file))
    image = document[page - 1].render(scale=20 / 72).to_pil().convert("RGB")
    document.close()
    counts = image.histogram()
    light = sum(value * count for value, count in zip(list(range(256)) * 3, counts, strict=True))
    return float(1 - light / (255 * image.width * image.height * 3))


@pytest.mark.parametrize("game", GAMES)
def test_a_low_ink_back_page_takes_at_most_30_percent_of_the_normal_ink(
    kit: KitMaker, game: str
) -> None:
    normal, low = kit(game), kit(game, ink=Ink.LOW)
    page = next(p["back_page"] for p in normal.placements("kaarten.pdf") if p["back_page"])
    before, after = _darkness(normal, "kaarten.pdf", page), _darkness(low, "kaarten.pdf", page)
    assert before > 0.2, f"the normal back page is dark ({before:.1%})"
    assert 0 < after <= TARGET * before, f"{after:.1%} of the page against {before:.1%}"


def test_a_low_ink_page_of_water_tiles_takes_at_most_30_percent_of_the_normal_ink(
    kit: KitMaker,
) -> None:
    normal, low = kit("stoomboot"), kit("stoomboot", ink=Ink.LOW)
    page = next(p["page"] for p in normal.placements("tegels.pdf") if p["component"] == "water")
    before, after = _darkness(normal, "tegels.pdf", page), _darkness(low, "tegels.pdf", page)
    assert 0 < after <= TARGET * before, f"{after:.1%} of the page against {before:.1%}"


@pytest.mark.parametrize("game", ("sinterklaas", "santoska", "twaalf-dagen"))
def test_low_ink_backs_still_name_the_game(kit: KitMaker, game: str) -> None:
    low = kit(game, ink=Ink.LOW)
    name = load_game(game).spec.name
    _, pages = low.component_pages("deck" if game != "santoska" else "getallen", back=True)
    # The backs, not the sheet label in the margin ("Sinterklaas · vel 3 van 16 - achterkant").
    label = re.compile(rf"{re.escape(name)} · vel \d+ van \d+ – achterkant")
    texts = [label.sub("", text) for text in low.page_texts("kaarten.pdf")]
    assert pages and all(name in texts[page] for page in pages)
    normal = [label.sub("", text) for text in kit(game).page_texts("kaarten.pdf")]
    assert name not in " ".join(normal[page] for page in pages)


def test_low_ink_stoomboot_backs_name_their_deck(kit: KitMaker) -> None:
    low = kit("stoomboot", ink=Ink.LOW)
    for component, label in (("varen", "Varen"), ("stoomboot", "Stoomboot"), ("pakjes", "Pakje")):
        assert label in low.component_text(component, back=True)


def test_the_manifest_names_the_edition(kit: KitMaker) -> None:
    assert kit("twaalf-dagen").manifest["options"]["ink"] == "normal"
    assert kit("twaalf-dagen", ink=Ink.LOW).manifest["options"]["ink"] == "low"
