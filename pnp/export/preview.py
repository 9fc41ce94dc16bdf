"""``pnp preview``: PNG pictures of a built kit, cut from its own PDFs.

The preview folder (``output/GAME/preview/``) holds one contact sheet per component
(``<component>.png``: every distinct face once, in print order, with the number of
copies under it), ``achterkanten.png`` (every component's distinct backs), ``hand.png``
(five cards of the main deck fanned as a player holds them) and ``index.json``, which
tells for every face on a sheet where its cell is and which kit file, page and trim box
it was cut from. Faces are pasted pixel for pixel as PDFium renders the printed page, so
a preview cannot differ from what prints.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from pnp.base.errors import PnpError
from pnp.base.tomlsource import TomlSource
from pnp.catalog.locate import common_folder
from pnp.draw.fonts import font_file
from pnp.export.folder import ExportResult, write_export
from pnp.export.hand import fan
from pnp.export.pages import Face, KitPages, Piece, distinct_faces, read_manifest
from pnp.export.png import png_bytes
from pnp.export.sheet import FONT_ROLES, Cell, Group, draw_sheet
from pnp.kit.build_options import kit_language
from pnp.language import BASE_LANGUAGE, common_words, load_language

FOLDER = "preview"
DPI = 100
"""Faces on the contact sheets: a poker card is 248 × 346 pixels."""
HAND_WIDTH = 640
"""The hand picture's width in pixels (small enough for a README)."""
HAND_CARDS = 5
WORDS_FILE = "preview.toml"
HAND = "hand.png"
INDEX = "index.json"

Progress = Callable[[str, int, int], None]
Shown = tuple[Piece, int, Image.Image]
"""A face on a sheet: the piece it was cut from, the copies the kit prints, its picture."""


@dataclass(frozen=True)
class Words:
    """The fixed words on the pictures (``cardspecs/common/preview.toml``, or its edition's in
    the kit's language)."""

    count: str
    """Under a face; ``{aantal}`` stands for the number of copies."""
    backs: str
    """The title of the backs picture."""
    backs_file: str
    """The name of the backs picture (``achterkanten.png``, ``backs.png``)."""

    def copies(self, number: int) -> str:
        """The label under a face printed ``number`` times."""
        return self.count.replace("{aantal}", str(number))


def read_words(lang: str = BASE_LANGUAGE) -> Words:
    """The words of ``cardspecs/common/preview.toml`` in language ``lang`` (its edition's
    file in ``common/<lang>/``); a located error when one is missing."""
    folder = common_folder()
    path = common_words(folder, lang) / WORDS_FILE
    source = TomlSource.read(path, folder)
    found: dict[str, str] = {}
    for key in ("aantal", "achterkanten"):
        value = source.data.get(key)
        if not isinstance(value, str) or not value.strip():
            line = source.line_of(key)
            raise PnpError.single(f"'{key}' must be a non-empty text", source.path, line)
        found[key] = value
    if "{aantal}" not in found["aantal"]:
        raise PnpError.single(
            "'aantal' must hold {aantal}, where the number goes",
            source.path,
            source.line_of("aantal"),
        )
    backs_file = f"{load_language(folder, lang).file('backs')}.png"
    return Words(found["aantal"], found["achterkanten"], backs_file)


def write_preview(kit: Path, progress: Progress | None = None) -> ExportResult:
    """Write (or find up to date) the preview pictures of the kit in folder ``kit``."""
    words = read_words(kit_language(read_manifest(kit)))
    # Read once: the request's hashes cover exactly the bytes the sheets are set in.
    fonts = {role: font_file(role)[1] for role in FONT_ROLES}
    settings = {
        "dpi": DPI,
        "hand_width": HAND_WIDTH,
        "words": {"aantal": words.count, "achterkanten": words.backs, "file": words.backs_file},
        "fonts": {role: hashlib.sha256(data).hexdigest() for role, data in fonts.items()},
    }

    def make(manifest: dict[str, Any]) -> dict[str, bytes]:
        with KitPages(kit, DPI, manifest) as pages:
            return _pictures(pages, words, fonts, progress)

    return write_export(kit, FOLDER, settings, make)


def _pictures(
    pages: KitPages, words: Words, fonts: Mapping[str, bytes], progress: Progress | None
) -> dict[str, bytes]:
    """Every file of the preview folder, by name (``fonts``: see :func:`draw_sheet`)."""
    components = [
        c for c in pages.components() if any(p.component == c["id"] for p in pages.pieces)
    ]
    task = f"{pages.manifest.get('game', 'kit')}: preview"
    total = len(components) + 2
    if progress:
        progress(task, 0, total)
    files: dict[str, bytes] = {}
    sheets: dict[str, Any] = {}
    faces_of = {c["id"]: distinct_faces(pages.pieces, c["id"]) for c in components}
    # The hand's faces are chosen first and kept as their sheet cuts them: by the time the
    # hand is drawn, KitPages has let go of the main deck's pages.
    hand = hand_faces(components, faces_of)
    hand_pictures: dict[Face, Image.Image] = {}
    taken: set[str] = {words.backs_file, HAND, INDEX}
    for done, component in enumerate(components, start=1):
        ident = component["id"]
        name = _file_name(ident, taken)
        shown = [(f.first, f.count, pages.picture(f.first)) for f in faces_of[ident]]
        files[name], sheets[name] = _sheet(
            words, fonts, str(component["name"]), [(None, shown)], back=False
        )
        for face, (_, _, picture) in zip(faces_of[ident], shown, strict=True):
            if face in hand:
                hand_pictures[face] = picture
        if progress:
            progress(task, done, total)

    names = {c["id"]: str(c["name"]) for c in components}
    backs = _distinct_backs(pages, components, faces_of)
    if backs:
        groups = [(names[ident], found) for ident, found in backs]
        backs_file = words.backs_file
        files[backs_file], sheets[backs_file] = _sheet(words, fonts, words.backs, groups, back=True)
    if progress:
        progress(task, total - 1, total)

    index: dict[str, Any] = {"dpi": DPI, "sheets": sheets, "hand": None}
    if hand:
        picture = fan([hand_pictures[f] for f in hand], HAND_WIDTH)
        files[HAND] = png_bytes(picture, level=9)  # 1-3 % smaller, the README's picture
        index["hand"] = {
            "file": HAND,
            "size": list(picture.size),
            "cards": [{"component": f.component, "card": f.card} for f in hand],
        }
    if progress:
        progress(task, total, total)
    files[INDEX] = (json.dumps(index, indent=2, ensure_ascii=False) + "\n").encode()
    return files


def _sheet(
    words: Words,
    fonts: Mapping[str, bytes],
    title: str,
    groups: Sequence[tuple[str | None, Sequence[Shown]]],
    back: bool,
) -> tuple[bytes, dict[str, Any]]:
    """A contact sheet of ``groups`` (each a heading, or None, and its faces) under ``title``
    as PNG bytes, and its entry in ``index.json``; ``back``: the faces are printed backs."""
    sheet = draw_sheet(
        title,
        [
            Group(heading, [Cell(picture, words.copies(n)) for _, n, picture in shown])
            for heading, shown in groups
        ],
        DPI,
        fonts,
    )
    faces = [(piece, n) for _, shown in groups for piece, n, _ in shown]
    entry = {
        "title": title,
        "size": list(sheet.picture.size),
        "faces": [
            _entry(piece, n, box, back=back)
            for (piece, n), box in zip(faces, sheet.boxes, strict=True)
        ],
    }
    return png_bytes(sheet.picture), entry


def hand_faces(components: Sequence[dict[str, Any]], faces_of: dict[str, list[Face]]) -> list[Face]:
    """Five distinct faces of the main deck, spread over it from first to last.

    The main deck is the upright card component (taller than wide, not a tile or a pawn)
    with at least five distinct faces and the most copies; without one, the upright
    component with the most distinct faces.
    """

    def upright(ident: str) -> bool:
        first = faces_of[ident][0].first
        return not first.rotated and first.trim[3] > first.trim[2]

    def copies(ident: str) -> int:
        return sum(f.count for f in faces_of[ident])

    candidates = [c["id"] for c in components if upright(c["id"])]
    if not candidates:
        return []
    full = [c for c in candidates if len(faces_of[c]) >= HAND_CARDS]
    deck = max(full, key=copies) if full else max(candidates, key=lambda c: len(faces_of[c]))
    faces = faces_of[deck]
    if len(faces) <= HAND_CARDS:
        return list(faces)
    last = len(faces) - 1
    return [faces[i * last // (HAND_CARDS - 1)] for i in range(HAND_CARDS)]


def _distinct_backs(
    pages: KitPages, components: Sequence[dict[str, Any]], faces_of: dict[str, list[Face]]
) -> list[tuple[str, list[Shown]]]:
    """Each component's distinct printed backs (one per back design the manifest names), the
    first piece printed with each, how many copies carry it, and its picture; components
    without printed backs left out."""
    found: list[tuple[str, list[Shown]]] = []
    for component in components:
        ident = component["id"]
        backs: dict[str, list[Any]] = {}
        for face in faces_of[ident]:
            first = face.first
            if first.back_page is None or first.back_trim is None:
                continue
            # A kit whose manifest names no designs: every card row its own back.
            key = first.back_design or f"{ident}/{first.card}"
            if key in backs:
                backs[key][1] += face.count
            else:
                backs[key] = [first, face.count, pages.picture(first, back=True)]
        if backs:
            found.append((ident, [(p, n, pic) for p, n, pic in backs.values()]))
    return found


def _entry(piece: Piece, count: int, box: tuple[int, int, int, int], back: bool) -> dict[str, Any]:
    """A face of a sheet in ``index.json``: its cell and what it was cut from."""
    trim = piece.back_trim if back else piece.trim
    assert trim is not None  # only printed backs are on a sheet
    return {
        "component": piece.component,
        "card": piece.card,
        "count": count,
        "box": list(box),
        "source": {
            "file": piece.file,
            "page": piece.back_page if back else piece.page,
            "side": "back" if back else "front",
            "trim_mm": list(trim),
            "rotated": piece.rotated,
        },
    }


def _file_name(component: str, taken: set[str]) -> str:
    """The sheet's file name: the component's id, unless another file of the folder has it."""
    name = f"{component}.png"
    while name in taken:
        name = f"onderdeel-{name}"
    taken.add(name)
    return name
