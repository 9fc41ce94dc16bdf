"""Load layout templates (TOML), resolve ``extends`` and check every element.

A layout is looked up first in the game's ``layouts/`` folder, then in
``cardspecs/common/layouts/``. A child layout's element with the same ``name``
as a parent's is merged key by key (like Squib's ``extends``); new elements are
drawn after the inherited ones.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from pnp.base.errors import PnpError, ProblemCollector
from pnp.base.tomlsource import TomlSource
from pnp.language.template import check_template
from pnp.layout.aid import Flow, read_flow
from pnp.layout.ink import LowInk
from pnp.layout.model import (
    FONT_ROLES,
    MIN_LINE_PT,
    MIN_TEXT_PT,
    Box,
    Element,
    ElementKind,
    Layout,
)
from pnp.spec.model import LAYOUT_NAME, Component, GameSpec, SourceRef
from pnp.spec.sizes import BLEED, SAFE, CardSize

_KINDS: dict[str, set[str]] = {
    "rect": {"fill", "stroke", "stroke_width", "radius", "fill_low"},
    "line": {"stroke", "stroke_width"},
    "text": {
        "text",
        "font",
        "size",
        "min_size",
        "leading",
        "fill",
        "align",
        "valign",
        "rotate",
        "wrap",
        "numeral",
        "fill_low",
    },
    "art": {"src", "rotate", "src_low", "fill_low"},
    "pips": {"src", "count", "fill", "pip_size", "rotate", "fill_low", "src_low"},
}
_COMMON = {"name", "kind", "box", "when", "decoration", "ink_low"}
_TOP = {"extends", "background", "elements", "flow"}
_REQUIRED = {"text": ("text",), "art": ("src",), "pips": ("src", "count")}

MAX_ELEMENTS = 200
"""The most elements a layout may hold, inherited ones included."""

MAX_TEXT_PT = 72.0
"""The largest text size on a card or tile."""

MAX_LINE_PT = 20.0
"""The widest line a layout may draw."""

MAX_MM = 400.0
"""The largest position or size in a layout (no piece is larger than an A3 sheet)."""

MAX_RADIUS = 50.0
"""The largest corner radius, in mm."""


@dataclass
class _RawElement:
    data: dict[str, Any]
    source: SourceRef
    index: int
    toml: TomlSource
    origins: dict[str, tuple[TomlSource, int]]
    """Which file (and element index in it) set each key: a child may inherit a key."""

    def line_of(self, key: str) -> tuple[Path, int | None]:
        """The file and line that set ``key`` of the merged element."""
        toml, index = self.origins.get(key, (self.toml, self.index))
        return toml.path, toml.line_of("elements", str(index), key)


class LayoutLibrary:
    """Finds and caches layouts for one game."""

    def __init__(self, *folders: Path) -> None:
        """A library looking layouts up in ``folders``, in that order."""
        self.folders = folders
        self._cache: dict[tuple[str, CardSize], Layout] = {}
        self._flows: dict[str, Flow] = {}

    @classmethod
    def of(cls, spec: GameSpec, common: Path) -> LayoutLibrary:
        """The layouts of ``spec``'s kit: its edition's (a layout with words in the kit's
        language), then the game's own, then the shared ones of ``common``."""
        own = [spec.folder / "layouts", common / "layouts"]
        if spec.edition is not None:
            own[:0] = [spec.edition / "layouts"]
        return cls(*own)

    def path_of(self, name: str) -> Path | None:
        """The file defining layout ``name``, or None (also for a name that is not a plain name)."""
        if not LAYOUT_NAME.match(name):
            return None
        for folder in self.folders:
            candidate = folder / f"{name}.toml"
            if candidate.is_file():
                return candidate
        return None

    def missing(self, name: str) -> str:
        """The message for a layout ``name`` that no layouts folder holds."""
        if not LAYOUT_NAME.match(name):
            return f"{name[:40]!r} is not a layout name (letters, digits, '-' or '_')"
        where = " or ".join(f"{f.parent.name}/{f.name}/" for f in self.folders)
        return f"layout '{name}' not found in {where}"

    def flow(self, name: str) -> Flow:
        """The aid words file ``name`` (see :mod:`pnp.layout.aid`), read once."""
        if name not in self._flows:
            path = self.path_of(name)
            if path is None:
                raise PnpError.single(self.missing(name))
            self._flows[name] = read_flow(path)
        return self._flows[name]

    def check_named(self, components: Iterable[Component]) -> None:
        """Raise one located problem per layout a component names that does not exist."""
        problems = ProblemCollector()
        for comp in components:
            for key in ("layout", "back", "board_layout"):
                name = getattr(comp, key)
                if name and self.path_of(name) is None:
                    ref = comp.source_of(key)
                    path, line = (ref.path, ref.line) if ref else (None, None)
                    problems.add(path, line, None, self.missing(name))
        problems.raise_if_any()

    def load(self, name: str, size: CardSize, wanted_by: SourceRef | None = None) -> Layout:
        """The resolved layout ``name`` for cards of ``size``."""
        key = (name, size)
        if key not in self._cache:
            self._cache[key] = self._load(name, size, wanted_by)
        return self._cache[key]

    def _load(self, name: str, size: CardSize, wanted_by: SourceRef | None) -> Layout:
        problems = ProblemCollector()
        chain = self._chain(name, wanted_by)
        background: str | None = None
        flow: object = None
        merged: dict[str, _RawElement] = {}
        for toml in chain:
            background = toml.data.get("background", background)
            flow = toml.data.get("flow", flow)
            if "flow" in toml.data and (
                not isinstance(flow, str)
                or not LAYOUT_NAME.match(flow)
                or self.path_of(flow) is None
            ):
                problems.add(
                    toml.path,
                    toml.line_of("flow"),
                    None,
                    f"'flow' must name a TOML file in a layouts folder, not {flow!r}",
                )
                flow = None
            for key in sorted(set(toml.data) - _TOP):
                problems.add(
                    toml.path,
                    toml.line_of(key),
                    None,
                    f"unknown key '{key}' (known: {', '.join(sorted(_TOP))})",
                )
            raw_elements = toml.data.get("elements", [])
            if not isinstance(raw_elements, list):
                problems.add(
                    toml.path,
                    toml.line_of("elements"),
                    None,
                    "'elements' must be [[elements]] tables",
                )
                continue
            named_here: dict[str, int | None] = {}
            for index, data in enumerate(raw_elements):
                line = toml.line_of("elements", str(index))
                source = SourceRef(toml.path, line or 1)
                ename = data.get("name")
                if not isinstance(ename, str) or not ename:
                    problems.add(toml.path, line, None, "every element needs a 'name'")
                    continue
                # The same name in a child file changes the parent's element; twice in one
                # file it is a copy-paste slip (the second would silently merge into the first).
                if ename in named_here:
                    first = named_here[ename]
                    problems.add(
                        toml.path,
                        toml.line_of("elements", str(index), "name") or line,
                        None,
                        f"element '{ename}' appears twice in this layout"
                        + (f" (first at line {first})" if first else ""),
                    )
                    continue
                named_here[ename] = toml.line_of("elements", str(index), "name") or line
                origins = {key: (toml, index) for key in data}
                if ename in merged:
                    combined = {**merged[ename].data, **data}
                    origins = {**merged[ename].origins, **origins}
                    merged[ename] = _RawElement(combined, source, index, toml, origins)
                else:
                    merged[ename] = _RawElement(dict(data), source, index, toml, origins)
        if len(merged) > MAX_ELEMENTS:
            raise PnpError.single(
                f"a layout holds at most {MAX_ELEMENTS} elements, this one {len(merged)}",
                chain[-1].path,
            )
        elements = [self._element(raw, size, problems) for raw in merged.values()]
        if background is not None and (msg := check_template(str(background))):
            problems.add(chain[-1].path, chain[-1].line_of("background"), None, msg)
        problems.raise_if_any()
        return Layout(
            name=name,
            width=size.width,
            height=size.height,
            elements=tuple(e for e in elements if e is not None),
            source=SourceRef(chain[-1].path, 1),
            background=None if background is None else str(background),
            flow=flow if isinstance(flow, str) else None,
        )

    def _chain(self, name: str, wanted_by: SourceRef | None) -> list[TomlSource]:
        """The layout and its ancestors, root first."""
        chain: list[TomlSource] = []
        seen: list[str] = []
        current: str | None = name
        requester = wanted_by
        while current is not None:
            if current in seen:
                cycle = " -> ".join([*seen, current])
                raise PnpError.single(
                    f"layouts extend each other in a circle: {cycle}",
                    chain[-1].path,
                    chain[-1].line_of("extends"),
                )
            path = self.path_of(current)
            if path is None:
                where = (requester.path, requester.line) if requester else (None, None)
                raise PnpError.single(self.missing(current), *where)
            toml = TomlSource.read(path)
            chain.append(toml)
            seen.append(current)
            parent = toml.data.get("extends")
            if parent is not None and not isinstance(parent, str):
                raise PnpError.single(
                    "'extends' must be a layout name", path, toml.line_of("extends")
                )
            requester = SourceRef(path, toml.line_of("extends") or 1)
            current = parent
        chain.reverse()
        return chain

    def _element(
        self, raw: _RawElement, size: CardSize, problems: ProblemCollector
    ) -> Element | None:
        data, toml = raw.data, raw.toml
        name = data["name"]

        def fail(key: str | None, message: str) -> None:
            path, line = raw.line_of(key) if key else (toml.path, raw.source.line)
            problems.add(path, line, None, f"element '{name}': {message}")

        kind = data.get("kind")
        if kind not in _KINDS:
            fail("kind", f"kind {kind!r} is not one of {', '.join(_KINDS)}")
            return None
        allowed = _COMMON | _KINDS[kind]
        for key in sorted(set(data) - allowed):
            fail(key, f"unknown key '{key}' for a {kind} (allowed: {', '.join(sorted(allowed))})")
        for key in _REQUIRED.get(kind, ()):
            if not isinstance(data.get(key), str) or not data[key]:
                fail(None, f"a {kind} needs '{key}'")
        box = data.get("box")
        if not (
            isinstance(box, list)
            and len(box) == 4
            and all(_number(v) is not None and abs(v) <= MAX_MM for v in box)
        ):
            fail("box", f"'box' must be [x, y, width, height], finite mm up to {MAX_MM:g}")
            return None
        x, y, w, h = (float(v) for v in box)
        if w <= 0 or (h <= 0 and kind != "line"):
            fail("box", "'box' needs a positive width and height")
        decoration = bool(data.get("decoration", False))
        if kind in ("text", "art", "pips") and not decoration:
            if (
                x < SAFE - 1e-9
                or y < SAFE - 1e-9
                or x + w > size.width - SAFE + 1e-9
                or y + h > size.height - SAFE + 1e-9
            ):
                fail(
                    "box",
                    f"lies outside the {SAFE:g} mm safe zone of a {size.width:g}x{size.height:g} mm card",
                )
        elif (
            x < -BLEED - 1e-9
            or y < -BLEED - 1e-9
            or x + w > size.width + BLEED + 1e-9
            or y + h > size.height + BLEED + 1e-9
        ):
            fail("box", f"runs beyond the {BLEED:g} mm bleed")
        for key in ("text", "src", "count", "fill", "stroke", "fill_low", "src_low"):
            value = data.get(key)
            if value is not None and not isinstance(value, str):
                fail(key, f"'{key}' must be text")
            elif value and (msg := check_template(value)):
                fail(key, msg)
        font = data.get("font", "regular")
        if font not in FONT_ROLES:
            fail("font", f"font {font!r} is not one of {', '.join(FONT_ROLES)}")
        size_pt = _number(data.get("size", 10.0))
        min_size = _number(data.get("min_size", size_pt))
        text_sizes = f"text sizes are numbers from {MIN_TEXT_PT:g} to {MAX_TEXT_PT:g} pt"
        if kind == "text" and (size_pt is None or not MIN_TEXT_PT <= size_pt <= MAX_TEXT_PT):
            fail("size", text_sizes)
        elif kind == "text" and (min_size is None or not MIN_TEXT_PT <= min_size <= MAX_TEXT_PT):
            fail("min_size", text_sizes)
        elif kind == "text" and size_pt is not None and min_size is not None and min_size > size_pt:
            fail("min_size", "'min_size' may not be larger than 'size'")
        leading = _number(data.get("leading", 1.15))
        if leading is None or not 0.8 <= leading <= 3:
            fail("leading", "'leading' must be a number from 0.8 to 3 (times the text size)")
        stroke_width = _number(data.get("stroke_width", 0.5))
        if stroke_width is None or not MIN_LINE_PT <= stroke_width <= MAX_LINE_PT:
            fail("stroke_width", f"lines must be from {MIN_LINE_PT} to {MAX_LINE_PT:g} pt")
        radius = _number(data.get("radius", 0.0))
        if radius is None or not 0 <= radius <= MAX_RADIUS:
            fail("radius", f"'radius' must be a number of mm from 0 to {MAX_RADIUS:g}")
        for flag in ("decoration", "wrap", "numeral"):
            if flag in data and not isinstance(data[flag], bool):
                fail(flag, f"'{flag}' must be true or false")
        rotate = data.get("rotate", 0)
        if rotate not in (0, 180):
            fail("rotate", "'rotate' must be 0 or 180")
        align = data.get("align", "center")
        if align not in ("left", "center", "right"):
            fail("align", "'align' must be left, center or right")
        valign = data.get("valign", "middle")
        if valign not in ("top", "middle", "bottom"):
            fail("valign", "'valign' must be top, middle or bottom")
        when = data.get("when")
        if when is not None and not isinstance(when, str):
            fail("when", "'when' must be a field name, or '!' and a field name")
        ink_low = data.get("ink_low")
        if ink_low is not None and ink_low not in {rule.value for rule in LowInk}:
            fail("ink_low", f"'ink_low' must be one of {', '.join(LowInk)}")
            ink_low = None
        elif ink_low == LowInk.OUTLINE and kind not in ("rect", "pips", "text"):
            fail(
                "ink_low", f"'ink_low = \"outline\"' is for a rect, pips or text, not kind '{kind}'"
            )
            ink_low = None
        pip_size = _number(data.get("pip_size", 6.0))
        if pip_size is None or not 0 < pip_size <= MAX_MM:
            fail("pip_size", "'pip_size' must be a positive size in mm")
        return Element(
            name=name,
            kind=cast(ElementKind, kind),
            box=Box(x, y, w, h),
            source=raw.source,
            when=when,
            fill=data.get("fill"),
            stroke=data.get("stroke"),
            stroke_width=stroke_width or 0.5,
            radius=radius or 0.0,
            text=data.get("text", ""),
            font=font,
            size=size_pt or 10.0,
            min_size=min_size,
            leading=leading or 1.15,
            align=align,
            valign=valign,
            rotate=rotate if rotate in (0, 180) else 0,
            wrap=bool(data.get("wrap", False)),
            src=data.get("src", ""),
            count=data.get("count", ""),
            pip_size=pip_size or 6.0,
            decoration=decoration,
            numeral=bool(data.get("numeral", False)),
            ink_low=None if ink_low is None else LowInk(ink_low),
            fill_low=data.get("fill_low"),
            src_low=data.get("src_low", ""),
        )


def _number(value: object) -> float | None:
    """A finite number from TOML, else None (TOML allows inf and nan)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None
