"""Write the README's pictures of the balance reports: the first page and the page of player
counts of each game's default report (``pnp study GAME --report``), as PNG at 110 dpi, to
``docs/pictures/report-GAME-N.png``. The same data and pnp give the same pictures.

Run: ``python bench/report_pictures.py [GAME ...]`` (a few minutes: every default report).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pypdfium2 as pdfium

from pnp import api

PICTURES = Path(__file__).resolve().parent.parent / "docs" / "pictures"
PAGES = (1, 2)
"""The pages shown: what a designer should know, and the player counts."""


def main() -> int:
    """Make each report and write its pages as pictures."""
    games = sys.argv[1:] or ["sinterklaas", "stoomboot", "twaalf-dagen", "santoska"]
    with tempfile.TemporaryDirectory() as out:
        for game in games:
            made = api.balance_report(game, out=Path(out))
            document = pdfium.PdfDocument(made.path.read_bytes())
            for number in PAGES:
                image = document[number - 1].render(scale=110 / 72).to_pil()
                target = PICTURES / f"report-{game}-{number}.png"
                image.save(target, optimize=True)
                print(f"docs/pictures/{target.name}: {target.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
