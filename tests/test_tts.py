"""``pnp export GAME --tts``: the saved object read back against the save format Tabletop
Simulator documents (object names, ``CustomDeck`` entries, ``DeckIDs`` against the kit's
counts), the sheets' sizes and cells compared pixel for pixel with the kit's own pages,
stoomboot's tiles and pawns, same bytes twice, and a failed export leaving the earlier one.

Each game's shared kit is copied once and exported once; the copy keeps the shared kit as
it is.
"""

from __future__ import annotations

import itertools
import json
import shutil
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from PIL import Image
from typer.testing import CliRunner

import pnp.base.output
import pnp.export.tts
from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.cli import app
from pnp.export.pages import KitPages, distinct_faces
from pnp.export.png import png_bytes
from pnp.export.tts import write_tts
from pnp.export.tts_grid import MAX_FACES, sheet_grid
from pnp.export.tts_pictures import same_picture
from tests.conftest import KitMaker

GAMES = ["sinterklaas", "stoomboot", "twaalf-dagen", "santoska"]


@dataclass
class Export:
    """A kit copy exported for Tabletop Simulator, read back."""

    kit: Path
    folder: Path
    manifest: dict[str, Any]
    save: dict[str, Any]

    def path(self, url: str) -> Path:
        """The file a ``file:`` URL of the save names (it must lie in the export folder)."""
        parts = urlsplit(url)
        assert parts.scheme == "file", url
        path = Path(unquote(parts.path))
        assert path.parent == self.folder.resolve(), url
        return path

    def objects(self, nickname: str) -> list[dict[str, Any]]:
        """The save's top-level objects named ``nickname``."""
        return [o for o in self.save["ObjectStates"] if o["Nickname"] == nickname]

    def rows(self, component: str) -> Counter[str]:
        """How many copies of each card row the kit prints of ``component``."""
        return Counter(
            p["card"] for p in self.manifest["placements"] if p["component"] == component
        )


@pytest.fixture(scope="module")
def exported(kit: KitMaker, tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Export]:
    """``exported(game)``: the game's shared kit, copied and exported once per module."""
    done: dict[str, Export] = {}

    def get(game: str) -> Export:
        if game not in done:
            built = kit(game)
            copy = tmp_path_factory.mktemp(f"tts-{game}") / game
            shutil.copytree(built.folder, copy)
            result = write_tts(copy)
            assert not result.reused
            manifest = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
            save = json.loads((copy / "tts" / f"{game}.json").read_text(encoding="utf-8"))
            done[game] = Export(copy, copy / "tts", manifest, save)
        return done[game]

    return get


def _card_components(export: Export) -> list[dict[str, Any]]:
    """The manifest's components that the kit prints as cards (not tiles or standees)."""
    kinds = {}
    for p in export.manifest["placements"]:
        w, h = p["trim_mm"][2:]
        if p.get("rotated"):
            w, h = h, w
        standee = p.get("back_page") is None and h >= 2 * w
        kinds[p["component"]] = "tile" if abs(w - h) < 0.01 else "pawn" if standee else "cards"
    return [c for c in export.manifest["components"] if kinds[c["id"]] == "cards"]


@pytest.mark.parametrize("game", GAMES)
def test_every_deck_loads_with_the_kits_counts(
    exported: Callable[[str], Export], game: str
) -> None:
    export = exported(game)
    assert isinstance(export.save["ObjectStates"], list) and export.save["ObjectStates"]
    ids = [
        obj["GUID"]
        for top in export.save["ObjectStates"]
        for obj in [top, *top.get("ContainedObjects", [])]
    ]
    assert len(set(ids)) == len(ids), "every object its own GUID"
    assert Image.open(export.folder / f"{game}.png").size[1] == 256, "the thumbnail"
    keys: dict[str, str] = {}
    components = _card_components(export)
    assert components
    for component in components:
        (obj,) = export.objects(component["name"])
        rows = export.rows(component["id"])
        assert sum(rows.values()) == component["cards"]
        if component["cards"] == 1:
            assert obj["Name"] == "Card"
            cards = [obj]
            deck_ids = [obj["CardID"]]
        else:
            assert obj["Name"] == "DeckCustom"
            cards = obj["ContainedObjects"]
            deck_ids = obj["DeckIDs"]
            assert len(deck_ids) == component["cards"]
            assert [c["CardID"] for c in cards] == deck_ids
        assert all(c["Name"] == "Card" for c in cards)
        assert Counter(c["GMNotes"] for c in cards) == rows, "each row as often as printed"
        entries = obj["CustomDeck"]
        for card in cards:
            key, cell = divmod(card["CardID"], 100)
            entry = entries[str(key)]
            assert card["CustomDeck"] == {str(key): entry}
            assert cell < entry["NumWidth"] * entry["NumHeight"] - 1, "the last cell is hidden"
        for key, entry in entries.items():
            assert keys.setdefault(key, entry["FaceURL"]) == entry["FaceURL"], "one key a sheet"
            assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
            assert entry["BackIsHidden"] is True and entry["Type"] == 0
            face = Image.open(export.path(entry["FaceURL"]))
            back = Image.open(export.path(entry["BackURL"]))
            assert max(face.size) <= 4096
            if entry["UniqueBack"]:
                assert back.size == face.size
                card_w, card_h = face.width // entry["NumWidth"], face.height // entry["NumHeight"]
            else:
                card_w, card_h = back.size
            assert face.size == (entry["NumWidth"] * card_w, entry["NumHeight"] * card_h)
            w, h = component_size(export, component["id"])
            assert abs(card_w / card_h - w / h) < 0.01, "cells have the card's shape"


def component_size(export: Export, component: str) -> tuple[float, float]:
    """Width and height (mm) of the component's pieces, standing upright."""
    placed = next(p for p in export.manifest["placements"] if p["component"] == component)
    w, h = placed["trim_mm"][2:]
    return (h, w) if placed.get("rotated") else (w, h)


@pytest.mark.parametrize("game", GAMES)
def test_each_cell_shows_the_face_it_claims(exported: Callable[[str], Export], game: str) -> None:
    export = exported(game)
    pieces = KitPages(export.kit, 1).pieces
    for component in _card_components(export):
        (obj,) = export.objects(component["name"])
        cards = obj.get("ContainedObjects", [obj])
        faces = {f.card: f.first for f in distinct_faces(pieces, component["id"])}
        grid = sheet_grid(min(len(faces), MAX_FACES), *component_size(export, component["id"]))
        claimed = {(c["CardID"], c["GMNotes"]) for c in cards}
        assert len({card_id for card_id, _ in claimed}) == len(claimed) == len(faces)
        sheets: dict[str, Image.Image] = {}
        with KitPages(export.kit, grid.dpi) as pages:
            first_back = pages.picture(next(iter(faces.values())), back=True)
            for card_id, row in sorted(claimed):
                key, cell = divmod(card_id, 100)
                entry = obj["CustomDeck"][str(key)]
                assert (entry["NumWidth"], entry["NumHeight"]) == (grid.columns, grid.rows)
                url = entry["FaceURL"]
                if url not in sheets:
                    sheets[url] = Image.open(export.path(url)).convert("RGB")
                    hidden = sheets[url].crop(grid.cell_box(grid.cells - 1))
                    assert hidden.tobytes() == first_back.tobytes(), "the hidden face: the back"
                    if not entry["UniqueBack"]:
                        back = Image.open(export.path(entry["BackURL"])).convert("RGB")
                        assert back.tobytes() == first_back.tobytes()
                expected = pages.picture(faces[row])
                assert sheets[url].crop(grid.cell_box(cell)).tobytes() == expected.tobytes(), row


def test_stoomboot_tiles_and_pawn(exported: Callable[[str], Export]) -> None:
    export = exported("stoomboot")
    names = {c["id"]: c["name"] for c in export.manifest["components"]}
    pieces = KitPages(export.kit, 1).pieces
    with KitPages(export.kit, 300) as pages:
        for component in ("huizen", "water"):
            tiles = export.objects(names[component])
            assert len(tiles) == sum(export.rows(component).values()) > 0
            assert {t["Name"] for t in tiles} == {"Custom_Tile"}
            assert Counter(t["GMNotes"] for t in tiles) == export.rows(component)
            for face in distinct_faces(pieces, component):
                image = next(t for t in tiles if t["GMNotes"] == face.card)["CustomImage"]
                assert image["CustomTile"]["Stretch"] is True
                front = Image.open(export.path(image["ImageURL"])).convert("RGB")
                back = Image.open(export.path(image["ImageSecondaryURL"])).convert("RGB")
                assert front.size == back.size == (709, 709), "60 mm at 300 dpi"
                assert front.tobytes() == pages.picture(face.first).tobytes()
                assert back.tobytes() == pages.picture(face.first, back=True).tobytes()
        (pawn,) = export.objects(names["pion-boot"])
        assert pawn["Name"] == "Custom_Token"
        assert pawn["CustomImage"]["CustomToken"]["StandUp"] is True
        picture = Image.open(export.path(pawn["CustomImage"]["ImageURL"])).convert("RGB")
        (standee_piece,) = [p for p in pieces if p.component == "pion-boot"]
        standee = pages.picture(standee_piece)
        half = standee.height // 2
        # The front panel: a full-width part of the standee's lower half, most of it.
        assert picture.width == standee.width and half * 0.6 <= picture.height <= half
        tops = range(half, standee.height - picture.height + 1)
        assert any(
            standee.crop((0, t, standee.width, t + picture.height)).tobytes() == picture.tobytes()
            for t in tops
        ), "the pawn shows the lower half of the standee as printed"
    places = {(o["Transform"]["posX"], o["Transform"]["posZ"]) for o in export.save["ObjectStates"]}
    assert len(places) == len(export.save["ObjectStates"]), "no two objects in one place"


def test_same_picture_tells_backs_apart_whatever_their_place(
    exported: Callable[[str], Export],
) -> None:
    export = exported("stoomboot")
    with KitPages(export.kit, 165) as pages:
        water = [p for p in pages.pieces if p.component == "water"]
        backs = [pages.picture(p, back=True) for p in water]
        assert len({b.tobytes() for b in backs}) > 1, "the cuts differ a little by place"
        assert all(same_picture(backs[0], b) for b in backs[1:])
        houses = [f.first for f in distinct_faces(pages.pieces, "huizen")]
        house_backs = [pages.picture(p, back=True) for p in houses]
        assert not any(same_picture(house_backs[0], b) for b in house_backs[1:])
        # Stoomrij cards differ only in their small edge connectors and eye; two rows of
        # the table that print the same card (the same fields) look the same.
        table = {row.id: row for row in load_game("stoomboot").spec.component("stoomboot").rows}
        fronts = {f.card: pages.picture(f.first) for f in distinct_faces(pages.pieces, "stoomboot")}
        for a, b in itertools.combinations(fronts, 2):
            alike = {k: v for k, v in table[a].fields.items() if k != "id"} == {
                k: v for k, v in table[b].fields.items() if k != "id"
            }
            assert same_picture(fronts[a], fronts[b]) == alike, (a, b)


def test_backs_that_differ_make_a_back_sheet(
    exported: Callable[[str], Export], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = exported("twaalf-dagen")  # the smallest kit: the mechanism is the same for all
    copy = tmp_path / "twaalf-dagen"
    shutil.copytree(source.kit, copy, ignore=shutil.ignore_patterns("tts"))
    monkeypatch.setattr(pnp.export.tts, "same_picture", lambda a, b: False)
    write_tts(copy)
    export = Export(
        copy,
        copy / "tts",
        source.manifest,
        json.loads((copy / "tts" / "twaalf-dagen.json").read_text(encoding="utf-8")),
    )
    (deck,) = export.objects("Dagkaarten")
    faces = {f.card: f.first for f in distinct_faces(KitPages(copy, 1).pieces, "deck")}
    grid = sheet_grid(len(faces), *component_size(export, "deck"))
    (entry,) = deck["CustomDeck"].values()
    assert entry["UniqueBack"] is True
    sheet = Image.open(export.path(entry["BackURL"])).convert("RGB")
    assert sheet.size == Image.open(export.path(entry["FaceURL"])).size
    with KitPages(copy, grid.dpi) as pages:
        for card in deck["ContainedObjects"]:
            cell = card["CardID"] % 100
            back = pages.picture(faces[card["GMNotes"]], back=True)
            assert sheet.crop(grid.cell_box(cell)).tobytes() == back.tobytes()


def test_a_deck_with_more_faces_than_a_sheet_holds_spans_sheets(
    exported: Callable[[str], Export], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = exported("twaalf-dagen")
    copy = tmp_path / "twaalf-dagen"
    shutil.copytree(source.kit, copy, ignore=shutil.ignore_patterns("tts"))
    monkeypatch.setattr(pnp.export.tts, "MAX_FACES", 5)  # twelve faces: sheets of 5, 5, 2
    write_tts(copy)
    save = json.loads((copy / "tts" / "twaalf-dagen.json").read_text(encoding="utf-8"))
    export = Export(copy, copy / "tts", source.manifest, save)
    (deck,) = export.objects("Dagkaarten")
    entries = deck["CustomDeck"]
    assert len(entries) == 3
    assert [export.path(e["FaceURL"]).name for e in entries.values()] == [
        "deck-1.png",
        "deck-2.png",
        "deck-3.png",
    ]
    assert len(deck["DeckIDs"]) == 78 and Counter(
        c["GMNotes"] for c in deck["ContainedObjects"]
    ) == (export.rows("deck"))
    faces = {f.card: f.first for f in distinct_faces(KitPages(copy, 1).pieces, "deck")}
    grid = sheet_grid(5, *component_size(export, "deck"))
    claimed = {(c["CardID"], c["GMNotes"]) for c in deck["ContainedObjects"]}
    assert len(claimed) == len(faces) == 12
    with KitPages(copy, grid.dpi) as pages:
        for card_id, row in sorted(claimed):
            key, cell = divmod(card_id, 100)
            assert cell < 5
            sheet = Image.open(export.path(entries[str(key)]["FaceURL"])).convert("RGB")
            expected = pages.picture(faces[row]).tobytes()
            assert sheet.crop(grid.cell_box(cell)).tobytes() == expected, row


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_same_bytes_twice_and_reused_when_current(exported: Callable[[str], Export]) -> None:
    export = exported("twaalf-dagen")  # the smallest kit: the mechanism is the same for all
    first = _snapshot(export.folder)
    again = write_tts(export.kit)
    assert again.reused and _snapshot(export.folder) == first
    shutil.rmtree(export.folder)
    redone = write_tts(export.kit)
    assert not redone.reused
    assert _snapshot(export.folder) == first


def _fail_on_call(number: int, function: Callable[..., Any]) -> Callable[..., Any]:
    calls = {"n": 0}

    def failing(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == number:
            raise OSError(28, "No space left on device")
        return function(*args, **kwargs)

    return failing


@pytest.mark.parametrize(
    "where",
    ["cutting", pytest.param("writing", marks=pytest.mark.slow)],  # a full export
)
def test_a_failed_export_leaves_the_earlier_one(
    exported: Callable[[str], Export], monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    export = exported("twaalf-dagen")
    earlier = _snapshot(export.folder)
    if where == "cutting":
        monkeypatch.setattr(pnp.export.tts, "png_bytes", _fail_on_call(3, png_bytes))
        failure: type[Exception] = OSError
    else:
        monkeypatch.setattr(
            pnp.base.output, "_write_synced", _fail_on_call(4, pnp.base.output._write_synced)
        )
        failure = PnpError
    with pytest.raises(failure):
        write_tts(export.kit, url_base="https://example.org/kit/")  # differs: a new export
    assert _snapshot(export.folder) == earlier
    assert not [p for p in export.kit.iterdir() if p.name.startswith(".tts")], "no leftovers"


def test_uploaded_pictures_are_named_by_the_base_url(
    exported: Callable[[str], Export], tmp_path: Path
) -> None:
    source = exported("twaalf-dagen")
    copy = tmp_path / "kit"
    shutil.copytree(source.kit, copy, ignore=shutil.ignore_patterns("tts"))
    write_tts(copy, url_base="https://example.org/spellen/12-dagen")
    text = (copy / "tts" / "twaalf-dagen.json").read_text(encoding="utf-8")
    urls = [
        entry[key]
        for obj in json.loads(text)["ObjectStates"]
        for entry in obj.get("CustomDeck", {}).values()
        for key in ("FaceURL", "BackURL")
    ]
    assert urls and "file:" not in text
    for url in urls:
        assert url.startswith("https://example.org/spellen/12-dagen/")
        assert (copy / "tts" / url.rsplit("/", 1)[1]).is_file()
    with pytest.raises(PnpError, match="--tts-url"):
        write_tts(copy, url_base="ftp://example.org/")


def test_an_id_that_is_no_plain_file_name_is_refused(
    exported: Callable[[str], Export], tmp_path: Path
) -> None:
    source = exported("stoomboot")
    copy = tmp_path / "kits" / "stoomboot"
    shutil.copytree(source.kit, copy, ignore=shutil.ignore_patterns("tts"))
    manifest = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
    for placed in manifest["placements"]:
        if placed["card"] == "huis-letter":
            placed["card"] = "../../buiten"
    (copy / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(PnpError, match="no plain file name"):
        write_tts(copy)
    assert sorted(p.name for p in (tmp_path / "kits").iterdir()) == ["stoomboot"]
    assert not (copy / "tts").exists()
    assert not list(tmp_path.rglob("*buiten*"))


def test_cli_exports_and_needs_a_choice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNP_CONFIG_DIR", str(tmp_path / "config"))
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["export", "twaalf-dagen", "--tts", "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    save = json.loads((out / "twaalf-dagen" / "tts" / "twaalf-dagen.json").read_text("utf-8"))
    assert {o["Name"] for o in save["ObjectStates"]} == {"DeckCustom"}
    for wrong in ([], ["--tts-url", "ftp://example.org/kit/"]):
        result = CliRunner().invoke(app, ["export", "twaalf-dagen", *wrong, "--out", str(out)])
        assert result.exit_code == 2
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert "--tts" in result.output


def test_a_kit_without_backs_gives_its_decks_a_plain_back(kit: KitMaker, tmp_path: Path) -> None:
    built = kit("twaalf-dagen", backs=BackMode.NONE)
    copy = tmp_path / "twaalf-dagen"
    shutil.copytree(built.folder, copy)
    write_tts(copy)
    save = json.loads((copy / "tts" / "twaalf-dagen.json").read_text(encoding="utf-8"))
    backs = {
        obj["Nickname"]: Image.open(urlsplit(entry["BackURL"]).path).convert("RGB")
        for obj in save["ObjectStates"]
        for entry in obj["CustomDeck"].values()
    }
    assert len(backs["Dagkaarten"].getcolors() or []) == 1, "one plain colour"
    # The player aid's second side is printed all the same (it is two-sided).
    with KitPages(copy, 300) as pages:
        (aid,) = [f.first for f in distinct_faces(pages.pieces, "hulp")]
        assert aid.back_page is not None
        assert backs["Spelershulp"].tobytes() == pages.picture(aid, back=True).tobytes()
