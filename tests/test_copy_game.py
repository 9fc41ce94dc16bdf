"""``pnp copy GAME [--to DIR]`` copies one of pnp's own games into a project folder, whole and
byte for byte, making the folder a project if it is none; the project's copy is then the game
pnp builds. It never overwrites, and a game pnp does not have is one line naming those it has."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.base.paths import ROOT_ENV, bundled_root
from pnp.catalog.locate import game_data_root
from pnp.cli import app


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder that is no project, as the working folder."""
    monkeypatch.delenv(ROOT_ENV, raising=False)
    folder = tmp_path / "mijn-spellen"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def test_a_copy_is_the_game_byte_for_byte_and_the_folder_becomes_its_project(
    elsewhere: Path,
) -> None:
    result = CliRunner().invoke(app, ["copy", "twaalf-dagen"])
    assert result.exit_code == 0, result.output
    source = bundled_root()
    assert source is not None
    for part in ("cardspecs", "art"):
        copied = _files(elsewhere / part / "twaalf-dagen")
        assert copied == _files(source / part / "twaalf-dagen"), part
    assert (elsewhere / "pnp.toml").is_file()
    assert result.stdout.splitlines()[1:] == [
        "  wrote art/twaalf-dagen/",
        "  wrote cardspecs/twaalf-dagen/",
        "pnp.toml makes this folder a pnp project: pnp finds the games in its cardspecs/ "
        "when run here or below",
        "next: edit the copy, then pnp build twaalf-dagen",
    ]
    assert game_data_root("twaalf-dagen") == elsewhere.resolve(), "the copy is the game now"
    assert game_data_root("santoska") == source, "the others stay pnp's own"


def test_a_second_copy_is_refused_and_changes_nothing(elsewhere: Path) -> None:
    assert CliRunner().invoke(app, ["copy", "santoska"]).exit_code == 0
    deck = elsewhere / "cardspecs" / "santoska" / "getallen.csv"
    deck.write_text("edited\n", encoding="utf-8")
    before = _files(elsewhere)
    again = CliRunner().invoke(app, ["copy", "santoska"])
    assert again.exit_code == 2
    assert again.stderr.splitlines() == ["error: art/santoska already exists"]
    assert _files(elsewhere) == before


def test_a_game_pnp_does_not_have_is_one_line_naming_its_games(elsewhere: Path) -> None:
    result = CliRunner().invoke(app, ["copy", "sinterklas"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: pnp has no game 'sinterklas' of its own; did you mean 'sinterklaas'?; "
        "its games: santoska, sinterklaas, stoomboot, twaalf-dagen"
    ]
    assert list(elsewhere.iterdir()) == []


def test_to_names_the_project_folder(elsewhere: Path, tmp_path: Path) -> None:
    target = tmp_path / "ander-project"
    result = CliRunner().invoke(app, ["copy", "stoomboot", "--to", str(target)])
    assert result.exit_code == 0, result.output
    assert (target / "cardspecs" / "stoomboot" / "game.toml").is_file()
    assert (target / "pnp.toml").is_file()
    assert list(elsewhere.iterdir()) == [], "nothing is written where pnp runs"


def test_an_empty_to_is_refused_not_the_working_folder(elsewhere: Path) -> None:
    result = CliRunner().invoke(app, ["copy", "santoska", "--to", ""])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == ["error: --to takes a folder name, not ''"]
    assert list(elsewhere.iterdir()) == []
