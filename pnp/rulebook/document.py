"""Lay out a parsed rulebook with reportlab platypus: cover, contents, chapters, examples.

The layout knows the markup blocks and the shared example model, never a
particular game: the game's templates decide the words, the spec tables the
components, the engine the examples.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import ActionFlowable, LayoutError
from reportlab.platypus.tableofcontents import TableOfContents

from pnp import __version__
from pnp.base.errors import PnpError
from pnp.base.units import mm
from pnp.draw.art import Art, draw_art
from pnp.draw.fonts import font_name, register_all
from pnp.example_model import CardPicture, Example
from pnp.example_model.figures import MapFigure, RowFigure, TableFigure
from pnp.language import Language
from pnp.layout.game_data import GameData
from pnp.rulebook.figures import FigureRow
from pnp.rulebook.fit import NATURAL, Fit, Measure, choose_fit
from pnp.rulebook.keep import keep_headings
from pnp.rulebook.markup import (
    PRINTED_RULE_TAG,
    RULE_TAG_MARKUP,
    Block,
    Directive,
    Heading,
    ListBlock,
    Note,
    inline,
)
from pnp.rulebook.markup import Paragraph as TextBlock
from pnp.rulebook.pictures import Captioned, CardArtist, CardStrip
from pnp.rulebook.placement import place_examples
from pnp.rulebook.styles import MUTED, NOTE_FILL, RulebookStyles, make_styles
from pnp.rulebook.table_figure import TableFlowable
from pnp.spec.model import Component

_MARKUP_CHARS = re.compile(r"\*+")
"""Emphasis marks, dropped from headings in the outline."""

MARGIN_MM = 14.0
"""Page margin on every side; the booklet's outer edges meet the paper edge, so keep it generous."""

FOOTER_MM = 8.0
COMPONENT_CARD_MM = 17.0
SMALL_CARD_MM = 11.5
LONG_TABLE = 12
"""Tables with more rows than this are summarised instead of listed card by card."""
EXAMPLE_CARD_MM = 11.0
EXAMPLE_CARDS_COLUMN_MM = 42.0
FIGURE_MM = 38.0
"""Height of the figures (maps, card rows) under an example's step."""
BOX_CARD_MM = 15.0
BOX_CELL_MM = 30.0
"""Width of one kind of card in "Wat zit erin?" (the picture and its caption)."""
BOX_KINDS = 8
"""A component with more differently named cards than this shows one picture for all."""
LIST_TAIL = 2
"""Items at each end of a list that stay together on one page."""
SETUP_MM = 95.0
SETUP_MAP_MM = 60.0
"""Most height of a setup figure: the table, the map."""
CHAPTER_ROOM_MM = 45.0
"""A chapter starts on a new page unless this much of the page is left (at natural spacing)."""


@dataclass(frozen=True)
class Cover:
    """What the title page shows."""

    title: str
    tagline: str
    facts: str
    variants: str
    art: Art | None


@dataclass(frozen=True)
class RulebookContent:
    """Everything the layout needs: parsed blocks plus the generated parts they refer to."""

    blocks: Sequence[Block]
    cover: Cover
    components: Sequence[Component]
    examples: Sequence[Example]
    data: GameData
    chosen: tuple[str, ...]
    accent: str
    proof: bool = False
    """The proofreading edition: rule IDs, each example's source and each sentence's claim
    are printed. The family edition (``False``) leaves them out."""
    setup: Sequence[TableFigure | MapFigure] = ()
    """The figures ``::opzet`` draws: the table at the start, the map."""


@dataclass(frozen=True)
class LaidOut:
    """A laid-out rulebook: the PDF, its page count and how it was fitted to its pages."""

    pdf: bytes
    pages: int
    fit: Fit = NATURAL
    last_fill: float = 1.0
    """Share of the text column the last page of text fills (the page before the back cover)."""
    sections: int = 0
    """Its sections (level 1 and 2 headings before the back cover)."""


class _Heading(Paragraph):  # type: ignore[misc]
    """A heading paragraph that remembers its level and bookmark key for the contents."""

    def __init__(
        self, text: str, style: object, level: int, key: str, plain: str, listed: bool = True
    ) -> None:
        super().__init__(text, style)
        self.listed = listed
        """False on the back cover: its quick reference repeats chapter names, so only its
        title goes into the PDF outline and nothing into the contents."""
        self.level = level
        self.key = key
        self.plain = plain
        """The title without markup, for the contents and the PDF outline."""
        self.starts_page = False
        """True when the section starts a new page (a fit's break; see :class:`Fit`)."""


class _ArtFlowable(Flowable):  # type: ignore[misc]
    """One SVG drawing, scaled to a width and centred in the frame."""

    def __init__(self, art: Art, width_mm: float) -> None:
        super().__init__()
        self.art = art
        self.width = mm(width_mm)
        self.height = self.width * art.height / art.width

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self._offset = (availWidth - self.width) / 2
        return availWidth, self.height

    def draw(self) -> None:
        """Draw the art at its scaled size."""
        canvas: Canvas = self.canv
        canvas.saveState()
        canvas.translate(self._offset, 0)
        canvas.scale(self.width / self.art.width, self.height / self.art.height)
        draw_art(canvas, self.art)
        canvas.restoreState()


class _Contents(TableOfContents):  # type: ignore[misc]
    """The table of contents, which can start from the entries an earlier layout found."""

    provisional = False
    """True while the entries are the titles under made-up page numbers: the pass that
    finds the real numbers is then the only one (see :func:`lay_out`)."""

    def seed(self, entries: list[tuple[object, ...]], provisional: bool = False) -> None:
        """Lay out with ``entries`` from the start.

        ReportLab compares the entries a pass collects (``_entries``) with the last
        pass's (``_lastEntries``) and copies the former over the latter before each
        pass, so both are seeded: the settled document then needs a single pass.
        """
        self._lastEntries = list(entries)
        self._entries = list(entries)
        self.provisional = provisional

    def isSatisfied(self) -> bool:
        """Settled when a pass found the entries it started from, or after a provisional pass."""
        return self.provisional or bool(super().isSatisfied())

    def entries(self) -> list[tuple[object, ...]]:
        """The entries the last pass found."""
        return list(self._entries)


def _provisional_entries(story: Sequence[Flowable]) -> list[tuple[object, ...]]:
    """The contents entries the story will register (see ``_Document.afterFlowable``), each
    under page 0: every listed heading of level 1 or 2, in story order."""
    entries: list[tuple[object, ...]] = []
    for flowable in story:
        if isinstance(flowable, KeepTogether):
            entries += _provisional_entries(flowable._content)
        elif isinstance(flowable, _Heading) and flowable.level <= 2 and flowable.listed:
            entries.append((flowable.level - 1, flowable.plain, 0, flowable.key))
    return entries


class _SketchCanvas(Canvas):  # type: ignore[misc]
    """The canvas of a layout pass that only finds page numbers: its PDF is not written."""

    def save(self) -> None:
        """Write nothing."""


class _Document(BaseDocTemplate):  # type: ignore[misc]
    """Two page templates (cover and body); headings feed the contents and the PDF outline."""

    def __init__(
        self,
        target: io.BytesIO,
        width_mm: float,
        height_mm: float,
        title: str,
        accent: str,
        subject: str,
    ) -> None:
        self.accent = HexColor(accent)
        self.lowest: dict[int, float] = {}
        """Per page (from 1), the lowest point the text column was filled to, in points."""
        super().__init__(
            target,
            pagesize=(mm(width_mm), mm(height_mm)),
            leftMargin=mm(MARGIN_MM),
            rightMargin=mm(MARGIN_MM),
            topMargin=mm(MARGIN_MM),
            bottomMargin=mm(MARGIN_MM),
            title=title,
            author="pnp",
            subject=subject,
            creator=f"pnp {__version__}",
            invariant=1,
            pageCompression=1,
            initialFontName=font_name("regular"),
            initialFontSize=10,
        )
        # No frame padding: the margins alone decide where text starts, and tables as
        # wide as the frame fit it exactly.
        frame = Frame(
            self.leftMargin,
            self.bottomMargin,
            self.width,
            self.height,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id="body",
        )
        self.addPageTemplates(
            [
                PageTemplate("cover", [frame], onPage=self._settings),
                PageTemplate("body", [frame], onPage=self._footer),
                PageTemplate("back", [frame], onPage=self._back_cover),
            ]
        )

    def _settings(self, canvas: Canvas, _doc: object) -> None:
        canvas.setViewerPreference("PrintScaling", "None")

    def _footer(self, canvas: Canvas, doc: object) -> None:
        self._settings(canvas, doc)
        canvas.saveState()
        canvas.setFont(font_name("regular"), 8)
        canvas.setFillColor(MUTED)
        canvas.drawCentredString(self.pagesize[0] / 2, mm(FOOTER_MM), str(canvas.getPageNumber()))
        canvas.restoreState()

    def _back_cover(self, canvas: Canvas, doc: object) -> None:
        """The back cover: a tinted page in a frame of the accent colour, no page number."""
        self._settings(canvas, doc)
        width, height = self.pagesize
        inset = mm(MARGIN_MM) / 2
        canvas.saveState()
        canvas.setFillColor(NOTE_FILL)
        canvas.rect(0, 0, width, height, stroke=0, fill=1)
        canvas.setStrokeColor(self.accent)
        canvas.setLineWidth(2.5)
        canvas.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, mm(3), 1, 0)
        canvas.restoreState()

    def fill(self, page: int) -> float:
        """Share of the text column that page ``page`` (from 1) fills."""
        frame = self.pageTemplate.frames[0]
        top = float(frame._y1 + frame._height)
        return min(1.0, (top - self.lowest.get(page, top)) / float(frame._height))

    def afterFlowable(self, flowable: object) -> None:
        """Note how far down the page is filled; register level 1 and 2 headings as contents
        entries and PDF bookmarks."""
        if not isinstance(flowable, ActionFlowable | Spacer):
            self.lowest[self.page] = min(self.frame._y, self.lowest.get(self.page, self.frame._y))
        if not isinstance(flowable, _Heading) or flowable.level > 2:
            return
        level = flowable.level - 1
        if not flowable.listed and level > 0:
            return
        self.canv.bookmarkPage(flowable.key)
        self.canv.addOutlineEntry(flowable.plain, flowable.key, level, closed=level > 0)
        if flowable.listed:
            self.notify("TOCEntry", (level, flowable.plain, self.page, flowable.key))


class _StoryBuilder:
    """Turns blocks and directives into platypus flowables."""

    def __init__(
        self,
        content: RulebookContent,
        frame_width: float,
        frame_height: float,
        fit: Fit = NATURAL,
    ) -> None:
        self.content = content
        self.words = content.data.spec.language
        self.fit = fit
        self.styles: RulebookStyles = make_styles(
            content.accent, fit=fit, hyphenation=content.data.spec.language.hyphenation
        )
        self.artist = CardArtist(content.data, content.chosen)
        self.frame_width = frame_width
        self.frame_height = frame_height
        self.headings = 0
        self.sections = 0
        """Level 1 and 2 headings before the back cover so far (sections a fit may break before)."""
        self.back = False
        """True once the story reaches the back cover."""
        self.toc: _Contents | None = None

    def gap(self, height_mm: float) -> Spacer:
        """Vertical space of ``height_mm`` at the natural spacing, as tight as the fit says."""
        return Spacer(0, mm(height_mm * self.fit.space))

    def figure(self, size_mm: float) -> float:
        """A picture's size of ``size_mm`` at the natural spacing, in points, as the fit says."""
        return mm(size_mm * self.fit.figures)

    def heading(self, level: int, plain: str) -> list[Flowable]:
        """A heading from plain text (its inline markup is rendered, the outline gets it bare)."""
        self.headings += 1
        style = {1: self.styles.h1, 2: self.styles.h2}.get(level, self.styles.h3)
        bare = _MARKUP_CHARS.sub("", plain)
        key = f"h{self.headings}"
        heading = _Heading(inline(plain), style, level, key, bare, not self.back)
        flow: list[Flowable] = [heading]
        if level <= 2 and not self.back:
            heading.starts_page = self.sections in self.fit.breaks
            self.sections += 1
        if level == 1:
            return [CondPageBreak(mm(CHAPTER_ROOM_MM * self.fit.space)), *flow]
        return flow

    def text(self, markup: str, style: object) -> Paragraph:
        """A paragraph of markup; the family edition drops the rule IDs written inline."""
        if not self.content.proof:
            markup = PRINTED_RULE_TAG.sub("", markup)
        return Paragraph(markup, style)

    def paragraph(self, block: TextBlock, style: object | None = None) -> Paragraph:
        text = block.text
        if block.rules and self.content.proof:
            tags = ", ".join(block.rules)
            text += " " + RULE_TAG_MARKUP.replace("\\1", tags)
        return self.text(text, style or self.styles.body)

    def story(self) -> list[Flowable]:
        self.headings = 0
        self.sections = 0
        self.back = False
        flow: list[Flowable] = []
        placed, self.unplaced = place_examples(self.content.blocks, self.content.examples)
        for index, block in enumerate(self.content.blocks):
            for example in placed.get(index, ()):
                flow += self.example(example)
            if isinstance(block, Heading):
                flow += self.heading(block.level, block.text)
            elif isinstance(block, TextBlock):
                flow.append(self.paragraph(block))
            elif isinstance(block, ListBlock):
                flow += self.list_block(block)
            elif isinstance(block, Note):
                flow.append(self.note(block))
            else:
                flow += self.directive(block)
        for example in placed.get(len(self.content.blocks), ()):
            flow += self.example(example)
        line = float(self.styles.body.leading)
        return keep_headings(
            flow,
            lambda f: isinstance(f, _Heading),
            self.frame_height,
            line,
            lambda f: isinstance(f, _Heading) and f.starts_page,
        )

    def list_block(self, block: ListBlock) -> list[Flowable]:
        """A list whose first two and last two items stay together: a page never ends with a
        lone first item or opens with a lone last one."""
        items = [ListItem(self.paragraph(item, self.styles.item)) for item in block.items]
        after, ordered = self.styles.body.spaceAfter, block.ordered
        if len(items) <= 2 * LIST_TAIL:
            return [KeepTogether([self._list(items, 1, after, ordered)])]
        head, middle, tail = items[:LIST_TAIL], items[LIST_TAIL:-LIST_TAIL], items[-LIST_TAIL:]
        flow: list[Flowable] = [KeepTogether([self._list(head, 1, 0, ordered)])]
        if middle:
            flow.append(self._list(middle, LIST_TAIL + 1, 0, ordered))
        first_of_tail = len(items) - LIST_TAIL + 1
        flow.append(KeepTogether([self._list(tail, first_of_tail, after, ordered)]))
        return flow

    def _list(
        self, items: list[ListItem], first: int, space_after: float, ordered: bool
    ) -> ListFlowable:
        return ListFlowable(
            items,
            bulletType="1" if ordered else "bullet",
            start=first if ordered else "•",
            bulletFontName=font_name("bold" if ordered else "regular"),
            bulletFontSize=self.styles.body.fontSize,
            bulletColor=self.styles.accent,
            leftIndent=mm(5),
            spaceAfter=space_after,
        )

    def note(self, block: Note) -> Table:
        table = Table(
            [[self.paragraph(block.text, self.styles.note)]], colWidths=[self.frame_width]
        )
        table.setStyle(
            _table_style(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), NOTE_FILL),
                    ("LINEBEFORE", (0, 0), (0, -1), 2, self.styles.accent),
                    ("LEFTPADDING", (0, 0), (-1, -1), mm(3)),
                    ("RIGHTPADDING", (0, 0), (-1, -1), mm(3)),
                    ("TOPPADDING", (0, 0), (-1, -1), mm(2 * self.fit.space)),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), mm(2.5 * self.fit.space)),
                ]
            )
        )
        table.spaceAfter = self.styles.body.spaceAfter
        return table

    def directive(self, block: Directive) -> list[Flowable]:
        if block.name == "title":
            return self.cover()
        if block.name == "toc":
            return self.contents()
        if block.name in ("components", "gallery"):
            return self.components()
        if block.name == "box":
            return self.box()
        if block.name == "opzet":
            return self.setup()
        if block.name == "examples":
            return self.unplaced_examples()
        if block.name == "backcover":
            self.back = True
            return [NextPageTemplate("back"), PageBreak()]
        if block.name == "pagebreak":
            return [PageBreak()]
        if block.name == "anchor":  # names a section for the studio; prints nothing
            return []
        return [self.cards(block)]

    def cover(self) -> list[Flowable]:
        cover, styles = self.content.cover, self.styles
        flow: list[Flowable] = [
            Spacer(0, mm(18)),
            Paragraph(inline(cover.title), styles.cover_title),
        ]
        flow += [Spacer(0, mm(4)), Paragraph(inline(cover.tagline), styles.cover_line)]
        if cover.art is not None:
            flow += [Spacer(0, mm(12)), _ArtFlowable(cover.art, 60), Spacer(0, mm(12))]
        flow.append(Paragraph(inline(cover.facts), styles.cover_line))
        if cover.variants:
            flow.append(Paragraph(inline(cover.variants), styles.cover_line))
        return [*flow, NextPageTemplate("body"), PageBreak()]

    def contents(self) -> list[Flowable]:
        toc = _Contents(dotsMinLevel=0, tableStyle=_table_style([]))
        toc.levelStyles = list(self.styles.toc_levels)
        self.toc = toc
        return [Paragraph(self.words.label("contents"), self.styles.h1), toc]

    def components(self) -> list[Flowable]:
        flow: list[Flowable] = []
        backs_shown: set[str] = set()
        for comp in self.content.components:
            rows = _row_summary(comp, self.words)
            cards = [Captioned(CardPicture(comp.id, row.id), f"{row.count}×") for row in comp.rows]
            if comp.back and comp.back not in backs_shown:
                backs_shown.add(comp.back)
                cards.append(
                    Captioned(
                        CardPicture(comp.id, comp.rows[0].id), self.words.label("back"), back=True
                    )
                )
            part = self.heading(3, f"{comp.card_count} {comp.name}")
            part.append(self.paragraph(TextBlock(inline(rows) + ".", comp.rules)))
            # Big tables get smaller pictures so a deck still fits about one page.
            # Set tighter, they shrink, but never below the small size (its captions fit it).
            width = max(COMPONENT_CARD_MM * self.fit.figures, SMALL_CARD_MM)
            if len(cards) > 18:
                width = SMALL_CARD_MM
            part.append(CardStrip(self.artist, cards, width, frame_height=self.frame_height))
            # A component's title, words and cards stay on one page when they fit one.
            flow += [KeepTogether(part), self.gap(3)]
        return flow

    def box(self) -> list[Flowable]:
        """What is in the box: one picture per kind of card with its count and name."""
        cells: list[list[Flowable]] = []
        for comp in self.content.components:
            for picture, caption in _kinds(comp):
                strip = CardStrip(self.artist, [Captioned(picture)], BOX_CARD_MM * self.fit.figures)
                cells.append([strip, Paragraph(inline(caption), self.styles.caption)])
        if not cells:
            return []
        per_row = max(1, int(self.frame_width // mm(BOX_CELL_MM)))
        width = self.frame_width / per_row
        rows = [cells[i : i + per_row] for i in range(0, len(cells), per_row)]
        rows[-1] += [[]] * (per_row - len(rows[-1]))
        table = Table(rows, colWidths=[width] * per_row)
        table.setStyle(
            _table_style(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                    ("LEFTPADDING", (0, 0), (-1, -1), mm(1)),
                    ("RIGHTPADDING", (0, 0), (-1, -1), mm(1)),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), mm(2.5 * self.fit.space)),
                ]
            )
        )
        # The whole grid moves to the next page rather than leave a lone card behind.
        return [KeepTogether([table]), self.gap(2)]

    def setup(self) -> list[Flowable]:
        """The setup figures: each table figure across the column, maps side by side."""
        flow: list[Flowable] = [self.gap(2)] if self.content.setup else []
        maps = tuple(f for f in self.content.setup if isinstance(f, MapFigure))
        for figure in self.content.setup:
            if isinstance(figure, TableFigure):
                for place in figure.places:
                    for card in place.cards:
                        self.artist.check(card.picture)
                flow += [TableFlowable(self.artist, figure, self.figure(SETUP_MM)), self.gap(3)]
        if maps:
            height = self.figure(SETUP_MAP_MM)
            row = FigureRow(self.artist, maps, self.frame_width, height, centred=True)
            flow += [row, self.gap(3)]
        return flow

    def cards(self, block: Directive) -> Flowable:
        pictures: list[Captioned] = []
        for arg in block.args:
            component, _, row = arg.partition("/")
            picture = CardPicture(component, row)
            self.artist.check(picture)
            pictures.append(Captioned(picture))
        return CardStrip(self.artist, pictures, COMPONENT_CARD_MM)

    def unplaced_examples(self) -> list[Flowable]:
        """The examples no rule of the book anchors, in a chapter of their own."""
        if not self.unplaced:
            return []
        flow = self.heading(1, self.words.label("more_examples"))
        for example in self.unplaced:
            flow += self.example(example)
        return flow

    def example(self, example: Example) -> list[Flowable]:
        """One worked example: its title, the situation, a row per step, figures under steps."""
        flow: list[Flowable] = []
        styles = self.styles
        text_width = self.frame_width - mm(EXAMPLE_CARDS_COLUMN_MM)
        opening = [*self.heading(3, self.words.label("example_title", title=example.title))]
        opening.append(self.text(inline(example.intro), styles.body))
        for number, step in enumerate(example.steps):
            style = styles.automatic if step.automatic else styles.step
            text: Paragraph | list[Paragraph] = self.text(inline(step.text), style)
            if self.content.proof and step.claim is not None:
                text = [text, Paragraph(_claim_markup(step.claim, self.words), styles.small)]
            if step.cards:
                for picture in step.cards:
                    self.artist.check(picture)
                strip = CardStrip(
                    self.artist,
                    [Captioned(c) for c in step.cards],
                    EXAMPLE_CARD_MM * self.fit.figures,
                    overlap=0.55,
                )
                row = Table([[text, strip]], colWidths=[text_width, mm(EXAMPLE_CARDS_COLUMN_MM)])
            else:
                row = Table([[text, ""]], colWidths=[text_width, mm(EXAMPLE_CARDS_COLUMN_MM)])
            row.setStyle(_table_style(_step_commands(self.fit)))
            if step.figures:
                figures = tuple(f for f in step.figures if isinstance(f, MapFigure | RowFigure))
                # A sentence and the figure it describes share a page.
                figure = FigureRow(self.artist, figures, self.frame_width, self.figure(FIGURE_MM))
                part: Flowable = KeepTogether([row, self.gap(1.5), figure, self.gap(2)])
            else:
                part = row
            if number == 0:
                # The title, the situation and the first step open the example together.
                flow.append(KeepTogether([*opening, part]))
            else:
                flow.append(part)
        if not example.steps:
            flow.append(KeepTogether(opening))
        if example.outro:
            flow.append(self.gap(1.5))
            flow.append(self.text(inline(example.outro), styles.body))
        if self.content.proof:
            played = example.played_under(self.words)
            trace = self.words.label("proof_source", source=example.source, played=played)
            if example.rules:
                rules = ", ".join(example.rules)
                trace = self.words.label("proof_rules", rules=rules, trace=trace)
            trace_line = Paragraph(inline(trace), styles.small)
            flow.append(KeepTogether([self.gap(1), trace_line]))
        flow.append(self.gap(3))
        return flow


def _claim_markup(claim: object, words: Language) -> str:
    """A sentence's claim as the proofreading edition prints it (the event its action caused,
    the phrase, each fact and its value), checked by the engine."""
    return f"<i>{words.label('proof_checked')}</i> {escape(str(claim), quote=False)}"


def _table_style(commands: list[tuple[object, ...]]) -> TableStyle:
    """A table style whose cells default to our font (reportlab's default is Helvetica)."""
    return TableStyle([("FONT", (0, 0), (-1, -1), font_name("regular"), 9.5), *commands])


def _step_commands(fit: Fit) -> list[tuple[object, ...]]:
    """The style of an example's step: text and cards side by side, a thin line under them."""
    return [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (0, -1), mm(3)),
        ("RIGHTPADDING", (1, 0), (1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), mm(0.8 * fit.space)),
        ("BOTTOMPADDING", (0, 0), (-1, -1), mm(0.8 * fit.space)),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, HexColor("#E4DDD2")),
    ]


def _by_name(comp: Component) -> dict[str, tuple[CardPicture, int]]:
    """The component's rows grouped by the name they show: the first row's picture and the
    count of all of them (copies that differ only on the back, or in a detail the name does
    not show, are one kind)."""
    by_name: dict[str, tuple[CardPicture, int]] = {}
    for row in comp.rows:
        name = comp.name_of(row)
        picture, count = by_name.get(name, (CardPicture(comp.id, row.id), 0))
        by_name[name] = (picture, count + row.count)
    return by_name


def _kinds(comp: Component) -> list[tuple[CardPicture, str]]:
    """One picture per kind of card of a component (cards sharing a name), with its caption.

    A component of many differently named cards (a numbered deck) is one kind.
    """
    by_name = _by_name(comp)
    if len(by_name) > BOX_KINDS or len(by_name) == 1:
        return [(CardPicture(comp.id, comp.rows[0].id), f"**{comp.card_count}×** {comp.name}")]
    return [(picture, f"**{count}×** {name}") for name, (picture, count) in by_name.items()]


def _row_summary(comp: Component, words: Language) -> str:
    """The rows of a component in words: each with its count, or a summary for long tables."""
    if len(comp.rows) <= LONG_TABLE:
        return ", ".join(f"{count}× {name}" for name, (_, count) in _by_name(comp).items())
    counts = {row.count for row in comp.rows}
    if len(counts) == 1:
        return words.label("kinds_each", count=len(comp.rows), each=counts.pop())
    return words.label("kinds", count=len(comp.rows))


def lay_out(
    content: RulebookContent, width_mm: float, height_mm: float, title: str, fitted: bool = False
) -> LaidOut:
    """Lay out the rulebook on pages of ``width_mm`` x ``height_mm``: the PDF and its page count.

    With ``fitted`` the book is fitted to whole booklet sheets (see :mod:`pnp.rulebook.fit`):
    laid out at its natural spacing and, when that leaves more than one blank page or a last
    page of stray lines, again as tightly as it takes. Without (the proofreading edition,
    read on screen beside the book), the natural spacing is kept.
    """
    register_all()
    natural = _lay_out_with(content, width_mm, height_mm, title, NATURAL)
    if not fitted:
        return natural

    def measure(fit: Fit) -> Measure:
        return _sketch(content, width_mm, height_mm, title, fit)

    fit = choose_fit(measure, Measure(natural.pages, natural.last_fill, natural.sections))
    if fit == NATURAL:
        return natural
    return _lay_out_with(content, width_mm, height_mm, title, fit)


def _last_fill(doc: _Document, builder: _StoryBuilder) -> float:
    """How full the last page of text is: the page before the back cover, if there is one."""
    last = doc.page - 1 if builder.back and doc.page > 1 else doc.page
    return doc.fill(last)


def _sketch(
    content: RulebookContent, width_mm: float, height_mm: float, title: str, fit: Fit
) -> Measure:
    """Measure the book laid out with ``fit``: one pass, card pictures only taking their
    space, contents under made-up page numbers (which change no height), no PDF written."""
    doc, builder, _ = _first_pass(content, width_mm, height_mm, title, fit, always=True)
    return Measure(doc.page, _last_fill(doc, builder), builder.sections)


def _first_pass(
    content: RulebookContent,
    width_mm: float,
    height_mm: float,
    title: str,
    fit: Fit,
    *,
    always: bool,
) -> tuple[_Document, _StoryBuilder, list[Flowable]]:
    """The story of the book and, where it has contents (or ``always``), one sketch pass of
    it: card pictures only take their space, every title is listed under page 0."""
    doc = _Document(io.BytesIO(), width_mm, height_mm, title, content.accent, _subject(content))
    builder = _StoryBuilder(content, doc.width, doc.height, fit)
    story = builder.story()
    if builder.toc is not None or always:
        if builder.toc is not None:
            builder.toc.seed(_provisional_entries(story), provisional=True)
        builder.artist.sketch = True
        _build(doc, story, _SketchCanvas)
    return doc, builder, story


def _build(doc: _Document, story: list[Flowable], canvasmaker: type[Canvas] = Canvas) -> None:
    """Lay ``story`` out in ``doc``; a story platypus cannot lay out is a :class:`PnpError`."""
    try:
        doc.multiBuild(story, maxPasses=8, canvasmaker=canvasmaker)
    except PnpError:
        raise
    except (LayoutError, ValueError) as exc:  # too large a flowable, or bad paragraph markup
        raise PnpError.single(f"cannot lay out the rulebook: {exc}".replace("\n", " ")) from None


def _lay_out_with(
    content: RulebookContent, width_mm: float, height_mm: float, title: str, fit: Fit
) -> LaidOut:
    """The rulebook laid out with ``fit``."""
    # The contents need the page each chapter starts on. Their height does not depend on
    # those numbers (drawn beside each title), so one pass that lists every title under
    # page 0 finds them all; card pictures do not change any size either, so that pass
    # skips drawing them, and its PDF is never written. The final document is laid out
    # from a fresh story whose contents start from the entries found (seeded as both the
    # last and the current pass's, so it takes one pass; were a title missed, platypus
    # would simply take more).
    doc, builder, story = _first_pass(content, width_mm, height_mm, title, fit, always=False)
    if builder.toc is not None:
        entries = builder.toc.entries()
        builder.artist.sketch = False
        story = builder.story()
        builder.toc.seed(entries)
    # Without contents (the family edition) one pass lays out the final document.
    buffer = io.BytesIO()
    doc = _Document(buffer, width_mm, height_mm, title, content.accent, _subject(content))
    _build(doc, story)
    return LaidOut(buffer.getvalue(), doc.page, fit, _last_fill(doc, builder), builder.sections)


def _subject(content: RulebookContent) -> str:
    """The subject a PDF viewer shows for the rulebook."""
    return content.data.spec.language.label("pdf_subject")
