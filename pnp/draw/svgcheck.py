"""Refuse an SVG file before it is converted: no entities, no references out of the file, a
bounded number of elements and a finite size.

Art is user-editable and goes into every PDF, so an SVG may not pull anything
else in: a ``<use>``, ``<image>`` or CSS ``url()`` may only point inside the same
file (``#id``) or carry its picture inline (``data:image/png;base64,…``). XML
entity declarations are refused outright (no entity is ever expanded), which
also rules out the "billion laughs". The element budget counts what ``<use>``
draws again as well: every copy is drawn, so a few nested ``<use>`` may not
multiply a small file into millions of shapes. Every number the art holds (an
attribute, path data, a transform, a style value) is finite and of a size a
picture can have, so no ``nan`` or overflow reaches a PDF. Each refusal is one
located line.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from pnp.base.errors import PnpError

MAX_ELEMENTS = 20_000
"""The most elements one piece of art may hold (the largest bundled SVG has a few hundred)."""

MAX_SIZE = 5_000.0
"""The largest width or height an SVG may declare, in its own units (px, pt or mm)."""

_INLINE_IMAGE = re.compile(r"^data:image/(png|jpe?g);base64,", re.IGNORECASE)
_URL = re.compile(r"url\(\s*['\"]?\s*([^'\")\s]*)", re.IGNORECASE)
_NUMBER = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_HREF_NAMES = ("href", "http://www.w3.org/1999/xlink href")

MAX_NUMBER = 100_000.0
"""The largest number a picture may hold anywhere (a coordinate, a scale; the bundled largest
is 2,000): larger ones only overflow to infinity once multiplied."""

_ANY_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
"""Every number of path data or a point list, read left to right as SVG does (``M1-2.5.5``)."""
_WORD_NUMBER = re.compile(r"(?<![\w#])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
"""A number standing on its own in any other value (not a digit of ``#5E7186`` or ``a1``)."""
_NOT_FINITE = re.compile(r"(?<![a-z])[-+]?(?:nan|inf(?:inity)?)(?![a-z])", re.IGNORECASE)
_NOT_FINITE_PATH = re.compile(r"nan|inf", re.IGNORECASE)
"""NaN or infinity in path data, where numbers follow command letters directly (``Lnan``)."""
_PATH_DATA = frozenset({"d", "points"})
_TEXT_ATTRIBUTES = frozenset({"id", "class", "font-family", "lang", "type", "media", "title"})
"""Attributes that hold names and words, not numbers."""
_DECLARATION = re.compile(r"([\w-]+)\s*:\s*([^;{}]*)")
"""A CSS declaration (``stroke-width: 2``) of a ``style`` attribute or a ``<style>`` sheet."""


class _Refused(Exception):
    """One reason to refuse the file, with the line it was found on."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def check_svg(data: bytes, path: Path) -> None:
    """Raise a located :class:`PnpError` if the SVG ``data`` (read from ``path``) is refused."""
    checker = _Checker()
    try:
        checker.run(data)
    except _Refused as exc:
        raise PnpError.single(f"refused SVG: {exc}", path, exc.line) from None
    except expat.ExpatError as exc:
        message = expat.ErrorString(exc.code) if exc.code else str(exc)
        raise PnpError.single(f"not a well-formed SVG: {message}", path, exc.lineno) from None


@dataclass
class _Node:
    """An element, for counting what it draws: its children and, for a ``<use>``, its target."""

    line: int
    children: list[int] = field(default_factory=list)
    target: str | None = None


class _Checker:
    def __init__(self) -> None:
        self.parser = expat.ParserCreate(namespace_separator=" ")
        self.elements = 0
        self.in_style = False
        self.nodes: list[_Node] = []
        self.open: list[int] = []
        """The elements not yet closed, innermost last (indexes into ``nodes``)."""
        self.ids: dict[str, int] = {}
        parser = self.parser
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.EntityDeclHandler = self.entity
        parser.ExternalEntityRefHandler = self.external
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.text

    def run(self, data: bytes) -> None:
        self.parser.Parse(data, True)
        if self.elements == 0:
            raise _Refused("no elements", 1)
        self.expansion()

    def line(self) -> int:
        return int(self.parser.CurrentLineNumber)

    def entity(self, *_: object) -> None:
        raise _Refused("XML entity declarations (<!ENTITY …>) are not allowed", self.line())

    def external(self, *_: object) -> int:
        raise _Refused("external XML entities are not allowed", self.line())

    def start(self, name: str, attributes: dict[str, str]) -> None:
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            raise _Refused(f"more than {MAX_ELEMENTS:,} elements", self.line())
        local = name.rsplit(" ", 1)[-1]
        node = _Node(self.line())
        for key in _HREF_NAMES:
            if key in attributes:
                self.reference(attributes[key])
                if local == "use":
                    node.target = attributes[key].strip()[1:]
        if "style" in attributes:
            self.style(attributes["style"])
        for value in attributes.values():
            if "url(" in value.lower():
                self.style(value)
        if self.elements == 1:
            self.root_size(attributes)
        for key, value in attributes.items():
            if " " not in key and key not in _TEXT_ATTRIBUTES:  # a namespaced one is not drawn
                self.numbers(key, value)
        if local == "style":
            self.in_style = True
        if self.open:
            self.nodes[self.open[-1]].children.append(len(self.nodes))
        if "id" in attributes:
            self.ids.setdefault(attributes["id"], len(self.nodes))
        self.open.append(len(self.nodes))
        self.nodes.append(node)

    def end(self, name: str) -> None:
        if name.rsplit(" ", 1)[-1] == "style":
            self.in_style = False
        self.open.pop()

    def text(self, data: str) -> None:
        if self.in_style:
            self.style(data)

    def reference(self, target: str) -> None:
        target = target.strip()
        if target.startswith("#") or _INLINE_IMAGE.match(target):
            return
        raise _Refused(
            f"a reference to {target[:60]!r}: art may only refer to its own elements (#id)",
            self.line(),
        )

    def style(self, css: str) -> None:
        if "@import" in css.lower():
            raise _Refused("CSS @import is not allowed", self.line())
        for target in _URL.findall(css):
            self.reference(target)
        for key, value in _DECLARATION.findall(css):
            if key.lower() not in _TEXT_ATTRIBUTES:
                self.numbers(key, value)

    def numbers(self, key: str, value: str) -> None:
        """Refuse a value holding NaN, infinity or a number larger than :data:`MAX_NUMBER`."""
        path = key in _PATH_DATA
        words = (_NOT_FINITE_PATH if path else _NOT_FINITE).search(value)
        if words is None:
            numbers = (_ANY_NUMBER if path else _WORD_NUMBER).findall(value)
            if all(abs(float(number)) <= MAX_NUMBER for number in numbers):
                return
        raise _Refused(
            f"{key}={value[:40]!r}: numbers must be finite and at most {MAX_NUMBER:,.0f}",
            self.line(),
        )

    def expansion(self) -> None:
        """Refuse art whose ``<use>`` elements would draw more than :data:`MAX_ELEMENTS`
        elements (each copy counts), or that uses itself."""
        drawn: list[int | None] = [None] * len(self.nodes)  # elements each one draws
        for start in range(len(self.nodes) - 1, -1, -1):
            # Depth first without recursion; ``on_path`` holds what is being counted now.
            stack = [(start, False)]
            on_path: set[int] = set()
            while stack:
                index, done = stack.pop()
                if drawn[index] is not None:
                    continue
                node = self.nodes[index]
                inner = [*node.children]
                if node.target is not None and node.target in self.ids:
                    inner.append(self.ids[node.target])
                if not done:
                    if index in on_path:
                        raise _Refused("a <use> that draws itself", node.line)
                    on_path.add(index)
                    stack.append((index, True))
                    for child in inner:
                        if drawn[child] is None:
                            if child in on_path:
                                raise _Refused("a <use> that draws itself", node.line)
                            stack.append((child, False))
                    continue
                on_path.discard(index)
                total = 1 + sum(drawn[child] or 0 for child in inner)
                if total > MAX_ELEMENTS:
                    raise _Refused(
                        f"draws more than {MAX_ELEMENTS:,} elements once its <use> copies count",
                        node.line,
                    )
                drawn[index] = total

    def root_size(self, attributes: dict[str, str]) -> None:
        for key in ("width", "height"):
            if key in attributes and not attributes[key].strip().endswith("%"):
                self.finite(key, attributes[key], single=True)
        if "viewBox" in attributes:
            self.finite("viewBox", attributes["viewBox"], single=False)

    def finite(self, key: str, value: str, single: bool) -> None:
        parts = [value] if single else re.split(r"[\s,]+", value.strip())
        for part in parts:
            found = _NUMBER.match(part)
            number = float(found.group(1)) if found else math.nan
            if not math.isfinite(number) or abs(number) > MAX_SIZE:
                raise _Refused(
                    f"{key}={value[:40]!r}: sizes must be finite numbers up to {MAX_SIZE:g}",
                    self.line(),
                )
