"""The statistics of a balance report: shares and means with 95 % intervals, and the
difference two rule sets make when both are played on the same seeds.

Plain functions on plain numbers, so they are checked against known answers alone:

* :func:`share` — a share of games (a win rate) with Wilson's score interval, which
  stays inside 0..1 and is honest for small counts and for shares near 0 or 1;
* :func:`mean` — a mean with the normal interval of the mean (``1.96 · s / √n``);
* :func:`paired_difference` — the mean of ``b - a`` over games played on the same seeds
  (game *i* of one rule set against game *i* of the other), with its interval: pairing
  takes out the luck of the deal the two share, so a smaller change is seen;
* :func:`difference` — the same for two runs that cannot be paired (figures per round);
* :func:`quantile`, :func:`histogram` — how a figure spreads.

A difference is worth saying only when its interval leaves out zero
(:attr:`Estimate.excludes_zero`); among many comparisons, an interval widened for their
number (:func:`z_for`) must.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


@dataclass(frozen=True)
class Estimate:
    """A figure measured from ``count`` samples, with its 95 % interval ``low`` .. ``high``."""

    value: float
    low: float
    high: float
    count: int

    @property
    def excludes_zero(self) -> bool:
        """True if the interval lies wholly above or wholly below zero."""
        return self.low > 0 or self.high < 0

    @property
    def half_width(self) -> float:
        """Half the interval's width (the ``±`` of the figure)."""
        return (self.high - self.low) / 2


def z_for(tests: int) -> float:
    """The normal quantile of a 95 % interval that holds for ``tests`` figures at once
    (Bonferroni: each at ``1 - 0.05 / tests``), so that among many comparisons one that
    chance alone moved is not called a difference."""
    return NormalDist().inv_cdf(1 - 0.025 / max(1, tests))


def share(hits: float, count: int, z: float = Z95) -> Estimate:
    """The share ``hits / count`` with Wilson's score interval (95 %, or wider with a
    larger ``z``); ``hits`` may be a fraction: a win shared by two counts one half."""
    if count <= 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = min(max(hits / count, 0.0), 1.0)
    z2 = z * z
    centre = (p + z2 / (2 * count)) / (1 + z2 / count)
    half = z * math.sqrt(p * (1 - p) / count + z2 / (4 * count * count)) / (1 + z2 / count)
    # at 0 and 1 the interval's end is the share itself (not a rounding error away from it)
    low = 0.0 if p == 0.0 else max(0.0, centre - half)
    high = 1.0 if p == 1.0 else min(1.0, centre + half)
    return Estimate(p, low, high, count)


FEWEST = 30
"""The fewest samples a mean's interval is worked out from: fewer say nothing (an interval
without ends), since the normal interval of a handful is too narrow to trust."""


def mean(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean of ``values`` with its normal interval, 95 % or wider with a larger ``z``;
    from fewer than :data:`FEWEST` values the interval has no ends."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, -math.inf, math.inf, 0)
    average = math.fsum(values) / n
    if n < FEWEST:
        return Estimate(average, -math.inf, math.inf, n)
    variance = math.fsum((v - average) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return Estimate(average, average - half, average + half, n)


def paired_difference(before: Sequence[float], after: Sequence[float], z: float = Z95) -> Estimate:
    """The mean change ``after[i] - before[i]`` over games played on the same seeds, with its
    95 % interval; ``ValueError`` if the two runs are not the same length."""
    if len(before) != len(after):
        raise ValueError(f"paired runs of {len(before)} and {len(after)} games")
    return mean([b - a for a, b in zip(before, after, strict=True)], z)


def difference(before: Sequence[float], after: Sequence[float], z: float = Z95) -> Estimate:
    """The change in the mean from ``before`` to ``after``, two runs not paired game by game
    (figures per round, of which games have different numbers), with the normal 95 %
    interval of a difference of two independent means."""
    a, b = mean(before, z), mean(after, z)
    half = math.hypot(a.half_width, b.half_width)  # no ends when either has none
    value = b.value - a.value
    return Estimate(value, value - half, value + half, min(a.count, b.count))


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (linear between the two nearest, as numpy's
    default); 0 for no values."""
    if not 0.0 <= q <= 1.0:
        raise ValueError(f"a quantile is between 0 and 1, not {q}")
    if not values:
        return 0.0
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


@dataclass(frozen=True)
class Histogram:
    """Counts of values in bins ``width`` wide: ``counts[i]`` values lie in
    ``start + i·width`` up to (not including) ``start + (i+1)·width``."""

    start: int
    width: int
    counts: tuple[int, ...]


def histogram(values: Sequence[float], most_bins: int = 24) -> Histogram:
    """How the whole numbers ``values`` (rounded) spread, in bins of one, or wider so there
    are at most ``most_bins`` bins (a round width: 1, 2, 5, 10, 20, 50, …); empty for none."""
    if not values:
        return Histogram(0, 1, ())
    if most_bins < 1:
        raise ValueError(f"a histogram has at least one bin, not {most_bins}")
    whole = [round(v) for v in values]
    low, high = min(whole), max(whole)
    width = 1
    steps = (2, 2.5, 2)  # 1, 2, 5, 10, 20, 50, ...
    turn = 0
    # the bins start at a multiple of their width, at or below the least value
    while (high - (low - low % width)) // width + 1 > most_bins:
        width = round(width * steps[turn % 3])
        turn += 1
    start = low - low % width
    counts = [0] * ((high - start) // width + 1)
    for value in whole:
        counts[(value - start) // width] += 1
    return Histogram(start, width, tuple(counts))
