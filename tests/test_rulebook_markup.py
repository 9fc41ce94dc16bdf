"""The rulebook's building blocks on their own: block markup, Dutch helpers, the sandboxed templates."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.base.errors import PnpError
from pnp.rulebook.markup import (
    Directive,
    Heading,
    ListBlock,
    MarkupError,
    Note,
    Paragraph,
    inline,
    parse,
)
from pnp.rulebook.templates import TemplateSet
from tests.languages import DUTCH, ENGLISH

number_word, ordinal_word = DUTCH.number_word, DUTCH.ordinal_word
plural_number, count_phrase = DUTCH.plural_number, DUTCH.count_phrase
all_of, join_words = DUTCH.all_of, DUTCH.join_words


def test_markup_blocks_in_order() -> None:
    blocks = parse(
        "# Titel\n"
        "Een alinea\nover twee regels. [TD-B1]\n"
        "\n"
        "- eerste\n"
        "  vervolg\n"
        "- tweede [TD-B2, TD-B3]\n"
        "1. stap\n"
        "> tip **vet**\n"
        "::components\n"
        "::cards deck/patrijs deck/zwanen\n"
        "### Klein\n"
    )
    assert blocks == [
        Heading(1, "Titel"),
        Paragraph("Een alinea over twee regels.", ("TD-B1",)),
        ListBlock((Paragraph("eerste vervolg"), Paragraph("tweede", ("TD-B2", "TD-B3"))), False),
        ListBlock((Paragraph("stap"),), True),
        Note(Paragraph("tip <b>vet</b>")),
        Directive("components", (), 10),
        Directive("cards", ("deck/patrijs", "deck/zwanen"), 11),
        Heading(3, "Klein"),
    ]


def test_rule_ids_inside_a_paragraph_are_printed_small() -> None:
    (block,) = parse("Eerst dit. [SK-P3] Dan dat. [SK-P4]")
    assert block == Paragraph(
        'Eerst dit. <font size="7" color="#8A8178">[SK-P3]</font> Dan dat.', ("SK-P4",)
    )


def test_inline_markup_escapes_everything_else() -> None:
    assert inline("**a** en *b* <c> & 3 * 4") == "<b>a</b> en <i>b</i> &lt;c&gt; &amp; 3 * 4"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("::onderdelen", "unknown directive '::onderdelen'"),
        ("#### Te diep", "a heading is '#', '##' or '###'"),
        ("#", "a heading is '#', '##' or '###'"),
    ],
)
def test_bad_markup_names_the_line(text: str, message: str) -> None:
    with pytest.raises(MarkupError) as caught:
        parse(f"# Goed\n\n{text}\n")
    assert caught.value.line == 3
    assert message in caught.value.message


def test_dutch_numbers_and_lists() -> None:
    assert [number_word(n) for n in (1, 8, 11, 12, 25)] == ["één", "acht", "elf", "twaalf", "25"]
    assert [plural_number(n) for n in (2, 8, 11, 12)] == ["tweeën", "achten", "elven", "twaalven"]
    assert count_phrase(1, "geschenk", "geschenken") == "één geschenk"
    assert count_phrase(3, "geschenk", "geschenken") == "drie geschenken"
    # all of a count, with the article Dutch needs: never "alle twee kaarten"
    alle = [all_of(n, "kaart", "kaarten") for n in (0, 1, 2, 3, 12)]
    assert alle == [
        "geen kaarten",
        "de kaart",
        "beide kaarten",
        "alle drie de kaarten",
        "alle twaalf de kaarten",
    ]
    assert join_words(["a"]) == "a"
    assert join_words(["a", "b", "c"]) == "a, b en c"
    assert join_words([]) == ""
    assert join_words(["a", "b"], "or") == "a of b"
    assert join_words(["a", "b", "c"], last="or") == "a, b of c"


def test_english_numbers_lists_and_ordinals() -> None:
    english = ENGLISH
    assert [english.number_word(n) for n in (1, 8, 11, 12, 25)] == [
        "one",
        "eight",
        "eleven",
        "twelve",
        "25",
    ]
    assert [english.plural_number(n) for n in (2, 6, 8, 12)] == [
        "twos",
        "sixes",
        "eights",
        "twelves",
    ]
    assert english.count_phrase(1, "gift", "gifts") == "one gift"
    assert english.count_phrase(3, "gift", "gifts") == "three gifts"
    all_cards = [english.all_of(n, "card", "cards") for n in (0, 1, 2, 3)]
    assert all_cards == ["no cards", "the card", "both cards", "all three cards"]
    assert english.join_words(["a", "b", "c"]) == "a, b and c"
    assert english.join_words(["a", "b", "c"], last="or") == "a, b or c"
    assert [english.ordinal_word(n) for n in (1, 3, 12)] == ["first", "third", "twelfth"]
    assert [english.ordinal_word(n) for n in (21, 22, 23, 24, 111, 112, 113, 101)] == [
        "21st",
        "22nd",
        "23rd",
        "24th",
        "111th",
        "112th",
        "113th",
        "101st",
    ]


def test_dutch_ordinals() -> None:
    assert [ordinal_word(n) for n in (1, 2, 3, 8, 11, 12)] == [
        "eerste",
        "tweede",
        "derde",
        "achtste",
        "elfde",
        "twaalfde",
    ]
    assert [ordinal_word(n) for n in (0, 13, 19, 20, 26, 100, 102, 108)] == [
        "0de",
        "13de",
        "19de",
        "20ste",
        "26ste",
        "100ste",
        "102de",
        "108ste",
    ]


def _templates(tmp_path: Path, **files: str) -> TemplateSet:
    game, common = tmp_path / "game", tmp_path / "common"
    game.mkdir()
    common.mkdir()
    for name, text in files.items():
        (game / f"{name}.j2").write_text(text, encoding="utf-8")
    (common / "basis.j2").write_text("# Basis\n{% block inhoud %}{% endblock %}\n", "utf-8")
    return TemplateSet(game, common, DUTCH)


def test_templates_extend_the_common_ones_and_use_the_dutch_filters(tmp_path: Path) -> None:
    templates = _templates(
        tmp_path,
        spel='{% extends "basis.j2" %}{% block inhoud %}{{ n|getal }} {{ n|meervoud }}{% endblock %}',
    )
    assert templates.render("spel.j2", {"n": 8}) == "# Basis\nacht achten"


@pytest.mark.parametrize(
    ("source", "line", "message"),
    [
        ("regel een\n{{ onbekend }}\n", 2, "'onbekend' is undefined"),
        ("a\nb\n{% if x %}\n", 3, "template syntax"),
        ("{{ x.__class__ }}\n", 1, "unsafe"),
        ("\n{{ x|onbekend }}\n", 2, "No filter named 'onbekend'"),
    ],
)
def test_template_mistakes_name_file_and_line(
    tmp_path: Path, source: str, line: int, message: str
) -> None:
    templates = _templates(tmp_path, spel=source)
    with pytest.raises(PnpError) as caught:
        text = templates.render("spel.j2", {"x": "tekst"})
        pytest.fail(f"rendered {text!r}")
    problem = caught.value.problems[0]
    assert problem.path is not None and problem.path.name == "spel.j2"
    assert problem.line == line
    assert message in problem.message
