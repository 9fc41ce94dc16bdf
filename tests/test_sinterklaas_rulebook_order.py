"""The sinterklaas rulebook a family learns from: quick start, decisions, back cover.

The family edition starts with what the game is about and a quick start without
rule IDs, places each worked example right after the rule it shows, and ends
with a one-page quick reference on the back cover: the book gives its summary
once and the back cover once (no second overview opens "Zo speel je"). The
proofreading edition lists the engine's decisions (the DECISIONs of the rule
checklist) with their IDs.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import BuiltKit, KitMaker

GAME = "sinterklaas"

DECISIONS = {
    (): ("SK-B3", "SK-B4", "SK-B5", "SK-B6", "SK-B7", "SK-B8"),
    ("speculaas", "surprises"): ("SK-S1", "SK-V2", "SK-V3"),
    ("wie-kent-hem-niet",): ("SK-W5",),
}
"""The rule IDs whose DECISIONs each kit's proofreading edition lists."""

OLD_WORDING = (
    "Wie het spel uit is",
    "alleen aan tot",
    "Ligt jouw bod al gelijk met het hoogste",
    "onder dat minimum",
    "Ze staan hieronder",
    "wie er aan de beurt is",
    "win de pakjeskamer",
    "minstens overhouden",
    "opeenvolgende getallen",
)
"""Sentences the review found unclear, wrong or too close to the seed text."""


def _pages(built: BuiltKit, name: str = "spelregels.pdf") -> list[str]:
    return [re.sub(r"^\d+ ", "", page) for page in built.page_texts(name)]


@pytest.mark.parametrize("variants", [(), ("meer-pakjes",), ("speculaas", "surprises")])
def test_quick_start_overview_and_back_cover_carry_no_rule_ids(
    kit: KitMaker, variants: tuple[str, ...]
) -> None:
    """The quick start comes before "Wat zit erin?", "Zo speel je" starts with the rules
    themselves (no second summary of a round), and the quick reference fills the back cover
    (the last page) alone; none shows a rule ID, and the numbers are the kit's."""
    built = kit(GAME, variants)
    pages = _pages(built)
    book = " ".join(pages)
    hand = "acht" if "meer-pakjes" in variants else "zes"
    assert book.index("Snel beginnen") < book.index("Wat zit erin?")
    assert f"Iedereen krijgt {hand} kaarten in de hand" in book
    assert book.count("Snel beginnen") == 1
    assert "Een ronde in het kort" not in book
    assert "Zo speel je Het spel bestaat uit rondes" in book
    *_, back = pages
    assert back.startswith("In het kort") and "Welke combinatie wint?" in back
    assert sum("In het kort" in page for page in pages) == 1
    assert not re.search(r"SK-[A-Z]\d", book)
    for old in OLD_WORDING:
        assert old not in book, old


@pytest.mark.parametrize("variants", sorted(DECISIONS))
def test_the_proof_edition_lists_every_decision_of_the_kit(
    kit: KitMaker, variants: tuple[str, ...]
) -> None:
    """Every DECISION of the rule checklist that the kit plays by has its line, with its ID,
    in "Beslissingen van de regels"; the family edition has no such chapter."""
    built = kit(GAME, variants, proof=True)
    proof = " ".join(_pages(built, "spelregels-proef.pdf"))
    chapter = proof.split("Beslissingen van de regels")[-1]  # not the table of contents
    decisions = chapter.split("Printen en in elkaar", 1)[0]
    wanted = {rule for kit_variants, rules in DECISIONS.items() for rule in rules}
    for rule in wanted:
        applies = any(
            rule in rules and set(kit_variants) <= set(variants) | set(built.variants)
            for kit_variants, rules in DECISIONS.items()
        )
        assert (f"[{rule}]" in decisions or f"[{rule}," in decisions) == applies, rule
    assert "Beslissingen van de regels" not in built.text("spelregels.pdf")


def test_examples_land_right_after_the_rule_they_show(kit: KitMaker) -> None:
    """The one-left example follows the paragraph on the last player, the whole round the
    scoring rules, the Remiseregel tie, the surprise and each Speculaas rule's example their
    variants."""
    book = " ".join(_pages(kit(GAME, ("speculaas", "surprises"))))

    def at(text: str) -> int:
        assert text in book, text
        return book.index(text)

    assert at("Is er nog maar één speler over") < at("Voorbeeld: Nog maar één speler over")
    assert at("Voorbeeld: Nog maar één speler over") < at("Scoren Na het laatste biedrondje")
    assert at("een pot die niemand wint, gaan uit het spel") < at("Voorbeeld: Een hele ronde")
    assert at("Voorbeeld: Een hele ronde") < at("Einde van het spel")
    assert at("Per spel:") < at("Voorbeeld: Surprises") < at("Overschattingsregel Kun je")
    assert at("Remiseregel Zijn de beste") < at("Voorbeeld: Remise") < at("Speculaas Speculaas")
    # each Speculaas rule's example follows its own section, the Overschattingsregel's (which
    # shows the Handregel's limit too) after both and after the Handregel's example
    assert at("Inwisselregel In je beurt") < at("Voorbeeld: Inwisselregel") < at("Handregel Meteen")
    assert (
        at("Handregel Meteen") < at("Voorbeeld: Handregel") < at("Voorbeeld: Overschattingsregel")
    )
    assert at("Voorbeeld: Overschattingsregel") < at("Biedregel Zet je")
    assert at("Biedregel Zet je") < at("Voorbeeld: Biedregel") < at("Remiseregel Zijn de beste")
