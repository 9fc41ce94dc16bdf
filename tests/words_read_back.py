"""Which Dutch words an English kit still prints: the Dutch vocabulary of the language data
against the words read back from a PDF's pages."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium

from pnp.catalog.locate import common_folder

CARDSPECS = common_folder().parent
WORD = re.compile(r"[^\W\d_]{2,}")
"""A word: two or more letters (digits, ids and rule IDs are no words)."""
DATA_SUFFIXES = (".csv", ".toml", ".j2")
TEMPLATE_CODE = re.compile(r"\{#.*?#\}|(?<!\{)\{[A-Za-z_]\w*\}(?!\})", re.S)
"""A template's comment, or a placeholder such as ``{name}`` (a Jinja expression may hold
words the page prints, so it stays)."""
TOML_KEY = re.compile(r"^\s*[\w.\-\"]+\s*=|^\s*\[+[^\]]*\]+", re.M)
TOML_NAMES = re.compile(r"^\s*(when|src|art|extends|layout|back|table)\s*=.*$", re.M)
"""Lines of a layout or game.toml that name (a condition on a table's value, a file)."""
TOML_COMMENT = re.compile(r"^\s*#.*$", re.M)
ELEMENT_NAME = re.compile(r"^\s*name\s*=.*$", re.M)
HYPHEN_BREAK = re.compile(r"\ufffe\s*")
NAMING = re.compile(r"[/=]|\.json|\w\.\w")
"""A chunk that names rather than says: a record's path (its id), a claim's field, an
address. The proofreading edition prints them as they are, for whoever looks them up."""

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


def _words(path: Path, said_only: bool = False) -> set[str]:
    """The words of a data file; ``said_only``: only those it says, not the names it uses
    (placeholders and template code, a table's header, a TOML file's keys)."""
    text = path.read_text(encoding="utf-8")
    if said_only:
        text = TEMPLATE_CODE.sub(" ", text)
        if path.suffix == ".csv":
            text = text.partition("\n")[2]
        if path.suffix == ".toml":
            text = TOML_COMMENT.sub(" ", text)
            text = TOML_NAMES.sub(" ", text)
            if "layouts" in path.parts:  # a layout's element names are no words it prints
                text = ELEMENT_NAME.sub(" ", text)
            text = TOML_KEY.sub(" ", text)
    return {w.lower() for w in WORD.findall(text)}


def _data_files(edition: str | None) -> Iterable[Path]:
    for path in CARDSPECS.rglob("*"):
        if path.suffix not in DATA_SUFFIXES or "examples" in path.parts:
            continue
        relative = path.relative_to(CARDSPECS).parts
        in_edition = (len(relative) > 2 and relative[1] == "en") or relative[-2:] == (
            "taal",
            "en.toml",
        )
        if (edition == "en") == in_edition:
            yield path


@cache
def dutch_only_words() -> frozenset[str]:
    """Words of the Dutch language data that no English data file uses, proper names aside."""
    dutch: set[str] = set()
    for path in _data_files(None):
        dutch |= _words(path, said_only=True)
    english: set[str] = set()
    for path in _data_files("en"):
        english |= _words(path, said_only=True)
    return frozenset(dutch - english - PROPER_NAMES)


def page_words(pdf: Path) -> list[tuple[int, str]]:
    """Every word printed on every page of ``pdf``, with its page number (from 1)."""
    document = pdfium.PdfDocument(str(pdf))
    found = []
    try:
        for index in range(len(document)):
            text = document[index].get_textpage().get_text_range()
            # A word broken over two lines is one word (pdfium marks the break U+FFFE).
            text = HYPHEN_BREAK.sub("", text)
            for chunk in text.split():
                if not NAMING.search(chunk):
                    found += [(index + 1, w) for w in WORD.findall(chunk)]
    finally:
        document.close()
    return found


def dutch_words_in(pdf: Path) -> list[tuple[int, str]]:
    """The Dutch words ``pdf`` prints, with their pages."""
    dutch = dutch_only_words()
    return [(page, word) for page, word in page_words(pdf) if word.lower() in dutch]
