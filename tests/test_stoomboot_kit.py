"""The stoomboot kit: tiles, the three decks, pawns, expansions, the map sheet and the rulebook."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.base.back_mode import BackMode
from pnp.base.units import mm
from pnp.catalog.project import load_game
from pnp.cli import app
from pnp.kit.build import BuildOptions, build
from tests.conftest import BuiltKit, KitMaker
from tests.pdfinspect import read_page
from tests.pdftext import page_texts

GAME = "stoomboot"
EXPANSIONS = ("krappe-kalender", "prachtige-pakjes", "pepernoot-plekken", "rebelse-pietjes")


def _placed(built: BuiltKit, file: str) -> Counter[tuple[str, str]]:
    return Counter((p["component"], p["card"]) for p in built.placements(file))


@pytest.fixture()
def base(kit: KitMaker) -> BuiltKit:
    return kit(GAME, proof=True)  # a test reads the proofreading edition


@pytest.fixture()
def everything(kit: KitMaker) -> BuiltKit:
    return kit(GAME, EXPANSIONS, proof=True)


def test_base_kit_has_25_square_tiles_with_houses_and_water(base: BuiltKit) -> None:
    """ST-C1: 25 base tiles, 60 mm squares, houses and water; their backs are printed too."""
    tiles = _placed(base, "tegels.pdf")
    assert sum(tiles.values()) == 25
    houses = sum(n for (c, _), n in tiles.items() if c == "huizen")
    assert houses >= 4 and sum(n for (c, _), n in tiles.items() if c == "water") == 25 - houses
    boxes = {tuple(p["trim_mm"][2:]) for p in base.placements("tegels.pdf")}
    assert boxes == {(60.0, 60.0)}
    assert all(p["back_page"] is not None for p in base.placements("tegels.pdf"))


def test_house_fronts_show_wishes_and_backs_say_bezorgd(base: BuiltKit) -> None:
    """ST-C1/ST-B6: a house shows its wanted pakjes on the front and "bezorgd" on the back."""
    reader = base.reader("tegels.pdf")
    front = [t.text for t in read_page(reader, 0).texts]
    back = [t.text for t in read_page(reader, 1).texts]
    houses = load_game(GAME).spec.component("huizen").rows
    names = {row.text("name") for row in houses}
    assert names & set(front), "house names on the front page"
    assert front.count("Wil graag") == len(names & set(front))
    assert any(t.endswith(": bezorgd!") and t.split(":")[0] in names for t in back)
    # Pakje pictures on the fronts: one per wanted pakje of the houses on the sheet.
    page = read_page(reader, 0)
    pakje_forms = [f for f in page.forms if "pakje-" in f.name]
    on_sheet = [row for row in houses if row.text("name") in front]
    assert len(pakje_forms) == sum(1 + bool(row.text("want2")) for row in on_sheet)


def test_three_decks_each_with_its_own_back(base: BuiltKit) -> None:
    """ST-C2: Varen, Stoomboot and Pakje cards, the piles told apart by their backs."""
    cards = _placed(base, "kaarten.pdf")
    spec = load_game(GAME).spec
    for component in ("varen", "stoomboot", "pakjes"):
        assert (
            sum(n for (c, _), n in cards.items() if c == component)
            == spec.component(component).card_count
        )
    assert not any(c in ("kalender", "pakjes-prachtig") for c, _ in cards)
    reader = base.reader("kaarten.pdf")
    back_art = set()
    for index in range(1, len(reader.pages), 2):
        back_art |= {f.name.rsplit("_", 1)[-1] for f in read_page(reader, index).forms}
    for deck in ("varen", "stoomboot", "pakje"):
        assert f"achterkant-{deck}.svg" in back_art


def test_stoomboot_cards_show_connectors_and_positions(base: BuiltKit) -> None:
    """ST-C4: each Stoombootkaart names its two connectors; eye positions show the eye icon."""
    reader = base.reader("kaarten.pdf")
    spec = load_game(GAME).spec
    eyes = sum(r.count for r in spec.component("stoomboot").rows if r.text("icon") == "oog")
    found_eyes = 0
    connector_names = Counter[str]()
    for index in range(0, len(reader.pages), 2):
        page = read_page(reader, index)
        found_eyes += sum(1 for f in page.forms if "icoon-oog" in f.name)
        connector_names.update(t.text for t in page.texts if t.text in ("rond", "hoek", "golf"))
    assert found_eyes == eyes
    expected = Counter[str]()
    for row in spec.component("stoomboot").rows:
        expected.update([row.text("left"), row.text("right")] * row.count)
    assert connector_names == expected


def test_pawn_standee_and_no_pieten_without_the_expansion(
    base: BuiltKit, everything: BuiltKit
) -> None:
    """ST-C3: the boat is a fold-over standee; ST-R1: Piet pawns only with rebelse-pietjes."""
    pawns = Counter((p["component"], p["card"]) for p in _pawns(base))
    assert pawns == Counter({("pion-boot", "stoomboot"): 1})
    spec = load_game(GAME).spec
    assert sum(1 for p in _pawns(everything) if p["component"] == "pieten") == spec.players[1]
    forms = _pawn_forms(everything)
    # Front panel: the boat; back panel: the mirrored boat turned half round, so once folded
    # both sides show the bow pointing the same way across the table (the heading, ST-C3).
    front = [f for name, f in forms if name.endswith("stoomboot_stoomboot.svg")]
    back = [f for name, f in forms if name.endswith("stoomboot_stoomboot-gespiegeld.svg")]
    assert len(front) == 1 and len(back) == 1
    assert front[0][0] > 0 and back[0][0] < 0 and back[0][3] < 0
    assert back[0][6] > front[0][6], "the back panel is above the fold"
    backs = [f for name, f in forms if re.search(r"stoomboot_piet-\w+-achter\.svg$", name)]
    assert len(backs) == spec.players[1], "every Piet shows his own back on the back panel"
    assert all(f[0] < 0 and f[3] < 0 for f in backs), "the backs are turned half round"
    # Standees are single-sided: nothing is printed behind them.
    assert all(p["back_page"] is None for p in _pawns(everything))


def _pawns(built: BuiltKit) -> list[dict[str, Any]]:
    """The placements of the standees (they share the card sheets, lying on their side)."""
    return [p for p in built.manifest["placements"] if p["component"] in ("pion-boot", "pieten")]


def _pawn_forms(built: BuiltKit) -> list[tuple[str, tuple[float, ...]]]:
    """Every form drawn inside a standee's trim box: its name and (a, b, c, d, e, f, height),
    the matrix and the height of its centre as seen with the standee stood upright."""
    found = []
    for pawn in _pawns(built):
        x, y, w, h = (v * mm(1) for v in pawn["trim_mm"])
        for form in read_page(built.reader(pawn["file"]), pawn["page"] - 1).forms:
            left, bottom, width, height = form.box()
            cx, cy = left + width / 2, bottom + height / 2
            if x < cx < x + w and y < cy < y + h:
                name, matrix = _upright(form, pawn["rotated"])
                # The centre's height on the standee stood upright: on its side, that is
                # the page's x, leftwards.
                found.append((name, (*matrix, -cx if pawn["rotated"] else cy)))
    return found


def _upright(form: Any, rotated: bool) -> tuple[str, tuple[float, ...]]:
    """A form's name and matrix (a, b, c, d, e, f) as seen with the standee stood upright: a
    standee lying on its side is turned a quarter anticlockwise, so undo that turn."""
    a, b, c, d, e, f = form.ctm
    if rotated:  # M x R(-90): the page's quarter turn taken off again
        a, b, c, d, e, f = b, -a, d, -c, f, -e
    return form.name, (a, b, c, d, e, f)


def test_each_expansion_adds_exactly_its_components(kit: KitMaker) -> None:
    """Only what the chosen variants use is printed (kit contents rule)."""
    spec = load_game(GAME).spec
    base_ids = {c.id for c in spec.components_for(())}
    for variant in EXPANSIONS:
        added = {c.id for c in spec.components_for((variant,))} - base_ids
        assert added, variant
        assert all(variant in spec.component(c).variants for c in added)
    tiles = _placed(kit(GAME, ("pepernoot-plekken",)), "tegels.pdf")
    specials = {card for (c, card) in tiles if c == "pepernoot"}
    assert specials == {r.id for r in spec.component("pepernoot").rows}


def test_expansion_cards_in_full_kit(everything: BuiltKit) -> None:
    """ST-K1, ST-P1 ... ST-P3: Kalender cards, special pakjes, new Varen and Stoomrij cards."""
    cards = _placed(everything, "kaarten.pdf")
    spec = load_game(GAME).spec
    for component in ("kalender", "pakjes-prachtig", "varen-prachtig", "stoomboot-prachtig"):
        assert (
            sum(n for (c, _), n in cards.items() if c == component)
            == spec.component(component).card_count
        ), component
    assert spec.component("kalender").card_count == 10
    text = everything.text("kaarten.pdf")
    for name in ("Joker", "Dubbelcadeau", "Telefoon", "Dubbel vooruit", "Anker", "Draai om"):
        assert name in text


def test_map_sheet_lays_out_one_legal_map(kit: KitMaker) -> None:
    """--map-sheet: one page, the grid of tiles scaled to fit, every house of the set on it."""
    built = kit(GAME, map_sheet=True, seed=7)
    reader = built.reader("speelbord.pdf")
    assert len(reader.pages) == 1
    page = read_page(reader, 0)
    tiles = [
        f
        for f in page.forms
        if f.name.split(".")[1:3] in (["face", "stoomboot"], ["board", "stoomboot"])
    ]
    assert len(tiles) == 25
    sizes = {round(f.box()[2], 1) for f in tiles} | {round(f.box()[3], 1) for f in tiles}
    # Each tile form is the bleed box; the visible trim is the cell: all equal squares.
    assert len(sizes) == 1
    width = float(reader.pages[0].mediabox.width)
    lefts = sorted({round(f.box()[0], 1) for f in tiles})
    assert len(lefts) == 5 and max(lefts) + (lefts[1] - lefts[0]) <= width
    spec = load_game(GAME).spec
    houses = [f for f in tiles if ".stoomboot.huizen." in f.name]
    assert len(houses) == spec.component("huizen").card_count
    texts = [t.text for t in page.texts]
    assert any("kaartnummer 7" in t for t in texts), "the caption names the seed"
    # Everything stays inside the 5 mm margin, the captions included.
    margin = mm(5)
    assert all(margin - 0.01 <= t.x for t in page.texts)
    grid = [s for s in page.segments if abs(s.width - 0.5) < 1e-6]
    assert len(grid) >= 12
    assert all(min(s.x1, s.x2) >= margin and max(s.x1, s.x2) <= width - margin for s in grid), (
        "the grid lines (tiles are clipped to their cells) stay inside the margin"
    )
    assert built.manifest["options"]["seed"] == 7


def test_map_sheet_is_reproducible_and_depends_on_the_seed(kit: KitMaker, tmp_path: Path) -> None:
    """Same seed, same bytes (a second, separate build); another seed, another map."""
    one = kit(GAME, map_sheet=True, seed=3).path("speelbord.pdf").read_bytes()
    again = build(GAME, (), BuildOptions(out_dir=tmp_path, map_sheet=True, seed=3))
    two = (again.folder / "speelbord.pdf").read_bytes()
    other = kit(GAME, map_sheet=True, seed=4).path("speelbord.pdf").read_bytes()
    assert one == two
    assert one != other


def test_small_map_sheet_has_16_tiles_and_4_houses(kit: KitMaker) -> None:
    """ST-B1 kleine-kaart: a 4x4 map with at least 4 houses."""
    page = read_page(kit(GAME, ("kleine-kaart",), map_sheet=True).reader("speelbord.pdf"), 0)
    tiles = [
        f
        for f in page.forms
        if f.name.split(".")[1:3] in (["face", "stoomboot"], ["board", "stoomboot"])
    ]
    assert len(tiles) == 16
    assert len([f for f in tiles if ".stoomboot.huizen." in f.name]) >= 4
    # On A4 a 5x5 map gets 39.6 mm tiles (the width is the limit); 4x4 tiles are larger.
    assert tiles[0].box()[2] > mm(45), "4x4 tiles are larger than 5x5 ones"


def test_map_sheet_options_are_checked(tmp_path: Path) -> None:
    """--seed needs --map-sheet; a game without tiles refuses --map-sheet; exit 2, no output."""
    runner = CliRunner()
    result = runner.invoke(app, ["build", GAME, "--seed", "3", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--seed only applies with --map-sheet" in result.output
    result = runner.invoke(app, ["build", "santoska", "--map-sheet", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--map-sheet" in result.output
    assert not any(tmp_path.iterdir())


ALL_RULES = {
    *(f"ST-C{i}" for i in range(1, 5)),
    *(f"ST-B{i}" for i in range(1, 10)),
    "ST-K1",
    "ST-P1",
    "ST-P2",
    "ST-P3",
    "ST-E1",
    "ST-E2",
    "ST-R1",
    "ST-D1",
}
EXPANSION_RULES = {"ST-K1", "ST-P1", "ST-P2", "ST-P3", "ST-E1", "ST-E2", "ST-R1"}


def test_every_rule_id_is_stated_in_the_rulebook(base: BuiltKit, everything: BuiltKit) -> None:
    """Each rule of the checklist is implemented by the engine and stated in the rulebook."""
    from pnp.games.stoomboot.rules import engine as stoomboot_engine

    documented = set(re.findall(r"ST-[A-Z]\d+", stoomboot_engine.__doc__ or ""))
    assert documented >= ALL_RULES
    stated_all = set(re.findall(r"ST-[A-Z]\d+", everything.text("spelregels-proef.pdf")))
    assert stated_all >= ALL_RULES
    stated_base = set(re.findall(r"ST-[A-Z]\d+", base.text("spelregels-proef.pdf")))
    assert stated_base >= ALL_RULES - EXPANSION_RULES
    assert not (stated_base & {"ST-K1", "ST-P2", "ST-P3", "ST-R1"}), "no expansion rules"


def test_rulebook_prints_the_icon_list_and_the_kalender_events(
    kit: KitMaker, everything: BuiltKit
) -> None:
    """ST-P3: the full icon list; ST-K1: every Kalender event, both from the spec tables."""
    book = everything.text("spelregels.pdf")
    for icon in ("Oogje", "Dubbel", "Kompas", "Storm", "Ster"):
        assert f"{icon}:" in book
    for row in load_game(GAME).spec.component("kalender").rows:
        assert row.text("name") in book
    # The component list counts rows of the same name together.
    assert "2× Joker, 3× Dubbelcadeau, 2× Telefoon" in book
    without_pepernoot = kit(GAME, ("krappe-kalender",)).text("spelregels.pdf")
    assert "Voorbeeld: Tegen een rots" in book and "Tegen een rots" not in without_pepernoot


def test_player_aid_follows_the_kalender_variant(base: BuiltKit, everything: BuiltKit) -> None:
    """One aid per player; its Kalender line changes with krappe-kalender (ST-B8, ST-K1)."""
    spec = load_game(GAME).spec
    assert (
        sum(1 for p in base.manifest["placements"] if p["component"] == "hulp") == spec.players[1]
    )
    plain = base.component_text("hulp") + " " + base.component_text("hulp", back=True)
    cards = everything.component_text("hulp") + " " + everything.component_text("hulp", back=True)
    assert "Liggen er 10, dan is pakjesavond voorbij." in plain
    assert "Kalenderkaart" in cards and "Liggen er 10" not in cards


def test_simulate_reports_the_cooperative_win_rate_and_why_games_were_lost() -> None:
    """pnp simulate stoomboot: won together, and the loss reasons adding up to the rest."""
    result = CliRunner().invoke(
        app, ["simulate", GAME, "--players", "3", "--games", "30", "--variant", "pepernoot-plekken"]
    )
    assert result.exit_code == 0, result.output
    won = re.search(r"won together: ([\d.]+)% of games", result.output)
    lost = re.search(r"lost because: (.*)", result.output)
    assert won and lost
    shares = [float(x) for x in re.findall(r"([\d.]+)%", lost.group(1))]
    assert abs(float(won.group(1)) + sum(shares) - 100.0) < 0.2
    assert "win share per seat" not in result.output


def test_printing_instructions_name_each_file_and_the_single_sided_pawns(kit: KitMaker) -> None:
    """Tiles and cards are printed double-sided, the standees single-sided; the board too."""
    book = kit(GAME, map_sheet=True).text("spelregels.pdf")
    assert "Huistegels, Watertegels (tegels.pdf): dubbelzijdig printen" in book
    joined = re.sub(r"(\w)- (\w)", r"\1\2", book)  # words hyphenated at a line end
    assert "Stoombootpion, Spelershulp (kaarten.pdf): dubbelzijdig printen" in joined
    assert "Speelbord (speelbord.pdf): enkelzijdig printen." in book


def test_win_rates_measured_on_other_tables_are_left_out(
    base: BuiltKit, project_copy: Path, tmp_path: Path
) -> None:
    """ST-D1: the designer notes print the stored win rates only while the tables are the
    ones they were measured on; after an edit the book leaves them out."""
    assert "Hoe vaak win je?" in base.text("spelregels.pdf")
    # A longer pakjesavond: other tables (the pinned examples end long before it).
    game = project_copy / "cardspecs" / "stoomboot" / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("calendar_limit = 10", "calendar_limit = 11"), encoding="utf-8")
    result = build(GAME, (), BuildOptions(out_dir=tmp_path / "out"))
    reader = PdfReader(result.folder / "spelregels.pdf")
    book = " ".join(page_texts(reader))
    assert "Ontwerpnotities" in book and "Hoe vaak win je?" not in book


def test_single_sided_sheets_are_not_labelled_as_fronts(
    kit: KitMaker, everything: BuiltKit
) -> None:
    """A sheet without a back page does not call itself the front; a duplex one does."""
    single = kit(GAME, backs=BackMode.NONE)
    texts = [t.text for t in read_page(single.reader("tegels.pdf"), 0).texts]
    label = next(t for t in texts if "vel 1 van" in t)
    assert "voorkant" not in label
    cards = [t.text for t in read_page(everything.reader("kaarten.pdf"), 0).texts]
    assert any("vel 1 van" in t and t.endswith("voorkant") for t in cards)
    # a last sheet of pawns, which have no backs, gets no back page and no "voorkant"
    last = kit(GAME, ("rebelse-pietjes",)).page_texts("kaarten.pdf")[-1]
    (label,) = re.findall(r"vel (\d+) van (\d+)(.{0,12})", last)
    assert label[0] == label[1] and "voorkant" not in label[2], label
