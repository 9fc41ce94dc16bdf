"""Refuse an SVG file before it is converted: no entities, no references out of the file, a
bounded number of elements and a finite size.

Art is user-editable and goes into every PDF, so an SVG may not pull anything
else in: a ``<use>``, ``<image>`` or CSS ``url()`` may only point inside the same
file (``#id``) or carry its picture inline (``data:image/png;base64,…``). XML
entity declarations are refused outright (no entity is ever expanded), which
also rules out the "billion laughs". Each refusal is one located line.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from xml.parsers import expat

from pnp.errors import PnpError

MAX_ELEMENTS = 20_000
"""The most elements one piece of art may hold (the largest bundled SVG has a few hundred)."""

MAX_SIZE = 5_000.0
"""The largest width or height an SVG may declare, in its own units (px, pt or mm)."""

_INLINE_IMAGE = re.compile(r"^data:image/(png|jpe?g);base64,", re.IGNORECASE)
_URL = re.compile(r"url\(\s*['\"]?\s*([^'\")\s]*)", re.IGNORECASE)
_NUMBER = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_HREF_NAMES = ("href", "http://www.w3.org/1999/xlink href")


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


class _Checker:
    def __init__(self) -> None:
        self.parser = expat.ParserCreate(namespace_separator=" ")
        self.elements = 0
        self.in_style = False
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
        for key in _HREF_NAMES:
            if key in attributes:
                self.reference(attributes[key])
        if "style" in attributes:
            self.style(attributes["style"])
        for value in attributes.values():
            if "url(" in value.lower():
                self.style(value)
        if self.elements == 1:
            self.root_size(attributes)
        if local == "style":
            self.in_style = True

    def end(self, name: str) -> None:
        if name.rsplit(" ", 1)[-1] == "style":
            self.in_style = False

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
