"""Every named resource a PDF's content streams use, checked against where it must be defined.

A content stream names resources: fonts (``Tf``), graphics states (``gs``),
XObjects (``Do``), colour spaces (``cs``/``CS``), shadings (``sh``) and
patterns (``scn``/``SCN`` with a name). A page's names must be in its
``/Resources``; a form XObject's in its own ``/Resources`` (falling back to
the page's only when the form has none, which PDF 1.2+ deprecates).
Nested forms are walked in turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream, NameObject

_CATEGORY = {
    b"Tf": "/Font",
    b"gs": "/ExtGState",
    b"Do": "/XObject",
    b"cs": "/ColorSpace",
    b"CS": "/ColorSpace",
    b"sh": "/Shading",
}
_DEVICE_SPACES = {"/DeviceGray", "/DeviceRGB", "/DeviceCMYK", "/Pattern"}


@dataclass(frozen=True)
class Miss:
    """A resource a stream uses that its resources do not define."""

    page: int
    where: str
    category: str
    name: str


def _names(resources: Any, category: str) -> set[str]:
    if resources is None:
        return set()
    table = resources.get_object().get(category)
    return set() if table is None else {str(key) for key in table.get_object()}


def _operations(
    reader: PdfReader, stream: Any, parsed: dict[int, tuple[Any, list[Any]]]
) -> list[Any]:
    """The stream's operations, parsed once per document (a form is drawn on many pages)."""
    # The entry holds the stream itself, so its id is not reused while the cache lives.
    if id(stream) not in parsed:
        parsed[id(stream)] = (stream, ContentStream(stream, reader).operations)
    return parsed[id(stream)][1]


def _walk(
    reader: PdfReader,
    stream: Any,
    resources: Any,
    page: int,
    where: str,
    seen: set[int],
    parsed: dict[int, tuple[Any, list[Any]]],
) -> Iterator[Miss]:
    for operands, op in _operations(reader, stream, parsed):
        category = _CATEGORY.get(op)
        if op in (b"scn", b"SCN") and operands and isinstance(operands[-1], NameObject):
            category = "/Pattern"
        if category is None or not operands:
            continue
        name = str(operands[0] if category != "/Pattern" else operands[-1])
        if category == "/ColorSpace" and name in _DEVICE_SPACES:
            continue
        if name not in _names(resources, category):
            yield Miss(page, where, category, name)
            continue
        if op == b"Do":
            xobject = resources.get_object()["/XObject"][name].get_object()
            if xobject.get("/Subtype") != "/Form" or id(xobject) in seen:
                continue
            seen.add(id(xobject))
            own = xobject.get("/Resources")
            yield from _walk(
                reader, xobject, own if own is not None else resources, page, name, seen, parsed
            )


def undefined_resources(reader: PdfReader) -> list[Miss]:
    """Every use of a named resource, on any page or in any form, that is not defined there."""
    misses: list[Miss] = []
    parsed: dict[int, tuple[Any, list[Any]]] = {}
    for index, page in enumerate(reader.pages):
        resources = page.get("/Resources")
        misses += _walk(reader, page.get_contents(), resources, index + 1, "page", set(), parsed)
    return misses
