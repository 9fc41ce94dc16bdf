"""The balance report's statistics (pnp.base.stats) against answers known in advance: Wilson's
interval of published binomial cases, how often an interval holds the true rate, paired and
unpaired changes on seeded synthetic data with a known effect, and the wider intervals of
many comparisons."""

from __future__ import annotations

import math
import random

import pytest

from pnp.base.stats import (
    Z95,
    difference,
    histogram,
    mean,
    paired_difference,
    quantile,
    share,
    z_for,
)


@pytest.mark.parametrize(
    ("hits", "count", "low", "high"),
    [
        # Wilson's score interval at 95 % (Newcombe 1998, table I; Brown, Cai, DasGupta 2001)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (25, 100, 0.1755, 0.3430),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_interval_of_known_binomial_cases(
    hits: int, count: int, low: float, high: float
) -> None:
    estimate = share(hits, count)
    assert estimate.value == pytest.approx(hits / count)
    assert estimate.low == pytest.approx(low, abs=1e-4)
    assert estimate.high == pytest.approx(high, abs=1e-4)
    assert estimate.count == count


def test_an_interval_holds_the_true_rate_about_95_times_in_100() -> None:
    rng = random.Random(7)
    true, games, runs = 0.3, 200, 2000
    held = 0
    for _ in range(runs):
        hits = sum(rng.random() < true for _ in range(games))
        estimate = share(hits, games)
        held += estimate.low <= true <= estimate.high
    assert 0.93 <= held / runs <= 0.97


def test_a_mean_has_the_normal_interval() -> None:
    values = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] * 4  # 32 values: mean 5
    estimate = mean(values)
    assert estimate.value == 5.0
    deviation = (sum((v - 5.0) ** 2 for v in values) / (len(values) - 1)) ** 0.5
    half = Z95 * deviation / len(values) ** 0.5
    assert estimate.low == pytest.approx(5.0 - half)
    assert estimate.high == pytest.approx(5.0 + half)


def test_a_handful_of_values_says_nothing() -> None:
    """Under thirty values the normal interval is too narrow to trust: it has no ends, so no
    difference is ever said from a few games (two games once made '100 % instead of 0 %')."""
    few = mean([3.0] * 29)
    assert few.value == 3.0 and few.low == -math.inf and few.high == math.inf
    assert not few.excludes_zero
    assert not paired_difference([1.0], [2.0]).excludes_zero
    assert not difference([], [3.0]).excludes_zero
    assert not paired_difference([0.0] * 5, [1.0] * 5).excludes_zero


@pytest.mark.parametrize("count", [3, 6, 7, 12, 14, 24])
def test_a_share_of_none_or_all_ends_exactly_at_0_or_1(count: int) -> None:
    assert share(0, count).low == 0.0 and not share(0, count).excludes_zero
    assert share(count, count).high == 1.0


def test_a_paired_change_is_found_and_no_change_is_not() -> None:
    rng = random.Random(11)
    base = [rng.gauss(8.0, 3.0) for _ in range(400)]  # each game's luck, shared by both runs
    longer = [b + 0.5 + rng.gauss(0.0, 0.3) for b in base]
    same = [b + rng.gauss(0.0, 0.3) for b in base]
    found = paired_difference(base, longer)
    assert found.low < 0.5 < found.high and found.excludes_zero
    nothing = paired_difference(base, same)
    assert nothing.low < 0 < nothing.high and not nothing.excludes_zero
    # unpaired, the luck of the deal is not taken out: the same change is far less sure
    assert difference(base, longer).half_width > 5 * found.half_width
    with pytest.raises(ValueError):
        paired_difference(base, longer[:-1])


def test_an_unpaired_difference_of_two_shares() -> None:
    before = [1.0] * 30 + [0.0] * 70
    after = [1.0] * 50 + [0.0] * 50
    estimate = difference(before, after)
    assert estimate.value == pytest.approx(0.2)
    half = Z95 * ((0.3 * 0.7 / 99 * 100 / 100) + (0.5 * 0.5 / 99)) ** 0.5
    assert estimate.half_width == pytest.approx(half, rel=1e-6)
    assert estimate.excludes_zero


def test_many_comparisons_widen_the_interval() -> None:
    assert z_for(1) == pytest.approx(Z95)
    assert z_for(10) == pytest.approx(2.807, abs=1e-3)
    narrow, wide = share(30, 100), share(30, 100, z_for(20))
    assert wide.low < narrow.low and wide.high > narrow.high


def test_a_histogram_counts_whole_numbers_in_round_bins() -> None:
    small = histogram([3, 4, 4, 6])
    assert (small.start, small.width, small.counts) == (3, 1, (1, 2, 0, 1))
    wide = histogram(list(range(100, 400, 7)), most_bins=24)
    assert wide.width == 20 and wide.start == 100
    assert sum(wide.counts) == len(range(100, 400, 7)) and len(wide.counts) <= 24
    assert histogram([]).counts == ()
    assert len(histogram([1, 48]).counts) <= 24, "counted from where the bins start"
    assert quantile([1, 2, 3, 4], 0.5) == 2.5 and quantile([5], 0.9) == 5
    with pytest.raises(ValueError):
        quantile([1, 2], 1.5)
    with pytest.raises(ValueError):
        histogram([1, 2], most_bins=0)
