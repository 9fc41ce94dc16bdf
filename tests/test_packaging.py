"""pnp installs anywhere: the wheel and sdist carry the games' data, licences and metadata, and
a user's own project folder (``pnp.toml``, ``--project``, ``PNP_ROOT``) overrides or adds games.

The wheel is built once (seconds, with the build backend of the test install); CI installs it
into a fresh virtual environment outside the checkout and builds a kit from it (``.ci/run``).
"""

from __future__ import annotations

import ast
import importlib.util
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.base import paths
from pnp.catalog import registry
from pnp.catalog.project import load_game
from pnp.cli import app
from pnp.draw.fonts import FONT_FILES
from tests.pdftext import page_texts

ROOT = Path(__file__).resolve().parent.parent
DATA = ("cardspecs", "art", "fonts")
BUNDLED = "pnp/_data"
BUILD_SCRIPT = """
import sys
from hatchling.build import build_sdist, build_wheel
print(build_wheel(sys.argv[1]) if sys.argv[2] == "wheel" else build_sdist(sys.argv[1]))
"""


def _build(kind: str, source: Path, out: Path) -> Path:
    """Build a wheel or sdist of ``source`` into ``out`` with the installed backend, else pip's."""
    if importlib.util.find_spec("hatchling") is not None:
        done = subprocess.run(
            [sys.executable, "-c", BUILD_SCRIPT, str(out), kind],
            cwd=source,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return out / done.stdout.strip().splitlines()[-1]
    if kind != "wheel":
        pytest.skip("hatchling, pnp's build backend, is not installed (pip install -e '.[test]')")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0 and re.search(
        r"hatchling|No matching distribution|connection|resolve", done.stderr, re.I
    ):
        pytest.skip(
            f"the build backend (hatchling) cannot be fetched: {done.stderr.strip()[-300:]}"
        )
    assert done.returncode == 0, done.stdout + done.stderr
    return next(out.glob("pnp-*.whl"))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    path = _build("wheel", ROOT, tmp_path_factory.mktemp("wheel"))
    return zipfile.ZipFile(path)


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build("sdist", ROOT, tmp_path_factory.mktemp("sdist"))


def _names(wheel: zipfile.ZipFile) -> set[str]:
    return set(wheel.namelist())


def _metadata(wheel: zipfile.ZipFile) -> tuple[str, dict[str, list[str]]]:
    info = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    message = Parser().parsestr(wheel.read(info).decode("utf-8"))
    return info.rsplit("/", 1)[0], {key: message.get_all(key) or [] for key in set(message.keys())}


def _data_files() -> list[str]:
    """Every file of the checkout's data folders, as ``cardspecs/…`` paths."""
    return sorted(
        p.relative_to(ROOT).as_posix()
        for folder in DATA
        for p in (ROOT / folder).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")
    )


def _bundled_games() -> list[str]:
    return [gid for gid, game in registry.games().items() if game.data_root is None]


# --- the wheel ---------------------------------------------------------------------------------


def test_the_wheel_carries_every_games_data_as_package_data(wheel: zipfile.ZipFile) -> None:
    names = _names(wheel)
    for game_id in _bundled_games():
        assert f"{BUNDLED}/cardspecs/{game_id}/game.toml" in names, game_id
        assert any(n.startswith(f"{BUNDLED}/art/{game_id}/") for n in names), game_id
    missing = [f for f in _data_files() if f"{BUNDLED}/{f}" not in names]
    assert missing == [], "data files the wheel lacks"
    for relative in FONT_FILES.values():
        assert f"{BUNDLED}/fonts/{relative}" in names
    assert not any(n.startswith(("tests/", "cardspecs/", "art/", "fonts/")) for n in names)


def test_the_wheel_holds_the_licences(wheel: zipfile.ZipFile) -> None:
    names = _names(wheel)
    info, metadata = _metadata(wheel)
    families = sorted({relative.split("/")[0] for relative in FONT_FILES.values()})
    assert f"{info}/licenses/LICENSE" in names
    assert "MIT License" in wheel.read(f"{info}/licenses/LICENSE").decode()
    for family in families:
        assert f"{BUNDLED}/fonts/{family}/OFL.txt" in names, "beside the font files"
        assert f"{info}/licenses/fonts/{family}/OFL.txt" in names, "in the licence files"
        assert (
            "SIL OPEN FONT LICENSE"
            in wheel.read(f"{info}/licenses/fonts/{family}/OFL.txt").decode()
        )
    assert metadata["License-Expression"] == ["MIT AND OFL-1.1"]


def test_the_wheel_carries_the_guides_but_not_the_readme_pictures(wheel: zipfile.ZipFile) -> None:
    names = _names(wheel)
    guides = sorted(p.name for p in (ROOT / "docs").glob("*.md"))
    assert "adding-a-game.md" in guides
    for guide in guides:
        assert f"{BUNDLED}/docs/{guide}" in names, guide
    assert not any(n.startswith(f"{BUNDLED}/docs/pictures") for n in names)


def test_the_index_description_reads_right_without_the_checkout(wheel: zipfile.ZipFile) -> None:
    """A package index shows the description alone: no link may point into the checkout, and
    it may not speak of "this folder"; it names every game the wheel carries."""
    info = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    message = Parser().parsestr(wheel.read(info).decode("utf-8"))
    description = str(message.get_payload())
    assert message["Description-Content-Type"] == "text/markdown"
    assert "# pnp" in description
    targets = re.findall(r"\]\(([^)]*)\)", description)
    assert all(t.startswith(("https://", "http://")) for t in targets), targets
    assert "this folder" not in description and "checkout" not in description
    for game_id in _bundled_games():
        assert f"`{game_id}`" in description, game_id


def test_the_version_is_written_once() -> None:
    """pyproject.toml takes the version from pnp.__version__; the wheel's metadata says it."""
    import tomllib

    import pnp

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pnp.__version__)
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {pnp.__version__}" in changelog, "the changelog has a section for the version"


def test_the_wheel_is_the_version_of_the_package(wheel: zipfile.ZipFile) -> None:
    import pnp

    _, metadata = _metadata(wheel)
    assert metadata["Version"] == [pnp.__version__]


def _imported_distributions() -> set[str]:
    """The distributions of every third-party module imported under ``pnp/``."""
    modules: set[str] = set()
    for path in (ROOT / "pnp").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module.split(".")[0])
    third_party = modules - set(sys.stdlib_module_names) - {"pnp", "__future__"}
    owners = packages_distributions()
    unknown = sorted(m for m in third_party if m not in owners)
    assert unknown == [], "imported modules of no installed distribution"
    return {_normal(dist) for module in third_party for dist in owners[module]}


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_imported_package_is_a_dependency_with_a_lower_bound(
    wheel: zipfile.ZipFile,
) -> None:
    _, metadata = _metadata(wheel)
    required: dict[str, str] = {}
    for line in metadata["Requires-Dist"]:
        if "extra ==" in line:
            continue
        match = re.match(r"([A-Za-z0-9_.\-]+)\s*(.*)", line)
        assert match is not None
        required[_normal(match.group(1))] = match.group(2)
    assert _imported_distributions() - set(required) == set(), "imported but not declared"
    assert {name for name, spec in required.items() if ">=" not in spec} == set()


def test_the_metadata_names_the_script(wheel: zipfile.ZipFile) -> None:
    info, metadata = _metadata(wheel)
    assert "pnp = pnp.cli:main" in wheel.read(f"{info}/entry_points.txt").decode()
    assert metadata["Requires-Python"] == [">=3.11"]


# --- the sdist ---------------------------------------------------------------------------------


def test_the_sdist_builds_a_wheel_with_the_same_data(
    sdist: Path, tmp_path: Path, wheel: zipfile.ZipFile
) -> None:
    with tarfile.open(sdist) as archive:
        # The "data" filter (Python 3.11.4+) refuses links and paths leaving the folder.
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        archive.extractall(tmp_path, **safe)  # type: ignore[arg-type]
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    for required in (
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "cardspecs/common/rulebook/basis.j2",
    ):
        assert required in names
    assert not any(n.startswith((".venv/", "output/")) for n in names)
    unpacked = next(p for p in tmp_path.iterdir() if p.is_dir())
    again = zipfile.ZipFile(_build("wheel", unpacked, tmp_path / "out"))
    data = {n for n in _names(wheel) if n.startswith(BUNDLED)}
    assert {n for n in _names(again) if n.startswith(BUNDLED)} == data


# --- where the data is found -------------------------------------------------------------------


def test_the_checkout_is_the_bundled_data_of_an_editable_install() -> None:
    assert paths.bundled_root() == ROOT


def test_find_project_file_finds_the_nearest_pnp_toml_upward(tmp_path: Path) -> None:
    deep = tmp_path / "a" / "b" / "c"
    deep.mkdir(parents=True)
    assert paths.find_project_file(deep) is None
    (tmp_path / "pnp.toml").write_text("", encoding="utf-8")
    assert paths.find_project_file(deep) == (tmp_path / "pnp.toml").resolve()
    (tmp_path / "a" / "pnp.toml").write_text("", encoding="utf-8")
    assert paths.find_project_file(deep) == (tmp_path / "a" / "pnp.toml").resolve()
    assert paths.find_project_file(tmp_path / "a") == (tmp_path / "a" / "pnp.toml").resolve()


@pytest.fixture()
def own_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's project: ``pnp.toml`` and a copy of twaalf-dagen with one card renamed; the
    working folder is a subfolder of it."""
    monkeypatch.delenv(paths.ROOT_ENV, raising=False)
    project = tmp_path.resolve() / "mijn-spellen"
    (project / "cardspecs").mkdir(parents=True)
    (project / "pnp.toml").write_text("", encoding="utf-8")
    game = project / "cardspecs" / "twaalf-dagen"
    shutil.copytree(ROOT / "cardspecs" / "twaalf-dagen", game)
    deck = game / "deck.csv"
    text = deck.read_text(encoding="utf-8")
    assert "Patrijs in een perenboom" in text
    deck.write_text(text.replace("Patrijs in een perenboom", "Patrijs in een appelboom"), "utf-8")
    (project / "kits").mkdir()
    monkeypatch.chdir(project / "kits")
    return project


def test_a_pnp_toml_project_overrides_one_game_and_the_others_stay_bundled(
    own_project: Path, tmp_path: Path
) -> None:
    result = CliRunner().invoke(app, ["build", "twaalf-dagen", "--out", "uit"])
    assert result.exit_code == 0, result.output
    cards = PdfReader(own_project / "kits" / "uit" / "twaalf-dagen" / "kaarten.pdf")
    text = " ".join(page_texts(cards, collapse=False))
    assert "appelboom" in text and "perenboom" not in text
    assert load_game("twaalf-dagen").spec.folder == own_project / "cardspecs" / "twaalf-dagen"
    assert load_game("santoska").spec.folder == ROOT / "cardspecs" / "santoska"
    assert paths.data_roots() == (own_project, ROOT)
    listed = CliRunner().invoke(app, ["list"])
    assert listed.exit_code == 0, listed.output
    assert "santoska — Santoska" in listed.stdout and "problem" not in listed.output


def test_a_project_holds_only_the_art_and_fonts_it_changes(own_project: Path) -> None:
    (own_project / "art" / "twaalf-dagen").mkdir(parents=True)
    mine = own_project / "art" / "twaalf-dagen" / "01-patrijs.svg"
    shutil.copy(ROOT / "art" / "twaalf-dagen" / "01-patrijs.svg", mine)
    art = load_game("twaalf-dagen").art
    assert art.get("twaalf-dagen/01-patrijs.svg").program is not None
    assert art.roots == (own_project / "art", ROOT / "art")
    from pnp.spec.columns import check_art_reference

    assert check_art_reference("twaalf-dagen/01-patrijs.svg", art.roots) == mine
    assert check_art_reference("twaalf-dagen/02-tortelduiven.svg", art.roots).is_relative_to(ROOT)
    assert (
        paths.find_data_file("fonts/lato/Lato-Regular.ttf") == ROOT / "fonts/lato/Lato-Regular.ttf"
    )
    (own_project / "fonts" / "lato").mkdir(parents=True)
    shutil.copy(ROOT / "fonts/lato/Lato-Regular.ttf", own_project / "fonts/lato")
    assert paths.find_data_file("fonts/lato/Lato-Regular.ttf") == (
        own_project / "fonts/lato/Lato-Regular.ttf"
    )


def test_project_option_wins_over_pnp_root_for_one_invocation(
    own_project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path.resolve() / "elders"
    (elsewhere / "cardspecs").mkdir(parents=True)
    monkeypatch.setenv(paths.ROOT_ENV, str(elsewhere))
    assert paths.data_roots()[0] == elsewhere, "PNP_ROOT wins over pnp.toml"
    result = CliRunner().invoke(app, ["--project", str(own_project), "check", "twaalf-dagen"])
    assert result.exit_code == 0, result.output
    assert paths.data_roots()[0] == elsewhere, "--project lasts one invocation"
    missing = CliRunner().invoke(app, ["--project", str(tmp_path / "nergens"), "list"])
    assert missing.exit_code == 2
    assert "--project" in missing.output


def test_no_data_at_all_is_one_error_naming_project_and_pnp_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(paths.ROOT_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(paths, "bundled_root", lambda: None)
    for args in (
        ["list"],
        ["build", "twaalf-dagen", "--out", str(tmp_path)],
        ["check", "santoska"],
    ):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        lines = result.output.strip().splitlines()
        assert len(lines) == 1, result.output
        assert lines[0].startswith("error: no game data found")
        assert "--project" in lines[0] and paths.ROOT_ENV in lines[0]
        assert "problem" not in lines[0]
    (tmp_path / "leeg").mkdir()
    monkeypatch.setenv(paths.ROOT_ENV, str(tmp_path / "leeg"))
    result = CliRunner().invoke(app, ["list"])
    assert result.exit_code == 2
    assert f"{tmp_path / 'leeg'} ({paths.ROOT_ENV})" in result.output


def test_version_comes_from_the_installed_metadata() -> None:
    from importlib.metadata import version

    for flag in ("--version", "-V"):
        result = CliRunner().invoke(app, [flag])
        assert result.exit_code == 0, result.output
        assert result.stdout == f"pnp {version('pnp')}\n"
