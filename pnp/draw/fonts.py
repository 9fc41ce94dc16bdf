"""Register the bundled OFL TrueType fonts with reportlab (embedded and subset in every PDF)."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

from pnp.base.datafiles import FONT_LIMIT, read_confined_bytes
from pnp.base.errors import PnpError
from pnp.base.paths import DataRootError, find_data_file

FONT_FILES: dict[str, str] = {
    "regular": "lato/Lato-Regular.ttf",
    "italic": "lato/Lato-Italic.ttf",
    "bold": "lato/Lato-Bold.ttf",
    "black": "lato/Lato-Black.ttf",
    "display": "comfortaa/Comfortaa-Bold.ttf",
}
"""Font role -> file under ``fonts/``. Layouts and sheets name roles, never files.

Each file is read from the first data root that has it (a project's own ``fonts/``,
then the fonts bundled with pnp, see :mod:`pnp.base.paths`)."""


def subset_tag(face: bytes, subset: Sequence[int]) -> bytes:
    """The six capital letters naming one subset of a font: the same glyphs, the same tag.

    PDF tags each embedded subset (``ABCDEF+Lato-Regular``) so that no two
    subsets share a name; a tag from the face and its code points keeps builds
    reproducible.
    """
    digest = hashlib.sha256(face + b"|" + ",".join(map(str, subset)).encode()).digest()
    return bytes(65 + byte % 26 for byte in digest[:6])


class _TaggedFont(TTFont):  # type: ignore[misc]
    """A TrueType font whose subsets get distinct tags (ReportLab numbers them AAAAAA, AAAAAB…
    per font, so every font's first subset is AAAAAA+)."""

    def addObjects(self, doc: Any) -> None:
        state = self.state.get(doc)
        if state is None:
            super().addObjects(doc)
            return
        subsets = [list(subset) for subset in state.subsets]
        numbered = ttfonts.SUBSETN
        # ReportLab names subsets through this module function, from the subset's number
        # alone; a build is single-threaded, so swapping it for the call is safe.
        ttfonts.SUBSETN = lambda n, *_: subset_tag(self.face.name, subsets[n])
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = numbered


def font_file(role: str) -> tuple[Path, bytes]:
    """The file of a font role (see :data:`FONT_FILES`) and its bytes, read from inside its
    folder (one located error when it is missing or refused)."""
    relative = f"fonts/{FONT_FILES[role]}"
    try:
        path = find_data_file(relative)
    except DataRootError as exc:
        raise PnpError.single(str(exc)) from None
    if path is None:
        raise PnpError.single(f"font {relative} is missing from the data folders")
    return path, read_confined_bytes(path, path.parent, FONT_LIMIT)


@cache
def font_name(role: str) -> str:
    """The reportlab font name for a role, registering the font on first use."""
    path, data = font_file(role)
    name = "pnp-" + path.stem
    try:
        font = _TaggedFont(name, io.BytesIO(data))
    except Exception as exc:  # reportlab's parser fails in many ways on a broken file
        reason = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
        raise PnpError.single(f"not a usable TrueType font ({reason})", path) from None
    pdfmetrics.registerFont(font)
    return name


def register_all() -> None:
    """Register every bundled font (so a canvas can start with one of them)."""
    for role in FONT_FILES:
        font_name(role)


def text_width(text: str, role: str, size: float) -> float:
    """Width of ``text`` in points."""
    return float(pdfmetrics.stringWidth(text, font_name(role), size))
