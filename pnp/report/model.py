"""A balance report as data: every figure and every sentence it prints, in the report's
language, ready to draw (:mod:`pnp.report.pages`). The kit makes it from the games played
(:mod:`pnp.kit.balance`); nothing here computes or words anything."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.base.stats import Estimate, Histogram


@dataclass(frozen=True)
class Bar:
    """One bar of a bar chart: its label under it and its value with a 95 % interval."""

    label: str
    value: Estimate


@dataclass(frozen=True)
class Bars:
    """Bars on a scale from 0 to ``top``, with a dashed line at ``reference`` (a fair share)
    if given; values are shares (0..1) when ``percent``."""

    title: str
    bars: tuple[Bar, ...]
    top: float
    reference: float | None = None
    reference_label: str = ""
    percent: bool = True
    across: bool = False
    """Bars lying across, each label on its left (long labels)."""


@dataclass(frozen=True)
class Spread:
    """How a figure spreads over the games: a histogram with its median and the range of the
    middle 80 % marked."""

    title: str
    histogram: Histogram
    median: float
    low: float
    """The 10th percentile."""
    high: float
    """The 90th percentile."""
    caption: str


@dataclass(frozen=True)
class CountRow:
    """The figures of one player count."""

    heading: str
    charts: tuple[Bars | Spread, ...]


@dataclass(frozen=True)
class ChangeRow:
    """One figure's change (the variant's games less the base game's) with its 95 %
    interval, written out; ``said``: it is more than chance, counting every comparison."""

    name: str
    change: Estimate
    text: str
    said: bool


@dataclass(frozen=True)
class Change:
    """What one variant changes against the base game, played on the same seeds: each figure's
    change, and the sentences said of the changes that are not chance."""

    label: str
    changes: tuple[ChangeRow, ...]
    verdicts: tuple[str, ...]


@dataclass(frozen=True)
class CheckRow:
    """A check of the designer notes: its rule, what it states and whether it was met."""

    rule: str
    text: str
    ok: bool


@dataclass(frozen=True)
class BalanceReport:
    """Everything a balance report prints."""

    title: str
    subtitle: str
    labels: dict[str, str]
    """The report's own words (headings, marks) by key, in its language."""
    findings: tuple[str, ...]
    """The sentences a designer reads first: the differences that are more than chance."""
    checks: tuple[CheckRow, ...]
    counts: tuple[CountRow, ...]
    changes_heading: str
    changes: tuple[Change, ...]
    policies: Bars | None
    made: tuple[str, ...]
    """How it was made: games, seeds, policies, pnp's version, the work done."""
    decimal_point: str = ","
