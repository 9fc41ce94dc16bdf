"""Paragraph styles of the rulebook: Lato for text, Comfortaa for titles, one accent colour."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily

from pnp.draw.fonts import font_name
from pnp.rulebook.fit import LEADING, NATURAL, Fit

INK = HexColor("#2B2118")
MUTED = HexColor("#6B625A")
NOTE_FILL = HexColor("#F6F1E7")
HYPHENATE_FROM = 8
"""Letters a word needs before it may be hyphenated."""


@dataclass(frozen=True)
class RulebookStyles:
    """Every paragraph style the layout uses, derived from one body size and an accent colour."""

    body: ParagraphStyle
    item: ParagraphStyle
    note: ParagraphStyle
    step: ParagraphStyle
    automatic: ParagraphStyle
    small: ParagraphStyle
    caption: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    cover_title: ParagraphStyle
    cover_line: ParagraphStyle
    toc_levels: tuple[ParagraphStyle, ...]
    accent: Color


def make_styles(
    accent: str, body_size: float = 9.5, fit: Fit = NATURAL, hyphenation: str = "nl_NL"
) -> RulebookStyles:
    """Styles for a rulebook whose headings use ``accent`` (a ``#rrggbb`` colour), its lines
    and the space between its blocks set as ``fit`` says (type sizes never change)."""
    regular, bold, italic = font_name("regular"), font_name("bold"), font_name("italic")
    # <b> and <i> inside paragraphs pick these faces.
    registerFontFamily(regular, normal=regular, bold=bold, italic=italic, boldItalic=bold)
    colour = HexColor(accent)
    leading = body_size * fit.leading
    space = body_size * fit.space
    body = ParagraphStyle(
        "body",
        fontName=regular,
        fontSize=body_size,
        leading=leading,
        textColor=INK,
        spaceAfter=space * 0.55,
        # Dutch compounds are long: hyphenate them (pyphen's nl_NL patterns) rather than
        # leave gaping lines, and never strand one line of a paragraph on a page.
        hyphenationLang=hyphenation,
        allowWidows=0,
        allowOrphans=0,
        # ReportLab may squeeze spaces by 5 %, which on ragged-right text only makes a
        # line run past the column edge.
        spaceShrinkage=0,
    )
    item = ParagraphStyle("item", parent=body, spaceAfter=space * 0.25)
    note = ParagraphStyle("note", parent=body, spaceAfter=0)
    step = ParagraphStyle("step", parent=body, spaceAfter=0)
    automatic = ParagraphStyle("automatic", parent=step, fontName=italic, textColor=MUTED)
    small = ParagraphStyle("small", parent=body, fontSize=7, leading=9, textColor=MUTED)
    caption = ParagraphStyle(
        "caption", parent=body, fontSize=7.5, leading=9, alignment=TA_CENTER, spaceBefore=2
    )
    h1 = ParagraphStyle(
        "h1",
        fontName=font_name("display"),
        fontSize=body_size * 1.75,
        leading=body_size * 2.2,
        textColor=colour,
        spaceBefore=space * 0.8,
        spaceAfter=space * 0.6,
    )
    h2 = ParagraphStyle(
        "h2",
        fontName=font_name("black"),
        fontSize=body_size * 1.25,
        leading=body_size * 1.6,
        textColor=INK,
        spaceBefore=space * 0.7,
        spaceAfter=space * 0.35,
    )
    h3 = ParagraphStyle(
        "h3",
        fontName=bold,
        fontSize=body_size * 1.05,
        leading=leading,
        textColor=colour,
        spaceBefore=space * 0.5,
        spaceAfter=space * 0.2,
    )
    cover_title = ParagraphStyle(
        "cover-title",
        fontName=font_name("display"),
        fontSize=body_size * 3.2,
        leading=body_size * 3.8,
        textColor=colour,
        alignment=TA_CENTER,
    )
    cover_line = ParagraphStyle(
        "cover-line",
        parent=body,
        alignment=TA_CENTER,
        fontSize=body_size * 1.2,
        leading=body_size * LEADING * 1.3,
        # A cover line breaks between words only: "Remisere-/gel" is no title.
        hyphenationLang="",
    )
    toc_levels = (
        ParagraphStyle("toc1", parent=body, fontName=bold, leftIndent=0, spaceAfter=1),
        ParagraphStyle("toc2", parent=body, leftIndent=body_size * 1.4, spaceAfter=0),
    )
    for style in (body, item, note, step, automatic, small, caption):
        # Short words are never split: "la-ter" reads worse than a ragged line.
        style.hyphenationMinWordLength = HYPHENATE_FROM
    return RulebookStyles(
        body=body,
        item=item,
        note=note,
        step=step,
        automatic=automatic,
        small=small,
        caption=caption,
        h1=h1,
        h2=h2,
        h3=h3,
        cover_title=cover_title,
        cover_line=cover_line,
        toc_levels=toc_levels,
        accent=colour,
    )
