"""A drawing converted once to the PDF operators it draws, replayed onto any canvas.

ReportLab's ``renderPDF`` walks a drawing's shapes and formats every number each
time the drawing is drawn. Most of what it writes depends on the drawing alone:
paths, colours, line widths, transforms. :func:`record` draws it once onto a
scratch canvas and keeps that text. The few operations whose output depends on
the document they are drawn into (text, which is encoded in the document's font
subsets, and translucency, whose graphics states the document names) are kept as
canvas calls instead, and :func:`replay` makes them on the real canvas, so the
real canvas writes the same bytes ``renderPDF`` would have written.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import CMYKColorSep
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

Scalar = str | int | float | bool | None
"""An argument of a replayed call: JSON carries these exactly."""


@dataclass(frozen=True)
class Call:
    """A canvas method whose output depends on the document: made again on every canvas."""

    method: str
    args: tuple[Scalar, ...]
    kwargs: tuple[tuple[str, Scalar], ...] = ()


Op = tuple[str, ...] | Call
"""Literal content-stream lines (a tuple of str) or a call."""

REPLAYED = frozenset(
    {
        "saveState",
        "restoreState",
        "setFont",
        "drawString",
        "setFillAlpha",
        "setStrokeAlpha",
        "setFillOverprint",
        "setStrokeOverprint",
        "setOverprintMask",
    }
)
"""The canvas methods a program may call (a program read from disk may call no other)."""


class UnsupportedArt(Exception):
    """The drawing uses something a program cannot replay exactly (images, spot colours)."""


GState = tuple[str, Scalar, str]
"""A graphics state the drawing named: its key (``CA``, ``ca``…), value and name (``gRLs0``)."""


@dataclass(frozen=True)
class Program:
    """The operators of one drawing.

    ``ops`` replays onto any canvas. ``lines`` is the whole content as drawn onto a
    canvas whose graphics states are all unset (a new form); with ``gstates``, the
    states the drawing named there, it makes the fast path (None when the drawing has
    text, whose encoding is the document's).
    """

    ops: tuple[Op, ...]
    lines: tuple[str, ...] | None = None
    gstates: tuple[GState, ...] = ()
    transparency: bool = False
    """Whether the drawing sets an alpha (the document then says PDF 1.4)."""

    def replay(self, canvas: Canvas) -> None:
        """Draw onto ``canvas`` exactly what ``renderPDF.draw(drawing, canvas, 0, 0)`` draws."""
        state = canvas._extgstate
        if self.lines is not None and not state._d and not state._c:
            # The canvas is where the recorder was: the same lines, the same state names.
            canvas._code.extend(self.lines)
            for key, value, name in self.gstates:
                state._c[(key, value)] = name
            if self.transparency:
                canvas._doc.ensureMinPdfVersion("transparency")
            return
        for op in self.ops:
            if isinstance(op, Call):
                getattr(canvas, op.method)(*op.args, **dict(op.kwargs))
            else:
                canvas._code.extend(op)


_COLOUR_OP = re.compile(r"^(?:-?[\d.]+ ){1,4}(rg|RG|g|G|k|K)$")
"""A line of a program that sets the fill (``rg g k``) or stroke (``RG G K``) colour."""
_WIDTH_OP = re.compile(r"^([\d.]+) w$")
"""A line of a program that sets the line width."""


def tinted(program: Program, rgb: tuple[float, float, float]) -> Program:
    """``program`` with every colour it sets replaced by ``rgb`` (0..1 each): a silhouette
    drawn in white becomes the same silhouette in that colour."""
    colour = " ".join(fp_str(c) for c in rgb)
    return _recoloured(program, lambda fill, _: f"{colour} {'rg' if fill else 'RG'}")


def lightened(program: Program, strength: float, line_scale: float = 1.0) -> Program:
    """``program`` with every fill colour mixed with white so that it keeps ``strength`` (0..1)
    of its ink, and every line ``line_scale`` times as wide; lines keep their colour, so a
    picture stays drawn but its areas turn pale."""

    def lighter(fill: bool, line: str) -> str:
        if not fill:
            return line
        *numbers, op = line.split()
        values = [float(n) for n in numbers]
        if op == "k":  # CMYK: less of each ink
            return f"{fp_str(*(v * strength for v in values))} k"
        mixed = [1 - (1 - v) * strength for v in values]
        return f"{fp_str(*mixed)} {op}"

    def thinner(line: str) -> str:
        found = _WIDTH_OP.match(line)
        return f"{fp_str(float(found.group(1)) * line_scale)} w" if found else line

    return _recoloured(program, lighter, thinner)


def _recoloured(
    program: Program,
    change: Callable[[bool, str], str],
    other: Callable[[str], str] = lambda line: line,
) -> Program:
    """``program`` with each line that sets a colour replaced by ``change(is_fill, line)``
    and every other line by ``other(line)``."""

    def recolour(line: str) -> str:
        found = _COLOUR_OP.match(line)
        if found is None:
            return other(line)
        return change(found.group(1) in ("rg", "g", "k"), line)

    ops: list[Op] = [
        op if isinstance(op, Call) else tuple(recolour(line) for line in op) for op in program.ops
    ]
    lines = None if program.lines is None else tuple(recolour(line) for line in program.lines)
    return Program(tuple(ops), lines, program.gstates, program.transparency)


class _Recorder(Canvas):  # type: ignore[misc]
    """A scratch canvas that splits what is drawn into literal lines and replayed calls.

    Lines are cut out of the content only when drawing ends: ``Canvas.transform``
    merges into the line before it when that line is a transform too.
    """

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), invariant=1)
        self.parts: list[tuple[int, int] | Call] = []
        """Ranges of literal lines in ``_code`` and the calls between them."""
        self._mark = 0
        self._depth = 0
        self.font_code = False
        """Whether a ``setFont`` wrote operators (a base-14 font: its name is the document's)."""

    def _cut(self) -> None:
        if len(self._code) > self._mark:
            self.parts.append((self._mark, len(self._code)))
        self._mark = len(self._code)

    def _call(
        self, method: str, run: Callable[[], Any], args: Sequence[Any], kwargs: dict[str, Any]
    ) -> Any:
        if self._depth:  # called by another replayed call: replaying that one makes this one too
            return run()
        self._cut()
        self._depth += 1
        try:
            result = run()
        finally:
            self._depth -= 1
        for value in (*args, *kwargs.values()):
            if not isinstance(value, str | int | float | bool | type(None)):
                raise UnsupportedArt(f"{method} with {type(value).__name__}")
        if method == "setFont" and len(self._code) > self._mark:
            self.font_code = True
        self._mark = len(self._code)  # the call's own lines: the replayed call writes them
        self.parts.append(Call(method, tuple(args), tuple(sorted(kwargs.items()))))
        return result

    def transform(self, *args: float) -> None:
        # A transform right after a call that wrote nothing here joins the transform
        # before the call; on a canvas where the call writes a line it would not.
        code = self._code
        after_call = bool(self.parts) and isinstance(self.parts[-1], Call)
        if after_call and self._mark == len(code) and code and code[-1].endswith(" cm"):
            raise UnsupportedArt("a transform after a graphics state")
        super().transform(*args)

    def program(self) -> Program:
        """What was drawn, as a program."""
        self._cut()
        calls = [part for part in self.parts if isinstance(part, Call)]
        ops: list[Op] = []
        for part in self.parts:
            ops.append(part if isinstance(part, Call) else tuple(self._code[part[0] : part[1]]))
        if self.font_code or any(call.method == "drawString" for call in calls):
            return Program(tuple(ops))
        gstates = tuple((key, value, name) for (key, value), name in self._extgstate._c.items())
        alpha = any(call.method in ("setFillAlpha", "setStrokeAlpha") for call in calls)
        return Program(tuple(ops), tuple(self._code), gstates, alpha)

    def setFillColor(self, color: Any, alpha: Any = None) -> None:
        _check_colour(color)
        super().setFillColor(color, alpha)

    def setStrokeColor(self, color: Any, alpha: Any = None) -> None:
        _check_colour(color)
        super().setStrokeColor(color, alpha)

    def drawInlineImage(self, *a: Any, **k: Any) -> Any:
        raise UnsupportedArt("an image")

    def drawImage(self, *a: Any, **k: Any) -> Any:
        raise UnsupportedArt("an image")


def _replayed(method: str) -> Callable[..., Any]:
    """A recorder method that makes canvas method ``method`` and records it as a call."""

    def replayed(self: _Recorder, *args: Any, **kwargs: Any) -> Any:
        return self._call(
            method, lambda: getattr(Canvas, method)(self, *args, **kwargs), args, kwargs
        )

    return replayed


for _method in REPLAYED:
    setattr(_Recorder, _method, _replayed(_method))


def _check_colour(colour: object) -> None:
    # A separation colour is named in the document's colour spaces.
    if isinstance(colour, CMYKColorSep):
        raise UnsupportedArt("a spot colour")


def record(draw: Callable[[Canvas], None]) -> Program:
    """The program of what ``draw`` draws (``renderPDF.draw`` of one drawing at the origin).

    Raises :class:`UnsupportedArt` when the drawing needs what a program cannot replay.
    """
    recorder = _Recorder()
    draw(recorder)
    return recorder.program()
