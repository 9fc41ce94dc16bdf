"""The rulebook pipeline: template context -> text -> blocks -> screen and booklet PDFs.

``make_rulebook`` is what a build calls. The text comes from the game's
templates, the components list from the spec tables, the examples from the
game's pinned engine records (gathered by the build and handed in as
:class:`GameParts`), so nothing in a rulebook is restated by hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.base.datafiles import read_confined_text
from pnp.base.errors import PnpError
from pnp.base.tomlsource import TomlSource
from pnp.example_model import Example
from pnp.example_model.figures import MapFigure, TableFigure
from pnp.language import Language, common_words
from pnp.layout.game_data import GameData
from pnp.rulebook.booklet import impose_booklet
from pnp.rulebook.document import Cover, LaidOut, RulebookContent, lay_out
from pnp.rulebook.markup import Block, Directive, MarkupError, parse
from pnp.rulebook.templates import TemplateSet
from pnp.spec.model import Component, GameSpec
from pnp.spec.sizes import PAPERS

SCREEN_PAGE_MM = (148.0, 210.0)
"""The screen edition is A5, one page per PDF page."""

NO_BREAK_SPACE = "\u00a0"


@dataclass(frozen=True)
class RulebookFiles:
    """The names of a rulebook's PDFs in the kit's language."""

    screen: str
    booklet: str
    proof: str
    """The proofreading edition (A5, for the screen): rule IDs, example sources and claims."""

    @staticmethod
    def of(language: Language) -> RulebookFiles:
        """The file names ``language`` gives the rulebook's editions."""
        return RulebookFiles(
            *(f"{language.file(key)}.pdf" for key in ("rulebook", "booklet", "proof"))
        )


@dataclass(frozen=True)
class Rulebook:
    """A rendered rulebook: the markup text, its examples and its PDF editions.

    ``screen`` and ``booklet`` are the family edition; ``proof`` is the
    proofreading edition, laid out only when asked for.
    """

    text: str
    examples: tuple[Example, ...]
    screen: LaidOut
    booklet: bytes
    booklet_pages: int
    names: RulebookFiles
    proof: LaidOut | None = None

    def files(self) -> dict[str, bytes]:
        """The output files by name."""
        files = {self.names.screen: self.screen.pdf, self.names.booklet: self.booklet}
        if self.proof is not None:
            files[self.names.proof] = self.proof.pdf
        return files


BOOKLET_PAGES_MM = ((148.0, 210.0), (139.7, 215.9))
"""Standard booklet pages, preferred first: A5, then half-letter."""


def booklet_page_mm(paper: str) -> tuple[float, float]:
    """The first standard page that fits half a landscape sheet: A5 on A4, half-letter on Letter."""
    sheet = PAPERS[paper]
    half_width, height = sheet.height / 2, sheet.width
    for width_mm, height_mm in BOOKLET_PAGES_MM:
        if width_mm <= half_width + 1e-6 and height_mm <= height + 1e-6:
            return (width_mm, height_mm)
    return (half_width, height)


@dataclass(frozen=True)
class GameParts:
    """What a game adds to its rulebook beyond the tables and templates.

    ``examples`` are the kit's worked examples (replayed engine records);
    ``tables_fingerprint`` is the hash stored measurements must carry to be
    printed (``None``: the game stores none); ``setup`` the figures the
    ``::opzet`` directive draws.
    """

    examples: tuple[Example, ...] = ()
    tables_fingerprint: str | None = None
    setup: tuple[TableFigure | MapFigure, ...] = ()
    """The figures of the setup chapter (the table seen from above, the map)."""


def template_context(
    data: GameData,
    chosen: tuple[str, ...],
    components: Sequence[Component],
    parts: GameParts,
    printing: Mapping[str, object],
    proof: bool = False,
) -> dict[str, object]:
    """Plain values the templates may read (no Python objects reach the sandbox).

    ``proof`` is true when the proofreading edition is being written.
    """
    spec = data.spec
    low, high = spec.players
    # The build names the PDFs (a second card size gets its own file); default to the spec's.
    named = printing.get("files", {})
    files: Mapping[str, str] = named if isinstance(named, Mapping) else {}
    return {
        "game": {
            "id": spec.id,
            "name": spec.name,
            "tagline": spec.tagline,
            "players_min": low,
            "players_max": high,
            "minutes": spec.minutes,
            "age": spec.rulebook.age,
        },
        "rules": spec.settings_for(chosen),
        "components": [
            {
                "id": c.id,
                "name": c.name,
                "cards": c.card_count,
                "file": files.get(c.id, f"{c.file}.pdf"),
                "backs": c.back is not None,
                "two_sided": c.two_sided,
                "rows": [{"id": r.id, "count": r.count, **dict(r.fields)} for r in c.rows],
            }
            for c in components
        ],
        "component": {c.id: {"name": c.name, "cards": c.card_count} for c in components},
        "variants": [
            {"id": v, "name": spec.variants[v].name, "summary": spec.variants[v].summary}
            for v in chosen
        ],
        "chosen": list(chosen),
        "examples": len(parts.examples),
        "print": dict(printing),
        "proof": proof,
        "scoresheet": _scoresheet(spec, chosen),
        "data": rulebook_data(spec.folder / "rulebook", parts.tables_fingerprint),
    }


def rulebook_data(folder: Path, fingerprint: str | None = None) -> dict[str, object]:
    """Every ``*.toml`` beside the templates, by file stem (e.g. a measured balance table).

    A file with a ``tables`` entry other than ``fingerprint`` (the game's tables
    have changed since it was measured) is left out, so the book never prints
    stale measurements.
    """
    data: dict[str, object] = {}
    for path in sorted(folder.glob("*.toml")):
        content = TomlSource.read(path).data
        measured_on = content.get("tables")
        if fingerprint is not None and measured_on is not None and measured_on != fingerprint:
            continue
        data[path.stem] = content
    return data


def _scoresheet(spec: GameSpec, chosen: tuple[str, ...]) -> dict[str, object] | None:
    sheet = spec.scoresheet
    if sheet is None:
        return None
    return {
        "title": sheet.title,
        "file": f"{sheet.file}.pdf",
        "rows": sheet.rows,
        "per_page": sheet.per_page,
        "columns": [c.label for c in sheet.extra_for(chosen)],
    }


def is_bundle(spec: GameSpec, variant: str) -> bool:
    """Whether ``variant`` only bundles the variants it includes (it adds no rule of its own)."""
    own = spec.variants[variant]
    included = {rule for v in own.includes for rule in spec.variants[v].rules}
    return bool(own.includes) and set(own.rules) <= included


def cover_variants(spec: GameSpec, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """The variants the cover names: each chosen one, but a bundle's own (Speculaas's five
    rules) under the bundle's name only.

    A reader who chose Speculaas knows it by that name, and the book explains its rules; a
    variant that brings another along with a rule of its own (Eerste stopper brings Wie kent
    hem niet?) is no bundle, and both are named, since both are played.
    """
    bundled = {v for b in chosen if is_bundle(spec, b) for v in spec.variants[b].includes}
    return tuple(v for v in chosen if v not in bundled)


def _cover(data: GameData, chosen: tuple[str, ...]) -> Cover:
    spec = data.spec
    words = spec.language
    low, high = spec.players
    if low != high:
        players = words.label("cover_players_range", low=low, high=high)
    else:
        players = words.label("cover_players", count=low)
    facts = [players, words.label("cover_minutes", minutes=spec.minutes)]
    if spec.rulebook.age:
        facts.append(words.label("cover_age", age=spec.rulebook.age))
    variants = ""
    named = cover_variants(spec, chosen)
    if named:
        # Each name stays on one line (no-break spaces): "Wie / kent hem niet?" reads as two.
        names = [f"*{spec.variants[v].name.replace(' ', NO_BREAK_SPACE)}*" for v in named]
        variants = words.label("cover_variants", names=words.join_words(names))
    art = data.art.get(spec.rulebook.cover_art) if spec.rulebook.cover_art else None
    return Cover(spec.name, spec.tagline, " · ".join(facts), variants, art)


def _parse(templates: TemplateSet, name: str, text: str, spec: GameSpec) -> list[Block]:
    """Parse the rendered text; a bad line or an unknown card names the template line."""
    try:
        blocks = parse(text)
    except MarkupError as exc:
        path, line = _find_line(templates, name, exc.text)
        raise PnpError.single(exc.message, path, line) from None
    lines = text.splitlines()
    for block in blocks:
        if isinstance(block, Directive) and block.name == "cards":
            problem = _unknown_card(spec, block.args)
            if problem:
                path, line = _find_line(templates, name, lines[block.line - 1])
                raise PnpError.single(problem, path, line)
    return blocks


def _unknown_card(spec: GameSpec, args: Sequence[str]) -> str | None:
    """Why a ``::cards`` argument names no card of the spec tables (None if all are fine)."""
    for arg in args:
        component_id, _, row_id = arg.partition("/")
        try:
            component = spec.component(component_id)
        except KeyError:
            return f"'::cards {arg}': no component '{component_id}'"
        if row_id not in {row.id for row in component.rows}:
            return f"'::cards {arg}': no card '{row_id}' in {component.table.name}"
    return None


def _find_line(templates: TemplateSet, name: str, text: str) -> tuple[Path, int | None]:
    """Where a rendered line came from: the first template line that is it, else contains it."""
    wanted = text.strip()
    sources = [
        (path, number, line.strip())
        for folder in templates.folders
        for path in sorted(folder.rglob("*.j2"))
        for number, line in enumerate(read_confined_text(path, folder).splitlines(), 1)
    ]
    for matches in (lambda line: line == wanted, lambda line: wanted in line):
        for path, number, line in sources:
            if wanted and matches(line):
                return path, number
    return templates.path_of(name), None


def game_templates(data: GameData) -> TemplateSet:
    """The rulebook templates of a game: its own, then the shared ones."""
    spec = data.spec
    common = common_words(data.common, spec.language.code)
    return TemplateSet(spec.words_folder / "rulebook", common / "rulebook", spec.language)


def prepare_rulebook(
    data: GameData,
    chosen: tuple[str, ...],
    parts: GameParts,
    printing: Mapping[str, object],
    proof: bool = False,
    templates: TemplateSet | None = None,
) -> tuple[str, RulebookContent]:
    """Render the templates and gather the generated parts; everything but the layout.

    Returns the rendered markup text and the content to lay out: the family
    edition, or with ``proof`` the proofreading edition. Every template, markup
    or example problem is raised here as a located :class:`PnpError`.
    ``templates`` are the game's (made here when not given): both editions of one
    build share them, so each template is compiled once.
    """
    spec = data.spec
    components = printed_components(data, spec.components_for(chosen), chosen)
    if templates is None:
        templates = game_templates(data)
    name = spec.rulebook.template
    text = templates.render(
        name, template_context(data, chosen, components, parts, printing, proof)
    )
    content = RulebookContent(
        blocks=_parse(templates, name, text, spec),
        cover=_cover(data, chosen),
        components=components,
        examples=parts.examples,
        setup=parts.setup,
        data=data,
        chosen=chosen,
        accent=spec.rulebook.accent,
        proof=proof,
    )
    return text, content


def make_rulebook(
    data: GameData,
    chosen: tuple[str, ...],
    parts: GameParts,
    paper: str,
    printing: Mapping[str, object],
    proof: bool = False,
) -> Rulebook:
    """Render the rulebook of a kit: the A5 screen edition and the booklet for ``paper``.

    ``printing`` describes the kit's print options (``paper``, ``backs``) for the
    printing instructions. Both are the family edition; with ``proof`` the A5
    proofreading edition is laid out as well.
    """
    templates = game_templates(data)
    text, content = prepare_rulebook(data, chosen, parts, printing, templates=templates)
    words = data.spec.language
    title = words.label("pdf_rulebook", game=data.spec.name)
    # Both family editions are fitted to whole booklet sheets; on A4 the booklet's pages are
    # the screen edition's.
    screen = lay_out(content, *SCREEN_PAGE_MM, title, fitted=True)
    page = booklet_page_mm(paper)
    pages = screen if page == SCREEN_PAGE_MM else lay_out(content, *page, title, fitted=True)
    booklet = impose_booklet(pages.pdf, paper, title=words.label("pdf_booklet", title=title))
    proof_book = None
    if proof:
        _, proof_content = prepare_rulebook(data, chosen, parts, printing, True, templates)
        proof_title = words.label("pdf_proof", title=title)
        proof_book = lay_out(proof_content, *SCREEN_PAGE_MM, proof_title)
    names = RulebookFiles.of(words)
    return Rulebook(text, tuple(content.examples), screen, booklet, pages.pages, names, proof_book)


def printed_components(
    data: GameData, components: Sequence[Component], chosen: tuple[str, ...]
) -> tuple[Component, ...]:
    """The components as the kit prints them: a player aid whose words need a second card
    (:mod:`pnp.layout.aid`) counts every card it prints (twelve, say, where the spec table has six)."""
    out = []
    for comp in components:
        face = data.layouts.load(comp.layout, comp.size)
        if face.flow is None:
            out.append(comp)
            continue
        back = data.layouts.load(comp.back, comp.size) if comp.back else None
        ctx = data.face_context(comp, chosen)
        rows = tuple(
            replace(row, count=row.count * len(data.card_faces(row, face, back, ctx)))
            for row in comp.rows
        )
        out.append(replace(comp, rows=rows))
    return tuple(out)
