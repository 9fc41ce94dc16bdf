"""Report: the paper a kit needs, sheet by sheet, and how full its sheets are.

For every game (or the ones named) and each of a few print settings, the kit is
built once and read back from its manifest: the physical sheets of each PDF
(a duplex front and back are one sheet), the cards placed, the slots those
sheets offer and the share of them used, and the sheets that hold fewer than
half their slots. This is the figure to compare before and after a change to
the imposition.

Run: ``python bench/sheets.py [GAME ...] [--variant V ...] [--paper a4|letter]``
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import defaultdict
from pathlib import Path

from pypdf import PdfReader

from pnp.base.back_mode import BackMode
from pnp.catalog.project import load_game
from pnp.catalog.registry import games
from pnp.kit.build import BuildOptions, build
from pnp.sheets.imposition import plan_sheet
from pnp.spec.sizes import PAPERS

SETTINGS = (("duplex", BackMode.LONG_EDGE), ("gutterfold", BackMode.GUTTERFOLD))


def sheet_report(game: str, variants: tuple[str, ...], paper: str, backs: BackMode) -> list[str]:
    """One line per card PDF of the kit: sheets, cards, slots used, sparse sheets."""
    with tempfile.TemporaryDirectory() as folder:
        result = build(game, variants, BuildOptions(out_dir=Path(folder), paper=paper, backs=backs))
        manifest = json.loads((result.folder / "manifest.json").read_text(encoding="utf-8"))
        spec = load_game(game).spec
        per_page: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        capacity: dict[str, int] = {}
        for placement in manifest["placements"]:
            per_page[placement["file"]][placement["page"]] += 1
            component = spec.component(placement["component"])
            mode = backs if component.back else BackMode.NONE
            plan = plan_sheet(PAPERS[paper], component.size, mode)
            capacity.setdefault(placement["file"], plan.per_sheet)
        lines = []
        for file, pages in sorted(per_page.items()):
            total_pages = len(PdfReader(result.folder / file).pages)
            sheets = len(pages)
            slots = capacity[file] * sheets
            cards = sum(pages.values())
            sparse = sum(1 for count in pages.values() if count * 2 < capacity[file])
            lines.append(
                f"  {file:<16} {sheets:>3} sheets ({total_pages:>3} pages)  {cards:>4} cards  "
                f"{cards / slots:>5.0%} of slots used  {sparse} under half full"
            )
        return lines


def main() -> None:
    """Print the sheet report of every game asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--variant", action="append", default=[], help="variant id")
    parser.add_argument("--paper", default="a4")
    args = parser.parse_args()
    ids = args.games or sorted(games())
    for game in ids:
        for label, backs in SETTINGS:
            print(f"{game} ({label}, {args.paper})")
            for line in sheet_report(game, tuple(args.variant), args.paper, backs):
                print(line)


if __name__ == "__main__":
    main()
