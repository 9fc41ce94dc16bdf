"""A loaded game's data: its validated spec and the layout and art libraries it draws from.

The project loader (:func:`pnp.catalog.project.load_game`) fills a :class:`GameData`;
the sheets and the rulebook only read one, so they never look a game up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.base.ink import Ink
from pnp.draw.art import ArtLibrary
from pnp.layout.aid import compose
from pnp.layout.loader import LayoutLibrary
from pnp.layout.model import Layout, layout_fields
from pnp.layout.render import FaceContext
from pnp.spec.model import CardRow, Component, GameSpec


@dataclass(frozen=True)
class GameData:
    """A game's validated spec with the libraries its layouts draw from."""

    spec: GameSpec
    layouts: LayoutLibrary
    art: ArtLibrary
    common: Path
    """The folder of what every game shares (``cardspecs/common``: layouts, rulebook templates)."""
    ink: Ink = Ink.NORMAL
    """The edition every face of the kit is drawn for: cards, tiles, pawns, board, pictures."""

    def face_context(self, component: Component, chosen: tuple[str, ...] = ()) -> FaceContext:
        """What a component's layouts may read besides a row.

        The palette, the game-level names, one flag per variant of the game,
        ``variant:<id>``, set when the kit includes it (for ``when`` conditions),
        and each plain ``[rules]`` setting as ``rule_<name>`` with the chosen
        variants applied (so a player aid can say how many cards to deal).
        """
        spec = self.spec
        values: dict[str, object] = {
            "game": spec.name,
            "tagline": spec.tagline,
            "component": component.name,
        }
        values.update({variant_flag(v): v in chosen for v in spec.variants})
        values.update(rule_fields(spec.settings_for(chosen)))
        return FaceContext(spec.colours, values, self.ink)

    def card_faces(
        self, row: CardRow, face: Layout, back: Layout | None, ctx: FaceContext
    ) -> list[tuple[CardRow, Layout, Layout | None]]:
        """The cards a row prints, each with its face and back layout: the row itself, or
        for a layout whose words flow (a player aid, :mod:`pnp.layout.aid`) one card per
        aid card the kit's rules need, the second as row ``<id>-2`` and so on."""
        if face.flow is None:
            return [(row, face, back)]
        values: dict[str, object] = {**ctx.values, **row.fields, "count": row.count}
        flow = self.layouts.flow(face.flow).in_language(self.spec.language)
        cards = compose(flow, face, back or face, values)
        return [
            (row if index == 0 else replace(row, id=f"{row.id}-{index + 1}"), front, rear)
            for index, (front, rear) in enumerate(cards)
        ]

    def face_key(self, component: Component, row: CardRow) -> str:
        """The form name of a card's face: one per row (a sheet, the board, a rulebook picture
        and a printer's file all draw the same form)."""
        return f"face.{self.spec.id}.{component.id}.{row.id}"

    def back_key(self, component: Component, row: CardRow, back: Layout, ctx: FaceContext) -> str:
        """The form name of a card's back: one per layout, or per row if the back reads the row."""
        key = f"back.{self.spec.id}.{component.back}"
        if layout_fields(back) - set(ctx.values):
            key += f".{component.id}.{row.id}"
        elif row.id not in {r.id for r in component.rows}:
            # A further card of a flowing aid: its back holds words of its own.
            key += f".{row.id}"
        return key


def rule_fields(settings: Mapping[str, object]) -> dict[str, object]:
    """The ``rule_<name>`` layout fields of the plain (text, number) rule settings."""
    return {
        f"rule_{name}": value
        for name, value in settings.items()
        if isinstance(value, str | int | float) and not isinstance(value, bool)
    }


def variant_flag(variant_id: str) -> str:
    """The layout field that is set when a kit includes variant ``variant_id``."""
    return f"variant:{variant_id}"
