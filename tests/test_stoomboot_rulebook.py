"""The stoomboot rulebook in learning order, read back from the PDFs.

The quick start, the turn overview and the back cover carry no rule IDs, even in
the proofreading edition; the proofreading edition lists the engine decisions of
GAMES.md; each worked example comes right after the rule it shows; the words are
those of GAMES.md "Words in the rulebooks".
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import BuiltKit, KitMaker
from tests.stoomboot_text import readable

GAME = "stoomboot"
EXPANSIONS = ("krappe-kalender", "prachtige-pakjes", "pepernoot-plekken", "rebelse-pietjes")
DECISIONS = ("ST-C3", "ST-C4", "ST-B6", "ST-B7", "ST-B9")
"""The DECISIONs of GAMES.md for stoomboot, and ST-B9, the design the seed is silent on."""


@pytest.fixture()
def base(kit: KitMaker) -> BuiltKit:
    return kit(GAME, proof=True)  # the tests read the proofreading edition too


@pytest.fixture()
def everything(kit: KitMaker) -> BuiltKit:
    return kit(GAME, EXPANSIONS, proof=True)


def _between(text: str, start: str, end: str, *, last: bool = False) -> str:
    """The text from ``start`` (its ``last`` occurrence, past the contents) up to ``end``."""
    begin = text.rindex(start) if last else text.index(start)
    return text[begin : text.index(end, begin)]


def _in_order(text: str, *marks: str) -> None:
    """Every mark is in ``text``, each after the one before."""
    at = -1
    for mark in marks:
        found = text.find(mark, at + 1)
        assert found > at, f"{mark!r} is not after the mark before it"
        at = found


def test_quick_start_overview_and_back_cover_carry_no_rule_ids(base: BuiltKit) -> None:
    """The family parts of the book: 4 to 6 short bullets to start, a round in short, and a
    back cover that fits one page; none names a rule ID, not even in the proof edition."""
    proof = base.text("spelregels-proef.pdf")
    quick = _between(proof, "Snel beginnen", "Wat zit erin?", last=True)
    assert 4 <= quick.count("•") <= 6
    overview = _between(proof, "Een ronde in het kort.", "Kaarten leggen")
    back = base.page_texts("spelregels-proef.pdf")[-1]
    assert "In het kort" in back and "Winnen en verliezen" in back
    for part in (quick, overview, back):
        assert "[ST-" not in part and not re.search(r"ST-[A-Z]\d", part)


def test_the_proof_edition_lists_the_engine_decisions(base: BuiltKit) -> None:
    """One line per DECISION of GAMES.md (and ST-B9) in the proof edition's decisions list;
    the family edition has no such list."""
    proof = readable(base.text("spelregels-proef.pdf"))
    decided = _between(proof, "Beslissingen van de regels", "Printen en in", last=True)
    for rule in DECISIONS:
        assert f"{rule}:" in decided, rule
    assert "a Bakboord" not in decided and "bakboord en stuurboord draaien de boot wel" in decided
    assert "Beslissingen van de regels" not in base.text("spelregels.pdf")


def test_each_example_follows_the_rule_it_shows(base: BuiltKit, everything: BuiltKit) -> None:
    """A Stoomrij made longer or shorter after what the cards do; a whole round and a
    delivery after the end of the round; each expansion's example after its chapter."""
    book = readable(base.text("spelregels.pdf"))
    _in_order(
        book,
        "Wat de kaarten doen",
        "Hoogstens vijf, minstens één.",
        "Voorbeeld: De Stoomrij wordt langer",
        "Voorbeeld: De Stoomrij wordt korter",
        "Na elke kaart die de Sint omdraait",
        "Wie deze ronde de laatste kaart",
        "Voorbeeld: Een hele ronde",
        "Voorbeeld: Een huis bezorgd",
        "Einde van het spel",
    )
    full = readable(everything.text("spelregels.pdf"))
    _in_order(full, "hangt nu af van de Kalenderkaarten", "Voorbeeld: Een Kalenderkaart")
    _in_order(full, "Bijzondere pakjes.", "Voorbeeld: De Telefoon", "Pepernoot Plekken")
    _in_order(full, "Meng de Pepernoot Plekken", "Voorbeeld: Tegen een rots", "Rebelse Pietjes")
    _in_order(full, "Iedereen krijgt een eigen Piet", "Voorbeeld: Een Piet bezorgt")


@pytest.mark.parametrize("variants", [(), ("kleine-kaart",), EXPANSIONS])
def test_the_words_of_the_rulebooks(kit: KitMaker, variants: tuple[str, ...]) -> None:
    """GAMES.md "Words in the rulebooks": gedekt and open, never dicht; typographic quotes
    only; the setup says how many cards with five or more players in words that cannot be
    read as a size ("vier bij vijf")."""
    book = kit(GAME, variants).text("spelregels.pdf")
    assert not re.search(r"\bdicht\b", book)
    assert "'" not in book and '"' not in book
    assert not re.search(r"\b(?:vier|vijf) bij vijf of meer\b", book)
    assert "Met vijf of meer spelers begin je met vier kaarten." in readable(book)


def test_the_back_cover_fits_one_page(base: BuiltKit, everything: BuiltKit) -> None:
    """The quick reference on the back cover is whole on the last page, with every
    expansion's lines too; the page before it does not hold any of it."""
    for built in (base, everything):
        for name in ("spelregels.pdf", "spelregels-proef.pdf"):
            *_, before, back = built.page_texts(name)
            assert "In het kort" in back and "Winnen en verliezen" in back
            assert back.rstrip().endswith("blijft geheim.")
            assert "Winnen en verliezen" not in before
