"""Colour-blind players tell the sinterklaas suits apart by their symbols: the corner symbol of
each suit, rendered from the real card sheet and seen through a simulated deuteranopia (the
commonest colour blindness), differs in shape from every other suit's, in the normal and in
the low-ink edition (where the symbol is drawn in the suit's colour inside a ring)."""

from __future__ import annotations

from itertools import combinations

import pypdfium2 as pdfium
import pytest

from pnp.base.ink import Ink
from tests.conftest import KitMaker

SCALE = 5.0
"""Pixels per point of the render."""
MM = 72 / 25.4
SYMBOL_BOX = (5.5, 15.0, 8.0, 8.0)
"""The top corner symbol in the card layout: x, y from the top-left of the trim, w, h (mm)."""
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
"""Machado, Oliveira and Fernandes (2009), full deuteranopia, on linear RGB."""
MIN_DIFFERENT = 0.08
"""Share of the symbol's pixels that must differ between two suits."""


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _seen(rgb: tuple[int, int, int]) -> float:
    """Luminance of a pixel as a deuteranope sees it."""
    linear = [_linear(c / 255) for c in rgb]
    r, g, b = (
        max(0.0, sum(m * c for m, c in zip(row, linear, strict=True))) for row in DEUTERANOPIA
    )
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _symbol_mask(image: object, trim: list[float], page_height: float) -> list[bool]:
    """The corner symbol as light/dark pixels under simulated deuteranopia."""
    x, y, _, h = trim
    left = (x + SYMBOL_BOX[0]) * MM * SCALE
    top = (page_height - (y + h - SYMBOL_BOX[1]) * MM) * SCALE
    size = int(SYMBOL_BOX[2] * MM * SCALE)
    pixels = [
        _seen(image.getpixel((int(left) + i, int(top) + j)))  # type: ignore[attr-defined]
        for j in range(size)
        for i in range(size)
    ]
    middle = (min(pixels) + max(pixels)) / 2
    return [p > middle for p in pixels]


@pytest.mark.parametrize("ink", list(Ink))
def test_every_suit_has_a_symbol_a_deuteranope_can_tell_apart(kit: KitMaker, ink: Ink) -> None:
    built = kit("sinterklaas", ink=ink)
    first: dict[str, dict[str, object]] = {}
    for placement in built.placements("kaarten.pdf"):
        suit = placement["card"].split("-")[0]
        if placement["component"] == "deck" and suit not in first:
            first[suit] = placement
    assert len(first) == 5, sorted(first)
    document = pdfium.PdfDocument(built.path("kaarten.pdf"))
    masks = {}
    for suit, placement in first.items():
        page = document[int(placement["page"]) - 1]  # type: ignore[call-overload]
        image = page.render(scale=SCALE).to_pil().convert("RGB")
        masks[suit] = _symbol_mask(image, placement["trim_mm"], page.get_height())  # type: ignore[arg-type]
    for a, b in combinations(sorted(masks), 2):
        different = sum(x != y for x, y in zip(masks[a], masks[b], strict=True)) / len(masks[a])
        assert different >= MIN_DIFFERENT, (
            f"{a} and {b}: only {different:.0%} of the symbol differs"
        )
