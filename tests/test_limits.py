"""Limits checked when the data is loaded, before any work: numbers that are not finite or far
too large, text sizes outside 7-72 pt, control characters, too many rows, elements or cards.
Each is one located line naming the key or cell that is wrong, with exit 2 and nothing written."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from tests.test_bad_input import edit

GAME = Path("cardspecs") / "twaalf-dagen"
DECK_LAYOUT = GAME / "layouts" / "deck.toml"
DECK = GAME / "deck.csv"


@dataclass(frozen=True)
class Case:
    id: str
    mutate: Callable[[Path], str]
    """Breaks the project copy; returns the text the error line must contain."""


def _layout(old: str, new: str, message: str, offset: int = 0) -> Callable[[Path], str]:
    def mutate(root: Path) -> str:
        line = edit(root, DECK_LAYOUT, old, new) + offset
        return f"{DECK_LAYOUT.as_posix()}:{line}: element 'number-top': {message}"

    return mutate


def _deck_cell(old: str, new: str, message: str) -> Callable[[Path], str]:
    def mutate(root: Path) -> str:
        line = edit(root, DECK, old, new)
        return f"{DECK.as_posix()}:{line}: {message}"

    return mutate


def _many_rows(root: Path) -> str:
    path = root / DECK
    lines = path.read_text(encoding="utf-8").splitlines()
    header, first = lines[0], lines[1]
    rows = [first.replace(first.split(",")[0], f"kaart-{i}", 1) for i in range(600)]
    path.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    return f"{DECK.as_posix()}:502: a table holds at most 500 rows"


def _many_elements(root: Path) -> str:
    element = '[[elements]]\nname = "e{i}"\nkind = "rect"\nbox = [0, 0, 1, 1]\n'
    with (root / DECK_LAYOUT).open("a", encoding="utf-8") as handle:
        handle.write("\n" + "\n".join(element.format(i=i) for i in range(300)))
    return f"{DECK_LAYOUT.as_posix()}: a layout holds at most 200 elements"


def _inherited(root: Path) -> str:
    """A child layout inherits a broken key: the error names the parent's line of that key."""
    line = edit(root, DECK_LAYOUT, "size = 25\nbox = [3.2", "size = 500\nbox = [3.2")
    (root / GAME / "layouts" / "dek-kind.toml").write_text(
        'extends = "deck"\n\n[[elements]]\nname = "number-top"\nfill = "inkt"\n',
        encoding="utf-8",
    )
    edit(root, GAME / "game.toml", 'layout = "deck"', 'layout = "dek-kind"')
    return f"{DECK_LAYOUT.as_posix()}:{line}: element 'number-top': text sizes are numbers"


SIZES = "text sizes are numbers from 7 to 72 pt"

CASES = [
    Case("size-inf", _layout("size = 25", "size = inf", SIZES)),
    Case("size-nan", _layout("size = 25", "size = nan", SIZES)),
    Case("size-1e300", _layout("size = 25", "size = 1e300", SIZES)),
    Case("size-500", _layout("size = 25", "size = 500", SIZES)),
    Case("min-size-nan", _layout("size = 25", "size = 25\nmin_size = nan", SIZES, offset=1)),
    Case(
        "min-size-above-size",
        _layout("size = 25", "size = 25\nmin_size = 30", "'min_size' may not be larger", 1),
    ),
    Case("box-nan", _layout("box = [3.2, 3.4,", "box = [nan, 3.4,", "'box' must be")),
    Case("box-string", _layout("box = [3.2, 3.4, 12.5, 10.5]", 'box = "3 3 12 10"', "'box'")),
    Case(
        "stroke-nan",
        _layout("size = 25", "size = 25\nstroke_width = nan", "lines must be from", offset=1),
    ),
    Case("radius-inf", _layout("size = 25", "size = 25\nradius = inf", "'radius' must", 1)),
    Case("leading-huge", _layout("size = 25", "size = 25\nleading = 100", "'leading' must", 1)),
    Case("flag-text", _layout("numeral = true", 'numeral = "ja"', "'numeral' must be true")),
    Case("inherited-key", _inherited),
    Case("elements", _many_elements),
    Case("rows", _many_rows),
    Case(
        "id-too-long",
        _deck_cell("patrijs,", "p" * 5000 + ",", "column 'id': an id has at most 64 characters"),
    ),
    Case(
        "nul-in-cell",
        _deck_cell("patrijs,", "patr\x00ijs,", "column 'id': holds the control character U+0000"),
    ),
    Case(
        "line-separator-in-cell",
        _deck_cell("patrijs,", "patr\u2028ijs,", "column 'id': holds the control character U+2028"),
    ),
    Case(
        "max-length-nan",
        lambda root: (
            f"{GAME.as_posix()}/game.toml:"
            + str(edit(root, GAME / "game.toml", "max_length = 32", "max_length = nan"))
            + ": column 'name': 'max_length' must be a whole number from 1 to 1000"
        ),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_limits_are_checked_at_load_time_with_the_line_of_the_key(
    case: Case, project_copy: Path, tmp_path: Path
) -> None:
    expected = case.mutate(project_copy)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", "twaalf-dagen", "--out", str(out)])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert any(expected in line for line in lines), f"{expected!r} not in {lines}"
    assert all(line.startswith("error: ") for line in lines)
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.rglob("*")), "nothing written"


def test_a_form_feed_in_a_cell_does_not_shift_the_lines_after_it(
    project_copy: Path, tmp_path: Path
) -> None:
    first = edit(project_copy, DECK, "patrijs,", '"patr\x0cijs",')
    text = (project_copy / DECK).read_text(encoding="utf-8")
    later = text.splitlines()[5]
    broken = later.split(",", 1)[0]
    last = edit(project_copy, DECK, broken + ",", broken.upper() + ",")
    result = CliRunner().invoke(app, ["check", "twaalf-dagen"])
    assert result.exit_code == 2, result.output
    assert f"deck.csv:{first}: column 'id': holds the control character U+000C" in result.stderr
    assert f"deck.csv:{last}: column 'id':" in result.stderr


def test_check_refuses_a_piece_no_sheet_can_hold_at_its_size_line(
    project_copy: Path,
) -> None:
    line = edit(
        project_copy, GAME / "game.toml", 'size = "poker"', "size = { width = 200, height = 200 }"
    )
    result = CliRunner().invoke(app, ["check", "twaalf-dagen"])
    assert result.exit_code == 2, result.output
    errors = [e for e in result.stderr.splitlines() if e.strip()]
    assert errors == [
        f"error: cardspecs/twaalf-dagen/game.toml:{line}: "
        "a 200x200 mm card does not fit on a4 paper"
    ]


def test_a_component_the_engine_needs_is_named_when_missing(project_copy: Path) -> None:
    path = project_copy / GAME / "game.toml"
    text = path.read_text(encoding="utf-8").replace("[components.gifts", '[components."gi.fts"')
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "twaalf-dagen"])
    assert result.exit_code == 2, result.output
    assert "the game has no component 'gifts' ([components.gifts])" in result.stderr
    assert "Traceback" not in result.output
