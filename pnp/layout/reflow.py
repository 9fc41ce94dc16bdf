"""A layout drawn at another trim size and bleed, without scaling anything.

A print shop's poker card is 63.5 x 88.9 mm with a 3.175 mm bleed; ours is 63 x 88 mm
with 3 mm. Element positions are millimetres from the trim box, so the same layout is
drawn at the shop's size by deciding, per element and per axis, which trim edge it
keeps its distance to:

* an element nearer one trim edge keeps its distance to that edge (corner indices
  stay in their corners, a value line stays above the bottom edge);
* an element as far from both edges (within :data:`CENTRED`) stays centred;
* an edge of an element that reaches the bleed edge moves to the new bleed edge, and
  an element reaching over both trim edges keeps its overhang on each side, so
  washes, bands and full-bleed art still cover what they covered.

Sizes of text, pips and art never change; only a box that reaches the bleed (or
spans the trim) grows or shrinks, and art in such a box is drawn at its own
proportions, filling the box and clipped (``fit = "cover"``). See
``docs/printers.md``.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.layout.model import ArtFit, Box, Element, Layout

CENTRED = 0.05
"""Distances to the two trim edges that differ by at most this (mm) count as centred."""
_EPS = 1e-6


def reflow(layout: Layout, width: float, height: float, bleed: float) -> Layout:
    """``layout`` drawn on a ``width`` x ``height`` mm trim with ``bleed`` mm around it."""
    if (width, height, bleed) == (layout.width, layout.height, layout.bleed):
        return layout
    elements = tuple(_element(e, layout, width, height, bleed) for e in layout.elements)
    return replace(layout, width=width, height=height, bleed=bleed, elements=elements)


def _element(
    element: Element, layout: Layout, width: float, height: float, bleed: float
) -> Element:
    box = element.box
    x, w = _axis(box.x, box.w, layout.width, width, layout.bleed, bleed)
    y, h = _axis(box.y, box.h, layout.height, height, layout.bleed, bleed)
    moved = Box(x, y, w, h)
    if moved == box:
        return element
    resized = abs(w - box.w) > _EPS or abs(h - box.h) > _EPS
    fit: ArtFit = "cover" if resized and element.kind == "art" else element.fit
    return replace(element, box=moved, fit=fit)


def _axis(
    start: float, size: float, trim: float, new_trim: float, bleed: float, new_bleed: float
) -> tuple[float, float]:
    """The new start and size of an element along one axis."""
    end = start + size
    grow = new_trim - trim
    to_low, to_high = start, trim - end
    if to_low <= _EPS and to_high <= _EPS:
        # Over both trim edges: each end keeps its overhang, so the box grows with the trim.
        shift_low, shift_high = 0.0, grow
    elif abs(to_low - to_high) <= CENTRED:
        shift_low = shift_high = grow / 2
    elif to_low < to_high:
        shift_low = shift_high = 0.0
    else:
        shift_low = shift_high = grow
    new_start, new_end = start + shift_low, end + shift_high
    if start <= -bleed + _EPS:
        new_start = -new_bleed
    if end >= trim + bleed - _EPS:
        new_end = new_trim + new_bleed
    return new_start, new_end - new_start
