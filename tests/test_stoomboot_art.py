"""Stoomboot's art, read back from real output.

* Every town has its own buildings and every Piet his own figure: rendered from the built kit,
  the six towns' house pictures (day and night side) and the six Piets differ clearly pair by pair.
* On every map tile only the background runs into the bleed: each picture of a tile, drawn
  without its background layer (the SVG group ``achtergrond``) and without any clipping, puts
  all its ink inside the 3 mm safe zone, and every other element of the tile lies in it too. A
  mooring post at the tile's edge (drawn beyond the picture's own box, where a PDF form would
  quietly clip it) is caught: the check sees the unclipped drawing.
* The house tiles' background is flat: in the bleed and the safe margin it is horizontal bands
  only (sky, quay, water), so nothing there can be cut in half at the trim.
"""

from __future__ import annotations

import io
import itertools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat
from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg

from pnp.catalog.project import load_game
from pnp.language.template import fill_template
from pnp.layout.model import Box, Layout
from pnp.spec.model import CardRow
from pnp.spec.sizes import BLEED, SAFE
from tests.conftest import BuiltKit, KitMaker

GAME = "stoomboot"
TILES = ("huizen", "water", "pepernoot")
BACKGROUND = re.compile(r'<g id="achtergrond">.*?</g>', re.DOTALL)
MM_PER_PX = 0.05
"""Resolution of the unclipped ink check (finer than the tolerance below)."""
TOLERANCE = 0.1
"""How far (mm) anti-aliased ink may reach past the safe line."""
PAGE_SCALE = 4.0
"""Render scale of kit pages for the comparisons (about 0.09 mm a pixel)."""
HOUSE_REGION = (3.0, 3.0, 30.0, 43.0)
"""Where a house tile shows its town (mm from the trim's top left), clear of wish and name."""
PIET_PICTURE = (3.5, 51.0, 27.0, 25.0)
"""The front picture of a Piet standee (mm from the trim's top left), as the layout places it."""
HOUSES_DIFFER = 15.0
PIETEN_DIFFER = 8.0
"""Mean difference (0-255 a channel) two pictures must show at least to count as distinct. The
same art on two tiles or standees measures about 0 (Piets: with their panel colour whitened);
the towns measure 23 and more (the night side is darker), the Piets 10 and more."""


@dataclass(frozen=True)
class Ink:
    """The extent of a drawing's ink in mm on the card, measured from the trim's top left."""

    left: float
    top: float
    right: float
    bottom: float


def _without_background(svg_text: str) -> str:
    return BACKGROUND.sub("", svg_text, count=1)


def _ink_in_box(svg_text: str, box: Box, tmp: Path) -> Ink | None:
    """Where ``svg_text``, placed in ``box`` as the renderer places art (scaled to fit and
    centred), puts ink, measured on an unclipped rendering (``None``: no ink at all)."""
    source = tmp / "art.svg"
    source.write_text(svg_text, encoding="utf-8")
    drawing = svg2rlg(str(source))
    assert drawing is not None
    width, height = float(drawing.width), float(drawing.height)
    mm_per_pt = min(box.w / width, box.h / height)
    left = box.x + (box.w - width * mm_per_pt) / 2
    top = box.y + (box.h - height * mm_per_pt) / 2
    # A margin as large as the drawing on every side: whatever it draws beyond its own box shows.
    pad_w, pad_h = width, height
    pdf = io.BytesIO()
    canvas = Canvas(pdf, pagesize=(width + 2 * pad_w, height + 2 * pad_h))
    renderPDF.draw(drawing, canvas, pad_w, pad_h)
    canvas.showPage()
    canvas.save()
    scale = mm_per_pt / MM_PER_PX
    page = pdfium.PdfDocument(pdf.getvalue())[0]
    image = page.render(scale=scale, fill_color=(255, 0, 255, 255)).to_pil().convert("RGB")
    mask = ImageChops.difference(image, Image.new("RGB", image.size, (255, 0, 255))).convert("L")
    bbox = mask.point(lambda v: 255 if v > 8 else 0).getbbox()
    if bbox is None:
        return None
    x0, y0, x1, y1 = (v / scale for v in bbox)  # points from the padded page's top left
    return Ink(
        left + (x0 - pad_w) * mm_per_pt,
        top + (y0 - pad_h) * mm_per_pt,
        left + (x1 - pad_w) * mm_per_pt,
        top + (y1 - pad_h) * mm_per_pt,
    )


def _outside_safe_zone(ink: Ink, width: float, height: float) -> list[str]:
    problems = []
    if ink.left < SAFE - TOLERANCE:
        problems.append(f"left {ink.left:.2f} mm")
    if ink.top < SAFE - TOLERANCE:
        problems.append(f"top {ink.top:.2f} mm")
    if ink.right > width - SAFE + TOLERANCE:
        problems.append(f"right {width - ink.right:.2f} mm from the edge")
    if ink.bottom > height - SAFE + TOLERANCE:
        problems.append(f"bottom {height - ink.bottom:.2f} mm from the edge")
    return problems


def _faces() -> list[tuple[str, str, Layout, CardRow]]:
    """Every side of every map tile: (component, row id, layout, row)."""
    data = load_game(GAME)
    faces = []
    for component_id in TILES:
        component = data.spec.component(component_id)
        names = [component.layout] + ([component.back] if component.back else [])
        for name in names:
            layout = data.layouts.load(name, component.size)
            faces += [(component_id, row.id, layout, row) for row in component.rows]
    return faces


def _shown(when: str | None, values: dict[str, Any]) -> bool:
    if not when:
        return True
    return not values.get(when[1:]) if when.startswith("!") else bool(values.get(when))


@pytest.mark.parametrize(
    ("component", "row_id", "layout", "row"),
    _faces(),
    ids=lambda v: v if isinstance(v, str) else getattr(v, "name", ""),
)
def test_only_the_background_of_a_tile_runs_into_the_bleed(
    component: str, row_id: str, layout: Layout, row: CardRow, tmp_path: Path
) -> None:
    art_root = load_game(GAME).art.root
    values: dict[str, Any] = dict(row.fields)
    checked = 0
    for element in layout.elements:
        if not _shown(element.when, values):
            continue
        where = f"{component} {row_id} {layout.name}.{element.name}"
        if element.kind == "art":
            reference = fill_template(element.src, values)
            svg_text = (art_root / reference).read_text(encoding="utf-8")
            ink = _ink_in_box(_without_background(svg_text), element.box, tmp_path)
            if ink is not None:
                problems = _outside_safe_zone(ink, layout.width, layout.height)
                assert not problems, (
                    f"{where} ({reference}) draws outside the safe zone: {problems}"
                )
            checked += 1
        elif not element.decoration:
            b = element.box
            problems = _outside_safe_zone(
                Ink(b.x, b.y, b.right, b.bottom), layout.width, layout.height
            )
            assert not problems, f"{where} lies outside the safe zone: {problems}"
    assert checked, f"{component} {row_id} {layout.name}: no picture checked"


def test_the_check_catches_a_mooring_post_at_the_trim(tmp_path: Path) -> None:
    """The town drawn inside its box passes; the same town with a post at the tile's edge (in
    the bleed, beyond the picture's own box) fails."""
    data = load_game(GAME)
    layout = data.layouts.load("huis", data.spec.component("huizen").size)
    town = next(e for e in layout.elements if e.name == "town")
    svg_text = (data.art.root / "stoomboot" / "huis-amsterdam.svg").read_text(encoding="utf-8")
    ink = _ink_in_box(svg_text, town.box, tmp_path)
    assert ink is not None and not _outside_safe_zone(ink, layout.width, layout.height)
    post = '<rect x="58.4" y="42" width="2.6" height="4.5" fill="#23303A"/>\n</svg>'
    ink = _ink_in_box(svg_text.replace("</svg>", post), town.box, tmp_path)
    assert ink is not None
    assert _outside_safe_zone(ink, layout.width, layout.height) == [
        f"right {layout.width - ink.right:.2f} mm from the edge"
    ]
    assert ink.right > layout.width


@pytest.mark.parametrize(
    "reference", ["stoomboot/tegel-huis.svg", "stoomboot/tegel-huis-bezorgd.svg"]
)
def test_house_backgrounds_are_flat_bands_in_the_bleed_and_the_margin(
    reference: str, tmp_path: Path
) -> None:
    """Sky, quay and water only: every pixel row of the tile's outer frame (bleed and safe
    margin, all four sides) is one colour, so no post, crest or house can sit there."""
    svg_text = (load_game(GAME).art.root / reference).read_text(encoding="utf-8")
    source = tmp_path / "background.svg"
    source.write_text(svg_text, encoding="utf-8")
    drawing = svg2rlg(str(source))
    assert drawing is not None
    size = 60.0 + 2 * BLEED
    pdf = pdfium.PdfDocument(renderPDF.drawToString(drawing))
    image = pdf[0].render(scale=4).to_pil().convert("RGB")
    px_per_mm = image.width / size
    frame = round((BLEED + SAFE) * px_per_mm) - 1
    inner = (frame + 1, image.width - frame - 1)
    for y in range(image.height):
        in_band = y <= frame or y >= image.height - frame - 1
        columns = range(image.width) if in_band else [*range(frame), *range(inner[1], image.width)]
        colours = {image.getpixel((x, y)) for x in columns}
        assert len(colours) == 1, f"{reference}: row {y / px_per_mm - BLEED:.1f} mm is not flat"


# --- distinct towns and Piets, read back from the kit -------------------------------------


def _page_images(built: BuiltKit, file: str) -> list[Image.Image]:
    pdf = pdfium.PdfDocument(built.path(file))
    return [pdf[i].render(scale=PAGE_SCALE).to_pil().convert("RGB") for i in range(len(pdf))]


def _crop(
    image: Image.Image, trim: list[float], region: tuple[float, float, float, float]
) -> Image.Image:
    """``region`` (mm from the trim's top left) of the card whose trim box is ``trim`` (mm, the
    page's bottom left origin) on a page rendered at ``PAGE_SCALE``."""
    px_per_mm = PAGE_SCALE * 72 / 25.4
    page_h = image.height / px_per_mm
    x, y, _, h = trim
    left, top = x + region[0], page_h - (y + h) + region[1]
    box = (left, top, left + region[2], top + region[3])
    return image.crop(tuple(round(v * px_per_mm) for v in box))  # type: ignore[arg-type]


def _difference(a: Image.Image, b: Image.Image) -> float:
    stat = ImageStat.Stat(ImageChops.difference(a, b.resize(a.size)))
    return sum(stat.mean) / len(stat.mean)


def _crop_upright(
    image: Image.Image, placement: dict[str, Any], region: tuple[float, float, float, float]
) -> Image.Image:
    """``region`` of a placed piece as it stands upright (a standee may lie on its side on
    the sheet, turned a quarter anticlockwise)."""
    trim = placement["trim_mm"]
    if not placement.get("rotated"):
        return _crop(image, trim, region)
    whole = _crop(image, trim, (0.0, 0.0, trim[2], trim[3])).rotate(-90, expand=True)
    px_per_mm = PAGE_SCALE * 72 / 25.4
    box = (region[0], region[1], region[0] + region[2], region[1] + region[3])
    return whole.crop(tuple(round(v * px_per_mm) for v in box))  # type: ignore[arg-type]


def _figure_only(crop: Image.Image) -> Image.Image:
    """The crop with its panel colour (taken at a corner) turned white: only the figure counts,
    not the colour of the standee it stands on."""
    panel = crop.getpixel((1, 1))
    assert isinstance(panel, tuple)
    off = ImageChops.difference(crop, Image.new("RGB", crop.size, panel)).convert("L")
    out = crop.copy()
    out.paste((255, 255, 255), mask=off.point(lambda v: 255 if v < 8 else 0))
    return out


def _assert_pairwise_distinct(pictures: dict[str, Image.Image], what: str, at_least: float) -> None:
    assert len(pictures) == 6, f"{what}: {sorted(pictures)}"
    for (a, pa), (b, pb) in itertools.combinations(sorted(pictures.items()), 2):
        difference = _difference(pa, pb)
        assert difference >= at_least, f"{what}: {a} and {b} look alike ({difference:.1f})"


@pytest.fixture(scope="module")
def pieten_kit(kit: KitMaker) -> BuiltKit:
    return kit(GAME, ("rebelse-pietjes",))


def test_every_town_has_its_own_buildings_by_day_and_by_night(pieten_kit: BuiltKit) -> None:
    pages = _page_images(pieten_kit, "tegels.pdf")
    houses = [p for p in pieten_kit.placements("tegels.pdf") if p["component"] == "huizen"]
    day = {p["card"]: _crop(pages[p["page"] - 1], p["trim_mm"], HOUSE_REGION) for p in houses}
    night = {
        p["card"]: _crop(pages[p["back_page"] - 1], p["back_trim_mm"], HOUSE_REGION) for p in houses
    }
    _assert_pairwise_distinct(day, "house fronts", HOUSES_DIFFER)
    _assert_pairwise_distinct(night, "house backs", HOUSES_DIFFER)


def test_every_piet_has_his_own_figure(pieten_kit: BuiltKit) -> None:
    pages = _page_images(pieten_kit, "kaarten.pdf")
    pieten = [p for p in pieten_kit.placements("kaarten.pdf") if p["component"] == "pieten"]
    figures = {
        p["card"]: _figure_only(_crop_upright(pages[p["page"] - 1], p, PIET_PICTURE))
        for p in pieten
    }
    _assert_pairwise_distinct(figures, "Piet figures", PIETEN_DIFFER)
