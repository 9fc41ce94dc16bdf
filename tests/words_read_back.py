"""Which Dutch words an English kit still prints: the Dutch vocabulary of the language data
against the words read back from a PDF's pages."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium

from pnp.locate import common_folder

CARDSPECS = common_folder().parent
WORD = re.compile(r"[^\W\d_]{2,}")
"""A word: two or more letters (digits, ids and rule IDs are no words)."""
DATA_SUFFIXES = (".csv", ".toml", ".j2")

PROPER_NAMES = frozenset(
    {
        # the games, their figures and holidays, kept Dutch on purpose
        "sinterklaas", "sint", "sinten", "piet", "pieten", "pietje", "pietjes", "santoska",
        "pakjesavond", "stoomboot", "amerigo", "spanje",
        # the example players
        "anna", "bram", "cas", "daan", "eva", "fleur",
    }
)  # fmt: skip
"""Words a reader abroad meets in an English kit too (explained once in its rulebook)."""


def _words(path: Path) -> set[str]:
    return {w.lower() for w in WORD.findall(path.read_text(encoding="utf-8"))}


def _data_files(edition: str | None) -> Iterable[Path]:
    for path in CARDSPECS.rglob("*"):
        if path.suffix not in DATA_SUFFIXES or "examples" in path.parts:
            continue
        relative = path.relative_to(CARDSPECS).parts
        in_edition = len(relative) > 2 and relative[1] == "en" or relative[-2:] == ("taal", "en.toml")
        if (edition == "en") == in_edition:
            yield path


@cache
def dutch_only_words() -> frozenset[str]:
    """Words of the Dutch language data that no English data file uses, proper names aside."""
    dutch: set[str] = set()
    for path in _data_files(None):
        dutch |= _words(path)
    english: set[str] = set()
    for path in _data_files("en"):
        english |= _words(path)
    return frozenset(dutch - english - PROPER_NAMES)


def page_words(pdf: Path) -> list[tuple[int, str]]:
    """Every word printed on every page of ``pdf``, with its page number (from 1)."""
    document = pdfium.PdfDocument(str(pdf))
    found = []
    try:
        for index in range(len(document)):
            text = document[index].get_textpage().get_text_range()
            found += [(index + 1, w) for w in WORD.findall(text)]
    finally:
        document.close()
    return found


def dutch_words_in(pdf: Path) -> list[tuple[int, str]]:
    """The Dutch words ``pdf`` prints, with their pages."""
    dutch = dutch_only_words()
    return [(page, word) for page, word in page_words(pdf) if word.lower() in dutch]
