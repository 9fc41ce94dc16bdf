"""Content-stream operations for the read-back helpers: the same ``(operands, operator)`` list
pypdf's ``ContentStream(...).operations`` gives, from a compiled-regex tokenizer, cached per
stream content (the same form drawn in several files of a run is decoded and parsed once).

pypdf reads a content stream a byte at a time in Python, which made parsing most of the
read-back time of the suite. Here one regular expression splits the stream into tokens; the
operands are pypdf's own objects (``NumberObject``, ``FloatObject``, ``NameObject``, strings from
pypdf's ``create_string_object``, ``ArrayObject``). Anything this tokenizer does not know (dictionaries, comments,
inline images, escaped names, nested parentheses, hex strings, a number pypdf would read
differently) sends the whole stream to pypdf instead, so the result is pypdf's in every case.
tests/test_pdfops.py compares both parsers on every stream of real kits.
"""

from __future__ import annotations

import hashlib
import re
import weakref
from io import BytesIO
from typing import Any

from pypdf import PdfReader
from pypdf.generic import (
    ArrayObject,
    ContentStream,
    FloatObject,
    NameObject,
    NumberObject,
    create_string_object,
    read_string_from_stream,
)

Operation = tuple[list[Any], bytes]

# pypdf's delimiters (NameObject.delimiter_pattern): white space and ()<>[]{}/%. The stream is
# read as Latin-1 text: one character a byte, and str -> float is quicker than bytes -> float.
_REGULAR = r"[^\s()<>\[\]{}/%]"
_NUMBER = r"[+,\-.0-9]+"  # pypdf reads a number up to the first byte outside +,-.0-9
_TOKEN = re.compile(
    r"\s*(?:"  # white space before a token belongs to it
    # Most operations are numbers and an operator ("0 0 m", "1 w", "q"): one match each.
    rf"(?P<numbers>(?:{_NUMBER}\s+)*)(?P<simple>[A-Za-z'\"]{_REGULAR}*)"
    rf"|(?P<number>{_NUMBER})"
    rf"|(?P<name>/{_REGULAR}*)"
    r"|(?P<string>\((?:[^()\\]|\\[\s\S])*\))"  # a literal string without nested parentheses
    r"|(?P<open>\[)"
    r"|(?P<close>\])"
    r")",
    re.ASCII,  # \s is pypdf's white space: bytes 9-13 and 32, no others
)
_OPERATORS: dict[str, bytes] = {}
"""Each operator's bytes, made once."""


class _Unknown(Exception):
    """A token the fast path leaves to pypdf."""


def _number(token: str) -> Any:
    """pypdf's number object for ``token`` (``ValueError`` where pypdf would warn)."""
    if "." in token:
        return float.__new__(FloatObject, float(token))
    return int.__new__(NumberObject, int(token))


def _fast(data: bytes, forced_encoding: Any = None) -> list[Operation]:
    text = data.decode("latin-1")
    operations: list[Operation] = []
    operands: list[Any] = []
    arrays: list[list[Any]] = []
    end = 0
    try:
        for match in _TOKEN.finditer(text):
            if match.start() != end:
                raise _Unknown
            end = match.end()
            kind = match.lastgroup
            if kind == "simple":
                if arrays:
                    raise _Unknown
                numbers = match.group("numbers")
                if numbers:
                    operands += map(_number, numbers.split())
                name = match.group("simple")
                op = _OPERATORS.get(name)
                if op is None:
                    op = _OPERATORS[name] = name.encode("latin-1")
                if op in (b"BI", b"R"):  # an inline image's data; a reference pypdf refuses
                    raise _Unknown
                operations.append((operands, op))
                operands = []
                continue
            token = match.group(kind)  # type: ignore[arg-type]
            value: Any
            if kind == "number":
                value = _number(token)
            elif kind == "name":
                if "#" in token or not token.isascii():
                    raise _Unknown
                value = NameObject(token)
            elif kind == "string":
                raw = token.encode("latin-1")
                if "\\" in token:
                    value = read_string_from_stream(BytesIO(raw), forced_encoding)
                else:
                    value = create_string_object(raw[1:-1], forced_encoding)
            elif kind == "open":
                arrays.append([])
                continue
            else:  # close
                if not arrays:
                    raise _Unknown
                value = ArrayObject(arrays.pop())
            (arrays[-1] if arrays else operands).append(value)
    except ValueError:  # "1.2.3", "+-", ",": numbers pypdf reads its own way
        raise _Unknown from None
    if end != len(text.rstrip(" \t\n\r\f\v")) or arrays:
        raise _Unknown
    return operations


def parse(data: bytes, forced_encoding: Any = None) -> list[Operation]:
    """The operations of the decoded content stream ``data``, as pypdf reads them (strings
    decoded as ``ContentStream(..., forced_encoding)`` decodes them)."""
    try:
        return _fast(data, forced_encoding)
    except _Unknown:
        return slow_parse(data, forced_encoding)


_PYPDF_PARSE = ContentStream._parse_content_stream
"""pypdf's own parser (taken before :func:`tests.pdftext.page_texts` lends pypdf this one)."""


def slow_parse(data: bytes, forced_encoding: Any = None) -> list[Operation]:
    """pypdf's own reading of the decoded content stream ``data``."""
    stream = ContentStream(None, None, forced_encoding)
    _PYPDF_PARSE(stream, BytesIO(data))
    return list(stream.operations)


_FILES: weakref.WeakKeyDictionary[PdfReader, str] = weakref.WeakKeyDictionary()


def file_digest(reader: PdfReader) -> str:
    """A digest of the bytes ``reader`` reads: what is read back from a file is cached by it."""
    if reader not in _FILES:
        stream = reader.stream
        position = stream.tell()
        stream.seek(0)
        _FILES[reader] = hashlib.sha256(stream.read()).hexdigest()
        stream.seek(position)
    return _FILES[reader]


_PARSED: dict[tuple[str, str, str], list[Operation]] = {}
"""Parsed streams by their filters and the digest of their encoded bytes."""


def _stream_key(stream: Any) -> tuple[str, str, str] | None:
    """A key naming the decoded content of ``stream``: its filters, their parameters and a
    digest of its encoded bytes (the decoded bytes follow from these alone). ``None`` when the
    stream's bytes cannot be read without decoding it."""
    raw = getattr(stream, "_data", None)
    if not isinstance(raw, bytes):
        return None
    filters, parms = stream.get("/Filter"), stream.get("/DecodeParms")
    return repr(filters), repr(parms), hashlib.sha256(raw).hexdigest()


def operations(reader: PdfReader, stream: Any) -> list[Operation]:
    """The operations of a page's contents or a form XObject of ``reader`` (``[]`` for none).

    Parsed once per stream content: the same stream in another file, another reader of the
    same bytes, and the other tests of the process reading them, get the same list (do not
    change it). The encoded bytes and filters name the content, so a hit is neither decoded
    nor parsed again.
    """
    if stream is None:
        return []
    key = _stream_key(stream.get_object())
    if key is not None and key in _PARSED:
        return _PARSED[key]
    data = ContentStream(stream, reader).get_data()
    parsed = parse(data)
    if key is not None:
        _PARSED[key] = parsed
    return parsed


def page_operations(reader: PdfReader, index: int) -> list[Operation]:
    """The operations of page ``index`` of ``reader`` (its contents, one or more streams)."""
    page = reader.pages[index]
    contents = page.raw_get("/Contents") if "/Contents" in page else None
    if contents is None:
        return []
    resolved = contents.get_object()
    if isinstance(resolved, ArrayObject):
        return parse(ContentStream(resolved, reader).get_data())
    return operations(reader, resolved)
