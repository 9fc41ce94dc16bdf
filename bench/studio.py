"""Benchmark: how fast the studio answers, over real HTTP on 127.0.0.1.

Measured in one run, each as the median of several requests:

* the time from starting the studio (it reads the games first) to listening, and to its
  first home page answered; the first request once listening, then warm ones;
* a game's page whose kit is already made with those choices (served at once);
* the kit's first making (building it, with its preview pictures), for scale;
* proofreading: an example's page the first time, then each step to the next move and
  the picture of the table after it (drawn the first time it is asked for).

Targets (issue "pnp studio"): the home page under 0.2 s after start, an unchanged kit's
page under 0.3 s, and after one card's text is edited in a project game the changed
pictures on screen within the incremental remaking plus 0.5 s (``edit_overhead_s``).

Run: ``python bench/studio.py [GAME] [--repeat N] [--json]``
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
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

POLL_S = 0.15
"""How often a kit's page asks whether the kit was made again (its template says so too)."""
FORM = {"paper": "a4", "backs": "long-edge", "ink": "normal", "lang": "nl"}


def _get(url: str) -> tuple[float, str]:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as answer:
        body = answer.read().decode(errors="replace")
    return time.perf_counter() - started, body


def _edit_to_screen(game: str) -> dict[str, float]:
    """In a copy of the project: the time from editing one card's text to the page having
    the remade kit and its first contact sheet, against the incremental remaking alone
    (the same kind of edit, made through the API directly)."""
    from pnp import api

    source = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder) / "project"
        shutil.copytree(source / "cardspecs", project / "cardspecs")
        shutil.copytree(source / "art", project / "art")
        (project / "fonts").symlink_to(source / "fonts")
        os.environ["PNP_ROOT"] = str(project)
        table = project / "cardspecs" / game / "deck.csv"
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        base = f"http://127.0.0.1:{port}"
        app = make_app(Path(folder) / "kits", own_hosts("127.0.0.1", port), watch=True)
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
        threading.Thread(target=server.run, daemon=True).start()
        while not server.started:
            time.sleep(0.005)
        data = urllib.parse.urlencode(FORM).encode()
        request = urllib.request.Request(
            f"{base}/games/{game}/build", data=data, headers={"hx-request": "true"}
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            key = re.search(r"/jobs/(\w+)", answer.read().decode())
        assert key, "no job"
        while 'aria-busy="true"' in _get(f"{base}/jobs/{key[1]}")[1]:
            time.sleep(0.05)
        rows = table.read_text("utf-8").splitlines()
        cells = rows[1].split(",")
        cells[rows[0].split(",").index("name")] = "Fazant"  # the first card's name
        edited = time.perf_counter()
        table.write_text("\n".join([rows[0], ",".join(cells), *rows[2:]]) + "\n", "utf-8")
        while True:
            with urllib.request.urlopen(f"{base}/jobs/{key[1]}/after/0", timeout=60) as answer:
                if answer.status == 200:
                    sheet = re.search(r'src="([^"]+/preview/[^"]+\?g=1)"', answer.read().decode())
                    break
            time.sleep(POLL_S)
        assert sheet, "no picture"
        _get(base + sheet[1])
        on_screen = time.perf_counter() - edited
        server.should_exit = True
        app.state.stop.set()
        # The remaking alone: the same kind of edit again, the kit made through the API.
        options = api.build_options(api.resolve_settings(out=Path(folder) / "direct"))
        choice = api.KitChoice((), options, existing=False)
        api.preview(game, choice)
        table.write_text("\n".join(rows) + "\n", "utf-8")
        started = time.perf_counter()
        api.preview(game, choice)
        remaking = time.perf_counter() - started
        del os.environ["PNP_ROOT"]
    return {
        "edit_to_screen_s": round(on_screen, 3),
        "incremental_remaking_s": round(remaking, 3),
        "edit_overhead_s": round(on_screen - remaking, 3),
    }


def _moves(base: str, game: str, query: str, repeat: int) -> dict[str, float]:
    """Proofreading: an example's page move by move, the first time (the kit's examples
    replayed and its book rendered) and then each step and its table's picture."""
    _, listing = _get(f"{base}/games/{game}/examples?{query}")
    found = re.search(rf"/games/{game}/examples/([\w-]+)\?", listing)
    assert found, "no example to step through"
    url = f"{base}/games/{game}/examples/{found[1]}?{query}"
    first, page = _get(url)
    total = int(re.search(r"before move 1 of (\d+)", page)[1])  # type: ignore[index]
    steps, pictures = [], []
    for number in range(1, min(total, repeat) + 1):
        steps.append(_get(f"{url}&move={number}")[0])
        table = f"{base}/games/{game}/examples/{found[1]}/table/{number}.png?{query}"
        pictures.append(_get(table)[0])
    return {
        "example_first_page_s": round(first, 3),
        "example_step_median_s": round(statistics.median(steps), 4),
        "example_table_picture_median_s": round(statistics.median(pictures), 4),
    }


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
        moves = _moves(base, args.game, query, args.repeat)
        server.should_exit = True
    edit = _edit_to_screen(args.game)
    figures = {
        "game": args.game,
        "start_to_listening_s": round(listening, 3),
        "start_to_home_answered_s": round(after_start, 3),
        "home_first_request_s": round(first, 3),
        "home_median_s": round(home, 4),
        "made_kit_page_median_s": round(page, 4),
        "kit_first_making_s": round(making, 2),
        **moves,
        **edit,
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name:26} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
