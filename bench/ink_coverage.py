"""Report: how much ink the low-ink edition (``--ink low``) saves, page by page.

Every game (or the ones named) is built twice, the normal edition and the low-ink one,
with the same options. Every page of each card or tile PDF (the files the manifest places
pieces on: fronts and backs), and the map sheet, is rendered at 50 dpi; a page's coverage
is its mean darkness over all pixels and all three channels, ``1 - value / 255``. The
table gives per game and file the mean coverage of its front pages and of its back pages
in both editions and the low edition's share of the normal one (target: at most 30 %),
and the page with the highest share.

Run: ``python bench/ink_coverage.py [GAME ...] [--variant V ...] [--dpi D]``
"""

from __future__ import annotations

import argparse
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium

from pnp.base.ink import Ink
from pnp.catalog.registry import games
from pnp.kit.build import BuildOptions, build

TARGET = 0.30
"""The low-ink edition may use at most this share of the normal edition's ink."""
MAP_SHEET = "speelbord.pdf"


def page_coverage(pdf: Path, dpi: float) -> list[float]:
    """Mean darkness of every page of ``pdf``: 1 - value/255 over every pixel and channel."""
    document = pdfium.PdfDocument(pdf)
    found = []
    for index in range(len(document)):
        image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
        histogram = image.histogram()  # 256 counts per channel, R then G then B
        pixels = image.width * image.height * 3
        light = sum(
            value * count for value, count in zip(list(range(256)) * 3, histogram, strict=True)
        )
        found.append(1 - light / (255 * pixels))
    document.close()
    return found


@dataclass(frozen=True)
class Edition:
    """One built edition: each piece PDF's page coverages and its front and back pages."""

    coverage: dict[str, list[float]]
    fronts: dict[str, set[int]]
    backs: dict[str, set[int]]


def edition(game: str, variants: tuple[str, ...], ink: Ink, folder: Path, dpi: float) -> Edition:
    """Build ``game`` in the ``ink`` edition into ``folder`` and measure its piece pages."""
    options = BuildOptions(out_dir=folder, ink=ink, map_sheet=game == "stoomboot")
    result = build(game, variants, options)
    manifest = json.loads((result.folder / "manifest.json").read_text(encoding="utf-8"))
    fronts: dict[str, set[int]] = {}
    backs: dict[str, set[int]] = {}
    for placed in manifest["placements"]:
        fronts.setdefault(placed["file"], set()).add(placed["page"])
        if placed["back_page"] is not None:
            backs.setdefault(placed["file"], set()).add(placed["back_page"])
    files = sorted(fronts) + ([MAP_SHEET] if (result.folder / MAP_SHEET).is_file() else [])
    coverage = {name: page_coverage(result.folder / name, dpi) for name in files}
    if MAP_SHEET in coverage:
        fronts[MAP_SHEET] = set(range(1, len(coverage[MAP_SHEET]) + 1))
    return Edition(coverage, fronts, backs)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def report(game: str, variants: tuple[str, ...], dpi: float) -> tuple[list[str], list[float]]:
    """The table's lines for one game, and the low/normal ratio of each of its rows."""
    with tempfile.TemporaryDirectory() as folder:
        normal = edition(game, variants, Ink.NORMAL, Path(folder) / "normal", dpi)
        low = edition(game, variants, Ink.LOW, Path(folder) / "low", dpi)
    lines = [f"{game}{' + ' + ', '.join(variants) if variants else ''}"]
    ratios = []
    for name in normal.coverage:
        for side, pages in (("fronts", normal.fronts), ("backs", normal.backs)):
            numbers = sorted(pages.get(name, ()))
            if not numbers:
                continue
            before = [normal.coverage[name][n - 1] for n in numbers]
            after = [low.coverage[name][n - 1] for n in numbers]
            ratio = _mean(after) / _mean(before)
            worst_page, worst = max(
                ((n, a / b) for n, a, b in zip(numbers, after, before, strict=True)),
                key=lambda pair: pair[1],
            )
            ratios.append(ratio)
            mark = "" if ratio <= TARGET else "  over target"
            lines.append(
                f"  {name:<14} {side:<6} {len(numbers):>3} pages  normal {_mean(before):6.1%}  "
                f"low {_mean(after):6.1%}  low/normal {ratio:5.1%}  "
                f"(highest: page {worst_page}, {worst:5.1%}){mark}"
            )
        everything = list(range(1, len(normal.coverage[name]) + 1))
        if name != MAP_SHEET:
            before_all = _mean([normal.coverage[name][n - 1] for n in everything])
            after_all = _mean([low.coverage[name][n - 1] for n in everything])
            lines.append(
                f"  {name:<14} {'all':<6} {len(everything):>3} pages  normal {before_all:6.1%}  "
                f"low {after_all:6.1%}  low/normal {after_all / before_all:5.1%}"
            )
    return lines, ratios


def main() -> None:
    """Print the coverage table of every game (or those named)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--variant", action="append", default=[], help="variant (one game)")
    parser.add_argument("--dpi", type=float, default=50.0, help="render resolution (50)")
    args = parser.parse_args()
    chosen = args.games or sorted(games())
    ratios: list[float] = []
    print(f"ink coverage: mean darkness per page (all channels), rendered at {args.dpi:g} dpi")
    for game in chosen:
        lines, found = report(game, tuple(args.variant), args.dpi)
        ratios += found
        print("\n".join(lines))
    over = sum(1 for ratio in ratios if ratio > TARGET)
    print(
        f"target: low-ink at most {TARGET:.0%} of normal per file and side; "
        f"{len(ratios) - over} of {len(ratios)} rows meet it"
    )


if __name__ == "__main__":
    main()
