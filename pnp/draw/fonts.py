"""Register the bundled OFL TrueType fonts with reportlab (embedded and subset in every PDF)."""

from __future__ import annotations

from functools import cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.errors import PnpError
from pnp.paths import project_root

FONT_FILES: dict[str, str] = {
    "regular": "lato/Lato-Regular.ttf",
    "italic": "lato/Lato-Italic.ttf",
    "bold": "lato/Lato-Bold.ttf",
    "black": "lato/Lato-Black.ttf",
    "display": "comfortaa/Comfortaa-Bold.ttf",
}
"""Font role -> file under ``fonts/``. Layouts and sheets name roles, never files."""


@cache
def font_name(role: str) -> str:
    """The reportlab font name for a role, registering the font on first use."""
    relative = FONT_FILES[role]
    path = project_root() / "fonts" / relative
    name = "pnp-" + path.stem
    try:
        pdfmetrics.registerFont(TTFont(name, str(path)))
    except OSError as exc:
        raise PnpError.single(f"cannot read font: {exc}", path) from None
    return name


def register_all() -> None:
    """Register every bundled font (so a canvas can start with one of them)."""
    for role in FONT_FILES:
        font_name(role)


def text_width(text: str, role: str, size: float) -> float:
    """Width of ``text`` in points."""
    return float(pdfmetrics.stringWidth(text, font_name(role), size))
