"""The printed deck has exactly the composition of TD-C1 and TD-C2, counted from the PDF."""

from __future__ import annotations

from collections import Counter

from tests.conftest import Built
from tests.pdfinspect import read_page

DECK_FACES = ("/FormXob.face.twaalf-dagen.deck.", "/FormXob.face.twaalf-dagen.gifts.")


def _faces_by_number(build: Built) -> tuple[Counter[int], Counter[str]]:
    """Count the faces printed on front pages, keyed by the big corner number each face shows."""
    numbers: Counter[int] = Counter()
    titles: Counter[str] = Counter()
    for index in range(0, len(build.reader.pages), 2):
        content = read_page(build.reader, index)
        for form in content.forms:
            # The deck's faces (the sheets end with the player aids, not part of the deck).
            if form.parents or not form.name.startswith(DECK_FACES):
                continue
            runs = [t for t in content.texts if t.parents and t.parents[0] == form.name]
            biggest = max(runs, key=lambda t: t.size)
            if biggest.text.strip().isdigit():
                numbers[int(biggest.text)] += 1
            else:
                titles[biggest.text] += 1
    return numbers, titles


def test_td_c1_k_copies_of_card_k_for_k_1_to_12_and_td_c2_twelve_gifts(a4_long: Built) -> None:
    numbers, titles = _faces_by_number(a4_long)
    assert numbers == Counter({k: k for k in range(1, 13)})  # TD-C1
    assert sum(numbers.values()) == 78
    assert titles == Counter({"Geschenk": 12})  # TD-C2


def test_manifest_lists_the_same_composition(a4_long: Built) -> None:
    placements = [
        p
        for p in a4_long.manifest["placements"]  # type: ignore[union-attr]
        if p["file"] == "kaarten.pdf" and p["component"] != "hulp"  # type: ignore[index]
    ]
    per_card = Counter(p["card"] for p in placements)  # type: ignore[union-attr,index]
    assert sum(per_card.values()) == 90
    assert per_card["geschenk"] == 12
    assert sorted(v for k, v in per_card.items() if k != "geschenk") == list(range(1, 13))
