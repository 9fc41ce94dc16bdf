"""A 6 and a 9 carry an underline wherever a card prints its rank, read back from the card
sheets: the face of a 6 or a 9 draws one stroke more per rank numeral than any other face of
its deck, so neither reads as the other in a hand held upside down."""

from __future__ import annotations

from collections import Counter

import pytest

from pnp.catalog.project import load_game
from tests.conftest import KitMaker
from tests.pdfinspect import read_page


def _own_strokes(kit: KitMaker, game: str) -> dict[str, int]:
    """Line segments drawn directly by each card face form, by form name (one use's worth)."""
    reader = kit(game).reader("kaarten.pdf")
    strokes: dict[str, int] = {}
    for index in range(len(reader.pages)):
        content = read_page(reader, index)
        uses = Counter(f.name for f in content.forms if not f.parents)
        drawn = Counter(s.parents[0] for s in content.segments if len(s.parents) == 1)
        for name, count in uses.items():
            if name.startswith(f"/FormXob.face.{game}.") and name not in strokes:
                strokes[name] = drawn[name] // count
    return strokes


@pytest.mark.parametrize("game", ["santoska", "sinterklaas", "twaalf-dagen"])
def test_six_and_nine_are_underlined(kit: KitMaker, game: str) -> None:
    data = load_game(game)
    strokes = _own_strokes(kit, game)
    checked = 0
    for comp in data.spec.components:
        layout = data.layouts.load(comp.layout, comp.size)
        numerals = sum(1 for e in layout.elements if e.numeral)
        if not numerals or comp.file != "kaarten":
            continue
        by_row = {
            row.id: strokes[f"/FormXob.face.{game}.{comp.id}.{row.id}"]
            for row in comp.rows
            if f"/FormXob.face.{game}.{comp.id}.{row.id}" in strokes
        }
        if not by_row:
            continue  # not in this kit (a variant's cards)
        turnable = [r.id for r in comp.rows if str(r.fields.get("number")) in ("6", "9")]
        others = [r.id for r in comp.rows if r.id in by_row and r.id not in turnable]
        assert turnable and others, comp.id
        plain = max(by_row[r] for r in others)
        for row in turnable:
            assert by_row[row] - plain == numerals, f"{comp.id}/{row}: {by_row[row]} vs {plain}"
            checked += 1
    assert checked, "some 6 or 9 was checked"


def test_sinterklaas_bottom_corner_symbol_turns_with_its_numeral(kit: KitMaker) -> None:
    """The corner at the bottom is the top corner turned round: numeral and suit symbol both."""
    content = read_page(kit("sinterklaas").reader("kaarten.pdf"), 0)
    uses = Counter(f.name for f in content.forms if not f.parents and ".deck." in f.name)
    assert uses
    for face, count in uses.items():
        symbols = [f for f in content.forms if f.parents == (face,)]
        turned = [f for f in symbols if f.ctm[0] < 0 and f.ctm[3] < 0]
        assert len(turned) == count, f"{face}: {len(turned)} turned symbols in {count} copies"
