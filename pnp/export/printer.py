"""``pnp export GAME --printer NAME``: a kit's cards as a print-on-demand service asks for them.

For every component whose card size the service prints (see :mod:`pnp.export.services`),
each face is laid out again from its layout at the service's trim and bleed
(:func:`pnp.layout.reflow.reflow`: positions keep their distance to the trim edges,
nothing is scaled) and written

* as one-card-per-page PDFs whose pages are the bleed box, with a TrimBox and a
  BleedBox: one PDF per deck (back and front of every printed card) or a PDF of fronts
  and one of backs, as the service asks;
* as a PNG per distinct face, at the service's resolution and exact pixel size, bleed
  included: the fronts numbered in print order, one back per deck (or one per card
  where the backs differ).

Components of other sizes are left out with a note; text or a vital icon outside the
service's safe area is reported. The folder ``printer-<service>/`` in the kit is
replaced as a whole (:mod:`pnp.export.folder`).
"""

from __future__ import annotations

import io
import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pypdfium2 as pdfium

from pnp.base.errors import Problem
from pnp.base.units import POINTS_PER_INCH, mm
from pnp.catalog.project import load_game
from pnp.draw.art import ArtLibrary
from pnp.export.checklist import Listed, Outside, order_list
from pnp.export.folder import ExportResult, write_export
from pnp.export.png import png_bytes
from pnp.export.services import Printers, Product, Service, pick_service, read_printers
from pnp.kit.build_options import BuildResult, kit_language
from pnp.language.template import fill_template
from pnp.layout.game_data import GameData
from pnp.layout.model import Layout
from pnp.layout.reflow import reflow
from pnp.layout.render import FaceContext, FaceRenderer, FormCache
from pnp.sheets.pdf import new_canvas
from pnp.spec.model import CardRow, Component
from pnp.spec.sizes import CARD_SIZES, SAFE

Progress = Callable[[str, int, int], None]
"""Called with (task, steps done, steps total)."""

_SAFE_KINDS = ("text", "art", "pips")
"""Element kinds that must stay inside the safe area (unless marked ``decoration``)."""


@dataclass(frozen=True)
class Side:
    """One distinct face of a deck: a front or a back, and the form that draws it."""

    key: str
    layout: Layout
    row: CardRow | None


@dataclass(frozen=True)
class Deck:
    """One component as the service prints it."""

    component: Component
    product: Product
    fronts: tuple[Side, ...]
    """One per row, in print order."""
    backs: tuple[Side, ...]
    """Per row, in print order; empty: the cards have no back."""
    context: FaceContext

    @property
    def shared_back(self) -> bool:
        """Every card shows the same back."""
        return len({side.key for side in self.backs}) == 1


@dataclass(frozen=True)
class Plan:
    """What an export of one kit for one service holds, and what it leaves out."""

    service: Service
    decks: list[Deck]
    left_out: list[Component]
    """Components of a size the service does not print."""
    outside: list[Outside]
    """Elements closer to the trim than the service's safe area (once per layout)."""

    def notes(self) -> tuple[str, ...]:
        """The plan's notes and warnings for the user, one line each (English, for stderr)."""
        service = self.service
        notes = [
            f"{service.id}: left out {c.id} ({c.size.width:g}x{c.size.height:g} mm): "
            f"{service.name} has no product of that size in {service.path.name}"
            for c in self.left_out
        ]
        for found in self.outside:
            where = Problem(found.element.source.path, found.element.source.line, None, "")
            notes.append(
                f"warning: {str(where).rstrip(': ')}: element '{found.element.name}' lies "
                f"{found.distance:.2f} mm inside the trim, outside {service.name}'s "
                f"{found.safe:g} mm safe area"
            )
        return tuple(notes)


def write_printers(
    kit: BuildResult,
    printers: Printers,
    services: Sequence[Service],
    progress: Progress | None = None,
) -> list[ExportResult]:
    """Write (or find up to date) ``kit``'s files for each of ``services``, services of
    ``printers`` (the services file of the game's ``cardspecs/common/``)."""
    data = load_game(kit.game, lang=kit_language(kit.manifest))
    # The services were chosen before the kit was known; its order list is in its language.
    words = read_printers(data.common, data.spec.language.code).checklist
    printers = replace(printers, checklist=words)
    return [_write(kit, data, printers, service, progress) for service in services]


def write_printer(kit: BuildResult, service: str, progress: Progress | None = None) -> ExportResult:
    """Write (or find up to date) ``kit``'s files for print service ``service``."""
    data = load_game(kit.game, lang=kit_language(kit.manifest))
    printers = read_printers(data.common, data.spec.language.code)
    return _write(kit, data, printers, pick_service(printers, service), progress)


def _write(
    kit: BuildResult,
    data: GameData,
    printers: Printers,
    found: Service,
    progress: Progress | None,
) -> ExportResult:
    planned = plan(data, kit.variants, found)
    name = f"printer-{found.id}"
    settings = {
        "service": found.described(),
        "checklist": {"file": printers.checklist.file, **printers.checklist.lines},
        # ReportLab dates every PDF from it when it is set.
        "source_date_epoch": os.environ.get("SOURCE_DATE_EPOCH"),
    }

    def make(_manifest: dict[str, Any]) -> dict[str, bytes]:
        files, listing = render_decks(planned.decks, found, data, progress)
        text = order_list(
            printers.checklist,
            found,
            data.spec.name,
            listing,
            planned.left_out,
            planned.outside,
            data.spec.language,
        )
        files[printers.checklist.file] = text.encode()
        return files

    result = write_export(kit.folder, name, settings, make)
    return replace(result, notes=planned.notes())


def plan(data: GameData, chosen: tuple[str, ...], service: Service) -> Plan:
    """The decks ``service`` prints for the kit of ``chosen`` variants, the components it
    leaves out (no product of their size) and the elements outside its safe area."""
    decks: list[Deck] = []
    left_out: list[Component] = []
    outside: list[Outside] = []
    checked: set[Layout] = set()
    for comp in data.spec.components_for(chosen):
        size = comp.size
        product = service.products.get(size.name)
        if product is None or CARD_SIZES.get(size.name) != size:
            left_out.append(comp)
            continue
        ctx = data.face_context(comp, chosen)
        face = data.layouts.load(comp.layout, size)
        back = data.layouts.load(comp.back, size) if comp.back else None
        # Each card the rows print (a player aid may take more than one), at the shop's size.
        cards = [
            (row, _at(product, front), None if rear is None else _at(product, rear))
            for table_row in comp.rows
            if table_row.count > 0
            for row, front, rear in data.card_faces(table_row, face, back, ctx)
        ]
        if not cards:
            continue
        fronts = tuple(Side(data.face_key(comp, row), front, row) for row, front, _ in cards)
        backs: tuple[Side, ...] = ()
        if back is not None:
            backs = tuple(
                Side(data.back_key(comp, row, rear, ctx), rear, row)
                for row, _, rear in cards
                if rear is not None
            )
        decks.append(Deck(comp, product, fronts, backs, ctx))
        for _, front, rear in cards:
            for layout in (front, rear):
                if layout is not None and layout not in checked:
                    checked.add(layout)
                    outside += outside_safe_area(layout, product)
    return Plan(service, decks, left_out, outside)


def _at(product: Product, layout: Layout) -> Layout:
    return reflow(layout, product.width, product.height, product.bleed)


def outside_safe_area(layout: Layout, product: Product) -> list[Outside]:
    """The elements of ``layout`` (at the service's trim) that hold text or a vital icon
    outside the service's safe area (our own where it states none)."""
    safe = SAFE if product.safe is None else product.safe
    found = []
    for element in layout.elements:
        if element.kind not in _SAFE_KINDS or element.decoration:
            continue
        box = element.box
        nearest = min(box.x, box.y, layout.width - box.right, layout.height - box.bottom)
        if nearest < safe - 1e-6:
            found.append(Outside(element, nearest, safe))
    return found


Listing = list[tuple[Component, Product, list[Listed]]]
"""Per deck, its files in the order list."""


def render_decks(
    decks: Sequence[Deck], service: Service, data: GameData, progress: Progress | None
) -> tuple[dict[str, bytes], Listing]:
    """Every file of the export: the PDFs and PNGs of each deck (name -> bytes), and per
    deck the list of them for the order list."""
    files: dict[str, bytes] = {}
    listing: Listing = []
    task = f"{data.spec.id}: {service.name}"
    total = sum(len(deck.fronts) + len(_distinct(deck.backs)) for deck in decks)
    done = 0
    for deck in decks:
        listed: list[Listed] = []
        fronts = deck.fronts
        backs = _distinct(deck.backs)
        title = f"{data.spec.name} – {deck.component.name.lower()}"
        values = {"component": deck.component.id}
        back_pictures: list[bytes] = []
        if service.pdf == "sides":
            fronts_pdf = one_card_pdf(
                fronts, deck, data.art, title, data.spec.language.label("pdf_printer")
            )
            pdfs = {_name(service, "fronts_pdf", values): fronts_pdf}
            front_pictures = pictures(fronts_pdf, deck.product)
            if backs:
                backs_pdf = one_card_pdf(
                    backs, deck, data.art, title, data.spec.language.label("pdf_printer")
                )
                pdfs[_name(service, "backs_pdf", values)] = backs_pdf
                back_pictures = pictures(backs_pdf, deck.product)
            pdf_kind = "pdf"
        else:
            # The pictures are the deck PDF's own pages, each face's first: every face is
            # drawn once (the same pixels as a PDF of its own, each face's glyphs alike).
            pages = deck_pages(deck)
            whole = one_card_pdf(
                pages, deck, data.art, title, data.spec.language.label("pdf_printer")
            )
            pdfs = {_name(service, "deck_pdf", values): whole}
            front_pictures = pictures(whole, deck.product, _first_pages(pages, fronts))
            back_pictures = pictures(whole, deck.product, _first_pages(pages, backs))
            pdf_kind = "deck_pdf"
        for number, (side, picture) in enumerate(zip(fronts, front_pictures, strict=True), start=1):
            assert side.row is not None
            named = {**values, "number": f"{number:03d}", "card": side.row.id}
            name = _name(service, "front_png", named)
            files[name] = picture
            listed.append(Listed(name, "front", side.row.count, deck.component.name_of(side.row)))
            done += 1
            if progress:
                progress(task, done, total)
        if backs:
            copies = Counter[str]()
            for side in deck.backs:
                assert side.row is not None
                copies[side.key] += side.row.count
            for side, picture in zip(backs, back_pictures, strict=True):
                assert side.row is not None
                if deck.shared_back:
                    name = _name(service, "back_png", values)
                else:
                    index = next(i for i, s in enumerate(deck.fronts, 1) if s.row == side.row)
                    named = {**values, "number": f"{index:03d}", "card": side.row.id}
                    name = _name(service, "back_each_png", named)
                files[name] = picture
                listed.append(Listed(name, "back", copies[side.key]))
                done += 1
                if progress:
                    progress(task, done, total)
        listed += [Listed(name, pdf_kind) for name in pdfs]
        files.update(pdfs)
        listing.append((deck.component, deck.product, listed))
    return files, listing


def _distinct(sides: Sequence[Side]) -> tuple[Side, ...]:
    """Each distinct face once, in print order."""
    first: dict[str, Side] = {}
    for side in sides:
        first.setdefault(side.key, side)
    return tuple(first.values())


def _name(service: Service, kind: str, values: dict[str, str]) -> str:
    return fill_template(service.names[kind], values)


def one_card_pdf(
    pages: Sequence[Side], deck: Deck, art: ArtLibrary, title: str, subject: str
) -> bytes:
    """A PDF with one page per side in ``pages``, each page the card's bleed box (trim and
    bleed boxes set); ``subject`` is what a PDF viewer shows it holds."""
    product = deck.product
    width = product.width + 2 * product.bleed
    height = product.height + 2 * product.bleed
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, width, height, title, subject)
    renderer = FaceRenderer(FormCache(canvas), art)
    bleed = product.bleed
    for side in pages:
        form = renderer.face(side.key, side.layout, side.row, deck.context)
        canvas.setPageSize((mm(width), mm(height)))
        canvas.doForm(form)
        canvas.setTrimBox(
            (mm(bleed), mm(bleed), mm(bleed + product.width), mm(bleed + product.height))
        )
        canvas.setBleedBox((0, 0, mm(width), mm(height)))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def deck_pages(deck: Deck) -> list[Side]:
    """The pages of the whole deck as one PDF: for every printed card its back, then its
    front."""
    pages: list[Side] = []
    for index, front in enumerate(deck.fronts):
        assert front.row is not None
        for _ in range(front.row.count):
            if deck.backs:
                pages.append(deck.backs[index])
            pages.append(front)
    return pages


def _first_pages(pages: Sequence[Side], sides: Sequence[Side]) -> list[int]:
    """For each of ``sides`` (sides of the deck ``pages`` are made of), its first page."""
    return [next(i for i, page in enumerate(pages) if page is side) for side in sides]


def pictures(pdf: bytes, product: Product, pages: Sequence[int] | None = None) -> list[bytes]:
    """Each page of a one-card-per-page PDF (or those of ``pages``, in that order) as a PNG
    of exactly ``product.pixels``, marked with the product's resolution."""
    document = pdfium.PdfDocument(pdf)
    out = []
    try:
        for index in range(len(document)) if pages is None else pages:
            page = document[index]
            try:
                # pdfium rounds the bitmap size up: a hair below the exact scale keeps a page
                # of exactly 825 pixels from becoming 826.
                scale = product.dpi / POINTS_PER_INCH * (1 - 1e-6)
                bitmap = page.render(scale=scale, draw_annots=False)
                picture = bitmap.to_pil().convert("RGB")
            finally:
                page.close()
            if picture.size != product.pixels:
                raise AssertionError(f"rendered {picture.size}, not {product.pixels} pixels")
            out.append(png_bytes(picture, dpi=product.dpi))
    finally:
        document.close()
    return out
