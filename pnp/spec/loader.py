"""Load ``cardspecs/<game>/`` into a :class:`GameSpec`, reporting every problem at once.

This loader is the one door all games use: tables are CSV with a header row and a
``count`` column, metadata is TOML. Every mistake becomes ``file:line: column 'x': what``.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pnp.base.datafiles import read_confined_text, relative_name_problem
from pnp.base.errors import PnpError, ProblemCollector
from pnp.base.tomlsource import TomlSource
from pnp.language import Language
from pnp.spec.columns import (
    COLUMN_TYPES,
    MAX_CELL_LENGTH,
    MAX_TEXT_LENGTH,
    ArtRoots,
    Column,
    ColumnContext,
    check_art_reference,
)
from pnp.spec.edition import edition_folder, overlay_game_toml, overlay_rows
from pnp.spec.model import (
    LAYOUT_NAME,
    CardRow,
    Component,
    GameSpec,
    RulebookSpec,
    ScoreColumn,
    ScoreSheetSpec,
    SourceRef,
    Value,
    Variant,
)
from pnp.spec.rule_list import RULE_ID, stated_rule_ids
from pnp.spec.sizes import CARD_SIZES, CardSize

_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")
_GAME_KEYS = {"id", "name", "tagline", "players", "minutes"}
_VARIANT_KEYS = {"name", "summary", "rules", "settings", "includes", "conflicts"}
_COMPONENT_KEYS = {
    "name",
    "table",
    "layout",
    "back",
    "size",
    "rules",
    "variants",
    "columns",
    "file",
    "two_sided",
    "board_layout",
}
_FILE_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")

_SOURCED_KEYS = ("layout", "back", "board_layout", "size")
"""Component keys whose ``game.toml`` line a component keeps (see ``Component.sources``)."""

MAX_ROWS = 500
"""The most rows a spec table may hold (the largest bundled table has a few dozen)."""

MAX_KIT_CARDS = 2000
"""The most cards and tiles a game's components may hold together."""
_RESERVED_FILES = ("rulebook", "booklet", "proof", "board")
"""The language's file names the build uses for itself (besides the manifest)."""
_RULEBOOK_KEYS = {"template", "accent", "cover_art", "age"}
_SCORESHEET_KEYS = {
    "title",
    "file",
    "rows",
    "row_label",
    "players",
    "player_columns",
    "extra_columns",
    "total_label",
    "per_page",
    "notes",
    "rules",
    "mark",
}
_COLUMN_KEYS = {"type", "min", "max", "max_length", "choices", "required", "multiline"}
_TOP_KEYS = {"game", "rules", "variants", "colours", "components", "rulebook", "scoresheet"}
_SIZE_KEYS = {"width", "height"}

MAX_NAME_LENGTH = 200
"""The longest name, title, label or list item of ``game.toml`` (one line each; the bundled
longest is a score sheet note of about a hundred characters)."""

MAX_VARIANT_ID = 40
"""The longest variant id (it names folders of example records; the bundled longest is 17)."""
_VARIANT_ID = re.compile(rf"(?=.{{1,{MAX_VARIANT_ID}}}$)[a-z0-9]+(?:-[a-z0-9]+)*")
"""A variant id, as ``--variant`` takes it: like a game id."""

MAX_SETTING = 10_000
"""The largest number a ``[rules]`` setting may hold (the bundled largest is 100)."""


def load_game_spec(folder: Path, art_root: ArtRoots, language: Language) -> GameSpec:
    """Load and validate one game's spec folder with its words in ``language`` (the
    edition's, see :mod:`pnp.spec.edition`); raise :class:`PnpError` listing every problem."""
    source = TomlSource.read(folder / "game.toml")
    edition = None
    if not language.is_base:
        edition = edition_folder(folder, language.code)
        if not edition.is_dir():
            raise PnpError.single(
                f"{folder.name} has no edition in the language '{language.code}' "
                f"(no folder {language.code}/ beside game.toml)",
                folder / "game.toml",
            )
    loader = _SpecLoader(folder, source, art_root, language, edition)
    spec = loader.load()
    loader.problems.raise_if_any()
    assert spec is not None
    return spec


class _SpecLoader:
    def __init__(
        self,
        folder: Path,
        source: TomlSource,
        art_root: ArtRoots,
        language: Language,
        edition: Path | None,
    ) -> None:
        self.folder = folder
        self.source = source
        self.art_root = art_root
        self.language = language
        self.edition = edition
        self.data = source.data if edition is None else overlay_game_toml(source, edition)
        self.problems = ProblemCollector()
        reserved = {language.file(key) for key in _RESERVED_FILES}
        self.reserved = reserved | {"manifest"}

    def fail(self, keys: tuple[str, ...], message: str, column: str | None = None) -> None:
        self.problems.add(self.source.path, self.source.line_of(*keys), column, message)

    def table(self, keys: tuple[str, ...]) -> dict[str, Any]:
        node: Any = self.data
        for key in keys:
            node = node.get(key, {}) if isinstance(node, dict) else {}
        if not isinstance(node, dict):
            self.fail(keys, f"'{'.'.join(keys)}' must be a table")
            return {}
        return node

    def unknown_keys(self, keys: tuple[str, ...], table: dict[str, Any], known: set[str]) -> None:
        for key in sorted(set(table) - known):
            self.fail(
                (*keys, key),
                f"unknown key '{key}' in [{'.'.join(keys)}]"
                + (f" (known: {', '.join(sorted(known))})" if known else ""),
            )

    def text(
        self, keys: tuple[str, ...], table: dict[str, Any], key: str, default: str | None = None
    ) -> str:
        value = table.get(key, default)
        if value is None:
            self.fail(keys, f"[{'.'.join(keys)}] needs '{key}'")
            return ""
        if not isinstance(value, str) or not value.strip():
            self.fail((*keys, key), f"'{key}' must be non-empty text")
            return ""
        if not self.one_line(keys, key, value):
            return ""
        return value

    def one_line(self, keys: tuple[str, ...], key: str, value: str) -> bool:
        """Whether ``value`` is one line of at most :data:`MAX_NAME_LENGTH` (else a problem)."""
        if len(value) > MAX_NAME_LENGTH or "\n" in value:
            self.fail(
                (*keys, key),
                f"'{key}' must be one line of at most {MAX_NAME_LENGTH} characters "
                f"(not {len(value):,})",
            )
            return False
        return True

    def string_list(
        self, keys: tuple[str, ...], table: dict[str, Any], key: str
    ) -> tuple[str, ...]:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail((*keys, key), f"'{key}' must be a list of text")
            return ()
        if not all(self.one_line(keys, key, v) for v in value):
            return ()
        return tuple(value)

    def load(self) -> GameSpec | None:
        data = self.data
        self.unknown_keys((), data, _TOP_KEYS)
        game = self.table(("game",))
        self.unknown_keys(("game",), game, _GAME_KEYS)
        game_id = self.text(("game",), game, "id")
        if game_id and game_id != self.folder.name:
            self.fail(("game", "id"), f"id '{game_id}' must match its folder '{self.folder.name}'")
        players = self.players(game)
        minutes = game.get("minutes", 30)
        if not isinstance(minutes, int) or isinstance(minutes, bool) or not 1 <= minutes <= 600:
            self.fail(("game", "minutes"), "'minutes' must be a whole number from 1 to 600")
            minutes = 30
        colours = self.colours()
        rules = self.settings(("rules",), self.table(("rules",)), None)
        variants = self.variants(rules)
        components = self.components(colours, set(variants))
        if not components:
            self.fail(("components",), "the game has no [components.*] tables")
        cards = sum(c.card_count for c in components)
        if cards > MAX_KIT_CARDS:
            self.fail(
                ("components",),
                f"the components hold {cards} cards; a kit holds at most {MAX_KIT_CARDS}",
            )
        scoresheet = self.output_files(components, self.scoresheet(players, set(variants)))
        self.rule_ids(variants, components, scoresheet)
        return GameSpec(
            id=game_id,
            name=self.text(("game",), game, "name"),
            tagline=self.text(("game",), game, "tagline", ""),
            players=players,
            minutes=minutes,
            folder=self.folder,
            colours=MappingProxyType(colours),
            rules=MappingProxyType(dict(rules)),
            variants=MappingProxyType(variants),
            components=tuple(components),
            language=self.language,
            rulebook=self.rulebook(colours),
            scoresheet=scoresheet,
            edition=self.edition,
        )

    def rule_ids(
        self,
        variants: dict[str, Variant],
        components: list[Component],
        scoresheet: ScoreSheetSpec | None,
    ) -> None:
        """Refuse a rule ID that is not in the game's rule list (the rulebook states it)."""
        named: list[tuple[tuple[str, ...], tuple[str, ...]]] = [
            (("variants", v.id, "rules"), v.rules) for v in variants.values()
        ]
        named += [(("components", c.id, "rules"), c.rules) for c in components]
        if scoresheet is not None:
            named.append((("scoresheet", "rules"), scoresheet.rules))
        if not any(ids for _, ids in named):
            return
        known = stated_rule_ids(self.folder / "rulebook")
        for keys, ids in named:
            for rule in ids:
                if not RULE_ID.match(rule):
                    self.fail(
                        keys, f"{rule!r} is not a rule ID (two capitals, '-', the rule: TD-C1)"
                    )
                elif rule not in known:
                    self.fail(
                        keys,
                        f"rule '{rule}' is not in the game's rule list "
                        "(the rule IDs its rulebook states in brackets)",
                    )

    def settings(
        self, keys: tuple[str, ...], table: dict[str, Any], rules: dict[str, Any] | None
    ) -> dict[str, Any]:
        """The ``[rules]`` settings (``rules`` None), or a variant's overrides of them: each a
        whole number from 0 to :data:`MAX_SETTING`, a word, or a table of such numbers; an
        override names a key of ``[rules]`` and keeps its kind."""
        good: dict[str, Any] = {}
        for key, value in table.items():
            if rules is not None and key not in rules:
                known = ", ".join(sorted(rules)) or "none"
                self.fail((*keys, key), f"unknown setting '{key}' (the keys of [rules]: {known})")
                continue
            problem = _setting_problem(value)
            if problem is None and rules is not None and _kind(value) != _kind(rules[key]):
                problem = f"must be {_kind(rules[key])} like the [rules] setting"
            if problem is not None:
                self.fail((*keys, key), f"setting '{key}' {problem}")
                continue
            good[key] = value
        return good

    def output_files(
        self, components: list[Component], sheet: ScoreSheetSpec | None
    ) -> ScoreSheetSpec | None:
        """Refuse PDF names the build writes itself, or a score sheet sharing a card file."""
        for comp in components:
            if comp.file in self.reserved:
                self.fail(
                    ("components", comp.id, "file"),
                    f"'{comp.file}' is the name of a file the build writes itself",
                )
        if sheet is not None and sheet.file in self.reserved | {c.file for c in components}:
            self.fail(("scoresheet", "file"), f"'{sheet.file}' is already the name of another file")
        return sheet

    def scoresheet(self, players: tuple[int, int], variant_ids: set[str]) -> ScoreSheetSpec | None:
        keys = ("scoresheet",)
        if "scoresheet" not in self.data:
            return None
        table = self.table(keys)
        self.unknown_keys(keys, table, _SCORESHEET_KEYS)
        default_file = self.language.file("scoresheet")
        file = table.get("file", default_file)
        if not isinstance(file, str) or not _FILE_NAME.match(file):
            self.fail((*keys, "file"), "'file' must be a lower-case file name without .pdf")
            file = default_file
        rows = self.whole(keys, table, "rows", 10, 1, 40)
        count = self.whole(keys, table, "players", players[1], 1, 12)
        per_page = table.get("per_page", 1)
        if isinstance(per_page, bool) or per_page not in (1, 2, 4):
            self.fail((*keys, "per_page"), "'per_page' must be 1, 2 or 4")
            per_page = 1
        extra: list[ScoreColumn] = []
        raw_extra = table.get("extra_columns", [])
        if not isinstance(raw_extra, list):
            self.fail((*keys, "extra_columns"), "'extra_columns' must be a list")
            raw_extra = []
        for item in raw_extra:
            if isinstance(item, str) and item.strip():
                extra.append(ScoreColumn(item))
                continue
            label = item.get("label") if isinstance(item, dict) else None
            only = item.get("variants", []) if isinstance(item, dict) else None
            if (
                not isinstance(label, str)
                or not label.strip()
                or not isinstance(only, list)
                or not all(isinstance(v, str) for v in only)
            ):
                self.fail(
                    (*keys, "extra_columns"),
                    'each extra column is a label or { label = "...", variants = [...] }',
                )
                continue
            for vid in only:
                if vid not in variant_ids:
                    self.fail(
                        (*keys, "extra_columns"), f"column '{label}' names unknown variant '{vid}'"
                    )
            extra.append(ScoreColumn(label, tuple(only)))
        words = self.language.label
        player_columns = self.string_list(keys, table, "player_columns") or (
            words("scoresheet_points"),
        )
        return ScoreSheetSpec(
            title=self.text(keys, table, "title", words("scoresheet_title")),
            file=file,
            rows=rows,
            row_label=self.text(keys, table, "row_label", words("scoresheet_row")),
            players=count,
            player_columns=player_columns,
            extra_columns=tuple(extra),
            total_label=self.total_label(keys, table),
            per_page=per_page,
            notes=self.string_list(keys, table, "notes"),
            rules=self.string_list(keys, table, "rules"),
            mark=self.text(keys, table, "mark", "") if "mark" in table else "",
        )

    def total_label(self, keys: tuple[str, ...], table: dict[str, Any]) -> str:
        default = self.language.label("scoresheet_total")
        value = table.get("total_label", default)
        if not isinstance(value, str):
            self.fail((*keys, "total_label"), "'total_label' must be text (\"\" for no total row)")
            return default
        return value

    def whole(
        self,
        keys: tuple[str, ...],
        table: dict[str, Any],
        key: str,
        default: int,
        low: int,
        high: int,
    ) -> int:
        value = table.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail((*keys, key), f"'{key}' must be a whole number from {low} to {high}")
            return default
        return value

    def rulebook(self, colours: dict[str, str]) -> RulebookSpec:
        keys = ("rulebook",)
        table = self.table(keys)
        self.unknown_keys(keys, table, _RULEBOOK_KEYS)
        template = self.text(keys, table, "template", "spelregels.j2")
        if template and (problem := relative_name_problem(template, "template")):
            self.fail((*keys, "template"), problem)
        accent = table.get("accent", "inkt")
        if not isinstance(accent, str) or accent not in colours:
            self.fail(
                (*keys, "accent"), f"'accent' must name a colour of [colours], not {accent!r}"
            )
            accent_hex = "#2B2118"
        else:
            accent_hex = colours[accent]
        cover = table.get("cover_art")
        if cover is not None:
            try:
                check_art_reference(cover if isinstance(cover, str) else "", self.art_root)
            except ValueError as exc:
                self.fail((*keys, "cover_art"), str(exc))
                cover = None
        age = table.get("age")
        if age is not None and (
            not isinstance(age, int) or isinstance(age, bool) or not 3 <= age <= 99
        ):
            self.fail((*keys, "age"), "'age' must be a whole number from 3 to 99")
            age = None
        return RulebookSpec(template, accent_hex, cover, age)

    def players(self, game: dict[str, Any]) -> tuple[int, int]:
        value = game.get("players")
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and 1 <= value[0] <= value[1] <= 12
        ):
            return (value[0], value[1])
        self.fail(("game", "players"), "'players' must be [min, max] with 1 <= min <= max <= 12")
        return (1, 1)

    def colours(self) -> dict[str, str]:
        colours: dict[str, str] = {}
        for name, value in self.table(("colours",)).items():
            if not isinstance(value, str) or not _HEX.match(value):
                self.fail(("colours", name), f"colour '{name}' must be '#RRGGBB', not {value!r}")
                colours[name] = "#000000"  # keep the name known so rows using it do not cascade
                continue
            colours[name] = value.upper()
        return colours

    def variants(self, rules: dict[str, Any]) -> dict[str, Variant]:
        variants: dict[str, Variant] = {}
        raw = self.table(("variants",))
        for vid, table in raw.items():
            keys = ("variants", vid)
            if not _VARIANT_ID.fullmatch(vid):
                self.fail(
                    keys,
                    f"variant id '{vid}' must be lower-case letters and digits joined by single "
                    f"hyphens, at most {MAX_VARIANT_ID} characters",
                )
                continue
            if not isinstance(table, dict):
                self.fail(keys, f"variant '{vid}' must be a table")
                continue
            self.unknown_keys(keys, table, _VARIANT_KEYS)
            settings = table.get("settings", {})
            if not isinstance(settings, dict):
                self.fail((*keys, "settings"), "'settings' must be a table")
                settings = {}
            settings = self.settings((*keys, "settings"), settings, rules)
            variants[vid] = Variant(
                id=vid,
                name=self.text(keys, table, "name"),
                summary=self.text(keys, table, "summary"),
                rules=self.string_list(keys, table, "rules"),
                settings=MappingProxyType(dict(settings)),
                includes=self.string_list(keys, table, "includes"),
                conflicts=self.string_list(keys, table, "conflicts"),
            )
        for variant in variants.values():
            for other in (*variant.includes, *variant.conflicts):
                if other not in variants:
                    self.fail(
                        ("variants", variant.id),
                        f"variant '{variant.id}' names unknown variant '{other}'",
                    )
        return variants

    def components(self, colours: dict[str, str], variant_ids: set[str]) -> list[Component]:
        components: list[Component] = []
        seen_ids: dict[str, SourceRef] = {}
        for cid, table in self.table(("components",)).items():
            keys = ("components", cid)
            if not isinstance(table, dict):
                self.fail(keys, f"component '{cid}' must be a table")
                continue
            self.unknown_keys(keys, table, _COMPONENT_KEYS)
            size = self.size(keys, table.get("size", "poker"))
            for vid in self.string_list(keys, table, "variants"):
                if vid not in variant_ids:
                    self.fail(
                        (*keys, "variants"), f"component '{cid}' names unknown variant '{vid}'"
                    )
            columns = self.columns(keys, table.get("columns"))
            table_name = self.text(keys, table, "table")
            if table_name and (problem := relative_name_problem(table_name, "table")):
                self.fail((*keys, "table"), problem)
                table_name = ""
            back = table.get("back", "")
            if not isinstance(back, str) or (back and not LAYOUT_NAME.match(back)):
                self.fail((*keys, "back"), "'back' must be a layout name or \"\" for none")
                back = ""
            rows: tuple[CardRow, ...] = ()
            table_path = self.folder / table_name
            if table_name and columns is not None:
                ctx = ColumnContext(colours, self.art_root)
                rows = _TableReader(table_path, self.folder, columns, ctx, self.problems).read()
                if self.edition is not None:
                    rows = overlay_rows(
                        rows, self.edition / table_name, self.folder, columns, ctx, self.problems
                    )
                for row in rows:
                    if row.id in seen_ids:
                        first = seen_ids[row.id]
                        self.problems.add(
                            row.source.path,
                            row.source.line,
                            "id",
                            f"duplicate id '{row.id}' (first at line {first.line})",
                        )
                    else:
                        seen_ids[row.id] = row.source
            two_sided = table.get("two_sided", False)
            if not isinstance(two_sided, bool) or (two_sided and not back):
                self.fail((*keys, "two_sided"), "'two_sided' must be true or false, with a back")
                two_sided = False
            default_file = self.language.file("cards")
            file = table.get("file", default_file)
            if not isinstance(file, str) or not _FILE_NAME.match(file):
                self.fail((*keys, "file"), "'file' must be a lower-case file name without .pdf")
                file = default_file
            components.append(
                Component(
                    id=cid,
                    name=self.text(keys, table, "name"),
                    layout=self.layout_name(keys, table, "layout"),
                    back=back or None,
                    size=size,
                    rows=rows,
                    rules=self.string_list(keys, table, "rules"),
                    variants=self.string_list(keys, table, "variants"),
                    table=table_path,
                    file=file,
                    two_sided=two_sided,
                    board_layout=self.board_layout(keys, table),
                    sources=self.sources(keys, table),
                )
            )
        return components

    def sources(
        self, keys: tuple[str, ...], table: dict[str, object]
    ) -> tuple[tuple[str, SourceRef], ...]:
        """The line of each key whose mistakes are found after loading (a layout that does not
        exist, a size no sheet holds); finding a line reads the file, so only these."""
        return tuple(
            (key, SourceRef(self.source.path, self.source.line_of(*keys, key) or 1))
            for key in _SOURCED_KEYS
            if key in table
        )

    def layout_name(self, keys: tuple[str, ...], table: dict[str, Any], key: str) -> str:
        """A layout name (``layout``, ``back``): a plain name, never a path."""
        value = self.text(keys, table, key)
        if value and not LAYOUT_NAME.match(value):
            self.fail(
                (*keys, key),
                f"'{key}' must be a layout name (letters, digits, '-' or '_'), not {value[:40]!r}",
            )
            return ""
        return value

    def board_layout(self, keys: tuple[str, ...], table: dict[str, object]) -> str | None:
        """The optional layout of the component on a printed map sheet."""
        value = table.get("board_layout")
        if value is None:
            return None
        if not isinstance(value, str) or not LAYOUT_NAME.match(value):
            self.fail((*keys, "board_layout"), "'board_layout' must be a layout name")
            return None
        return value

    def size(self, keys: tuple[str, ...], value: object) -> CardSize:
        if isinstance(value, str) and value in CARD_SIZES:
            return CARD_SIZES[value]
        if isinstance(value, dict) and (unknown := sorted(set(value) - _SIZE_KEYS)):
            self.fail(
                (*keys, "size"),
                f"unknown key '{unknown[0][:40]}' in 'size' (known: {', '.join(sorted(_SIZE_KEYS))})",
            )
            return CARD_SIZES["poker"]
        if isinstance(value, dict):
            width, height = value.get("width"), value.get("height")
            if (
                isinstance(width, int | float)
                and isinstance(height, int | float)
                and 20 <= width <= 200
                and 20 <= height <= 200
            ):
                return CardSize("custom", float(width), float(height))
        self.fail(
            (*keys, "size"),
            f"'size' must be one of {', '.join(CARD_SIZES)} or "
            "{ width = mm, height = mm } between 20 and 200 mm",
        )
        return CARD_SIZES["poker"]

    def columns(self, keys: tuple[str, ...], raw: object) -> dict[str, Column] | None:
        ckeys = (*keys, "columns")
        if not isinstance(raw, dict) or not raw:
            self.fail(keys, f"[{'.'.join(keys)}] needs a [{'.'.join(ckeys)}] table")
            return None
        columns: dict[str, Column] = {}
        broken = False
        for name, decl in raw.items():
            if not isinstance(decl, dict):
                self.fail(
                    (*ckeys, name), f"column '{name}' must be a table like {{ type = \"text\" }}"
                )
                broken = True
                continue
            self.unknown_keys((*ckeys, name), decl, _COLUMN_KEYS)
            ctype = decl.get("type")
            if ctype not in COLUMN_TYPES:
                self.fail(
                    (*ckeys, name),
                    f"column '{name}' has type {ctype!r}, not one of {', '.join(COLUMN_TYPES)}",
                )
                broken = True
                continue
            limits = {key: decl.get(key) for key in ("min", "max", "max_length")}
            bad = [
                key
                for key, value in limits.items()
                if value is not None
                and (isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**9)
            ]
            length = limits["max_length"]
            if (
                "max_length" not in bad
                and length is not None
                and not 1 <= length <= MAX_TEXT_LENGTH
            ):
                bad.append("max_length")
            choices = decl.get("choices", [])
            if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
                bad.append("choices")
            required = decl.get("required", True)
            if not isinstance(required, bool):
                bad.append("required")
            multiline = decl.get("multiline", False)
            if not isinstance(multiline, bool) or (multiline and ctype != "text"):
                bad.append("multiline")
            for key in bad:
                self.fail(
                    (*ckeys, name, key),
                    f"column '{name}': '{key}' must be "
                    + {
                        "max_length": f"a whole number from 1 to {MAX_TEXT_LENGTH}",
                        "choices": "a list of texts",
                        "required": "true or false",
                        "multiline": "true or false, and true only for a text column",
                    }.get(key, "a whole number"),
                )
            if bad:
                broken = True
                continue
            columns[name] = Column(
                name=name,
                type=ctype,
                minimum=limits["min"],
                maximum=limits["max"],
                max_length=limits["max_length"],
                choices=tuple(choices),
                required=required,
                multiline=multiline,
            )
        for needed, ctype in (("id", "id"), ("count", "count")):
            if needed not in columns or columns[needed].type != ctype:
                self.fail(ckeys, f"every table needs a column '{needed}' of type '{ctype}'")
                return None
        # A table read against broken declarations would only repeat the same mistake.
        return None if broken else columns


def _csv_problem(exc: csv.Error) -> str:
    """The message for a row the csv module cannot read."""
    if "field limit" in str(exc):
        return f"a cell holds more than {MAX_CELL_LENGTH:,} characters (the most a cell may hold)"
    return f"not a CSV row: {exc}"


def _kind(value: object) -> str:
    """What kind of setting ``value`` is, as a message names it."""
    if isinstance(value, dict):
        return "a table"
    return "text" if isinstance(value, str) else "a whole number"


def _setting_problem(value: object) -> str | None:
    """Why ``value`` cannot be a ``[rules]`` setting, or None."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, dict | str) or _setting_problem(item) is not None:
                return f"holds {key!r} = {item!r}: a table of whole numbers from 0 to {MAX_SETTING}"
        return None
    if isinstance(value, str):
        if value.strip().lstrip("+-").replace(".", "", 1).isdigit():
            return f"is the text {value!r}: write a number without quotes"
        if not value.strip() or len(value) > 64:
            return "must be a word of at most 64 characters"
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SETTING:
        return None
    return f"must be a whole number from 0 to {MAX_SETTING}, a word, or a table of numbers"


class _TableReader:
    """Reads one CSV table against its declared columns."""

    def __init__(
        self,
        path: Path,
        root: Path,
        columns: dict[str, Column],
        ctx: ColumnContext,
        problems: ProblemCollector,
    ) -> None:
        self.path = path
        self.root = root
        """The game's folder: the table must lie inside it."""
        self.columns = columns
        self.ctx = ctx
        self.problems = problems

    def read(self) -> tuple[CardRow, ...]:
        try:
            text = read_confined_text(self.path, self.root, bom=True)
        except PnpError as exc:
            for problem in exc.problems:
                self.problems.add(problem.path, problem.line, problem.column, problem.message)
            return ()
        # The reader reads the text as a file, so a quoted cell keeps its line break and only
        # real line ends count as lines (a form feed or U+2028 in a cell is just a character).
        reader = csv.reader(io.StringIO(text, newline=""), strict=True)
        try:
            header = self.next_row(reader)
        except StopIteration:
            self.problems.add(self.path, 1, None, "the table is empty (no header row)")
            return ()
        except csv.Error as exc:
            self.problems.add(self.path, 1, None, _csv_problem(exc))
            return ()
        header = [h.strip() for h in header]
        ok = self.check_header(header)
        rows: list[CardRow] = []
        data_rows = 0
        while True:
            line = reader.line_num + 1  # a row spanning several lines is named by its first
            try:
                cells = self.next_row(reader)
            except StopIteration:
                break
            except csv.Error as exc:  # e.g. a quote opened and never closed
                # The rest of the file cannot be read reliably: this row is the one problem.
                self.problems.add(self.path, line, None, _csv_problem(exc))
                return tuple(rows)
            if not cells or all(not c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
                continue
            data_rows += 1
            if data_rows > MAX_ROWS:
                self.problems.add(self.path, line, None, f"a table holds at most {MAX_ROWS} rows")
                break
            if not ok:
                continue
            row = self.read_row(header, cells, line)
            if row is not None:
                rows.append(row)
        if ok and data_rows == 0:
            self.problems.add(self.path, 1, None, "the table has no rows")
        return tuple(rows)

    @staticmethod
    def next_row(reader: Iterator[list[str]]) -> list[str]:
        """The next row, no cell of it longer than :data:`MAX_CELL_LENGTH` characters."""
        # The csv module's limit is one for the whole process: lowered while a row is read.
        before = csv.field_size_limit(MAX_CELL_LENGTH)
        try:
            return next(reader)
        finally:
            csv.field_size_limit(before)

    def check_header(self, header: list[str]) -> bool:
        ok = True
        seen: set[str] = set()
        for name in header:
            if name in seen:
                self.problems.add(self.path, 1, name, "column appears twice in the header")
                ok = False
            seen.add(name)
            if name not in self.columns:
                self.problems.add(
                    self.path, 1, name, f"unknown column (declared: {', '.join(self.columns)})"
                )
                ok = False
        for name in self.columns:
            if name not in seen:
                self.problems.add(self.path, 1, name, "missing column")
                ok = False
        return ok

    def read_row(self, header: list[str], cells: list[str], line: int) -> CardRow | None:
        if len(cells) != len(header):
            self.problems.add(
                self.path, line, None, f"row has {len(cells)} cells, the header has {len(header)}"
            )
            return None
        values: dict[str, Value] = {}
        good = True
        for name, cell in zip(header, cells, strict=True):
            try:
                values[name] = self.columns[name].parse(cell, self.ctx)
            except ValueError as exc:
                self.problems.add(self.path, line, name, str(exc))
                good = False
        if not good:
            return None
        count = values.pop("count")
        row_id = values["id"]
        assert isinstance(count, int) and isinstance(row_id, str)
        return CardRow(row_id, count, MappingProxyType(values), SourceRef(self.path, line))
