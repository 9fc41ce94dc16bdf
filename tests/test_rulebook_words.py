"""The words of the kits, read back from the built PDFs as a Dutch editor reads them.

Counts read right for every number ("alle drie de kaarten", "beide kaarten"); one word for one
thing across cards, player aid and book (the Sintkaart, "naast of boven elkaar", a boat that
"staat op" a house, "rondes"); no calques; no tool words in a family book (the command lines
are for whoever makes the kit, in the proofreading edition); and no base sentence that a kit's
variants contradict or make pointless (Pietje Precies scores all or nothing from the first
sentence of "Scoren", Krappe Kalender has no Kalender-choice tip, a kit without action cards
does not mention them among the cards that stay in a bid).
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import PROOF_KITS, RULEBOOK_KITS, BuiltKit, KitMaker

SPECULAAS_PP = ("speculaas", "pietje-precies")
ALL_STOOMBOOT = ("krappe-kalender", "prachtige-pakjes", "pepernoot-plekken", "rebelse-pietjes")
EVERYTHING_SK = (
    "meer-pakjes",
    "surprises",
    "speculaas",
    "actiepiet",
    "pietje-precies",
    "eerste-stopper",
)
"""The largest Sinterklaas kit the proofreading tests share."""

OLD_WORDS = (
    "alle drie kaarten",
    "alle twee kaarten",
    "alle zes huizen",
    "af halen",
    "Meeste punten wint",
    "De meeste geschenken wint",
    "gelijk is samen winnen",
    "Win een ronde, verdien een geschenk",
    "Bij het scoren is de Pakjeskamer alleen je combinatie",
    "de kortste en langste tiende deel",
    "voor de eigen Piet",
    "Niet bezorgd:",
    "kaart legde is de nieuwe Sint",
    "het meeste heeft ingezet",
    "naar keuze wegstrepen",
)
"""Wordings a Dutch editor marked as wrong, calqued or clumsy; no kit prints them again."""

TOOL_WORDS = re.compile(r"\bpnp\b|\bbouwen\b|\bcommando|\bcomputer|\bprogramma\b|(?<!\w)--\w")
"""Words of the tool that makes a kit, which a family reading the rules cannot act on."""


def _book(built: BuiltKit, name: str = "spelregels.pdf") -> str:
    """The text of a rulebook, without the page number each page starts with, and with the
    words broken at a line end joined again."""
    pages = (re.sub(r"^\d+ ", "", page) for page in built.page_texts(name))
    return re.sub(r"(?<=[a-zà-ÿ])- (?=[a-zà-ÿ])", "", " ".join(pages))


def _section(book: str, start: str, end: str) -> str:
    """The text from the first ``start`` to the next ``end`` after it."""
    assert start in book, start
    rest = book[book.index(start) :]
    return rest[: rest.index(end)] if end in rest else rest


def _kit_text(built: BuiltKit) -> str:
    """Everything a kit prints: every PDF but the booklet, which imposes the screen edition."""
    names = sorted(n for n in built.files if n.endswith(".pdf") and n != "spelregels-boekje.pdf")
    return " ".join(_book(built, name) for name in names)


@pytest.mark.parametrize(("game", "variants"), RULEBOOK_KITS)
def test_no_kit_prints_a_wording_the_editor_struck(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    """None of the struck wordings is on a card, the aid or in a book of the shared kits."""
    text = _kit_text(kit(game, variants))
    assert [old for old in OLD_WORDS if old in text] == []


@pytest.mark.parametrize(
    ("variants", "wanted"),
    [
        ((), "alle drie de kaarten van de Pakjeskamer"),
        (("minder-pakjes",), "beide kaarten van de Pakjeskamer"),
        (EVERYTHING_SK, "alle vier de kaarten van de Pakjeskamer"),
    ],
)
def test_every_count_of_the_pakjeskamer_reads_right(
    kit: KitMaker, variants: tuple[str, ...], wanted: str
) -> None:
    """The end of the game names all the Pakjeskamer's cards with the article a count needs:
    "beide" for two, "alle drie de" for three, "alle vier de" for four."""
    book = _book(kit("sinterklaas", variants))
    assert wanted in book
    assert not re.search(r"\balle (twee|drie|vier) kaarten\b", book)


def test_the_stoomboot_book_counts_its_houses_with_the_article(kit: KitMaker) -> None:
    """The houses are counted with the article ("Alle zes de huizen doen mee"), and the new Sint after the comma the sentence needs."""
    book = _book(kit("stoomboot"))
    assert "Alle zes de huizen doen mee" in book
    assert "wie de laatste kaart legde, is de nieuwe Sint" in book


def test_the_base_kit_calls_the_sint_card_the_sintkaart(kit: KitMaker) -> None:
    """Card, gallery and book of the base kit say Sintkaart; "Kleine Sint" appears only in a kit
    with Wie kent hem niet?, where the Grote Sint comes in, and there on the card itself."""
    base = kit("sinterklaas")
    assert "Sintkaart" in base.component_text("sint")
    assert "Kleine Sint" not in _kit_text(base)
    paired = kit("sinterklaas", ("wie-kent-hem-niet",))
    assert "Kleine Sint" in paired.component_text("sint")
    assert "Grote Sint" in paired.component_text("grote-sint")
    assert "heet die kaart de Kleine Sint" in _book(paired)


def test_santoska_says_naast_of_boven_elkaar_on_card_aid_and_book(kit: KitMaker) -> None:
    """The Santoska card, the aid's back and the book all say "naast of boven elkaar" for the
    cards that score together, and the book's card list names the number cards by digits."""
    built = kit("santoska")
    assert "Naast of boven elkaar: 5 bonuspunten" in built.component_text("santoska")
    assert "naast of boven elkaar" in built.component_text("hulp", back=True)
    book = _book(built)
    assert "Santoska-kaarten tegen elkaar" not in _section(book, "Snel beginnen", "Wat zit erin?")
    listed = _section(book, "Bijlage Alle kaarten", "Santoska-kaarten")
    assert "10× 1, 10× 2, 10× 3" in listed and "10× een" not in listed


@pytest.mark.parametrize("variants", [(), ALL_STOOMBOOT])
def test_stoomboot_says_a_pawn_staat_op_a_house(kit: KitMaker, variants: tuple[str, ...]) -> None:
    """Book, examples and aid say that a boat (or Piet) "staat op" a house, never that it
    "ligt bij" one (which would also read as next to it)."""
    built = kit("stoomboot", variants)
    text = _book(built) + " " + built.component_text("hulp", back=True)
    assert "staat de boot op een huis" in text.lower()
    assert not re.search(r"\bligt (de boot )?bij\b", text)


def test_one_plural_of_ronde(kit: KitMaker) -> None:
    """Every book says "rondes", never "ronden"."""
    for game, variants in RULEBOOK_KITS:
        assert not re.search(r"\bronden\b", _kit_text(kit(game, variants))), (game, variants)


@pytest.mark.parametrize(("game", "variants", "options"), PROOF_KITS)
def test_the_family_book_has_no_tool_words_the_proof_edition_has_the_commands(
    kit: KitMaker, game: str, variants: tuple[str, ...], options: dict[str, object]
) -> None:
    """The family editions say what a person does (print the calibration sheet, read the shift
    off it); only the proofreading edition names the commands that make a kit."""
    built = kit(game, variants, proof=True, **options)
    family = _book(built)
    assert TOOL_WORDS.findall(family) == []
    assert "print dan eerst het kalibratievel" in family
    assert "pnp calibrate --save X,Y" in _book(built, "spelregels-proef.pdf")


def test_pietje_precies_scoring_starts_with_all_or_nothing(kit: KitMaker) -> None:
    """With Pietje Precies the "Scoren" section opens with all or nothing and gives the
    straight among its kinds before any example; the base rule ("zoveel mogelijk kaarten")
    is not printed there, nor in the quick start. Without the variant, "Scoren" opens with
    the base rule."""
    book = _book(kit("sinterklaas", SPECULAAS_PP))
    scoring = _section(book, "Scoren Met Pietje Precies", "Voorbeeld:")
    assert scoring.startswith("Scoren Met Pietje Precies geldt bij het scoren alles of niets")
    assert "straatje" in scoring and "zoveel mogelijk" not in scoring
    assert "wint wie het meest heeft ingezet (de Remiseregel)" in scoring
    quick = _section(book, "Snel beginnen", "Wat zit erin?")
    assert "al zijn kaarten" in quick and "straatje" in quick
    assert "de meeste kaarten van één kleur" not in quick
    base = _book(kit("sinterklaas"))
    plain = _section(base, "Scoren Na het laatste biedrondje", "Voorbeeld:")
    assert "zoveel mogelijk kaarten van dezelfde kleur" in plain
    assert "straatje" not in plain and "alles of niets" not in base


def test_krappe_kalender_has_no_kalender_choice_tip(kit: KitMaker) -> None:
    """The tip on which played card goes onto the Kalender is for the base rule only: Krappe
    Kalender turns over a Kalender card instead."""
    assert "Welke kaart op de Kalender?" in _book(kit("stoomboot"))
    assert "Welke kaart op de Kalender?" not in _book(kit("stoomboot", ALL_STOOMBOOT))


@pytest.mark.parametrize(
    ("variants", "stays"),
    [
        (("speculaas", "surprises"), "Munten ruil je niet terug"),
        (EVERYTHING_SK, "Actiekaarten, munten en gedekte kaarten ruil je"),
    ],
)
def test_the_swap_rule_names_only_the_cards_the_kit_has(
    kit: KitMaker, variants: tuple[str, ...], stays: str
) -> None:
    """The Inwisselregel's tip lists what stays in a bid among the kit's own cards: coins with
    the Biedregel, action cards with Actiepiet, face-down cards with both Actiepiet and Pietje
    Precies; a kit without action cards does not mention them."""
    tip = _section(_book(kit("sinterklaas", variants)), "Inwisselen. Je ruilt", "• ")
    assert stays in tip
    if "actiepiet" not in variants:
        assert "ctiekaart" not in tip and "gedekt" not in tip


@pytest.mark.parametrize(("game", "variants"), RULEBOOK_KITS)
def test_no_markup_is_printed_as_text(kit: KitMaker, game: str, variants: tuple[str, ...]) -> None:
    """A condition at the end of a line must keep the line's end: otherwise the next bullet or
    generated part is glued to the sentence and printed as text ("…opgeschoven.- Huistegels",
    "…kies je zelf.::examples")."""
    built = kit(game, variants, proof=True)
    for name in ("spelregels.pdf", "spelregels-proef.pdf"):
        book = _book(built, name)
        assert "::" not in book and "**" not in book and "{%" not in book, name
        assert not re.search(r"[.;:!?)]- \S", book), name
