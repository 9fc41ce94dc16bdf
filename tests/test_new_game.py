"""``pnp new NAME`` writes a small data-only game that ``pnp build NAME`` turns into cards and a
rulebook at once; a game without an engine lists, checks and builds, and the engine's commands
say in one line that it has none. Bad names and existing games are refused, nothing written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

import pnp
import pnp.scaffold
from pnp.catalog.project import data_only_games, engine_game
from pnp.cli import app
from tests.pdftext import page_texts

GAME_ID = "groter-kleiner"
CODE = Path(pnp.__file__).resolve().parent.parent
"""The folder holding the package under test (the data comes from the PNP_ROOT copy)."""


def _pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m pnp ARGS`` in a fresh process, with the current PNP_ROOT."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(CODE), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
        env=env,
    )


def _text(path: Path) -> str:
    return " ".join(page_texts(PdfReader(path)))


def _tree(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")}


def test_pnp_new_then_pnp_build_writes_cards_and_rulebook(
    project_copy: Path, tmp_path: Path
) -> None:
    new = _pnp("new", GAME_ID, cwd=tmp_path)
    assert new.returncode == 0, new.stderr
    assert "Traceback" not in new.stderr
    for written in (
        f"cardspecs/{GAME_ID}/game.toml",
        f"cardspecs/{GAME_ID}/kaarten.csv",
        f"cardspecs/{GAME_ID}/layouts/kaart.toml",
        f"cardspecs/{GAME_ID}/rulebook/spelregels.j2",
        f"art/{GAME_ID}/kaart.svg",
    ):
        assert f"wrote {written}" in new.stdout
        assert (project_copy / written).is_file()
    assert new.stdout.rstrip().endswith(f"next: pnp build {GAME_ID}")
    assert engine_game(GAME_ID) is None, "a data-only game"

    out = tmp_path / "out"
    built = _pnp("build", GAME_ID, "--out", str(out), cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    kit = out / GAME_ID
    assert {p.name for p in kit.iterdir() if not p.name.startswith(".")} == {
        "kaarten.pdf",
        "spelregels.pdf",
        "spelregels-boekje.pdf",
        "manifest.json",
    }
    names = [
        line.split(",")[3]
        for line in (project_copy / "cardspecs" / GAME_ID / "kaarten.csv")
        .read_text(encoding="utf-8")
        .splitlines()[1:]
    ]
    cards = _text(kit / "kaarten.pdf")
    assert names and all(name in cards for name in names), "the cards carry the table's names"
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["components"] == [{"id": "kaarten", "name": "Dierenkaarten", "cards": 16}]
    rulebook = _text(kit / "spelregels.pdf")
    assert "Groter kleiner" in rulebook and "Voorbereiding" in rulebook
    assert "zestien dierenkaarten" in rulebook
    assert "Voorbeeld" not in rulebook, "no example section without an engine"
    assert "2× Muis, 2× Kikker" in rulebook, "the appendix names cards by their name column"
    assert len(PdfReader(kit / "spelregels-boekje.pdf").pages) >= 2


def test_the_new_games_rulebook_follows_its_table(project_copy: Path, tmp_path: Path) -> None:
    """The sentences about the cards are read from kaarten.csv: change the table and the
    rulebook says how many animals there are, which is the smallest and largest, and how
    many copies each has."""
    runner = CliRunner()
    assert runner.invoke(app, ["new", GAME_ID]).exit_code == 0
    table = project_copy / "cardspecs" / GAME_ID / "kaarten.csv"
    table.write_text(
        "id,count,grootte,name,colour\nmuis,3,1,Muis,bes\nkat,3,4,Kat,winter\n"
        "beer,3,7,Beer,hulst\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["build", GAME_ID, "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    rulebook = _text(tmp_path / "o" / GAME_ID / "spelregels.pdf")
    assert (
        "negen dierenkaarten: drie dieren, van de kleine muis (1) tot de grote beer (7), "
        "elk drie keer" in rulebook
    )
    assert "Liggen alle kaarten met een beer al op de aflegstapel" in rulebook
    assert "groter is dan 4" in rulebook
    assert "Met drie kaarten van elke grootte" in rulebook
    for stale in ("acht dieren", "olifant", "twee keer", "Met twee kaarten"):
        assert stale not in rulebook, stale


def test_the_new_game_is_listed_checked_and_has_no_engine_commands(project_copy: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["new", GAME_ID]).exit_code == 0
    listed = runner.invoke(app, ["list"])
    assert listed.exit_code == 0, listed.output
    assert f"{GAME_ID} — Groter kleiner (2–5 players, ±15 min)  [no engine]" in listed.stdout
    assert "twaalf-dagen — 12 Dagen van Kerstmis" in listed.stdout
    checked = runner.invoke(app, ["check", GAME_ID])
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.startswith(f"{GAME_ID}: OK — 1 component, 16 cards, 0 variants")
    for args in (
        ["simulate", GAME_ID, "--players", "2", "--games", "1"],
        ["golden", GAME_ID],
        ["pin", GAME_ID],
        ["study", GAME_ID],
        ["examples", GAME_ID],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert lines == [
            f"error: {GAME_ID} has no engine (a data-only game): 'pnp {args[0]}' needs one"
        ]


def test_the_proofreading_edition_does_not_speak_of_examples(
    project_copy: Path, tmp_path: Path
) -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["new", GAME_ID]).exit_code == 0
    result = runner.invoke(app, ["build", GAME_ID, "--proof", "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    proof = _text(tmp_path / "o" / GAME_ID / "spelregels-proef.pdf")
    assert "Proefleesversie" in proof
    assert "voorbeelden" not in proof.lower() and "beslissingen" not in proof.lower()


def test_the_template_is_real_dutch_text() -> None:
    template = Path(pnp.scaffold.__file__).parent / "template"
    files = [p for p in template.rglob("*") if p.is_file()]
    assert {p.suffix for p in files} == {".toml", ".csv", ".j2", ".svg"}
    for path in files:
        text = path.read_text(encoding="utf-8").lower()
        assert "todo" not in text and "lorem" not in text and "xxx" not in text, path


def test_a_registered_engine_wins_over_a_folder_of_the_same_id(project_copy: Path) -> None:
    assert (project_copy / "cardspecs" / "twaalf-dagen" / "game.toml").is_file()
    found = data_only_games([project_copy])
    assert "twaalf-dagen" not in found and "common" not in found
    assert engine_game("twaalf-dagen") is not None


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Groter_Kleiner", "'Groter_Kleiner' is not a game id"),
        ("groter-", "'groter-' is not a game id"),
        ("groter--kleiner", "'groter--kleiner' is not a game id"),
        ("common", "'common' is not a game id"),
        ("twaalf-dagen", "there is already a game 'twaalf-dagen'"),
    ],
)
def test_pnp_new_refuses_bad_names_and_existing_games(
    project_copy: Path, name: str, message: str
) -> None:
    before = _tree(project_copy)
    result = CliRunner().invoke(app, ["new", name])
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {message}"), lines
    assert message in result.stderr and "Traceback" not in result.output
    assert _tree(project_copy) == before, "nothing written"


def test_pnp_new_refuses_an_existing_folder(project_copy: Path) -> None:
    (project_copy / "art" / GAME_ID).mkdir()
    before = _tree(project_copy)
    result = CliRunner().invoke(app, ["new", GAME_ID])
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == f"error: art/{GAME_ID} already exists"
    assert _tree(project_copy) == before


def test_pnp_new_a_second_time_is_refused(project_copy: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["new", GAME_ID]).exit_code == 0
    again = runner.invoke(app, ["new", GAME_ID])
    assert again.exit_code == 2
    assert again.stderr.strip() == f"error: there is already a game '{GAME_ID}'"


def test_a_failed_pnp_new_leaves_nothing_behind(
    project_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _tree(project_copy)
    real_rename = os.rename
    calls: list[str] = []

    def rename(source: str | Path, target: str | Path) -> None:
        calls.append(str(target))
        if len(calls) == 2:  # the spec folder, after the art folder is already in place
            raise OSError(28, "No space left on device")
        real_rename(source, target)

    monkeypatch.setattr(os, "rename", rename)
    result = CliRunner().invoke(app, ["new", GAME_ID])
    assert result.exit_code == 2, result.output
    assert "cannot write the new game: No space left on device" in result.stderr
    assert len(calls) == 2
    assert _tree(project_copy) == before, "neither folder nor a temporary one is left"


def test_pnp_new_dest_writes_into_another_data_folder(project_copy: Path, tmp_path: Path) -> None:
    dest = tmp_path / "mijn-spellen"
    result = CliRunner().invoke(app, ["new", GAME_ID, "--dest", str(dest)])
    assert result.exit_code == 0, result.output
    assert (dest / "cardspecs" / GAME_ID / "game.toml").is_file()
    assert (dest / "art" / GAME_ID / "kaart.svg").is_file()
    assert not (project_copy / "cardspecs" / GAME_ID).exists()
    assert result.stdout.rstrip().endswith(f"next: pnp --project {dest} build {GAME_ID}")
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"new game {GAME_ID} in "), "a folder elsewhere is named"
    assert lines[0].endswith("mijn-spellen/:")
    assert f"  wrote cardspecs/{GAME_ID}/game.toml" in lines, "each file inside that folder"
    assert data_only_games([dest]) == {GAME_ID: dest}


def test_the_document_lists_exactly_the_files_pnp_new_writes(tmp_path: Path) -> None:
    text = (CODE / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    block = text.split("<!-- files: new -->", 1)[1].split("```")[1]
    listed = sorted(
        line.split("#")[0].strip().replace("<id>", GAME_ID)
        for line in block.splitlines()[1:]
        if line.split("#")[0].strip()
    )
    made = pnp.scaffold.new_game(GAME_ID, tmp_path)
    assert listed == sorted(p.relative_to(tmp_path).as_posix() for p in made.files)
    assert "pnp new <id>" in text and "pnp build <id> --watch" in text


def test_pnp_new_outside_a_project_says_it_made_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run by an installed pnp in a folder that is no project, ``pnp new`` writes the game
    there and a ``pnp.toml`` that makes the folder a project, says so, and says what next."""
    monkeypatch.delenv("PNP_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    bundled = pnp.scaffold.bundled_root()
    monkeypatch.setattr(pnp.scaffold, "installed_data_root", lambda: bundled)
    result = CliRunner().invoke(app, ["new", GAME_ID])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "pnp.toml").is_file()
    assert (tmp_path / "cardspecs" / GAME_ID / "game.toml").is_file()
    lines = result.stdout.splitlines()
    assert lines[0] == f"new game {GAME_ID}:", "the working folder is not named"
    assert "  wrote pnp.toml" in lines
    assert (
        "pnp.toml makes this folder a pnp project: pnp finds the games in its cardspecs/ "
        "when run here or below"
    ) in lines
    assert lines[-1] == f"next: pnp build {GAME_ID}"
