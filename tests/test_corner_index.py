"""Stoomboot's hand cards show what they are in two corners, so a fanned hand can be read: read
back from the card sheet, every Varen, Pakje and Stoomboot face draws a picture in its top-left
corner and the same picture turned round near its bottom-right corner (a Stoomboot card's
bottom corners hold its half positions, so its turned index sits just above them)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from pnp.spec.sizes import BLEED
from tests.conftest import KitMaker
from tests.pdfinspect import MM, FormUse, read_page

CORNER_MM = 13.0
TURNED_MM = 40.0
"""How far up from the bottom edge the turned index may sit."""


@pytest.mark.parametrize(
    ("variants", "component"),
    [
        ((), "varen"),
        ((), "pakjes"),
        ((), "stoomboot"),
        (("prachtige-pakjes",), "varen-prachtig"),
        (("prachtige-pakjes",), "stoomboot-prachtig"),
        (("prachtige-pakjes",), "pakjes-prachtig"),
    ],
)
def test_hand_cards_have_corner_indices(
    kit: KitMaker, variants: tuple[str, ...], component: str
) -> None:
    built = kit("stoomboot", variants)
    reader = built.reader("kaarten.pdf")
    pages = sorted(
        {p["page"] for p in built.placements("kaarten.pdf") if p["component"] == component}
    )
    checked = 0
    for page in pages:
        content = read_page(reader, page - 1)
        faces = {
            f.name: f
            for f in content.forms
            if not f.parents and f.name.startswith(f"/FormXob.face.stoomboot.{component}.")
        }
        inner: dict[str, list[FormUse]] = defaultdict(list)
        for form in content.forms:
            if len(form.parents) == 1 and form.parents[0] in faces:
                inner[form.parents[0]].append(form)
        for name, face in faces.items():
            fx, fy, fw, fh = (v / MM for v in face.box())
            left, top = fx + BLEED, fy + fh - BLEED
            right, bottom = fx + fw - BLEED, fy + BLEED
            top_left = turned = False
            for art in inner[name]:
                x, y, w, h = (v / MM for v in art.box())
                upright = art.ctm[0] > 0
                in_top_left = left <= x and x + w <= left + CORNER_MM and top - CORNER_MM <= y
                in_bottom_right = right - CORNER_MM <= x and x + w <= right and y >= bottom
                top_left |= upright and in_top_left and y + h <= top
                turned |= not upright and in_bottom_right and y + h <= bottom + TURNED_MM
            assert top_left and turned, f"{name}: corner index top-left {top_left}, turned {turned}"
            checked += 1
    assert checked
