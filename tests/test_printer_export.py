"""``pnp export GAME --printer NAME``: one-card PDFs with the service's trim and bleed boxes,
PNGs of its exact pixel size, one per distinct face, laid out again at the service's trim
without stretching; written whole, reproducibly; unknown or broken services are one line."""

from __future__ import annotations

import hashlib
import shutil
from collections import Counter
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

import pnp.export.printer as printer
from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.cli import app
from pnp.cli.options import complete_printer
from pnp.export.folder import ExportResult
from pnp.export.services import Product, Service, load_services
from pnp.kit.build_options import BuildResult
from pnp.layout.model import Box, Element, Layout
from pnp.layout.reflow import reflow
from pnp.spec.model import SourceRef
from pnp.spec.sizes import CARD_SIZES
from tests.conftest import BuiltKit, KitMaker
from tests.test_bad_input import edit

MM_PER_PT = 25.4 / 72
TOLERANCE = 0.01
"""mm: the geometry of print files is exact to this."""
PRINTERS = Path("cardspecs") / "common" / "printers.toml"


@dataclass
class Export:
    """One real export, made from a private copy of a shared kit."""

    kit: BuiltKit
    service: Service
    result: ExportResult
    folder: Path

    def files(self, suffix: str) -> list[Path]:
        return sorted(p for p in self.folder.iterdir() if p.name.endswith(suffix))


def _copy_kit(shared: BuiltKit, target: Path) -> BuildResult:
    folder = target / shared.game
    shutil.copytree(shared.folder, folder)
    return BuildResult(shared.game, shared.variants, folder, [], shared.manifest)


EXPORTS = [
    ("twaalf-dagen", "drivethrucards"),
    ("twaalf-dagen", "thegamecrafter"),
    ("stoomboot", "thegamecrafter"),
]
"""One export per service and game: a deck-form service, a sides-form service, and a game
with tiles and pawns that no service prints."""


@pytest.fixture(scope="module")
def exports(
    kit: KitMaker, tmp_path_factory: pytest.TempPathFactory
) -> dict[tuple[str, str], Export]:
    made = {}
    services = load_services()
    for game, service in EXPORTS:
        shared = kit(game)
        copy = _copy_kit(shared, tmp_path_factory.mktemp(f"{game}-{service}"))
        result = printer.write_printer(copy, service)
        made[game, service] = Export(shared, services[service], result, result.folder)
    return made


@pytest.fixture(params=EXPORTS, ids=[f"{g}-{s}" for g, s in EXPORTS])
def export(request: pytest.FixtureRequest, exports: dict[tuple[str, str], Export]) -> Export:
    return exports[request.param]


def _poker(service: Service) -> Product:
    return service.products["poker"]


def test_the_services_state_the_published_poker_card_specifications() -> None:
    services = load_services()
    assert set(services) >= {"drivethrucards", "thegamecrafter"}
    for service in services.values():
        poker = _poker(service)
        # 2.5 x 3.5 in with 1/8 in of bleed, at 300 dpi: 825 x 1125 pixels.
        assert (poker.width, poker.height, poker.bleed) == (63.5, 88.9, 3.175)
        assert (poker.dpi, poker.pixels) == (300, (825, 1125))
        assert service.sources and service.read
    assert _poker(services["drivethrucards"]).safe == 3.175
    assert services["drivethrucards"].pdf == "deck"
    assert services["thegamecrafter"].pdf == "sides"


def _mm(box: object) -> list[float]:
    return [float(v) * 25.4 / 72 for v in box]  # type: ignore[attr-defined]


def test_every_page_is_the_bleed_box_with_the_services_trim_box(export: Export) -> None:
    poker = _poker(export.service)
    b, w, h = poker.bleed, poker.width, poker.height
    pdfs = export.files(".pdf")
    assert pdfs
    for path in pdfs:
        reader = PdfReader(path)
        assert reader.pages
        for page in reader.pages:
            assert _mm(page.trimbox) == pytest.approx([b, b, b + w, b + h], abs=TOLERANCE)
            assert _mm(page.bleedbox) == pytest.approx([0, 0, w + 2 * b, h + 2 * b], abs=TOLERANCE)
            assert _mm(page.mediabox) == pytest.approx(_mm(page.bleedbox), abs=TOLERANCE)


def test_every_picture_has_the_exact_pixel_size_and_resolution_asked(export: Export) -> None:
    poker = _poker(export.service)
    pngs = export.files(".png")
    assert pngs
    for path in pngs:
        with Image.open(path) as picture:
            assert picture.size == poker.pixels, path.name
            assert picture.mode == "RGB"
            assert [round(d) for d in picture.info["dpi"]] == [poker.dpi, poker.dpi]


def _distinct_cards(manifest: dict[str, object], component: str) -> list[str]:
    placements = manifest["placements"]
    assert isinstance(placements, list)
    return list(dict.fromkeys(p["card"] for p in placements if p["component"] == component))


def test_one_front_per_distinct_face_one_back_per_deck_and_other_sizes_left_out(
    export: Export,
) -> None:
    data = load_game(export.kit.game)
    components = {c.id: c for c in data.spec.components_for(export.kit.variants)}
    names = {p.name for p in export.files(".png")}
    left_out = {c for c, comp in components.items() if comp.size != CARD_SIZES["poker"]}
    for component in components:
        fronts = sorted(n for n in names if n.startswith(f"{component}-front-"))
        if component in left_out:
            assert not fronts
            assert any(f"left out {component} (" in note for note in export.result.notes)
            continue
        cards = _distinct_cards(export.kit.manifest, component)
        assert fronts == [f"{component}-front-{n:03d}.png" for n in range(1, len(cards) + 1)]
        # Every card of these decks shows the same back: the service gets it once per deck.
        assert f"{component}-back.png" in names
    assert len(export.result.notes) == len(left_out)
    if export.kit.game == "stoomboot":
        assert left_out == {"huizen", "water", "pion-boot"}


def test_the_order_list_names_each_file_and_how_many_cards_to_order(export: Export) -> None:
    text = (export.folder / "bestellen.txt").read_text(encoding="utf-8")
    manifest = export.kit.manifest
    data = load_game(export.kit.game)
    printed = {c.id: c for c in data.spec.components_for(export.kit.variants)}
    listed = {}
    for line in text.splitlines():
        if line.startswith("  ") and " × " in line:
            name, rest = line.strip().split(": ", 1)
            listed[name] = int(rest.split(" × ")[0])
    assert set(listed) == {p.name for p in export.files(".png")}
    for name, count in listed.items():
        component = next(c for c in printed if name.startswith(f"{c}-"))
        placed = [p for p in manifest["placements"] if p["component"] == component]
        if "-back" in name:
            assert count == len(placed), name
        else:
            number = int(name.rsplit("-", 1)[1].removesuffix(".png"))
            card = _distinct_cards(manifest, component)[number - 1]
            assert count == sum(1 for p in placed if p["card"] == card), name
            assert f"× {printed[component].name_of(printed[component].row(card))}" in text
    for note in export.result.notes:
        component = note.split("left out ")[1].split(" ")[0]
        assert f"Niet in deze map: {printed[component].name} (" in text
    assert export.service.sources[0] in text


def _text_of_page(pdf: Path | bytes, index: int) -> str:
    document = pdfium.PdfDocument(pdf)
    try:
        page = document[index]
        text = page.get_textpage().get_text_range()
        page.close()
        return " ".join(text.split())
    finally:
        document.close()


def test_the_deck_pdf_holds_back_then_front_of_every_printed_card(
    exports: dict[tuple[str, str], Export],
) -> None:
    # DriveThruCards: one PDF per deck, the back of card 1, its front, the back of card 2...
    export = exports["twaalf-dagen", "drivethrucards"]
    counts = Counter(
        p["card"] for p in export.kit.manifest["placements"] if p["component"] == "gifts"
    )
    reader = PdfReader(export.folder / "gifts.pdf")
    assert len(reader.pages) == 2 * sum(counts.values())
    front = _text_of_page(export.folder / "gifts.pdf", 1)
    back = _text_of_page(export.folder / "gifts.pdf", 0)
    assert "Geschenk" in front and front != back
    deck = PdfReader(export.folder / "deck.pdf")
    placed = [p for p in export.kit.manifest["placements"] if p["component"] == "deck"]
    assert len(deck.pages) == 2 * len(placed)


Char = tuple[str, float, float, float, float]
"""A character and its box in mm from the trim's top-left corner: left, top, right, bottom."""


def _chars(pdf: Path, page_number: int, trim: tuple[float, float, float, float]) -> list[Char]:
    """The characters printed inside ``trim`` (x, y, w, h in mm from the page's bottom left)."""
    x, y, w, h = trim
    document = pdfium.PdfDocument(pdf)
    try:
        page = document[page_number]
        text = page.get_textpage()
        found = []
        for index in range(text.count_chars()):
            char = text.get_text_range(index, 1)
            if not char.strip():
                continue
            left, bottom, right, top = (v * MM_PER_PT for v in text.get_charbox(index))
            if x <= left and right <= x + w and y <= bottom and top <= y + h:
                found.append((char, left - x, y + h - top, right - x, y + h - bottom))
        page.close()
        return found
    finally:
        document.close()


def test_the_layout_keeps_its_distances_to_the_trim_edges_and_nothing_is_scaled(
    exports: dict[tuple[str, str], Export],
) -> None:
    export = exports["twaalf-dagen", "thegamecrafter"]
    poker = _poker(export.service)
    kit = export.kit
    cards = _distinct_cards(kit.manifest, "deck")
    grow_w, grow_h = poker.width - 63.0, poker.height - 88.0
    checked = 0
    for number, card in enumerate(cards[:3]):
        placed = next(p for p in kit.placements("kaarten.pdf") if p["card"] == card)
        assert not placed["rotated"]
        before = _chars(kit.path("kaarten.pdf"), placed["page"] - 1, tuple(placed["trim_mm"]))
        trim = (poker.bleed, poker.bleed, poker.width, poker.height)
        after = _chars(export.folder / "deck-fronts.pdf", number, trim)
        assert [c[0] for c in after] == [c[0] for c in before] and before
        for (char, *old), (_, *new) in zip(before, after, strict=True):
            left, top, right, bottom = old
            # The same glyph at the same size: not stretched, not scaled.
            assert new[2] - new[0] == pytest.approx(right - left, abs=TOLERANCE)
            assert new[3] - new[1] == pytest.approx(bottom - top, abs=TOLERANCE)
            dx, dy = new[0] - left, new[1] - top
            # Each element keeps its distance to its nearest edge or stays centred.
            assert min(abs(dx - s) for s in (0, grow_w / 2, grow_w)) < TOLERANCE, char
            assert min(abs(dy - s) for s in (0, grow_h / 2, grow_h)) < TOLERANCE, char
            if right < 16 and bottom < 16:  # the index in the top-left corner
                assert (dx, dy) == pytest.approx((0, 0), abs=TOLERANCE)
            if left > 63 - 16 and top > 88 - 16:  # and its turned twin bottom right
                assert (dx, dy) == pytest.approx((grow_w, grow_h), abs=TOLERANCE)
            checked += 1
    assert checked > 20


def test_an_export_is_reused_when_current_and_the_same_bytes_every_time(
    exports: dict[tuple[str, str], Export], tmp_path: Path
) -> None:
    first = exports["twaalf-dagen", "thegamecrafter"]
    again = printer.write_printer(
        BuildResult("twaalf-dagen", first.kit.variants, first.folder.parent, [], {}),
        "thegamecrafter",
    )
    assert again.reused and sorted(again.files) == sorted(first.result.files)
    copy = _copy_kit(first.kit, tmp_path)
    second = printer.write_printer(copy, "thegamecrafter")
    assert not second.reused
    names = sorted(p.name for p in first.folder.iterdir())
    assert names == sorted(p.name for p in second.folder.iterdir())
    for name in names:
        assert (first.folder / name).read_bytes() == (second.folder / name).read_bytes(), name


def _digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_a_failure_midway_leaves_the_earlier_export_untouched(
    kit: KitMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = _copy_kit(kit("twaalf-dagen"), tmp_path)
    earlier = printer.write_printer(copy, "thegamecrafter")
    before = _digests(earlier.folder)
    made = printer.png_bytes
    calls = []

    def failing(picture: Image.Image, level: int = 6, dpi: int | None = None) -> bytes:
        calls.append(1)
        if len(calls) == 5:
            raise OSError(28, "No space left on device")
        return made(picture, level, dpi)

    monkeypatch.setattr(printer, "png_bytes", failing)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # a new request: no reuse
    with pytest.raises(OSError):
        printer.write_printer(copy, "thegamecrafter")
    assert len(calls) == 5
    assert _digests(earlier.folder) == before
    assert sorted(p.name for p in copy.folder.parent.iterdir()) == [copy.folder.name]


def test_an_unknown_printer_is_one_line_listing_the_known_ones(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app, ["export", "twaalf-dagen", "--printer", "kinkos", "--out", str(out)]
    )
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: unknown printer 'kinkos' (known: drivethrucards, thegamecrafter)"
    ]
    assert not out.exists()


def test_printer_names_complete() -> None:
    assert complete_printer("") == [
        ("drivethrucards", "DriveThruCards"),
        ("thegamecrafter", "The Game Crafter"),
    ]
    assert complete_printer("the") == [("thegamecrafter", "The Game Crafter")]
    assert complete_printer("x") == []


BROKEN = [
    ("pixels = [825, 1125]", "pixels = [826, 1125]", "a picture 826 pixels in width is not"),
    ("bleed_in = 0.125\nsafe_in", "bleed_mm = 0.125\nbleed_in = 0.125\nsafe_in", "give 'bleed_mm'"),
    ('\npdf = "deck"', '\npdf = "stack"', "'pdf' must be one of deck, sides"),
    (
        "[services.drivethrucards.sizes.poker]",
        "[services.drivethrucards.sizes.jumbo]",
        "unknown card size 'jumbo'",
    ),
    ("read = 2026-12-01", 'read = "gisteren"', "'read' must be the date"),
    (
        'name = "DriveThruCards"',
        'name = "DriveThruCards"\nnames = { front_png = "{game}.png" }',
        "not {game}",
    ),
    ('file = "bestellen.txt"', 'file = "../bestellen.txt"', "must be a path inside its folder"),
    ('\nback = "{file}: {count} ×', '\nback = "{file}: {aantal} ×', "may use {count}, {file}"),
]


@pytest.mark.parametrize(("old", "new", "message"), BROKEN, ids=[m for *_, m in BROKEN])
def test_a_broken_service_entry_is_one_located_line(
    project_copy: Path, old: str, new: str, message: str
) -> None:
    line = edit(project_copy, PRINTERS, old, new)
    with pytest.raises(PnpError) as caught:
        load_services()
    problems = caught.value.problems
    assert len(problems) == 1
    assert problems[0].path == project_copy / PRINTERS
    assert problems[0].line is not None and problems[0].line >= line - 1
    assert message in problems[0].message
    result = CliRunner().invoke(app, ["export", "twaalf-dagen", "--printer", "drivethrucards"])
    assert result.exit_code == 2
    (error,) = result.stderr.splitlines()
    assert error.startswith(f"error: {PRINTERS}:") and message in error


def test_text_outside_a_services_safe_area_is_reported_with_its_layout_and_element(
    project_copy: Path,
) -> None:
    # 3.1 mm from the edge: inside our own 3 mm safe zone, outside DriveThruCards' 1/8 in.
    layout = Path("cardspecs") / "twaalf-dagen" / "layouts" / "deck.toml"
    line = edit(
        project_copy, layout, "box = [3.2, 3.4, 12.5, 10.5]", "box = [3.1, 3.4, 12.5, 10.5]"
    )
    data = load_game("twaalf-dagen")
    services = load_services()
    planned = printer.plan(data, (), services["drivethrucards"])
    assert [(o.element.name, round(o.distance, 2), o.safe) for o in planned.outside] == [
        ("number-top", 3.1, 3.175)
    ]
    warnings = [n for n in planned.notes() if n.startswith("warning:")]
    assert len(warnings) == 1
    assert f"{layout}:" in warnings[0] and "'number-top'" in warnings[0]
    assert "3.10 mm inside the trim" in warnings[0] and "3.175 mm safe area" in warnings[0]
    assert int(warnings[0].split(f"{layout}:")[1].split(":")[0]) <= line
    # The Game Crafter states no safe area: our own 3 mm holds, and 3.1 mm is inside it.
    assert not printer.plan(data, (), services["thegamecrafter"]).outside


def _element(name: str, kind: str, box: tuple[float, float, float, float]) -> Element:
    return Element(name, kind, Box(*box), SourceRef(Path("x.toml"), 1))  # type: ignore[arg-type]


def _tuple(box: Box) -> tuple[float, float, float, float]:
    return (box.x, box.y, box.w, box.h)


def test_reflow_keeps_corners_centres_and_bleeds_and_never_scales() -> None:
    elements = (
        _element("corner", "text", (3.5, 3.5, 12, 11)),
        _element("turned", "text", (47.5, 73.5, 12, 11)),
        _element("centred", "text", (5, 40, 53, 8)),
        _element("wash", "art", (-3, -3, 69, 94)),
        _element("band", "rect", (0, 20, 63, 10)),
        _element("edge-art", "art", (-3, 60, 14.2, 22)),
    )
    layout = Layout("t", 63, 88, elements, SourceRef(Path("x.toml"), 1))
    assert reflow(layout, 63, 88, 3) is layout
    moved = {e.name: e for e in reflow(layout, 63.5, 88.9, 3.175).elements}
    assert _tuple(moved["corner"].box) == (3.5, 3.5, 12, 11)
    assert _tuple(moved["turned"].box) == pytest.approx((48.0, 74.4, 12, 11))
    assert _tuple(moved["centred"].box) == pytest.approx((5.25, 40.45, 53, 8))
    assert _tuple(moved["wash"].box) == pytest.approx((-3.175, -3.175, 69.85, 95.25))
    assert moved["wash"].fit == "cover" and moved["corner"].fit == "contain"
    assert _tuple(moved["band"].box) == pytest.approx((0, 20, 63.5, 10))
    assert _tuple(moved["edge-art"].box) == pytest.approx((-3.175, 60.9, 14.375, 22))
    assert moved["edge-art"].fit == "cover"


def test_a_deck_whose_backs_differ_gets_a_back_per_card_numbered_like_its_front(
    project_copy: Path,
) -> None:
    game = Path("cardspecs") / "twaalf-dagen"
    edit(project_copy, game / "game.toml", 'back = "back"', 'back = "back-nummer"')
    (project_copy / game / "layouts" / "back-nummer.toml").write_text(
        'extends = "back"\n\n[[elements]]\nname = "number"\nkind = "text"\n'
        'text = "{number}"\nsize = 12\nbox = [20, 40, 23, 8]\n',
        encoding="utf-8",
    )
    data = load_game("twaalf-dagen")
    service = load_services()["thegamecrafter"]
    deck = next(d for d in printer.plan(data, (), service).decks if d.component.id == "deck")
    files, listing = printer.render_decks([deck], service, data, None)
    rows = deck.component.rows
    backs = [f"deck-back-{n:03d}.png" for n in range(1, len(rows) + 1)]
    assert sorted(n for n in files if "-back" in n and n.endswith(".png")) == backs
    listed = {entry.file: entry.count for entry in listing[0][2] if entry.kind == "back"}
    assert listed == {name: row.count for name, row in zip(backs, rows, strict=True)}
    assert len(PdfReader(BytesIO(files["deck-backs.pdf"])).pages) == len(rows)
    # Each back shows its own card's number.
    texts = [_text_of_page(files["deck-backs.pdf"], i) for i in range(len(rows))]
    assert texts == [str(row.fields["number"]) for row in rows]


def test_the_command_builds_the_kit_exports_and_then_finds_the_export_up_to_date(
    tmp_path: Path,
) -> None:
    out = tmp_path / "out"
    args = ["export", "santoska", "--printer", "drivethrucards", "--out", str(out)]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    folder = out / "santoska" / "printer-drivethrucards"
    written = sorted(p.name for p in folder.iterdir() if p.name != "export.json")
    assert f"printer-drivethrucards: wrote {len(written)} files" in first.stdout
    assert "santoska.pdf" in written and "bestellen.txt" in written
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0, again.output
    assert f"printer-drivethrucards: up to date ({len(written)} files)" in again.stdout
    assert again.stderr == ""
