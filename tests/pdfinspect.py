"""A small PDF content-stream interpreter for tests: reads back what a PDF really draws.

It follows the graphics state (``q``/``Q``/``cm``), text state (``Tf``/``Tm``) and
form XObjects (``Do``, recursively), and reports form placements, text runs,
stroked segments and clip rectangles in page coordinates (points).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pypdf import PdfReader

from tests.pdfops import file_digest, operations, page_operations

MM = 72.0 / 25.4
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF row-vector convention: m x n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    """Transform a point."""
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def scale_of(m: Matrix) -> float:
    """Uniform scale factor of a matrix (geometric mean of the axes)."""
    a, b, c, d, _, _ = m
    return float(abs(a * d - b * c) ** 0.5)


Colour = tuple[float, float, float] | None
"""A fill or stroke colour as RGB from 0 to 1 (None: the default black)."""


@dataclass
class FormUse:
    name: str
    ctm: Matrix
    bbox: tuple[float, float, float, float]
    parents: tuple[str, ...]

    def box(self) -> tuple[float, float, float, float]:
        """The form's BBox in page coordinates: (x, y, w, h) in points (axis-aligned)."""
        x0, y0, x1, y1 = self.bbox
        p = apply(self.ctm, x0, y0)
        q = apply(self.ctm, x1, y1)
        return (min(p[0], q[0]), min(p[1], q[1]), abs(q[0] - p[0]), abs(q[1] - p[1]))


@dataclass
class TextRun:
    text: str
    font: str
    size: float
    """Effective size on the page, in points."""
    x: float
    y: float
    parents: tuple[str, ...]
    width: float = 0.0
    """Advance width on the page, in points, from the font's /Widths (0 when it has none)."""
    colour: tuple[float, float, float] | None = None
    """The fill colour it is drawn in (RGB from 0 to 1; None: the default black)."""


@dataclass
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float
    parents: tuple[str, ...] = ()
    """The forms it is drawn in, outermost first (empty: on the page itself)."""


@dataclass
class Fill:
    """A filled path: the bounding box of its points (x, y, w, h) in page points."""

    box: tuple[float, float, float, float]
    parents: tuple[str, ...] = ()
    colour: tuple[float, float, float] | None = None
    """The fill colour (RGB from 0 to 1; None: the default black)."""


@dataclass
class Stroke:
    """A stroked path: the bounding box of its points (x, y, w, h) in page points."""

    box: tuple[float, float, float, float]
    parents: tuple[str, ...] = ()
    colour: tuple[float, float, float] | None = None
    """The stroke colour (RGB from 0 to 1; None: the default black)."""


@dataclass
class PageContent:
    forms: list[FormUse] = field(default_factory=list)
    texts: list[TextRun] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)
    clips: list[tuple[float, float, float, float]] = field(default_factory=list)
    fills: list[Fill] = field(default_factory=list)
    strokes: list[Stroke] = field(default_factory=list)


def _decode(raw: Any, font: Any) -> str:
    if isinstance(raw, bytes):
        return raw.decode("latin-1")
    return str(raw)


_PAGES: dict[tuple[str, int, bool], PageContent] = {}
"""Pages already read, by the digest of the file's bytes: the tests sharing a kit read the same
pages again, and two kits may hold the same file."""


def read_page(reader: PdfReader, index: int, descend: bool = True) -> PageContent:
    """Everything drawn on one page; with ``descend`` also what its forms draw."""
    key = (file_digest(reader), index, descend)
    if key not in _PAGES:
        page = reader.pages[index]
        content = PageContent()
        ops = page_operations(reader, index)
        _walk(reader, ops, page["/Resources"], IDENTITY, (), content, descend)
        _PAGES[key] = content
    done = _PAGES[key]
    # A copy of the lists: a test may filter or sort them without changing the next test's.
    return PageContent(
        list(done.forms),
        list(done.texts),
        list(done.segments),
        list(done.clips),
        list(done.fills),
        list(done.strokes),
    )


_HANDLED = frozenset(
    b"q Q cm w rg g RG G BT Tf TL Tm Td TD T* Tj TJ ' \" m l re S s B B* b b* f F f* W W* n Do".split()
)
"""The operators the interpreter follows; it passes over every other one."""


def _walk(
    reader: PdfReader,
    ops: list[Any],
    resources: Any,
    base: Matrix,
    parents: tuple[str, ...],
    out: PageContent,
    descend: bool,
    inherited: tuple[float, float, float] | None = None,
    inherited_stroke: tuple[float, float, float] | None = None,
) -> None:
    ctm = base
    stack: list[tuple[Matrix, float, Colour, Colour]] = []
    line_width = 1.0
    colour = inherited
    stroke: Colour = inherited_stroke
    tm = IDENTITY
    line_start = IDENTITY
    leading = 0.0
    font_name = ""
    font_size = 0.0
    font_widths: tuple[int, list[float]] | None = None
    current: tuple[float, float] | None = None
    pending_segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
    rects: list[tuple[float, float, float, float]] = []
    points: list[tuple[float, float]] = []
    """Every point of the current path (curves by their control points), in page points."""
    fonts = resources.get("/Font", {}) if resources else {}
    xobjects = resources.get("/XObject", {}) if resources else {}
    for operands, op in ops:
        if op not in _HANDLED:  # curves, colours, dashes: most operations change nothing here
            continue
        if op == b"q":
            stack.append((ctm, line_width, colour, stroke))
        elif op == b"Q":
            ctm, line_width, colour, stroke = stack.pop()
        elif op == b"RG":
            stroke = (float(operands[0]), float(operands[1]), float(operands[2]))
        elif op == b"G":
            stroke = (float(operands[0]),) * 3
        elif op == b"rg":
            colour = (float(operands[0]), float(operands[1]), float(operands[2]))
        elif op == b"g":
            colour = (float(operands[0]),) * 3
        elif op == b"cm":
            ctm = mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif op == b"w":
            line_width = float(operands[0])
        elif op == b"BT":
            tm = line_start = IDENTITY
        elif op == b"Tf":
            font = fonts[operands[0]].get_object() if operands[0] in fonts else None
            font_name = str(font["/BaseFont"]) if font is not None else str(operands[0])
            font_widths = _widths(font)
            font_size = float(operands[1])
        elif op == b"TL":
            leading = float(operands[0])
        elif op == b"Tm":
            tm = line_start = tuple(float(v) for v in operands)  # type: ignore[assignment]
        elif op in (b"Td", b"TD", b"T*"):
            dx, dy = (float(operands[0]), float(operands[1])) if op != b"T*" else (0.0, -leading)
            if op == b"TD":
                leading = -dy
            tm = line_start = mul((1, 0, 0, 1, dx, dy), line_start)
        elif op in (b"Tj", b"TJ", b"'", b'"'):
            if op in (b"'", b'"'):
                tm = line_start = mul((1, 0, 0, 1, 0, -leading), line_start)
            raw = operands[-1]
            parts = list(raw) if op == b"TJ" else [raw]
            text = "".join(_decode(p, None) for p in parts if not isinstance(p, int | float))
            full = mul(tm, ctm)
            x, y = apply(full, 0, 0)
            scale = scale_of(full)
            width = _advance(parts, font_widths) * font_size * scale
            out.texts.append(
                TextRun(text, font_name, font_size * scale, x, y, parents, width, colour)
            )
        elif op == b"m":
            current = apply(ctm, float(operands[0]), float(operands[1]))
            points.append(current)
        elif op == b"l":
            point = apply(ctm, float(operands[0]), float(operands[1]))
            if current is not None:
                pending_segments.append((current, point))
            current = point
            points.append(point)
        elif op in (b"c", b"v", b"y"):
            values = [float(v) for v in operands]
            pairs = [apply(ctm, values[i], values[i + 1]) for i in range(0, len(values), 2)]
            points += pairs
            current = pairs[-1]
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            p, q = apply(ctm, x, y), apply(ctm, x + w, y + h)
            rects.append((min(p[0], q[0]), min(p[1], q[1]), abs(q[0] - p[0]), abs(q[1] - p[1])))
            points += [p, q, apply(ctm, x + w, y), apply(ctm, x, y + h)]
        elif op in (b"S", b"s", b"B", b"B*", b"b", b"b*"):
            width = line_width * scale_of(ctm)
            out.segments += [
                Segment(a[0], a[1], b[0], b[1], width, parents) for a, b in pending_segments
            ]
            out.strokes.append(Stroke(_bounds(points), parents, stroke))
            if op not in (b"S", b"s"):
                out.fills.append(Fill(_bounds(points), parents, colour))
            pending_segments, rects, points = [], [], []
        elif op in (b"f", b"F", b"f*"):
            out.fills.append(Fill(_bounds(points), parents, colour))
            pending_segments, rects, points = [], [], []
        elif op == b"W" or op == b"W*":
            out.clips += rects
        elif op == b"n":
            pending_segments, rects, points = [], [], []
        elif op == b"Do":
            name = str(operands[0])
            xobj = xobjects[operands[0]].get_object()
            if xobj.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
                form_ctm = mul(matrix, ctm)  # type: ignore[arg-type]
                bbox = tuple(float(v) for v in xobj["/BBox"])
                out.forms.append(FormUse(name, form_ctm, bbox, parents))  # type: ignore[arg-type]
                if descend:
                    _walk(
                        reader,
                        operations(reader, xobj),
                        xobj.get("/Resources", resources),
                        form_ctm,
                        (*parents, name),
                        out,
                        descend,
                        colour,
                        stroke,
                    )


def _bounds(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    """The bounding box (x, y, w, h) of ``points`` (all zero for none)."""
    if not points:
        return (0.0, 0.0, 0.0, 0.0)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _widths(font: Any) -> tuple[int, list[float]] | None:
    """A simple font's first code and glyph widths (1/1000 em), if it lists them."""
    if font is None or "/Widths" not in font:
        return None
    return int(font.get("/FirstChar", 0)), [float(w) for w in font["/Widths"]]


def _advance(parts: list[Any], widths: tuple[int, list[float]] | None) -> float:
    """The advance of shown strings and TJ adjustments, in em."""
    if widths is None:
        return 0.0
    first, table = widths
    total = 0.0
    for part in parts:
        if isinstance(part, int | float):
            total -= float(part) / 1000
            continue
        codes = part if isinstance(part, bytes) else str(part).encode("latin-1")
        for code in codes:
            index = code - first
            total += (table[index] if 0 <= index < len(table) else 0.0) / 1000
    return total


def iter_fonts(reader: PdfReader) -> Iterator[tuple[str, Any]]:
    """Every font dictionary reachable from any page, with its resource name."""
    seen: set[int] = set()

    def visit(resources: Any) -> Iterator[tuple[str, Any]]:
        if not resources:
            return
        for name, ref in resources.get("/Font", {}).items():
            font = ref.get_object()
            if id(font) not in seen:
                seen.add(id(font))
                yield name, font
        for ref in resources.get("/XObject", {}).values():
            xobj = ref.get_object()
            if id(xobj) in seen:
                continue
            seen.add(id(xobj))
            if xobj.get("/Subtype") == "/Form":
                yield from visit(xobj.get("/Resources"))

    for page in reader.pages:
        yield from visit(page.get("/Resources"))
