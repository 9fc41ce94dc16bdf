"""``pnp build GAME --watch``: a rebuild per change set, one line each, errors included, and the
watching goes on after an error. The change stream is injected; one test uses real file events."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.kit.build import BuildOptions, BuildResult, build
from pnp.kit.watch import file_changes, watch_game, watched_folders
from pnp.scaffold import new_game
from tests.pdftext import page_texts

GAME_ID = "groter-kleiner"
FAKE = BuildResult(GAME_ID, (), Path("kit"), [], {})
"""What a stand-in rebuild returns, where the test is about the watching only."""


@pytest.fixture()
def small_game(project_copy: Path) -> Path:
    """A data-only game (quick to build) in the project copy; returns its table."""
    new_game(GAME_ID)
    return project_copy / "cardspecs" / GAME_ID / "kaarten.csv"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _cards_text(out: Path) -> str:
    reader = PdfReader(out / GAME_ID / "kaarten.pdf")
    return " ".join(page_texts(reader, collapse=False))


def _rebuild(out: Path) -> Callable[[], BuildResult]:
    return partial(build, GAME_ID, (), BuildOptions(out_dir=out))


def test_two_rebuilds_one_good_one_with_a_broken_table(small_game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    lines: list[str] = []

    def changes() -> Iterator[set[Path]]:
        _edit(small_game, "Muis", "Veldmuis")
        yield {small_game}
        _edit(small_game, "muis,2,1,", "muis,2,een,")
        yield {small_game}
        _edit(small_game, "muis,2,een,", "muis,2,1,")
        yield {small_game, small_game.parent / "layouts" / "kaart.toml"}

    watch_game(GAME_ID, _rebuild(out), changes(), lines.append)
    table = f"cardspecs/{GAME_ID}/kaarten.csv"
    assert lines == [
        f"built {GAME_ID} -> {out / GAME_ID}",
        f"watching {GAME_ID} for changes (Ctrl-C stops)",
        f"rebuilt {GAME_ID} ({table})",
        f"error: {table}:2: column 'grootte': 'een' is not a whole number",
        f"rebuilt {GAME_ID} ({table}, cardspecs/{GAME_ID}/layouts/kaart.toml)",
        f"stopped watching {GAME_ID}",
    ]
    assert "Veldmuis" in _cards_text(out), "the good rebuild wrote the new table"


def test_a_broken_first_build_still_watches_and_recovers(small_game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _edit(small_game, "kat,2,4,Kat,winter", "kat,2,4,Kat,paars")
    lines: list[str] = []

    def changes() -> Iterator[set[Path]]:
        _edit(small_game, "Kat,paars", "Kat,winter")
        yield {small_game}

    watch_game(GAME_ID, _rebuild(out), changes(), lines.append)
    assert lines[0].startswith(f"error: cardspecs/{GAME_ID}/kaarten.csv:5: column 'colour'")
    assert lines[1:] == [
        f"watching {GAME_ID} for changes (Ctrl-C stops)",
        f"rebuilt {GAME_ID} (cardspecs/{GAME_ID}/kaarten.csv)",
        f"stopped watching {GAME_ID}",
    ]


def test_the_stop_condition_ends_the_watch(small_game: Path) -> None:
    builds: list[int] = []
    lines: list[str] = []

    def rebuild() -> BuildResult:
        builds.append(1)
        return FAKE

    changes = iter([{small_game}, {small_game}, {small_game}])
    watch_game(GAME_ID, rebuild, changes, lines.append, stop=lambda: len(builds) >= 2)
    assert len(builds) == 2, "the first build and one rebuild"
    assert lines[-1] == f"stopped watching {GAME_ID}"
    assert next(changes) == {small_game}, "the stream was not read further"


def test_ctrl_c_stops_without_a_traceback(small_game: Path) -> None:
    lines: list[str] = []

    def changes() -> Iterator[set[Path]]:
        raise KeyboardInterrupt
        yield set()

    def rebuild() -> BuildResult:
        return FAKE

    watch_game(GAME_ID, rebuild, changes(), lines.append)
    assert lines == [
        f"built {GAME_ID} -> kit",
        f"watching {GAME_ID} for changes (Ctrl-C stops)",
        f"stopped watching {GAME_ID}",
    ]


def test_the_watched_folders_are_what_a_build_reads(small_game: Path, project_copy: Path) -> None:
    folders = watched_folders(GAME_ID)
    assert folders[:3] == [
        project_copy / "cardspecs" / GAME_ID,
        project_copy / "cardspecs" / "common",
        project_copy / "art" / GAME_ID,
    ]
    assert folders[3].name == "fonts"


def test_watch_of_an_unknown_game_is_one_line(project_copy: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", "geen-spel", "--watch", "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: unknown game 'geen-spel'")


def _file_events_work(folder: Path) -> bool:
    """Whether this machine reports file changes to watchfiles within a few seconds."""
    stop = threading.Event()
    seen: list[set[Path]] = []

    def run() -> None:
        for changed in file_changes([folder], stop):
            seen.append(changed)
            stop.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 5
    while not seen and time.monotonic() < deadline:
        (folder / "probe.txt").write_text(str(time.monotonic()), encoding="utf-8")
        time.sleep(0.3)
    stop.set()
    thread.join(timeout=10)
    return bool(seen)


def test_real_file_events_trigger_a_rebuild(small_game: Path, tmp_path: Path) -> None:
    probe = tmp_path / "probe"
    probe.mkdir()
    if not _file_events_work(probe):
        pytest.skip("file events are not available here (watchfiles saw no change)")
    out = tmp_path / "out"
    stop = threading.Event()
    lines: list[str] = []
    changes = file_changes(watched_folders(GAME_ID), stop)
    thread = threading.Thread(
        target=watch_game, args=(GAME_ID, _rebuild(out), changes, lines.append), daemon=True
    )
    thread.start()

    def wait_for(prefix: str, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(line.startswith(prefix) for line in lines):
                return True
            time.sleep(0.1)
        return False

    try:
        assert wait_for("watching", 60), lines
        time.sleep(0.5)  # let the watcher settle on its folders
        _edit(small_game, "Olifant", "Mammoet")
        assert wait_for(f"rebuilt {GAME_ID}", 60), lines
    finally:
        stop.set()
        thread.join(timeout=20)
    assert not thread.is_alive(), "the stop event ends the watch"
    assert f"rebuilt {GAME_ID} (cardspecs/{GAME_ID}/kaarten.csv)" in lines
    assert "Mammoet" in _cards_text(out)
    assert lines[-1] == f"stopped watching {GAME_ID}"
