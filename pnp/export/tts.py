"""A kit for Tabletop Simulator: card sheets, backs, tiles, pawns and a saved object.

``kit/tts/`` holds, for each kind of card, its face sheets (``<component>-1.png``, …;
at most 10 x 7 cells, at most 4096 pixels a side, the last cell the face a hidden
card shows) and its back (one picture, or a back sheet when the backs differ per
card); a picture of each side of every map tile and of every pawn; and
``<game>.json``, a saved object that lays every deck, tile and pawn out on the table
with the kit's counts (and ``<game>.png``, its thumbnail in the game's menu). Every picture is cut from the kit's own pages
(:class:`~pnp.export.pages.KitPages`), so Tabletop Simulator shows what prints.

Which object a component becomes follows from its printed pieces: square pieces are
tiles (``Custom_Tile``, both sides); pieces without a printed back at least twice as
tall as wide are fold-over standees, which become standing pawns (``Custom_Token``,
the front half of the standee); everything else is cards: a deck (``DeckCustom``),
or a single ``Card`` when the kit prints one. A card row printed several times fills
one cell of its sheet; the deck lists each copy.

The saved object names its pictures by ``file:`` URL (where they lie) or, given a
base URL, by that base and the file name (where the user uploaded them).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from urllib.parse import quote, urlsplit

from PIL import Image

from pnp.base.errors import PnpError
from pnp.base.option_values import has_control_characters, quoted
from pnp.export.folder import ExportResult, write_export
from pnp.export.pages import Face, KitPages, Piece, distinct_faces, pixel_size
from pnp.export.png import png_bytes
from pnp.export.tts_grid import MAX_FACES, sheet_grid
from pnp.export.tts_pictures import compose, front_panel, same_picture
from pnp.export.tts_save import (
    CardRef,
    DeckSheet,
    Place,
    card,
    deck,
    guid,
    saved_object,
    tile,
    token,
)
from pnp.kit.build_options import MANIFEST

FOLDER = "tts"
PIECE_DPI = 300.0
"""Tiles and pawns are cut as finely as the kit prints (a 60 mm tile: 709 pixels)."""
POKER_ASPECT = 88.0 / 63.0
"""Tabletop Simulator's card shape, height over width: other card sizes are stretched to it."""
PLAIN_BACK = (216, 216, 216)
"""The back of cards the kit prints without one (``--backs none``)."""

THUMBNAIL = 256
"""Pixels, the long side of ``<game>.png``: the first card's face, beside the saved object."""

CARD_STEP = 3.0
TILE_STEP = 2.4
TILE_COLUMNS = 5
"""The map tiles lie in rows of five, like the map they make."""
TOKEN_STEP = 1.5
ROW_GAP = 4.5

FILE_NAME = re.compile(r"[^/\\\x00-\x1f.:][^/\\\x00-\x1f:]*\.(png|json)")
"""The export's file names, made of the manifest's ids: plain names inside the folder (no
folder separator, no leading dot, no control character or colon)."""

Kind = Literal["cards", "tile", "pawn"]
Progress = Callable[[str, int, int], None]


def image_base(kit: Path, url_base: str | None) -> str:
    """What every picture's URL starts with: ``url_base`` (checked) or the ``file:`` URL of
    the export folder."""
    if url_base is None:
        return (kit / FOLDER).resolve().as_uri() + "/"
    return checked_url_base(url_base)


MAX_URL = 2000
"""The longest ``--tts-url``, characters (about what browsers and servers take)."""


def checked_url_base(url_base: str) -> str:
    """``url_base`` ending in ``/``, or one error line if it is no http(s) address a file
    name can follow (no space or control character, no query or fragment, at most
    :data:`MAX_URL` characters)."""
    if len(url_base) > MAX_URL:
        raise PnpError.single(
            f"--tts-url must be at most {MAX_URL} characters, not {len(url_base)}"
        )
    shown = quoted(url_base)
    if has_control_characters(url_base) or any(char.isspace() for char in url_base):
        # urlsplit drops tabs and newlines: they would reach the saved object
        raise PnpError.single(
            f"--tts-url must be an address without spaces or control characters, not {shown}"
        )
    parts = urlsplit(url_base)
    try:
        host = parts.hostname if parts.port is None or parts.port > 0 else None
    except ValueError:  # a port that is no number, or above 65535
        host = None
    if parts.scheme not in ("http", "https") or not host:
        raise PnpError.single(
            f"--tts-url must be an http(s) address such as https://example.org/kit/, not {shown}"
        )
    if parts.query or parts.fragment or url_base.endswith(("?", "#")):
        raise PnpError.single(
            f"--tts-url must be a folder's address without ? or # (each picture's file name "
            f"follows it), not {shown}"
        )
    return url_base if url_base.endswith("/") else url_base + "/"


def write_tts(
    kit: Path, progress: Progress | None = None, url_base: str | None = None
) -> ExportResult:
    """Write (or find up to date) the Tabletop Simulator export of the kit in ``kit``.

    Pictures are named in the saved object by ``file:`` URL, or by ``url_base`` and the
    file name when given. The folder ``kit/tts`` is replaced as a whole."""
    base = image_base(kit, url_base)

    def make(manifest: dict[str, Any]) -> dict[str, bytes]:
        with _TtsExport(kit, manifest, base, progress) as export:
            return export.files()

    return write_export(kit, FOLDER, {"images": base}, make)


def upright_mm(piece: Piece) -> tuple[float, float]:
    """Width and height of ``piece`` standing upright, mm."""
    _, _, width, height = piece.trim
    return (height, width) if piece.rotated else (width, height)


def kind_of(pieces: Sequence[Piece]) -> Kind:
    """What a component's printed ``pieces`` become on the table (see the module's doc)."""
    width, height = upright_mm(pieces[0])
    backed = all(p.back_page is not None for p in pieces)
    if not backed and height >= 2 * width:
        return "pawn"
    if abs(width - height) < 0.01:
        return "tile"
    return "cards"


def _chunks(faces: Sequence[Face], size: int) -> Iterator[Sequence[Face]]:
    for start in range(0, len(faces), size):
        yield faces[start : start + size]


@dataclass
class _Laid:
    """The objects of one kind, in kit order, before they get their places."""

    cards: list[tuple[Callable[[Place], dict[str, Any]], float, bool]]
    """Builds the object at a place; its depth scale; whether it lies face down."""
    tiles: list[Callable[[Place], dict[str, Any]]]
    tokens: list[Callable[[Place], dict[str, Any]]]


class _TtsExport:
    """One export's work: pictures cut, sheets composed, objects built."""

    def __init__(
        self, kit: Path, manifest: dict[str, Any], base: str, progress: Progress | None
    ) -> None:
        self.kit = kit
        self.manifest = manifest
        self.base = base
        self.progress = progress
        self.pages = KitPages(kit, PIECE_DPI, manifest)
        """Every picture's pages: cards at their sheet's resolution, the rest at PIECE_DPI."""
        self.pieces = self.pages.pieces
        self._files: dict[str, bytes] = {}
        self._keys = itertools.count(1)
        self._thumbnail: Image.Image | None = None

    def __enter__(self) -> _TtsExport:
        return self

    def __exit__(self, *exc: object) -> None:
        self.pages.close()

    def url(self, name: str) -> str:
        """The URL the saved object names file ``name`` by."""
        return self.base + quote(name)

    def add(self, name: str, picture: Image.Image) -> str:
        """Add picture file ``name`` to the export; its URL."""
        self._check_name(name)
        if name in self._files:
            raise PnpError.single(
                f"two pictures of the export would both be named {name!r}: "
                "rename a component or card id",
                self.kit / MANIFEST,
            )
        self._files[name] = png_bytes(picture)
        return self.url(name)

    def _check_name(self, name: str) -> None:
        """A file name made of the manifest's ids must stay a plain name in the folder."""
        if not FILE_NAME.fullmatch(name):
            raise PnpError.single(
                f"a component or card id makes {name!r}, which is no plain file name "
                "(no '/', '\\', ':' or leading '.'): rename it",
                self.kit / MANIFEST,
            )

    def files(self) -> dict[str, bytes]:
        """Every file of the export: pictures and ``<game>.json``."""
        components = [c for c in self.manifest["components"] if self._of(c["id"])]
        laid = _Laid([], [], [])
        for done, component in enumerate(components):
            self._report(done, len(components) + 1)
            pieces = self._of(component["id"])
            kind = kind_of(pieces)
            if kind == "cards":
                laid.cards.append(self._cards(component, pieces))
            elif kind == "tile":
                laid.tiles.extend(self._tiles(component, pieces))
            else:
                laid.tokens.extend(self._pawns(component, pieces))
        game = self.manifest["game"]
        self._check_name(f"{game}.json")
        self._files[f"{game}.json"] = saved_object(_lay_out(laid))
        if self._thumbnail is not None:  # shown beside the saved object in the game's menu
            self.add(f"{game}.png", self._thumbnail)
        self._report(len(components) + 1, len(components) + 1)
        return self._files

    def _report(self, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress("Tabletop Simulator", done, total)

    def _of(self, component: str) -> list[Piece]:
        return [p for p in self.pieces if p.component == component]

    def _cut(self, piece: Piece, size: tuple[int, int], back: bool, dpi: float) -> Image.Image:
        picture = self.pages.picture(piece, back=back, dpi=dpi)
        if picture.size != size:  # a component's pieces are all of one size
            raise PnpError.single(
                f"{piece.component}/{piece.card} is not the size of the others: rebuild the kit",
                self.kit / MANIFEST,
            )
        return picture

    def _cards(
        self, component: dict[str, Any], pieces: list[Piece]
    ) -> tuple[Callable[[Place], dict[str, Any]], float, bool]:
        """The sheets and backs of a card component; the builder of its deck (or card)."""
        cid, name = component["id"], component["name"]
        faces = distinct_faces(pieces, cid)
        width, height = upright_mm(pieces[0])
        grid = sheet_grid(min(len(faces), MAX_FACES), width, height)
        fronts = [self._cut(f.first, grid.card, False, grid.dpi) for f in faces]
        if self._thumbnail is None:
            self._thumbnail = fronts[0].copy()
            self._thumbnail.thumbnail((THUMBNAIL, THUMBNAIL), Image.Resampling.LANCZOS)
        backed = all(p.back_page is not None for p in pieces)
        backs = [self._cut(f.first, grid.card, True, grid.dpi) for f in faces] if backed else []
        unique = any(not same_picture(backs[0], b) for b in backs[1:])
        hidden = backs[0] if backs else Image.new("RGB", grid.card, PLAIN_BACK)
        single_back = "" if unique else self.add(f"{cid}-back.png", hidden)
        refs: list[CardRef] = []
        offset = 0
        for number, chunk in enumerate(_chunks(faces, MAX_FACES), start=1):
            face_url = self.add(
                f"{cid}-{number}.png", compose(grid, fronts[offset : offset + len(chunk)], hidden)
            )
            back_url = single_back
            if unique:
                back_url = self.add(
                    f"{cid}-back-{number}.png",
                    compose(grid, backs[offset : offset + len(chunk)], hidden),
                )
            sheet = DeckSheet(next(self._keys), face_url, back_url, grid.columns, grid.rows, unique)
            for cell, face in enumerate(chunk):
                refs.extend(CardRef(sheet, cell, face.card) for _ in range(face.count))
            offset += len(chunk)
        scale_z = (height / width) / POKER_ASPECT
        face_down = len(faces) > 1  # a deck of one face (player aids) lies face up

        def build(place: Place) -> dict[str, Any]:
            if len(refs) == 1:
                return card(refs[0], name, place, guid(cid, "card"))
            return deck(refs, name, place, guid(cid, "deck"), cid)

        return build, scale_z, face_down

    def _tiles(
        self, component: dict[str, Any], pieces: list[Piece]
    ) -> list[Callable[[Place], dict[str, Any]]]:
        """Both sides of each tile row; a builder per printed tile."""
        cid, name = component["id"], component["name"]
        size = pixel_size(*upright_mm(pieces[0]), PIECE_DPI)
        urls: dict[str, tuple[str, str]] = {}
        for face in distinct_faces(pieces, cid):
            front = self.add(
                f"{cid}-{face.card}-front.png", self._cut(face.first, size, False, PIECE_DPI)
            )
            back = ""
            if face.first.back_page is not None:
                back = self.add(
                    f"{cid}-{face.card}-back.png", self._cut(face.first, size, True, PIECE_DPI)
                )
            urls[face.card] = (front, back)

        def builder(piece: Piece) -> Callable[[Place], dict[str, Any]]:
            front, back = urls[piece.card]
            ident = guid(cid, "tile", piece.card, str(piece.copy))
            return lambda place: tile(name, piece.card, front, back, place, ident)

        return [builder(p) for p in pieces]

    def _pawns(
        self, component: dict[str, Any], pieces: list[Piece]
    ) -> list[Callable[[Place], dict[str, Any]]]:
        """The front half of each standee row; a builder per printed pawn."""
        cid, name = component["id"], component["name"]
        width, height = pixel_size(*upright_mm(pieces[0]), PIECE_DPI)
        urls: dict[str, str] = {}
        for face in distinct_faces(pieces, cid):
            standee = self._cut(face.first, (width, height), False, PIECE_DPI)
            urls[face.card] = self.add(f"{cid}-{face.card}-pawn.png", front_panel(standee))

        def builder(piece: Piece) -> Callable[[Place], dict[str, Any]]:
            ident = guid(cid, "pawn", piece.card, str(piece.copy))
            return lambda place: token(name, piece.card, urls[piece.card], place, ident)

        return [builder(p) for p in pieces]


def _lay_out(laid: _Laid) -> list[dict[str, Any]]:
    """Every object at its place: decks and cards in a row, the map tiles in rows of
    five below them, the pawns beside the tiles."""
    objects = []
    start = -(len(laid.cards) - 1) * CARD_STEP / 2
    for index, (build, scale_z, face_down) in enumerate(laid.cards):
        objects.append(build(Place(start + index * CARD_STEP, 0.0, face_down, scale_z)))
    columns = min(TILE_COLUMNS, max(len(laid.tiles), 1))
    left = -(columns - 1) * TILE_STEP / 2
    for index, build_tile in enumerate(laid.tiles):
        row, column = divmod(index, columns)
        objects.append(build_tile(Place(left + column * TILE_STEP, -ROW_GAP - row * TILE_STEP)))
    right = left + columns * TILE_STEP + TOKEN_STEP if laid.tiles else start
    for index, build_token in enumerate(laid.tokens):
        objects.append(build_token(Place(right + index * TOKEN_STEP, -ROW_GAP)))
    return objects
