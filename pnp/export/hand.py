"""A hand of cards fanned in an arc as a player holds them, with soft shadows.

The cards are the kit's own cut faces; each is turned about a point below the hand,
casts a blurred shadow on the cards under it, and the whole is scaled down at the end
(which also smooths the turned edges). The picture is transparent around the cards, so it
sits on a light or a dark page alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageFilter

SPREAD_DEGREES = 10.0
"""The turn between two neighbouring cards."""
PIVOT = 1.3
"""How far below a card's centre the hand turns, in card heights."""
SHADOW_OPACITY = 0.38
SHADOW_BLUR = 0.045
"""The shadow's blur and offset, in card widths."""
SHADOW_OFFSET = (0.02, 0.035)


def fan(cards: Sequence[Image.Image], width: int) -> Image.Image:
    """``cards`` (all one size) fanned left to right, the picture scaled to ``width`` pixels."""
    card_w, card_h = cards[0].size
    radius = PIVOT * card_h
    middle = (len(cards) - 1) / 2
    angles = [(i - middle) * SPREAD_DEGREES for i in range(len(cards))]
    # Room for the outermost card's corners and its shadow on every side.
    reach = math.hypot(card_w, card_h) / 2
    pad = math.ceil(card_w * (SHADOW_BLUR * 3 + max(SHADOW_OFFSET))) + 2
    half = math.sin(math.radians(max(angles, default=0.0))) * radius + reach + pad
    size = (math.ceil(2 * half), math.ceil(radius + 2 * reach + 2 * pad))
    pivot = (size[0] / 2, reach + pad + radius)

    canvas = Image.new("RGBA", size, (0, 0, 0, 0))
    blur = card_w * SHADOW_BLUR
    shift = (round(card_w * SHADOW_OFFSET[0]), round(card_h * SHADOW_OFFSET[1]))
    for card, angle in zip(cards, angles, strict=True):
        framed = Image.new("RGBA", (card_w + 4, card_h + 4), (0, 0, 0, 0))
        framed.paste(card.convert("RGBA"), (2, 2))  # transparent edge: smooth turned sides
        turned = framed.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        theta = math.radians(angle)
        centre = (pivot[0] + radius * math.sin(theta), pivot[1] - radius * math.cos(theta))
        corner = (round(centre[0] - turned.width / 2), round(centre[1] - turned.height / 2))

        # The shadow: the card's outline, dark and see-through, blurred with room around it.
        room = math.ceil(blur * 3)
        shadow = Image.new("RGBA", (turned.width + 2 * room, turned.height + 2 * room))
        alpha = turned.getchannel("A").point(lambda v: round(v * SHADOW_OPACITY))
        dark = Image.new("RGBA", turned.size, (0, 0, 0, 255))
        dark.putalpha(alpha)
        shadow.paste(dark, (room, room))
        shadow = shadow.filter(ImageFilter.GaussianBlur(blur))
        at = (corner[0] + shift[0] - room, corner[1] + shift[1] - room)
        canvas.alpha_composite(shadow, at)
        canvas.alpha_composite(turned, corner)

    box = canvas.getchannel("A").getbbox()
    if box is not None:
        canvas = canvas.crop(box)
    height = max(1, round(canvas.height * width / canvas.width))
    return canvas.resize((width, height), Image.Resampling.LANCZOS)
