"""Generated hostile inputs for all four games: broken spec tables, layouts, game.toml keys, SVG
art and rulebook templates; files and folders linked out of the project, data nested too deep,
overlong texts and control characters, nan and overflowing numbers in SVG, ``<use>`` fan-out and
rule IDs the game does not have. Every case must end with exit 2, error lines only (one of them
naming the broken file, and its line where it has one), no traceback, the earlier kit in the
output folder byte-identical, no temporary file left, and within a time bound.

The cases are derived deterministically (``derandomize``), so a failure replays in CI and here.
This module is marked ``slow``: the default run leaves it out; CI runs it as a step of its own.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.base.paths import ROOT_ENV, display_path
from pnp.catalog.project import load_game
from pnp.cli import app
from pnp.draw.art import Art, ArtLibrary
from pnp.kit.kit_record import RECORD_FILE
from pnp.layout.render import FaceRenderer, FormCache
from pnp.sheets.card_jobs import card_jobs
from pnp.sheets.pdf import new_canvas
from tests.conftest import copy_project_data

pytestmark = pytest.mark.slow

GAMES = ("sinterklaas", "stoomboot", "twaalf-dagen", "santoska")
TIME_BOUND_S = 90.0
"""The longest one broken input may take to be refused (generous: CI machines are shared)."""

SCALE = float(os.environ.get("PNP_FUZZ_SCALE", "1"))
"""Multiplies every test's number of cases (e.g. 0.05 for a quick look while editing)."""

CASES = {
    "tables": 380,
    "layouts": 380,
    "components": 160,
    "svg": 100,
    "templates": 20,
    "links": 40,
    "depth": 60,
    "strings": 100,
    "svg_numbers": 100,
    "use": 30,
    "rule_ids": 40,
}
"""Cases per kind of input: 1,410 in all."""

TOTAL = sum(CASES.values())

RUN: dict[str, int] = {}
"""Cases run per kind in this process (the last test checks the total)."""


def fuzz(kind: str) -> settings:
    """The settings of one kind of fuzz case."""
    return settings(
        max_examples=max(1, round(CASES[kind] * SCALE)),
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


@dataclass(frozen=True)
class Mutation:
    """One broken file: its path in the project, new bytes, and where the error must point."""

    relative: str
    data: bytes
    expected: str
    """The start of the location an error line must have, e.g. ``cardspecs/x/deck.csv:4:``."""
    command: tuple[str, ...]
    kind: str
    within: bool = False
    """The location may come after the card's own (art drawn by a layout element)."""
    link: bool = False
    """Instead of new bytes: the file or folder is moved out of the project, a link left in its
    place."""


@dataclass
class GameFacts:
    """What the strategies need to know of a game's data."""

    id: str
    tables: list[tuple[str, list[str], dict[str, str]]]
    """Each component's table: path, data lines, column -> type."""
    layouts: list[str]
    art: list[str]
    """The art the kit's first card draws: a broken one fails the build at once."""


class Playground:
    """A copy of the project's data, broken one file at a time, with an earlier kit to protect."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.out = root / "out"
        self.facts = {game: _facts(root, game) for game in GAMES}
        self.earlier: dict[str, bytes] = {}
        for game in GAMES:
            folder = self.out / game
            folder.mkdir(parents=True)
            # pnp's record marks the folder as a kit it made (one it did not is refused).
            for name in ("kaarten.pdf", "spelregels.pdf", "manifest.json", RECORD_FILE):
                (folder / name).write_bytes(f"earlier {game} {name}\n".encode())
        self.earlier = self.snapshot()

    def snapshot(self) -> dict[str, bytes]:
        return {
            str(p.relative_to(self.out)): p.read_bytes() for p in self.out.rglob("*") if p.is_file()
        }

    @property
    def outside(self) -> Path:
        """A folder beside the project, where a linked file or folder really lies."""
        return self.root.parent / "buiten"

    @contextmanager
    def broken(self, mutation: Mutation) -> Iterator[None]:
        path = self.root / mutation.relative
        if mutation.link:
            target = self.outside / path.name
            self.outside.mkdir(exist_ok=True)
            shutil.move(path, target)
            path.symlink_to(target, target_is_directory=target.is_dir())
            try:
                yield
            finally:
                path.unlink()
                shutil.move(target, path)
            return
        original = path.read_bytes()
        path.write_bytes(mutation.data)
        try:
            yield
        finally:
            path.write_bytes(original)


def _facts(root: Path, game: str) -> GameFacts:
    spec = load_game(game).spec
    tables = []
    for comp in spec.components:
        relative = comp.table.relative_to(root).as_posix()
        lines = comp.table.read_text(encoding="utf-8").splitlines()
        types = {name: str(decl["type"]) for name, decl in _columns(root, game, comp.id).items()}
        if _simple_rows(lines) and any(types.get(c) in BAD_CELLS for c in lines[0].split(",")):
            tables.append((relative, lines, types))
    layouts = sorted(
        p.relative_to(root).as_posix()
        for p in (root / "cardspecs" / game / "layouts").glob("*.toml")
        if "[[elements]]" in p.read_text(encoding="utf-8")
    )
    return GameFacts(game, tables, layouts, _first_card_art(game))


class _Recording(ArtLibrary):
    """An art library that notes every piece of art asked for."""

    def __init__(self, library: ArtLibrary) -> None:
        super().__init__(library.roots)
        self.asked: list[str] = []

    def get(self, reference: str) -> Art:
        self.asked.append(reference)
        return super().get(reference)


def _first_card_art(game: str) -> list[str]:
    data = load_game(game)
    job = card_jobs(data, data.spec.components_for(()))[0]
    art = _Recording(data.art)
    FaceRenderer(FormCache(new_canvas(io.BytesIO(), 100, 100, "t", "t")), art).face(
        job.face_key, job.face, job.row, job.context
    )
    return sorted({f"art/{reference}" for reference in art.asked})


def _columns(root: Path, game: str, component: str) -> dict[str, dict[str, object]]:
    data = tomllib.loads((root / "cardspecs" / game / "game.toml").read_text(encoding="utf-8"))
    columns: dict[str, dict[str, object]] = data["components"][component]["columns"]
    return columns


def _simple_rows(lines: list[str]) -> list[int]:
    """Indexes of the lines that are one row each (no quoted cell with a comma or line break)."""
    width = len(lines[0].split(","))
    return [
        i
        for i, line in enumerate(lines)
        if i > 0
        and line
        and not line.startswith("#")
        and '"' not in line
        and len(line.split(",")) == width
    ]


@pytest.fixture(scope="module")
def playground(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Playground]:
    root = copy_project_data(tmp_path_factory.mktemp("fuzz") / "project")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ROOT_ENV, str(root))
        patch.chdir(root)
        yield Playground(root)


def _check(playground: Playground, mutation: Mutation) -> None:
    RUN[mutation.kind] = RUN.get(mutation.kind, 0) + 1
    with playground.broken(mutation):
        started = time.monotonic()
        result = CliRunner().invoke(app, list(mutation.command))
        elapsed = time.monotonic() - started
    detail = f"{mutation.relative} -> {mutation.data[:300]!r}\n{result.output}"
    assert result.exit_code == 2, detail
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines, detail
    assert all(line.startswith("error: ") for line in lines), detail
    located = (
        (
            lambda line: (
                f" {mutation.expected}:" in line or line.startswith(f"error: {mutation.expected}")
            )
        )
        if mutation.within
        else (lambda line: line.startswith(f"error: {mutation.expected}"))
    )
    assert any(located(line) for line in lines), (
        f"no line starts with {mutation.expected!r}: {detail}"
    )
    assert "Traceback" not in result.output, detail
    assert elapsed < TIME_BOUND_S, f"{elapsed:.0f} s: {detail}"
    assert playground.snapshot() == playground.earlier, "the earlier kit was changed"
    leftovers = [p for p in playground.out.rglob(".*") if p.is_file() and p.name != RECORD_FILE]
    assert not leftovers, f"temporary files left: {leftovers}"


def _build(game: str) -> tuple[str, ...]:
    return ("build", game, "--out", "out", "--quiet")


# -- spec tables: a cell of a typed column gets a value that column can never take ----------

BAD_CELLS: dict[str, list[str]] = {
    "count": ["-1", "abc", "1.5", "nan", "1e400", "201", "9" * 40],
    "int": ["abc", "1.5", "nan", "1e400", "", "9" * 400],
    "id": ["Hoofdletter", "met spatie", "x" * 65, "é", "../x", "-"],
    "colour": ["paars-nergens", "#zzz", "rood;", "x" * 50],
    "art": ["../buiten.svg", "/etc/passwd", "nergens.svg", "plaatje.png", "a\\b.svg"],
    "bool": ["misschien", "2", "nan"],
    "choice": ["geen-keuze", "x" * 80],
    "text": ["a\x00b", "a\x1bb", "a\u2028b", "a\x85b", "y" * 1001],
}


@st.composite
def table_mutations(draw: st.DrawFn, facts: GameFacts) -> Mutation:
    relative, lines, types = draw(st.sampled_from(facts.tables))
    header = lines[0].split(",")
    index = draw(st.sampled_from(_simple_rows(lines)))
    cells = lines[index].split(",")
    candidates = [c for c in header if types.get(c) in BAD_CELLS]
    column = draw(st.sampled_from(candidates))
    kind = types[column]
    bad = draw(st.sampled_from(BAD_CELLS[kind]))
    if kind == "text":
        bad = bad if len(bad) > 1000 else cells[header.index(column)] + bad
    cells[header.index(column)] = f'"{bad}"' if "," in bad else bad
    new = [*lines[:index], ",".join(cells), *lines[index + 1 :]]
    data = ("\n".join(new) + "\n").encode()
    expected = f"{relative}:{index + 1}: column '{column}'"
    return Mutation(relative, data, expected, _build(facts.id), "tables")


@fuzz("tables")
@given(data=st.data())
def test_broken_table_cells(playground: Playground, data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    _check(playground, data.draw(table_mutations(playground.facts[game])))


# -- layouts: a key gets a value outside its bounds ------------------------------------------

BAD_KEYS: dict[str, list[str]] = {
    "size": ["nan", "inf", "-inf", "1e308", "0", "500", "-3", '"groot"', "true"],
    "min_size": ["nan", "inf", "0", "6.9", "1e6", '"klein"'],
    "stroke_width": ["nan", "inf", "-1", "0", "1e9", '"dik"'],
    "radius": ["nan", "inf", "-1", "1e9", '"rond"'],
    "leading": ["nan", "inf", "0", "100", '"ruim"'],
    "pip_size": ["nan", "inf", "0", "-2", "1e9"],
    "box": ["[nan, 3, 10, 10]", "[3, 3, inf, 10]", '"3 3 10 10"', "[3, 3, 10]", "[1e308, 0, 1, 1]"],
    "rotate": ["90", "nan", '"om"'],
    "align": ['"midden"', "3"],
    "kind": ['"cirkel"', "nan"],
    "font": ['"comic"', "7"],
    "wrap": ['"ja"', "2"],
}


@st.composite
def layout_mutations(draw: st.DrawFn, facts: GameFacts, root: Path) -> Mutation:
    relative = draw(st.sampled_from(facts.layouts))
    lines = (root / relative).read_text(encoding="utf-8").splitlines()
    keyed = [
        (i, line.split("=", 1)[0].strip())
        for i, line in enumerate(lines)
        if "=" in line and line.split("=", 1)[0].strip() in BAD_KEYS
    ]
    index, key = draw(st.sampled_from(keyed))
    bad = draw(st.sampled_from(BAD_KEYS[key]))
    lines[index] = f"{key} = {bad}"
    data = ("\n".join(lines) + "\n").encode()
    return Mutation(relative, data, f"{relative}:{index + 1}:", ("check", facts.id), "layouts")


@fuzz("layouts")
@given(data=st.data())
def test_broken_layout_keys(playground: Playground, data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    facts = playground.facts[game]
    _check(playground, data.draw(layout_mutations(facts, playground.root)))


# -- game.toml: a component's key names something it may not ---------------------------------

BAD_COMPONENT: dict[str, list[str]] = {
    "table": ['"/etc/passwd"', '"/dev/zero"', '"../../buiten.csv"', '""', "3"],
    "layout": ['"/etc/passwd"', '"../x"', '"bestaat-niet"', '""', "[1]"],
    "back": ['"/etc/passwd"', '"../x"', '"bestaat-niet"', "7"],
    "size": ['"reuze"', "{ width = nan, height = 88 }", "{ width = 200, height = 1e9 }", "3"],
    "file": ['"../kaarten"', '"Kaarten.PDF"', '""', "1"],
    "two_sided": ['"ja"', "3"],
}


@st.composite
def game_toml_mutations(draw: st.DrawFn, facts: GameFacts, root: Path) -> Mutation:
    relative = f"cardspecs/{facts.id}/game.toml"
    lines = (root / relative).read_text(encoding="utf-8").splitlines()
    in_component = False
    keyed = []
    for i, line in enumerate(lines):
        if line.startswith("["):
            header = line.strip("[] ")
            in_component = header.startswith("components.") and header.count(".") == 1
            continue
        key = line.split("=", 1)[0].strip()
        if in_component and "=" in line and key in BAD_COMPONENT:
            keyed.append((i, key))
    index, key = draw(st.sampled_from(keyed))
    lines[index] = f"{key} = {draw(st.sampled_from(BAD_COMPONENT[key]))}"
    data = ("\n".join(lines) + "\n").encode()
    return Mutation(relative, data, f"{relative}:{index + 1}:", _build(facts.id), "components")


@fuzz("components")
@given(data=st.data())
def test_broken_component_keys(playground: Playground, data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    facts = playground.facts[game]
    _check(playground, data.draw(game_toml_mutations(facts, playground.root)))


# -- SVG art: entities, references out of the file, sizes, element counts, truncation --------

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
HOSTILE_SVG = [
    '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "aaaa">]>\n'
    + SVG
    + ' width="9" height="9"><text>&a;</text></svg>',
    '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
    + SVG
    + ' width="9" height="9"><text>&x;</text></svg>',
    SVG + ' width="9" height="9"><use xlink:href="/etc/passwd#x"/></svg>',
    SVG + ' width="9" height="9"><use href="../buiten.svg#x"/></svg>',
    SVG + ' width="9" height="9"><image href="https://example.org/x.png"/></svg>',
    SVG + ' width="9" height="9"><rect style="fill:url(file:///x)" width="1" height="1"/></svg>',
    SVG + ' width="9" height="9"><style>@import "x.css";</style></svg>',
    SVG + ' width="inf" height="9"><g/></svg>',
    SVG + ' width="nan" height="9"><g/></svg>',
    SVG + ' width="1e308" height="9"><g/></svg>',
    SVG + ' viewBox="0 0 9 inf"><g/></svg>',
    SVG + ' width="9" height="9">' + "<g/>" * 20_001 + "</svg>",
    "dit is geen svg",
    "",
]


@st.composite
def svg_mutations(draw: st.DrawFn, facts: GameFacts, root: Path) -> Mutation:
    relative = draw(st.sampled_from(facts.art))
    original = (root / relative).read_bytes()
    choice = draw(st.integers(0, len(HOSTILE_SVG)))
    if choice == len(HOSTILE_SVG):  # the real picture, cut off before its end
        data = original[: draw(st.integers(1, len(original) - 10))]
    else:
        data = HOSTILE_SVG[choice].encode()
    return Mutation(relative, data, relative, _build(facts.id), "svg", within=True)


@fuzz("svg")
@given(data=st.data())
def test_broken_svg_art(playground: Playground, data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    facts = playground.facts[game]
    _check(playground, data.draw(svg_mutations(facts, playground.root)))


# -- rulebook templates: runaway or broken template code at the start of a block -------------

HOSTILE_TEMPLATE = [
    "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "{{ 'x' * 10**9 }}",
    "{{ 9 ** 99999999 }}",
    "{{ lipsum(100000) }}",
    "{{ ''.__class__.__mro__ }}",
    "{{ bestaat_niet }}",
    "{{ 1 / 0 }}",
    "{% if true %}nooit gesloten",
    "Een " + "heel" * 30 + "lang woord.",
    "::bestaat-niet",
    "{{ range(99999) | join('-') * 99 }}",
]


@st.composite
def template_mutations(draw: st.DrawFn, facts: GameFacts, root: Path) -> Mutation:
    relative = f"cardspecs/{facts.id}/rulebook/spelregels.j2"
    lines = (root / relative).read_text(encoding="utf-8").splitlines()
    blocks = [i for i, line in enumerate(lines) if line.startswith("{% block ")]
    index = draw(st.sampled_from(blocks)) + 1
    lines.insert(index, draw(st.sampled_from(HOSTILE_TEMPLATE)))
    data = ("\n".join(lines) + "\n").encode()
    return Mutation(relative, data, relative, ("check", facts.id), "templates")


@fuzz("templates")
@given(data=st.data())
def test_broken_rulebook_templates(playground: Playground, data: st.DataObject) -> None:
    _check(
        playground, data.draw(template_mutations(playground.facts["twaalf-dagen"], playground.root))
    )


# -- links: a data file or folder replaced by a link to its copy outside the project ---------

LINKED_FOLDERS = ("cardspecs", "art", "cardspecs/common")
"""Folders every game reads (beside each game's own folders, art and example sets)."""


def _linkable(root: Path, game: str) -> tuple[list[str], list[str]]:
    """The folders and the files of ``game`` a link may stand in for (each read by a build)."""
    folder = f"cardspecs/{game}"
    folders = [folder, f"art/{game}", f"{folder}/layouts", f"{folder}/rulebook"]
    folders += [f"{folder}/examples/basis", *LINKED_FOLDERS]
    files = [f"{folder}/game.toml", f"{folder}/rulebook/spelregels.j2"]
    files += [f"{folder}/rulebook/voorbeelden.toml", *_layout_files(root, game)]
    files += sorted(
        p.relative_to(root).as_posix()
        for p in (root / folder / "examples" / "basis").glob("*.json")
    )
    return folders, files


def _layout_files(root: Path, game: str) -> list[str]:
    """The game's own layouts that its base kit draws with (a map sheet's is read only with
    ``--map-sheet``)."""
    layouts = root / "cardspecs" / game / "layouts"
    components = load_game(game).spec.components_for(())
    named = {name for comp in components for name in (comp.layout, comp.back) if name}
    return sorted(
        (layouts / f"{name}.toml").relative_to(root).as_posix()
        for name in named
        if (layouts / f"{name}.toml").is_file()
    )


@st.composite
def link_mutations(draw: st.DrawFn, facts: GameFacts, root: Path) -> Mutation:
    folders, files = _linkable(root, facts.id)
    if draw(st.booleans()):
        # A linked folder is named at the folder holding the link.
        relative = draw(st.sampled_from(folders))
        expected = display_path(root / relative).rsplit("/", 1)[0] if "/" in relative else "."
        return Mutation(relative, b"", expected, _build(facts.id), "links", link=True)
    relative = draw(st.sampled_from(files))
    # A linked file is named by its own path (which lies outside the data once resolved).
    expected = str(root / relative)
    return Mutation(relative, b"", expected, _build(facts.id), "links", link=True)


@fuzz("links")
@given(data=st.data())
def test_linked_files_and_folders(playground: Playground, data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    facts = playground.facts[game]
    _check(playground, data.draw(link_mutations(facts, playground.root)))


# -- nesting: a TOML value or a pinned example record nested far too deep -------------------

_KEY_LINE = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=\s*\S")


def _key_lines(lines: list[str]) -> list[int]:
    """Indexes of the lines that set a key to a value ending on that line (not inside a
    multi-line string, not opening an array or table continued below)."""
    quoted = False
    found = []
    for i, line in enumerate(lines):
        if line.count('"""') % 2:
            quoted = not quoted
            continue
        opened = sum(line.count(c) for c in "[{") - sum(line.count(c) for c in "]}")
        if not quoted and _KEY_LINE.match(line) and '"""' not in line and opened == 0:
            found.append(i)
    return found


def _nested(depth: int, table: bool) -> str:
    return "{ a = " * depth + "1" + " }" * depth if table else "[" * depth + "]" * depth


@st.composite
def depth_mutations(draw: st.DrawFn, facts: GameFacts, root: Path) -> Mutation:
    depth = draw(st.sampled_from([21, 25, 60, 999, 5_000, 100_000]))
    if draw(st.booleans()):  # a pinned example record: JSON
        folder = root / "cardspecs" / facts.id / "examples" / "basis"
        relative = draw(st.sampled_from(sorted(folder.glob("*.json")))).relative_to(root)
        text = '{"id": "x",\n"focus": ' + "[" * depth + "]" * depth + "}\n"
        expected = f"{relative.as_posix()}:2:"
        return Mutation(relative.as_posix(), text.encode(), expected, _build(facts.id), "depth")
    relative = draw(st.sampled_from([f"cardspecs/{facts.id}/game.toml", *facts.layouts]))
    lines = (root / relative).read_text(encoding="utf-8").splitlines()
    index = draw(st.sampled_from(_key_lines(lines)))
    key = lines[index].split("=", 1)[0].strip()
    lines[index] = f"{key} = {_nested(depth, draw(st.booleans()))}"
    data = ("\n".join(lines) + "\n").encode()
    return Mutation(relative, data, f"{relative}:{index + 1}:", _reader(facts, relative), "depth")


def _reader(facts: GameFacts, relative: str) -> tuple[str, ...]:
    """The command that reads ``relative`` for sure: ``check`` reads every layout (a variant's
    too), ``build`` the base kit's data."""
    return ("check", facts.id) if relative in facts.layouts else _build(facts.id)


@fuzz("depth")
@given(data=st.data())
def test_data_nested_too_deep(playground: Playground, data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    facts = playground.facts[game]
    _check(playground, data.draw(depth_mutations(facts, playground.root)))


# -- long strings and control characters in any TOML text of a game -------------------------

_STRING_LINE = re.compile(r'^(\s*[A-Za-z0-9_-]+\s*=\s*)"([^"\\]*)"(\s*#.*)?$')
BAD_TEXTS = [
    "N" * 2_001,
    "lang " * 20_000,
    "N" * 1_000_000,
    "a\\u0000b",
    "a\\u001bb",
    "a\\u0007b",
    "a\\tb",
    "a\\u2028b",
    "a\\u0085b",
    "a\\u007fb",
]
"""Texts no loaded value may be (TOML escapes: the control character itself after parsing)."""


@st.composite
def string_mutations(draw: st.DrawFn, facts: GameFacts, root: Path) -> Mutation:
    folder = f"cardspecs/{facts.id}"
    relative = draw(
        st.sampled_from(
            [f"{folder}/game.toml", f"{folder}/rulebook/voorbeelden.toml", *facts.layouts]
        )
    )
    lines = (root / relative).read_text(encoding="utf-8").splitlines()
    strings = [i for i in _key_lines(lines) if _STRING_LINE.match(lines[i])]
    index = draw(st.sampled_from(strings))
    found = _STRING_LINE.match(lines[index])
    assert found is not None
    lines[index] = f'{found.group(1)}"{draw(st.sampled_from(BAD_TEXTS))}"'
    data = ("\n".join(lines) + "\n").encode()
    expected = f"{relative}:{index + 1}:"
    return Mutation(relative, data, expected, _reader(facts, relative), "strings")


@fuzz("strings")
@given(data=st.data())
def test_overlong_texts_and_control_characters(playground: Playground, data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    facts = playground.facts[game]
    _check(playground, data.draw(string_mutations(facts, playground.root)))


# -- SVG numbers: an attribute, path data, a transform or a style value that is not finite ---

_TAG = re.compile(r"<[A-Za-z][^>]*>", re.DOTALL)
_NUMERIC = re.compile(
    r"\s(x|y|width|height|r|cx|cy|rx|ry|x1|y1|x2|y2|stroke-width|opacity|fill-opacity|d|points"
    r'|transform|style)="([^"]*)"'
)
_FIRST_NUMBER = re.compile(r"(?<![\w#.])-?(?:\d+(?:\.\d+)?|\.\d+)")
"""A number of a value standing on its own (not a digit of a colour such as ``#5E7186``)."""
BAD_NUMBERS = ["nan", "NaN", "inf", "-inf", "Infinity", "1e400", "-1e400", "1e308", "123456"]


@st.composite
def svg_number_mutations(draw: st.DrawFn, facts: GameFacts, root: Path) -> Mutation:
    relative = draw(st.sampled_from(facts.art))
    text = (root / relative).read_text(encoding="utf-8")
    spots = [
        (tag.start() + found.start(2), tag.start() + found.end(2), found.group(1))
        for tag in _TAG.finditer(text)
        for found in _NUMERIC.finditer(tag.group())
        if _FIRST_NUMBER.search(found.group(2))
    ]
    start, end, key = draw(st.sampled_from(spots))
    bad = draw(st.sampled_from(BAD_NUMBERS))
    value = text[start:end]
    if key in ("d", "points", "transform", "style"):  # one number of several becomes bad
        number = _FIRST_NUMBER.search(value)
        assert number is not None
        value = value[: number.start()] + bad + value[number.end() :]
    else:
        value = bad
    data = (text[:start] + value + text[end:]).encode()
    line = text[: text.rfind("<", 0, start)].count("\n") + 1  # the line its element starts on
    return Mutation(relative, data, f"{relative}:{line}", _build(facts.id), "svg_numbers", True)


@fuzz("svg_numbers")
@given(data=st.data())
def test_svg_numbers_that_are_not_finite(playground: Playground, data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    facts = playground.facts[game]
    _check(playground, data.draw(svg_number_mutations(facts, playground.root)))


# -- <use> fan-out: a small file whose <use> elements multiply into a great many shapes -----


@st.composite
def use_mutations(draw: st.DrawFn, facts: GameFacts) -> Mutation:
    relative = draw(st.sampled_from(facts.art))
    fan = draw(st.integers(2, 6))
    levels = draw(st.integers(1, 30).filter(lambda n: fan**n > 30_000))
    lines = [SVG + ' width="9" height="9">', '<defs><rect id="g0" width="1" height="1"/>']
    for level in range(1, levels + 1):
        lines.append(f'<g id="g{level}">' + f'<use href="#g{level - 1}"/>' * fan + "</g>")
    if draw(st.booleans()):  # the top group also draws itself
        lines.append(f'<g id="g{levels + 1}"><use href="#g{levels + 1}"/></g>')
    lines.append(f'</defs><use xlink:href="#g{levels}"/></svg>')
    data = ("\n".join(lines) + "\n").encode()
    return Mutation(relative, data, relative, _build(facts.id), "use", within=True)


@fuzz("use")
@given(data=st.data())
def test_use_fan_out(playground: Playground, data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    _check(playground, data.draw(use_mutations(playground.facts[game])))


# -- rule IDs: a component, variant or score sheet names a rule the game does not have -------

_RULES_LINE = re.compile(r"^\s*rules\s*=\s*\[[^\]]*\]\s*(#.*)?$")
PREFIXES = {"sinterklaas": "SK", "stoomboot": "ST", "twaalf-dagen": "TD", "santoska": "SA"}


@st.composite
def rule_id_mutations(draw: st.DrawFn, facts: GameFacts, root: Path) -> Mutation:
    relative = f"cardspecs/{facts.id}/game.toml"
    lines = (root / relative).read_text(encoding="utf-8").splitlines()
    index = draw(st.sampled_from([i for i, line in enumerate(lines) if _RULES_LINE.match(line)]))
    prefix = draw(st.sampled_from([PREFIXES[facts.id], *PREFIXES.values(), "XX", "nope", ""]))
    rule = draw(st.from_regex(r"[A-Z][0-9]{3}|[a-z]{1,8}|[A-Z][0-9] ", fullmatch=True))
    bad = f"{prefix}-{rule}" if prefix else rule
    lines[index] = f'rules = ["{bad}"]'
    data = ("\n".join(lines) + "\n").encode()
    return Mutation(relative, data, f"{relative}:{index + 1}:", _build(facts.id), "rule_ids")


@fuzz("rule_ids")
@given(data=st.data())
def test_unknown_rule_ids(playground: Playground, data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    facts = playground.facts[game]
    _check(playground, data.draw(rule_id_mutations(facts, playground.root)))


def test_the_fuzz_cases_ran_1400_times() -> None:
    """Runs after the fuzz tests of this module (one process runs a whole module)."""
    if set(RUN) != set(CASES):
        pytest.skip(f"only some fuzz tests ran here: {sorted(RUN)}")
    assert TOTAL == 1_410
    assert sum(RUN.values()) >= 1_400 * SCALE, RUN
