"""Two Stoomboot cards side by side close their half positions into one whole position: each
half runs from the trim into the bleed, and the two halves together are as wide as a whole
position on a card."""

from __future__ import annotations

import pytest

from pnp.catalog.project import load_game

TOLERANCE = 0.6


def test_two_halves_make_one_position() -> None:
    data = load_game("stoomboot")
    component = data.spec.component("stoomboot")
    layout = data.layouts.load(component.layout, component.size)
    boxes = {e.name: e.box for e in layout.elements}
    left, right, whole = boxes["left-half"], boxes["right-half"], boxes["position"]
    assert left.x <= 0, "the left half reaches the card's left edge"
    assert right.x + right.w >= layout.width, "the right half reaches the card's right edge"
    inside = (left.x + left.w) + (layout.width - right.x)
    assert inside == pytest.approx(whole.w, abs=TOLERANCE)
    assert (left.y, left.h) == (whole.y, whole.h) == (right.y, right.h)
