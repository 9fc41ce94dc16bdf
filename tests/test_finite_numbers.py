"""No NaN or infinity ever reaches a PDF: every content stream of every kit, pages and the forms
they draw (nested forms too), holds finite numbers only."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject
from reportlab.pdfgen.canvas import Canvas

from tests.conftest import KitMaker
from tests.test_pdf_validity import KITS

_STRING = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>", re.DOTALL)
"""Text strings of a content stream: their bytes are glyph codes, not numbers."""
_NOT_FINITE = re.compile(rb"(?<![\w./])[-+]?(?:nan|inf(?:inity)?)(?![\w])", re.IGNORECASE)


def content_streams(reader: PdfReader) -> Iterator[tuple[str, bytes]]:
    """(where, decoded bytes) of every page's content and every form XObject it draws."""
    seen: set[int] = set()
    for number, page in enumerate(reader.pages, start=1):
        contents = page.get_contents()
        if contents is not None:
            yield f"page {number}", contents.get_data()
        yield from _forms(page.get("/Resources"), f"page {number}", seen)


def _forms(resources: Any, where: str, seen: set[int]) -> Iterator[tuple[str, bytes]]:
    if resources is None:
        return
    resources = resources.get_object()
    xobjects = resources.get("/XObject")
    if not isinstance(xobjects, DictionaryObject):
        return
    for name, ref in xobjects.items():
        key = getattr(ref, "idnum", id(ref))
        form = ref.get_object()
        if key in seen or form.get("/Subtype") != "/Form":
            continue
        seen.add(key)
        yield f"{where} {name}", form.get_data()
        yield from _forms(form.get("/Resources"), f"{where} {name}", seen)


def not_finite(data: bytes) -> list[bytes]:
    """The NaN and infinity tokens of a content stream, outside its text strings."""
    return _NOT_FINITE.findall(_STRING.sub(b"()", data))


@pytest.mark.parametrize(("game", "variants", "options"), KITS)
def test_every_number_in_every_content_stream_is_finite(
    kit: KitMaker, game: str, variants: tuple[str, ...], options: dict[str, Any]
) -> None:
    built = kit(game, variants, **options)
    streams = 0
    for name in sorted(n for n in built.files if n.endswith(".pdf")):
        for where, data in content_streams(built.reader(name)):
            streams += 1
            found = not_finite(data)
            assert not found, f"{name} {where}: {found[:3]}"
    assert streams > 0


def test_the_scan_finds_a_nan_reportlab_writes() -> None:
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.transform(1, 0, 0, 1, float("nan"), 0)
    canvas.drawString(10, 10, "nan inf")  # words in text do not count
    canvas.showPage()
    canvas.save()
    streams = list(content_streams(PdfReader(buffer)))
    assert [not_finite(data) for _, data in streams] == [[b"nan"]]
