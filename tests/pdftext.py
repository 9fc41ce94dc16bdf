"""Text extraction for the read-back tests: pypdf's ``extract_text``, with each font read once
and the content streams read by :mod:`tests.pdfops`.

pypdf builds a font (its widths and its ToUnicode map) from the font's dictionary again for
every page and every form XObject that uses it: a rulebook with pictures of cards rebuilt the
same few fonts thousands of times, most of the time of reading its text. While
:func:`page_texts` runs, pypdf's ``Font.from_font_resource`` answers a font dictionary it has
already seen with the font it built for it. The one change extraction makes to a font, its
default space width, sets the same value each time, so the text is pypdf's own. Its content
streams are parsed by :func:`tests.pdfops.parse`, which gives pypdf's own operations.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from pypdf import PdfReader
from pypdf.generic import ContentStream, _font

from tests.pdfops import parse


def _parse_content_stream(self: ContentStream, stream: IO[Any]) -> None:
    """pypdf's ``ContentStream._parse_content_stream``, by :func:`tests.pdfops.parse`."""
    stream.seek(0)
    self._operations = parse(stream.read(), self.forced_encoding)


@contextmanager
def _fonts_read_once() -> Iterator[None]:
    """Within the block, each font dictionary (by identity) is made into a font once, and
    content streams are parsed by :func:`tests.pdfops.parse`."""
    original = _font.Font.from_font_resource
    parser = ContentStream._parse_content_stream
    made: dict[int, tuple[Any, Any]] = {}  # id -> (dictionary, font): the dictionary stays alive

    def cached(pdf_font_dict: Any) -> Any:
        key = id(pdf_font_dict)
        if key not in made:
            made[key] = (pdf_font_dict, original(pdf_font_dict))
        return made[key][1]

    _font.Font.from_font_resource = cached  # type: ignore[method-assign]
    ContentStream._parse_content_stream = _parse_content_stream  # type: ignore[method-assign]
    try:
        yield
    finally:
        _font.Font.from_font_resource = original  # type: ignore[method-assign]
        ContentStream._parse_content_stream = parser  # type: ignore[method-assign]


def page_texts(reader: PdfReader, collapse: bool = True) -> list[str]:
    """The text pypdf extracts from each page of ``reader`` (``""`` for none); with
    ``collapse`` every run of white space is one space and the ends are trimmed."""
    with _fonts_read_once():
        texts = [page.extract_text() or "" for page in reader.pages]
    return [" ".join(text.split()) for text in texts] if collapse else texts
