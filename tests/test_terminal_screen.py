"""What a person sees in a terminal: commands run on a pseudo-terminal (stdout and stderr both
on it, as in a shell) and their bytes are played through a terminal emulator (pyte) of
120 by 30 with its scrollback. Every line a command reports is on the screen once, at the start
of a line; no bar's line runs on into a report; the progress bars are not drawn again down
the scrollback."""

from __future__ import annotations

from pathlib import Path

import pyte
import pytest

from pnp.catalog.project import game_ids
from tests.terminal import on_a_terminal

COLUMNS, ROWS = 120, 30
BAR = "━"


def _screen_lines(
    args: list[str], cwd: Path, columns: int = COLUMNS, rows: int = ROWS
) -> list[str]:
    """Run ``python -m pnp ARGS`` on a pseudo-terminal; every line of the scrollback and the
    screen afterwards, as the emulator shows them (trailing spaces cut)."""
    status, _, received = on_a_terminal(
        args, stdout_too=True, cwd=cwd, COLUMNS=str(columns), LINES=str(rows)
    )
    screen = pyte.HistoryScreen(columns, rows, history=5000)
    pyte.ByteStream(screen).feed(received)
    assert status == 0, "\n".join(screen.display)
    scrolled = [
        "".join(line[column].data for column in range(columns)) for line in screen.history.top
    ]
    return [line.rstrip() for line in [*scrolled, *screen.display]]


def _once(lines: list[str], wanted: str) -> None:
    found = [line for line in lines if line == wanted]
    assert len(found) == 1, f"{wanted!r} is on the screen {len(found)} times:\n" + "\n".join(lines)


def _no_run_on(lines: list[str]) -> None:
    for line in lines:
        if BAR in line:
            assert "->" not in line and "wrote" not in line, f"a bar runs into a report: {line!r}"


@pytest.fixture(scope="module")
def built_all(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    here = tmp_path_factory.mktemp("terminal")
    return here, _screen_lines(["build", "all", "--out", "out"], here)


def test_build_all_shows_each_line_once_and_the_bars_once(
    built_all: tuple[Path, list[str]],
) -> None:
    here, lines = built_all
    ids = game_ids()
    for game_id in ids:
        folder = Path("out") / game_id  # as --out gave it
        _once(lines, f"{game_id} (base game) -> {folder}")
        files = sorted(p.name for p in (here / folder).iterdir() if not p.name.startswith("."))
        assert files
        for name in files:
            size = (here / folder / name).stat().st_size
            _once(lines, f"  wrote {folder / name} ({size:,} bytes)")
    bars = [line for line in lines if line.startswith("all games") and BAR in line]
    assert len(bars) == 1, "the overall bar is drawn once, not again down the scrollback"
    assert f"{len(ids)}/{len(ids)}" in bars[0]
    _no_run_on(lines)
    shown = [line for line in lines if line]
    assert shown[-1] == f"built {len(ids)} of {len(ids)} games"
    assert shown[0].startswith("settings: ")


@pytest.mark.parametrize(
    ("args", "report"),
    [
        (["build", "twaalf-dagen"], "twaalf-dagen: up to date"),
        (["preview", "twaalf-dagen"], "preview: wrote"),
        (["export", "twaalf-dagen", "--tts"], "tts: wrote"),
    ],
)
def test_each_command_reports_once_below_its_bars(
    built_all: tuple[Path, list[str]], args: list[str], report: str
) -> None:
    here, _ = built_all
    lines = _screen_lines([*args, "--out", "out"], here)
    reports = [line for line in lines if line.startswith(report)]
    assert len(reports) == 1, "\n".join(lines)
    _no_run_on(lines)
    drawn = [line.split(BAR, 1)[0].rstrip() for line in lines if BAR in line]
    assert len(drawn) == len(set(drawn)), f"a bar is drawn twice: {drawn}"


@pytest.mark.parametrize(("columns", "rows"), [(COLUMNS, ROWS), (200, 60)])
def test_a_fresh_build_shows_every_file_it_wrote_once(
    tmp_path: Path, columns: int, rows: int
) -> None:
    """One game built into an empty folder (its paper named in capitals, as people type it):
    the settings line, the kit's line and each file written, once each, at any size."""
    lines = _screen_lines(
        ["build", "twaalf-dagen", "--paper", "LETTER", "--out", "out"], tmp_path, columns, rows
    )
    folder = Path("out") / "twaalf-dagen"
    _once(lines, f"twaalf-dagen (base game) -> {folder}")
    files = sorted(p.name for p in (tmp_path / folder).iterdir() if not p.name.startswith("."))
    assert "kaarten.pdf" in files
    for name in files:
        size = (tmp_path / folder / name).stat().st_size
        _once(lines, f"  wrote {folder / name} ({size:,} bytes)")
    shown = [line for line in lines if line]
    assert shown[0].startswith("settings: paper letter (command line)")
    _no_run_on(lines)
