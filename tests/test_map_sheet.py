"""The one-page map sheet read back from the real PDF.

Every word on it is at least 7 pt although its tiles are drawn smaller than real, the start
label stands out from the water (contrast at least 4.5:1) and a north arrow shows which way
the boat's headings go. The map is as large as the paper allows (the whole short side of the
printable area: 39.96 mm tiles on A4 and 41.14 mm on Letter, up from 39.6 and 40.78 mm), the
page turns when that lets the legend be larger, and the room the map leaves holds a legend
that names and pictures every kind of tile on the map, in the words of the kit's own data.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.games.stoomboot.kit.map_sheet import map_board
from pnp.layout.model import MIN_TEXT_PT
from pnp.sheets.board import INK, PANEL, board_candidates, board_geometry, render_board
from pnp.spec.sizes import PAPERS, PRINTABLE_MARGIN
from tests.conftest import BuiltKit, KitMaker
from tests.pdfinspect import MM, FormUse, PageContent, read_page

GAME = "stoomboot"
SCALE = 4.0
NORTH = "N (noord)"
PEPERNOOT = ("pepernoot-plekken",)
ALL_KINDS_SEED = 5
"""A seed whose Pepernoot map holds every kind of Plek (rots, stroming, draaikolk, haven)."""
LEGEND_NAMES = {
    "huizen": "Huis",
    "water": "Water",
    "rots": "Rots",
    "stroming": "Stroming",
    "draaikolk": "Draaikolk",
    "haven": "Haven",
}
"""The legend's name of each kind of tile (a Plek by its row id, the others by component)."""
SHEETS = [
    pytest.param("a4", (), 0, id="a4"),
    pytest.param("letter", (), 0, id="letter"),
    pytest.param("a4", PEPERNOOT, ALL_KINDS_SEED, id="a4-pepernoot"),
    pytest.param("letter", PEPERNOOT, ALL_KINDS_SEED, id="letter-pepernoot"),
    pytest.param("a4", ("kleine-kaart",), 0, id="a4-kleine-kaart"),
]


def _sheet(kit: KitMaker, paper: str, variants: tuple[str, ...], seed: int) -> BuiltKit:
    return kit(GAME, variants, map_sheet=True, seed=seed, paper=paper)


def _luminance(rgb: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _render(built: BuiltKit, scale: float = SCALE) -> Image.Image:
    page = pdfium.PdfDocument(built.path("speelbord.pdf"))[0]
    return page.render(scale=scale).to_pil().convert("RGB")


def _tiles(page: PageContent) -> list[FormUse]:
    """The map's tiles: face forms placed on the page itself."""
    return [
        f
        for f in page.forms
        if not f.parents and f.name.split(".")[1] in ("face", "board") and ".stoomboot." in f.name
    ]


def _map_box(tiles: list[FormUse]) -> tuple[float, float, float, float, float]:
    """The grid (x0, y0, x1, y1 in points) and the tile edge, from where the tiles' forms sit.

    A tile form is the tile's bleed box (66 mm for a 60 mm tile) drawn scaled into its cell.
    """
    lefts = sorted({round(f.box()[0], 2) for f in tiles})
    bottoms = sorted({round(f.box()[1], 2) for f in tiles})
    edge = lefts[1] - lefts[0]
    assert bottoms[1] - bottoms[0] == pytest.approx(edge, abs=0.02), "square cells"
    bleed = (tiles[0].box()[2] - edge) / 2
    return (
        lefts[0] + bleed,
        bottoms[0] + bleed,
        lefts[-1] + bleed + edge,
        bottoms[-1] + bleed + edge,
        edge,
    )


def _panel(
    image: Image.Image, scale: float, grid: tuple[float, ...]
) -> tuple[float, float, float, float]:
    """The legend's box (x0, y0, x1, y1 in points, y up): its own colour, off the map ``grid``
    (x0, y0, x1, y1 in points; a tile's picture may hold the same colour)."""
    want = (round(PANEL.red * 255), round(PANEL.green * 255), round(PANEL.blue * 255))
    width, height = image.size
    mask = image.point(lambda v: v).load()
    assert mask is not None
    xs: list[int] = []
    ys: list[int] = []
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            px, py = x / scale, (height - y) / scale
            if grid[0] - 1 <= px <= grid[2] + 1 and grid[1] - 1 <= py <= grid[3] + 1:
                continue
            pixel = mask[x, y]
            if all(abs(int(c) - w) <= 1 for c, w in zip(pixel, want, strict=True)):
                xs.append(x)
                ys.append(y)
    assert xs, "a legend box"
    return (
        min(xs) / scale,
        (height - max(ys)) / scale,
        max(xs) / scale,
        (height - min(ys)) / scale,
    )


@pytest.mark.parametrize(("paper", "variants", "seed"), SHEETS)
def test_the_map_sheet_is_readable(
    kit: KitMaker, paper: str, variants: tuple[str, ...], seed: int
) -> None:
    built = _sheet(kit, paper, variants, seed)
    reader = built.reader("speelbord.pdf")
    texts = [t for t in read_page(reader, 0).texts if t.text.strip()]
    small = sorted({(round(t.size, 1), t.text) for t in texts if t.size < MIN_TEXT_PT - 0.01})
    assert not small, f"text under {MIN_TEXT_PT:g} pt: {small[:5]}"
    assert any(t.text == NORTH for t in texts), "a north arrow"

    # The start label on the map and the one in the legend's picture of the start.
    starts = [t for t in texts if t.text == "start"]
    assert len(starts) == 2
    image = _render(built)
    height = image.size[1]
    ink = (INK.red, INK.green, INK.blue)
    for start in starts:
        # Just left of the word, half a letter up: the label's own background.
        x, y = (start.x - 1.5) * SCALE, height - (start.y + start.size * 0.35) * SCALE
        background = tuple(c / 255 for c in image.getpixel((int(x), int(y))))
        assert _contrast(ink, background) >= 4.5, background  # type: ignore[arg-type]


@pytest.mark.parametrize(("paper", "variants", "seed"), SHEETS)
def test_the_map_and_its_legend_fill_the_printable_page(
    kit: KitMaker, paper: str, variants: tuple[str, ...], seed: int
) -> None:
    """The map spans the printable area's short side (the most a square map can have); with
    the legend beside or below it, the two cover at least 80 % of the printable page (before:
    the map alone, 68 %), and no ink comes nearer than 5 mm to the paper's edge."""
    built = _sheet(kit, paper, variants, seed)
    reader = built.reader("speelbord.pdf")
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    tiles = _tiles(read_page(reader, 0))
    x0, y0, x1, y1, edge = _map_box(tiles)
    margin = PRINTABLE_MARGIN * MM
    short = min(width, height) - 2 * margin
    columns = round((x1 - x0) / edge)
    assert columns * edge >= short - 0.5 * MM, "the map spans the printable short side"
    # The tiles grew: 5x5 tiles were 39.6 mm on A4 and 40.78 mm on Letter.
    before = {"a4": 39.6, "letter": 40.78}[paper] * 5 / columns
    assert edge / MM > before + 0.3

    image = _render(built, 1.0)
    legend = _panel(image, 1.0, (x0, y0, x1, y1))
    assert legend[0] >= x1 - 1 or legend[3] <= y0 + 1, "the legend is beside or below the map"
    printable = (width - 2 * margin) * (height - 2 * margin)
    covered = (x1 - x0) * (y1 - y0) + (legend[2] - legend[0]) * (legend[3] - legend[1])
    assert covered / printable >= 0.80, f"{covered / printable:.0%} of the printable page"

    # Ink inside the margins: the 5 mm strip round the paper edge stays white.
    pixels = _render(built)
    band = int(margin * SCALE)
    w, h = pixels.size
    for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
        assert pixels.crop(box).getextrema() == ((255, 255),) * 3, f"ink in the margin {box}"


@pytest.mark.parametrize(("paper", "variants", "seed"), SHEETS)
def test_the_legend_names_every_kind_of_tile_on_the_map(
    kit: KitMaker, paper: str, variants: tuple[str, ...], seed: int
) -> None:
    """Each kind of tile on the map has a legend entry: its picture (no words in it), its name
    and, for a Pepernoot Plek, the effect its row in pepernoot.csv gives; kinds that are not on
    this map are left out."""
    built = _sheet(kit, paper, variants, seed)
    page = read_page(built.reader("speelbord.pdf"), 0)
    spec = load_game(GAME).spec
    kinds = set()
    for tile in _tiles(page):
        component, row = tile.name.split(".")[3:5]
        kinds.add(row if component == "pepernoot" else component)
    if variants == PEPERNOOT:
        assert {"rots", "stroming", "draaikolk", "haven"} <= kinds, "the seed shows every Plek"
    legend = _panel(_render(built, 1.0), 1.0, _map_box(_tiles(page))[:4])

    def in_legend(x: float, y: float) -> bool:
        return legend[0] <= x <= legend[2] and legend[1] <= y <= legend[3]

    words = [t for t in page.texts if in_legend(t.x, t.y)]
    names = {t.text for t in words if "Bold" in t.font}
    assert {LEGEND_NAMES[k] for k in kinds} | {"Start"} <= names
    assert not ({LEGEND_NAMES[k] for k in LEGEND_NAMES.keys() - kinds} & names)
    swatches = [f for f in page.forms if f.name.split(".")[1] == "swatch" and not f.parents]
    assert len(swatches) == len(kinds) + 1, "one picture per kind, and one of the start"
    assert all(
        in_legend(f.box()[0] + f.box()[2] / 2, f.box()[1] + f.box()[3] / 2) for f in swatches
    )
    assert not [t for t in page.texts if "swatch" in "".join(t.parents)], "no words in a picture"
    legend_text = " ".join(" ".join(t.text for t in words).split())
    for kind in kinds & {"rots", "stroming", "draaikolk", "haven"}:
        effect = str(spec.component("pepernoot").row(kind).fields["effect"])
        first_words = " ".join(effect.split()[:3])
        assert first_words in legend_text, kind


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("variants", [(), PEPERNOOT])
def test_the_page_turns_only_for_a_larger_map_or_legend(
    paper: str, variants: tuple[str, ...]
) -> None:
    """Of portrait and landscape, legend below or beside, the sheet takes the largest tiles
    (here both orientations give the same: the map is square), then the largest legend."""
    data = load_game(GAME)
    board = map_board(data.spec, variants, ALL_KINDS_SEED)
    candidates = board_candidates(board, PAPERS[paper], 60.0)
    assert {c.paper.width > c.paper.height for c in candidates} == {False, True}
    chosen = board_geometry(board, PAPERS[paper], 60.0)
    assert chosen.tile == pytest.approx(max(c.tile for c in candidates), abs=0.01)
    pdf = render_board(board, data, variants, PAPERS[paper])
    assert pdf == render_board(board, data, variants, PAPERS[paper]), "same board, same bytes"


def test_the_sheet_s_words_are_data(project_copy: Path) -> None:
    """A proofreader changes the legend in the words file beside the layouts, not in code;
    a mistake there is one clear error naming the file."""
    words = project_copy / "cardspecs" / GAME / "layouts" / "speelbord.toml"
    text = words.read_text(encoding="utf-8")
    words.write_text(text.replace('name = "Water"', 'name = "Open zee"'), encoding="utf-8")
    data = load_game(GAME)
    board = map_board(data.spec, (), 0)
    assert "Open zee" in [entry.name for entry in board.legend]
    words.write_text(text.replace('meaning = "{effect}"', 'meaning = "{effekt}"'), encoding="utf-8")
    with pytest.raises(PnpError, match=r"speelbord\.toml.*unknown field \{effekt\}"):
        map_board(data.spec, PEPERNOOT, ALL_KINDS_SEED)


ALL_VARIANTS = (
    "kleine-kaart",
    "krappe-kalender",
    "pepernoot-plekken",
    "prachtige-pakjes",
    "rebelse-pietjes",
)


@pytest.mark.parametrize("variants", [(), ("krappe-kalender",), ALL_VARIANTS])
def test_the_reprint_line_says_what_to_do_and_names_every_variant(
    kit: KitMaker, variants: tuple[str, ...]
) -> None:
    """The sheet lies on the table: no command line on it, but what a person does to print
    the same map again (its number), and with which variants the kit was built (all of them,
    not only those that change the map), read back from speelbord.pdf."""
    built = kit(GAME, variants, map_sheet=True, seed=3)
    (text,) = built.page_texts("speelbord.pdf")
    flat = " ".join(text.split())
    assert "pnp" not in flat.lower() and "--" not in flat, flat
    assert "kaartnummer 3" in flat
    reprint = flat[flat.index("nog eens printen") :]
    assert "Print dit blad opnieuw" in reprint
    names = [load_game(GAME).spec.variants[v].name for v in variants]
    for name in names:
        assert name in reprint, f"the reprint line does not name {name}: {reprint}"
    if not names:
        assert " met " not in reprint
