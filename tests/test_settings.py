"""Saved build settings (``pnp.toml``'s ``[build]``): where they are found, which one wins,
how a wrong value is reported, and ``pnp calibrate --save``.

Every test points the user's config folder at a temporary one (``PNP_CONFIG_DIR``), so the
real home folder is never read or written.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError
from pnp.base.paths import find_project_file
from pnp.kit.settings import (
    COMMAND_LINE,
    CONFIG_DIR_ENV,
    DEFAULT,
    Values,
    parse_back_offset,
    read_settings,
    resolve_settings,
    save_back_offset,
    user_settings_file,
)
from tests.cli_run import run_pnp


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """(a project folder holding a sub-folder we work in, the user's config folder)."""
    project = tmp_path / "project"
    work = project / "kits" / "winter"
    work.mkdir(parents=True)
    config = tmp_path / "config"
    monkeypatch.setenv(CONFIG_DIR_ENV, str(config))
    monkeypatch.chdir(work)
    return project, config


def _pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m pnp`` in a process of its own in ``cwd`` (the environment, with the test's
    config folder, is passed)."""
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
        env={**os.environ, "COLUMNS": "200"},
    )


def test_find_project_file_finds_the_nearest_pnp_toml_upward(tmp_path: Path) -> None:
    deep = tmp_path / "a" / "b" / "c"
    deep.mkdir(parents=True)
    assert find_project_file(deep) == find_project_file(tmp_path.parent)  # none of our own yet
    (tmp_path / "pnp.toml").write_text("", encoding="utf-8")
    assert find_project_file(deep) == (tmp_path / "pnp.toml").resolve()
    (tmp_path / "a" / "pnp.toml").write_text("", encoding="utf-8")
    assert find_project_file(deep) == (tmp_path / "a" / "pnp.toml").resolve()
    assert find_project_file(tmp_path / "a") == (tmp_path / "a" / "pnp.toml").resolve()
    (tmp_path / "a" / "b" / "pnp.toml").mkdir()  # a folder of that name is not a settings file
    assert find_project_file(deep) == (tmp_path / "a" / "pnp.toml").resolve()


def test_the_user_file_lives_in_the_config_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CONFIG_DIR_ENV, str(tmp_path / "mine"))
    assert user_settings_file() == tmp_path / "mine" / "pnp.toml"
    if sys.platform.startswith("linux"):
        monkeypatch.delenv(CONFIG_DIR_ENV)
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
        assert user_settings_file() == tmp_path / "xdg" / "pnp" / "pnp.toml"


def test_defaults_without_any_file(folders: tuple[Path, Path]) -> None:
    chosen = resolve_settings(Values(), Path.cwd())
    assert (chosen.paper.value, chosen.paper.source) == ("a4", DEFAULT)
    assert (chosen.backs.value, chosen.backs.source) == (BackMode.LONG_EDGE, DEFAULT)
    assert (chosen.back_offset.value, chosen.back_offset.source) == ((0.0, 0.0), DEFAULT)
    assert (chosen.out.value, chosen.out.source) == (Path("output"), DEFAULT)


def test_command_line_beats_project_beats_user_beats_default(
    folders: tuple[Path, Path],
) -> None:
    project, config = folders
    config.mkdir()
    (config / "pnp.toml").write_text(
        '[build]\npaper = "letter"\nbacks = "short-edge"\nback_offset = [1.5, -0.5]\n',
        encoding="utf-8",
    )
    (project / "pnp.toml").write_text(
        '[project]\nname = "club"\n\n[build]\nbacks = "long-edge"\nout = "drukwerk"\n',
        encoding="utf-8",
    )
    chosen = resolve_settings(Values(), Path.cwd())
    assert (chosen.paper.value, chosen.paper.source) == ("letter", str(config / "pnp.toml"))
    assert (chosen.backs.value, chosen.backs.source) == (BackMode.LONG_EDGE, "../../pnp.toml")
    assert chosen.back_offset.value == (1.5, -0.5)
    # out is relative to the folder of the file that names it, not to the working folder
    assert chosen.out.value == project / "drukwerk"
    line = chosen.describe()
    assert line == (
        f"settings: paper letter ({config / 'pnp.toml'}), backs long-edge (../../pnp.toml), "
        f"back offset 1.5,-0.5 mm ({config / 'pnp.toml'}), lang nl (default), out ../../drukwerk (../../pnp.toml)"
    )
    given = resolve_settings(Values("a4", BackMode.SHORT_EDGE, (0.0, 1.0), Path("x")), Path.cwd())
    assert [s.source for s in (given.paper, given.backs, given.back_offset, given.out)] == [
        COMMAND_LINE
    ] * 4
    assert (given.paper.value, given.back_offset.value, given.out.value) == (
        "a4",
        (0.0, 1.0),
        Path("x"),
    )


def test_a_saved_offset_is_not_used_without_duplex(folders: tuple[Path, Path]) -> None:
    project, _ = folders
    (project / "pnp.toml").write_text("[build]\nback_offset = [2, 1]\n", encoding="utf-8")
    chosen = resolve_settings(Values(backs=BackMode.GUTTERFOLD), Path.cwd())
    assert chosen.back_offset.value == (0.0, 0.0)
    assert chosen.back_offset.source == "2,1 in ../../pnp.toml is for duplex only"
    duplex = resolve_settings(Values(backs=BackMode.SHORT_EDGE), Path.cwd())
    assert duplex.back_offset.value == (2.0, 1.0)


BAD_FILES = [
    ('paper = "a5"', "[build] paper must be one of a4, letter, not 'a5'"),
    ("backs = 3", "[build] backs must be one of long-edge, short-edge, gutterfold, none, not 3"),
    ("back_offset = [nan, 0.5]", "[build] back_offset must be finite numbers of mm"),
    ("back_offset = [inf, 0.5]", "[build] back_offset must be finite numbers of mm"),
    ("back_offset = [25, 0]", "[build] back_offset must be within 20 mm in each direction"),
    ('back_offset = "1,2"', "[build] back_offset must be [x, y] in mm (e.g. [1.5, -0.5])"),
    ("back_offset = [1, 2, 3]", "[build] back_offset must be [x, y] in mm"),
    ("back_offset = [true, 2]", "[build] back_offset must be [x, y] in mm"),
    ('out = ""', "[build] out must be a folder name"),
    (
        "colour = true",
        "[build]: unknown setting 'colour' (known: paper, backs, back_offset, out, lang)",
    ),
]


@pytest.mark.parametrize(("line", "message"), BAD_FILES, ids=[line for line, _ in BAD_FILES])
def test_a_wrong_value_is_one_located_problem(
    folders: tuple[Path, Path], line: str, message: str
) -> None:
    project, _ = folders
    path = project / "pnp.toml"
    path.write_text(f"# club printer\n[build]\n{line}\n", encoding="utf-8")
    with pytest.raises(PnpError) as caught:
        read_settings(path)
    assert len(caught.value.problems) == 1
    problem = caught.value.problems[0]
    assert (problem.path, problem.line) == (path, 3)
    assert problem.message.startswith(message)


def test_pnp_build_reports_a_wrong_setting_as_one_line_and_exit_2(
    folders: tuple[Path, Path],
) -> None:
    project, config = folders
    config.mkdir()
    (config / "pnp.toml").write_text("[build]\n\nback_offset = [nan, 0]\n", encoding="utf-8")
    done = _pnp("build", "twaalf-dagen", cwd=Path.cwd())
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"error: {config / 'pnp.toml'}:3: [build] back_offset must be finite numbers of mm, "
        "not [nan, 0]"
    ]
    assert not (Path.cwd() / "output").exists()
    (project / "pnp.toml").write_text("[build\n", encoding="utf-8")
    broken = _pnp("build", "twaalf-dagen", cwd=Path.cwd())
    assert broken.returncode == 2
    assert len(broken.stderr.splitlines()) == 1
    # The project folder is a data root: its files are named relative to it.
    assert broken.stderr.startswith("error: pnp.toml:1: invalid TOML")
    assert "Traceback" not in broken.stderr


def test_pnp_build_uses_and_names_the_saved_settings(folders: tuple[Path, Path]) -> None:
    project, config = folders
    config.mkdir()
    (config / "pnp.toml").write_text("[build]\nback_offset = [1.5, -0.5]\n", encoding="utf-8")
    (project / "pnp.toml").write_text(
        '[build]\nbacks = "short-edge"\npaper = "letter"\nout = "drukwerk"\n', encoding="utf-8"
    )
    done = run_pnp("build", "twaalf-dagen", "--paper", "a4", COLUMNS="200")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == (
        "settings: paper a4 (command line), backs short-edge (../../pnp.toml), "
        f"back offset 1.5,-0.5 mm ({config / 'pnp.toml'}), lang nl (default), out ../../drukwerk (../../pnp.toml)"
    )
    manifest = json.loads(
        (project / "drukwerk" / "twaalf-dagen" / "manifest.json").read_text(encoding="utf-8")
    )
    options = manifest["options"]
    assert (options["paper"], options["backs"], options["back_offset_mm"]) == (
        "a4",
        "short-edge",
        [1.5, -0.5],
    )
    quiet = run_pnp("build", "twaalf-dagen", "-q", "--out", "elders", COLUMNS="200")
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stdout == "" and quiet.stderr == ""
    assert (Path.cwd() / "elders" / "twaalf-dagen" / "kaarten.pdf").is_file()


def test_save_keeps_the_rest_of_the_project_file(folders: tuple[Path, Path]) -> None:
    project, config = folders
    text = (
        '# our club\'s printer\n[project]\nname = "club"  # shown nowhere\n\n'
        '[build]\n# the club has Letter paper\npaper = "letter"\nback_offset = [0.5, 0.5]\n'
    )
    (project / "pnp.toml").write_text(text, encoding="utf-8")
    assert save_back_offset((1.5, -0.25), Path.cwd()) == (project / "pnp.toml").resolve()
    assert (project / "pnp.toml").read_text(encoding="utf-8") == text.replace(
        "[0.5, 0.5]", "[1.5, -0.25]"
    )
    assert not config.exists(), "the user's file is left alone when the project has one"
    assert read_settings(project / "pnp.toml").back_offset == (1.5, -0.25)


def test_save_writes_the_user_file_without_a_project_file(folders: tuple[Path, Path]) -> None:
    _, config = folders
    assert save_back_offset((2.0, 0.0), Path.cwd()) == config / "pnp.toml"
    assert read_settings(config / "pnp.toml").back_offset == (2.0, 0.0)
    (config / "pnp.toml").write_text('# mine\n[build]\npaper = "letter"\n', encoding="utf-8")
    save_back_offset((-1.0, 3.5), Path.cwd())
    assert (config / "pnp.toml").read_text(encoding="utf-8") == (
        '# mine\n[build]\npaper = "letter"\nback_offset = [-1.0, 3.5]\n'
    )
    with pytest.raises(PnpError, match="finite"):
        save_back_offset((float("nan"), 0.0), Path.cwd())


def test_pnp_calibrate_save_prints_where_it_wrote(folders: tuple[Path, Path]) -> None:
    project, config = folders
    done = run_pnp("calibrate", "--save", "1.5,-0.5", COLUMNS="200")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"saved back offset 1.5,-0.5 mm to {config / 'pnp.toml'}\n"
    assert read_settings(config / "pnp.toml").back_offset == (1.5, -0.5)
    assert not (Path.cwd() / "output").exists(), "--save prints no calibration sheet"
    (project / "pnp.toml").write_text("[build]\n", encoding="utf-8")
    again = run_pnp("calibrate", "--save=-2,0.5", COLUMNS="200")
    assert again.stdout == "saved back offset -2,0.5 mm to ../../pnp.toml\n"
    assert read_settings(project / "pnp.toml").back_offset == (-2.0, 0.5)
    for bad, message in (
        ("inf,0", "must be X,Y in mm (e.g. 1.5,-0.5), not 'inf,0'"),
        ("0,-21", "must be within 20 mm in each direction, not '0,-21'"),
        ("1;2", "must be X,Y in mm (e.g. 1.5,-0.5), not '1;2'"),
    ):
        refused = run_pnp("calibrate", "--save", bad, COLUMNS="200")
        assert refused.returncode == 2
        assert refused.stderr == f"error: --save {message}\n"
    assert read_settings(project / "pnp.toml").back_offset == (-2.0, 0.5)


def test_parse_back_offset() -> None:
    assert parse_back_offset("1.5,-0.5") == (1.5, -0.5)
    assert parse_back_offset(" 2 , 0 ") == (2.0, 0.0)
    assert parse_back_offset("-20,20") == (-20.0, 20.0)
    for bad in ("", "1", "1,2,3", "a,b", "1,,2", "nan,0", "0,-inf", "20.01,0", "1e3,0"):
        with pytest.raises(ValueError, match=r"^must be "):
            parse_back_offset(bad)
