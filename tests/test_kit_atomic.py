"""A kit is replaced as a whole or not at all: after a full disk, a failing rename, a killed
build or two builds at once, the output folder holds the whole earlier kit or the whole new
one, its manifest matching its files, and no temporary file once the next build starts."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import pnp.base.output
from pnp.base.errors import PnpError
from pnp.base.output import recover_kit
from pnp.kit.build import BuildOptions, build

GAME = "twaalf-dagen"


def kit_state(folder: Path) -> tuple[str, dict[str, str]]:
    """The kit's paper and its files' sha256; asserts the manifest matches the files."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    listed = {f["name"]: f["sha256"] for f in manifest["files"]}
    on_disk = {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in folder.iterdir()
        if p.is_file() and not p.name.startswith(".")
    }
    on_disk.pop("manifest.json")
    assert on_disk == listed, "the manifest names exactly the kit's files, with their bytes"
    return str(manifest["options"]["paper"]), on_disk


def leftovers(out: Path) -> list[str]:
    return sorted(
        p.name
        for p in out.rglob("*")
        if ".new-" in p.name or ".old-" in p.name or "partial" in p.name
    )


@pytest.fixture()
def earlier(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """An output folder holding an A4 kit."""
    out = tmp_path / "out"
    build(GAME, (), BuildOptions(out_dir=out))
    return out, kit_state(out / GAME)[1]


def _letter(out: Path) -> BuildOptions:
    return BuildOptions(out_dir=out, paper="letter")


def test_a_full_disk_leaves_the_earlier_kit_and_nothing_else(
    earlier: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    out, files = earlier
    written = []

    def full(path: Path, data: bytes) -> None:
        if written:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written.append(path)
        path.write_bytes(data[: len(data) // 2])

    monkeypatch.setattr(pnp.base.output, "_write_synced", full)
    with pytest.raises(PnpError, match="No space left on device"):
        build(GAME, (), _letter(out))
    assert kit_state(out / GAME) == ("a4", files)
    assert leftovers(out) == []


def test_a_failing_rename_leaves_the_earlier_kit(
    earlier: tuple[Path, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    out, files = earlier
    real = os.rename
    calls: list[str] = []

    def second_fails(source: object, target: object) -> None:
        calls.append(str(source))
        if len(calls) == 2:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(pnp.base.output.os, "rename", second_fails)
    with pytest.raises(PnpError, match="cannot write output"):
        build(GAME, (), _letter(out))
    monkeypatch.setattr(pnp.base.output.os, "rename", real)
    assert kit_state(out / GAME) == ("a4", files)
    assert leftovers(out) == []


def test_a_swap_cut_between_its_renames_is_undone_at_the_next_start(
    earlier: tuple[Path, dict[str, str]],
) -> None:
    out, files = earlier
    folder = out / GAME
    retired = out / f".{GAME}.old-99999"
    staged = out / f".{GAME}.new-99999"
    staged.mkdir()
    (staged / ".pnp-kit.json").touch()  # a staged kit holds its record's name from the start
    (staged / "kaarten.pdf").write_bytes(b"half")
    os.rename(folder, retired)  # killed right after the first rename
    recover_kit(folder)
    assert kit_state(folder) == ("a4", files)
    assert leftovers(out) == []


def test_two_builds_at_once_end_with_one_whole_kit(tmp_path: Path) -> None:
    out = tmp_path / "out"
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "pnp", "build", GAME, "--out", str(out), "--quiet", *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for extra in ([], ["--paper", "letter", "--backs", "gutterfold"])
    ]
    for run in runs:
        _, err = run.communicate(timeout=600)
        assert run.returncode == 0, err.decode()
    paper, _ = kit_state(out / GAME)
    assert paper in ("a4", "letter")
    assert leftovers(out) == []


@pytest.mark.slow
def test_a_build_killed_at_any_moment_leaves_a_whole_kit(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(GAME, (), BuildOptions(out_dir=out))
    command = [sys.executable, "-m", "pnp", "build", GAME, "--out", str(out), "--quiet", "--force"]
    started = time.monotonic()
    subprocess.run([*command, "--paper", "letter"], check=True, capture_output=True)
    whole = time.monotonic() - started
    moments = random.Random(20).sample(range(1, 1000), 20)
    outcomes = {"a4": 0, "letter": 0}
    for index, moment in enumerate(sorted(moments)):
        paper = "letter" if index % 2 == 0 else "a4"
        run = subprocess.Popen([*command, "--paper", paper], stderr=subprocess.DEVNULL)
        time.sleep(whole * 1.1 * moment / 1000)
        run.send_signal(signal.SIGKILL)
        run.wait()
        recover_kit(out / GAME)  # what the next build does first
        found, _ = kit_state(out / GAME)
        outcomes[found] += 1
        assert leftovers(out) == []
    assert sum(outcomes.values()) == 20


@pytest.fixture()
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 3 MB tmpfs (needs the right to mount; skipped with the reason otherwise)."""
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.strip() or done.returncode}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_really_full_disk_leaves_the_earlier_kit(small_disk: Path) -> None:
    out = small_disk / "out"
    build(GAME, (), BuildOptions(out_dir=out))
    files = kit_state(out / GAME)[1]
    free = os.statvfs(small_disk).f_bavail * os.statvfs(small_disk).f_frsize
    (small_disk / "filler").write_bytes(b"\0" * max(0, free - 100_000))
    with pytest.raises(PnpError, match="No space left on device"):
        build(GAME, (), _letter(out))
    assert kit_state(out / GAME) == ("a4", files)
    assert leftovers(out) == []
