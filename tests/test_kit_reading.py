"""A kit read on screen (pnp.kit.reading): the printing advice and the rule statements are the
words the kit's book prints (read back from its PDF), a section is found by its anchor, and
the table after a move is a one-page PDF drawn from the real card faces."""

from __future__ import annotations

import io
import re
from typing import Any

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pnp.base.back_mode import BackMode
from pnp.catalog.registry import games
from pnp.kit.reading import KitReader
from pnp.rulebook.markup import parse
from pnp.rulebook.sections import anchored_section, plain, rule_statements
from tests.pdftext import page_texts

STORIED = [g.id for g in games().values() if g.story is not None]


def _words(text: str) -> str:
    """Text as a run of words, for finding one text inside another whatever the lines."""
    return " ".join(re.sub(r"[\u00ad\-]\s+", "", text).split())


@pytest.mark.parametrize(
    ("game", "lang", "backs"),
    [
        ("stoomboot", "nl", BackMode.LONG_EDGE),
        ("sinterklaas", "en", BackMode.SHORT_EDGE),
        ("santoska", "nl", BackMode.GUTTERFOLD),
    ],
)
def test_the_printing_advice_is_the_books_own_chapter_for_the_kits_options(
    kit: Any, game: str, lang: str, backs: BackMode
) -> None:
    built = kit(game, lang=lang, backs=backs)
    advice = KitReader(game, (), built.options).printing_advice()
    assert advice[0].kind == "heading"
    assert len([p for p in advice if p.kind == "item"]) >= 3
    book = next(name for name in built.files if name.endswith(".pdf") and "boekje" not in name
                and "booklet" not in name and name.startswith(("spelregels", "rules")))  # fmt: skip
    text = _words(" ".join(page_texts(PdfReader(built.path(book)))))
    for part in advice:
        assert _words(part.text)[:60] in text, part
    double = {"long-edge": "lange", "short-edge": "korte"}
    if backs.value in double:
        side = double[backs.value] if lang == "nl" else backs.value.split("-")[0]
        assert any(side in p.text for p in advice), "the advice follows the kit's backs"


def test_a_section_is_found_by_its_anchor_and_ends_at_the_next_heading() -> None:
    blocks = parse(
        "# Spel\n\nTekst. [TD-B1]\n\n::anchor printing\n## Printen\n\nPrint **alles**.\n\n"
        "- een lijst [TD-B2]\n\n> een tip\n\n### Dieper\n\nNog meer.\n\n## Volgende\n\nNiet meer.\n"
    )
    parts = anchored_section(blocks, "printing")
    assert [(p.kind, p.text) for p in parts] == [
        ("heading", "Printen"),
        ("paragraph", "Print alles."),
        ("item", "een lijst"),
        ("note", "een tip"),
        ("heading", "Dieper"),
        ("paragraph", "Nog meer."),
    ]
    assert anchored_section(blocks, "elders") == ()
    assert rule_statements(blocks) == {"TD-B1": ("Tekst.",), "TD-B2": ("een lijst",)}
    assert plain("a &amp; <b>b</b>") == "a & b"


@pytest.mark.parametrize("game", STORIED)
def test_every_rule_an_example_shows_is_stated_by_the_kits_book(game: str) -> None:
    reader = KitReader(game, (), _options())
    statements = reader.rule_statements()
    walk = reader.walkthrough(_first_example(game))
    for rule in walk.example.rules:
        assert statements.get(rule), f"{game}: the book states {rule}"
        for text in statements[rule]:
            assert "[" not in text and "<" not in text, text


@pytest.mark.parametrize("game", STORIED)
def test_the_table_after_a_move_is_one_page_drawn_from_the_card_faces(game: str) -> None:
    reader = KitReader(game, (), _options())
    walk = reader.walkthrough(_first_example(game))
    number = next(n for n, move in enumerate(walk.moves, 1) if move.table)
    pdf = reader.table_pdf(walk.example.id, number)
    assert pdf == reader.table_pdf(walk.example.id, number), "the same table, the same bytes"
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    forms = page["/Resources"]["/XObject"]
    assert len(forms) >= 3, "the cards are drawn from their faces"
    width_mm = float(page.mediabox.width) / 72 * 25.4
    assert width_mm == pytest.approx(190, abs=0.5)
    image = pdfium.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("L")
    coloured = sum(image.histogram()[:230])
    assert coloured > image.width * image.height * 0.05, "the table is drawn, not blank"
    with pytest.raises(IndexError):
        reader.table_pdf(walk.example.id, len(walk.moves) + 1)


def _options() -> Any:
    from pnp.kit.build_options import BuildOptions

    return BuildOptions()


def _first_example(game: str) -> str:
    from pnp.catalog.project import load_game
    from pnp.kit.examples import game_examples

    return game_examples(load_game(game).spec, ())[0].id
