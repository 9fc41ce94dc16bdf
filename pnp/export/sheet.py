"""Contact sheets: printed faces laid out in a grid on a light background, each with a label
under it, in groups with an optional heading, under a title.

A face is pasted unchanged, pixel for pixel, so a sheet shows exactly the cut it was given;
the shadow around it lies outside its box. Sizes are given in mm and scaled to the sheet's
resolution, so a sheet looks the same at any dpi.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from pnp.base.units import MM_PER_INCH

BACKGROUND = (244, 241, 235)
"""A light warm grey: white card borders still stand out against it."""
INK = (51, 51, 51)
"""Titles and headings."""
LABEL_INK = (95, 95, 95)
"""The label under a face."""
SHADOW = (0, 0, 0, 70)

MARGIN_MM = 8.0
GAP_MM = 5.0
"""Between two cells side by side; between rows the label's line is added."""
TITLE_MM = 8.5
HEADING_MM = 5.0
LABEL_MM = 4.6
MAX_COLUMNS = 8
TITLE_FONT = "display"
TEXT_FONT = "bold"
"""Font roles (:data:`pnp.draw.fonts.FONT_FILES`) of the title and of headings and labels."""
FONT_ROLES = (TITLE_FONT, TEXT_FONT)


@dataclass(frozen=True)
class Cell:
    """One face on a sheet and the words under it."""

    picture: Image.Image
    label: str


@dataclass(frozen=True)
class Group:
    """Faces laid out together, under a heading if there is one."""

    heading: str | None
    cells: Sequence[Cell]


@dataclass(frozen=True)
class Sheet:
    """A finished sheet and the box of every cell's face on it (left, top, right, bottom), in
    the order of the groups and their cells."""

    picture: Image.Image
    boxes: list[tuple[int, int, int, int]]


def columns_for(count: int) -> int:
    """Columns of a grid of ``count`` faces: at most :data:`MAX_COLUMNS`, and rows as full as
    they can be (12 faces make 2 rows of 6, not 8 and 4)."""
    if count <= 0:
        return 1
    rows = math.ceil(count / MAX_COLUMNS)
    return math.ceil(count / rows)


def pillow_font(data: bytes, pixels: int) -> ImageFont.FreeTypeFont:
    """The font file ``data`` at ``pixels`` for Pillow (basic layout: no system shaping
    library decides where glyphs go)."""
    return ImageFont.truetype(io.BytesIO(data), pixels, layout_engine=ImageFont.Layout.BASIC)


class _Scale:
    """Millimetres to pixels at one resolution."""

    def __init__(self, dpi: float) -> None:
        self.dpi = dpi

    def px(self, mm: float) -> int:
        return max(1, round(mm * self.dpi / MM_PER_INCH))


def draw_sheet(
    title: str, groups: Sequence[Group], dpi: float, fonts: Mapping[str, bytes]
) -> Sheet:
    """Lay ``groups`` out under ``title``: each group a grid of at most eight columns, groups
    side by side while they fit within eight faces' width, else on the next band. ``fonts``
    holds the font file of each of :data:`FONT_ROLES`, as the caller read (and hashed) it."""
    scale = _Scale(dpi)
    margin, gap = scale.px(MARGIN_MM), scale.px(GAP_MM)
    title_font = pillow_font(fonts[TITLE_FONT], scale.px(TITLE_MM))
    heading_font = pillow_font(fonts[TEXT_FONT], scale.px(HEADING_MM))
    label_font = pillow_font(fonts[TEXT_FONT], scale.px(LABEL_MM))
    label_height = round(scale.px(LABEL_MM) * 1.6)
    heading_height = round(scale.px(HEADING_MM) * 1.8)
    title_height = round(scale.px(TITLE_MM) * 1.7)

    widest = max((c.picture.width for g in groups for c in g.cells), default=1)
    limit = MAX_COLUMNS * widest + (MAX_COLUMNS - 1) * gap

    # Each group as a block: its grid's size and its cells' offsets within it.
    blocks: list[tuple[int, int, list[tuple[int, int]]]] = []
    for group in groups:
        cell_w = max(c.picture.width for c in group.cells)
        cell_h = max(c.picture.height for c in group.cells)
        cols = columns_for(len(group.cells))
        top = heading_height if group.heading else 0
        offsets = [
            (
                (i % cols) * (cell_w + gap) + (cell_w - c.picture.width) // 2,
                top + (i // cols) * (cell_h + label_height + gap),
            )
            for i, c in enumerate(group.cells)
        ]
        rows = math.ceil(len(group.cells) / cols)
        width = cols * cell_w + (cols - 1) * gap
        if group.heading:
            width = max(width, round(heading_font.getlength(group.heading)))
        height = top + rows * (cell_h + label_height) + (rows - 1) * gap
        blocks.append((width, height, offsets))

    # Blocks flow left to right in bands, like words in a line.
    placed: list[tuple[int, int]] = []
    x = y = band_height = 0
    width_used = 0
    for width, height, _ in blocks:
        if x and x + width > limit:
            x, y = 0, y + band_height + 2 * gap
            band_height = 0
        placed.append((x, y))
        x += width + 2 * gap
        band_height = max(band_height, height)
        width_used = max(width_used, x - 2 * gap)
    content_h = y + band_height
    content_w = max(width_used, round(title_font.getlength(title)))

    picture = Image.new("RGB", (content_w + 2 * margin, title_height + content_h + 2 * margin))
    picture.paste(BACKGROUND, (0, 0, picture.width, picture.height))
    top = margin + title_height
    boxes: list[tuple[int, int, int, int]] = []
    for (bx, by), group, (_, _, offsets) in zip(placed, groups, blocks, strict=True):
        for cell, (dx, dy) in zip(group.cells, offsets, strict=True):
            left, upper = margin + bx + dx, top + by + dy
            boxes.append((left, upper, left + cell.picture.width, upper + cell.picture.height))
    _shadows(picture, boxes, scale)

    draw = ImageDraw.Draw(picture)
    draw.text((margin, margin), title, font=title_font, fill=INK)
    cell_index = 0
    for (bx, by), group in zip(placed, groups, strict=True):
        if group.heading:
            draw.text((margin + bx, top + by), group.heading, font=heading_font, fill=INK)
        for cell in group.cells:
            left, upper, right, lower = boxes[cell_index]
            cell_index += 1
            picture.paste(cell.picture.convert("RGB"), (left, upper))
            draw.text(
                ((left + right) / 2, lower + label_height / 2),
                cell.label,
                font=label_font,
                fill=LABEL_INK,
                anchor="mm",
            )
    return Sheet(picture, boxes)


def _shadows(
    picture: Image.Image, boxes: Sequence[tuple[int, int, int, int]], scale: _Scale
) -> None:
    """A soft shadow under every box, so cut faces lie on the sheet like cards on a table."""
    blur = scale.px(0.8)
    drop = scale.px(0.5)
    mask = Image.new("L", picture.size, 0)
    draw = ImageDraw.Draw(mask)
    for left, upper, right, lower in boxes:
        draw.rectangle((left, upper + drop, right - 1, lower - 1 + drop), fill=SHADOW[3])
    mask = mask.filter(ImageFilter.GaussianBlur(blur))
    picture.paste(SHADOW[:3], (0, 0, picture.width, picture.height), mask)
