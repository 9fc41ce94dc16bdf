"""A budget for one template render: rulebook templates are user-editable, so a loop, a string
repetition or a power may not run away with the time or the memory of a build.

Jinja2's sandbox already keeps templates away from Python's internals; this adds
the limits it does not have. Every ``range`` a template makes is charged to the
render's loop budget up front (so nested loops add up), ``*`` may not build a
string or list longer than the output limit, ``**`` takes small exponents only,
``lipsum`` is not offered, the output is counted as it is produced, and where the
platform allows it a timer stops a render that takes too long.
"""

from __future__ import annotations

import math
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment

MAX_OUTPUT = 1_000_000
"""The most characters one template render may produce (a rulebook is a few tens of thousands)."""

MAX_LOOP_STEPS = 100_000
"""The most loop steps over ``range`` one render may take, nested loops multiplied out."""

MAX_EXPONENT = 64
"""The largest exponent ``**`` takes (a huge power would stall in one uninterruptible step)."""

MAX_SECONDS = 20.0
"""The longest one render may take where a timer can stop it (the main thread on POSIX)."""


class BudgetExceeded(Exception):
    """A template asked for more than a render's budget; the message says what."""


class BudgetedEnvironment(SandboxedEnvironment):
    """A sandboxed environment whose renders are held to a budget (see the module)."""

    intercepted_binops = frozenset({"*", "**"})

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.steps = 0
        self.globals.pop("lipsum", None)
        self.globals["range"] = self._range

    def _range(self, *args: int) -> range:
        steps = range(*args)
        self.steps += len(steps)
        if self.steps > MAX_LOOP_STEPS:
            raise BudgetExceeded(f"loops over range() take more than {MAX_LOOP_STEPS:,} steps")
        return steps

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        """``*`` and ``**`` within the budget, then as Jinja2 does them."""
        if operator == "**" and _huge_power(left, right):
            raise BudgetExceeded(f"an exponent above {MAX_EXPONENT}")
        if operator == "*" and max(_repeated(left, right), _repeated(right, left)) > MAX_OUTPUT:
            raise BudgetExceeded(f"a repetition longer than {MAX_OUTPUT:,} items")
        return super().call_binop(context, operator, left, right)

    def render_within_budget(self, render: Callable[[], Iterator[str]]) -> str:
        """Join the chunks ``render`` yields, held to the output and time limits."""
        self.steps = 0
        produced: list[str] = []
        size = 0
        with _time_limit(MAX_SECONDS):
            for chunk in render():
                size += len(chunk)
                if size > MAX_OUTPUT:
                    raise BudgetExceeded(f"the output is longer than {MAX_OUTPUT:,} characters")
                produced.append(chunk)
        return "".join(produced)


def _huge_power(base: Any, exponent: Any) -> bool:
    numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in (base, exponent))
    return numbers and math.isfinite(exponent) and abs(exponent) > MAX_EXPONENT and abs(base) > 1


def _repeated(sized: Any, count: Any) -> int:
    """The length ``sized * count`` would have (0 when it is no repetition)."""
    if isinstance(sized, str | list | tuple) and isinstance(count, int):
        return len(sized) * count
    return 0


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`BudgetExceeded` in the main thread after ``seconds`` (POSIX only)."""
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise BudgetExceeded(f"the template took longer than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
