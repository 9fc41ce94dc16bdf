"""The command line as a new user meets it: help that names values as people read them, a
mistyped game or variant answered with the nearest name in one line, choices in any case,
kits written to the project's own output folder from anywhere inside it, and the completion
script of the shell one names."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from pnp.base.paths import ROOT_ENV
from pnp.cli import app
from tests.cli_run import run_pnp

TYPE_NAMES = ("<bool>", "<str>", "<int>", "<path>", "<list[", "{game}", "{GAME}")


def _commands() -> list[str]:
    group = get_command(app)
    assert hasattr(group, "commands")
    return sorted(group.commands)


def test_every_help_names_values_as_people_read_them() -> None:
    commands = _commands()
    assert {"build", "preview", "copy", "simulate"} <= set(commands)
    for args in ([], *([c] for c in commands)):
        shown = run_pnp(*args, "--help", COLUMNS="200", NO_COLOR="1")
        assert shown.returncode == 0, (args, shown.stderr)
        for name in TYPE_NAMES:
            assert name not in shown.stdout, (args, name)
    build = run_pnp("build", "--help", COLUMNS="200", NO_COLOR="1").stdout
    assert "Usage: pnp build [OPTIONS] GAME" in build
    lines = {line.split()[1]: line for line in build.splitlines() if line.startswith("│ --")}
    assert lines["--variant"].split()[2] == "VARIANT"
    assert lines["--out"].split()[2] == "DIR"
    assert lines["--back-offset"].split()[2] == "X,Y"
    assert lines["--jobs"].split()[2] == "JOBS"
    assert lines["--cut-lines"].split()[2] == "Draw", "a flag takes no value"


def test_h_is_help_too() -> None:
    for args in (["-h"], ["build", "-h"]):
        short = run_pnp(*args, COLUMNS="200", NO_COLOR="1")
        long = run_pnp(*args[:-1], "--help", COLUMNS="200", NO_COLOR="1")
        assert short.returncode == 0 and short.stdout == long.stdout


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["build", "sinterklas"],
            "error: unknown game 'sinterklas'; did you mean 'sinterklaas'? "
            "(known: santoska, sinterklaas, stoomboot, twaalf-dagen)",
        ),
        (
            ["preview", "twaalfdagen"],
            "error: unknown game 'twaalfdagen'; did you mean 'twaalf-dagen'? "
            "(known: santoska, sinterklaas, stoomboot, twaalf-dagen)",
        ),
        (
            ["build", "twaalf-dagen", "--variant", "krot"],
            "error: unknown variant 'krot' for twaalf-dagen; did you mean 'kort'? (known: kort)",
        ),
        (
            ["build", "schaak"],
            "error: unknown game 'schaak' (known: santoska, sinterklaas, stoomboot, twaalf-dagen)",
        ),
    ],
)
def test_a_mistyped_name_is_one_line_with_the_nearest_name(
    tmp_path: Path, args: list[str], line: str
) -> None:
    done = run_pnp(*args, "--out", str(tmp_path / "out"))
    assert done.returncode == 2
    assert done.stdout == "", "no settings line before the error"
    assert done.stderr.splitlines() == [line]
    assert not (tmp_path / "out").exists()


def test_choices_are_taken_in_any_case(tmp_path: Path) -> None:
    done = run_pnp("calibrate", "--paper", "A4", "--backs", "Short-Edge", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "calibratie-a4-short-edge.pdf").is_file()
    wrong = run_pnp("calibrate", "--paper", "A5", "--out", str(tmp_path))
    assert wrong.returncode == 2
    assert wrong.stderr.splitlines() == ["error: --paper 'A5' is not one of 'a4', 'letter'."]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder holding its own copy of twaalf-dagen, with pnp run from a folder
    inside it."""
    monkeypatch.delenv(ROOT_ENV, raising=False)
    folder = tmp_path / "mijn-spellen"
    folder.mkdir()
    monkeypatch.chdir(folder)
    assert CliRunner().invoke(app, ["copy", "twaalf-dagen"]).exit_code == 0
    inside = folder / "cardspecs" / "twaalf-dagen"
    monkeypatch.chdir(inside)
    return folder


def test_a_project_builds_into_its_own_output_from_anywhere_inside_it(project: Path) -> None:
    done = run_pnp("build", "twaalf-dagen")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("out ../../output (default: the project's)")
    assert lines[1] == (
        "twaalf-dagen: the project's copy, cardspecs/twaalf-dagen/ (not pnp's own)"
    ), "said once, before the build"
    assert sum("project's copy" in line for line in lines) == 1
    assert (project / "output" / "twaalf-dagen" / "kaarten.pdf").is_file()
    assert not (project / "cardspecs" / "twaalf-dagen" / "output").exists()
    again = run_pnp("build", "twaalf-dagen")
    assert "twaalf-dagen: up to date" in again.stdout, "the same kit, found again"


def test_an_out_is_shown_as_it_was_typed(project: Path, tmp_path: Path) -> None:
    absolute = tmp_path / "out-st"
    done = run_pnp("build", "twaalf-dagen", "--out", str(absolute), "-q")
    assert done.returncode == 0, done.stderr
    shown = run_pnp("build", "twaalf-dagen", "--out", str(absolute))
    assert f"out {absolute.as_posix()} (command line)" in shown.stdout.splitlines()[0]
    relative = run_pnp("build", "twaalf-dagen", "--out", "../../../out-st")
    assert "out ../../../out-st (command line)" in relative.stdout.splitlines()[0]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish", "powershell"])
def test_show_completion_prints_the_named_shells_script(shell: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pnp", "--show-completion", shell],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    marks = {
        "bash": "complete -o default -F _pnp_completion pnp",
        "zsh": "#compdef pnp",
        "fish": "complete --command pnp",
        "powershell": "Register-ArgumentCompleter",
    }
    assert marks[shell] in done.stdout
    for other, mark in marks.items():
        if other != shell:
            assert mark not in done.stdout, (shell, other)


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["--show-completion", "tcsh"],
            "error: --show-completion takes a shell, one of bash, zsh, fish, powershell, pwsh, "
            "not 'tcsh'",
        ),
        (
            ["--show-completion=zhs"],
            "error: --show-completion takes a shell, one of bash, zsh, fish, powershell, pwsh, "
            "not 'zhs'; did you mean 'zsh'?",
        ),
    ],
)
def test_show_completion_refuses_a_shell_it_has_no_script_for(args: list[str], line: str) -> None:
    done = run_pnp(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [line]


def test_show_completion_takes_the_shell_after_an_equals_sign() -> None:
    done = run_pnp("--show-completion=zsh")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("#compdef pnp")


def test_calibrate_help_offers_only_the_backs_it_calibrates() -> None:
    shown = run_pnp("calibrate", "--help", COLUMNS="200", NO_COLOR="1").stdout
    line = next(line for line in shown.splitlines() if line.startswith("│ --backs"))
    assert line.split()[2] == "long-edge|short-edge"
    refused = run_pnp("calibrate", "--backs", "none")
    assert refused.returncode == 2


def test_the_kit_line_of_an_export_shows_out_as_typed(project: Path, tmp_path: Path) -> None:
    absolute = tmp_path / "kits"
    assert run_pnp("build", "twaalf-dagen", "-q", "--out", str(absolute)).returncode == 0
    done = run_pnp("export", "twaalf-dagen", "--tts", "--out", str(absolute))
    assert done.returncode == 0, done.stderr
    kit_line = next(line for line in done.stdout.splitlines() if line.startswith("kit: "))
    assert kit_line.startswith(f"kit: {absolute.as_posix()}/twaalf-dagen (")
    saved = project / "pnp.toml"
    saved.write_text(saved.read_text(encoding="utf-8") + '\n[build]\nout = "kits"\n', "utf-8")
    assert run_pnp("build", "twaalf-dagen", "-q").returncode == 0
    inside = run_pnp("preview", "twaalf-dagen")
    assert inside.returncode == 0, inside.stderr
    kit_line = next(line for line in inside.stdout.splitlines() if line.startswith("kit: "))
    assert kit_line.startswith("kit: ../../kits/twaalf-dagen ("), "from where pnp runs"
