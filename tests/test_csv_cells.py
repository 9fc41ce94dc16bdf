"""CSV cells as a spreadsheet writes them: a quoted cell may hold a line break (in a text column
declaring ``multiline = true``, see tests/test_data_refusals.py); characters that are line breaks only to Python's ``str.splitlines`` (a form feed, U+2028, ``\\x1c`` to ``\\x1e``,
``\\x85``) are refused as control characters but do not count as lines. Either way every problem
names the physical line of the file.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.base.errors import PnpError
from pnp.cli import app
from pnp.spec.loader import load_game_spec
from tests.languages import DUTCH

GAME = Path("cardspecs") / "twaalf-dagen"
DECK = GAME / "deck.csv"
TWO = "tortelduiven,2,2,Tortelduiven,"
THREE = "hennen,3,3,Franse hennen,Franse hen,roest,"


def _edit(root: Path, old: str, new: str, table: Path = DECK) -> None:
    path = root / table
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _multi_line_names(root: Path) -> None:
    """Let the deck's names hold a line break (``multiline = true``)."""
    old = 'name = { type = "text", max_length = 32 }\nshort'
    _edit(root, old, old.replace(" }", ", multiline = true }"), GAME / "game.toml")


def _spec(root: Path) -> object:
    return load_game_spec(root / "cardspecs" / "twaalf-dagen", root / "art", DUTCH)


def _problems(root: Path) -> list[str]:
    with pytest.raises(PnpError) as caught:
        _spec(root)
    return [str(p) for p in caught.value.problems]


def test_a_quoted_cell_keeps_its_line_break_and_later_rows_keep_their_lines(
    project_copy: Path,
) -> None:
    _multi_line_names(project_copy)
    _edit(project_copy, TWO, 'tortelduiven,2,2,"Tortel\nduiven",')
    spec = load_game_spec(project_copy / "cardspecs" / "twaalf-dagen", project_copy / "art", DUTCH)
    rows = {row.id: row for row in spec.component("deck").rows}
    assert rows["tortelduiven"].fields["name"] == "Tortel\nduiven"
    assert rows["tortelduiven"].source.line == 3, "a row spanning lines is named by its first"
    assert rows["hennen"].source.line == 5
    assert rows["hennen"].fields["name"] == "Franse hennen"


def test_an_error_after_a_multi_line_cell_names_its_physical_line(project_copy: Path) -> None:
    _multi_line_names(project_copy)
    _edit(project_copy, TWO, 'tortelduiven,2,2,"Tortel\nduiven",')
    _edit(project_copy, THREE, "hennen,3,3,Franse hennen,Franse hen,paars,")
    problems = _problems(project_copy)
    assert len(problems) == 1
    assert problems[0].startswith("cardspecs/twaalf-dagen/deck.csv:5: column 'colour': 'paars'")


def test_an_error_in_a_row_spanning_lines_names_its_first_line(project_copy: Path) -> None:
    _multi_line_names(project_copy)
    _edit(project_copy, TWO, 'tortelduiven,2,twee,"Tortel\n\nduiven",')
    problems = _problems(project_copy)
    assert len(problems) == 1
    assert problems[0].startswith("cardspecs/twaalf-dagen/deck.csv:3: column 'number':")


@pytest.mark.parametrize(
    "char",
    ["\x0c", "\x0b", "\u2028", "\u2029", "\x1c", "\x1d", "\x1e", "\x85"],
    ids=["form-feed", "vtab", "u2028", "u2029", "x1c", "x1d", "x1e", "x85"],
)
def test_characters_splitlines_breaks_on_do_not_shift_later_lines(
    project_copy: Path, char: str
) -> None:
    _edit(project_copy, TWO, f"tortelduiven,2,2,Tortel{char}duiven,")
    _edit(project_copy, THREE, "hennen,3,3,Franse hennen,Franse hen,paars,")
    problems = _problems(project_copy)
    assert problems[0] == (
        "cardspecs/twaalf-dagen/deck.csv:3: column 'name': "
        f"holds the control character U+{ord(char):04X}"
    )
    assert problems[1].startswith("cardspecs/twaalf-dagen/deck.csv:4: column 'colour': ")
    assert len(problems) == 2


def test_a_quote_never_closed_is_one_located_problem(project_copy: Path) -> None:
    _edit(project_copy, TWO, 'tortelduiven,2,2,"Tortelduiven,')
    problems = _problems(project_copy)
    assert problems == ["cardspecs/twaalf-dagen/deck.csv:3: not a CSV row: unexpected end of data"]


def test_pnp_check_names_the_physical_line_after_a_multi_line_cell(
    project_copy: Path,
) -> None:
    _multi_line_names(project_copy)
    _edit(project_copy, TWO, 'tortelduiven,2,2,"Tortel\nduiven",')
    _edit(project_copy, THREE, "hennen,3,3,Franse\u2028hennen,Franse hen,paars,")
    result = CliRunner().invoke(app, ["check", "twaalf-dagen"])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 2
    assert lines[0] == (
        "error: cardspecs/twaalf-dagen/deck.csv:5: column 'name': "
        "holds the control character U+2028"
    )
    assert lines[1].startswith("error: cardspecs/twaalf-dagen/deck.csv:5: column 'colour': 'paars'")
    assert "Traceback" not in result.output


def test_pnp_check_accepts_a_multi_line_cell_in_a_column_declaring_it(project_copy: Path) -> None:
    caption = 'caption = { type = "text", max_length = 80 }'
    _edit(project_copy, caption, caption.replace(" }", ", multiline = true }"), GAME / "game.toml")
    _edit(project_copy, "geschenk. Wie", "geschenk.\nWie", GAME / "gifts.csv")
    result = CliRunner().invoke(app, ["check", "twaalf-dagen"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("twaalf-dagen: OK")
