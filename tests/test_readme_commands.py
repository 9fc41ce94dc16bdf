"""The README's command reference agrees with the command line: every command pnp has is in
its table, every option the table or the option list names is one the command takes, the
commands it says take ``--quiet`` are exactly those that do, and the calibration sheet has
the name it gives."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.main import get_command

from pnp.cli import app
from tests.cli_run import run_pnp

README = Path(__file__).resolve().parents[1] / "README.md"


def _section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    return text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def _options_of(command: str) -> set[str]:
    group = get_command(app)
    assert hasattr(group, "commands")
    found = group.commands[command]
    return {opt for param in found.params for opt in getattr(param, "opts", ())}


def _table_rows() -> list[tuple[str, str]]:
    """(command, the usage cell) of each row of the Commands table."""
    rows = []
    for line in _section("Commands").splitlines():
        cell = re.match(r"^\| `pnp (?P<usage>[^`]+)` \|", line)
        if cell:
            rows.append((cell["usage"].split()[0], cell["usage"]))
    return rows


def test_every_command_is_in_the_table() -> None:
    group = get_command(app)
    assert hasattr(group, "commands")
    listed = {command for command, _ in _table_rows()}
    assert set(group.commands) == listed


@pytest.mark.parametrize(("command", "usage"), _table_rows())
def test_every_option_the_table_names_is_taken(command: str, usage: str) -> None:
    named = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", usage))
    assert named <= _options_of(command), usage


def test_the_commands_said_to_take_quiet_are_those_that_do() -> None:
    sentence = re.search(r"`--quiet` \(`-q`\) on (?P<which>[^.]*?) leaves out", README.read_text())
    assert sentence, "the README says which commands take --quiet"
    said = set(re.findall(r"`([a-z]+)`", sentence["which"]))
    group = get_command(app)
    assert hasattr(group, "commands")
    taking = {name for name in group.commands if "--quiet" in _options_of(name)}
    assert said == taking


def test_the_calibration_sheet_has_the_name_the_table_gives(tmp_path: Path) -> None:
    usage = next(row for row in _section("Commands").splitlines() if "`pnp calibrate [" in row)
    example = re.search(r"`output/(calibratie-[a-z0-9-]+\.pdf)`", usage)
    assert example, usage
    done = run_pnp("calibrate", "--out", str(tmp_path), "-q")
    assert done.returncode == 0, done.stderr
    assert [path.name for path in tmp_path.iterdir()] == [example[1]]


def test_simulate_plays_four_players_unless_told() -> None:
    row = next(line for line in _section("Commands").splitlines() if "`pnp simulate" in line)
    assert "4 players unless `--players`" in row
    group = get_command(app)
    assert hasattr(group, "commands")
    players = next(p for p in group.commands["simulate"].params if p.name == "players")
    assert players.default == 4 and not players.required
