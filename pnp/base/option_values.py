"""Values typed as text (on the command line, in ``pnp.toml``): numbers, folder names, and the
ranges every command that takes them shares.

Numbers are plain ASCII decimals only. Python's ``int()`` and ``float()`` also read ``1_0`` as
10, full-width and other Unicode digits (U+FF11 for 1), surrounding whitespace and, for floats,
``nan``, ``inf`` and exponents: none of these is how a person writes a count or a millimetre,
and each is more likely a slip than meant, so each is refused here instead.
"""

from __future__ import annotations

import re
import unicodedata

SEED_MAX = 2**32 - 1
"""The largest seed (of ``build --seed``, ``simulate --seed``, ``study --seed``); the smallest is 0."""
MAX_JOBS = 64
"""The most processes one command works with (``--jobs`` of every command)."""
MAX_GAMES = 1_000_000
"""The most games one run plays or searches (``--games``, ``--seeds``): results stay in memory."""
MAX_PLAYERS = 12
"""The most players ``--players`` takes (each game then says which counts it is for)."""

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_MAX_DIGITS = 40
"""Longer numbers are out of every range pnp has (and ``int()`` of thousands of digits is slow)."""
QUOTED_MAX = 60
"""The most characters of the input an error message quotes."""
_CONTROL = ("Cc", "Zl", "Zp")
"""Unicode categories of the characters no name pnp writes may hold: control characters (NUL,
newline, tab, ESC, DEL, C1) and the line and paragraph separators."""


def quoted(text: str) -> str:
    """``text`` as an error message quotes it: ``repr`` (control characters escaped), cut to
    :data:`QUOTED_MAX` characters."""
    return repr(text if len(text) <= QUOTED_MAX else text[:QUOTED_MAX] + "…")


def plain_whole(text: str) -> int | None:
    """``text`` as a whole number if it is one written in ASCII digits (an optional sign, no
    spaces, no underscores); else ``None``."""
    if len(text) > _MAX_DIGITS or not _WHOLE.fullmatch(text):
        return None
    return int(text)


def plain_decimal(text: str) -> float | None:
    """``text`` as a number if it is a plain decimal in ASCII (``-1.5``, ``2``, ``.5``: no
    exponent, no ``nan`` or ``inf``, no underscores or spaces); else ``None``."""
    if len(text) > _MAX_DIGITS or not _DECIMAL.fullmatch(text):
        return None
    return float(text)


def whole_in_range(value: str | int, low: int, high: int) -> int:
    """``value`` (text as typed, or a number already) as a whole number from ``low`` to
    ``high``; else a :class:`ValueError` to follow the option's name, e.g. ``takes a whole
    number from 1 to 64, not 0``."""
    number = value if type(value) is int else plain_whole(value) if isinstance(value, str) else None
    if number is not None and low <= number <= high:
        return number
    shown = str(value) if number is not None and len(str(value)) <= QUOTED_MAX else None
    raise ValueError(
        f"takes a whole number from {low} to {high}, not {shown or quoted(str(value))}"
    )


def has_control_characters(text: str) -> bool:
    """Whether ``text`` holds a control character or a line or paragraph separator."""
    return any(unicodedata.category(char) in _CONTROL for char in text)


def folder_name_problem(text: str) -> str | None:
    """What is wrong with ``text`` as the name of a folder pnp writes into, or ``None``: it is
    empty (which would mean the working folder), blank, or holds control characters."""
    if not text.strip():
        return f"a folder name, not {quoted(text)}"
    if has_control_characters(text):
        return f"a folder name without control characters, not {quoted(text)}"
    return None
