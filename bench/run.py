"""Every performance figure of the project in one run, printed as one table with ratios.

Run from the repository folder::

    python bench/run.py [--quick] [--json FILE] [--repeat N]

What it measures (each ``pnp`` command and each deck script as a whole process,
CPU = user + system time of that child, wall time beside it; timed runs of
different commands alternate, so a busy machine slows them alike; the medians
are reported):

* the 90-card twaalf-dagen deck (``bench/pnp_deck.py``) against the same deck
  built with protograf (``bench/peer_protograf.py``; the ``bench`` extra,
  ``pip install -e ".[bench]"``, installs it; without it those rows say so);
* the whole twaalf-dagen kit (``pnp build``: deck, player aid, both rulebook
  editions) against that peer deck, and the kit of every game;
* the deck against a bare ReportLab floor (``bench/build_kit.py``, in one process);
* ``pnp --help``, ``pnp list``, and a second ``pnp build twaalf-dagen`` into the
  folder of the first (with nothing changed; whether its files have the same bytes);
* the peak memory (RSS) of the stoomboot kit with every variant;
* the bytes of ``kaarten.pdf`` and of the 90-card deck against the peer's PDF, and
  whether every font in them is embedded;
* actions per second of each policy of each game on one core, and the time of
  10,000 simulated games with ``pnp simulate --jobs 2`` and the default policy.

``--quick`` repeats each process 3 times instead of 5 and plays fewer games: 100
random and 20 with each other policy per game on one core (1,000 and 100 without
it), and 20 and 200 simulated games per game instead of 10,000: the time of 10,000
is extrapolated from the two (so the process's start is counted once) and labelled
so. The ratio column is the speed-up over the peer (or over
the floor, where the target is a limit on it), else the measured figure divided
by the target's. ``--json FILE`` also writes the table and the raw figures.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
sys.path.insert(0, str(ROOT))

import enginebench as eb  # noqa: E402  (bench/ is the script's folder)
from pypdf import PdfReader  # noqa: E402

from pnp.catalog.registry import game, game_ids  # noqa: E402

PY = sys.executable
PNP = [PY, "-m", "pnp"]
VARIANTS = ("krappe-kalender", "prachtige-pakjes", "pepernoot-plekken", "rebelse-pietjes")
STOOMBOOT_ALL = [arg for variant in VARIANTS for arg in ("--variant", variant)]
PLAYERS = 4
MIB = 1024 * 1024


@dataclass(frozen=True)
class Run:
    """One child process: CPU (user + system) and wall seconds, peak RSS in MiB."""

    cpu: float
    wall: float
    rss_mib: float


@dataclass(frozen=True)
class Row:
    """One line of the table."""

    what: str
    measured: str
    target: str
    ratio: str
    met: str


def child(argv: Sequence[str], env: dict[str, str]) -> Run:
    """Run ``argv`` to the end and measure it; a failure stops the benchmark with its stderr."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=errors
        )
        _pid, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            errors.seek(0)
            text = errors.read().decode(errors="replace")
            raise SystemExit(f"failed ({process.returncode}): {' '.join(argv)}\n{text}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss * 1024 / MIB)


def alternate(
    commands: dict[str, Callable[[int], Sequence[str]]], repeat: int, env: dict[str, str]
) -> dict[str, list[Run]]:
    """Run each command ``repeat`` times, round by round, starting each round one further on
    (so no command always runs first); a command is made from the round's number."""
    names = list(commands)
    runs: dict[str, list[Run]] = {name: [] for name in names}
    for round_ in range(repeat):
        for name in names[round_ % len(names) :] + names[: round_ % len(names)]:
            runs[name].append(child(commands[name](round_), env))
    return runs


def cpu(runs: list[Run]) -> float:
    """The median CPU seconds."""
    return statistics.median(r.cpu for r in runs)


def wall(runs: list[Run]) -> float:
    """The median wall seconds."""
    return statistics.median(r.wall for r in runs)


def digests(folder: Path) -> dict[str, str]:
    """sha256 of every file below ``folder``, by relative path."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def fonts_embedded(pdf: Path) -> tuple[int, int]:
    """(embedded, all) fonts the pages of ``pdf`` use."""
    seen: dict[int, bool] = {}
    for page in PdfReader(pdf).pages:
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources is not None else None
        for ref in (fonts.get_object() if fonts is not None else {}).values():
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            files = descriptor.get_object() if descriptor is not None else {}
            key = ref.idnum if hasattr(ref, "idnum") else id(font)
            seen[key] = any(f in files for f in ("/FontFile", "/FontFile2", "/FontFile3"))
    return sum(seen.values()), len(seen)


def speedup(what: str, ours: float, theirs: float, target: float, detail: str) -> Row:
    """A row comparing our CPU seconds with a peer's against a speed-up target."""
    ratio = theirs / ours
    return Row(what, detail, f">= {target:g}x faster", f"{ratio:.1f}x", _yes(ratio >= target))


def limit(what: str, measured: float, target: float, shown: str, unit: str) -> Row:
    """A row of a figure that must stay below ``target``."""
    return Row(
        what, shown, f"< {target:g}{unit}", f"{measured / target:.2f}", _yes(measured < target)
    )


def _yes(ok: bool) -> str:
    return "yes" if ok else "NO"


def peer_version() -> str | None:
    """protograf's version, or ``None`` if the ``bench`` extra is not installed."""
    try:
        return version("protograf")
    except PackageNotFoundError:
        return None


def process_rows(
    args: argparse.Namespace, env: dict[str, str], out: Path, raw: dict[str, Any]
) -> list[Row]:
    """The whole-process rows: peer, kits, --help, list, rebuild, RSS, bytes (files in ``out``)."""
    rows: list[Row] = []
    peer = peer_version()
    commands: dict[str, Callable[[int], Sequence[str]]] = {
        "deck": lambda n: [PY, str(BENCH / "pnp_deck.py"), str(out / f"deck-{n}.pdf")],
        "kit": lambda n: [*PNP, "build", "twaalf-dagen", "-q", "--out", str(out / f"kit-{n}")],
    }
    if peer is not None:
        commands["peer"] = lambda n: [
            PY,
            str(BENCH / "peer_protograf.py"),
            "-d",
            str(_folder(out / f"peer-{n}")),
            "--no-png",
        ]
    runs = alternate(commands, args.repeat, env)
    raw["deck_kit_peer"] = {name: [asdict(r) for r in rs] for name, rs in runs.items()}
    deck, kit = cpu(runs["deck"]), cpu(runs["kit"])
    if peer is not None:
        theirs = cpu(runs["peer"])
        rows.append(
            speedup(
                f"90-card twaalf-dagen deck vs protograf {peer}",
                deck,
                theirs,
                10,
                f"{deck:.2f} s vs {theirs:.2f} s CPU (wall {wall(runs['deck']):.1f} vs "
                f"{wall(runs['peer']):.1f} s)",
            )
        )
        rows.append(
            speedup(
                "whole twaalf-dagen kit vs the peer's deck",
                kit,
                theirs,
                4,
                f"{kit:.2f} s vs {theirs:.2f} s CPU (wall {wall(runs['kit']):.1f} vs "
                f"{wall(runs['peer']):.1f} s)",
            )
        )
    else:
        missing = 'protograf not installed: pip install -e ".[bench]"'
        rows.append(Row("90-card deck vs protograf", missing, ">= 10x faster", "-", "-"))
        rows.append(Row("whole twaalf-dagen kit vs the peer", missing, ">= 4x faster", "-", "-"))
    rows.append(floor_row(args, env, raw))

    kits = alternate({gid: kit_command(gid, out) for gid in game_ids()}, args.repeat, env)
    raw["kits"] = {gid: [asdict(r) for r in rs] for gid, rs in kits.items()}
    for gid, rs in kits.items():
        rows.append(
            Row(
                f"kit: pnp build {gid}",
                f"{cpu(rs):.2f} s CPU, {wall(rs):.1f} s wall",
                "-",
                "-",
                "-",
            )
        )

    quick = alternate(
        {"help": lambda n: [*PNP, "--help"], "list": lambda n: [*PNP, "list"]}, args.repeat, env
    )
    raw["help_list"] = {name: [asdict(r) for r in rs] for name, rs in quick.items()}
    help_cpu, list_cpu = cpu(quick["help"]), cpu(quick["list"])
    rows.append(limit("pnp --help", help_cpu, 0.25, f"{help_cpu:.2f} s CPU", " s"))
    rows.append(limit("pnp list", list_cpu, 0.4, f"{list_cpu:.2f} s CPU", " s"))

    rebuilds: list[Run] = []
    same = True
    for n in range(args.repeat):
        folder = out / f"rebuild-{n}"
        command = [*PNP, "build", "twaalf-dagen", "-q", "--out", str(folder)]
        child(command, env)
        first = digests(folder)
        rebuilds.append(child(command, env))
        same = same and digests(folder) == first
    raw["rebuild"] = [asdict(r) for r in rebuilds]
    again = cpu(rebuilds)
    rows.append(
        Row(
            "rebuild with nothing changed (2nd pnp build twaalf-dagen)",
            f"{again:.2f} s CPU, {wall(rebuilds):.1f} s wall, same bytes: {_yes(same).lower()}",
            "< 0.3 s, same bytes",
            f"{again / 0.3:.2f}",
            _yes(again < 0.3 and same),
        )
    )

    rss = [
        child(
            [*PNP, "build", "stoomboot", "-q", "--out", str(out / f"rss-{n}"), *STOOMBOOT_ALL], env
        )
        for n in range(args.repeat)
    ]
    raw["rss_stoomboot_all"] = [asdict(r) for r in rss]
    peak = max(r.rss_mib for r in rss)
    rows.append(
        Row(
            "peak RSS, stoomboot kit with every variant",
            f"{peak:.0f} MiB ({cpu(rss):.2f} s CPU)",
            "<= 80 MiB",
            f"{peak / 80:.2f}",
            _yes(peak <= 80),
        )
    )
    rows += bytes_rows(out, peer, raw)
    return rows


def kit_command(game_id: str, out: Path) -> Callable[[int], list[str]]:
    """``pnp build GAME`` into a fresh folder of ``out`` for each round."""
    return lambda n: [*PNP, "build", game_id, "-q", "--out", str(out / f"{game_id}-{n}")]


def _folder(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def floor_row(args: argparse.Namespace, env: dict[str, str], raw: dict[str, Any]) -> Row:
    """The deck's card sheets against the bare ReportLab floor (``bench/build_kit.py``)."""
    command = [
        PY,
        str(BENCH / "build_kit.py"),
        "twaalf-dagen",
        "--json",
        "--repeat",
        str(args.repeat),
    ]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    figures = json.loads(done.stdout)
    raw["floor"] = figures
    ratio = figures["deck_s"] / figures["floor_s"]
    return Row(
        f"kaarten.pdf's {figures['cards']} cards vs bare ReportLab floor (in one process)",
        f"{figures['deck_s'] * 1000:.0f} ms vs {figures['floor_s'] * 1000:.0f} ms",
        "< 10x the floor",
        f"{ratio:.1f}x",
        _yes(ratio < 10),
    )


def bytes_rows(out: Path, peer: str | None, raw: dict[str, Any]) -> list[Row]:
    """kaarten.pdf and the 90-card deck against the peer's PDF, with their embedded fonts."""
    ours = {
        "kaarten.pdf (98 cards: the deck and 8 player aids)": out
        / "kit-0/twaalf-dagen/kaarten.pdf",
        "the 90-card deck's PDF": out / "deck-0.pdf",
    }
    theirs = out / "peer-0" / "peer-deck.pdf"
    raw["bytes"] = {what: path.stat().st_size for what, path in ours.items()}
    if peer is not None:
        raw["bytes"]["peer"] = theirs.stat().st_size
        peer_embedded, peer_fonts = fonts_embedded(theirs)
    rows = []
    for what, path in ours.items():
        size = path.stat().st_size
        embedded, fonts = fonts_embedded(path)
        shown = f"{size:,} B, {embedded} of {fonts} fonts embedded"
        if peer is None:
            rows.append(Row(f"{what} bytes", shown, "<= 1.0x the peer's", "-", "-"))
            continue
        ratio = size / theirs.stat().st_size
        rows.append(
            Row(
                f"{what} bytes vs the peer's",
                f"{shown}; peer {theirs.stat().st_size:,} B, "
                f"{peer_embedded} of {peer_fonts} embedded",
                "<= 1.0x, every font embedded",
                f"{ratio:.2f}",
                _yes(ratio <= 1.0 and embedded == fonts),
            )
        )
    return rows


def engine_rows(args: argparse.Namespace, env: dict[str, str], raw: dict[str, Any]) -> list[Row]:
    """Actions/s of each policy of each game on one core; 10,000 games on 2 processes."""
    rows: list[Row] = []
    raw["engines"] = {}
    for gid in game_ids():
        kit = game(gid).engine
        config = kit.standard_config(())
        rates: dict[str, float] = {}
        for name, make in kit.policies.items():
            games = args.random_games if name == "random" else args.policy_games
            rate, _per_s, _actions = eb.single_core(kit.engine, config, make, PLAYERS, games)
            rates[name] = rate
        raw["engines"][gid] = rates
        shown = ", ".join(f"{name} {rate:,.0f}" for name, rate in rates.items())
        slowest = min(rate for name, rate in rates.items() if name != "random")
        rows.append(
            Row(
                f"engine {gid}: actions/s, 1 core, {PLAYERS} players",
                shown,
                "every heuristic >= 10,000",
                f"{slowest / 10_000:.2f}",
                _yes(slowest >= 10_000),
            )
        )
    for gid in game_ids():
        seconds, label = simulation_seconds(gid, args.sim_games, env, raw)
        rows.append(
            Row(
                f"10,000 games of {gid}, --jobs 2, default policy",
                f"{seconds:,.0f} s wall{label}",
                "< 60 s",
                f"{seconds / 60:.2f}",
                _yes(seconds < 60),
            )
        )
    return rows


def simulation_seconds(
    game_id: str, games: int, env: dict[str, str], raw: dict[str, Any]
) -> tuple[float, str]:
    """Wall seconds of ``pnp simulate`` with 10,000 games on 2 processes, and how they were
    found: measured, or (fewer games) extrapolated from runs of ``games`` and a tenth of it,
    so the process's start is not multiplied with the games."""

    def simulate(count: int) -> Run:
        command = [*PNP, "simulate", game_id, "--players", str(PLAYERS), "--games", str(count)]
        return child([*command, "--jobs", "2", "-q"], env)

    if games >= 10_000:
        run = simulate(games)
        raw.setdefault("simulate", {})[game_id] = {str(games): asdict(run)}
        return run.wall * 10_000 / games, ""
    few, many = max(1, games // 10), games
    small, large = simulate(few), simulate(many)
    raw.setdefault("simulate", {})[game_id] = {str(few): asdict(small), str(many): asdict(large)}
    per_game = (large.wall - small.wall) / (many - few)
    if per_game <= 0:  # the machine was busier during the short run: scale the long one
        return large.wall * 10_000 / many, f" (extrapolated from {many:,} games, start included)"
    return large.wall + per_game * (10_000 - many), f" (extrapolated from {few:,} and {many:,})"


def table(rows: Sequence[Row]) -> str:
    """The rows as a Markdown table (the shape of the issue's)."""
    lines = ["| what | measured | target | ratio | met |", "|---|---|---|---|---|"]
    lines += [f"| {r.what} | {r.measured} | {r.target} | {r.ratio} | {r.met} |" for r in rows]
    return "\n".join(lines)


def main() -> None:
    """Measure everything, print the table, write the JSON if asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and games")
    parser.add_argument("--json", type=Path, help="also write the table and raw figures here")
    parser.add_argument("--repeat", type=int, help="runs of each process (default 5, quick 3)")
    args = parser.parse_args()
    args.repeat = args.repeat or (3 if args.quick else 5)
    args.random_games = 100 if args.quick else 1000
    args.policy_games = 20 if args.quick else 100
    args.sim_games = 200 if args.quick else 10_000
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as scratch:
        out = Path(scratch)
        # No user settings (pnp.toml) change what is built; this checkout is the pnp run.
        env = {**os.environ, "PNP_CONFIG_DIR": str(out / "config"), "PYTHONPATH": str(ROOT)}
        raw: dict[str, Any] = {}
        started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        print(
            f"pnp benchmarks, {started}, Python {platform.python_version()}, "
            f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, "
            f"{'quick' if args.quick else 'full'} run, {args.repeat} runs per process",
            flush=True,
        )
        rows = process_rows(args, env, out, raw) + engine_rows(args, env, raw)
    print(table(rows))
    print(f"load at the end {os.getloadavg()[0]:.1f} (CPU figures grow on a busy machine too)")
    if args.json:
        args.json.write_text(
            json.dumps({"rows": [asdict(r) for r in rows], "raw": raw}, indent=1) + "\n",
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
