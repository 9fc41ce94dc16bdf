"""The print-on-demand services ``pnp export --printer NAME`` writes files for, read from
``cardspecs/common/printers.toml``.

Each service names, per card size of ours it can print, the size it cuts (trim), its
bleed and safe area, the resolution and exact pixel size it wants pictures in, and the
form of its upload: one PDF per deck (a back and a front page per printed card), or a
PDF of fronts and one of backs. File names are templates of the layouts' kind
(``{component}``, ``{number}``). A designer adds a service by adding a table; a mistake
in one is one located line.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.base.datafiles import relative_name_problem
from pnp.base.errors import PnpError, ProblemCollector
from pnp.base.tomlsource import TomlSource
from pnp.base.units import MM_PER_INCH
from pnp.catalog.locate import common_folder
from pnp.language import BASE_LANGUAGE, common_words
from pnp.language.template import check_template, template_fields
from pnp.spec.sizes import CARD_SIZES

SERVICES_FILE = "printers.toml"
"""The services' file, in ``cardspecs/common/``."""

PIXEL_TOLERANCE = 0.0005
"""How far (pixels) the asked picture size may lie from trim + bleed at the resolution."""

PDF_FORMS = ("deck", "sides")
"""``deck``: one PDF per deck, back then front of each printed card. ``sides``: a PDF of
fronts and a PDF of backs, one page per distinct face."""

NAME_FIELDS: dict[str, frozenset[str]] = {
    "front_png": frozenset({"component", "number", "card"}),
    "back_png": frozenset({"component"}),
    "back_each_png": frozenset({"component", "number", "card"}),
    "deck_pdf": frozenset({"component"}),
    "fronts_pdf": frozenset({"component"}),
    "backs_pdf": frozenset({"component"}),
}
"""The file name templates a service may set, with the fields each may use."""

DEFAULT_NAMES = {
    "front_png": "{component}-front-{number}.png",
    "back_png": "{component}-back.png",
    "back_each_png": "{component}-back-{number}.png",
    "deck_pdf": "{component}.pdf",
    "fronts_pdf": "{component}-fronts.pdf",
    "backs_pdf": "{component}-backs.pdf",
}

_SERVICE_KEYS = {"name", "pdf", "read", "sources", "sizes", "names"}
_SIZE_KEYS = {"trim_in", "trim_mm", "bleed_in", "bleed_mm", "safe_in", "safe_mm", "dpi", "pixels"}


@dataclass(frozen=True)
class Product:
    """What a service prints for one card size of ours: its trim, bleed and safe area (mm),
    and the pictures it wants."""

    size: str
    """Our card size it stands in for (``poker``)."""
    width: float
    height: float
    bleed: float
    safe: float | None
    """The safe area's distance inside the trim; None: the service states none."""
    dpi: int
    pixels: tuple[int, int]
    """The picture of a face, bleed included."""


@dataclass(frozen=True)
class Service:
    """One print-on-demand service and the products it offers for our card sizes."""

    id: str
    name: str
    pdf: str
    read: str
    """The date its specification was read (ISO)."""
    sources: tuple[str, ...]
    products: Mapping[str, Product]
    names: Mapping[str, str]
    path: Path
    line: int | None

    def described(self) -> dict[str, Any]:
        """The service as plain JSON data (an export's record names what it followed)."""
        return {
            "id": self.id,
            "name": self.name,
            "pdf": self.pdf,
            "read": self.read,
            "sources": list(self.sources),
            "products": {
                size: {
                    "trim_mm": [p.width, p.height],
                    "bleed_mm": p.bleed,
                    "safe_mm": p.safe,
                    "dpi": p.dpi,
                    "pixels": list(p.pixels),
                }
                for size, p in sorted(self.products.items())
            },
            "names": dict(sorted(self.names.items())),
        }


def services_path(common: Path | None = None) -> Path:
    """The services file: in ``common`` if given, else in the ``cardspecs/common/`` folder
    a game's build and export take (:func:`pnp.catalog.locate.common_folder`)."""
    return (common or common_folder()) / SERVICES_FILE


@dataclass(frozen=True)
class Checklist:
    """The order list written beside an export's files: its file name and the Dutch
    sentences it is made of (templates, see :data:`CHECKLIST_FIELDS`)."""

    file: str
    lines: Mapping[str, str]


CHECKLIST_FIELDS: dict[str, frozenset[str]] = {
    "title": frozenset({"game", "service"}),
    "deck": frozenset({"name", "faces", "cards"}),
    "card": frozenset({"width", "height", "bleed", "pixels", "dpi"}),
    "front": frozenset({"file", "count", "card"}),
    "back": frozenset({"file", "count"}),
    "pdf": frozenset({"file"}),
    "deck_pdf": frozenset({"file", "cards"}),
    "left_out": frozenset({"name", "width", "height", "service"}),
    "warning": frozenset({"layout", "element", "distance", "safe"}),
    "sources": frozenset({"sources", "read"}),
}
"""The sentences of the order list and the fields each may use."""


@dataclass(frozen=True)
class Printers:
    """The services file: every service by id, and the order list's sentences."""

    services: Mapping[str, Service]
    checklist: Checklist


def read_printers(common: Path | None = None, lang: str = BASE_LANGUAGE) -> Printers:
    """The services file read and checked (one located line per broken entry); the order
    list's sentences in language ``lang`` (its edition's ``[checklist]``)."""
    path = services_path(common)
    toml = TomlSource.read(path, path.parent)
    words = toml
    if lang != BASE_LANGUAGE:
        edition = common_words(path.parent, lang) / SERVICES_FILE
        words = TomlSource.read(edition, path.parent) if edition.is_file() else toml
    problems = ProblemCollector()
    known = ("checklist", "services")
    for key in sorted(set(toml.data) - set(known)):
        problems.add(
            path, toml.line_of(key), None, f"unknown key '{key}' (known: {', '.join(known)})"
        )
    tables = toml.data.get("services", {})
    if not isinstance(tables, dict):
        problems.add(
            path, toml.line_of("services"), None, "'services' must be [services.ID] tables"
        )
        tables = {}
    services: dict[str, Service] = {}
    for service_id, table in tables.items():
        found = _service(toml, service_id, table, problems)
        if found is not None:
            services[service_id] = found
    checklist = _checklist(words, problems)
    problems.raise_if_any()
    return Printers(dict(sorted(services.items())), checklist)


def load_services(common: Path | None = None) -> dict[str, Service]:
    """Every service of the services file, by id (one located line per broken entry)."""
    return dict(read_printers(common).services)


def pick_service(printers: Printers, name: str) -> Service:
    """The service ``name``; an unknown one is one line listing the known ones."""
    if name not in printers.services:
        known = ", ".join(printers.services) or "none"
        raise PnpError.single(f"unknown printer '{name}' (known: {known})")
    return printers.services[name]


def _checklist(toml: TomlSource, problems: ProblemCollector) -> Checklist:
    table = toml.data.get("checklist")
    fallback = Checklist("bestellen.txt", {})

    def fail(key: str | None, message: str) -> None:
        line = toml.line_of("checklist", *((key,) if key else ()))
        problems.add(toml.path, line, None, f"checklist: {message}")

    if not isinstance(table, dict):
        fail(None, "needs a [checklist] table: the order list's file name and sentences")
        return fallback
    allowed = {"file", *CHECKLIST_FIELDS}
    for key in sorted(set(table) - allowed):
        fail(key, f"unknown key '{key}' (known: {', '.join(sorted(allowed))})")
    file = table.get("file")
    if not isinstance(file, str) or not file.endswith(".txt"):
        problem: str | None = "'file' must name a .txt file"
    else:
        problem = _plain_file_problem(file, "'file'")
    if problem:
        fail("file", problem)
    lines: dict[str, str] = {}
    for key, fields in CHECKLIST_FIELDS.items():
        value = table.get(key)
        if not isinstance(value, str) or not value.strip():
            fail(key if key in table else None, f"'{key}' must be a sentence (text)")
            continue
        if problem := check_template(value):
            fail(key, problem)
            continue
        unknown = template_fields(value) - fields
        if unknown:
            names = ", ".join("{" + f + "}" for f in sorted(fields))
            fail(key, f"'{key}' may use {names}, not {{{sorted(unknown)[0]}}}")
            continue
        lines[key] = value
    return Checklist(file if isinstance(file, str) else fallback.file, lines)


def _service(
    toml: TomlSource, service_id: str, table: object, problems: ProblemCollector
) -> Service | None:
    keys = ("services", service_id)
    before = len(problems.problems)

    def fail(key: str | None, message: str, *more: str) -> None:
        line = toml.line_of(*keys, *((key,) if key else ()), *more)
        problems.add(toml.path, line, None, f"printer '{service_id}': {message}")

    if not isinstance(table, dict):
        fail(None, "must be a table")
        return None
    for key in sorted(set(table) - _SERVICE_KEYS):
        fail(key, f"unknown key '{key}' (known: {', '.join(sorted(_SERVICE_KEYS))})")
    name = table.get("name")
    if not isinstance(name, str) or not name.strip():
        fail("name", "needs a 'name' (the service's own name)")
    pdf = table.get("pdf")
    if pdf not in PDF_FORMS:
        fail("pdf", f"'pdf' must be one of {', '.join(PDF_FORMS)}")
    read = table.get("read")
    if not isinstance(read, datetime.date) or isinstance(read, datetime.datetime):
        fail("read", "'read' must be the date its specification was read (e.g. 2026-12-01)")
    sources = table.get("sources")
    if (
        not isinstance(sources, list)
        or not sources
        or not all(isinstance(s, str) and s.startswith(("https://", "http://")) for s in sources)
    ):
        fail(
            "sources",
            "'sources' must list the web pages (https://...) the specification comes from",
        )
    names = dict(DEFAULT_NAMES)
    given = table.get("names", {})
    if not isinstance(given, dict):
        fail("names", "'names' must be a table of file name templates")
        given = {}
    for key, value in given.items():
        problem = _name_problem(key, value)
        if problem:
            fail("names", problem, key)
        else:
            names[key] = value
    sizes = table.get("sizes")
    products: dict[str, Product] = {}
    if not isinstance(sizes, dict) or not sizes:
        fail("sizes", "needs [services.ID.sizes.SIZE] tables (SIZE: poker, bridge, ...)")
        sizes = {}
    for size, entry in sizes.items():
        if size not in CARD_SIZES:
            fail("sizes", f"unknown card size '{size}' (known: {', '.join(CARD_SIZES)})", size)
            continue
        product = _product(size, entry, lambda key, msg, s=size: fail("sizes", msg, s, *key))
        if product is not None:
            products[size] = product
    if len(problems.problems) > before:
        return None
    assert isinstance(name, str) and isinstance(pdf, str) and isinstance(read, datetime.date)
    assert isinstance(sources, list)
    return Service(
        service_id,
        name,
        pdf,
        read.isoformat(),
        tuple(sources),
        products,
        names,
        toml.path,
        toml.line_of(*keys),
    )


def _name_problem(key: str, value: object) -> str | None:
    if key not in NAME_FIELDS:
        return f"unknown file name '{key}' (known: {', '.join(NAME_FIELDS)})"
    if not isinstance(value, str):
        return f"file name '{key}' must be text"
    if problem := check_template(value):
        return problem
    unknown = template_fields(value) - NAME_FIELDS[key]
    if unknown:
        fields = ", ".join("{" + f + "}" for f in sorted(NAME_FIELDS[key]))
        return f"file name '{key}' may use {fields}, not {{{sorted(unknown)[0]}}}"
    if problem := _plain_file_problem(value, f"file name '{key}'"):
        return problem
    suffix = ".png" if key.endswith("png") else ".pdf"
    if not value.endswith(suffix):
        return f"file name '{key}' must end in {suffix}"
    return None


def _plain_file_problem(value: str, what: str) -> str | None:
    """What keeps ``value`` from naming a file of the export folder itself (``what`` names
    the setting in the message), or None."""
    if problem := relative_name_problem(value, "file name"):
        return problem
    if "/" in value or value.startswith("."):
        return f"{what} must name a file of the export folder itself (no '/')"
    return None


def _product(size: str, entry: object, fail: Any) -> Product | None:
    """One size's product; ``fail(keys, message)`` records a problem at ``keys``."""
    if not isinstance(entry, dict):
        fail((), "must be a table")
        return None
    bad = False
    for key in sorted(set(entry) - _SIZE_KEYS):
        fail((key,), f"unknown key '{key}' (known: {', '.join(sorted(_SIZE_KEYS))})")
        bad = True

    def length(name: str, pair: bool, required: bool = True) -> Any:
        nonlocal bad
        given = [unit for unit in ("mm", "in") if f"{name}_{unit}" in entry]
        if len(given) != 1:
            if required or given:
                fail((name + "_mm",), f"give '{name}_mm' or '{name}_in' (one of them)")
                bad = True
            return None
        key = f"{name}_{given[0]}"
        value = entry[key]
        factor = MM_PER_INCH if given[0] == "in" else 1.0
        values = value if pair and isinstance(value, list) else [value]
        if (pair and (not isinstance(value, list) or len(value) != 2)) or not all(
            _positive(v) for v in values
        ):
            shape = "[width, height]" if pair else "one number"
            fail((key,), f"'{key}' must be {shape}, positive and finite")
            bad = True
            return None
        # Inches become mm to the micrometre: 3.5 in is 88.9 mm, not 88.89999999999999.
        converted = [round(float(v) * factor, 6) for v in values]
        return converted if pair else converted[0]

    trim = length("trim", True)
    bleed = length("bleed", False)
    safe = length("safe", False, required=False)
    dpi = entry.get("dpi")
    if not isinstance(dpi, int) or isinstance(dpi, bool) or not 72 <= dpi <= 2400:
        fail(("dpi",), "'dpi' must be a whole number from 72 to 2400")
        bad = True
    pixels = entry.get("pixels")
    if not (
        isinstance(pixels, list)
        and len(pixels) == 2
        and all(isinstance(p, int) and not isinstance(p, bool) and 0 < p <= 20000 for p in pixels)
    ):
        fail(("pixels",), "'pixels' must be [width, height], whole numbers up to 20000")
        bad = True
    if bad or trim is None or bleed is None or not isinstance(dpi, int):
        return None
    assert isinstance(pixels, list)
    for axis, (side, asked) in enumerate(zip(trim, pixels, strict=True)):
        exact = (side + 2 * bleed) / MM_PER_INCH * dpi
        if abs(exact - asked) > PIXEL_TOLERANCE:
            what = ("width", "height")[axis]
            fail(
                ("pixels",),
                f"a picture {asked} pixels in {what} is not trim + bleed at {dpi} dpi "
                f"({exact:.2f} pixels)",
            )
            return None
    if safe is not None and 2 * safe >= min(trim):
        fail(("safe_mm",), "the safe area leaves nothing inside the trim")
        return None
    return Product(size, trim[0], trim[1], bleed, safe, dpi, (pixels[0], pixels[1]))


def _positive(value: object) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 < value <= 1000
    )
