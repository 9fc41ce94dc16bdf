"""A player aid whose words flow over as many card sides as the kit needs.

A layout may name a *flow* (``flow = "hulp-tekst"`` in ``hulp.toml``): a TOML file beside
the layouts holding the aid's words as blocks, each shown only when its ``when``
conditions hold for the kit (``variant:<id>``, a row field, ``!`` for "not", ``a|b`` for
"either"). The blocks are grouped into sides, each with its title ("Zo gaat een ronde",
"Scoren"). :func:`compose` lays the blocks that hold out over the faces of the aid: the
front and back layouts give each face its frame (wash, background), the flow gives the
words and their sizes, never below the 7 pt floor. One card holds the kit's rules when it
can, at the flow's size or a little smaller down to its ``min_size``; where it cannot, the
kit prints a second aid card (and a third ...), every face then numbered "kaart 1 van 2".

The texts are data; this module only measures and places them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics

from pnp.base.errors import PnpError, ProblemCollector
from pnp.base.tomlsource import TomlSource
from pnp.base.units import mm
from pnp.draw.fonts import font_name
from pnp.language import Language
from pnp.language.template import check_template, fill_template
from pnp.layout.model import MIN_TEXT_PT, Box, Element, Layout, conditions_hold
from pnp.spec.model import SourceRef

_FLOW_KEYS = {
    "box",
    "title_box",
    "title_size",
    "label_size",
    "size",
    "min_size",
    "leading",
    "gap",
    "accent",
    "ink",
    "continued",
    "numbering",
    "numbering_box",
}
_BLOCK_KEYS = {
    "side",
    "heading",
    "label",
    "label_fill",
    "text",
    "fill",
    "font",
    "align",
    "art",
    "art_height",
    "when",
}
_TEXT_KEYS = ("side", "heading", "label", "label_fill", "text", "fill", "art")
_STEP = 0.25
"""Text sizes tried between ``size`` and ``min_size``, pt."""
_SLACK = 0.3
"""Room added under each measured text box, mm (the renderer measures the same text)."""
LABEL_H = 4.2
"""Height of a label line and the gap under it, mm."""
HEADING_H = 8.0
"""Height of a heading inside a side ("Einde"), with the gap under it, mm."""
BODY = Box(5.5, 13.0, 52.0, 72.0)
"""Where the blocks go on every face (below the title) unless the flow says otherwise."""
TITLE = Box(5.0, 4.6, 53.0, 7.0)
NUMBERING = Box(5.5, 81.5, 52.0, 3.2)


@dataclass(frozen=True)
class Block:
    """One paragraph of the aid: an optional heading and label, then text or a picture."""

    source: SourceRef
    when: tuple[str, ...] = ()
    when_line: int | None = None
    """The line of ``when`` in the flow file (for errors)."""
    heading: str = ""
    label: str = ""
    label_fill: str = ""
    text: str = ""
    fill: str = ""
    font: str = "regular"
    align: str = "left"
    art: str = ""
    art_height: float = 10.0


@dataclass(frozen=True)
class Side:
    """A side of the aid: its title and its blocks, in reading order."""

    title: str
    source: SourceRef
    when: tuple[str, ...] = ()
    when_line: int | None = None
    blocks: tuple[Block, ...] = ()


@dataclass(frozen=True)
class Flow:
    """The words of a player aid and how they are set."""

    path: Path
    sides: tuple[Side, ...]
    box: Box = BODY
    """Where the blocks go on every face (below the title), mm in the trim box."""
    title_box: Box = TITLE
    title_size: float = 11.5
    label_size: float = 8.0
    size: float = 7.5
    min_size: float = 7.0
    leading: float = 1.15
    gap: float = 1.0
    """Space after each block, mm."""
    accent: str = "{colour}"
    """Colour of titles, headings and labels."""
    ink: str = "inkt"
    """Colour of the text."""
    continued: str = ""
    """The title of a face that carries on a side from the face before (``{title}``);
    empty: the kit language's (see :meth:`in_language`)."""
    numbering: str = ""
    """The line at the foot of every face when the aid takes more than one card (``{card}``,
    ``{cards}``); empty: the kit language's."""
    numbering_box: Box = NUMBERING

    def in_language(self, words: Language) -> Flow:
        """The flow with the words it leaves to the language filled in."""
        return replace(
            self,
            continued=self.continued or words.raw("aid_continued"),
            numbering=self.numbering or words.raw("aid_numbering"),
        )


def read_flow(path: Path) -> Flow:
    """The flow file at ``path``, checked: one located problem per mistake."""
    toml = TomlSource.read(path)
    problems = ProblemCollector()
    data = toml.data
    for key in sorted(set(data) - {"flow", "blocks"}):
        problems.add(path, toml.line_of(key), None, f"unknown key '{key}' (known: blocks, flow)")
    settings = data.get("flow", {})
    if not isinstance(settings, dict):
        raise PnpError.single("'flow' must be a table", path, toml.line_of("flow"))
    options: dict[str, Any] = {}
    for key, value in settings.items():
        line = toml.line_of("flow", key)
        if key not in _FLOW_KEYS:
            problems.add(path, line, None, f"unknown key '{key}' in [flow]")
        elif key.endswith("box"):
            if not (
                isinstance(value, list)
                and len(value) == 4
                and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
            ):
                problems.add(path, line, None, f"'{key}' must be [x, y, width, height] in mm")
            else:
                options[key] = Box(*(float(v) for v in value))
        elif key in ("accent", "ink", "continued", "numbering"):
            if not isinstance(value, str) or check_template(value):
                problems.add(path, line, None, f"'{key}' must be text")
            else:
                options[key] = value
        elif isinstance(value, bool) or not isinstance(value, int | float):
            problems.add(path, line, None, f"'{key}' must be a number")
        else:
            options[key] = float(value)
    for key in ("size", "min_size", "title_size", "label_size"):
        if key in options and not MIN_TEXT_PT <= options[key] <= 72:
            problems.add(
                path,
                toml.line_of("flow", key),
                None,
                f"'{key}': text sizes are numbers from {MIN_TEXT_PT:g} to 72 pt",
            )
    raw = data.get("blocks", [])
    if not isinstance(raw, list) or not raw:
        raise PnpError.single("the aid needs [[blocks]] tables", path, toml.line_of("blocks"))
    sides: list[Side] = []
    for index, entry in enumerate(raw):
        line = toml.line_of("blocks", str(index)) or 1
        source = SourceRef(path, line)
        if not isinstance(entry, dict):
            problems.add(path, line, None, "every block must be a table")
            continue
        for key in sorted(set(entry) - _BLOCK_KEYS):
            where = toml.line_of("blocks", str(index), key)
            problems.add(path, where, None, f"unknown key '{key}' in a block")
        for key in _TEXT_KEYS:
            value = entry.get(key)
            if value is not None and (not isinstance(value, str) or check_template(value)):
                where = toml.line_of("blocks", str(index), key)
                problems.add(path, where, None, f"'{key}' must be text ({{field}} allowed)")
        when = entry.get("when", ())
        if isinstance(when, str):
            when = (when,)
        if not isinstance(when, list | tuple) or not all(isinstance(w, str) for w in when):
            problems.add(path, toml.line_of("blocks", str(index), "when"), None, _WHEN)
            when = ()
        if "side" in entry:
            if set(entry) - {"side", "when"}:
                problems.add(path, line, None, "a block with 'side' starts a side: only 'when'")
            when_line = toml.line_of("blocks", str(index), "when")
            sides.append(Side(str(entry["side"]), source, tuple(when), when_line))
            continue
        if not sides:
            problems.add(path, line, None, "the first block must start a side ('side = ...')")
            continue
        if not any(entry.get(key) for key in ("text", "art", "heading", "label")):
            problems.add(path, line, None, "a block needs 'text', 'art', 'heading' or 'label'")
        if entry.get("align", "left") not in ("left", "center", "right"):
            problems.add(path, line, None, "'align' must be left, center or right")
        if entry.get("font", "regular") not in ("regular", "italic", "bold", "black"):
            problems.add(path, line, None, "'font' must be regular, italic, bold or black")
        height = entry.get("art_height", 10.0)
        if isinstance(height, bool) or not isinstance(height, int | float) or not 0 < height < 60:
            problems.add(path, line, None, "'art_height' must be a size in mm below 60")
            height = 10.0
        block = Block(
            source=source,
            when=tuple(when),
            when_line=toml.line_of("blocks", str(index), "when"),
            heading=str(entry.get("heading", "")),
            label=str(entry.get("label", "")),
            label_fill=str(entry.get("label_fill", "")),
            text=str(entry.get("text", "")),
            fill=str(entry.get("fill", "")),
            font=str(entry.get("font", "regular")),
            align=str(entry.get("align", "left")),
            art=str(entry.get("art", "")),
            art_height=float(height),
        )
        sides[-1] = replace(sides[-1], blocks=(*sides[-1].blocks, block))
    problems.raise_if_any()
    return Flow(path, tuple(sides), **options)


_WHEN = "'when' must be a condition or a list of them ('field', '!field', 'a|b')"


@dataclass
class _Face:
    elements: list[Element]
    bottom: float
    """Where the next block goes, mm from the top of the trim."""
    blocks: list[tuple[int, float]] = field(default_factory=list)
    """The blocks on the face (by ``id``) with the height each takes, in order."""


class _Composer:
    def __init__(self, flow: Flow, values: Mapping[str, object], size: float, numbered: bool):
        self.flow = flow
        self.values = values
        self.size = size
        self.limit = flow.numbering_box.y - 0.3 if numbered else flow.box.bottom
        self.faces: list[_Face] = []
        self.counter = 0

    def fill(self, template: str, source: SourceRef) -> str:
        try:
            return fill_template(template, self.values)
        except KeyError as exc:
            known = ", ".join(sorted(k for k in self.values if ":" not in k))
            raise PnpError.single(
                f"unknown field {{{exc.args[0]}}} (fields: {known})", source.path, source.line
            ) from None

    def name(self, what: str) -> str:
        self.counter += 1
        return f"aid-{self.counter}-{what}"

    def new_face(self, side: Side, continued: bool, heading: str = "") -> _Face:
        """A face titled with its side's title; one that carries the side on is titled
        with the heading of its first block if that has one, else "<title> (vervolg)"."""
        flow = self.flow
        title = side.title
        if continued:
            title = heading or flow.continued.replace("{title}", side.title)
        element = Element(
            name=self.name("title"),
            kind="text",
            box=flow.title_box,
            source=side.source,
            text=title,
            font="display",
            size=flow.title_size,
            min_size=max(MIN_TEXT_PT, min(flow.title_size, 9.0)),
            fill=flow.accent,
        )
        face = _Face([element], flow.box.y)
        self.faces.append(face)
        return face

    def text_height(self, text: str, font: str, size: float) -> float:
        """Height (mm) of ``text`` wrapped to the flow's width at ``size``."""
        name = font_name(font)
        lines = simpleSplit(text, name, size, mm(self.flow.box.w))
        ascent, descent = pdfmetrics.getAscentDescent(name, size)
        points = (len(lines) - 1) * size * self.flow.leading + (ascent - descent)
        return float(points) / mm(1)

    def block_elements(self, block: Block, top: float) -> tuple[list[Element], float]:
        """The elements of ``block`` placed from ``top``, and the height they take (mm)."""
        flow, x, w = self.flow, self.flow.box.x, self.flow.box.w
        placed: list[Element] = []
        y = top
        if block.heading:
            box = Box(flow.title_box.x, y, flow.title_box.w, flow.title_box.h)
            placed.append(
                Element(
                    name=self.name("heading"),
                    kind="text",
                    box=box,
                    source=block.source,
                    text=block.heading,
                    font="display",
                    size=flow.title_size,
                    min_size=max(MIN_TEXT_PT, min(flow.title_size, 9.0)),
                    fill=flow.accent,
                )
            )
            y += HEADING_H
        if block.label:
            self.fill(block.label, block.source)
            placed.append(
                Element(
                    name=self.name("label"),
                    kind="text",
                    box=Box(x, y, w, LABEL_H - 0.2),
                    source=block.source,
                    text=block.label,
                    font="bold",
                    size=flow.label_size,
                    min_size=max(MIN_TEXT_PT, flow.label_size - 1),
                    align="left",
                    fill=block.label_fill or flow.accent,
                )
            )
            y += LABEL_H
        if block.text:
            font = block.font
            height = self.text_height(self.fill(block.text, block.source), font, self.size)
            placed.append(
                Element(
                    name=self.name("text"),
                    kind="text",
                    box=Box(x, y, w, height + _SLACK),
                    source=block.source,
                    text=block.text,
                    font=font,
                    size=self.size,
                    min_size=self.size,
                    leading=flow.leading,
                    align=block.align,  # type: ignore[arg-type]
                    valign="top",
                    wrap=True,
                    fill=block.fill or (flow.accent if font == "bold" else flow.ink),
                )
            )
            y += height + _SLACK
        if block.art:
            h = block.art_height
            placed.append(
                Element(
                    name=self.name("art"),
                    kind="art",
                    box=Box(x + (w - h) / 2, y + 0.5, h, h),
                    source=block.source,
                    src=block.art,
                )
            )
            y += h + 0.5
        return placed, y - top

    def lay(
        self, sides: Sequence[Side], own_faces: bool, breaks: frozenset[int] = frozenset()
    ) -> list[_Face]:
        """The faces the sides fill: each side on a face of its own (``own_faces``), or
        carrying on where the one before ended, under a heading of its title; a block in
        ``breaks`` (by ``id``) starts a new face."""
        for side in sides:
            face = self.faces[-1] if self.faces and not own_faces else None
            first = True
            for original in side.blocks:
                block = original
                if first and face is not None and not block.heading:
                    # A side that carries on: its title becomes the heading of its first block.
                    block = replace(block, heading=side.title)
                elements, height = self.block_elements(block, face.bottom if face else 0.0)
                full = face is None or face.bottom + height > self.limit + 1e-6
                if full or id(original) in breaks:
                    face = self.new_face(side, continued=not first, heading=original.heading)
                    # A heading that became the face's title is not printed twice.
                    block = original if first else replace(original, heading="")
                    elements, height = self.block_elements(block, face.bottom)
                    if face.bottom + height > self.limit + 1e-6:
                        raise PnpError.single(
                            f"this block does not fit on one side of the aid even at "
                            f"{self.size:g} pt",
                            block.source.path,
                            block.source.line,
                        )
                assert face is not None
                face.elements += elements
                face.bottom += height + self.flow.gap
                face.blocks.append((id(original), height))
                first = False
        return self.faces


def _check_when(
    conditions: Sequence[str], source: SourceRef, line: int | None, values: Mapping[str, object]
) -> None:
    """A condition naming no field of the kit (a misspelt variant) is a located error."""
    for condition in conditions:
        for term in condition.split("|"):
            field = term.strip().removeprefix("!").partition("=")[0].strip()
            if field not in values:
                known = ", ".join(sorted(values))
                raise PnpError.single(
                    f"'when' names unknown field '{field}' (fields: {known})",
                    source.path,
                    line or source.line,
                )


def _visible(flow: Flow, values: Mapping[str, object]) -> list[Side]:
    sides = []
    for side in flow.sides:
        _check_when(side.when, side.source, side.when_line, values)
        for block in side.blocks:
            _check_when(block.when, block.source, block.when_line, values)
        if not conditions_hold(side.when, values):
            continue
        blocks = tuple(b for b in side.blocks if conditions_hold(b.when, values))
        if blocks:
            sides.append(replace(side, blocks=blocks))
    return sides


def _sizes(flow: Flow) -> list[float]:
    sizes, size = [], flow.size
    while size >= max(flow.min_size, MIN_TEXT_PT) - 1e-9:
        sizes.append(round(size, 2))
        size -= _STEP
    return sizes


def _balanced(blocks: Sequence[tuple[int, float]]) -> int:
    """The index of the block before which a face's blocks split into two halves of the most
    nearly equal height (at least one block on each side)."""
    total = sum(height for _, height in blocks)
    above = 0.0
    best, best_gap = 1, total
    for index in range(1, len(blocks)):
        above += blocks[index - 1][1]
        gap = abs(total - 2 * above)
        if gap < best_gap:
            best, best_gap = index, gap
    return best


def paginate(flow: Flow, values: Mapping[str, object]) -> list[list[Element]]:
    """The generated elements of every face of the aid, in print order (front and back of
    the first card, then of the next): one card at the largest size that lets it hold
    everything, else as few cards as the flow's own size needs."""
    sides = _visible(flow, values)
    if not sides:
        return [[], []]
    for size in _sizes(flow):
        faces = _Composer(flow, values, size, numbered=False).lay(sides, own_faces=True)
        if len(faces) <= 2:
            break
    else:
        best: tuple[list[_Face], bool] | None = None
        for own in (True, False):
            faces = _Composer(flow, values, flow.size, numbered=True).lay(sides, own)
            if best is None or (len(faces) + 1) // 2 < (len(best[0]) + 1) // 2:
                best = (faces, own)
        assert best is not None
        faces, own = best
        if len(faces) % 2 and len(faces[-1].blocks) > 1:
            # The last card's back would be blank: share the last face's blocks with it.
            split = _balanced(faces[-1].blocks)
            again = _Composer(flow, values, flow.size, numbered=True)
            spread = again.lay(sides, own, frozenset({faces[-1].blocks[split][0]}))
            if len(spread) == len(faces) + 1:
                faces = spread
    pages = [face.elements for face in faces]
    if len(pages) % 2:
        pages.append([])
    cards = len(pages) // 2
    if cards > 1:
        for index, elements in enumerate(pages):
            text = flow.numbering.replace("{card}", str(index // 2 + 1))
            text = text.replace("{cards}", str(cards))
            elements.append(
                Element(
                    name=f"aid-number-{index}",
                    kind="text",
                    box=flow.numbering_box,
                    source=SourceRef(flow.path, 1),
                    text=text,
                    size=MIN_TEXT_PT,
                    align="right",
                    fill=flow.ink,
                )
            )
    return pages


def compose(
    flow: Flow, front: Layout, back: Layout, values: Mapping[str, object]
) -> list[tuple[Layout, Layout]]:
    """Front and back layout of every card of the aid: the frames with the flow's words."""
    pages = paginate(flow, values)
    cards = []
    for index in range(0, len(pages), 2):
        cards.append(
            (
                replace(front, elements=(*front.elements, *pages[index]), flow=None),
                replace(back, elements=(*back.elements, *pages[index + 1]), flow=None),
            )
        )
    return cards
