"""Benchmark: how fast the studio answers, over real HTTP on 127.0.0.1.

Measured in one run, each as the median of several requests:

* the time from starting the studio (it reads the games first) to listening, and to its
  first home page answered; the first request once listening, then warm ones;
* a game's page whose kit is already made with those choices (served at once);
* the kit's first making (building it, with its preview pictures), for scale.

Targets (issue "pnp studio"): the home page under 0.2 s after start, an unchanged kit's
page under 0.3 s.

Run: ``python bench/studio.py [GAME] [--repeat N] [--json]``
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import uvicorn

from pnp.studio.app import make_app
from pnp.studio.server import own_hosts

FORM = {"paper": "a4", "backs": "long-edge", "ink": "normal", "lang": "nl"}


def _get(url: str) -> tuple[float, str]:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as answer:
        body = answer.read().decode()
    return time.perf_counter() - started, body


def main() -> int:
    """Start a studio, measure, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="twaalf-dagen")
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as root:
        started = time.perf_counter()
        app = make_app(Path(root), own_hosts("127.0.0.1", port))
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
        threading.Thread(target=server.run, daemon=True).start()
        while not server.started:
            time.sleep(0.005)
        listening = time.perf_counter() - started
        first, _ = _get(base + "/")
        after_start = time.perf_counter() - started
        home = statistics.median(_get(base + "/")[0] for _ in range(args.repeat))

        made = time.perf_counter()
        data = urllib.parse.urlencode(FORM).encode()
        request = urllib.request.Request(
            f"{base}/games/{args.game}/build", data=data, headers={"hx-request": "true"}
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            key = re.search(r"/jobs/(\w+)", answer.read().decode())
        assert key, "no job"
        while 'aria-busy="true"' in _get(f"{base}/jobs/{key[1]}")[1]:
            time.sleep(0.05)
        making = time.perf_counter() - made
        query = urllib.parse.urlencode(FORM)
        page = statistics.median(
            _get(f"{base}/games/{args.game}?{query}")[0] for _ in range(args.repeat)
        )
        server.should_exit = True
    figures = {
        "game": args.game,
        "start_to_listening_s": round(listening, 3),
        "start_to_home_answered_s": round(after_start, 3),
        "home_first_request_s": round(first, 3),
        "home_median_s": round(home, 4),
        "made_kit_page_median_s": round(page, 4),
        "kit_first_making_s": round(making, 2),
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name:26} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
