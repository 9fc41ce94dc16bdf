"""Values typed on the command line: plain ASCII numbers in one range per kind of option, output
folders that name a folder, a ``--tts-url`` a file name can follow; each wrong one is one line
naming the option and exit 2, with nothing written. A standard output that cannot be written is
one line too (a reader that stopped reading, a quiet exit), and a calibration sheet whose write
fails leaves no partial file."""

from __future__ import annotations

import errno
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

import pnp.base.output
from pnp.base.errors import PnpError
from pnp.base.option_values import MAX_JOBS, SEED_MAX
from pnp.cli import app
from pnp.cli.options import SEED, WholeNumber
from pnp.kit.build import check_options
from pnp.kit.build_options import BuildOptions
from pnp.kit.settings import CONFIG_DIR_ENV, parse_back_offset, read_settings
from tests.cli_run import Ran, run_pnp

JOBS_LINE = f"error: --jobs takes a whole number from 1 to {MAX_JOBS}, not "
SEED_LINE = f"error: --seed takes a whole number from 0 to {SEED_MAX}, not "


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working folder (and an empty user config folder): what a command writes by
    mistake shows up in it."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.setenv(CONFIG_DIR_ENV, str(tmp_path / "config"))
    monkeypatch.chdir(work)
    return work


def _refused(done: Ran, line: str, folder: Path) -> None:
    """``done`` is exit 2 with the one error line ``line``, and ``folder`` is still empty."""
    assert done.returncode == 2, done
    assert done.stderr.splitlines() == [line]
    assert done.stdout == ""
    assert sorted(p.name for p in folder.iterdir()) == []


def test_every_whole_number_option_reads_plain_ascii_digits_in_its_range() -> None:
    """No whole-number option is left to ``int()``: each has a range of its own kind (every
    --jobs the same, every --seed the same)."""
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    ranges: dict[str, set[WholeNumber]] = {}
    for command in group.commands.values():
        for param in command.params:
            descriptor = param.type_descriptor  # type: ignore[attr-defined]
            if descriptor.annotation is int:
                parser = descriptor.parameter_info.parser
                assert isinstance(parser, WholeNumber), (command.name, param.name)
                ranges.setdefault(param.opts[0], set()).add(parser)
    assert {name: len(found) for name, found in ranges.items()} == dict.fromkeys(ranges, 1)
    assert ranges["--jobs"] == {WholeNumber(1, MAX_JOBS)}
    assert ranges["--seed"] == {SEED}


JOBS_COMMANDS = [
    ("build", "twaalf-dagen"),
    ("simulate", "twaalf-dagen"),
    ("pin", "twaalf-dagen"),
    ("study", "stoomboot"),
]


@pytest.mark.parametrize("command", JOBS_COMMANDS, ids=[c for c, _ in JOBS_COMMANDS])
@pytest.mark.parametrize("value", ["0", "65", "100000"])
def test_every_command_caps_jobs_at_one_range_worded_the_same(
    here: Path, command: tuple[str, str], value: str
) -> None:
    _refused(run_pnp(*command, "--jobs", value), JOBS_LINE + value, here)


SEED_COMMANDS = [
    ("build", "stoomboot", "--map-sheet"),
    ("simulate", "twaalf-dagen"),
    ("study", "stoomboot"),
]


@pytest.mark.parametrize("command", SEED_COMMANDS, ids=[c[0] for c in SEED_COMMANDS])
@pytest.mark.parametrize("value", [str(SEED_MAX + 1), str(10**32), "-1"])
def test_every_command_takes_seeds_from_one_range(
    here: Path, command: tuple[str, ...], value: str
) -> None:
    _refused(run_pnp(*command, f"--seed={value}"), SEED_LINE + value, here)


def test_the_largest_seed_is_taken_and_the_library_refuses_the_next(here: Path) -> None:
    done = run_pnp("simulate", "twaalf-dagen", "--games", "1", "--seed", str(SEED_MAX))
    assert done.returncode == 0, done.stderr
    assert f"seed {SEED_MAX}" in done.stdout
    with pytest.raises(PnpError, match=f"from 0 to {SEED_MAX}, not {SEED_MAX + 1}$"):
        check_options(BuildOptions(map_sheet=True, seed=SEED_MAX + 1))


NOT_PLAIN = ["1_0", "１０", "٣", " 3", "3 ", "3.0", "1e1", "0x10", "+-3", ""]
"""Numbers ``int()`` reads (or misreads) that are no plain ASCII whole number, and some it
does not read at all."""
WHOLE_OPTIONS = [
    ("--jobs", ("build", "twaalf-dagen"), "1 to 64"),
    ("--players", ("simulate", "twaalf-dagen"), "1 to 12"),
    ("--games", ("simulate", "twaalf-dagen"), "1 to 1000000"),
    ("--seed", ("simulate", "twaalf-dagen"), f"0 to {SEED_MAX}"),
    ("--seeds", ("pin", "twaalf-dagen"), "1 to 1000000"),
    ("--games", ("study", "stoomboot"), "1 to 1000000"),
]


@pytest.mark.parametrize(
    ("option", "command", "span"), WHOLE_OPTIONS, ids=[f"{c[0]} {o}" for o, c, _ in WHOLE_OPTIONS]
)
def test_a_number_that_is_no_plain_ascii_whole_number_is_refused(
    here: Path, option: str, command: tuple[str, str], span: str
) -> None:
    for value in NOT_PLAIN:
        done = run_pnp(*command, f"{option}={value}")
        line = f"error: {option} takes a whole number from {span}, not {value!r}"
        _refused(done, line, here)


def test_a_huge_number_is_quoted_short() -> None:
    done = run_pnp("simulate", "twaalf-dagen", "--games", "9" * 100_000)
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert line.startswith("error: --games takes a whole number from 1 to 1000000, not '999")
    assert len(line) < 160


@pytest.mark.parametrize("offset", ["1_0,0", "１,０", "0,٣", "1e1,0", "0x1,0", "inf,0", "1,2_0"])
def test_a_back_offset_is_two_plain_ascii_decimals(here: Path, offset: str) -> None:
    done = run_pnp("build", "twaalf-dagen", "--back-offset", offset)
    line = f"error: --back-offset must be X,Y in mm (e.g. 1.5,-0.5), not {offset!r}"
    _refused(done, line, here)
    saved = run_pnp("calibrate", "--save", offset)
    _refused(saved, line.replace("--back-offset", "--save"), here)
    assert parse_back_offset("-1.5,.5") == (-1.5, 0.5)


OUT_COMMANDS = [
    ("build", "twaalf-dagen"),
    ("preview", "twaalf-dagen"),
    ("export", "twaalf-dagen", "--tts"),
    ("calibrate",),
]


@pytest.mark.parametrize("command", OUT_COMMANDS, ids=[c[0] for c in OUT_COMMANDS])
def test_an_empty_out_is_refused_not_the_working_folder(
    here: Path, command: tuple[str, ...]
) -> None:
    for empty in ("", " "):
        done = run_pnp(*command, "--out", empty)
        _refused(done, f"error: --out takes a folder name, not {empty!r}", here)


@pytest.mark.parametrize(
    "name", ["kits\n", "a\nb", "tab\there", "esc\x1b[2J", "del\x7f", "l\u2028s"]
)
def test_an_output_folder_with_a_control_character_is_refused(here: Path, name: str) -> None:
    line = f"error: --out takes a folder name without control characters, not {name!r}"
    for command in (("build", "twaalf-dagen"), ("calibrate",)):
        _refused(run_pnp(*command, "--out", name), line, here)
    dest = run_pnp("new", "groter-kleiner", "--dest", name)
    _refused(dest, line.replace("--out", "--dest"), here)


def test_a_saved_out_with_a_newline_is_one_located_problem(here: Path) -> None:
    path = here / "pnp.toml"
    path.write_text('[build]\nout = "kits\\nmore"\n', encoding="utf-8")
    with pytest.raises(PnpError) as caught:
        read_settings(path)
    (problem,) = caught.value.problems
    assert (problem.path, problem.line) == (path, 2)
    assert problem.message == (
        "[build] out must be a folder name without control characters, not 'kits\\nmore'"
    )
    done = run_pnp("calibrate")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"error: pnp.toml:2: {problem.message}"]
    assert sorted(p.name for p in here.iterdir()) == ["pnp.toml"]


TTS_URLS = [
    ("https://example.org/kit/\n", "an address without spaces or control characters"),
    ("https://exa\nmple.org/kit/", "an address without spaces or control characters"),
    ("https://example.org/my kit/", "an address without spaces or control characters"),
    ("https://example.org/kit?v=1", "a folder's address without ? or #"),
    ("https://example.org/kit/#top", "a folder's address without ? or #"),
    ("https://example.org:99999/kit/", "an http(s) address such as https://example.org/kit/"),
    ("ftp://example.org/kit/", "an http(s) address such as https://example.org/kit/"),
    ("https:///kit/", "an http(s) address such as https://example.org/kit/"),
]


@pytest.mark.parametrize(("url", "problem"), TTS_URLS, ids=[repr(u) for u, _ in TTS_URLS])
def test_a_tts_url_the_export_cannot_use_is_refused_before_building(
    here: Path, url: str, problem: str
) -> None:
    done = run_pnp("export", "twaalf-dagen", "--tts-url", url, "--out", "kits")
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"error: --tts-url must be {problem}")
    assert line.endswith(f", not {url!r}")
    assert sorted(p.name for p in here.iterdir()) == []


def test_a_tts_url_of_100k_characters_is_refused_in_one_short_line(here: Path) -> None:
    url = "https://example.org/" + "a" * 100_000
    done = run_pnp("export", "twaalf-dagen", "--tts-url", url, "--out", "kits")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"error: --tts-url must be at most 2000 characters, not {len(url)}"
    ]
    assert sorted(p.name for p in here.iterdir()) == []


def _no_space(path: Path, data: bytes) -> None:
    """A write that runs out of room half way: the file exists, with half its bytes."""
    with open(path, "wb") as handle:
        handle.write(data[: len(data) // 2])
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_calibrate_on_a_full_disk_leaves_no_partial_file_and_the_earlier_sheet(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = run_pnp("calibrate", "--out", "kits", "-q")
    assert first.returncode == 0, first.stderr
    (sheet,) = (here / "kits").iterdir()
    before = hashlib.sha256(sheet.read_bytes()).hexdigest()
    monkeypatch.setattr(pnp.base.output, "_write_synced", _no_space)
    done = run_pnp("calibrate", "--out", "kits")
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["error: kits: cannot write output: No space left on device"]
    assert [p.name for p in (here / "kits").iterdir()] == [sheet.name]
    assert hashlib.sha256(sheet.read_bytes()).hexdigest() == before


def test_an_interrupted_calibration_write_leaves_no_partial_file(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(path: Path, data: bytes) -> None:
        path.write_bytes(data[:100])
        raise KeyboardInterrupt

    monkeypatch.setattr(pnp.base.output, "_write_synced", interrupted)
    done = run_pnp("calibrate", "--out", "kits")
    assert done.returncode == 130
    assert list((here / "kits").iterdir()) == []


def _pnp_into(stdout: int, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m pnp ARGS`` in a process of its own, its standard output on ``stdout``."""
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
        env={key: value for key, value in os.environ.items() if key != "PNP_DEBUG"},
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", [("list",), ("--help",), ()], ids=repr)
def test_a_full_standard_output_is_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        done = _pnp_into(full.fileno(), *args)
    assert done.returncode == 2
    assert done.stderr == "error: cannot write to standard output: No space left on device\n"


@pytest.mark.skipif(sys.platform == "win32", reason="a closed pipe is EINVAL there")
def test_a_reader_that_stopped_reading_is_a_quiet_exit() -> None:
    read, write = os.pipe()
    os.close(read)  # as `pnp list | head -0`, whichever process is first
    try:
        done = _pnp_into(write, "list")
    finally:
        os.close(write)
    assert done.returncode == 1
    assert done.stderr == ""
