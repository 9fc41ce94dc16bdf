"""Fit a rulebook to whole booklet sheets: no blank pages to speak of, no page of stray lines.

A saddle-stitched booklet has a multiple of four pages; a book laid out on
4k + 1 pages prints three blank pages before its back cover, and its last page
of text holds a few lines. So every rulebook is laid out at its natural
spacing first and measured: if it needs more than one blank page, or its last
page of text is nearly empty, it is laid out again, set tighter, until it
fills the smallest number of sheets it can (the loosest setting that does);
where that still leaves a page of stray lines or more than one blank page,
sections start on a page of their own, from the last one back, until the
sheets are filled.

A :class:`Fit` says how tightly a book is set. Tightness 0 is the design's
natural spacing; 1 is its limit: type sizes never change (the body stays
9.5 pt, nothing falls below the 7 pt floor), only the space between lines,
paragraphs, headings and examples shrinks, and the pictures, to the limits
below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

LEADING = 1.38
"""Line height over type size at the natural spacing."""
TIGHTEST_LEADING = 1.22
"""The closest lines may be set: line height over type size."""
TIGHTEST_SPACE = 0.4
"""The least share of the natural space between paragraphs, headings and examples."""
TIGHTEST_FIGURES = 0.8
"""The least share of their natural size the pictures (maps, card rows, the table) shrink to."""

STRAY_FILL = 0.3
"""A last page of text filled less than this share of its column is a page of stray lines."""
MAX_BLANKS = 1
"""The most blank pages a booklet may hold before its back cover."""
SEARCH_STEPS = 6
"""Halvings of the tightness interval when searching for the loosest setting that fits."""


@dataclass(frozen=True)
class Fit:
    """How tightly a rulebook is set, and which sections start a page of their own."""

    tightness: float = 0.0
    """0: the design's natural spacing; 1: its tightest (see the module)."""
    breaks: frozenset[int] = frozenset()
    """The sections that start a new page: their headings (level 1 and 2, before the back
    cover), counted from 0 in book order."""

    def _towards(self, tightest: float) -> float:
        return 1.0 + (tightest - 1.0) * self.tightness

    @property
    def leading(self) -> float:
        """Line height over type size."""
        return LEADING + (TIGHTEST_LEADING - LEADING) * self.tightness

    @property
    def space(self) -> float:
        """Share of the natural vertical space between blocks."""
        return self._towards(TIGHTEST_SPACE)

    @property
    def figures(self) -> float:
        """Share of their natural size the pictures are drawn at."""
        return self._towards(TIGHTEST_FIGURES)


NATURAL = Fit()
TIGHTEST = Fit(1.0)


@dataclass(frozen=True)
class Measure:
    """What a layout is judged by: its page count and how full its last page of text is."""

    pages: int
    last_fill: float
    """Share of the text column the last page of text fills (the page before the back cover)."""
    sections: int = 0
    """Sections (level 1 and 2 headings before the back cover) that could start a new page."""


def padded(pages: int) -> int:
    """Pages of the booklet: ``pages`` padded to a multiple of 4."""
    return -(-pages // 4) * 4


def blanks(pages: int) -> int:
    """Blank pages the booklet pads ``pages`` with."""
    return padded(pages) - pages


def is_fitted(measure: Measure) -> bool:
    """At most one blank page, and a last page of text that is no page of stray lines."""
    return blanks(measure.pages) <= MAX_BLANKS and measure.last_fill >= STRAY_FILL


def choose_fit(lay_out: Callable[[Fit], Measure], natural: Measure) -> Fit:
    """The loosest :class:`Fit` whose layout is fitted, given the natural layout's measure.

    ``lay_out`` lays the book out with a fit and measures it. The natural
    spacing is kept when it is fitted. Otherwise the target is the fewest
    sheets the tightest setting fills: the loosest tightness that reaches them
    is searched by halving (more tightness never adds pages but for the odd
    jump of a block kept whole, and the search only keeps a tightness it has
    seen reach the target). A last page of stray lines with no blank page after
    it goes onto the page before, the same way. If the book then still has more
    than one blank page or a last page of stray lines, sections start new pages,
    from the last back, each kept if it helps. When nothing fits, the best
    layout found is the answer.
    """
    if is_fitted(natural):
        return NATURAL
    tightest = lay_out(TIGHTEST)
    target = padded(tightest.pages)
    fit, measure = NATURAL, natural
    if measure.pages > target:
        fit, measure = _loosest_within(lay_out, target, fit.tightness, tightest)
        if is_fitted(measure):
            return fit
    if measure.pages == target and tightest.pages < target:
        # The book's last page of text holds stray lines, and no blank page follows it.
        closer, closer_measure = _loosest_within(lay_out, target - 1, fit.tightness, tightest)
        if is_fitted(closer_measure):
            return closer
    return _break_sections(lay_out, fit, measure, target)


def _loosest_within(
    lay_out: Callable[[Fit], Measure], pages: int, low: float, tightest: Measure
) -> tuple[Fit, Measure]:
    """The loosest tightness from ``low`` found whose layout takes at most ``pages``, with its
    measure (``tightest``: the measure of the tightest layout, which does)."""
    high = 1.0
    best = (TIGHTEST, tightest)
    for _ in range(SEARCH_STEPS):
        middle = (low + high) / 2
        fit = Fit(middle)
        measure = lay_out(fit)
        if measure.pages <= pages:
            high, best = middle, (fit, measure)
        else:
            low = middle
    return best


def _waste(measure: Measure) -> int:
    """Pages the booklet wastes: its blank pages, and a last page of stray lines."""
    return blanks(measure.pages) + (measure.last_fill < STRAY_FILL)


def _score(measure: Measure, target: int) -> tuple[bool, int, float]:
    """Order layouts: within ``target`` pages first, then the fewest wasted pages, then the
    fullest last page."""
    within = measure.pages <= target
    return (within, -_waste(measure), measure.last_fill)


def _break_sections(
    lay_out: Callable[[Fit], Measure], fit: Fit, measure: Measure, target: int
) -> Fit:
    """``fit`` with sections starting new pages, from the last back, each one kept if it makes
    the layout better (see :func:`_score`), until it is fitted."""
    best, best_measure = fit, measure
    for section in reversed(range(1, measure.sections)):
        if is_fitted(best_measure):
            break
        trial = Fit(best.tightness, best.breaks | {section})
        trial_measure = lay_out(trial)
        if _score(trial_measure, target) > _score(best_measure, target):
            best, best_measure = trial, trial_measure
    return best
