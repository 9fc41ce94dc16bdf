"""``pnp preview``: contact sheets, backs and a hand cut from the kit's own PDFs.

Each game's preview is made once, from a copy of the session's shared kit (the shared kit
itself stays as the build wrote it), and read back: every face on a sheet is compared
pixel for pixel with its page as PDFium renders it, counts with the manifest's copies.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from typer.testing import CliRunner

import pnp.export.preview as preview
from pnp.base.errors import PnpError
from pnp.cli import app
from pnp.export.folder import ExportResult
from tests.conftest import KitMaker

GAMES = ("sinterklaas", "stoomboot", "twaalf-dagen", "santoska")
SHEET_BACKGROUND = (244, 241, 235)


@dataclass
class Preview:
    """One game's kit (a private copy) and the preview written into it."""

    game: str
    kit: Path
    result: ExportResult
    manifest: dict[str, Any]
    progress: list[tuple[str, int, int]]

    @property
    def folder(self) -> Path:
        return self.kit / "preview"

    def index(self) -> dict[str, Any]:
        return dict(json.loads((self.folder / "index.json").read_text(encoding="utf-8")))

    def snapshot(self) -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in sorted(self.folder.iterdir())}


def _copy_kit(kit: KitMaker, game: str, where: Path) -> Path:
    """A private copy of the shared kit of ``game`` (its PDFs and manifest) in ``where``."""
    shared = kit(game)
    folder = where / game
    folder.mkdir(parents=True)
    for name in [*shared.files, "manifest.json"]:
        shutil.copyfile(shared.folder / name, folder / name)
    return folder


@pytest.fixture(scope="module")
def previews(kit: KitMaker, tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Preview]:
    """Each game's preview, written once per test module."""
    made: dict[str, Preview] = {}

    def get(game: str) -> Preview:
        if game not in made:
            folder = _copy_kit(kit, game, tmp_path_factory.mktemp("preview"))
            reported: list[tuple[str, int, int]] = []
            result = preview.write_preview(folder, lambda *step: reported.append(step))
            manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
            made[game] = Preview(game, folder, result, manifest, reported)
        return made[game]

    return get


class _Pages:
    """Kit pages rendered here, independently of pnp's own cutting code."""

    def __init__(self, kit: Path, dpi: float) -> None:
        self.kit, self.dpi = kit, dpi
        self.pages: dict[tuple[str, int], tuple[Image.Image, float]] = {}

    def cut(self, file: str, page: int, trim: list[float], rotated: bool) -> Image.Image:
        if (file, page) not in self.pages:
            document = pdfium.PdfDocument(self.kit / file)
            sheet = document[page - 1]
            height_mm = sheet.get_height() / 72 * 25.4
            picture = sheet.render(scale=self.dpi / 72, draw_annots=False).to_pil().convert("RGB")
            self.pages[(file, page)] = (picture, height_mm)
            document.close()
        picture, height_mm = self.pages[(file, page)]
        x, y, w, h = trim
        px = self.dpi / 25.4
        left, top = round(x * px), round((height_mm - y - h) * px)
        cut = picture.crop((left, top, left + round(w * px), top + round(h * px)))
        return cut.transpose(Image.Transpose.ROTATE_270) if rotated else cut


@pytest.mark.parametrize("game", GAMES)
def test_every_face_on_a_sheet_is_the_pdf_page_it_came_from(
    game: str, previews: Callable[[str], Preview]
) -> None:
    """Each cell of each contact sheet (and of the backs) holds exactly the pixels of the trim
    box it names, on the kit page it names, rendered by PDFium at the preview's resolution.

    Exact equality: the sheet is a lossless PNG and its faces are pasted unscaled from the
    same renderer at the same resolution, so not one pixel may differ."""
    made = previews(game)
    index = made.index()
    pages = _Pages(made.kit, index["dpi"])
    placed = {
        (p["component"], p["card"], p["file"], side, p[page_key], tuple(p[trim_key]))
        for p in made.manifest["placements"]
        for side, page_key, trim_key in (
            ("front", "page", "trim_mm"),
            ("back", "back_page", "back_trim_mm"),
        )
        if p[page_key] is not None
    }
    compared = 0
    for name, sheet in index["sheets"].items():
        with Image.open(made.folder / name) as opened:
            picture = opened.convert("RGB")
        assert list(picture.size) == sheet["size"]
        for face in sheet["faces"]:
            source = face["source"]
            key = (face["component"], face["card"], source["file"], source["side"])
            assert (*key, source["page"], tuple(source["trim_mm"])) in placed, face
            expected = pages.cut(
                source["file"], source["page"], source["trim_mm"], source["rotated"]
            )
            cell = picture.crop(tuple(face["box"]))
            assert cell.size == expected.size, (name, face)
            assert ImageChops.difference(cell, expected).getbbox() is None, (name, face["card"])
            compared += 1
    assert compared >= len(made.manifest["components"])


@pytest.mark.parametrize("game", GAMES)
def test_sheets_show_every_distinct_face_once_with_its_count(
    game: str, previews: Callable[[str], Preview]
) -> None:
    """One sheet per component; its faces are the component's card rows in print order, each
    once, with the manifest's number of copies; every count has ink under its face."""
    made = previews(game)
    index = made.index()
    placements = made.manifest["placements"]
    by_component = {
        sheet["faces"][0]["component"]: (name, sheet)
        for name, sheet in index["sheets"].items()
        if name != "achterkanten.png"
    }
    placed_components = {p["component"] for p in placements}
    assert set(by_component) == placed_components
    names = {c["id"]: c["name"] for c in made.manifest["components"]}
    for component, (name, sheet) in by_component.items():
        copies = Counter(p["card"] for p in placements if p["component"] == component)
        assert [f["card"] for f in sheet["faces"]] == list(copies)  # print order, once each
        assert {f["card"]: f["count"] for f in sheet["faces"]} == dict(copies)
        assert sheet["title"] == names[component]
        assert name == f"{component}.png"
        with Image.open(made.folder / name) as opened:
            picture = opened.convert("RGB")
        for face in sheet["faces"]:
            left, _, right, bottom = face["box"]
            # The label's ink is far darker than the background or a face's shadow.
            label = picture.crop((left, bottom + 4, right, bottom + 24)).convert("L")
            darkest, _ = label.getextrema()
            assert isinstance(darkest, int) and darkest < 128, f"{name}: no count under {face}"


@pytest.mark.parametrize("game", GAMES)
def test_backs_show_each_components_back_designs_with_their_counts(
    game: str, previews: Callable[[str], Preview]
) -> None:
    made = previews(game)
    backs = made.index()["sheets"]["achterkanten.png"]
    shown = Counter(f["component"] for f in backs["faces"])
    counted = Counter[str]()
    for face in backs["faces"]:
        counted[face["component"]] += face["count"]
        assert face["source"]["side"] == "back"
    backed = [p for p in made.manifest["placements"] if p["back_page"] is not None]
    assert counted == Counter(p["component"] for p in backed)
    designs = {(p["component"], p["back_design"]) for p in backed}
    assert shown == Counter(component for component, _ in designs)


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_is_five_distinct_cards_small_enough_for_the_readme(
    game: str, previews: Callable[[str], Preview]
) -> None:
    made = previews(game)
    hand = made.index()["hand"]
    cards = [(c["component"], c["card"]) for c in hand["cards"]]
    assert len(cards) == 5 and len(set(cards)) == 5
    assert len({component for component, _ in cards}) == 1  # one deck
    component = cards[0][0]
    trims = {
        tuple(p["trim_mm"][2:]) for p in made.manifest["placements"] if p["component"] == component
    }
    assert all(h > w for w, h in trims), "a hand of upright cards"
    path = made.folder / "hand.png"
    assert path.stat().st_size <= 200_000
    with Image.open(path) as picture:
        assert picture.mode == "RGBA" and list(picture.size) == hand["size"]
        assert picture.getpixel((0, 0))[3] == 0  # type: ignore[index]  # transparent around
        opaque = picture.getchannel("A").histogram()[255]
        assert opaque > picture.width * picture.height // 3


@pytest.mark.parametrize("game", ["stoomboot"])
def test_progress_counts_up_to_every_picture(game: str, previews: Callable[[str], Preview]) -> None:
    """One task, reported from 0 to its total: a step per component sheet, the backs, the hand."""
    made = previews(game)
    assert {task for task, _, _ in made.progress} == {f"{game}: preview"}
    done = [step for _, step, _ in made.progress]
    assert done == list(range(len(done))) and done[0] == 0
    assert {total for _, _, total in made.progress} == {len(made.manifest["components"]) + 2}
    assert done[-1] == made.progress[-1][2]
    assert not made.result.reused and {p.name for p in made.result.files} == {
        p.name for p in made.folder.iterdir()
    } - {"export.json"}


def test_same_kit_same_bytes(
    kit: KitMaker, tmp_path: Path, previews: Callable[[str], Preview]
) -> None:
    first = previews("twaalf-dagen")
    again = _copy_kit(kit, "twaalf-dagen", tmp_path)
    preview.write_preview(again)
    second = {p.name: p.read_bytes() for p in sorted((again / "preview").iterdir())}
    assert second == first.snapshot()


def test_an_up_to_date_preview_is_reused_and_a_failed_one_leaves_it_untouched(
    kit: KitMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _copy_kit(kit, "santoska", tmp_path)
    preview.write_preview(folder)
    before = {p.name: p.read_bytes() for p in (folder / "preview").iterdir()}
    listing = sorted(p.name for p in tmp_path.rglob("*"))

    reused = preview.write_preview(folder)
    assert reused.reused and {p.name for p in reused.files} == set(before) - {"export.json"}

    # Other settings make it out of date; the export then fails after the sheets are drawn.
    monkeypatch.setattr(preview, "HAND_WIDTH", 500)

    def broken(*args: object, **kwargs: object) -> Image.Image:
        raise RuntimeError("failed midway")

    monkeypatch.setattr(preview, "fan", broken)
    with pytest.raises(RuntimeError, match="failed midway"):
        preview.write_preview(folder)
    assert {p.name: p.read_bytes() for p in (folder / "preview").iterdir()} == before
    assert sorted(p.name for p in tmp_path.rglob("*")) == listing  # nothing half-written


def test_the_words_are_data_and_a_bad_word_file_is_one_located_line(project_copy: Path) -> None:
    words = project_copy / "cardspecs" / "common" / "preview.toml"
    text = words.read_text(encoding="utf-8")
    words.write_text(text.replace('"{aantal}×"', '"{aantal} stuks"'), encoding="utf-8")
    assert preview.read_words().copies(3) == "3 stuks"
    words.write_text(text.replace('"{aantal}×"', '"keer"'), encoding="utf-8")
    with pytest.raises(PnpError) as raised:
        preview.read_words()
    problem = raised.value.problems[0]
    assert (
        problem.path == words
        and problem.line == text.splitlines().index('aantal = "{aantal}×"') + 1
    )


@pytest.fixture()
def _own_config_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No user pnp.toml: the user's config folder is an empty temporary one."""
    monkeypatch.setenv("PNP_CONFIG_DIR", str(tmp_path / "config"))


@pytest.mark.usefixtures("_own_config_folder")
def test_cli_writes_the_preview_then_finds_it_up_to_date(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["preview", "twaalf-dagen", "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    folder = out / "twaalf-dagen" / "preview"
    written = {p.name for p in folder.iterdir()}
    assert written == {
        "deck.png",
        "gifts.png",
        "hulp.png",
        "achterkanten.png",
        "hand.png",
        "index.json",
        "export.json",
    }
    again = CliRunner().invoke(app, ["preview", "twaalf-dagen", "--out", str(out)])
    assert again.exit_code == 0, again.output
    assert again.stdout.splitlines()[-1] == f"preview: up to date (6 files) -> {folder}"


@pytest.mark.usefixtures("_own_config_folder")
def test_cli_refuses_an_unknown_game_in_one_line_writing_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["preview", "sinterkerst", "--out", str(out)])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "sinterkerst" in lines[0]
    assert not out.exists()
