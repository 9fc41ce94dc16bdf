"""Benchmark: the default balance report of each game (``pnp study GAME --report``), the
time it takes on two processes and the games it plays, measured in one run.

Target (issue "A balance report a designer can act on"): each under 2 minutes on 2 cores.
The run also says how many findings each report has.

Run: ``python bench/report.py [GAME ...] [--jobs 2] [--json]``
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp import api


def main() -> int:
    """Make each game's default report, print its time."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "games", nargs="*", default=["sinterklaas", "stoomboot", "twaalf-dagen", "santoska"]
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = []
    with tempfile.TemporaryDirectory() as out:
        for game in args.games:
            started = time.perf_counter()
            made = api.balance_report(game, jobs=args.jobs, out=Path(out))
            figures.append(
                {
                    "game": game,
                    "seconds": round(time.perf_counter() - started, 1),
                    "games_played": made.games,
                    "per_setting": made.per_setting,
                    "findings": len(made.report.findings),
                    "pages": made.path.read_bytes().count(b"/Type /Page\n"),
                }
            )
    if args.json:
        print(json.dumps(figures))
    else:
        for row in figures:
            print("  ".join(f"{k} {v}" for k, v in row.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
