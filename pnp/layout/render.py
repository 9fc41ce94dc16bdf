"""The one generic renderer: draws any layout for any card row into a PDF form.

Forms are defined once per PDF and reused: a card face for every copy of a row,
each piece of art for every face that shows it, a card back for every back.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnp.base.errors import PnpError
from pnp.base.ink import Ink
from pnp.base.units import mm
from pnp.draw.art import ArtLibrary, draw_art
from pnp.draw.fonts import font_name
from pnp.draw.forms import end_form
from pnp.language.template import fill_template, template_fields
from pnp.layout.ink import (
    ART_FILL_STRENGTH,
    ART_LINE_SCALE,
    OUTLINE_PT,
    PAPER_WHITE,
    TEXT_OUTLINE,
    LowInk,
)
from pnp.layout.model import MIN_TEXT_PT, TURNABLE_NUMERALS, Element, Layout, conditions_hold
from pnp.spec.model import CardRow

UNDERLINE = 0.08
"""Thickness of a numeral's underline, as a share of its size."""
_FORM_NAME = re.compile(r"[^A-Za-z0-9_.\-]")
_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")


class FormCache:
    """Defines each named form XObject once per canvas."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.defined: set[str] = set()

    def use(self, name: str, width: float, height: float, draw: Callable[[Canvas], None]) -> str:
        """Make sure form ``name`` (size in points) exists, drawing it on first use."""
        name = _FORM_NAME.sub("_", name)
        if name not in self.defined:
            self.canvas.beginForm(name, 0, 0, width, height)
            draw(self.canvas)
            end_form(self.canvas, name)
            self.defined.add(name)
        return name


@dataclass(frozen=True)
class FaceContext:
    """Everything a layout may read besides the row: the palette and game-level names."""

    colours: Mapping[str, str]
    values: Mapping[str, object]
    ink: Ink = Ink.NORMAL
    """The edition the faces are drawn for (see :mod:`pnp.layout.ink`)."""


class FaceRenderer:
    """Renders layouts into forms of the bleed box's size (origin at the bleed's bottom-left)."""

    def __init__(self, forms: FormCache, art: ArtLibrary) -> None:
        self.forms = forms
        self.art = art

    def face(self, key: str, layout: Layout, row: CardRow | None, ctx: FaceContext) -> str:
        """The form name of ``layout`` filled with ``row``; drawn the first time it is asked for."""
        width = mm(layout.width + 2 * layout.bleed)
        height = mm(layout.height + 2 * layout.bleed)
        values: dict[str, object] = dict(ctx.values)
        if row is not None:
            values.update(row.fields)
            values["count"] = row.count
        drawer = _FaceDrawer(self, layout, row, ctx, values)
        return self.forms.use(key, width, height, drawer.draw)

    def art_form(
        self, reference: str, tint: Color | None = None, strength: float = 1.0
    ) -> tuple[str, float, float]:
        """The form holding one piece of art, with its natural size in points; with ``tint``,
        the art with every colour it sets replaced by that one (a silhouette in a colour);
        with a ``strength`` below 1, its fills paler and its lines thinner (the low-ink
        edition's pictures, see :func:`pnp.draw.program.lightened`)."""
        art = self.art.get(reference)
        key = "art." + reference
        if tint is not None:
            key += "." + "".join(f"{round(c * 255):02X}" for c in tint.rgb())
        elif strength < 1:
            key += f".pale{round(strength * 100)}"

        def draw(canvas: Canvas) -> None:
            draw_art(canvas, art, tint, strength, ART_LINE_SCALE if strength < 1 else 1.0)

        name = self.forms.use(key, art.width, art.height, draw)
        return name, art.width, art.height


class _FaceDrawer:
    def __init__(
        self,
        renderer: FaceRenderer,
        layout: Layout,
        row: CardRow | None,
        ctx: FaceContext,
        values: Mapping[str, object],
    ) -> None:
        self.renderer = renderer
        self.layout = layout
        self.row = row
        self.ctx = ctx
        self.values = values

    # --- errors and values -------------------------------------------------
    def error(self, element: Element | None, message: str, template: str | None = None) -> PnpError:
        """The located problem of ``element``; it names the card unless ``template`` (what the
        problem comes from) reads nothing of the row, so it is the same on every card and
        one line at the layout's says it once."""
        source = element.source if element else self.layout.source
        card = ""
        if self.row is not None and (template is None or self.reads_row(template)):
            card = f" (card '{self.row.id}', {self.row.source.path.name}:{self.row.source.line})"
        label = f"element '{element.name}': " if element else ""
        return PnpError.single(f"{label}{message}{card}", source.path, source.line)

    def reads_row(self, template: str) -> bool:
        """Whether ``template`` reads a field of the row (its copies too)."""
        assert self.row is not None
        return bool(template_fields(template) & {*self.row.fields, "count"})

    def fill(self, element: Element | None, template: str) -> str:
        try:
            return fill_template(template, self.values)
        except KeyError as exc:
            known = ", ".join(sorted(self.values))
            raise self.error(
                element, f"unknown field {{{exc.args[0]}}} (fields: {known})", template
            ) from None

    def colour(self, element: Element | None, template: str | None) -> HexColor | None:
        if not template:
            return None
        value = self.fill(element, template)
        if value == "none":
            return None
        hex_value = self.ctx.colours.get(value, value)
        if not _HEX.match(hex_value):
            raise self.error(
                element, f"unknown colour '{value}' (not in [colours] and not #RRGGBB)", template
            )
        return HexColor(hex_value)

    def box_pt(self, element: Element) -> tuple[float, float, float, float]:
        """Element box in form coordinates (points, y up, origin at the bleed corner)."""
        b = element.box
        bleed = self.layout.bleed
        x = mm(bleed + b.x)
        y = mm(bleed + self.layout.height - b.y - b.h)
        return x, y, mm(b.w), mm(b.h)

    # --- drawing -----------------------------------------------------------
    @property
    def low(self) -> bool:
        """Whether this face is drawn for the low-ink edition."""
        return self.ctx.ink is Ink.LOW

    def draw(self, canvas: Canvas) -> None:
        # The low-ink edition prints on white paper: no fill over the bleed.
        background = None if self.low else self.colour(None, self.layout.background)
        if background is not None:
            canvas.setFillColor(background)
            bleed = self.layout.bleed
            canvas.rect(
                0,
                0,
                mm(self.layout.width + 2 * bleed),
                mm(self.layout.height + 2 * bleed),
                stroke=0,
                fill=1,
            )
        for element in self.layout.elements:
            if element.when and not conditions_hold((element.when,), self.values):
                continue
            if not self.drawn(element):
                continue
            canvas.saveState()
            getattr(self, f"draw_{element.kind}")(canvas, element)
            canvas.restoreState()

    def drawn(self, element: Element) -> bool:
        """Whether ``element`` is drawn at all in this edition."""
        rule = element.ink_low
        if not self.low:
            return rule is not LowInk.ONLY
        if rule is LowInk.OMIT:
            return False
        if element.kind == "art" and element.decoration and not element.src_low:
            # Washes and patterns are what a low-ink edition leaves out.
            return rule in (LowInk.KEEP, LowInk.ONLY)
        return True

    def fill_of(self, element: Element) -> str | None:
        """The element's fill template in this edition."""
        if self.low and element.fill_low:
            return element.fill_low
        return element.fill

    def outlined(self, element: Element) -> bool:
        """Whether a filled shape is drawn as an outline (the low-ink edition's rule)."""
        keeps_fill = element.fill_low or element.ink_low in (LowInk.KEEP, LowInk.ONLY)
        return self.low and not keeps_fill

    def draw_rect(self, canvas: Canvas, element: Element) -> None:
        x, y, w, h = self.box_pt(element)
        fill = self.colour(element, self.fill_of(element))
        stroke = self.colour(element, element.stroke)
        width = element.stroke_width
        # A white panel costs no ink and keeps what lies under it out of its text.
        if fill is not None and self.outlined(element) and not _paper_white(fill):
            if stroke is None:
                stroke, width = fill, OUTLINE_PT
            fill = None
        if fill is not None:
            canvas.setFillColor(fill)
        if stroke is not None:
            canvas.setStrokeColor(stroke)
            canvas.setLineWidth(width)
        if element.radius > 0:
            canvas.roundRect(
                x,
                y,
                w,
                h,
                mm(element.radius),
                stroke=int(stroke is not None),
                fill=int(fill is not None),
            )
        else:
            canvas.rect(x, y, w, h, stroke=int(stroke is not None), fill=int(fill is not None))

    def draw_line(self, canvas: Canvas, element: Element) -> None:
        x, y, w, h = self.box_pt(element)
        stroke = self.colour(element, element.stroke or "#000000")
        assert stroke is not None
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(element.stroke_width)
        canvas.line(x, y + h, x + w, y)

    def draw_text(self, canvas: Canvas, element: Element) -> None:
        text = self.fill(element, element.text)
        x, y, w, h = self.box_pt(element)
        font = font_name(element.font)
        size, lines = self.fit_text(element, text, font, w, h)
        colour = self.colour(element, self.fill_of(element) or "#000000")
        assert colour is not None
        canvas.setFillColor(colour)
        canvas.setFont(font, size)
        # Large display text may be drawn as outlined letters in the low-ink edition.
        mode = 1 if self.low and element.ink_low is LowInk.OUTLINE else None
        if mode is not None:
            canvas.setStrokeColor(colour)
            canvas.setLineWidth(max(OUTLINE_PT, size * TEXT_OUTLINE))
        # Work in a box centred on the origin so that 180 degree rotation is trivial.
        canvas.translate(x + w / 2, y + h / 2)
        if element.rotate == 180:
            canvas.rotate(180)
        ascent, descent = pdfmetrics.getAscentDescent(font, size)
        line_height = size * element.leading
        block = (len(lines) - 1) * line_height + (ascent - descent)
        if element.valign == "top":
            top = h / 2
        elif element.valign == "bottom":
            top = -h / 2 + block
        else:
            top = block / 2
        baseline = top - ascent
        for line in lines:
            width = pdfmetrics.stringWidth(line, font, size)
            left = {"left": -w / 2, "right": w / 2 - width}.get(element.align, -width / 2)
            canvas.drawString(left, baseline, line, mode=mode)
            if element.numeral and line.strip() in TURNABLE_NUMERALS:
                # An underline tells a 6 from a 9 in a hand held upside down.
                canvas.setStrokeColor(colour)
                canvas.setLineWidth(size * UNDERLINE)
                under = baseline - size * 0.12
                canvas.line(left, under, left + width, under)
            baseline -= line_height

    def fit_text(
        self, element: Element, text: str, font: str, width: float, height: float
    ) -> tuple[float, list[str]]:
        """The largest size from ``size`` down to ``min_size`` at which ``text`` fits the box."""
        size = element.size
        smallest = max(element.min_size or element.size, MIN_TEXT_PT)
        while True:
            # A line break a multi-line cell holds is one in print too, wrapped or not.
            lines = simpleSplit(text, font, size, width) if element.wrap else text.split("\n")
            ascent, descent = pdfmetrics.getAscentDescent(font, size)
            needed_h = (len(lines) - 1) * size * element.leading + (ascent - descent)
            widest = max((pdfmetrics.stringWidth(line, font, size) for line in lines), default=0.0)
            if widest <= width + 1e-6 and needed_h <= height + 1e-6:
                return size, lines
            if size - 0.25 < smallest - 1e-9:
                break
            size -= 0.25
        box = element.box
        raise self.error(
            element,
            f"text {text!r} does not fit in {box.w:g}x{box.h:g} mm even at {smallest:g} pt",
            element.text,
        )

    def place_art(
        self,
        canvas: Canvas,
        reference: str,
        x: float,
        y: float,
        w: float,
        h: float,
        rotate: int = 0,
        cover: bool = False,
        tint: Color | None = None,
        strength: float = 1.0,
    ) -> None:
        name, art_w, art_h = self.renderer.art_form(reference, tint, strength)
        canvas.saveState()
        if cover:
            # Filling the box at the art's own proportions: what overhangs the box is cut off.
            scale = max(w / art_w, h / art_h)
            path = canvas.beginPath()
            path.rect(x, y, w, h)
            canvas.clipPath(path, stroke=0, fill=0)
        else:
            scale = min(w / art_w, h / art_h)
        canvas.translate(x + w / 2, y + h / 2)
        if rotate == 180:
            canvas.rotate(180)
        canvas.scale(scale, scale)
        canvas.translate(-art_w / 2, -art_h / 2)
        canvas.doForm(name)
        canvas.restoreState()

    def src_of(self, element: Element) -> str:
        """The element's art template in this edition."""
        return element.src_low if self.low and element.src_low else element.src

    def draw_art(self, canvas: Canvas, element: Element) -> None:
        reference = self.fill(element, self.src_of(element))
        x, y, w, h = self.box_pt(element)
        # Line art drawn once, in the colour a low-ink layout gives it (a deck's own colour).
        tint = self.colour(element, element.fill_low) if self.low else None
        # Pictures keep their lines and turn pale; art drawn for the edition stays as drawn.
        own = element.src_low or element.ink_low in (LowInk.KEEP, LowInk.ONLY)
        strength = ART_FILL_STRENGTH if self.low and not own else 1.0
        try:
            self.place_art(
                canvas,
                reference,
                x,
                y,
                w,
                h,
                element.rotate,
                element.fit == "cover",
                tint,
                strength,
            )
        except PnpError as exc:
            raise self.error(element, str(exc.problems[0]), self.src_of(element)) from None

    def draw_pips(self, canvas: Canvas, element: Element) -> None:
        raw = self.fill(element, element.count)
        try:
            count = int(raw)
        except ValueError:
            raise self.error(
                element, f"pip count {raw!r} is not a whole number", element.count
            ) from None
        x, y, w, h = self.box_pt(element)
        centres = pip_centres(count, w, h, mm(element.pip_size))
        if centres is None:
            raise self.error(
                element, f"{count} pips of {element.pip_size:g} mm do not fit", element.count
            )
        reference = self.fill(element, self.src_of(element))
        disc = self.colour(element, self.fill_of(element))
        d = mm(element.pip_size)
        # Low ink: a ring around the symbol, the symbol itself in the disc's colour.
        ring = disc is not None and self.outlined(element)
        tint = disc if ring else None
        for cx, cy in centres:
            if ring and disc is not None:
                canvas.setStrokeColor(disc)
                canvas.setLineWidth(OUTLINE_PT)
                canvas.circle(x + cx, y + cy, d / 2 - OUTLINE_PT / 2, stroke=1, fill=0)
            elif disc is not None:
                canvas.setFillColor(disc)
                canvas.circle(x + cx, y + cy, d / 2, stroke=0, fill=1)
            inner = d * 0.78
            left, bottom = x + cx - inner / 2, y + cy - inner / 2
            self.place_art(canvas, reference, left, bottom, inner, inner, element.rotate, tint=tint)


def _paper_white(colour: Color) -> bool:
    """Whether ``colour`` is white or nearly (a paper tone): filling with it takes no ink."""
    return bool(min(colour.rgb()) >= PAPER_WHITE)


def pip_centres(
    count: int, width: float, height: float, diameter: float
) -> list[tuple[float, float]] | None:
    """Centres of ``count`` pips spread in balanced, centred rows over a box (y up), or None."""
    if count <= 0:
        return []
    gap = diameter * 0.3
    per_row = max(1, int((width + gap) // (diameter + gap)))
    max_rows = int((height + gap) // (diameter + gap))
    rows = math.ceil(count / per_row)
    if rows > max_rows or rows == 0:
        return None
    # Spread evenly: earlier rows take the extra pip (e.g. 7 -> 4 + 3).
    sizes = [count // rows + (1 if i < count % rows else 0) for i in range(rows)]
    block_h = rows * diameter + (rows - 1) * gap
    top = height / 2 + block_h / 2
    centres: list[tuple[float, float]] = []
    for index, size in enumerate(sizes):
        cy = top - diameter / 2 - index * (diameter + gap)
        row_w = size * diameter + (size - 1) * gap
        left = width / 2 - row_w / 2
        for k in range(size):
            centres.append((left + diameter / 2 + k * (diameter + gap), cy))
    return centres
