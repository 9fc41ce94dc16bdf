"""``--backs none`` keeps every side players need: the second side of a two-sided item (a
house tile's "bezorgd" side, the player aid's back) is printed on a page of its own, each in
the slot of its front, and the rulebook says how to glue them on."""

from __future__ import annotations

import pytest

from pnp.base.back_mode import BackMode
from pnp.catalog.project import load_game
from pnp.spec.sizes import BLEED
from tests.conftest import KitMaker
from tests.pdfinspect import MM, read_page


@pytest.mark.parametrize("game", ["stoomboot", "twaalf-dagen"])
def test_every_second_side_is_printed_without_backs(kit: KitMaker, game: str) -> None:
    built = kit(game, backs=BackMode.NONE)
    spec = load_game(game).spec
    two_sided = {c.id for c in spec.components if c.two_sided}
    assert two_sided, "the game has two-sided items"
    placed = [p for p in built.manifest["placements"] if p["component"] in two_sided]
    assert placed
    for p in placed:
        assert p["back_page"] is not None and p["back_page"] != p["page"], p
        forms = read_page(built.reader(p["file"]), p["back_page"] - 1, descend=False).forms
        x, y = p["back_trim_mm"][:2]
        backs = [f.box() for f in forms if f.name.startswith(f"/FormXob.back.{game}.")]
        assert any(
            abs(bx / MM + BLEED - x) < 0.05 and abs(by / MM + BLEED - y) < 0.05
            for bx, by, _, _ in backs
        ), f"{p['component']} {p['card']}: no back drawn at {p['back_trim_mm']}"
    others = [p for p in built.manifest["placements"] if p["component"] not in two_sided]
    assert all(p["back_page"] is None for p in others), "one-sided items get no back page"
    assert "plak elke achterkant op zijn voorkant" in built.text("spelregels.pdf")
