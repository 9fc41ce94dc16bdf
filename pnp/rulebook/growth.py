"""What a filter, a ``str`` method or a format would make, told before it is made.

A filter such as ``center(1000000000)`` or ``replace("", long)`` builds its text
in one step that no timer can interrupt, so the length of that text is
predicted from the arguments and refused past the output limit before the step
is taken (:mod:`pnp.rulebook.text_size`). :func:`held_filters` puts every
filter of an environment behind such a guard; :func:`predicted_call` does the
same for the few ``str`` methods that widen a text, and :data:`METHODS` names
the only methods of Python's own types a template may call at all.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from functools import wraps
from typing import Any

from jinja2.filters import make_attrgetter
from jinja2.sandbox import SandboxedFormatter
from markupsafe import EscapeFormatter

from pnp.rulebook.text_size import (
    MAX_OUTPUT,
    BudgetExceeded,
    measure,
    require_finite,
    require_length,
)

Arguments = Mapping[str, Any]

MAX_JSON_INDENT = 16
"""The widest indent ``tojson`` takes (the indent is repeated on every line, once per level)."""

_QUOTED_NUMBER = 7
"""A width with more digits than this is over the output limit whatever it says."""

_STR_METHODS = """capitalize casefold center count endswith expandtabs find format format_map
index isalnum isalpha isascii isdecimal isdigit isidentifier islower isnumeric isprintable isspace
istitle isupper join ljust lower lstrip partition removeprefix removesuffix replace rfind rindex
rjust rpartition rsplit rstrip split splitlines startswith strip swapcase title upper zfill"""

METHODS: dict[type | tuple[type, ...], frozenset[str]] = {
    str: frozenset(_STR_METHODS.split()),
    dict: frozenset({"get", "items", "keys", "values", "copy"}),
    (list, tuple): frozenset({"count", "index"}),
    (int, float, complex, bytes, bytearray, set, frozenset): frozenset(),
}
"""The methods of Python's own types a template may call: none that changes a value in place or
builds a value from a count alone (``list.extend``, ``int.to_bytes``, ``str.translate``)."""


def method_allowed(obj: object, attribute: str, value: object) -> bool:
    """Whether a template may take ``attribute`` of ``obj`` (see :data:`METHODS`)."""
    if not callable(value):
        return True
    for kinds, names in METHODS.items():
        if isinstance(obj, kinds):
            return attribute in names
    return True


def _number(text: str) -> int:
    """A width or precision as written ("" is none)."""
    return int(text or "0") if len(text) <= _QUOTED_NUMBER else MAX_OUTPUT + 1


def _widened(text: object, width: object) -> int:
    """``center``, ``ljust``, ``rjust``, ``zfill``: the text, or ``width`` if that is wider."""
    length = len(text) if isinstance(text, str) else measure(text).length
    return max(length, width) if isinstance(width, int) else length


def _replaced(text: object, old: object, new: object, count: object) -> int:
    source, old_text, new_text = str(text), str(old), str(new)
    hits = len(source) + 1 if old_text == "" else source.count(old_text)
    if isinstance(count, int) and count >= 0:
        hits = min(hits, count)
    return len(source) + hits * max(0, len(new_text) - len(old_text))


def _indented(text: object, width: object) -> int:
    source = str(text)
    step = width if isinstance(width, int) else len(str(width))
    return len(source) + (source.count("\n") + 1) * max(step, 0)


def _wrapped(text: object, width: object, wrapstring: object) -> int:
    source = str(text)
    breaks = len(str(wrapstring)) if wrapstring else 1
    # A wrapped line is over half the width (or the next word would have fit on it).
    lines = 2 * len(source) // max(width if isinstance(width, int) else 1, 1)
    return len(source) + (lines + source.count("\n") + 1) * breaks


def _expanded(text: str, tabsize: object) -> int:
    return len(text) + text.count("\t") * (tabsize if isinstance(tabsize, int) else 8)


_PRINTF = re.compile(r"%(?:\([^)]*\))?[#0 +-]*(\*|\d+)?(?:\.(\*|\d*))?[hlL]?[a-zA-Z%]")


def printf_length(template: str, values: object) -> int:
    """About how long ``template % values`` would be: its widths, its text and the values'."""
    length = len(template) + measure(values).length
    for width, precision in _PRINTF.findall(template):
        if "*" in (width, precision):
            raise BudgetExceeded("a '*' width in a '%' format (write the width out)")
        length += _number(width) + _number(precision)
    return length


def joined_length(items: list[Any], separator: object) -> int:
    """How long ``separator.join(items)`` would be, counted no further than the output limit."""
    length = max(len(items) - 1, 0) * len(str(separator))
    require_length(length, "a joined text")
    for item in items:
        length += measure(item, MAX_OUTPUT - length).length
    return length


_FILTER_LENGTHS: dict[str, Callable[[Arguments], int]] = {
    "center": lambda a: _widened(a["value"], a["width"]),
    "indent": lambda a: _indented(a["s"], a["width"]),
    "wordwrap": lambda a: _wrapped(a["s"], a["width"], a["wrapstring"]),
    "replace": lambda a: _replaced(a["s"], a["old"], a["new"], a["count"]),
    "format": lambda a: printf_length(str(a["value"]), a["kwargs"] or a["args"]),
}
"""The length of what a width or count filter makes, from its arguments by name."""


def _checked_filter_arguments(name: str, a: Arguments, charge: Callable[[int], None]) -> None:
    """Filters that make many items from one number: refused or charged to the loop budget."""
    lines = a.get("linecount")
    if (
        name == "batch"
        and a["fill_with"] is not None
        and isinstance(lines, int)
        and lines > MAX_OUTPUT
    ):
        raise BudgetExceeded(f"a batch of more than {MAX_OUTPUT:,} items")
    if name == "slice" and isinstance(a["slices"], int):
        charge(a["slices"])
    if name == "sum" and (isinstance(a["start"], bool) or not isinstance(a["start"], int | float)):
        raise ValueError("'sum' adds numbers only")
    if name == "tojson" and a["indent"] is not None:
        indent = a["indent"] if isinstance(a["indent"], int) else len(str(a["indent"]))
        if indent > MAX_JSON_INDENT:
            raise BudgetExceeded(f"a 'tojson' indent above {MAX_JSON_INDENT}")


_LEFT_OUT = frozenset({"urlize"})
"""Filters a printed rulebook has no use for and whose output no argument bounds: left out."""


def held_filters(
    filters: Mapping[str, Callable[..., Any]], charge: Callable[[int], None]
) -> dict[str, Callable[..., Any]]:
    """Every filter of ``filters`` behind the output limit (see the module); ``charge`` takes
    loop steps from the render's loop budget."""
    held = {}
    for name, filter_ in filters.items():
        if name in _LEFT_OUT:
            continue
        if name == "join":
            filter_ = _held_join(filter_)
        held[name] = _held(name, filter_, charge)
    return held


def _held(
    name: str, filter_: Callable[..., Any], charge: Callable[[int], None]
) -> Callable[..., Any]:
    """``filter_`` that measures its arguments first, predicts what it makes and checks it."""
    length = _FILTER_LENGTHS.get(name)
    signature = inspect.signature(filter_)
    # A context, an eval context or the environment may come first: it is not measured, and
    # it is bound by name only where the filter's own function asks for it (Jinja2's async
    # variants add an eval context their function does not take).
    passed = 1 if getattr(filter_, "jinja_pass_arg", None) else 0
    bound_from = 0 if getattr(inspect.unwrap(filter_), "jinja_pass_arg", None) else passed

    @wraps(filter_)  # keeps Jinja's marks (pass_context, pass_environment, pass_eval_context)
    def held(*args: Any, **kwargs: Any) -> Any:
        found = [measure(value) for value in (*args[passed:], *kwargs.values())]
        try:
            bound = signature.bind(*args[bound_from:], **kwargs)
        except TypeError:
            return filter_(*args, **kwargs)  # the filter's own error says what is wrong
        bound.apply_defaults()
        _checked_filter_arguments(name, bound.arguments, charge)
        if length is not None:
            require_length(length(bound.arguments), f"the '{name}' filter makes a text")
        result = filter_(*args, **kwargs)
        if isinstance(result, str):
            require_length(len(result), f"the '{name}' filter makes a text")
            for each in found:
                require_finite(each)
        return result

    return held


def _held_join(join: Callable[..., str]) -> Callable[..., str]:
    """``join`` that measures the joined text before it makes it."""

    @wraps(join)
    def held(eval_ctx: Any, value: Iterable[Any], d: str = "", attribute: Any = None) -> str:
        items = list(value)
        if attribute is not None:
            items = list(map(make_attrgetter(eval_ctx.environment, attribute), items))
        require_length(joined_length(items, d), "a joined text")
        result: str = join(eval_ctx, items, d)
        return result

    return held


_METHOD_LENGTHS: dict[str, Callable[[str, tuple[Any, ...]], int]] = {
    "center": lambda s, a: _widened(s, a[0] if a else 0),
    "ljust": lambda s, a: _widened(s, a[0] if a else 0),
    "rjust": lambda s, a: _widened(s, a[0] if a else 0),
    "zfill": lambda s, a: _widened(s, a[0] if a else 0),
    "expandtabs": lambda s, a: _expanded(s, a[0] if a else 8),
    "replace": lambda s, a: (
        _replaced(s, a[0], a[1], a[2] if len(a) > 2 else -1) if len(a) > 1 else 0
    ),
}


def predicted_call(method: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> Any:
    """``args`` for ``method`` (a ``str`` method a template calls), checked before the call.

    A ``join`` gets its items as a list (measured); the widening methods are
    refused when what they would make passes the output limit.
    """
    text = getattr(method, "__self__", None)
    name = getattr(method, "__name__", "")
    if not isinstance(text, str) or kwargs:
        return args
    if name == "join" and len(args) == 1:
        items = list(args[0])
        require_length(joined_length(items, text), "a joined text")
        return (items,)
    if name in _METHOD_LENGTHS:
        require_length(_METHOD_LENGTHS[name](text, args), f"'str.{name}' makes a text")
    return args


class HeldFormatter(SandboxedFormatter):
    """``str.format`` in the sandbox, each field measured and the whole held to the limit."""

    def __init__(self, env: Any, **kwargs: Any) -> None:
        super().__init__(env, **kwargs)
        self.made = 0

    def format_field(self, value: Any, format_spec: str) -> Any:
        """One field, refused when it would show inf or nan or pass the limit."""
        found = measure(value)
        require_finite(found)
        width, precision = _SPEC.match(format_spec).groups("")  # type: ignore[union-attr]
        self.made += max(found.length, _number(width)) + _number(precision)
        require_length(self.made, "a formatted text")
        return super().format_field(value, format_spec)


class HeldEscapeFormatter(HeldFormatter, EscapeFormatter):
    """:class:`HeldFormatter` for a ``Markup`` format string (it escapes what it inserts)."""


_SPEC = re.compile(r"(?:.?[<>=^])?[-+ ]?z?#?0?(\d*)[,_]?(?:\.(\d*))?")
"""The width and the precision of a format spec (a date's own spec matches with neither)."""
