"""The read-back helpers give pypdf's own answers faster: the content-stream tokenizer gives
pypdf's operations (on hand-written streams with every syntax it leaves to pypdf, and on the
real streams of built kits), and text extraction with fonts read once gives pypdf's text."""

from __future__ import annotations

from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests.conftest import KitMaker
from tests.pdfops import _fast, _Unknown, operations, page_operations, parse, slow_parse
from tests.pdftext import page_texts


def _plain(value: Any) -> Any:
    """A value and its type, arrays item by item."""
    if isinstance(value, list):
        return (type(value).__name__, [_plain(item) for item in value])
    return (type(value).__name__, value)


def _same(data: bytes) -> None:
    for encoding in (None, "bytes"):  # text extraction reads strings as bytes
        fast, slow = parse(data, encoding), slow_parse(data, encoding)
        assert [(_plain(o), op) for o, op in fast] == [(_plain(o), op) for o, op in slow]


FAST = [
    b"q 1 0 0 1 10.5 -20 cm 0 0 m 5 5 l S Q",
    b".5 w -.25 0 m 1. 2 l h f* BT /F1 12 Tf 14.4 TL (Hallo) Tj T* (wereld) ' ET",
    b'BT /F1 8 Tf [(A) -120 (V) 30.5 (a)] TJ 1 2 (x) " ET',
    b"[] 0 d [3 1.5] 0 d 0 J 1 j /GS1 gs /FormXob.abc Do /Cs1 cs 0.1 0.2 0.3 scn",
    b"(esc \\( \\) \\\\ \\n \\101\\60\\0 \\\nline) Tj (\xe9\x80\x9f) Tj (\xfe\xff\x00A) Tj",
    b"  \n\r\t 1 0 0 1 0 0 cm\n\n",
    b"",
]
SLOW = [
    b"/Span <</MCID 0>> BDC (x) Tj EMC",  # a dictionary
    b"% a comment\n0 0 m",
    b"(nested (paren) string) Tj",
    b"<48656c6c6f> Tj",
    b"/A#20B Do",
    b"BI /W 1 /H 1 /BPC 8 /CS /G ID \x00 EI Q",
    b"1.2.3 w",
    b"[1 2 m]",
    b"1 2 ] m",
]


@pytest.mark.parametrize("data", FAST)
def test_the_tokenizer_reads_reportlab_syntax_itself_as_pypdf_does(data: bytes) -> None:
    _fast(data)  # no fallback
    _same(data)


@pytest.mark.parametrize("data", SLOW)
def test_other_syntax_goes_to_pypdf(data: bytes) -> None:
    with pytest.raises(_Unknown):
        _fast(data)
    if b"]" not in data:  # pypdf reads the unbalanced arrays in a way of its own, or fails
        _same(data)


def _streams(reader: PdfReader) -> list[Any]:
    """Every form XObject reachable from the pages of ``reader``."""
    forms: list[Any] = []
    seen: set[int] = set()

    def visit(resources: Any) -> None:
        for ref in (resources or {}).get("/XObject", {}).values():
            xobject = ref.get_object()
            if ref.idnum not in seen and xobject.get("/Subtype") == "/Form":
                seen.add(ref.idnum)
                forms.append(xobject)
                visit(xobject.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return forms


def _compare_kit(kit: KitMaker, game: str, files: tuple[str, ...], pages: int) -> None:
    built = kit(game)
    for name in files:
        reader = built.reader(name)
        for index in range(min(pages, len(reader.pages))):
            slow = ContentStream(reader.pages[index].get_contents(), reader).operations
            fast = page_operations(reader, index)
            assert [(_plain(o), op) for o, op in fast] == [(_plain(o), op) for o, op in slow]
        for form in _streams(reader):
            slow = ContentStream(form, reader).operations
            assert [(_plain(o), op) for o, op in operations(reader, form)] == [
                (_plain(o), op) for o, op in slow
            ], f"{name}: form {form.indirect_reference}"


@pytest.mark.parametrize("game", ["sinterklaas", "stoomboot", "twaalf-dagen", "santoska"])
def test_a_kits_first_pages_and_forms_read_the_same_both_ways(kit: KitMaker, game: str) -> None:
    """Each game's card sheets and rulebook: the first pages and every form they draw."""
    _compare_kit(kit, game, ("kaarten.pdf", "spelregels.pdf"), 2)


@pytest.mark.slow  # every stream of every PDF of two kits: pypdf's parser takes a while
@pytest.mark.parametrize("game", ["sinterklaas", "stoomboot"])
def test_every_stream_of_a_kit_reads_the_same_both_ways(kit: KitMaker, game: str) -> None:
    files = tuple(name for name in kit(game, proof=True).files if name.endswith(".pdf"))
    _compare_kit(kit, game, files, 10_000)


def test_a_second_reader_of_the_same_bytes_reuses_the_parsed_streams(kit: KitMaker) -> None:
    path = kit("santoska").path("kaarten.pdf")
    first, second = PdfReader(path), PdfReader(path)
    assert page_operations(first, 0) is page_operations(second, 0)
    assert page_operations(first, 0), "the page draws"


def test_page_texts_are_pypdfs_own_text(kit: KitMaker) -> None:
    built = kit("santoska")
    for name in ("spelregels.pdf", "kaarten.pdf"):
        fast = page_texts(built.reader(name), collapse=False)
        pages = PdfReader(built.path(name)).pages
        assert fast[:3] == [page.extract_text() for page in pages[:3]], name
        assert any(fast), name


@pytest.mark.slow  # pypdf's own extraction takes seconds a file
@pytest.mark.parametrize("game", ["sinterklaas", "stoomboot"])
def test_every_page_text_is_pypdfs_own_text(kit: KitMaker, game: str) -> None:
    """Every page of the card sheets and the rulebook (card pictures in forms, many fonts)."""
    built = kit(game)
    for name in ("kaarten.pdf", "spelregels.pdf"):
        fast = page_texts(built.reader(name), collapse=False)
        assert fast == [page.extract_text() for page in PdfReader(built.path(name)).pages], name
