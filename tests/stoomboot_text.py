"""Reading a stoomboot PDF's text back for the sentences it states, line-break hyphens or not.

The rulebook hyphenates Dutch words at line ends ("omge- draaid" in the
extracted text); a test that looks for a sentence should find it either way.
"""

from __future__ import annotations

import re

_BREAK = re.compile(r"(?<=[a-zà-ÿ])- (?=[a-zà-ÿ])")
"""A hyphen at a line end inside a word: lower-case letters on both sides."""


def readable(text: str) -> str:
    """``text`` followed by the same text with every line-break hyphen joined up.

    A genuine hyphen between lower-case words ("Varen- en Stoombootkaarten")
    stays in the first copy, so ``in`` finds a sentence in either form.
    """
    return f"{text}\n{_BREAK.sub('', text)}"
