"""Spec tables, layouts, art overrides and game folders that are wrong: one located line each.

Each case breaks a copy of the project's data, runs ``pnp check`` and ``pnp build`` through the
command line in this process and reads back the one error line (file, line, problem), exit
status 2, no traceback, and a kit built earlier into the same folder byte for byte as it was.
``check`` and ``build`` refuse the same input with the same line.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.base.paths import project_root
from pnp.kit.build import BuildOptions, build
from pnp.spec.loader import load_game_spec
from tests.cli_run import run_pnp
from tests.languages import DUTCH

GAME = Path("cardspecs") / "twaalf-dagen"
DECK = GAME / "deck.csv"
LAYOUTS = GAME / "layouts"
TWO = "tortelduiven,2,2,Tortelduiven,"


def edit(root: Path, relative: Path, old: str, new: str) -> int:
    """Replace ``old`` (found once) by ``new`` in a project file; the 1-based line of the edit."""
    path = root / relative
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} in {relative}"
    start = text.index(old)
    path.write_text(text[:start] + new + text[start + len(old) :], encoding="utf-8")
    return text[:start].count("\n") + 1


def _digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def earlier_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A kit of the project's own data, built once: each test copies it as the earlier kit."""
    out = tmp_path_factory.mktemp("earlier")
    before = os.environ.get("PNP_ROOT")
    os.environ["PNP_ROOT"] = str(project_root())
    try:
        build("twaalf-dagen", options=BuildOptions(out_dir=out))
    finally:
        if before is None:
            del os.environ["PNP_ROOT"]
        else:
            os.environ["PNP_ROOT"] = before
    return out / "twaalf-dagen"


@pytest.fixture()
def refuse(project_copy: Path, tmp_path: Path, earlier_kit: Path) -> Callable[[str], str]:
    """``refuse(command)``: run ``pnp check`` or ``pnp build`` over an earlier kit, assert the
    refusal's shape (exit 2, one ``error:`` line, no traceback, the kit as it was) and return
    the line without its ``error: ``."""
    out = tmp_path / "out"
    shutil.copytree(earlier_kit, out / "twaalf-dagen", symlinks=True)
    before = _digests(out)

    def run(command: str) -> str:
        args = ["check", "twaalf-dagen"]
        if command == "build":
            args = ["build", "twaalf-dagen", "--out", str(out)]
        result = run_pnp(*args)
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert result.returncode == 2, result.stdout + result.stderr
        assert len(lines) == 1, lines
        assert lines[0].startswith("error: ")
        assert "Traceback" not in result.stdout + result.stderr
        assert _digests(out) == before, "the earlier kit is untouched"
        assert sorted(p.name for p in out.iterdir()) == ["twaalf-dagen"], "no leftovers"
        return lines[0].removeprefix("error: ")

    return run


def both(refuse: Callable[[str], str]) -> str:
    """The one line ``check`` and ``build`` both give (they must give the same)."""
    checked = refuse("check")
    built = refuse("build")
    assert checked == built, (checked, built)
    return checked


# --- layouts -------------------------------------------------------------------------------


def test_a_when_naming_no_field_is_refused_by_build_as_by_check(
    project_copy: Path, refuse: Callable[[str], str]
) -> None:
    line = edit(
        project_copy,
        LAYOUTS / "deck.toml",
        'name = "picture"\n',
        'name = "picture"\nwhen = "nope"\n',
    )
    assert both(refuse).startswith(
        f"{LAYOUTS}/deck.toml:{line - 1}: element 'picture': unknown field {{nope}} (table deck.csv"
    )


def test_an_empty_layout_is_refused_instead_of_printing_blank_faces(
    project_copy: Path, refuse: Callable[[str], str]
) -> None:
    (project_copy / LAYOUTS / "deck.toml").write_text("# nothing yet\n", encoding="utf-8")
    assert both(refuse) == (
        f"{LAYOUTS}/deck.toml:1: layout 'deck' has no elements: "
        "every piece of [components.deck] would print blank"
    )


def test_two_elements_of_one_name_are_refused_at_the_second(
    project_copy: Path, refuse: Callable[[str], str]
) -> None:
    first = edit(project_copy, LAYOUTS / "deck.toml", 'name = "name-top"', 'name = "name-top"')
    second = edit(project_copy, LAYOUTS / "deck.toml", 'name = "name-bottom"', 'name = "name-top"')
    assert both(refuse) == (
        f"{LAYOUTS}/deck.toml:{second}: element 'name-top' appears twice in this layout "
        f"(first at line {first})"
    )


def test_a_fill_that_is_no_colour_is_one_line_at_the_layout_not_one_per_card(
    project_copy: Path, refuse: Callable[[str], str]
) -> None:
    text = (project_copy / LAYOUTS / "deck.toml").read_text(encoding="utf-8")
    start = text.index('name = "name-top"')
    element = text[: text.rindex("[[elements]]", 0, start)].count("\n") + 1
    tail = text[start:].replace('fill = "inkt"', 'fill = "nope"', 1)
    (project_copy / LAYOUTS / "deck.toml").write_text(text[:start] + tail, encoding="utf-8")
    assert both(refuse) == (
        f"{LAYOUTS}/deck.toml:{element}: element 'name-top': "
        "unknown colour 'nope' (not in [colours] and not #RRGGBB)"
    )


def test_a_back_picture_that_is_missing_is_one_line_at_the_back_layout(
    project_copy: Path, refuse: Callable[[str], str]
) -> None:
    edit(
        project_copy,
        LAYOUTS / "back.toml",
        'src = "twaalf-dagen/achterkant.svg"',
        'src = "twaalf-dagen/geen.svg"',
    )
    line = both(refuse)
    assert line.startswith(f"{LAYOUTS}/back.toml:5: element 'pattern': ")
    assert line.endswith("art file 'twaalf-dagen/geen.svg' does not exist in art/")


# --- the game's folder ---------------------------------------------------------------------


def test_a_project_game_folder_without_game_toml_is_refused_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "project"
    (project / GAME).mkdir(parents=True)
    (project / DECK).write_text("id,count\n", encoding="utf-8")
    monkeypatch.setenv("PNP_ROOT", str(project))
    monkeypatch.chdir(project)
    out = tmp_path / "out"
    for args in (("check", "twaalf-dagen"), ("build", "twaalf-dagen", "--out", str(out))):
        result = run_pnp(*args)
        assert result.returncode == 2, result.stdout + result.stderr
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith(
            "error: cardspecs/twaalf-dagen/ has no game.toml"
        ), lines
    assert not out.exists(), "pnp's own copy of the game is not built instead"


# --- CSV cells -----------------------------------------------------------------------------


def test_a_tab_in_a_text_cell_is_refused_with_its_row(
    project_copy: Path, refuse: Callable[[str], str]
) -> None:
    line = edit(project_copy, DECK, TWO, "tortelduiven,2,2,Tortel\tduiven,")
    assert both(refuse) == f"{DECK}:{line}: column 'name': holds a tab (U+0009)"


def test_a_line_break_in_a_column_not_declaring_multiline_is_refused_with_its_row(
    project_copy: Path, refuse: Callable[[str], str]
) -> None:
    line = edit(project_copy, DECK, TWO, 'tortelduiven,2,2,"Tortel\nduiven",')
    assert both(refuse) == (
        f"{DECK}:{line}: column 'name': "
        "holds a line break (only a text column declaring 'multiline = true' may)"
    )


def test_multiline_is_refused_for_a_column_that_is_not_text(
    project_copy: Path, refuse: Callable[[str], str]
) -> None:
    old = 'number = { type = "int", min = 1, max = 12 }'
    line = edit(project_copy, GAME / "game.toml", old, old.replace(" }", ", multiline = true }"))
    assert both(refuse) == (
        f"{GAME}/game.toml:{line}: column 'number': 'multiline' must be true or false, "
        "and true only for a text column"
    )


def test_a_line_break_in_a_multiline_column_is_a_line_break_on_the_card(
    project_copy: Path, tmp_path: Path
) -> None:
    old = 'name = { type = "text", max_length = 32 }\ncaption'
    edit(project_copy, GAME / "game.toml", old, old.replace(" }", ", multiline = true }"))
    # Room for two lines in the gift's title, which does not wrap.
    edit(project_copy, LAYOUTS / "gift.toml", "size = 17\n", "size = 17\nmin_size = 8\n")
    edit(
        project_copy, GAME / "gifts.csv", "geschenk,12,Geschenk,", 'geschenk,12,"Mooi\r\nGeschenk",'
    )
    spec = load_game_spec(project_copy / GAME, project_copy / "art", DUTCH)
    assert spec.component("gifts").rows[0].fields["name"] == "Mooi\nGeschenk", "a plain \\n"
    out = tmp_path / "out"
    result = run_pnp("build", "twaalf-dagen", "--out", str(out))
    assert result.returncode == 0, result.stderr
    reader = PdfReader(out / "twaalf-dagen" / "kaarten.pdf")
    text = "\n".join(page.extract_text() for page in reader.pages)
    lines = text.splitlines()
    assert "Mooi" in lines and "Geschenk" in lines, "two lines of their own"
    assert "\x00" not in text


def test_a_cell_of_a_million_characters_is_one_line_naming_its_row_and_the_limit(
    project_copy: Path, refuse: Callable[[str], str]
) -> None:
    line = edit(
        project_copy,
        DECK,
        "patrijs,1,1,Patrijs in een perenboom,",
        f"patrijs,1,1,{'x' * 1_000_000},",
    )
    assert both(refuse) == (
        f"{DECK}:{line}: a cell holds more than 10,000 characters (the most a cell may hold)"
    )


# --- deck counts ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "message"),
    [
        (
            " 3",
            "TD-C1: card 2 has 3 copies, expected 2; "
            "TD-C1: the deck has 79 cards, expected 78 (1 + 2 + ... + 12)",
        ),
        (
            "0",
            "TD-C1: card 2 has 0 copies, expected 2; "
            "TD-C1: the deck has 76 cards, expected 78 (1 + 2 + ... + 12); "
            "TD-B1: 7 players x 11 cards = 77 exceeds the 76-card deck",
        ),
    ],
    ids=["space-3", "zero"],
)
def test_a_count_breaking_the_deck_names_its_table_row(
    project_copy: Path, refuse: Callable[[str], str], count: str, message: str
) -> None:
    line = edit(project_copy, DECK, "tortelduiven,2,", f"tortelduiven,{count},")
    assert both(refuse) == f"{DECK}:{line}: column 'count': {message}"


def test_one_gift_too_few_names_the_gift_row(
    project_copy: Path, refuse: Callable[[str], str]
) -> None:
    line = edit(project_copy, GAME / "gifts.csv", "geschenk,12,", "geschenk,11,")
    assert both(refuse) == (
        f"{GAME}/gifts.csv:{line}: column 'count': TD-C2: 11 gift cards, expected 12; "
        "TD-B7: the full game has 12 hands but one gift is claimed per hand from 11 gift cards"
    )


def test_a_deck_problem_naming_a_card_of_another_game_names_that_row(
    project_copy: Path, tmp_path: Path
) -> None:
    """A game without a locator of its own: the problem names the card by its id, and that
    table row is where it is reported, by check and build alike."""
    deck = Path("cardspecs") / "sinterklaas" / "deck.csv"
    line = edit(project_copy, deck, "rood-2,3,", "rood-2,0,")
    out = tmp_path / "out"
    for args in (["check", "sinterklaas"], ["build", "sinterklaas", "--out", str(out)]):
        result = run_pnp(*args)
        assert result.returncode == 2
        assert result.stderr.splitlines() == [
            f"error: {deck}:{line}: column 'count': SK-C1: card rood-2 has 0 copies"
        ]
    assert not out.exists()


# --- art overrides -------------------------------------------------------------------------

PICTURE = "twaalf-dagen/01-patrijs.svg"


def _folder(path: Path) -> None:
    path.mkdir()


def _link_to_dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (_folder, "is a folder, not a file"),
        (_link_to_dev_zero, "is a link to a file outside art/"),
    ],
    ids=["folder", "link-to-dev-zero"],
)
def test_an_art_override_that_is_no_regular_file_is_refused_not_replaced_by_pnps_art(
    project_copy: Path,
    refuse: Callable[[str], str],
    make: Callable[[Path], None],
    reason: str,
) -> None:
    override = project_copy / "art" / PICTURE
    override.unlink()
    make(override)
    line = both(refuse)
    assert line.startswith(f"{DECK}:2: column 'art': art '{PICTURE}'")
    assert line.endswith(reason)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_an_art_override_that_is_a_pipe_is_refused_without_opening_it(
    project_copy: Path, refuse: Callable[[str], str]
) -> None:
    override = project_copy / "art" / PICTURE
    override.unlink()
    os.mkfifo(override)
    # A writer waits for a reader: if pnp opened the pipe, the writer would get through.
    opened = threading.Event()

    def writer() -> None:
        with open(override, "wb"):
            opened.set()

    waiting = threading.Thread(target=writer, daemon=True)
    waiting.start()
    try:
        assert both(refuse) == f"{DECK}:2: column 'art': art '{PICTURE}': is not a regular file"
        assert not opened.is_set(), "the pipe was never opened"
    finally:
        # Release the writer: open the pipe's reading end ourselves.
        fd = os.open(override, os.O_RDONLY | os.O_NONBLOCK)
        waiting.join(5)
        os.close(fd)
