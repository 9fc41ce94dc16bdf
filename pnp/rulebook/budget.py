"""A budget for one template render: rulebook templates are user-editable, so a loop, a string
repetition or a power may not run away with the time or the memory of a build.

Jinja2's sandbox already keeps templates away from Python's internals; this adds
the limits it does not have. A timer (where the platform has one) stops a render
that takes too long, and the output is counted as it is produced; but neither
can stop one step that builds a gigabyte (``'x'|center(10**9)``), and a loop of
forty doublings (``{% set ns.s = ns.s ~ ns.s %}``) fills the memory long before
the output grows. So no value of a render may grow past the output limit, and
every way a template has of making a longer value is held to it *as the value is
made*, before the step that makes it:

- every ``range`` is charged to the render's loop budget up front (nested loops
  add up), and so is every group of the ``slice`` filter;
- the operators ``+``, ``*``, ``**`` and ``%`` are intercepted
  (``intercepted_binops``): a text or list may not outgrow the limit, a whole
  number not :data:`MAX_INT_BITS`, an exponent not :data:`MAX_EXPONENT`, and the
  widths of a ``%`` format count towards its length;
- ``~`` joins through :meth:`BudgetedEnvironment.concat_parts` (the code
  generator writes it there) and every block's collected output (a macro, a
  ``call`` block, a ``set`` block, a ``filter`` block) through
  :meth:`BudgetedEnvironment.concat`, each part measured first, so a macro that
  doubles its caller's output stops at the limit;
- every filter measures its arguments and predicts what a width or count
  filter (``center``, ``indent``, ``wordwrap``, ``replace``, ``format``,
  ``join``, ``batch``, ``tojson``) would make (:mod:`pnp.rulebook.growth`);
- ``str.format`` formats field by field, each counted; the widening ``str``
  methods are predicted like their filters, and methods of Python's own types
  that change a value in place or make one from a count alone are not offered;
- whatever is printed (``finalize``) is measured and must be finite and free
  of control characters.

Assignment (``set``, a namespace's attributes) makes nothing itself: what it
stores was made by one of the above. A measurement walks a value the way
``str()`` would, but stops at the limit (:mod:`pnp.rulebook.text_size`), so a
list that holds itself a million times over is refused in a moment.
``lipsum`` is not offered.
"""

from __future__ import annotations

import math
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import update_wrapper
from typing import Any

from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment
from jinja2.utils import pass_eval_context
from markupsafe import Markup

from pnp.rulebook.growth import (
    HeldEscapeFormatter,
    HeldFormatter,
    held_filters,
    method_allowed,
    predicted_call,
    printf_length,
)
from pnp.rulebook.text_size import (
    MAX_OUTPUT,
    BudgetExceeded,
    RefusedText,
    checked_text_value,
    measure,
    require_finite,
    require_length,
    require_printable,
)

__all__ = ["MAX_OUTPUT", "BudgetExceeded", "BudgetedEnvironment", "RefusedText"]

MAX_LOOP_STEPS = 100_000
"""The most loop steps over ``range`` one render may take, nested loops multiplied out."""

MAX_EXPONENT = 64
"""The largest exponent ``**`` takes (a huge power would stall in one uninterruptible step)."""

MAX_INT_BITS = 10_000
"""The most bits a whole number ``*`` or ``**`` makes may have (about 3,000 digits)."""

MAX_SECONDS = 20.0
"""The longest one render may take where a timer can stop it (the main thread on POSIX)."""


class _BudgetedCodeGenerator(CodeGenerator):
    """Jinja2's code generator, but ``a ~ b`` joins through the environment's budget."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        """``environment.concat_parts(join, (a, b, ...))``, the join Jinja2 would call."""
        if frame.eval_ctx.volatile:
            join = "(markup_join if context.eval_ctx.volatile else str_join)"
        elif frame.eval_ctx.autoescape:
            join = "markup_join"
        else:
            join = "str_join"
        self.write(f"environment.concat_parts({join}, (")
        for part in node.nodes:
            self.visit(part, frame)
            self.write(", ")
        self.write("))")

    def visit_Const(self, node: nodes.Const, frame: Frame) -> None:
        """A number too large to be finite (``1e400``) is a mistake at its line."""
        value = node.value
        if isinstance(value, float) and not math.isfinite(value):
            self.fail("a number too large to print (it is not finite)", node.lineno)
        super().visit_Const(node, frame)


@pass_eval_context  # asks for the evaluation context, so no constant is printed unmeasured
def _finalize(eval_ctx: object, value: object) -> object:
    """Whatever a template prints, if it may: short, finite and printable."""
    return checked_text_value(value)


class BudgetedEnvironment(SandboxedEnvironment):
    """A sandboxed environment whose renders are held to a budget (see the module)."""

    intercepted_binops = frozenset({"+", "*", "**", "%"})
    code_generator_class = _BudgetedCodeGenerator

    def __init__(self, **options: Any) -> None:
        # Unoptimized: Jinja2 would fold constant expressions at compile time, unmeasured.
        super().__init__(finalize=_finalize, optimized=False, **options)
        self.steps = 0
        self.globals.pop("lipsum", None)
        self.globals["range"] = self._range
        self.filters = held_filters(self.filters, self.charge)

    def add_filters(self, **filters: Callable[..., Any]) -> None:
        """Add filters of pnp's own, held to the budget like Jinja2's."""
        self.filters.update(held_filters(filters, self.charge))

    def charge(self, steps: int) -> None:
        """Take ``steps`` loop steps from the render's loop budget."""
        self.steps += max(steps, 0)
        if self.steps > MAX_LOOP_STEPS:
            raise BudgetExceeded(f"loops over range() take more than {MAX_LOOP_STEPS:,} steps")

    def _range(self, *args: int) -> range:
        steps = range(*args)
        self.charge(len(steps))
        return steps

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        """``+``, ``*``, ``**`` and ``%`` within the budget, then as Jinja2 does them."""
        if operator == "**":
            _check_power(left, right)
        elif operator == "*":
            _check_product(left, right)
        elif operator == "+" and _sized(left) and type(left) is type(right):
            require_length(len(left) + len(right), "a sum")
        elif operator == "%" and isinstance(left, str):
            require_length(printf_length(left, right), "a '%' format makes a text")
        result = super().call_binop(context, operator, left, right)
        if operator == "%" and isinstance(left, str):
            require_finite(measure(right))
        return result

    def concat_parts(self, join: Callable[[Iterable[Any]], str], parts: tuple[Any, ...]) -> str:
        """``a ~ b ~ ...``: each part measured (and finite), the whole within the limit."""
        length = 0
        for part in parts:
            found = measure(part, MAX_OUTPUT - length)
            require_finite(found)
            length += found.length
        return join(parts)

    def concat(self, parts: Iterable[str]) -> str:
        """A block's collected output joined, refused when it would pass the output limit."""
        collected = list(parts)
        require_length(sum(map(len, collected)), "a block's output")
        return "".join(collected)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        """The sandbox's rule, and only the methods of :data:`pnp.rulebook.growth.METHODS`."""
        return super().is_safe_attribute(obj, attr, value) and method_allowed(obj, attr, value)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``str.format`` and ``str.format_map`` as the sandbox has them, each field counted."""
        if super().wrap_str_format(value) is None:
            return None
        text: str = value.__self__
        by_name = value.__name__ == "format_map"

        def formatted(*args: Any, **kwargs: Any) -> str:
            if by_name:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument")
                kwargs, args = args[0], ()
            formatter = (
                HeldEscapeFormatter(self, escape=text.escape)
                if isinstance(text, Markup)
                else HeldFormatter(self)
            )
            return type(text)(formatter.vformat(text, args, kwargs))

        return update_wrapper(formatted, value)

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        """A call from a template: a widening ``str`` method predicted, a text result counted."""
        args = predicted_call(__obj, args, kwargs)
        result = super().call(__context, __obj, *args, **kwargs)
        if isinstance(result, str):
            require_length(len(result), "a call's result")
        return result

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
        text = "".join(produced)
        require_printable(text)  # what a filter block printed did not pass ``finalize``
        return text


def _check_power(base: Any, exponent: Any) -> None:
    numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in (base, exponent))
    if not numbers or abs(base) <= 1 or not math.isfinite(exponent):
        return
    if abs(exponent) > MAX_EXPONENT:
        raise BudgetExceeded(f"an exponent above {MAX_EXPONENT}")
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0:
        _check_bits(base.bit_length() * exponent)


def _check_product(left: Any, right: Any) -> None:
    if isinstance(left, int) and isinstance(right, int):
        _check_bits(left.bit_length() + right.bit_length())
    elif max(_repeated(left, right), _repeated(right, left)) > MAX_OUTPUT:
        raise BudgetExceeded(f"a repetition longer than {MAX_OUTPUT:,} items")


def _check_bits(bits: int) -> None:
    if bits > MAX_INT_BITS:
        raise BudgetExceeded(f"a whole number of more than {MAX_INT_BITS:,} bits")


def _sized(value: Any) -> bool:
    return isinstance(value, str | list | tuple)


def _repeated(sized: Any, count: Any) -> int:
    """The length ``sized * count`` would have (0 when it is no repetition)."""
    if _sized(sized) and isinstance(count, int):
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
