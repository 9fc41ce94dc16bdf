"""``pnp.engine.sampling.sample`` draws what ``random.Random.sample`` draws and leaves the
generator where the standard library leaves it (policies' games depend on it)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.engine.sampling import quick_sample, quick_words, sample, sample_sums


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**64),
    n=st.integers(0, 400),
    fraction=st.floats(0.0, 1.0),
    repeats=st.integers(1, 4),
)
def test_sample_equals_the_standard_library(
    seed: int, n: int, fraction: float, repeats: int
) -> None:
    """Same samples, same generator state, for both of the library's methods (pool and set)."""
    population = [f"card-{i}" for i in range(n)]
    k = round(n * fraction)
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(repeats):
        assert sample(ours, population, k) == theirs.sample(population, k)
    assert ours.getstate() == theirs.getstate()


def test_small_samples_from_large_pools_take_the_set_method() -> None:
    """k <= 5 from more than 21 elements, and big pools: the rejection-set path, exactly."""
    population = list(range(500))
    for k in (0, 1, 3, 5, 6, 40):
        ours, theirs = random.Random(k), random.Random(k)
        for _ in range(50):
            assert sample(ours, population, k) == theirs.sample(population, k)
        assert ours.random() == theirs.random()


class _Counting(random.Random):
    """A generator subclass: ``sample`` must leave it to its own method."""

    calls = 0

    def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def]
        self.calls += 1
        return super().sample(population, k, counts=counts)


def test_other_generator_classes_use_their_own_sample() -> None:
    """A subclass may redefine how it draws: it is asked, not imitated."""
    rng = _Counting(3)
    assert sample(rng, range(10), 4) == random.Random(3).sample(range(10), 4)
    assert rng.calls == 1


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**64),
    n=st.integers(0, 300),
    sizes=st.lists(st.integers(0, 12), max_size=6),
)
def test_sample_sums_are_the_sums_of_the_sample(seed: int, n: int, sizes: list[int]) -> None:
    """The part sums of the standard library's sample, and the same generator state after."""
    population = [7**i % 1_000_003 for i in range(n)]
    if sum(sizes) > n:
        return
    ours, theirs = random.Random(seed), random.Random(seed)
    drawn = theirs.sample(population, sum(sizes))
    expected, start = [], 0
    for size in sizes:
        expected.append(sum(drawn[start : start + size]))
        start += size
    assert sample_sums(ours, population, sizes) == expected
    assert ours.getstate() == theirs.getstate()


def test_quick_words_are_the_generators_next_words() -> None:
    """One call of ``quick_words`` yields what as many ``getrandbits(32)`` calls yield, and
    leaves the generator in the same state."""
    ours, theirs = random.Random(7), random.Random(7)
    for k in (0, 1, 5, 130):
        assert list(quick_words(ours, k)) == [theirs.getrandbits(32) for _ in range(k)]
    assert ours.getstate() == theirs.getstate()


def test_quick_sample_is_a_uniform_sample_without_replacement() -> None:
    """Distinct elements of the population; every element equally likely in every place
    (a chi-square test over 30,000 samples, far below its 0.1% critical value)."""
    population = list(range(10))
    rng = random.Random(3)
    counts = [[0] * 10 for _ in range(3)]
    trials = 30_000
    for _ in range(trials):
        drawn = quick_sample(rng, population, 3)
        assert len(set(drawn)) == 3 and set(drawn) <= set(population)
        for place, element in enumerate(drawn):
            counts[place][element] += 1
    expected = trials / 10
    for row in counts:
        chi2 = sum((c - expected) ** 2 / expected for c in row)
        assert chi2 < 27.9  # 9 degrees of freedom, p = 0.001
    assert sorted(quick_sample(rng, population, 10)) == population
    assert quick_sample(rng, population, 0) == []
    with pytest.raises(ValueError):
        quick_sample(rng, population, 11)
