"""Cards with different backs never share a sheet, read back from the back pages: each shows
one back design, so a slightly off cut can never leave a sliver of one deck's back on another
deck's card."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import KitMaker
from tests.pdfinspect import read_page

KITS: list[tuple[str, tuple[str, ...]]] = [
    ("stoomboot", ()),
    ("stoomboot", ("krappe-kalender", "prachtige-pakjes", "pepernoot-plekken", "rebelse-pietjes")),
    ("sinterklaas", ("actiepiet", "pietje-precies")),
]


@pytest.mark.parametrize(("game", "variants"), KITS)
def test_every_sheet_carries_one_back_design(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    built = kit(game, variants)
    back_pages: dict[tuple[str, int], Any] = {}
    for placement in built.manifest["placements"]:
        if placement["back_page"] is not None:
            back_pages[(placement["file"], placement["back_page"])] = True
    assert back_pages
    designs_seen: set[str] = set()
    for file, page in sorted(back_pages):
        forms = read_page(built.reader(file), page - 1, descend=False).forms
        designs = {
            f.name.split(".")[3] for f in forms if f.name.startswith(f"/FormXob.back.{game}.")
        }
        assert len(designs) == 1, f"{file} page {page} mixes backs: {sorted(designs)}"
        designs_seen |= designs
    if game == "stoomboot":
        assert len(designs_seen) >= 4, "the decks each have their own back"
