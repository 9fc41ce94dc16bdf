"""The peer: the 90-card twaalf-dagen deck built with protograf, for ``bench/run.py``.

Written from protograf's documented API (``Create``, ``Deck``, ``Card``, ``CardBack``,
``Text``, ``Image``, ``Save``), reading the same tables and art pnp reads
(``cardspecs/twaalf-dagen/deck.csv`` and ``gifts.csv``, ``game.toml``'s colours,
``art/twaalf-dagen/*.svg``): 78 day cards and 12 gift cards, 63 x 88 mm on A4,
nine to a sheet, each front washed in its colour with a 3 mm bleed, crop marks at
the card edges (``grid_marks``), and a backs page after every fronts page, mirrored
for long-edge duplex (protograf lays backs out right to left).

Where it cannot match pnp: protograf turns SVG art into 300 dpi PNG pictures (pnp
draws it as vectors); given an SVG it converts it again for every card it is on, so
to give it the best case each picture is converted once, up front, the way protograf
itself does it (cairosvg at 300 dpi), and the cards use the PNGs. It cannot recolour
an SVG, so the pips (pnp draws card k's pip picture k times in the card's colour)
are coloured circles, protograf's own shapes (650 pictures would cost it far more),
and sets text in its built-in Helvetica, not embedded (pnp embeds subsets of the
kit's fonts); the bottom name and number are not turned upside down the same way
pnp's are. Card count, size, bleed, backs and crop marks are the same.

Run (protograf reads its own options; ``--no-png`` keeps it to the PDF)::

    python bench/peer_protograf.py -d OUTDIR --no-png

It writes ``OUTDIR/peer-deck.pdf``. Needs the ``bench`` extra (``pip install -e ".[bench]"``).
"""

from __future__ import annotations

import csv
import sys
import tempfile
import tomllib
from functools import cache
from pathlib import Path

import cairosvg
from protograf import Card, CardBack, Create, Deck, Save, circle, image, rectangle, text

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "cardspecs" / "twaalf-dagen"
ART = ROOT / "art"
WIDTH, HEIGHT, BLEED = 63.0, 88.0, 3.0
PIP = 6.0
PICTURES = Path(tempfile.mkdtemp(prefix="peer-art-"))


@cache
def picture(reference: str) -> str:
    """The PNG of an SVG under ``art/``, converted once (protograf's own way: 300 dpi)."""
    target = PICTURES / reference.replace("/", "-").replace(".svg", ".png")
    cairosvg.svg2png(url=str(ART / reference), write_to=str(target), dpi=300)
    return str(target)


def rows(table: str) -> list[dict[str, str]]:
    """Every card of a table, a row repeated ``count`` times."""
    with (SPEC / table).open(encoding="utf-8", newline="") as handle:
        return [row for row in csv.DictReader(handle) for _ in range(int(row["count"]))]


def pips(count: int, colour: str) -> list[object]:
    """``count`` pips in up to two centred rows in the pip box (8, 59.5, 47 x 14 mm)."""
    per_row = min(count, 6)
    lines = [per_row, count - per_row] if count > per_row else [count]
    shapes: list[object] = []
    for line, number in enumerate(lines):
        left = 8 + (47 - number * PIP - (number - 1)) / 2
        top = 59.5 + (14 - len(lines) * PIP - (len(lines) - 1)) / 2 + line * (PIP + 1)
        shapes += [
            circle(
                cx=left + i * (PIP + 1) + PIP / 2,
                cy=top + PIP / 2,
                radius=PIP / 2,
                fill=colour,
                stroke=colour,
            )
            for i in range(number)
        ]
    return shapes


def main() -> None:
    """Build the deck and save it."""
    colours = tomllib.loads((SPEC / "game.toml").read_text(encoding="utf-8"))["colours"]
    days, gifts = rows("deck.csv"), rows("gifts.csv")
    cards = len(days) + len(gifts)
    Create(
        filename="peer-deck.pdf",
        paper="A4",
        units="mm",
        margin_left=(210 - 3 * WIDTH) / 2,
        margin_right=(210 - 3 * WIDTH) / 2,
        margin_top=(297 - 3 * HEIGHT) / 2,
        margin_bottom=(297 - 3 * HEIGHT) / 2,
    )
    Deck(cards=cards, width=WIDTH, height=HEIGHT, rows=3, cols=3, grid_marks=True, stroke=None)
    ink = colours["inkt"]
    for number, row in enumerate(days, start=1):
        colour, wash = colours[row["colour"]], colours[f"{row['colour']}-licht"]
        Card(
            number,
            rectangle(x=0, y=0, width=WIDTH, height=HEIGHT, fill=wash, stroke=wash),
            text(text=row["number"], x=3.2, y=3.4, font_size=25, stroke=colour),
            text(text=row["number"], x=59.8, y=84.6, font_size=25, stroke=colour, rotation=180),
            text(
                text=row["name"],
                x=16,
                y=3,
                width=31,
                height=11,
                wrap=True,
                font_size=9.5,
                stroke=ink,
                align="centre",
            ),
            text(text=row["name"], x=47, y=83, font_size=7.5, stroke=ink, rotation=180),
            image(picture(row["art"]), x=8, y=15, width=47, height=43.5),
            *pips(int(row["number"]), colour),
            bleed_fill=wash,
            bleed=BLEED,
        )
    for number, row in enumerate(gifts, start=len(days) + 1):
        colour, wash = colours[row["colour"]], colours[f"{row['colour']}-licht"]
        Card(
            number,
            rectangle(x=0, y=0, width=WIDTH, height=HEIGHT, fill=wash, stroke=wash),
            text(text=row["name"], x=6, y=5, font_size=17, stroke=colour),
            image(picture(row["art"]), x=9, y=17, width=45, height=45),
            text(
                text=row["caption"],
                x=7,
                y=64,
                width=49,
                height=15,
                wrap=True,
                font_size=9,
                stroke=ink,
                align="centre",
            ),
            bleed_fill=wash,
            bleed=BLEED,
        )
    back = picture("twaalf-dagen/achterkant.svg")
    CardBack(
        "all",
        image(back, x=-BLEED, y=-BLEED, width=WIDTH + 2 * BLEED, height=HEIGHT + 2 * BLEED),
    )
    Save()
    for png in PICTURES.iterdir():
        png.unlink()
    PICTURES.rmdir()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
