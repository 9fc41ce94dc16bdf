"""Text extraction for the read-back tests: pypdf's ``extract_text``, with each font read once
and the content streams read by :mod:`tests.pdfops`.

pypdf builds a font (its widths and its ToUnicode map) from the font's dictionary again for
every page and every form XObject that uses it: a rulebook with pictures of cards rebuilt the
same few fonts thousands of times, most of the time of reading its text. While
:func:`page_texts` runs, pypdf's ``Font.from_font_resource`` answers a font dictionary it has
already seen with the font it built for it. The one change extraction makes to a font, its
default space width, sets the same value each time, so the text is pypdf's own. Its content
streams are parsed by :func:`tests.pdfops.parse`, which gives pypdf's own operations, once per
stream content; ASCII85 data (a pure function of its bytes) is decoded once per content, and
the cp1252 table of the placeholder font each extraction starts with is made once: the same
card pictures drawn in many rulebooks and kits of a run are read once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any

from pypdf import PdfReader, _codecs, filters
from pypdf._text_extraction import _text_extractor
from pypdf.generic import ContentStream, _font

from tests.pdfops import Operation, file_digest, parse

_PARSED: dict[tuple[str, bytes], list[Operation]] = {}
"""Parsed streams by how strings are read and the digest of the decoded bytes."""


def _parse_content_stream(self: ContentStream, stream: IO[Any]) -> None:
    """pypdf's ``ContentStream._parse_content_stream``, by :func:`tests.pdfops.parse`, once per
    stream content: the same form drawn on many pages and in many files of a run is parsed once.

    Each stream gets its own list of the shared operations (text extraction only reads them)."""
    stream.seek(0)
    data = stream.read()
    key = (repr(self.forced_encoding), hashlib.sha256(data).digest())
    if key not in _PARSED:
        _PARSED[key] = parse(data, self.forced_encoding)
    self._operations = list(_PARSED[key])


_DECODED: dict[bytes, bytes] = {}
"""ASCII85-decoded stream data by the digest of the encoded bytes."""
_ENCODINGS: dict[str, dict[int, str]] = {}
"""Each named encoding's table, made once."""


def _ascii85(original: Callable[..., bytes]) -> Callable[..., bytes]:
    """``ASCII85Decode.decode``, once per encoded content (a pure function of its bytes)."""

    def decode(data: str | bytes, decode_parms: Any = None, **kwargs: Any) -> bytes:
        if not isinstance(data, bytes):
            return original(data, decode_parms, **kwargs)
        key = hashlib.sha256(data).digest()
        if key not in _DECODED:
            _DECODED[key] = original(data, decode_parms, **kwargs)
        return _DECODED[key]

    return decode


def _named_encoding(encoding: str) -> dict[int, str]:
    """pypdf's ``encoding_dict_from_named_encoding``: a new dictionary of the table made once
    (each text extraction starts with a placeholder font of the cp1252 table)."""
    if encoding not in _ENCODINGS:
        _ENCODINGS[encoding] = _codecs.encoding_dict_from_named_encoding(encoding)
    return dict(_ENCODINGS[encoding])


@contextmanager
def _read_once() -> Iterator[None]:
    """Within the block, each font dictionary (by identity) is made into a font once, content
    streams are parsed by :func:`tests.pdfops.parse` once per content, ASCII85 data is decoded
    once per content and the placeholder font's encoding table is made once: pypdf's answers,
    without doing the same work again."""
    original = _font.Font.from_font_resource
    parser = ContentStream._parse_content_stream
    a85 = filters.ASCII85Decode.decode
    encoding = _text_extractor.encoding_dict_from_named_encoding
    made: dict[int, tuple[Any, Any]] = {}  # id -> (dictionary, font): the dictionary stays alive

    def cached(pdf_font_dict: Any) -> Any:
        key = id(pdf_font_dict)
        if key not in made:
            made[key] = (pdf_font_dict, original(pdf_font_dict))
        return made[key][1]

    _font.Font.from_font_resource = cached  # type: ignore[method-assign]
    ContentStream._parse_content_stream = _parse_content_stream  # type: ignore[method-assign]
    filters.ASCII85Decode.decode = staticmethod(_ascii85(a85))  # type: ignore[method-assign]
    _text_extractor.encoding_dict_from_named_encoding = _named_encoding
    try:
        yield
    finally:
        _font.Font.from_font_resource = original  # type: ignore[method-assign]
        ContentStream._parse_content_stream = parser  # type: ignore[method-assign]
        filters.ASCII85Decode.decode = staticmethod(a85)  # type: ignore[method-assign]
        _text_extractor.encoding_dict_from_named_encoding = encoding


_TEXTS: dict[str, list[str]] = {}
"""Each file's page texts by the digest of its bytes: the same PDF in two kits is read once."""


def page_texts(reader: PdfReader, collapse: bool = True) -> list[str]:
    """The text pypdf extracts from each page of ``reader`` (``""`` for none); with
    ``collapse`` every run of white space is one space and the ends are trimmed.

    Read once per file content in a run; each call gets a list of its own."""
    key = file_digest(reader)
    if key not in _TEXTS:
        with _read_once():
            _TEXTS[key] = [page.extract_text() or "" for page in reader.pages]
    texts = _TEXTS[key]
    return [" ".join(text.split()) for text in texts] if collapse else list(texts)
