"""Tabletop Simulator's saved-object JSON: decks, cards, tiles and tokens.

The structure follows the save file format that Tabletop Simulator's Knowledge Base
documents (``ObjectStates``; per object ``Name``, ``Transform``, ``Nickname``,
``CustomDeck`` keyed by the hundreds of a card's id, ``DeckIDs``, ``CustomImage``,
``ContainedObjects``), its pages on custom decks, tiles and tokens (the import
options these fields store), and saved objects written by open-source deck builders.
A card's id is its sheet's key times 100 plus its cell on the sheet.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

CARD_TYPE_RECTANGLE_ROUNDED = 0
TILE_TYPE_BOX = 0
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
"""The tint Tabletop Simulator gives cards and decks: the picture as it is."""
WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}


@dataclass(frozen=True)
class Place:
    """Where an object lies on the table (Tabletop Simulator units; y is up)."""

    x: float
    z: float
    face_down: bool = False
    scale_z: float = 1.0
    """Stretch along the table's depth (cards that are not poker-shaped)."""


@dataclass(frozen=True)
class DeckSheet:
    """One ``CustomDeck`` entry: a face sheet and its back (one picture or a sheet)."""

    key: int
    face_url: str
    back_url: str
    columns: int
    rows: int
    unique_back: bool

    def entry(self) -> dict[str, Any]:
        """The ``CustomDeck`` value for this sheet."""
        return {
            "FaceURL": self.face_url,
            "BackURL": self.back_url,
            "NumWidth": self.columns,
            "NumHeight": self.rows,
            "BackIsHidden": True,
            "UniqueBack": self.unique_back,
            "Type": CARD_TYPE_RECTANGLE_ROUNDED,
        }


@dataclass(frozen=True)
class CardRef:
    """One card of a deck: its sheet, its cell on it and the spec row it shows."""

    sheet: DeckSheet
    cell: int
    row_id: str

    @property
    def card_id(self) -> int:
        """Tabletop Simulator's id: the sheet's key times 100 plus the cell."""
        return self.sheet.key * 100 + self.cell


def guid(*parts: str) -> str:
    """A stable 6-hex-digit object id (same object, same id: the save stays reproducible)."""
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:6]


def _transform(place: Place, y: float = 1.0) -> dict[str, float]:
    return {
        "posX": round(place.x, 3),
        "posY": y,
        "posZ": round(place.z, 3),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if place.face_down else 0.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": round(place.scale_z, 4),
    }


def _base(name: str, nickname: str, place: Place, ident: str) -> dict[str, Any]:
    return {
        "GUID": ident,
        "Name": name,
        "Transform": _transform(place),
        "Nickname": nickname,
        "Description": "",
        "GMNotes": "",
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
    }


def card(card: CardRef, nickname: str, place: Place, ident: str) -> dict[str, Any]:
    """A ``Card`` object showing ``card`` (alone on the table or inside a deck)."""
    data = _base("Card", nickname, place, ident)
    data["GMNotes"] = card.row_id
    data["ColorDiffuse"] = GREY
    data["Hands"] = True
    data["SidewaysCard"] = False
    data["CardID"] = card.card_id
    data["CustomDeck"] = {str(card.sheet.key): card.sheet.entry()}
    return data


def deck(
    cards: Sequence[CardRef], nickname: str, place: Place, ident: str, group: str
) -> dict[str, Any]:
    """A ``DeckCustom`` object holding ``cards`` in order, one ``Card`` each."""
    sheets = {c.sheet.key: c.sheet for c in cards}
    data = _base("DeckCustom", nickname, place, ident)
    data["ColorDiffuse"] = GREY
    data["Hands"] = False
    data["SidewaysCard"] = False
    data["DeckIDs"] = [c.card_id for c in cards]
    data["CustomDeck"] = {str(key): sheet.entry() for key, sheet in sorted(sheets.items())}
    data["ContainedObjects"] = [
        card(c, nickname, place, guid(group, "card", str(index))) for index, c in enumerate(cards)
    ]
    return data


def tile(
    nickname: str, row_id: str, front_url: str, back_url: str, place: Place, ident: str
) -> dict[str, Any]:
    """A ``Custom_Tile``: a square piece with a picture on both sides (``back_url`` may be
    empty: then Tabletop Simulator shows the front on both)."""
    shape = {"Type": TILE_TYPE_BOX, "Thickness": 0.1, "Stackable": False, "Stretch": True}
    return _custom(
        "Custom_Tile", nickname, row_id, front_url, back_url, place, ident, {"CustomTile": shape}
    )


def token(nickname: str, row_id: str, image_url: str, place: Place, ident: str) -> dict[str, Any]:
    """A ``Custom_Token`` standing up: a pawn cut to the outline of its picture."""
    shape = {"Thickness": 0.2, "MergeDistancePixels": 15.0, "StandUp": True, "Stackable": False}
    return _custom(
        "Custom_Token", nickname, row_id, image_url, "", place, ident, {"CustomToken": shape}
    )


def _custom(
    name: str,
    nickname: str,
    row_id: str,
    image_url: str,
    secondary_url: str,
    place: Place,
    ident: str,
    shape: dict[str, Any],
) -> dict[str, Any]:
    """A tile or token (object ``name``) showing ``image_url`` (and ``secondary_url`` on
    its other side, when not empty); ``shape`` is the ``CustomImage`` entry of the object's
    own options (``CustomTile`` or ``CustomToken``)."""
    data = _base(name, nickname, place, ident)
    data["GMNotes"] = row_id
    data["ColorDiffuse"] = WHITE
    data["CustomImage"] = {
        "ImageURL": image_url,
        "ImageSecondaryURL": secondary_url,
        "ImageScalar": 1.0,
        "WidthScale": 0.0,
        **shape,
    }
    return data


def _unique_guids(objects: Sequence[dict[str, Any]], seen: set[str]) -> None:
    """Give each object (and each object inside one) an id no other object has: six hex
    digits of a hash may repeat, and the game would then replace one."""
    for obj in objects:
        ident, salt = obj["GUID"], 0
        while ident in seen:
            salt += 1
            ident = guid(obj["GUID"], str(salt))
        obj["GUID"] = ident
        seen.add(ident)
        _unique_guids(obj.get("ContainedObjects", []), seen)


def saved_object(objects: Sequence[dict[str, Any]]) -> bytes:
    """The saved-object file holding ``objects`` (the outer fields empty, as the game
    writes them for a saved object); every object's ``GUID`` made unique."""
    _unique_guids(objects, set())
    save = {
        "SaveName": "",
        "GameMode": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": list(objects),
        "TabStates": {},
        "VersionNumber": "",
    }
    return (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode()
