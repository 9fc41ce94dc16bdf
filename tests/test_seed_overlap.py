"""No kit repeats the original rule texts: no run of 8 consecutive words of them appears in the
text read back from any PDF of a built kit (rulebook, proofreading edition, cards, player aid,
tiles, score sheet).

The original texts are not in the project; ``tests/fixtures/seed_runs.txt`` holds a digest of
every run of 8 words in them, and :mod:`tests.seed_runs` explains how both sides are normalised
(case, punctuation, white space and hyphenated line ends do not count). The default suite reads
each game's base kit and the kit with variants that the rulebook tests share; the slow sweep
reads every game's base kit, each single variant and every largest set of variants that can be
combined ("all at once").
"""

from __future__ import annotations

from itertools import combinations

import pytest

from pnp.catalog.project import load_game
from tests.conftest import RULEBOOK_KITS, BuiltKit, KitMaker
from tests.seed_runs import RUN, load_digests, shared_runs, words

GAMES = ("sinterklaas", "stoomboot", "twaalf-dagen", "santoska")

BOOKLET = "spelregels-boekje.pdf"
"""The booklet imposes the pages of ``spelregels.pdf``: the same text, so it is not read twice."""


def _all_at_once(game: str) -> list[tuple[str, ...]]:
    """Every largest set of the game's variants that can be built together (one per way of
    choosing among the variants that exclude each other), in spec order."""
    variants = load_game(game).spec.variants
    clashing = sorted(v for v in variants if variants[v].conflicts)
    free = [v for v in variants if v not in clashing]
    sets: list[set[str]] = []
    for size in range(len(clashing), -1, -1):
        for subset in combinations(clashing, size):
            picked = set(subset)
            allowed = not any(set(variants[v].conflicts) & picked for v in picked)
            if allowed and not any(picked < other for other in sets):
                sets.append(picked)
    return [tuple(v for v in variants if v in picked or v in free) for picked in sets]


def _sweep() -> list[tuple[str, tuple[str, ...]]]:
    """Each game's base kit, each single variant, and every set of all variants at once."""
    kits: list[tuple[str, tuple[str, ...]]] = []
    for game in GAMES:
        singles = [(v,) for v in load_game(game).spec.variants]
        for variants in [(), *singles, *_all_at_once(game)]:
            if (game, variants) not in kits:
                kits.append((game, variants))
    return kits


def _shared(built: BuiltKit) -> list[str]:
    """Each PDF of the kit with the runs its text shares with the original texts."""
    digests = load_digests()
    found = []
    for name in sorted(built.files):
        if name.endswith(".pdf") and name != BOOKLET:
            found += [f"{name}: …{run}…" for run in shared_runs(built.text(name), digests)]
    return found


def test_the_digests_are_of_the_original_texts() -> None:
    """The fixture holds thousands of distinct digests (the four texts have over 3000 words):
    a truncated or emptied file would make the tests below pass whatever a kit says."""
    digests = load_digests()
    assert len(digests) > 3000
    assert all(len(key) == 16 and set(key) <= set("0123456789abcdef") for key in digests)


def test_hyphenated_line_ends_and_punctuation_do_not_hide_a_run() -> None:
    """A word broken over two lines, capitals, quotation marks and punctuation read the same as
    the plain words (so a run broken by layout is still found)."""
    assert words("De Pakjes- kamer: “Sint’s” kaart, 1 t/m 3!") == words(
        "de pakjeskamer sint's kaart 1 t m 3"
    )
    assert len(words("één twee drie vier vijf zes zeven acht")) == RUN


@pytest.mark.parametrize(("game", "variants"), RULEBOOK_KITS)
def test_no_kit_repeats_a_run_of_the_original_texts(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    """The shared base kit and kit with variants of each game repeat no run of 8 words."""
    assert _shared(kit(game, variants)) == []


@pytest.mark.slow
@pytest.mark.parametrize(("game", "variants"), _sweep())
def test_no_kit_of_any_variant_repeats_a_run_of_the_original_texts(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    """Every base kit, single-variant kit and all-variants kit repeats no run of 8 words."""
    assert _shared(kit(game, variants)) == []
