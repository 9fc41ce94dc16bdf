"""``sample(rng, population, k)``: exactly ``rng.sample(population, k)``, with fewer calls.

Policies that estimate odds by sampling draw thousands of samples per game,
and ``random.Random.sample`` spends most of its time calling
``_randbelow`` once per element. :func:`sample` runs the same algorithm as the
standard library (the same choice between the swap-pool and the rejection-set
method, the same ``getrandbits`` calls in the same order) with the rejection
loop inlined, so a seeded generator yields the same samples and is left in
the same state. Generators of other classes (which may redefine ``random`` or
``getrandbits``) go through their own ``sample``.

``tests/engine/test_engine_sampling.py`` checks the equality against the
running Python's ``random`` module over many populations, sizes and seeds.

:func:`quick_sample` draws uniform samples too, but not the standard
library's: one ``getrandbits`` call per sample (:func:`quick_words`) instead
of one (or more) per element, for policies that only need good samples.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Sequence
from math import ceil, log
from typing import TypeVar

T = TypeVar("T")

_SETSIZE: dict[int, int] = {}
"""``k`` -> the population size up to which the standard library swaps in a pool."""


def _setsize(k: int) -> int:
    size = _SETSIZE.get(k)
    if size is None:
        size = 21  # the standard library's "size of a small set minus an empty list"
        if k > 5:
            size += 4 ** ceil(log(k * 3, 4))
        _SETSIZE[k] = size
    return size


_BIT_LENGTH = [m.bit_length() for m in range(256)]


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``k`` distinct elements of ``population``, the same ones ``rng.sample`` would draw."""
    if type(rng) is not random.Random:
        return rng.sample(population, k)
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    getrandbits = rng.getrandbits
    result: list[T] = []
    append = result.append
    if n <= _setsize(k):
        pool = list(population)
        bit_length = _BIT_LENGTH
        if n >= len(bit_length):
            bit_length = [m.bit_length() for m in range(n + 1)]
        for m in range(n, n - k, -1):
            bits = bit_length[m]
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            append(pool[j])
            pool[j] = pool[m - 1]
        return result
    selected: set[int] = set()
    bits = n.bit_length()
    for _ in range(k):
        j = getrandbits(bits)
        while j >= n or j in selected:
            j = getrandbits(bits)
        selected.add(j)
        append(population[j])
    return result


_STEPS: dict[int, list[tuple[int, int, int]]] = {}
"""Population size -> the swap-pool steps ``(m, m.bit_length(), m - 1)`` for m = n, n-1, ..., 1."""


def sample_sums(rng: random.Random, population: Sequence[int], sizes: Sequence[int]) -> list[int]:
    """The sums of consecutive parts of ``rng.sample(population, sum(sizes))``.

    Part ``i`` holds the next ``sizes[i]`` sampled elements. The draws are
    those of :func:`sample` (so the generator moves the same way); the sample
    itself is never built, for policies that only need totals of packed values.
    """
    k = sum(sizes)
    if type(rng) is not random.Random:
        drawn = rng.sample(population, k)
        sums, start = [], 0
        for size in sizes:
            sums.append(sum(drawn[start : start + size]))
            start += size
        return sums
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    getrandbits = rng.getrandbits
    sums = []
    if n <= _setsize(k):
        pool = list(population)
        steps = _STEPS.get(n)
        if steps is None:
            steps = _STEPS[n] = [(m, m.bit_length(), m - 1) for m in range(n, 0, -1)]
        start = 0
        for size in sizes:
            total = 0
            for m, bits, last in steps[start : start + size]:
                j = getrandbits(bits)
                while j >= m:
                    j = getrandbits(bits)
                total += pool[j]
                pool[j] = pool[last]
            start += size
            sums.append(total)
        return sums
    selected: set[int] = set()
    bits = n.bit_length()
    for size in sizes:
        total = 0
        for _ in range(size):
            j = getrandbits(bits)
            while j >= n or j in selected:
                j = getrandbits(bits)
            selected.add(j)
            total += population[j]
        sums.append(total)
    return sums


# -- quick samples: other draws than the standard library's, far fewer calls --

_WORDS: dict[int, struct.Struct] = {}
"""``k`` -> the struct that reads ``k`` little-endian 32-bit words."""


def quick_words(rng: random.Random, k: int) -> tuple[int, ...]:
    """``k`` random 32-bit words from one ``getrandbits`` call (the generator's next ``k``
    words, in order: ``k`` calls of ``getrandbits(32)`` give the same)."""
    reader = _WORDS.get(k)
    if reader is None:
        reader = _WORDS[k] = struct.Struct(f"<{k}I")
    words: tuple[int, ...] = reader.unpack(rng.getrandbits(32 * k).to_bytes(4 * k, "little"))
    return words


def quick_sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``k`` distinct elements of ``population``, drawn with one ``getrandbits`` call.

    A partial Fisher-Yates shuffle: word ``w`` of :func:`quick_words` picks position
    ``w * m >> 32`` of the ``m`` elements still in the pool. Each position's chance is off
    from ``1 / m`` by less than ``2**-32``, far below what sampled odds can tell, and there
    is no rejection loop.
    """
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    pool = list(population)
    result = []
    m = n
    for w in quick_words(rng, k):
        j = w * m >> 32
        m -= 1
        result.append(pool[j])
        pool[j] = pool[m]
    return result
