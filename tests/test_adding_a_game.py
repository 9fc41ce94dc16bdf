"""docs/adding-a-game.md, followed to the letter: the fixture game *Hoger of Lager*
(``tests/fixtures/mini_game/``) is installed the documented way, through its ``pnp.games``
entry point, and the commands the document names work on it; the document's list of
files is the fixture's list of files."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.catalog import registry
from pnp.catalog.project import load_game
from pnp.cli import app
from pnp.engine.core import EventLog, GameRecord, play, replay
from pnp.kit.maintenance import golden_root
from tests.fifth_game import fifth_game_installed, package, project
from tests.pdftext import page_texts

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "adding-a-game.md"
FIXTURE = ROOT / "tests" / "fixtures" / "mini_game"
GAME_ID = "hoger-lager"
BUNDLED = {"santoska", "sinterklaas", "stoomboot", "twaalf-dagen"}
A4 = (595.28, 841.89)
A5 = (419.53, 595.28)

AnyGame = registry.AnyGame


def _project() -> dict[str, Any]:
    return project()


def _package() -> str:
    """The fixture's package, as its entry point names it (``mini_game``)."""
    return package()


@pytest.fixture(scope="module")
def installed() -> Iterator[AnyGame]:
    """The fixture installed the documented way, for the module's tests."""
    with fifth_game_installed() as game:
        yield game


@pytest.fixture(scope="module")
def kit_folder(installed: AnyGame, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``pnp build hoger-lager --out <tmp>``, once."""
    out = tmp_path_factory.mktemp("out")
    result = CliRunner().invoke(app, ["build", GAME_ID, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / GAME_ID


def test_the_registry_finds_the_installed_game_next_to_the_bundled_ones(
    installed: AnyGame,
) -> None:
    known = registry.games()
    assert BUNDLED | {GAME_ID} <= set(known)
    assert known[GAME_ID] is installed
    assert installed.data_root == FIXTURE / _package() / "data"
    assert all(known[gid].data_root is None for gid in BUNDLED)
    assert load_game(GAME_ID).spec.folder == FIXTURE / _package() / "data/cardspecs" / GAME_ID


def test_pnp_list_shows_it(installed: AnyGame) -> None:
    result = CliRunner().invoke(app, ["list"])
    assert result.exit_code == 0, result.output
    assert "hoger-lager — Hoger of Lager (2–4 players, ±10 min)" in result.stdout
    assert " 24 × poker 63×88 mm  Getalkaarten" in result.stdout
    assert "twaalf-dagen — 12 Dagen van Kerstmis" in result.stdout


def test_pnp_check_passes(installed: AnyGame) -> None:
    result = CliRunner().invoke(app, ["check", GAME_ID])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("hoger-lager: OK — 1 component, 24 cards, 0 variants")


def _size(reader: PdfReader) -> set[tuple[float, float]]:
    return {
        (round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
        for p in reader.pages
    }


def test_pnp_build_writes_cards_rulebooks_and_manifest(kit_folder: Path) -> None:
    names = {"kaarten.pdf", "spelregels.pdf", "spelregels-boekje.pdf", "manifest.json"}
    assert {p.name for p in kit_folder.iterdir() if not p.name.startswith(".")} == names
    cards = PdfReader(kit_folder / "kaarten.pdf")
    assert len(cards.pages) == 6, "24 cards: 3 sheets of 9, each with its back page"
    assert _size(cards) == {A4}
    screen = PdfReader(kit_folder / "spelregels.pdf")
    assert _size(screen) == {A5}
    text = "\n".join(page_texts(screen, collapse=False))
    assert "Hoger of Lager" in text and "Voorbereiding" in text and "hoger of lager" in text
    booklet = PdfReader(kit_folder / "spelregels-boekje.pdf")
    assert _size(booklet) == {(A4[1], A4[0])}
    assert len(booklet.pages) * 2 >= len(screen.pages) and len(booklet.pages) % 2 == 0
    manifest = json.loads((kit_folder / "manifest.json").read_text(encoding="utf-8"))
    assert (manifest["game"], manifest["name"]) == (GAME_ID, "Hoger of Lager")
    assert {f["name"] for f in manifest["files"]} == names - {"manifest.json"}
    assert manifest["components"] == [{"id": "kaarten", "name": "Getalkaarten", "cards": 24}]


def test_the_engine_plays_seeded_games_to_the_end_and_the_records_replay(
    installed: AnyGame,
) -> None:
    kit = installed.engine
    config = installed.config_from_spec(load_game(GAME_ID).spec, ())
    assert config == kit.standard_config(()), "the standard config is the tables' config"
    assert installed.validate_config(config) == []
    for players, seed in product(range(2, 5), range(3)):
        names = [sorted(kit.policies)[(seat + seed) % len(kit.policies)] for seat in range(players)]
        log = EventLog()
        result = play(kit.engine, config, [kit.policies[n]() for n in names], seed, log=log)
        state = result.state
        assert state.is_terminal() and state.winners
        assert len(state.history) == 24, "the shuffle and one guess per card turned up"
        assert sum(state.points) <= 23
        record = GameRecord.from_json(result.record.to_json())
        assert (record.game_id, record.num_players, record.seed) == (GAME_ID, players, seed)
        assert replay(record, kit.engine, kit.standard_config(record.variants)) == log.events
        assert all(kit.render_event(event) for event in log.events)
        actions = list(state.history)
        while state.history:
            state.pop()
        assert state.points == [0] * players and len(log) == 0 and not state.is_terminal()
        for action in actions:
            state.push(action)
        assert log.events == replay(record, kit.engine, config)


def test_pnp_golden_writes_and_checks_the_golden_cases(installed: AnyGame, tmp_path: Path) -> None:
    runner = CliRunner()
    update = runner.invoke(app, ["golden", GAME_ID, "--update", "--root", str(tmp_path)])
    assert update.exit_code == 0, update.output
    assert (tmp_path / GAME_ID / "base.json").is_file()
    check = runner.invoke(app, ["golden", GAME_ID, "--root", str(tmp_path)])
    assert check.exit_code == 0, check.output
    assert "golden files match" in check.stdout


# --- the document's list of files ------------------------------------------------------------


def _listed(form: str) -> list[tuple[str, bool]]:
    """The ``(path, optional)`` lines of the fenced block after ``<!-- files: form -->``."""
    text = DOC.read_text(encoding="utf-8")
    marker = f"<!-- files: {form} -->"
    assert marker in text, f"{DOC.name} has no {marker}"
    block = text.split(marker, 1)[1].split("```")[1]
    listed = []
    for line in block.splitlines()[1:]:
        path, _, comment = line.partition("#")
        if path.strip():
            listed.append((path.strip(), comment.strip().startswith("optional")))
    return listed


def _pattern(path: str, package: str) -> re.Pattern[str]:
    """A listed path as a pattern: ``my_game`` is the package, ``<...>`` one name of one's own."""
    parts = re.split(r"(<[^>]+>)", path.replace("my_game", package))
    return re.compile("".join("[^/]+" if p.startswith("<") else re.escape(p) for p in parts))


def test_the_document_lists_exactly_the_fixture_files() -> None:
    package = _package()
    files = sorted(
        p.relative_to(FIXTURE).as_posix()
        for p in FIXTURE.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    )
    listed = [(_pattern(path, package), optional) for path, optional in _listed("installed")]
    unlisted = [f for f in files if not any(pat.fullmatch(f) for pat, _ in listed)]
    assert unlisted == [], "fixture files the document does not list"
    missing = [
        pat.pattern
        for pat, optional in listed
        if not optional and not any(pat.fullmatch(f) for f in files)
    ]
    assert missing == [], "files the document requires that the fixture lacks"


def test_both_forms_list_the_same_files() -> None:
    moved = [
        (
            path.replace("my_game/data/cardspecs/", "cardspecs/")
            .replace("my_game/data/art/", "art/")
            .replace("my_game/data/golden/", "golden/")
            .replace("my_game/", "pnp/games/<name>/"),
            optional,
        )
        for path, optional in _listed("installed")
        if path != "pyproject.toml"
    ]
    assert sorted(moved) == sorted(_listed("bundled"))


def test_the_document_names_the_commands_and_the_entry_point_group() -> None:
    text = DOC.read_text(encoding="utf-8")
    for command in ("pnp list", "pnp check <id>", "pnp build <id>", "pnp golden <id> --update"):
        assert command in text
    assert f'[project.entry-points."{registry.ENTRY_POINT_GROUP}"]' in text
    assert registry.ENTRY_POINT_GROUP in _project()["entry-points"]


def test_an_installed_games_golden_files_default_to_its_data_folder(installed: AnyGame) -> None:
    """Without ``--root``, ``pnp golden`` reads an installed game's files from its own data
    folder, and a bundled game's from pnp's ``tests/golden``."""
    assert installed.data_root is not None
    assert golden_root(installed) == installed.data_root / "golden"
    assert golden_root(registry.game("santoska")) is None
