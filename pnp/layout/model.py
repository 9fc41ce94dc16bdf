"""The layout template model: elements placed in mm inside a card's trim box."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from pnp.language.template import template_fields
from pnp.layout.ink import LowInk
from pnp.spec.model import SourceRef
from pnp.spec.sizes import BLEED

ElementKind = Literal["rect", "line", "text", "art", "pips"]
ArtFit = Literal["contain", "cover"]
FONT_ROLES = ("regular", "italic", "bold", "black", "display")
MIN_TEXT_PT = 7.0
MIN_LINE_PT = 0.25


@dataclass(frozen=True)
class Box:
    """A rectangle in mm, measured from the trim box's top-left corner, y pointing down.

    A layout's boxes are written by hand in ``layouts/*.toml`` as a designer measures a
    card (from its top-left corner, downwards); the sheets place cards on paper with
    :class:`pnp.sheets.imposition.Rect` (from the paper's bottom-left corner, upwards, as
    PDF does). The renderer converts once, at the card's edge; one type for both would
    leave every value's direction to be guessed."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """x of the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """y of the bottom edge (downwards)."""
        return self.y + self.h


@dataclass(frozen=True)
class Element:
    """One drawing instruction of a layout. String fields may hold ``{field}`` templates."""

    name: str
    kind: ElementKind
    box: Box
    source: SourceRef
    when: str | None = None
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5
    radius: float = 0.0
    text: str = ""
    font: str = "regular"
    size: float = 10.0
    min_size: float | None = None
    leading: float = 1.15
    align: Literal["left", "center", "right"] = "center"
    valign: Literal["top", "middle", "bottom"] = "middle"
    rotate: int = 0
    wrap: bool = False
    src: str = ""
    count: str = ""
    pip_size: float = 6.0
    decoration: bool = False
    """Decorations (frames, washes) may run into the bleed; everything else stays in the safe zone."""
    numeral: bool = False
    """A card's rank: a 6 or a 9 is underlined, so it cannot be read upside down as the other."""
    fit: ArtFit = "contain"
    """How art fills its box: whole inside it (``contain``), or filling it, clipped at its
    edges (``cover``: art whose box was grown to reach another bleed, see
    :mod:`pnp.layout.reflow`). Never stretched."""
    ink_low: LowInk | None = None
    """Its own rule for the low-ink edition; None: the generic rule of its kind."""
    fill_low: str | None = None
    """The fill used instead of ``fill`` in the low-ink edition; for art, the one colour the
    art is drawn in there."""
    src_low: str = ""
    """The art used instead of ``src`` in the low-ink edition."""


TURNABLE_NUMERALS = frozenset({"6", "9"})
"""Numerals that read as another one upside down."""


@dataclass(frozen=True)
class Layout:
    """A named, fully resolved layout (``extends`` already applied)."""

    name: str
    width: float
    height: float
    elements: tuple[Element, ...]
    source: SourceRef
    background: str | None = None
    """Colour filling the whole bleed box before the elements are drawn."""
    bleed: float = BLEED
    """The bleed around the trim box, mm: the form a face is drawn in is the bleed box."""
    flow: str | None = None
    """The words that flow over this frame (a player aid, see :mod:`pnp.layout.aid`): the
    name of a TOML file in the layouts folders; None for a layout drawn as it is."""


def element_fields(element: Element) -> set[str]:
    """Every row field an element refers to."""
    used: set[str] = set()
    for value in (
        element.text,
        element.src,
        element.count,
        element.fill,
        element.stroke,
        element.fill_low,
        element.src_low,
    ):
        if value:
            used |= template_fields(value)
    if element.when:
        for term in element.when.split("|"):
            used.add(term.strip().removeprefix("!").partition("=")[0].strip())
    return used


def layout_fields(layout: Layout) -> set[str]:
    """Every field a layout refers to, in its elements and its background."""
    used: set[str] = set()
    if layout.background:
        used |= template_fields(layout.background)
    for element in layout.elements:
        used |= element_fields(element)
    return used


def conditions_hold(conditions: Sequence[str], values: Mapping[str, object]) -> bool:
    """Whether every ``when`` condition holds: ``field`` is set, ``!field`` is not,
    ``field=value`` holds that value (a choice column's word, say), ``a|b`` either (an
    element's ``when`` and the player aid's blocks read them alike)."""

    def one(term: str) -> bool:
        if term.startswith("!"):
            return not one(term[1:])
        field, equals, value = term.partition("=")
        if equals:
            return str(values.get(field.strip(), "")) == value.strip()
        return bool(values.get(term))

    return all(any(one(term.strip()) for term in c.split("|")) for c in conditions)
