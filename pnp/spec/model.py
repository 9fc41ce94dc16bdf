"""Typed, immutable objects that the spec loader builds from ``cardspecs/<game>/``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from pnp.language import Language
from pnp.spec.sizes import CardSize

Value = str | int | bool
"""A cell of a spec table after type conversion."""


class MissingComponent(KeyError):
    """A component the game's code asks for is not in ``game.toml``."""

    def __str__(self) -> str:
        return f"the game has no component '{self.args[0]}' ([components.{self.args[0]}])"


LAYOUT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
"""A layout's name: the file ``<name>.toml`` in a layouts folder, never a path."""


@dataclass(frozen=True)
class SourceRef:
    """Where a piece of spec data came from, for error messages."""

    path: Path
    line: int


@dataclass(frozen=True)
class Variant:
    """A variant or expansion the user picks with ``--variant``."""

    id: str
    name: str
    summary: str
    rules: tuple[str, ...]
    settings: Mapping[str, Value] = field(default_factory=lambda: MappingProxyType({}))
    includes: tuple[str, ...] = ()
    conflicts: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardRow:
    """One row of a card table: ``count`` identical cards described by ``fields``."""

    id: str
    count: int
    fields: Mapping[str, Value]
    source: SourceRef

    def text(self, name: str) -> str:
        """A field as text (raises KeyError for an unknown field)."""
        return str(self.fields[name])

    def number(self, name: str) -> int:
        """A field as an integer."""
        value = self.fields[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"field {name!r} of card {self.id!r} is not a number")
        return value


@dataclass(frozen=True)
class Component:
    """A kind of card or tile in the kit, with the rows of its table."""

    id: str
    name: str
    layout: str
    back: str | None
    size: CardSize
    rows: tuple[CardRow, ...]
    rules: tuple[str, ...]
    variants: tuple[str, ...]
    """The component is used only when one of these variants is chosen (empty: always)."""
    table: Path
    file: str = "kaarten"
    """The PDF (without ``.pdf``) the component is printed in, e.g. ``spelershulp``."""
    board_layout: str | None = None
    """The layout a printed map sheet draws the tile with (smaller than the tile, so its
    text is set larger); ``None``: the tile's own layout."""
    two_sided: bool = False
    """The back carries what players need (a second side), so it is printed even when the
    kit is built without backs (``--backs none``): on its own page, to cut out and glue on."""
    sources: tuple[tuple[str, SourceRef], ...] = ()
    """Where ``game.toml`` sets the component's layout names and size, for errors found
    after loading."""

    def name_of(self, row: CardRow) -> str:
        """How a row is named in lists: its ``name`` field, else the component's name (a
        table without names, such as a player aid's, holds one kind of card)."""
        value = row.fields.get("name")
        return value if isinstance(value, str) and value else self.name

    def source_of(self, key: str) -> SourceRef | None:
        """The ``game.toml`` line that sets ``key`` of this component, if known."""
        return dict(self.sources).get(key)

    def row(self, row_id: str) -> CardRow:
        """The row with this id (``KeyError`` if the table has none)."""
        for row in self.rows:
            if row.id == row_id:
                return row
        raise KeyError(row_id)

    @property
    def card_count(self) -> int:
        """Number of physical cards, counting copies."""
        return sum(row.count for row in self.rows)


@dataclass(frozen=True)
class RulebookSpec:
    """How the game's rulebook looks: its template, accent colour, cover art and age."""

    template: str = "spelregels.j2"
    accent: str = "#2B2118"
    """A ``#RRGGBB`` colour (the spec may name a palette colour; it is resolved on load)."""
    cover_art: str | None = None
    age: int | None = None


@dataclass(frozen=True)
class ScoreColumn:
    """A column of a score sheet; ``variants`` limits it to kits with one of them."""

    label: str
    variants: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScoreSheetSpec:
    """A pen-and-paper score sheet: a grid of rounds by players, printed as a pad.

    Each row is a round (``rows`` of them, labelled ``row_label`` 1, 2, ...); each
    player has one column per entry of ``player_columns``; ``extra_columns`` follow
    the players; ``total_label`` names the closing row (none if empty);
    ``per_page`` copies share a sheet (1, 2 or 4), ``notes`` are printed under it,
    ``mark`` stands out in the header.
    """

    title: str
    file: str
    rows: int
    row_label: str
    players: int
    player_columns: tuple[str, ...]
    extra_columns: tuple[ScoreColumn, ...]
    total_label: str
    per_page: int
    notes: tuple[str, ...]
    rules: tuple[str, ...]
    mark: str = ""
    """A short key line printed boldly in the header, e.g. the limit of the game."""

    def extra_for(self, variant_ids: tuple[str, ...]) -> tuple[ScoreColumn, ...]:
        """The extra columns a kit with these variants prints."""
        chosen = set(variant_ids)
        return tuple(c for c in self.extra_columns if not c.variants or chosen & set(c.variants))


@dataclass(frozen=True)
class GameSpec:
    """Everything ``cardspecs/<game>/`` says about one game."""

    id: str
    name: str
    tagline: str
    players: tuple[int, int]
    minutes: int
    folder: Path
    colours: Mapping[str, str]
    rules: Mapping[str, object]
    variants: Mapping[str, Variant]
    components: tuple[Component, ...]
    language: Language
    """The language of the kit's words (the base language, or an edition's)."""
    rulebook: RulebookSpec = RulebookSpec()
    scoresheet: ScoreSheetSpec | None = None
    edition: Path | None = None
    """The edition folder the words come from (``<folder>/<code>/``), ``None`` in the base
    language."""

    @property
    def words_folder(self) -> Path:
        """The folder holding the kit's words: the edition folder, or the game's own."""
        return self.edition if self.edition is not None else self.folder

    def component(self, component_id: str) -> Component:
        """The component with this id."""
        for comp in self.components:
            if comp.id == component_id:
                return comp
        raise MissingComponent(component_id)

    def components_for(self, variant_ids: tuple[str, ...]) -> tuple[Component, ...]:
        """The components a kit with these variants needs, in spec order."""
        chosen = set(variant_ids)
        return tuple(c for c in self.components if not c.variants or chosen & set(c.variants))

    def settings_for(self, variant_ids: tuple[str, ...]) -> dict[str, object]:
        """The ``[rules]`` settings with every chosen variant's overrides applied."""
        merged: dict[str, object] = dict(self.rules)
        for vid in variant_ids:
            merged.update(self.variants[vid].settings)
        return merged
