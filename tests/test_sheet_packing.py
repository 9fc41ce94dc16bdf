"""Which cards share a sheet: runs of one back design abut, different backs are parted by a
gutter in which each keeps its own bleed, and a sheet is only started when the last one is
full. Checked on the packing itself and read back from real kits."""

from __future__ import annotations

import itertools
from collections import defaultdict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.base.back_mode import BackMode
from pnp.catalog.project import load_game
from pnp.sheets.imposition import Rect, SheetPlan, is_landscape, plan_sheet
from pnp.sheets.packing import RUN_GUTTER, Kind, pack_sheets
from pnp.spec.sizes import BLEED, CARD_SIZES, PAPERS, PRINTABLE_MARGIN, CardSize
from tests.conftest import KitMaker
from tests.pdfinspect import read_page

POKER = CARD_SIZES["poker"]


def _plan(paper: str, mode: BackMode = BackMode.LONG_EDGE) -> SheetPlan:
    return plan_sheet(PAPERS[paper], POKER, mode)


TILE = CARD_SIZES["tile-60"]


def _kinds(designs: list[str], size: CardSize = POKER) -> list[Kind]:
    return [Kind(size, design) for design in designs]


def _gap(a: Rect, b: Rect) -> float:
    """The distance between two rectangles (0 when they touch or overlap)."""
    dx = max(b.x - a.right, a.x - b.right, 0.0)
    dy = max(b.y - a.top, a.y - b.top, 0.0)
    return max(dx, dy)


def test_a_short_run_shares_the_sheet_of_the_next_back_below_a_gutter_on_a4() -> None:
    designs = ["deck"] * 10 + ["hulp"] * 6
    sheets = pack_sheets(_kinds(designs), lambda _: _plan("a4"))
    assert [len(sheet.items) for sheet in sheets] == [9, 7]
    last = sheets[1]
    trims = {item: last.plan.fronts[slot].trim for item, slot in last.items}
    deck, aids = trims[9], [trims[i] for i in range(10, 16)]
    assert min(_gap(deck, aid) for aid in aids) == pytest.approx(RUN_GUTTER)
    # The back page mirrors the same rows: the gutter is there too.
    backs = {item: last.plan.backs[slot].trim for item, slot in last.items}
    assert min(_gap(backs[9], backs[i]) for i in range(10, 16)) == pytest.approx(RUN_GUTTER)


def test_us_letter_has_no_room_for_a_gutter_so_each_back_starts_a_sheet() -> None:
    sheets = pack_sheets(_kinds(["deck"] * 10 + ["hulp"] * 6), lambda _: _plan("letter"))
    assert [len(sheet.items) for sheet in sheets] == [9, 1, 6]


def test_sharing_is_only_chosen_where_it_saves_a_sheet() -> None:
    """Six house tiles and nineteen water tiles need three sheets of twelve either way; the
    packing keeps the backs apart rather than leave one tile alone on the last sheet."""
    plan = plan_sheet(PAPERS["a4"], CARD_SIZES["tile-60"], BackMode.LONG_EDGE)
    sheets = pack_sheets(_kinds(["huis"] * 6 + ["water"] * 19, TILE), lambda _: plan)
    assert [len(sheet.items) for sheet in sheets] == [6, 12, 7]


PAWN = CardSize("custom", 34.0, 96.0)
KINDS = [Kind(POKER, design) for design in "abc"] + [Kind(TILE, "t"), Kind(PAWN, None)]
RUNS = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(1, 20)), min_size=1, max_size=6)


@settings(deadline=None, max_examples=60)
@given(RUNS, st.sampled_from(["a4", "letter"]), st.sampled_from(list(BackMode)))
def test_every_piece_is_placed_once_inside_the_page_apart_from_other_kinds(
    runs: list[tuple[Kind, int]], paper: str, mode: BackMode
) -> None:
    kinds = [kind for kind, count in runs for _ in range(count)]

    def plan_for(size: CardSize) -> SheetPlan:
        return plan_sheet(PAPERS[paper], size, mode)

    sheets = pack_sheets(kinds, plan_for)
    placed = sorted(item for sheet in sheets for item, _ in sheet.items)
    assert placed == list(range(len(kinds)))
    # Every sheet lies as the first one does (each of these pieces fits either way).
    landscape = is_landscape(sheets[0].plan.paper)
    assert all(is_landscape(sheet.plan.paper) == landscape for sheet in sheets)
    # Never more sheets than starting a sheet, turned that way, at every change of kind.
    separate = sum(
        -(-sum(1 for _ in group) // plan_sheet(PAPERS[paper], kind.size, mode, landscape).per_sheet)
        for kind, group in itertools.groupby(kinds)
    )
    assert len(sheets) <= separate
    for sheet in sheets:
        paper_size = sheet.plan.paper
        slots = [(item, sheet.plan.placed(slot, sheet.filled)) for item, slot in sheet.items]
        for item, (front, _) in slots:
            trim, size = front.trim, kinds[item].size
            assert (trim.w, trim.h) in ((size.width, size.height), (size.height, size.width))
            assert front.rotated == (trim.w != size.width)
            assert not front.rotated or kinds[item].back is None, "only backless pieces turn"
            assert trim.x >= PRINTABLE_MARGIN and trim.right <= paper_size.width - PRINTABLE_MARGIN
            assert trim.y >= PRINTABLE_MARGIN and trim.top <= paper_size.height - PRINTABLE_MARGIN
        for (i, (a, _)), (j, (b, _)) in itertools.combinations(slots, 2):
            if kinds[i] != kinds[j]:
                assert _gap(a.trim, b.trim) >= RUN_GUTTER - 1e-6, "different kinds touch"
            # Each piece's ink (trim plus its own bleed) never reaches another piece's trim.
            assert _overlap(a.clip, b.trim) <= 1e-6


def test_a_standee_lies_on_its_side_below_the_aids() -> None:
    """Six aids fill two rows of an A4 sheet; the standee (no back) fits below them only on
    its side, and comes last although it was listed first."""
    kinds = [Kind(PAWN, None)] + [Kind(POKER, "hulp")] * 6
    sheets = pack_sheets(kinds, lambda size: plan_sheet(PAPERS["a4"], size, BackMode.LONG_EDGE))
    assert len(sheets) == 1
    (sheet,) = sheets
    pawn = next(sheet.plan.fronts[slot] for item, slot in sheet.items if item == 0)
    aids = [sheet.plan.fronts[slot].trim for item, slot in sheet.items if item != 0]
    assert pawn.rotated and (pawn.trim.w, pawn.trim.h) == (96.0, 34.0)
    assert pawn.trim.top <= min(a.y for a in aids) - RUN_GUTTER + 1e-6


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a.right, b.right) - max(a.x, b.x)
    h = min(a.top, b.top) - max(a.y, b.y)
    return max(0.0, w) * max(0.0, h)


KITS: list[tuple[str, tuple[str, ...], str, bool]] = [
    ("stoomboot", (), "a4", True),
    ("stoomboot", ("krappe-kalender", "prachtige-pakjes", "pepernoot-plekken"), "a4", False),
    ("sinterklaas", ("actiepiet", "pietje-precies"), "a4", True),
    ("santoska", (), "a4", True),
    ("stoomboot", (), "letter", False),
]
"""Kits, and whether one of their card sheets is shared by two back designs (the packing
shares a sheet only where that saves one)."""


@pytest.mark.parametrize(("game", "variants", "paper", "sharing"), KITS)
def test_each_sheet_shows_one_back_design_or_parts_them_by_a_gutter(
    kit: KitMaker, game: str, variants: tuple[str, ...], paper: str, sharing: bool
) -> None:
    """Read back: the back designs drawn on each back page, and the distance between cards of
    different designs (from the manifest) — at least the gutter, with 3 mm bleed each side."""
    built = kit(game, variants, paper=paper)
    spec = load_game(game).spec
    pages: dict[tuple[str, int], list[tuple[str, Rect]]] = defaultdict(list)
    for p in built.manifest["placements"]:
        back = spec.component(p["component"]).back
        if p["back_page"] is not None and back is not None:
            pages[(p["file"], p["back_page"])].append((back, Rect(*p["back_trim_mm"])))
    assert pages
    shared: dict[str, int] = defaultdict(int)
    for (file, page), cards in sorted(pages.items()):
        forms = read_page(built.reader(file), page - 1, descend=False).forms
        drawn = {f.name.split(".")[3] for f in forms if f.name.startswith(f"/FormXob.back.{game}.")}
        designs = {design for design, _ in cards}
        assert len(drawn) == len(designs), f"{file} p{page}: backs {sorted(drawn)}"
        for (a_design, a), (b_design, b) in itertools.combinations(cards, 2):
            if a_design != b_design:
                assert _gap(a, b) >= 2 * BLEED - 1e-3, f"{file} p{page}: backs touch"
        shared[file] += len(designs) > 1
        if paper == "letter" and file == "kaarten.pdf" and len(designs) > 1:
            rows = {round(rect.y, 2) for _, rect in cards}
            assert len(rows) <= 2, "US Letter has room for a gutter beside two rows of cards only"
    if sharing:
        assert shared["kaarten.pdf"] >= 1, "some sheet is shared by two backs"


def test_kits_use_fewer_sheets_than_one_back_per_sheet(kit: KitMaker) -> None:
    """Stoomboot's four decks and the aids: 7 sheets on A4 where a sheet per back needs 9."""
    built = kit("stoomboot")
    pages = {p["page"] for p in built.placements("kaarten.pdf")}
    spec = load_game("stoomboot").spec
    per_back: dict[str, int] = defaultdict(int)
    for p in built.placements("kaarten.pdf"):
        per_back[spec.component(p["component"]).back or ""] += 1
    separate = sum(-(-count // 9) for count in per_back.values())
    assert len(pages) < separate


def test_a_page_showing_one_piece_carries_its_trim_and_bleed_box(kit: KitMaker) -> None:
    """On US Letter the Sintkaart is left alone on the last sheet of the deck (the aids do not
    fit beside it): its front and back pages name its trim and bleed boxes; pages of several
    pieces do not."""
    built = kit("sinterklaas", paper="letter")
    reader = built.reader("kaarten.pdf")
    per_page: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for p in built.placements("kaarten.pdf"):
        per_page[p["page"]].append(p)
    alone = [cards[0] for cards in per_page.values() if len(cards) == 1]
    assert [p["component"] for p in alone] == ["sint"]
    mm = 72 / 25.4
    for key in ("", "back_"):
        piece = alone[0]
        page = reader.pages[piece[f"{key}page"] - 1]
        x, y, w, h = piece[f"{key}trim_mm"]
        trim = [float(v) / mm for v in page["/TrimBox"]]
        bleed = [float(v) / mm for v in page["/BleedBox"]]
        assert trim == pytest.approx([x, y, x + w, y + h], abs=0.01)
        expected = [x - BLEED, y - BLEED, x + w + BLEED, y + h + BLEED]
        assert bleed == pytest.approx(expected, abs=0.01)
    shared = {p["page"] for cards in per_page.values() if len(cards) > 1 for p in cards}
    shared |= {p["back_page"] for cards in per_page.values() if len(cards) > 1 for p in cards}
    for number in shared:
        page = reader.pages[number - 1]
        assert "/TrimBox" not in page and "/BleedBox" not in page


def test_standees_on_a_sheet_of_their_own_lie_as_the_cards_before_them() -> None:
    """Seven standees after a full sheet of cards get a sheet of their own. Alone it would
    lie on its side (16 standees; 10 upright), but the file's first sheet is upright, so it
    is too, and the standees lie on their side on it: 16 again."""
    kinds = [Kind(POKER, "deck")] * 9 + [Kind(PAWN, None)] * 7
    alone = plan_sheet(PAPERS["a4"], PAWN, BackMode.LONG_EDGE)
    assert is_landscape(alone.paper) and alone.per_sheet == 16
    assert plan_sheet(PAPERS["a4"], PAWN, BackMode.LONG_EDGE, landscape=False).per_sheet == 10
    sheets = pack_sheets(kinds, lambda size: plan_sheet(PAPERS["a4"], size, BackMode.LONG_EDGE))
    assert [len(sheet.items) for sheet in sheets] == [9, 7]
    assert not any(is_landscape(sheet.plan.paper) for sheet in sheets)
    pawns = sheets[1].plan
    assert pawns.per_sheet == 16
    for _, slot in sheets[1].items:
        front = pawns.fronts[slot]
        assert front.rotated and (front.trim.w, front.trim.h) == (PAWN.height, PAWN.width)
