"""One legal map setup as a printed board (``pnp build stoomboot --map-sheet --seed S``).

The setup is the reference engine's own: a new game's chance actions are
sampled with the seed until the map is laid and the boat placed (ST-B1), so
the board follows exactly the rules the engine plays by (every house on a
5x5 map, 4 random houses on the small map, Pepernoot Plekken shuffled in with
the water). The boat's starting tile is marked.

The sheet's words (title, setup line, legend) are data, in ``layouts/speelbord.toml``
beside the tile layouts; a legend entry may fill in the fields of a tile's row, so
a Pepernoot Plek is explained with its own name and effect from its table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from pnp.base.errors import PnpError
from pnp.base.tomlsource import TomlSource
from pnp.engine.core import CHANCE
from pnp.example_model.board import Board, BoardCell, BoardMarker, LegendEntry
from pnp.games.stoomboot.kit.spec_config import config_from_spec
from pnp.games.stoomboot.rules.actions import LayMap, PlaceBoat
from pnp.games.stoomboot.rules.board import parse_square
from pnp.games.stoomboot.rules.state import StoombootState
from pnp.language.template import fill_template
from pnp.spec.model import GameSpec

TILE_COMPONENTS = ("huizen", "water", "pepernoot")
"""The components whose rows are map tiles, in the order their ids are looked up."""

BOAT_ART = "stoomboot/stoomboot-boven.svg"

MAP_VARIANTS = ("kleine-kaart", "pepernoot-plekken")
"""The variants that change the map; the caption names only these (the reprint line names
every variant of the kit)."""

WORDS_FILE = Path("layouts") / "speelbord.toml"
"""The sheet's words, in the game's data folder."""


def tile_components(spec: GameSpec) -> dict[str, str]:
    """The component of every map tile id (a ``LayMap`` names tiles by id)."""
    owner: dict[str, str] = {}
    for component_id in TILE_COMPONENTS:
        for row in spec.component(component_id).rows:
            owner.setdefault(row.id, component_id)
    return owner


def random_setup(spec: GameSpec, chosen: tuple[str, ...], seed: int) -> tuple[LayMap, PlaceBoat]:
    """The map and the boat's square of a new game with this seed."""
    config = config_from_spec(spec, chosen)
    state = StoombootState(config, spec.players[0], None)
    rng = random.Random(seed)
    laid: LayMap | None = None
    boat: PlaceBoat | None = None
    while state.current_player() == CHANCE and (laid is None or boat is None):
        action = state.sample_chance(rng)
        state.push(action)
        if isinstance(action, LayMap):
            laid = action
        elif isinstance(action, PlaceBoat):
            boat = action
    if laid is None or boat is None:
        raise RuntimeError("the engine's setup laid no map")
    return laid, boat


@dataclass(frozen=True)
class _Words:
    """The sheet's words file, read and checked, with the line of each key for errors."""

    toml: TomlSource

    def text(self, *keys: str) -> str:
        value = self._get(keys)
        if not isinstance(value, str) or not value:
            where = ".".join(keys)
            raise PnpError.single(f"'{where}' must be a text", self.toml.path, self._line(keys))
        return value

    def fill(self, keys: tuple[str, ...], values: dict[str, object]) -> str:
        try:
            return fill_template(self.text(*keys), values)
        except KeyError as exc:
            known = ", ".join(sorted(values))
            raise PnpError.single(
                f"'{'.'.join(keys)}': unknown field {{{exc.args[0]}}} (fields: {known})",
                self.toml.path,
                self._line(keys),
            ) from None

    def tiles(self) -> list[str]:
        """The component of each ``[[tiles]]`` legend entry, in order."""
        entries = self.toml.data.get("tiles")
        if not isinstance(entries, list) or not entries:
            raise PnpError.single("'tiles' must be [[tiles]] tables", self.toml.path)
        return [self.text("tiles", str(i), "component") for i in range(len(entries))]

    def optional(self, *keys: str) -> str:
        """A text that may be left out ("" then)."""
        return self.text(*keys) if self._get(keys) is not None else ""

    def names(self, *keys: str) -> tuple[str, ...]:
        """A list of names that may be left out (empty then)."""
        value = self._get(keys)
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            where = ".".join(keys)
            raise PnpError.single(
                f"'{where}' must be a list of names", self.toml.path, self._line(keys)
            )
        return tuple(value)

    def _get(self, keys: tuple[str, ...]) -> object:
        value: object = self.toml.data
        for key in keys:
            if isinstance(value, list) and key.isdigit() and int(key) < len(value):
                value = value[int(key)]
            else:
                value = value.get(key) if isinstance(value, dict) else None
        return value

    def _line(self, keys: tuple[str, ...]) -> int | None:
        return self.toml.line_of(*keys)


def _read_words(spec: GameSpec) -> _Words:
    edition = spec.words_folder / WORDS_FILE
    return _Words(TomlSource.read(edition if edition.is_file() else spec.folder / WORDS_FILE))


def _legend(
    spec: GameSpec, words: _Words, cells: tuple[BoardCell, ...], start: BoardCell
) -> tuple[LegendEntry, ...]:
    """One entry per kind of tile on the map (the words file's order), then the start."""
    entries: list[LegendEntry] = []
    named: set[str] = set()
    components = words.tiles()
    for cell in cells:
        if cell.component not in components:
            raise PnpError.single(
                f"no [[tiles]] legend entry for the '{cell.component}' tiles on the map",
                words.toml.path,
            )
    for index, component in enumerate(components):
        for cell in cells:
            if cell.component != component:
                continue
            row = spec.component(component).row(cell.card)
            values: dict[str, object] = {**row.fields, "id": row.id}
            name = words.fill(("tiles", str(index), "name"), values)
            if name in named:
                continue
            named.add(name)
            meaning = words.fill(("tiles", str(index), "meaning"), values)
            hide = words.names("tiles", str(index), "hide")
            entries.append(LegendEntry(name, meaning, cell.component, cell.card, hide))
    entries.append(
        LegendEntry(
            words.text("start", "name"),
            words.text("start", "meaning"),
            start.component,
            start.card,
            marker_art=BOAT_ART,
            marker_label=words.text("start", "label"),
        )
    )
    return tuple(entries)


def map_board(spec: GameSpec, chosen: tuple[str, ...], seed: int) -> Board:
    """The board of one random legal setup: tiles by their spec rows, the boat's start marked."""
    words = _read_words(spec)
    laid, boat = random_setup(spec, chosen, seed)
    owner = tile_components(spec)
    size = round(len(laid.tiles) ** 0.5)
    layouts = {c: words.optional("tiles", str(i), "layout") for i, c in enumerate(words.tiles())}
    cells = tuple(
        BoardCell(
            index % size, index // size, owner[tile], tile, layout=layouts.get(owner[tile], "")
        )
        for index, tile in enumerate(laid.tiles)
    )
    start = parse_square(boat.square, size)
    map_variants = [v for v in chosen if v in MAP_VARIANTS]
    names = spec.language.join_words([spec.variants[v].name for v in map_variants])
    # The reprint line names every variant of the kit (no command: the sheet is for the table).
    kit_names = spec.language.join_words([spec.variants[v].name for v in chosen])
    values: dict[str, object] = {
        "game": spec.name,
        "size": size,
        "seed": seed,
        "variants": names,
        "kit_variants": kit_names,
    }
    label = words.text("start", "label")
    return Board(
        columns=size,
        rows=size,
        cells=cells,
        title=words.fill(("title",), values),
        caption=words.fill(("setup_variants",) if names else ("setup",), values),
        markers=(BoardMarker(start % size, start // size, BOAT_ART, label),),
        legend=_legend(spec, words, cells, cells[start]),
        legend_title=words.text("legend"),
        north=words.text("north"),
        footer=words.fill(("again_variants",) if kit_names else ("again",), values),
    )
