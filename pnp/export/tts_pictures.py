"""Pictures for Tabletop Simulator: sheets composed, standees cut to their front, cuts
compared, PNG bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageChops

from pnp.export.tts_grid import SheetGrid

FOLD_LINE = 0.005
"""Of a standee's height: what is cut off next to a fold so its line does not show."""
MAX_FOOT = 0.4
"""Of a standee's half: a band of one colour this tall or taller is no foot but the panel."""


def same_picture(first: Image.Image, second: Image.Image) -> bool:
    """Whether two cuts show the same picture, whatever a fraction of a pixel's shift
    between where they lie on their pages changes: at most 0.1 % of the pixels of a
    64-pixel-wide greyscale copy may differ by more than 40 levels."""

    def small(picture: Image.Image) -> Image.Image:
        height = max(1, round(64 * picture.height / picture.width))
        return picture.convert("L").resize((64, height), Image.Resampling.BOX)

    a, b = small(first), small(second)
    if a.size != b.size:
        return False
    differing = ImageChops.difference(a, b).point(lambda v: 255 if v > 40 else 0)
    return differing.histogram()[255] <= 0.001 * a.width * a.height


def front_panel(standee: Image.Image) -> Image.Image:
    """The front of a fold-over standee: its lower half (it folds in the middle), without
    the fold line at the top and without the foot at the bottom when the foot is a band
    of one colour, found up the left edge (it folds under the pawn, out of sight)."""
    width, height = standee.size
    fold = round(height * FOLD_LINE)  # the fold line's own pixels
    top = height // 2 + fold
    edge = max(1, width // 100)
    foot = standee.getpixel((edge, height - 1))
    bottom = height - 1
    while bottom > top and _near(standee.getpixel((edge, bottom - 1)), foot):
        bottom -= 1
    if height - bottom > (height - top) * MAX_FOOT:  # no band of its own: keep everything
        bottom = height
    return standee.crop((0, top, width, max(bottom - fold, top + 1)))


def _near(pixel: object, colour: object) -> bool:
    assert isinstance(pixel, tuple) and isinstance(colour, tuple)
    return all(abs(int(a) - int(b)) <= 24 for a, b in zip(pixel, colour, strict=True))


def compose(grid: SheetGrid, pictures: Sequence[Image.Image], hidden: Image.Image) -> Image.Image:
    """A sheet: ``pictures`` in its first cells, ``hidden`` in the last, the rest white."""
    sheet = Image.new("RGB", grid.size, (255, 255, 255))
    for index, picture in enumerate(pictures):
        sheet.paste(picture, grid.cell_box(index)[:2])
    sheet.paste(hidden, grid.cell_box(grid.cells - 1)[:2])
    return sheet
