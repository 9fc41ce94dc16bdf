"""A game's edition in another language, laid over its own files (``pnp.spec.edition``): the
words it may give, the mistakes it may hold (each one located line), and a game without one;
and loading a game to play it, which needs no renderer."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pnp.base.errors import PnpError
from pnp.catalog.project import load_spec

GAME = "twaalf-dagen"


def _edition(root: Path) -> Path:
    return root / "cardspecs" / GAME / "en"


def _refusal(root: Path) -> str:
    with pytest.raises(PnpError) as caught:
        load_spec(GAME, lang="en")
    lines = [str(problem) for problem in caught.value.problems]
    assert lines, "no problem reported"
    return lines[0]


def test_the_edition_gives_names_texts_and_file_names(project_copy: Path) -> None:
    dutch, english = load_spec(GAME), load_spec(GAME, lang="en")
    assert english.language.code == "en" and dutch.language.code == "nl"
    assert english.edition == _edition(project_copy)
    assert english.name != dutch.name
    deck_nl, deck_en = dutch.component("deck"), english.component("deck")
    assert [r.id for r in deck_en.rows] == [r.id for r in deck_nl.rows]
    assert [r.count for r in deck_en.rows] == [r.count for r in deck_nl.rows]
    assert deck_en.rows[0].fields["name"] != deck_nl.rows[0].fields["name"]
    assert (deck_nl.file, deck_en.file) == ("kaarten", "cards")
    # What is not a word stays the game's own: counts, numbers, art.
    for nl, en in zip(deck_nl.rows, deck_en.rows, strict=True):
        assert {k: v for k, v in en.fields.items() if k != "name"} == {
            k: v for k, v in nl.fields.items() if k != "name"
        }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[game]\nplayers = [2, 9]\n", "'game.players' is no word to translate"),
        ('[game]\nname = "X"\n[nonsense]\nname = "Y"\n', "'nonsense' is not in the game's own"),
        ("[game]\nname = 7\n", "'game.name' must be text, like the game's"),
        ('[components.deck]\nrules = ["TD-C1"]\n', "'components.deck.rules' is no word"),
    ],
)
def test_a_wrong_key_of_an_edition_is_one_located_line(
    project_copy: Path, text: str, message: str
) -> None:
    (_edition(project_copy) / "game.toml").write_text(text, encoding="utf-8")
    line = _refusal(project_copy)
    assert "en/game.toml:" in line and message in line, line


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda rows: [*rows, "geen-kaart,Nothing"], "'geen-kaart' is not a row of the game's"),
        (lambda rows: rows[:-1], "no row for"),
        (lambda rows: ["id,count", *rows[1:]], "not a text column of the game's table"),
        (lambda rows: [rows[0], rows[1].split(",")[0] + "," + "x" * 300, *rows[2:]], "longer"),
    ],
)
def test_a_wrong_table_of_an_edition_is_located(
    project_copy: Path, edit: object, message: str
) -> None:
    table = _edition(project_copy) / "deck.csv"
    rows = table.read_text(encoding="utf-8").splitlines()
    assert callable(edit)
    table.write_text("\n".join(edit(rows)) + "\n", encoding="utf-8")
    line = _refusal(project_copy)
    assert "en/deck.csv" in line and message in line, line


def test_a_game_without_the_edition_says_so(project_copy: Path) -> None:
    for path in sorted(_edition(project_copy).rglob("*"), reverse=True):
        path.unlink() if path.is_file() else path.rmdir()
    _edition(project_copy).rmdir()
    line = _refusal(project_copy)
    assert line.endswith(
        f"{GAME} has no edition in the language 'en' (no folder en/ beside game.toml)"
    )


PLAY_ONLY = """
import sys
from pnp import api
api.simulate("twaalf-dagen", 4, 3)
api.simulate("stoomboot", 4, 2)
api.golden(["sinterklaas", "santoska"])
loaded = sorted(m for m in sys.modules if m.split(".")[0] == "reportlab"
                or m.startswith(("pnp.rulebook", "pnp.sheets", "pnp.layout", "pnp.draw")))
print(loaded)
"""


def test_playing_a_game_loads_no_renderer() -> None:
    """simulate and golden load the games with their stories, but no reportlab, layout,
    drawing, sheets or rulebook: a game describes its figures and board as data."""
    done = subprocess.run(
        [sys.executable, "-c", PLAY_ONLY], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]", done.stdout
