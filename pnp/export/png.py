"""PNG bytes that depend on the picture alone: the same picture always gives the same bytes."""

from __future__ import annotations

import io

from PIL import Image


def png_bytes(picture: Image.Image, level: int = 6, dpi: int | None = None) -> bytes:
    """``picture`` as PNG bytes at zlib ``level``, with no time or other varying chunk; with
    ``dpi``, the resolution a print shop reads (a pHYs chunk)."""
    buffer = io.BytesIO()
    if dpi is None:
        picture.save(buffer, "PNG", compress_level=level)
    else:
        picture.save(buffer, "PNG", compress_level=level, dpi=(dpi, dpi))
    return buffer.getvalue()
