"""The files a page may show or hand out: only those of a kit the studio made, by name.

A kit's files are the ones its manifest lists and the pictures its preview wrote; any
other name (a path, ``..``, a file a user put there) is not found. Pages of a PDF are
shown as PNG pictures at screen size, made once and kept while the file is unchanged.
"""

from __future__ import annotations

import io
import json
import threading
import zipfile
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium

SCREEN_DPI = 96
"""A page shown at its printed size on a common screen."""
CACHED_PAGES = 256


@dataclass(frozen=True)
class KitFiles:
    """The files of one kit the studio made."""

    folder: Path

    def manifest(self) -> dict[str, object]:
        """The kit's manifest (an empty one if it cannot be read)."""
        try:
            data = json.loads((self.folder / "manifest.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def names(self) -> list[str]:
        """The kit's own files, as its manifest lists them."""
        files = self.manifest().get("files", [])
        if not isinstance(files, list):
            return []
        return [f["name"] for f in files if isinstance(f, dict) and isinstance(f.get("name"), str)]

    def pdfs(self) -> list[str]:
        """The kit's PDFs, in the manifest's order."""
        return [name for name in self.names() if name.endswith(".pdf")]

    def sheets(self) -> dict[str, str]:
        """The preview's contact sheets (each component's faces, the backs) and their titles,
        as the preview's index lists them."""
        index = self._preview_index()
        sheets = index.get("sheets", {})
        if not isinstance(sheets, dict):
            return {}
        return {
            name: str(sheet.get("title", name))
            for name, sheet in sheets.items()
            if isinstance(name, str) and name.endswith(".png") and isinstance(sheet, dict)
        }

    def hand(self) -> str | None:
        """The preview's picture of a hand of cards, if it has one."""
        hand = self._preview_index().get("hand")
        name = hand.get("file") if isinstance(hand, dict) else None
        return name if isinstance(name, str) and name.endswith(".png") else None

    def pictures(self) -> list[str]:
        """Every preview picture: the contact sheets and the hand."""
        hand = self.hand()
        return [*self.sheets(), *([hand] if hand else [])]

    def _preview_index(self) -> dict[str, object]:
        try:
            index = json.loads((self.folder / "preview" / "index.json").read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return index if isinstance(index, dict) else {}

    def file(self, name: str) -> Path | None:
        """The kit file or preview picture ``name``; None for any other name."""
        if name in self.names():
            return self.folder / name
        if name.startswith("preview/") and name.removeprefix("preview/") in self.pictures():
            return self.folder / name
        return None

    def zipped(self) -> bytes:
        """The whole kit as one zip: its files, in a folder named after the game."""
        buffer = io.BytesIO()
        game = self.folder.name
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for name in [*self.names(), "manifest.json"]:
                info = zipfile.ZipInfo(f"{game}/{name}", date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, (self.folder / name).read_bytes())
        return buffer.getvalue()


def screen_picture(pdf: bytes) -> bytes:
    """The first page of the PDF ``pdf`` as a PNG picture at screen size."""
    document = pdfium.PdfDocument(pdf)
    try:
        image = document[0].render(scale=SCREEN_DPI / 72).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


class PagePictures:
    """PDF pages as PNG pictures, kept for pages asked for again while their file stands."""

    def __init__(self) -> None:
        self._cache: OrderedDict[tuple[str, int, int], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def count(self, pdf: Path) -> int:
        """How many pages ``pdf`` has."""
        document = pdfium.PdfDocument(str(pdf))
        try:
            return len(document)
        finally:
            document.close()

    def page(self, pdf: Path, index: int) -> bytes | None:
        """Page ``index`` (from 0) of ``pdf`` as PNG at screen size; None past the last page."""
        key = (str(pdf), pdf.stat().st_mtime_ns, index)
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key]
        document = pdfium.PdfDocument(str(pdf))
        try:
            if not 0 <= index < len(document):
                return None
            image = document[index].render(scale=SCREEN_DPI / 72).to_pil()
        finally:
            document.close()
        out = io.BytesIO()
        image.save(out, format="PNG", optimize=False)
        png = out.getvalue()
        with self._lock:
            self._cache[key] = png
            while len(self._cache) > CACHED_PAGES:
                self._cache.popitem(last=False)
        return png
