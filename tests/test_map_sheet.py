"""The one-page map sheet read back: every word on it is at least 7 pt although its tiles are
drawn smaller than real, the start label stands out from the water (contrast at least 4.5:1)
and a north arrow shows which way the boat's headings go."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from pnp.layout.model import MIN_TEXT_PT
from pnp.sheets.board import INK, NORTH
from tests.conftest import KitMaker
from tests.pdfinspect import read_page

SCALE = 4.0


def _luminance(rgb: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("variants", [(), ("kleine-kaart",)])
def test_the_map_sheet_is_readable(kit: KitMaker, variants: tuple[str, ...]) -> None:
    built = kit("stoomboot", variants, map_sheet=True)
    reader = built.reader("speelbord.pdf")
    texts = [t for t in read_page(reader, 0).texts if t.text.strip()]
    small = sorted({(round(t.size, 1), t.text) for t in texts if t.size < MIN_TEXT_PT - 0.01})
    assert not small, f"text under {MIN_TEXT_PT:g} pt: {small[:5]}"
    assert any(t.text == NORTH for t in texts), "a north arrow"

    start = next(t for t in texts if t.text == "start")
    page = pdfium.PdfDocument(built.path("speelbord.pdf"))[0]
    image = page.render(scale=SCALE).to_pil().convert("RGB")
    height = image.size[1]
    # Just left of the word, half a letter up: the label's own background.
    x, y = (start.x - 1.5) * SCALE, height - (start.y + start.size * 0.35) * SCALE
    background = tuple(c / 255 for c in image.getpixel((int(x), int(y))))
    ink = (INK.red, INK.green, INK.blue)
    assert _contrast(ink, background) >= 4.5, background  # type: ignore[arg-type]
