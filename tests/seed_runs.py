"""Runs of words shared with the original rule texts the games were written from.

The rulebooks restate the original Dutch rule texts in words of their own. The texts themselves
are not part of the project: ``tests/fixtures/seed_runs.txt`` holds only a digest of every run
of :data:`RUN` consecutive words in them, so a test can tell whether a kit repeats such a run
without the project carrying a sentence of the originals.

Both sides are read the same way (:func:`words`):

- Unicode is folded with NFKC (ligatures and compatibility forms become plain letters), soft
  hyphens are dropped, and curly apostrophes become straight ones;
- a word broken at the end of a line (``combi- natie``, as text extraction gives a hyphenated
  line end) is joined again: a hyphen right after a letter, followed by white space and a
  lower-case letter, is removed with the space;
- everything is lower case, and a word is a run of letters and digits (an apostrophe inside a
  word, as in ``Sint's``, keeps it whole); all other punctuation, quotation marks, bullets,
  dashes and white space only separate words.

So case, punctuation, line breaks and hyphenation never hide a run, while a run written with
other words (or digits where the original has number words) is a run of our own.

``python -m tests.seed_runs FOLDER`` writes the digests of the ``*.txt`` files in ``FOLDER``.
"""

from __future__ import annotations

import hashlib
import re
import sys
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

RUN = 8
"""The length of a run of words that may not be shared with the original texts."""

DIGESTS = Path(__file__).parent / "fixtures" / "seed_runs.txt"
"""The digests of every run of :data:`RUN` words of the original texts, one per line."""

_BROKEN = re.compile(r"(?<=[^\W\d_])-\s+(?=[a-zà-ÿ])")
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


def words(text: str) -> list[str]:
    """The words of ``text``, normalised as the module docstring says."""
    text = unicodedata.normalize("NFKC", text).replace("\u00ad", "")
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    text = _BROKEN.sub("", text)
    return _WORD.findall(text.lower())


def runs(tokens: Sequence[str], length: int = RUN) -> Iterator[tuple[int, str]]:
    """Each run of ``length`` consecutive words of ``tokens``: its start and its digest."""
    for start in range(len(tokens) - length + 1):
        yield start, digest(tokens[start : start + length])


def digest(run: Iterable[str]) -> str:
    """The digest of a run of words (64 bits of BLAKE2b of the words joined by spaces)."""
    return hashlib.blake2b(" ".join(run).encode("utf-8"), digest_size=8).hexdigest()


def load_digests() -> frozenset[str]:
    """The digests of :data:`DIGESTS` (lines starting with ``#`` are comments)."""
    lines = DIGESTS.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def shared_runs(text: str, digests: frozenset[str]) -> list[str]:
    """The runs of :data:`RUN` or more words of ``text`` whose every run of :data:`RUN` words
    is in ``digests``, each as its words (overlapping hits merged into one run)."""
    tokens = words(text)
    hits = [start for start, key in runs(tokens) if key in digests]
    found: list[str] = []
    first = last = -1
    for start in hits:
        if start > last + 1:
            if last >= 0:
                found.append(" ".join(tokens[first : last + RUN]))
            first = start
        last = start
    if last >= 0:
        found.append(" ".join(tokens[first : last + RUN]))
    return found


def write_digests(folder: Path) -> int:
    """Write the digests of every run in the ``*.txt`` files of ``folder``; their number."""
    keys: set[str] = set()
    for path in sorted(folder.glob("*.txt")):
        keys.update(key for _, key in runs(words(path.read_text(encoding="utf-8"))))
    header = (
        f"# BLAKE2b-64 digests of every run of {RUN} words of the original rule texts,\n"
        "# normalised by tests.seed_runs.words; written by `python -m tests.seed_runs FOLDER`.\n"
    )
    DIGESTS.write_text(header + "".join(f"{key}\n" for key in sorted(keys)), encoding="utf-8")
    return len(keys)


if __name__ == "__main__":
    if len(sys.argv) != 2 or not Path(sys.argv[1]).is_dir():
        sys.exit("usage: python -m tests.seed_runs FOLDER (the folder of the original texts)")
    print(f"wrote {write_digests(Path(sys.argv[1]))} digests to {DIGESTS}")
