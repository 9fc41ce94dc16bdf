"""Every placed card or tile has 3 mm of its own bleed on each trim edge that does not abut
another card, read back from the sheets: a lone card on a sheet is printed past every edge,
so a slightly off cut never shows white paper."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from pnp.base.back_mode import BackMode
from pnp.spec.sizes import BLEED
from tests.conftest import BuiltKit, KitMaker
from tests.pdfinspect import MM, read_page

KITS: list[tuple[str, tuple[str, ...], dict[str, Any]]] = [
    ("sinterklaas", (), {}),
    ("stoomboot", (), {}),
    ("santoska", (), {}),
    ("twaalf-dagen", (), {"backs": BackMode.GUTTERFOLD}),
    ("stoomboot", (), {"backs": BackMode.NONE}),
    ("twaalf-dagen", (), {"backs": BackMode.SHORT_EDGE, "back_offset": (1.5, -1.0)}),
]
EPS = 0.05


def _abuts(a: list[float], b: list[float], side: str) -> bool:
    """Whether trim ``b`` touches trim ``a`` along ``side`` of ``a`` (rectangles x, y, w, h)."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    overlap_y = min(ay + ah, by + bh) - max(ay, by) > EPS
    overlap_x = min(ax + aw, bx + bw) - max(ax, bx) > EPS
    return {
        "left": overlap_y and abs(bx + bw - ax) < EPS,
        "right": overlap_y and abs(ax + aw - bx) < EPS,
        "bottom": overlap_x and abs(by + bh - ay) < EPS,
        "top": overlap_x and abs(ay + ah - by) < EPS,
    }[side]


def _check(built: BuiltKit, file: str, page: int, trims: list[list[float]]) -> None:
    clips = [tuple(v / MM for v in c) for c in read_page(built.reader(file), page - 1, False).clips]
    for trim in trims:
        x, y, w, h = trim
        around = [
            c
            for c in clips
            if c[0] <= x + EPS
            and c[1] <= y + EPS
            and c[0] + c[2] >= x + w - EPS
            and c[1] + c[3] >= y + h - EPS
        ]
        assert around, f"{file} p{page}: no clip holds the card at {trim}"
        cx, cy, cw, ch = min(around, key=lambda c: c[2] * c[3])
        ink = {"left": x - cx, "right": cx + cw - x - w, "bottom": y - cy, "top": cy + ch - y - h}
        for side, width in ink.items():
            if any(_abuts(trim, other, side) for other in trims if other is not trim):
                continue
            assert width >= BLEED - EPS, f"{file} p{page}: {side} bleed {width:.2f} mm at {trim}"


@pytest.mark.parametrize(("game", "variants", "options"), KITS)
def test_every_free_trim_edge_has_its_own_bleed(
    kit: KitMaker, game: str, variants: tuple[str, ...], options: dict[str, Any]
) -> None:
    built = kit(game, variants, **options)
    pages: dict[tuple[str, int], list[list[float]]] = defaultdict(list)
    for placement in built.manifest["placements"]:
        pages[(placement["file"], placement["page"])].append(placement["trim_mm"])
        if placement.get("back_trim_mm"):
            back = placement["back_page"]
            pages[(placement["file"], back)].append(placement["back_trim_mm"])
    assert pages
    for (file, page), trims in sorted(pages.items()):
        _check(built, file, page, trims)
