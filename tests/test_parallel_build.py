"""``build(..., jobs=2)``: a kit's files rendered in forked workers have the bytes of a serial
build; the workers' progress reaches the caller and their errors are the build's errors."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from pnp.base.errors import PnpError
from pnp.base.workers import run_forked
from pnp.kit.build import BuildOptions, build
from pnp.kit.kit_record import RECORD_FILE
from tests.conftest import KitMaker


def _digests(folder: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.name != RECORD_FILE
    }


def test_a_parallel_build_has_the_bytes_of_a_serial_one(kit: KitMaker, tmp_path: Path) -> None:
    serial = kit("twaalf-dagen", proof=True)  # the session's shared kit: serial
    seen: list[tuple[str, int, int]] = []
    parallel = build(
        "twaalf-dagen",
        (),
        BuildOptions(out_dir=tmp_path, proof=True),
        lambda task, done, total: seen.append((task, done, total)),
        jobs=2,
    )
    assert _digests(parallel.folder) == _digests(serial.folder)
    assert len(_digests(parallel.folder)) == 5
    # Each worker's progress came through: the deck's sheets one by one, the rulebook's end.
    assert ("twaalf-dagen: rulebook", 1, 1) in seen
    deck = [(done, total) for task, done, total in seen if task == "twaalf-dagen: kaarten.pdf"]
    cards = len(parallel.manifest["placements"])  # type: ignore[arg-type]
    assert len(deck) > 2 and deck == sorted(deck) and deck[-1] == (cards, cards)


def test_a_worker_error_is_the_builds_error(project_copy: Path, tmp_path: Path) -> None:
    (project_copy / "art" / "twaalf-dagen" / "10-heren.svg").write_text("<svg><g></svg>", "utf-8")
    with pytest.raises(PnpError) as failure:
        build("twaalf-dagen", (), BuildOptions(out_dir=tmp_path), jobs=2)
    assert len(failure.value.problems) == 1
    message = str(failure.value)  # the one located line a serial build gives
    assert (
        message.startswith("cardspecs/twaalf-dagen/layouts/deck.toml:")
        and "10-heren.svg" in message
    )
    assert not (tmp_path / "twaalf-dagen").exists()


def _square(number: int) -> int:
    return number * number


def test_workers_give_their_results_in_order() -> None:
    tasks = [lambda _, n=n: _square(n) for n in range(5)]
    assert run_forked(tasks, 2) == [0, 1, 4, 9, 16]
