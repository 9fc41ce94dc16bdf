"""Benchmark: a game's card deck against a bare reportlab floor, and the whole kit, in one run.

The floor draws the same number of plain card rectangles with one line of text
each, nine per page, with the same embedded TrueType font. The deck is every
poker-size card of the kit's ``kaarten.pdf``. Reported: median CPU time of
the deck's card sheets and of the floor (both drawn in this process, at least 11
runs each), their ratio, PDF bytes, bytes per
card beyond the first sheet (the marginal cost of a card once the shared
drawings exist), and the time to build the whole kit (every file, and with
``--map-sheet`` the board too) with the rulebook's share.

Run: ``python bench/build_kit.py [GAME] [--variant V ...] [--map-sheet] [--repeat N] [--json]``
(the game defaults to twaalf-dagen; ``--json`` prints the figures as one JSON object
instead, for ``bench/run.py``).
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pnp.base.back_mode import BackMode
from pnp.base.paths import project_root
from pnp.catalog.project import load_game
from pnp.kit.build import BuildOptions, build
from pnp.kit.examples import game_parts
from pnp.rulebook.compose import make_rulebook
from pnp.sheets.card_jobs import card_jobs
from pnp.sheets.cards import CardJob, SheetOptions, render_card_sheets
from pnp.sheets.imposition import plan_sheet
from pnp.spec.sizes import CARD_SIZES, PAPERS
from pnp.spec.variants import resolve_variants

MM = 72 / 25.4


def floor_pdf(cards: int) -> bytes:
    """The bare reportlab floor: rectangles and one line of text per card."""
    font = project_root() / "fonts" / "lato" / "Lato-Regular.ttf"
    if "bench-lato" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("bench-lato", str(font)))
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer, pagesize=(210 * MM, 297 * MM), invariant=1, initialFontName="bench-lato"
    )
    for index in range(cards):
        slot = index % 9
        if index and slot == 0:
            canvas.showPage()
        x = (10.5 + (slot % 3) * 63) * MM
        y = (16.5 + (2 - slot // 3) * 88) * MM
        canvas.rect(x, y, 63 * MM, 88 * MM)
        canvas.setFont("bench-lato", 10)
        canvas.drawString(x + 5 * MM, y + 80 * MM, f"Kaart {index + 1}")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def timed(
    action: object, repeat: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, object]:
    """The median time of ``repeat`` calls of ``action`` by ``clock``, and its last result."""
    times = []
    result = None
    for _ in range(repeat):
        start = clock()
        result = action()  # type: ignore[operator]
        times.append(clock() - start)
    return statistics.median(times), result


IN_PROCESS_REPEAT = 11
"""At least this many runs of the deck and the floor: the floor takes a few milliseconds,
so a few runs would make the ratio noisy."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", nargs="?", default="twaalf-dagen")
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--map-sheet", action="store_true")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    game, variants = args.game, tuple(args.variant)

    def kit(out: Path) -> object:
        options = BuildOptions(out_dir=out, map_sheet=args.map_sheet)
        return build(game, variants, options)

    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        kit(Path(tmp))  # cold: fonts and art parsed
        cold_time = time.perf_counter() - start
        kit_time, _result = timed(lambda: kit(Path(tmp)), args.repeat)
        sizes = {p.name: p.stat().st_size for p in sorted((Path(tmp) / game).iterdir())}
    data = load_game(game)
    chosen = resolve_variants(data.spec, variants)
    deck = [
        c
        for c in data.spec.components_for(chosen)
        if c.file == "kaarten" and c.size == CARD_SIZES["poker"]
    ]
    jobs = card_jobs(data, deck, chosen)
    plan = plan_sheet(PAPERS["a4"], deck[0].size, BackMode.LONG_EDGE)
    options = SheetOptions(BackMode.LONG_EDGE)
    words = data.spec.language

    def sheets(batch: list[CardJob]) -> bytes:
        return render_card_sheets(batch, lambda _: plan, options, data.art, "t", "t", words).pdf

    first_sheet = sheets(jobs[:9])
    # CPU time of this process: the deck and the floor are drawn here, not in workers.
    repeat = max(args.repeat, IN_PROCESS_REPEAT)
    deck_time, full = timed(
        lambda: sheets(jobs),
        repeat,
        time.process_time,
    )
    assert isinstance(full, bytes)
    printing = {"paper": "a4", "backs": "long-edge"}
    parts = game_parts(data.spec, chosen)
    rulebook_time, _book = timed(
        lambda: make_rulebook(data, chosen, parts, "a4", printing), args.repeat
    )
    cards = len(jobs)
    floor_time, floor = timed(lambda: floor_pdf(cards), repeat, time.process_time)
    assert isinstance(floor, bytes)
    per_card = (len(full) - len(first_sheet)) / max(1, cards - 9)
    if args.json:
        figures = {
            "cards": cards,
            "deck_s": deck_time,
            "floor_s": floor_time,
            "deck_bytes": len(full),
            "floor_bytes": len(floor),
            "bytes_per_card": per_card,
            "kit_first_s": cold_time,
            "kit_s": kit_time,
            "rulebook_s": rulebook_time,
            "files": sizes,
        }
        print(json.dumps(figures))
        return
    print(f"deck: {cards} cards (fronts and long-edge backs, A4), median CPU of {repeat}")
    print(f"  pnp card sheets:        {deck_time * 1000:8.1f} ms  {len(full):>9,} bytes")
    print(f"  bare reportlab floor:   {floor_time * 1000:8.1f} ms  {len(floor):>9,} bytes")
    print(f"  time ratio to floor:    {deck_time / floor_time:8.2f}x  (target < 10x)")
    print(f"  bytes per card beyond the first sheet: {per_card:,.0f}  (target < 4,096)")
    print(f"whole kit (pnp build {game}{''.join(' --variant ' + v for v in variants)}):")
    print(f"  first build in a process: {cold_time * 1000:8.1f} ms")
    print(f"  later builds (median):    {kit_time * 1000:8.1f} ms")
    print(f"  of which the rulebook:    {rulebook_time * 1000:8.1f} ms (both editions)")
    for name, size in sizes.items():
        print(f"  {name:<24} {size:>9,} bytes")


if __name__ == "__main__":
    main()
