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


MIN_CONTRAST = 4.5
"""WCAG's contrast for normal text: every corner number reaches it on its card."""
INDEX_PT = 14.0
"""Text at least this large in a card's top-left corner is its corner index."""
NUMBERED = {
    "sinterklaas": (("actiepiet", "pietje-precies"), {"deck", "acties", "pietje-precies"}),
    "twaalf-dagen": ((), {"deck"}),
    "santoska": ((), {"getallen"}),
}
"""Per game with numbered cards: a kit holding all of them, and the components that carry a
number in their corner."""


def _luminance(rgb: tuple[float, float, float]) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG 2 contrast ratio of two colours."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_formula() -> None:
    assert contrast((0, 0, 0), (1, 1, 1)) == pytest.approx(21.0)
    yellow = (0xB7 / 255, 0x86 / 255, 0x0B / 255)
    cream = (0xFA / 255, 0xF0 / 255, 0xD2 / 255)
    assert contrast(yellow, cream) == pytest.approx(2.87, abs=0.01), "the old yellow index"


@pytest.mark.parametrize("game", sorted(NUMBERED))
def test_corner_numbers_reach_text_contrast_on_their_card(kit: KitMaker, game: str) -> None:
    """Read back from the card sheet: the colour each corner number is drawn in, against the
    colour the face is washed in (its largest fill), is at least 4.5:1."""
    variants, numbered = NUMBERED[game]
    built = kit(game, variants)
    reader = built.reader("kaarten.pdf")
    placed = [p for p in built.placements("kaarten.pdf") if p["component"] in numbered]
    seen: dict[str, float] = {}
    for page in sorted({p["page"] for p in placed}):
        content = read_page(reader, page - 1)
        for face in content.forms:
            prefix = f"/FormXob.face.{game}."
            if face.parents or not face.name.startswith(prefix):
                continue
            if face.name.removeprefix(prefix).split(".")[0] not in numbered:
                continue
            fx, fy, fw, fh = face.box()
            wash = max(
                (f for f in content.fills if f.parents == (face.name,)),
                key=lambda f: f.box[2] * f.box[3],
            )
            assert wash.colour is not None and wash.box[2] * wash.box[3] > 0.9 * fw * fh
            top, left = fy + fh - BLEED * MM, fx + BLEED * MM
            index = [
                run
                for run in content.texts
                if run.parents == (face.name,)
                and run.size >= INDEX_PT
                and run.x < left + CORNER_MM * MM
                and run.y > top - CORNER_MM * MM
            ]
            assert index, f"{face.name}: no corner number"
            for run in index:
                assert run.colour is not None
                seen[face.name] = min(seen.get(face.name, 99.0), contrast(run.colour, wash.colour))
    assert {name.removeprefix(f"/FormXob.face.{game}.").split(".")[0] for name in seen} == numbered
    low = {name: round(ratio, 2) for name, ratio in seen.items() if ratio < MIN_CONTRAST}
    assert not low, f"corner numbers below {MIN_CONTRAST}:1 on their card: {low}"


@pytest.mark.parametrize(
    "component", ["varen", "pakjes", "stoomboot", "varen-prachtig", "pakjes-prachtig"]
)
def test_corner_pictures_have_ink_that_stands_out_from_their_card(
    kit: KitMaker, component: str
) -> None:
    """Stoomboot's corner indices are pictures, not numbers: each one, read back from the card
    sheet, draws some of its lines or shapes at 4.5:1 or more against the card's wash (its
    outline), so the index reads when the hand is fanned."""
    built = kit("stoomboot", ("prachtige-pakjes",))
    reader = built.reader("kaarten.pdf")
    pages = sorted(
        {p["page"] for p in built.placements("kaarten.pdf") if p["component"] == component}
    )
    prefix = f"/FormXob.face.stoomboot.{component}."
    checked: dict[str, float] = {}
    for page in pages:
        content = read_page(reader, page - 1)
        for face in content.forms:
            if face.parents or not face.name.startswith(prefix) or face.name in checked:
                continue
            fx, fy, _, fh = face.box()
            wash = max(
                (f for f in content.fills if f.parents == (face.name,)),
                key=lambda f: f.box[2] * f.box[3],
            )
            assert wash.colour is not None
            left, top = fx + BLEED * MM, fy + fh - BLEED * MM
            corner = [
                art
                for art in content.forms
                if art.parents == (face.name,)
                and art.box()[0] < left + CORNER_MM * MM
                and art.box()[1] + art.box()[3] > top - CORNER_MM * MM
                and art.ctm[0] > 0
            ]
            assert corner, f"{face.name}: no corner picture"
            marks = [
                mark
                for art in corner
                for mark in (*content.fills, *content.strokes)
                if mark.parents[:2] == (face.name, art.name)
            ]
            checked[face.name] = max(
                contrast(mark.colour or (0.0, 0.0, 0.0), wash.colour) for mark in marks
            )
    assert checked
    low = {name: round(ratio, 2) for name, ratio in checked.items() if ratio < MIN_CONTRAST}
    assert not low, f"corner pictures without ink at {MIN_CONTRAST}:1: {low}"
