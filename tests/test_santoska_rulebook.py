"""The santoska rulebook in learning order: each example right after the rule it shows, the
new blocks (quick start, turn overview, back cover) without rule IDs, and the decisions list
in the proofreading edition only."""

from __future__ import annotations

import re

import pytest

from pnp.catalog.project import load_game
from pnp.games.santoska.story.examples import ROWS
from pnp.story import load_phrases
from tests.conftest import BuiltKit, KitMaker

GAME = "santoska"


@pytest.fixture()
def base(kit: KitMaker) -> BuiltKit:
    return kit(GAME, proof=True)


def where(text: str, statement: str) -> int:
    """Where ``statement`` starts in ``text``, also where the layout hyphenated one of its
    words (``-1``: nowhere)."""
    found = re.search(r"(?:-\s?)?".join(re.escape(char) for char in statement), text)
    return -1 if found is None else found.start()


def title(kind: str) -> str:
    """The heading of the example of ``kind``, as the book prints it (its title's start)."""
    phrases = load_phrases(load_game(GAME).spec)
    row = next(r for r in ROWS if r.kind == kind)
    return "Voorbeeld: " + phrases.titles[row.title_key].split("{")[0].strip()


def test_each_example_comes_right_after_the_rule_it_shows(base: BuiltKit) -> None:
    """SA-B4 Arriba, SA-B5 Stop, SA-B6 scoring, SA-B8 a new round, SA-B7 the end: each
    example follows the section stating the last of its rules, before the next section."""
    book = base.text("spelregels.pdf")
    order = [
        "Vanaf je volgende beurt is je bovenste rij de actieve rij",
        title("arriba"),
        "Ben je ook tevreden over je bovenste rij",
        title("stop"),
        "Liggen gelijke getallen naast of boven elkaar",
        title("scoring"),
        title("scoring-group"),
        title("scoring-three"),
        "Is het spel na het tellen nog niet voorbij",
        "Kom je op precies 100",
        title("new-round"),
        title("exact-limit"),
        "Wie begint?",
    ]
    spots = [where(book, statement) for statement in order]
    assert -1 not in spots, [s for s, at in zip(order, spots, strict=True) if at < 0]
    assert spots == sorted(spots), order


def test_quick_start_overview_and_back_cover_carry_no_rule_ids(base: BuiltKit) -> None:
    """The quick start, the turn overview and the back cover are for the table: no rule IDs,
    not even in the proofreading edition; the back cover is the book's last page."""
    proof = base.page_texts("spelregels-proef.pdf")
    book = " ".join(proof)
    start = book[where(book, "Snel beginnen") : where(book, "Wat zit erin?")]
    overview = book[where(book, "Een ronde in het kort") : where(book, "Je beurt Om de beurt")]
    assert start and overview
    for part in (start, overview, proof[-1]):
        assert not re.findall(r"SA-[A-Z]\d", part), part
    assert proof[-1].startswith("In het kort")
    family = base.page_texts("spelregels.pdf")
    assert family[-1].startswith("In het kort") and "100" in family[-1]


def test_the_decisions_are_listed_in_the_proof_edition_only(base: BuiltKit) -> None:
    """Every DECISION of the rules for santoska (SA-B3, SA-B5, SA-B8) has a line in the
    proofreading edition's decisions list; the family edition has no such list."""
    proof, family = base.text("spelregels-proef.pdf"), base.text("spelregels.pdf")
    assert "Beslissingen van de regels" not in family
    decisions = proof[where(proof, "Beslissingen van de regels") :]
    for statement, rule in (
        ("mag je meteen weer open terugleggen", "SA-B3"),
        ("op zijn vroegst één beurt na je eigen “Arriba!”", "SA-B5"),
        ("Het delen gaat naar de volgende speler die nog meedoet", "SA-B8"),
        ("geen spelregel", "SA-B8"),
    ):
        at = where(decisions, statement)
        assert at >= 0, statement
        assert rule in decisions[at : at + 250], (statement, rule)
