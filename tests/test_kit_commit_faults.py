"""A kit commit cut off at any step, and kit paths pnp did not make.

A real build is paused at each step of its commit (the ``PNP_TEST_PAUSE_AT`` hook of
:mod:`pnp.base.output`) and killed there, by SIGKILL and by SIGINT. At no moment may a file the
user had in the kit folder (an export folder, a note, a folder of their own, a link) exist
only in the staged copy; once the next command takes the kit's lock the kit folder is the
whole earlier kit or the whole new one, holding every such file with its bytes, and nothing
temporary is left. A link, a file or a folder pnp did not make at a kit's or an export's
path is refused with one line and left as it is.

The trials at the step that lost files before run with the suite; every other step's are
marked ``slow`` (CI runs them as a step of their own).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pnp.base.output import CHECKPOINTS, PAUSE_AT, PAUSE_FILE, kit_lock
from pnp.export.preview import write_preview
from pnp.export.tts import write_tts
from pnp.kit.build import BuildOptions, build
from tests.cli_run import run_pnp

GAME = "twaalf-dagen"
KIT_FILES = {"kaarten.pdf", "spelregels.pdf", "spelregels-boekje.pdf", "manifest.json"}
OWN = {".pnp-kit.json", *KIT_FILES}
"""The entries of a kit folder that are the kit's, not the user's."""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An output folder with an A4 kit and its preview and Tabletop Simulator exports, built
    once for the module (each test works on a copy)."""
    out = tmp_path_factory.mktemp("built") / "out"
    build(GAME, (), BuildOptions(out_dir=out))
    write_preview(out / GAME)
    write_tts(out / GAME)
    return out


def _copy(built: Path, tmp_path: Path) -> Path:
    out = tmp_path / "out"
    shutil.copytree(built, out, symlinks=True)
    return out


def _add_users_files(kit: Path) -> None:
    """A note, a hidden file and a folder of the user's own holding a link, beside the kit."""
    (kit / "notities.txt").write_bytes(b"drie keer geprint\n")
    (kit / ".eigen-instellingen").write_bytes(b"mijn printer\n")
    (kit / "eigen").mkdir()
    (kit / "eigen" / "lijst.txt").write_bytes(b"karton kopen\n")
    (kit / "eigen" / "naar-notities").symlink_to("../notities.txt")


def users_files(kit: Path) -> dict[str, bytes | str]:
    """Every entry under ``kit`` that is not the kit's own: a file's bytes, a link's target."""
    found: dict[str, bytes | str] = {}
    for path in sorted(kit.rglob("*")):
        name = path.relative_to(kit).as_posix()
        if name in OWN:
            continue
        if path.is_symlink():
            found[name] = f"-> {os.readlink(path)}"
        elif path.is_file():
            found[name] = path.read_bytes()
    return found


def kit_files(kit: Path) -> tuple[str, dict[str, bytes]]:
    """The kit's paper and the bytes of its files; asserts its manifest lists exactly them."""
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    files = {name: (kit / name).read_bytes() for name in KIT_FILES}
    listed = {entry["name"]: entry["sha256"] for entry in manifest["files"]}
    assert listed == {
        name: hashlib.sha256(data).hexdigest()
        for name, data in files.items()
        if name != "manifest.json"
    }, "the manifest names exactly the kit's files, with their bytes"
    return str(manifest["options"]["paper"]), files


def leftovers(out: Path) -> list[str]:
    """Staged or retired copies and partial files anywhere in ``out``."""
    return sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*")
        if ".new-" in path.name or ".old-" in path.name or ".partial" in path.name
    )


LETTER = ("build", GAME, "--paper", "letter")
"""A rebuild of the A4 kit: every file changes."""


def _pause(
    out: Path, step: str, tmp_path: Path, command: tuple[str, ...] = LETTER
) -> subprocess.Popen[bytes]:
    """A real ``pnp COMMAND --out OUT`` (by default a rebuild), paused at ``step``."""
    paused = tmp_path / "paused"
    env = {**os.environ, PAUSE_AT: step, PAUSE_FILE: str(paused)}
    run = subprocess.Popen(
        [sys.executable, "-m", "pnp", *command, "--out", str(out)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        # A shell's background job ignores SIGINT, and a child would inherit that.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while not paused.exists():
        if run.poll() is not None:
            _, err = run.communicate()
            pytest.fail(f"{command[0]} ended before reaching {step}: {err.decode()}")
        assert time.monotonic() < deadline, f"{command[0]} never reached {step}"
        time.sleep(0.02)
    return run


def _in_kit_or_retired(out: Path, name: str, was: bytes | str) -> bool:
    """``name`` holds ``was`` in the kit folder or in a retired earlier kit beside it."""
    for kit in [out / GAME, *out.glob(f".{GAME}.old-*")]:
        if users_files(kit).get(name) == was:
            return True
    return False


FIRST_FAULT = "carrying"
"""The step where the user's files went missing before (they were moved into the staged
kit): its trials run in every suite run, the other steps' in the ``slow`` step CI runs."""


def _trials() -> list[object]:
    return [
        pytest.param(
            step,
            signum,
            id=f"{step}-{name}",
            marks=() if step == FIRST_FAULT else (pytest.mark.slow,),
        )
        for step in CHECKPOINTS
        for signum, name in ((signal.SIGKILL, "kill"), (signal.SIGINT, "interrupt"))
    ]


@pytest.mark.parametrize(("step", "signum"), _trials())
def test_a_rebuild_cut_off_at_any_step_keeps_the_users_files_and_one_whole_kit(
    built: Path, tmp_path: Path, step: str, signum: signal.Signals
) -> None:
    out = _copy(built, tmp_path)
    kit = out / GAME
    _add_users_files(kit)
    earlier = kit_files(kit)
    theirs = users_files(kit)
    assert {"preview/export.json", "tts/export.json", "eigen/naar-notities"} <= set(theirs)

    run = _pause(out, step, tmp_path)
    run.send_signal(signum)
    _, err = run.communicate(timeout=60)
    if signum == signal.SIGINT:
        assert run.returncode == 130, err.decode()
        assert "interrupted" in err.decode()
    else:
        assert run.returncode == -signal.SIGKILL

    # At the moment of the kill, each of the user's files is in the kit folder or in the
    # earlier kit that recovery puts back, never only in the staged copy.
    lost = [name for name, was in theirs.items() if not _in_kit_or_retired(out, name, was)]
    assert lost == []

    with kit_lock(kit):  # what every build, preview and export does first
        pass
    paper, files = kit_files(kit)
    if step == "swapped":
        assert paper == "letter" and files != earlier[1]
    else:
        assert (paper, files) == earlier
    assert users_files(kit) == theirs
    assert leftovers(out) == []


def export_state(folder: Path) -> tuple[str, dict[str, bytes]]:
    """An export folder's image address and files; asserts its record lists exactly them."""
    record = json.loads((folder / "export.json").read_text(encoding="utf-8"))
    files = {p.name: p.read_bytes() for p in folder.iterdir() if p.name != "export.json"}
    assert record["files"] == {n: hashlib.sha256(b).hexdigest() for n, b in files.items()}
    return str(record["request"]["settings"]["images"]), files


@pytest.mark.parametrize("step", [pytest.param("retired", marks=pytest.mark.slow), "swapped"])
def test_an_export_killed_in_its_commit_leaves_one_whole_export(
    built: Path, tmp_path: Path, step: str
) -> None:
    out = _copy(built, tmp_path)
    tts = out / GAME / "tts"
    earlier = export_state(tts)
    command = ("export", GAME, "--tts-url", "https://example.org/kaarten/")
    run = _pause(out, step, tmp_path, command)
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=60)
    with kit_lock(out / GAME):
        pass
    if step == "swapped":
        assert export_state(tts)[0] == "https://example.org/kaarten/"
    else:
        assert export_state(tts) == earlier
    assert leftovers(out) == []


def test_a_rebuild_links_the_users_files_over_and_never_follows_a_link(
    built: Path, tmp_path: Path
) -> None:
    out = _copy(built, tmp_path)
    kit = out / GAME
    _add_users_files(kit)
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_bytes(b"p\n")
    (kit / "extern").symlink_to(victim)
    note = (kit / "notities.txt").stat().st_ino
    theirs = users_files(kit)

    build(GAME, (), BuildOptions(out_dir=out, paper="letter"))
    assert kit_files(kit)[0] == "letter"
    assert users_files(kit) == theirs
    assert (kit / "notities.txt").stat().st_ino == note, "the same file, linked, not a copy"
    assert os.readlink(kit / "extern") == str(victim)
    assert sorted(p.name for p in victim.iterdir()) == ["keep.txt"]
    assert (victim / "keep.txt").read_bytes() == b"p\n"
    assert leftovers(out) == []


def _one_error(ran_stderr: str) -> str:
    lines = ran_stderr.strip().splitlines()
    assert len(lines) == 1, ran_stderr
    return lines[0]


def test_a_linked_kit_folder_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    out, victim = tmp_path / "t6", tmp_path / "victim"
    out.mkdir()
    victim.mkdir()
    (victim / "keep.txt").write_bytes(b"p\n")
    (out / GAME).symlink_to(victim)
    for command in (["build"], ["preview"], ["export", "--tts"]):
        ran = run_pnp(*command, GAME, "--out", str(out), "--quiet")
        assert ran.returncode == 2, ran.stderr
        line = _one_error(ran.stderr)
        assert line.startswith("error: ") and f"t6/{GAME}: is a link" in line
        assert os.readlink(out / GAME) == str(victim)
        assert sorted(p.name for p in out.iterdir()) == [GAME]
        assert sorted(p.name for p in victim.iterdir()) == ["keep.txt"]
        assert (victim / "keep.txt").read_bytes() == b"p\n"


def test_a_file_at_the_kit_path_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / GAME).write_bytes(b"mijn bestand\n")
    ran = run_pnp("build", GAME, "--out", str(out), "--quiet")
    assert ran.returncode == 2
    assert f"{GAME}: is not a folder" in _one_error(ran.stderr)
    assert (out / GAME).read_bytes() == b"mijn bestand\n"
    assert sorted(p.name for p in out.iterdir()) == [GAME]


def test_a_folder_pnp_did_not_make_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / GAME).mkdir(parents=True)
    (out / GAME / "keep.txt").write_bytes(b"p\n")
    ran = run_pnp("build", GAME, "--out", str(out), "--quiet")
    assert ran.returncode == 2
    assert f"{GAME}: is a folder without pnp's .pnp-kit.json" in _one_error(ran.stderr)
    assert sorted(p.name for p in (out / GAME).iterdir()) == ["keep.txt"]
    assert sorted(p.name for p in out.iterdir()) == [GAME]


def test_an_empty_folder_at_the_kit_path_is_used(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / GAME).mkdir(parents=True)
    ran = run_pnp("build", GAME, "--out", str(out), "--quiet")
    assert ran.returncode == 0, ran.stderr
    assert kit_files(out / GAME)[0] == "a4"
    assert leftovers(out) == []


def test_a_linked_export_folder_is_refused_and_left_as_it_is(built: Path, tmp_path: Path) -> None:
    out = _copy(built, tmp_path)
    kit = out / GAME
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_bytes(b"p\n")
    shutil.rmtree(kit / "tts")
    (kit / "tts").symlink_to(victim)
    ran = run_pnp("export", GAME, "--tts", "--out", str(out), "--quiet")
    assert ran.returncode == 2
    assert f"{GAME}/tts: is a link" in _one_error(ran.stderr)
    assert os.readlink(kit / "tts") == str(victim)
    assert sorted(p.name for p in victim.iterdir()) == ["keep.txt"]
    assert [p.name for p in kit.iterdir() if p.name.startswith(".tts")] == []


def test_what_an_interrupted_build_left_is_cleaned_by_the_next_preview(
    built: Path, tmp_path: Path
) -> None:
    out = _copy(built, tmp_path)
    kit = out / GAME
    theirs = users_files(kit)
    shutil.copytree(kit, out / f".{GAME}.old-123", symlinks=True)  # a kill after the swap
    (out / f".{GAME}.new-456").mkdir()  # a kill while staging (its record's name is there)
    (out / f".{GAME}.new-456" / ".pnp-kit.json").touch()
    (out / f".{GAME}.new-456" / "kaarten.pdf").write_bytes(b"half")
    (kit / ".preview.new-789").mkdir()  # an export cut off inside the kit
    (kit / ".preview.new-789" / "export.json").touch()
    (kit / ".kaarten.pdf.partial-1").write_bytes(b"half")
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_bytes(b"p\n")
    (out / f".{GAME}.old-77").symlink_to(victim)  # a linked kit an earlier pnp renamed aside

    ran = run_pnp("preview", GAME, "--out", str(out), "--quiet")
    assert ran.returncode == 0, ran.stderr
    assert leftovers(out) == [], "the link is removed, never followed"
    assert sorted(p.name for p in victim.iterdir()) == ["keep.txt"]
    assert (victim / "keep.txt").read_bytes() == b"p\n"
    assert users_files(kit) == theirs


def test_a_preview_of_an_earlier_kit_is_not_up_to_date_once_the_kit_changes(
    built: Path, tmp_path: Path
) -> None:
    out = _copy(built, tmp_path)
    kit = out / GAME
    again = run_pnp("preview", GAME, "--out", str(out))
    assert again.returncode == 0 and "preview: up to date" in again.stdout

    rebuilt = run_pnp("build", GAME, "--out", str(out), "--paper", "letter", "--quiet")
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert (kit / "preview" / "export.json").is_file(), "the export folder was carried over"
    ran = run_pnp("preview", GAME, "--out", str(out))
    assert ran.returncode == 0, ran.stderr
    assert "up to date" not in ran.stdout and "preview: wrote" in ran.stdout
    record = json.loads((kit / "preview" / "export.json").read_text(encoding="utf-8"))
    manifest = hashlib.sha256((kit / "manifest.json").read_bytes()).hexdigest()
    assert record["request"]["kit_manifest_sha256"] == manifest


def test_the_options_of_a_kit_are_not_read_through_a_link(built: Path, tmp_path: Path) -> None:
    """What preview and export read first (the kit as it was built) is never read through a
    linked kit folder: a link is no kit pnp made."""
    from pnp.kit.build_options import kit_as_built

    kit = _copy(built, tmp_path) / GAME
    assert kit_as_built(kit) is not None
    link = tmp_path / "elders" / GAME
    link.parent.mkdir()
    link.symlink_to(kit)
    assert kit_as_built(link) is None


def test_a_users_pdf_and_folders_named_like_pnps_copies_survive_a_rebuild(
    built: Path, tmp_path: Path
) -> None:
    """Only the earlier kit's own files (its record's list) go with it: a PDF of the user's
    is carried over like any note, and folders of the user's named as pnp names its copies
    (without pnp's record in them) are neither removed nor renamed by the cleanup."""
    out = _copy(built, tmp_path)
    kit = out / GAME
    (kit / "scan.pdf").write_bytes(b"%PDF-1.4 van mij\n")
    for name in (".notities.new-5", ".foto.old-7"):
        (kit / name).mkdir()
        (kit / name / "lijst.txt").write_bytes(name.encode())
    theirs = {
        path.relative_to(kit).as_posix(): path.read_bytes()
        for path in kit.rglob("*")
        if path.is_file()
        and path.relative_to(kit).parts[0] in {"scan.pdf", ".notities.new-5", ".foto.old-7"}
    }
    assert len(theirs) == 3
    done = run_pnp(*LETTER, "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert kit_files(kit)[0] == "letter"
    with kit_lock(kit):  # the cleanup every command runs first
        pass
    for name, data in theirs.items():
        assert (kit / name).read_bytes() == data, name
    assert not (kit / "foto").exists(), "a user's folder is not taken for a retired copy"


def test_an_up_to_date_build_cleans_what_an_interrupted_one_left(
    built: Path, tmp_path: Path
) -> None:
    out = _copy(built, tmp_path)
    run = _pause(out, "swapped", tmp_path)
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=60)
    assert leftovers(out), "the killed build left its retired kit"
    again = run_pnp(*LETTER, "--out", str(out))
    assert again.returncode == 0, again.stderr
    assert f"{GAME}: up to date" in again.stdout
    assert leftovers(out) == []


def test_the_records_the_cleanup_knows_are_those_pnp_writes() -> None:
    from pnp.base.output import OWN_RECORDS
    from pnp.export.folder import RECORD
    from pnp.kit.kit_record import RECORD_FILE

    assert set(OWN_RECORDS) == {RECORD_FILE, RECORD}
