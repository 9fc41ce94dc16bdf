"""A built kit's pages as pictures: each printed piece cut out of the page it is printed on.

Pages are rendered with PDFium (pypdfium2) and cut at the trim boxes that the kit's
``manifest.json`` records for every card, tile and pawn, so a picture is exactly
what the printer gets. Rendering is deterministic: the same PDF and the same PDFium
give the same pixels.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PIL import Image

from pnp.base.errors import PnpError
from pnp.base.units import MM_PER_INCH, POINTS_PER_INCH
from pnp.kit.build_options import MANIFEST

Box = tuple[float, float, float, float]
"""x, y, width, height in mm; origin at the page's bottom-left corner, y up (as in the PDF)."""


@dataclass(frozen=True)
class Piece:
    """One printed copy of a card, tile or pawn, and where the kit printed it."""

    component: str
    card: str
    copy: int
    file: str
    page: int
    """1-based page of the front."""
    trim: Box
    back_page: int | None
    back_trim: Box | None
    rotated: bool
    """The piece lies on its side on the sheet (a quarter turn anticlockwise)."""
    back_design: str | None = None
    """The design of its printed back: pieces with one design look the same face down
    (None when the manifest does not say)."""


@dataclass(frozen=True)
class Face:
    """One distinct face of a component (a card row) and how many copies the kit prints."""

    component: str
    card: str
    count: int
    first: Piece


def read_manifest(folder: Path) -> dict[str, Any]:
    """The manifest a build wrote into kit ``folder`` (one located error if it is not there)."""
    return parse_manifest(manifest_bytes(folder), folder)


def manifest_bytes(folder: Path) -> bytes:
    """The bytes of the manifest in kit ``folder``, unchecked (one located error if they
    cannot be read)."""
    path = folder / MANIFEST
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise PnpError.single("no kit here: build it first (pnp build)", path) from None
    except OSError as exc:
        raise PnpError.single(f"cannot read the kit manifest: {exc.strerror}", path) from None


def parse_manifest(data: bytes, folder: Path) -> dict[str, Any]:
    """The manifest of kit ``folder`` from its bytes ``data``, checked to be one (else one
    located error)."""
    try:
        manifest = json.loads(data.decode("utf-8"))
    except ValueError:  # not UTF-8 or not JSON
        manifest = None
    if not (
        isinstance(manifest, dict)
        and isinstance(manifest.get("placements"), list)
        and isinstance(manifest.get("components"), list)
    ):
        raise PnpError.single("not a pnp kit manifest: rebuild the kit", folder / MANIFEST)
    return manifest


def pieces_of(manifest: dict[str, Any]) -> list[Piece]:
    """Every printed piece the manifest places, in print order."""

    def box(value: Sequence[float] | None) -> Box | None:
        return None if value is None else (value[0], value[1], value[2], value[3])

    pieces = []
    for entry in manifest["placements"]:
        trim = box(entry["trim_mm"])
        assert trim is not None
        pieces.append(
            Piece(
                entry["component"],
                entry["card"],
                entry["copy"],
                entry["file"],
                entry["page"],
                trim,
                entry.get("back_page"),
                box(entry.get("back_trim_mm")),
                bool(entry.get("rotated", False)),
                entry.get("back_design"),
            )
        )
    return pieces


def distinct_faces(pieces: Sequence[Piece], component: str) -> list[Face]:
    """The distinct faces (card rows) of ``component`` in print order, with their counts."""
    faces: dict[str, list[Piece]] = {}
    for piece in pieces:
        if piece.component == component:
            faces.setdefault(piece.card, []).append(piece)
    return [Face(component, card, len(copies), copies[0]) for card, copies in faces.items()]


def pixel_size(width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    """Width and height in pixels of a box this size cut from a page rendered at ``dpi``
    (the one rounding of a cut's size: what a sheet's cell is sized by is what is cut)."""
    scale = dpi / MM_PER_INCH
    return round(width_mm * scale), round(height_mm * scale)


def pixel_box(box: Box, page_height: float, dpi: float) -> tuple[int, int, int, int]:
    """The pixels of ``box`` on a page ``page_height`` mm tall rendered at ``dpi``: left,
    top, right, bottom. Every box of one size gets one pixel size, wherever it lies."""
    scale = dpi / MM_PER_INCH
    x, y, w, h = box
    left = round(x * scale)
    top = round((page_height - y - h) * scale)
    width, height = pixel_size(w, h, dpi)
    return left, top, left + width, top + height


class KitPages:
    """The pages of the kit in ``folder`` rendered at ``dpi`` (or at the resolution a call
    asks for), cut into pieces on request.

    Each kit file is read and opened once. Pages are rendered when first asked for; the
    most recent few are kept, so asking for pieces in print order renders each page once
    per resolution. ``manifest`` is the kit's manifest when the caller has read it already.
    """

    KEEP = 3
    """Rendered pages kept at once (an A4 page at 300 dpi is about 25 MB)."""

    def __init__(self, folder: Path, dpi: float, manifest: dict[str, Any] | None = None) -> None:
        self.folder = folder
        self.dpi = dpi
        self.manifest = read_manifest(folder) if manifest is None else manifest
        self.pieces = pieces_of(self.manifest)
        self._documents: dict[str, pdfium.PdfDocument] = {}
        self._pages: dict[tuple[str, int, float], tuple[Image.Image, float]] = {}

    def __enter__(self) -> KitPages:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Release the open documents and rendered pages."""
        self._pages.clear()
        for document in self._documents.values():
            document.close()
        self._documents.clear()

    def components(self) -> list[dict[str, Any]]:
        """The manifest's components (id, Dutch name, card count) in kit order."""
        return list(self.manifest["components"])

    def page(self, file: str, number: int, dpi: float | None = None) -> tuple[Image.Image, float]:
        """Page ``number`` (1-based) of kit file ``file`` as an RGB picture rendered at ``dpi``
        (by default the pages' own), and its height in mm."""
        dpi = self.dpi if dpi is None else dpi
        key = (file, number, dpi)
        if key not in self._pages:
            document = self._document(file)
            if not 1 <= number <= len(document):
                raise PnpError.single(
                    f"the manifest places a piece on page {number}, which the file lacks: "
                    "rebuild the kit",
                    self.folder / file,
                )
            page = document[number - 1]
            try:
                height = page.get_height() * MM_PER_INCH / POINTS_PER_INCH
                bitmap = page.render(scale=dpi / POINTS_PER_INCH, draw_annots=False)
                picture = bitmap.to_pil().convert("RGB")
            finally:
                page.close()
            while len(self._pages) >= self.KEEP:
                del self._pages[next(iter(self._pages))]
            self._pages[key] = (picture, height)
        return self._pages[key]

    def picture(self, piece: Piece, back: bool = False, dpi: float | None = None) -> Image.Image:
        """The front (or back) of ``piece`` cut at its trim, standing upright, from its page
        rendered at ``dpi`` (by default the pages' own)."""
        dpi = self.dpi if dpi is None else dpi
        if back:
            if piece.back_page is None or piece.back_trim is None:
                raise ValueError(f"{piece.component}/{piece.card} has no printed back")
            number, box = piece.back_page, piece.back_trim
        else:
            number, box = piece.page, piece.trim
        page, height = self.page(piece.file, number, dpi)
        cut = page.crop(pixel_box(box, height, dpi))
        if piece.rotated:  # lying a quarter turn anticlockwise: turn it back clockwise
            cut = cut.transpose(Image.Transpose.ROTATE_270)
        return cut

    def _document(self, file: str) -> pdfium.PdfDocument:
        if file not in self._documents:
            path = self.folder / file
            try:
                data = path.read_bytes()
            except OSError as exc:
                raise PnpError.single(
                    f"cannot read a kit file: {exc.strerror}; rebuild the kit", path
                ) from None
            try:
                self._documents[file] = pdfium.PdfDocument(data)
            except pdfium.PdfiumError:
                raise PnpError.single("not a readable PDF: rebuild the kit", path) from None
        return self._documents[file]
