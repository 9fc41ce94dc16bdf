"""How long a template value's text would be, found without making the text.

A rulebook template may build values whose text is far larger than the values
themselves: a list that holds itself twice, forty times over, is a few hundred
bytes, and its text is 2**40 characters. :func:`measure` walks a value the way
``str()`` would, counting characters, and stops as soon as the count passes the
output limit, so it takes at most about :data:`MAX_OUTPUT` steps whatever the
value. It also tells whether the text would show a number that is not finite
(``inf``, ``nan``), which a rulebook never prints.

The count is the text's length within a small factor (a string inside a list
counts its quotes but not the escapes of its characters): it is there to stop a value whose text
would be huge before it is made; the text made is counted again exactly.
"""

from __future__ import annotations

import math
import re
from collections.abc import ItemsView, KeysView, ValuesView
from dataclasses import dataclass

from jinja2.environment import TemplateModule
from jinja2.utils import Namespace

MAX_OUTPUT = 1_000_000
"""The most characters one template render may produce (a rulebook is a few tens of thousands),
and so the longest text any one value of a render may have."""

_SCALAR_LENGTH = 24
"""What a number, a date or any other small value counts (``repr`` of a float is at most 24)."""

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029]")
"""Characters no template and no rulebook text may hold: control characters and Unicode line
separators (a tab, a line feed and a carriage return are allowed)."""


class BudgetExceeded(Exception):
    """A template asked for more than a render's budget; the message says what."""


class RefusedText(ValueError):
    """A template would put text into the rulebook that no rulebook holds (see the message)."""


@dataclass(frozen=True)
class Measure:
    """What :func:`measure` found: the text's length (capped) and whether it shows inf or nan."""

    length: int
    not_finite: bool


def measure(value: object, limit: int = MAX_OUTPUT) -> Measure:
    """The length ``str(value)`` would about have and whether it would show inf or nan.

    Raises :class:`BudgetExceeded` as soon as the length passes ``limit``.
    Containers are walked without recursion (a deep list is no problem); an
    iterator is never consumed (it counts as a small value).
    """
    length = 0
    not_finite = False
    pending: list[object] = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            length += len(item)
        elif isinstance(item, float):
            not_finite = not_finite or not math.isfinite(item)
            length += _SCALAR_LENGTH
        elif isinstance(item, int):
            length += item.bit_length() // 3 + 2  # a decimal digit holds more than 3 bits
        elif isinstance(item, dict | ItemsView):  # not any Mapping: Jinja2's Context is one
            pending.extend(item.items() if isinstance(item, dict) else item)
            length += 2 + 8 * len(item)  # separators, and quotes around strings
        elif isinstance(item, list | tuple | set | frozenset | KeysView | ValuesView):
            pending.extend(item)
            length += 2 + 4 * len(item)
        elif isinstance(item, Namespace):
            pending.append(object.__getattribute__(item, "_Namespace__attrs"))
        elif isinstance(item, TemplateModule):
            pending.append(item._body_stream)  # its text is the imported template's output
        else:
            length += _SCALAR_LENGTH
        if length > limit:
            raise BudgetExceeded(f"a text longer than {limit:,} characters")
    return Measure(length, not_finite)


def require_length(length: int, what: str = "a text") -> None:
    """Refuse ``length`` characters of ``what`` when they pass the output limit."""
    if length > MAX_OUTPUT:
        raise BudgetExceeded(f"{what} longer than {MAX_OUTPUT:,} characters")


def require_finite(found: Measure) -> None:
    """Refuse text that would show a number that is not finite."""
    if found.not_finite:
        raise RefusedText("a number that is not finite (inf or nan) may not reach the rulebook")


def require_printable(text: str) -> None:
    """Refuse text that holds a control character (see :data:`CONTROL`)."""
    if control := CONTROL.search(text):
        raise RefusedText(
            f"the rulebook text would hold the control character U+{ord(control.group()):04X}"
        )


def checked_text_value(value: object) -> object:
    """``value`` unchanged, if its text may reach the rulebook: short, finite and printable."""
    found = measure(value)
    require_finite(found)
    if isinstance(value, str):
        require_length(len(value))
        require_printable(value)
    return value
