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
from pypdf.generic import NameObject

from tests.pdfops import operations, page_operations

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


def _walk(
    reader: PdfReader,
    ops: list[Any],
    resources: Any,
    page: int,
    where: str,
    seen: set[int],
) -> Iterator[Miss]:
    for operands, op in ops:
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
                reader,
                operations(reader, xobject),
                own if own is not None else resources,
                page,
                name,
                seen,
            )


def undefined_resources(reader: PdfReader) -> list[Miss]:
    """Every use of a named resource, on any page or in any form, that is not defined there."""
    misses: list[Miss] = []
    for index, page in enumerate(reader.pages):
        resources = page.get("/Resources")
        misses += _walk(reader, page_operations(reader, index), resources, index + 1, "page", set())
    return misses
