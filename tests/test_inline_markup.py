"""Emphasis in any text a user writes (a game's name, a card's name, a rulebook line) always
becomes well-formed paragraph markup: crossing emphasis is printed as written."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph
from typer.testing import CliRunner

from pnp.cli import app
from pnp.rulebook.markup import inline

STYLE = ParagraphStyle("test")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="*ab <>&/[]-SK1", max_size=30))
def test_any_text_becomes_markup_the_paragraph_parser_accepts(text: str) -> None:
    Paragraph(inline(text), STYLE)  # raises ValueError on markup it cannot parse


def test_crossing_emphasis_is_printed_as_written_and_nested_emphasis_is_kept() -> None:
    assert inline("*a **b* c**") == "*a <b>b* c</b>"
    assert inline("**a *b* c**") == "<b>a <i>b</i> c</b>"
    assert inline("<b>niet vet") == "&lt;b&gt;niet vet"


def test_a_kit_builds_with_crossing_emphasis_in_names(project_copy: Path, tmp_path: Path) -> None:
    toml = project_copy / "cardspecs" / "twaalf-dagen" / "game.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text.replace('name = "12 Dagen van Kerstmis"', 'name = "*a **b* c**"', 1))
    deck = project_copy / "cardspecs" / "twaalf-dagen" / "deck.csv"
    rows = deck.read_text(encoding="utf-8")
    deck.write_text(rows.replace(",Patrijs in een perenboom,", ",*a **b* c**,", 1))
    result = CliRunner().invoke(app, ["build", "twaalf-dagen", "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "o" / "twaalf-dagen" / "spelregels.pdf").stat().st_size > 0
