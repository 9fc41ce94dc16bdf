"""Nothing outside a data folder gets in: files named by game.toml, links out of art/, fonts/ or
a layouts folder, SVG references and entities, broken font files. Each is refused with one
located line and exit 2, and the refused file's content never shows in the output."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from tests.test_bad_input import edit

GAME = Path("cardspecs") / "twaalf-dagen"
ART = Path("art") / "twaalf-dagen" / "01-patrijs.svg"
SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
SECRET = "GEHEIM-BUITEN-DE-MAP"
"""Text of the outside file: it must never appear in a message or an output file."""


@dataclass(frozen=True)
class Case:
    id: str
    mutate: Callable[[Path, Path], str]
    """Breaks the project copy (root, a folder outside it); returns the expected error text."""


def _outside_file(outside: Path, name: str, text: str | None = None) -> Path:
    path = outside / name
    path.write_text(text if text is not None else f"id,count\n{SECRET},1\n", encoding="utf-8")
    return path


def _game_key(old: str, new: str, message: str) -> Callable[[Path, Path], str]:
    def mutate(root: Path, outside: Path) -> str:
        new_text = new.replace("{outside}", str(_outside_file(outside, "buiten.csv")))
        line = edit(root, GAME / "game.toml", old, new_text)
        return f"cardspecs/twaalf-dagen/game.toml:{line}: {message}"

    return mutate


def _link(relative: Path, message: str, folder: bool = False) -> Callable[[Path, Path], str]:
    """Replace a data file (or its folder) by a link to a copy outside the project."""

    def mutate(root: Path, outside: Path) -> str:
        source = root / relative
        if folder:
            source = source.parent
        target = outside / source.name
        shutil.move(source, target)
        source.symlink_to(target, target_is_directory=folder)
        return message

    return mutate


def _svg(body: str, message: str) -> Callable[[Path, Path], str]:
    def mutate(root: Path, outside: Path) -> str:
        secret = _outside_file(
            outside, "buiten.svg", f'{SVG_HEAD}><text id="x">{SECRET}</text></svg>'
        )
        (root / ART).write_text(body.replace("{outside}", str(secret)), encoding="utf-8")
        return f"art/twaalf-dagen/01-patrijs.svg:{message}"

    return mutate


def _font(make: Callable[[Path, Path], None], message: str) -> Callable[[Path, Path], str]:
    def mutate(root: Path, outside: Path) -> str:
        fonts = root / "fonts"
        fonts.unlink()  # the project copy links the real fonts; give it a folder of its own
        (fonts / "lato").mkdir(parents=True)
        make(fonts / "lato" / "Lato-Regular.ttf", outside)
        return message

    return mutate


def _link_to(target: str) -> Callable[[Path, Path], None]:
    return lambda path, outside: path.symlink_to(target)


def _bytes(data: bytes) -> Callable[[Path, Path], None]:
    return lambda path, outside: path.write_bytes(data)


CASES = [
    Case(
        "table-absolute",
        _game_key(
            'table = "deck.csv"', 'table = "/etc/passwd"', "table '/etc/passwd' must be a path"
        ),
    ),
    Case(
        "table-device",
        _game_key('table = "deck.csv"', 'table = "/dev/zero"', "table '/dev/zero' must be a path"),
    ),
    Case(
        "table-dotdot",
        _game_key('table = "deck.csv"', 'table = "../../x.csv"', "table '../../x.csv' must be"),
    ),
    Case(
        "table-folder",
        lambda root, outside: (
            "cardspecs/twaalf-dagen/layouts: is a folder, not a file"
            if edit(root, GAME / "game.toml", 'table = "deck.csv"', 'table = "layouts"')
            else ""
        ),
    ),
    Case(
        "layout-absolute",
        _game_key('layout = "deck"', 'layout = "{outside}"', "'layout' must be a layout name"),
    ),
    Case(
        "layout-missing",
        _game_key(
            'layout = "deck"',
            'layout = "dek"',
            "layout 'dek' not found in twaalf-dagen/layouts/ or common/layouts/",
        ),
    ),
    Case(
        "table-link-out",
        _link(GAME / "deck.csv", "deck.csv: refused: the file lies outside twaalf-dagen/"),
    ),
    Case(
        "layout-link-out",
        _link(GAME / "layouts" / "deck.toml", "deck.toml: refused: the file lies outside layouts/"),
    ),
    Case(
        "template-link-out",
        _link(
            GAME / "rulebook" / "spelregels.j2",
            "spelregels.j2: refused: the file lies outside rulebook/",
        ),
    ),
    Case("art-link-out", _link(ART, "is a link to a file outside art/")),
    Case(
        "art-folder-link-out",
        _link(ART, "art: refused: 'twaalf-dagen' is a link to a folder outside art/", folder=True),
    ),
    Case(
        "svg-use-outside",
        _svg(
            f'{SVG_HEAD} width="10" height="10">\n<use xlink:href="{{outside}}#x"/></svg>',
            "2: refused SVG: a reference to",
        ),
    ),
    Case(
        "svg-image-file",
        _svg(
            f'{SVG_HEAD} width="10" height="10">\n<image href="file:///etc/hostname"/></svg>',
            "2: refused SVG: a reference to 'file:///etc/hostname'",
        ),
    ),
    Case(
        "svg-css-url",
        _svg(
            f'{SVG_HEAD} width="10" height="10">\n<style>rect {{ fill: url("{{outside}}#x") }}'
            "</style></svg>",
            "2: refused SVG: a reference to",
        ),
    ),
    Case(
        "svg-entities",
        _svg(
            '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
            '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
            f'{SVG_HEAD} width="10" height="10"><text>&b;</text></svg>',
            "2: refused SVG: XML entity declarations",
        ),
    ),
    Case(
        "svg-external-entity",
        _svg(
            '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "{outside}">]>\n'
            f'{SVG_HEAD} width="10" height="10"><text>&x;</text></svg>',
            "2: refused SVG: XML entity declarations",
        ),
    ),
    Case(
        "svg-width-inf",
        _svg(f'{SVG_HEAD} width="inf" height="10"><g/></svg>', "1: refused SVG: width='inf'"),
    ),
    Case(
        "svg-width-huge",
        _svg(f'{SVG_HEAD} width="1e308" height="10"><g/></svg>', "1: refused SVG: width='1e308'"),
    ),
    Case(
        "svg-viewbox-nan",
        _svg(
            f'{SVG_HEAD} viewBox="0 0 nan 10"><g/></svg>',
            "1: refused SVG: viewBox='0 0 nan 10'",
        ),
    ),
    Case(
        "svg-too-many-elements",
        _svg(
            f'{SVG_HEAD} width="10" height="10">' + "<g/>" * 30_000 + "</svg>",
            "1: refused SVG: more than 20,000 elements",
        ),
    ),
    Case(
        "svg-unclosed",
        _svg(f'{SVG_HEAD} width="10" height="10"><g', "1: not a well-formed SVG"),
    ),
]


FONT_CASES = [
    Case(
        "font-empty",
        _font(_bytes(b""), "fonts/lato/Lato-Regular.ttf: not a usable TrueType font"),
    ),
    Case(
        "font-garbage",
        _font(
            _bytes(b"\x00\x01" * 3000), "fonts/lato/Lato-Regular.ttf: not a usable TrueType font"
        ),
    ),
    Case(
        "font-cff",
        _font(
            _bytes(b"OTTO" + b"\x00" * 400),
            "fonts/lato/Lato-Regular.ttf: not a usable TrueType font",
        ),
    ),
    Case(
        "font-folder",
        _font(lambda p, o: p.mkdir(), "fonts/lato/Lato-Regular.ttf: is not a regular file"),
    ),
    Case(
        "font-device",
        _font(_link_to("/dev/zero"), "Lato-Regular.ttf: refused: a link to a file outside fonts/"),
    ),
    Case("font-truncated", _font(_bytes(b""), "not a usable TrueType font")),
]
"""Broken fonts, each in a fresh process: a process registers a font once."""


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_files_from_outside_a_data_folder_are_refused(
    case: Case, project_copy: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "buiten"
    outside.mkdir()
    expected = case.mutate(project_copy, outside)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", "twaalf-dagen", "--out", str(out)])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert any(expected in line for line in lines), f"{expected!r} not in {lines}"
    assert all(line.startswith("error: ") for line in lines)
    assert "Traceback" not in result.output
    assert SECRET not in result.output
    assert not out.exists(), "nothing written"


@pytest.mark.parametrize("case", FONT_CASES, ids=[c.id for c in FONT_CASES])
def test_a_broken_font_is_one_line(case: Case, project_copy: Path, tmp_path: Path) -> None:
    real = (project_copy / "fonts" / "lato" / "Lato-Regular.ttf").read_bytes()
    if case.id == "font-truncated":
        case = Case(case.id, _font(_bytes(real[:20_000]), "not a usable TrueType font"))
    expected = case.mutate(project_copy, tmp_path)
    out = tmp_path / "o"
    done = subprocess.run(
        [sys.executable, "-m", "pnp", "build", "twaalf-dagen", "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert expected in lines[0]
    assert not out.exists(), "nothing written"
