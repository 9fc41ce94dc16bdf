"""Inputs that used to hang, slip through or end in an internal error: overlong and control
characters in game.toml, data nested thousands deep, settings and rule IDs that do not exist,
nan and overflowing numbers in SVG art, ``<use>`` fan-out, folders linked out of the project.

Each is refused by ``check`` and ``build`` alike with one located line (file and line), exit 2,
no traceback, nothing written, well within a second of loading.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.base.errors import MAX_QUOTE, Problem
from pnp.base.paths import ROOT_ENV, project_root
from pnp.cli import app
from pnp.draw.svgcheck import check_svg
from tests.test_bad_input import edit

GAME = Path("cardspecs") / "twaalf-dagen"
TOML = GAME / "game.toml"
ART = Path("art") / "twaalf-dagen" / "01-patrijs.svg"
PINNED = GAME / "examples" / "basis" / "gelijke-lage-kaart.json"
SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
TIME_BOUND_S = 5.0
"""Generous for a shared machine: each case is refused while loading, in well under a second
(the million-character name took over 100 s, the ``<use>`` fan-out 23 s)."""


@dataclass(frozen=True)
class Case:
    id: str
    mutate: Callable[[Path], str]
    """Breaks the project copy; returns the start of the one error line (after ``error: ``)."""


def _toml(old: str, new: str, message: str) -> Callable[[Path], str]:
    def mutate(root: Path) -> str:
        line = edit(root, TOML, old, new)
        return f"{TOML.as_posix()}:{line}: {message}"

    return mutate


def _svg(body: str, message: str) -> Callable[[Path], str]:
    """The first card's picture replaced by ``body`` (its line 2 holds the broken element)."""

    def mutate(root: Path) -> str:
        (root / ART).write_text(f'{SVG} width="90" height="90">\n{body}\n</svg>\n', "utf-8")
        return f"{ART.as_posix()}:{message}"

    return mutate


def _use_fan_out(root: Path) -> str:
    """About 2 KB: 20 levels of groups, each drawing the one below three times (3^20 shapes)."""
    lines = [f'{SVG} width="9" height="9">', '<defs><rect id="g0" width="1" height="1"/>']
    for level in range(1, 21):
        uses = f'<use xlink:href="#g{level - 1}"/>' * 3
        lines.append(f'<g id="g{level}">{uses}</g>')
    lines.append('</defs><use xlink:href="#g20"/></svg>')
    (root / ART).write_text("\n".join(lines) + "\n", encoding="utf-8")
    # Level 9, on line 2 + 9, is the first to draw more than 20,000: 3^9 copies of the
    # rectangle and the <use> and <g> elements that draw them.
    return f"{ART.as_posix()}:11: refused SVG: draws more than 20,000 elements"


def _deep_pinned(root: Path) -> str:
    depth = 100_000
    (root / PINNED).write_text('{"id":\n' + "[" * depth + "]" * depth + "}\n", encoding="utf-8")
    return f"{PINNED.as_posix()}:2: nested more than 20 levels deep"


def _linked(relative: Path, message: str) -> Callable[[Path], str]:
    """Move a folder of the project outside it and leave a link to it in its place."""

    def mutate(root: Path) -> str:
        source = root / relative
        target = root.parent / "buiten" / source.name
        target.parent.mkdir(exist_ok=True)
        shutil.move(source, target)
        source.symlink_to(target, target_is_directory=True)
        return message

    return mutate


def _art_override(make: Callable[[Path], None], message: str) -> Callable[[Path], str]:
    """The project's copy of the first card's picture replaced by something else (pnp's own
    picture of that name is still there to fall back to)."""

    def mutate(root: Path) -> str:
        path = root / ART
        path.unlink()
        make(path)
        return f"{GAME.as_posix()}/deck.csv:2: column 'art': art 'twaalf-dagen/01-patrijs.svg'{message}"

    return mutate


def _long_field_in_braces(root: Path) -> str:
    deck = GAME / "layouts" / "deck.toml"
    edit(root, deck, 'text = "{number}"', 'text = "{' + "Q" * 1900 + '}"')
    return f"{deck.as_posix()}:6: element 'number-top': unknown field {{{'Q' * MAX_QUOTE}…}}"


CASES = [
    Case(
        "variant-id-too-long",
        _toml(
            "[variants.kort]",
            "[variants.kort" + "q" * 1900 + "]",
            f"variant id 'kort{'q' * (MAX_QUOTE - 4)}…' must be lower-case letters and digits "
            "joined by single hyphens, at most 40 characters",
        ),
    ),
    Case("layout-field-in-braces-too-long", _long_field_in_braces),
    Case(
        "name-a-million-characters",
        _toml(
            'name = "12 Dagen van Kerstmis"',
            'name = "' + "N" * 1_000_000 + '"',
            "'name': a text of 1,000,000 characters (at most 2,000)",
        ),
    ),
    Case(
        "name-longer-than-a-name",
        _toml(
            'name = "12 Dagen van Kerstmis"',
            'name = "' + "N" * 500 + '"',
            "'name' must be one line of at most 200 characters (not 500)",
        ),
    ),
    Case(
        "name-with-nul",
        _toml(
            'name = "12 Dagen van Kerstmis"',
            'name = "Dag\\u0000kaarten"',
            "'name': holds the control character U+0000",
        ),
    ),
    Case(
        "tagline-with-escape",
        _toml(
            'tagline = "Wie',
            'tagline = "\\u001b[31mWie',
            "'tagline': holds the control character U+001B",
        ),
    ),
    Case(
        "name-with-line-break",
        _toml(
            'name = "12 Dagen van Kerstmis"',
            'name = "12 Dagen\\nvan Kerstmis"',
            "'name' must be one line",
        ),
    ),
    Case(
        "minutes-nested-5000-deep",
        _toml(
            "minutes = 40",
            "minutes = " + "[" * 5000 + "]" * 5000,
            "nested more than 20 levels deep",
        ),
    ),
    Case(
        "minutes-nested-50-deep",
        _toml(
            "minutes = 40",
            "minutes = " + "[" * 50 + "]" * 50,
            "'minutes': nested more than 20 levels deep",
        ),
    ),
    Case(
        "variant-setting-unknown",
        _toml(
            "settings = { hands = 3, start_gifts = 1 }",
            "settings = { hands = 3, start_gifts = 1, hande = 4 }",
            "unknown setting 'hande' (the keys of [rules]:",
        ),
    ),
    Case(
        "variant-setting-of-another-kind",
        _toml(
            "settings = { hands = 3,",
            'settings = { hands = "drie",',
            "setting 'hands' must be a whole number like the [rules] setting",
        ),
    ),
    Case(
        "size-unknown-key",
        _toml(
            'size = "poker"',
            "size = { width = 63, height = 88, depth = 1 }",
            "unknown key 'depth' in 'size' (known: height, width)",
        ),
    ),
    *(
        Case(
            f"rules-setting-{name}",
            _toml("gift_cards = 12", f"gift_cards = {value}", f"setting 'gift_cards' {message}"),
        )
        for name, value, message in (
            ("nan", "nan", "must be a whole number from 0 to 10000"),
            ("inf", "inf", "must be a whole number from 0 to 10000"),
            ("negative", "-12", "must be a whole number from 0 to 10000"),
            ("quoted-number", '"12"', "is the text '12': write a number without quotes"),
        )
    ),
    Case(
        "rule-id-not-an-id",
        _toml('rules = ["TD-K1"]', 'rules = ["NOPE-1"]', "'NOPE-1' is not a rule ID"),
    ),
    Case(
        "rule-id-not-in-the-rule-list",
        _toml(
            'rules = ["TD-C1"]',
            'rules = ["TD-C9"]',
            "rule 'TD-C9' is not in the game's rule list",
        ),
    ),
    Case("pinned-example-nested-100000-deep", _deep_pinned),
    *(
        Case(f"svg-{name}", _svg(body, f"2: refused SVG: {key}="))
        for name, body, key in (
            ("rect-x-nan", '<rect x="nan" width="5" height="5"/>', "x"),
            ("rect-y-inf", '<rect y="inf" width="5" height="5"/>', "y"),
            ("rect-width-1e400", '<rect width="1e400" height="5"/>', "width"),
            ("path-nan", '<path d="M0 0 L nan 5"/>', "d"),
            ("path-overflow", '<path d="M0 0L1e400 5"/>', "d"),
            (
                "scale-nan",
                '<g transform="scale(nan)"><rect width="5" height="5"/></g>',
                "transform",
            ),
            (
                "scale-1e308",
                '<g transform="scale(1e308)"><rect width="5" height="5"/></g>',
                "transform",
            ),
            ("circle-r-nan", '<circle cx="5" cy="5" r="nan"/>', "r"),
            ("stroke-width-nan", '<rect width="5" height="5" stroke-width="nan"/>', "stroke-width"),
            (
                "style-value-inf",
                '<rect width="5" height="5" style="stroke-width:inf"/>',
                "stroke-width",
            ),
            ("style-sheet-nan", "<style>rect { opacity: NaN }</style>", "opacity"),
        )
    ),
    Case("svg-use-fan-out", _use_fan_out),
    Case(
        "svg-use-draws-itself",
        _svg('<g id="a"><use xlink:href="#a"/></g>', "2: refused SVG: a <use> that draws itself"),
    ),
    Case("art-override-a-folder", _art_override(Path.mkdir, ": is a folder, not a file")),
    Case("art-override-a-pipe", _art_override(os.mkfifo, ": is not a regular file")),
    Case(
        "art-override-a-link-to-a-device",
        _art_override(lambda path: path.symlink_to("/dev/zero"), " is a link to a file outside"),
    ),
    Case(
        "linked-game-folder",
        _linked(GAME, "cardspecs: refused: 'twaalf-dagen' is a link to a folder outside project/"),
    ),
    Case(
        "linked-cardspecs",
        _linked(Path("cardspecs"), "refused: 'cardspecs' is a link to a folder outside project/"),
    ),
    Case(
        "linked-layouts-folder",
        _linked(
            GAME / "layouts",
            f"{GAME.as_posix()}: refused: 'layouts' is a link to a folder outside twaalf-dagen/",
        ),
    ),
    Case(
        "linked-common-folder",
        _linked(
            Path("cardspecs") / "common",
            "cardspecs: refused: 'common' is a link to a folder outside project/",
        ),
    ),
    Case(
        "linked-art",
        _linked(Path("art"), "refused: 'art' is a link to a folder outside project/"),
    ),
]


@pytest.fixture()
def project_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of twaalf-dagen's data and the shared folder (the other games come from
    pnp's own data), used as PNP_ROOT: a few dozen files, so each case starts at once."""
    source = project_root()
    root = tmp_path / "project"
    for relative in (GAME, Path("cardspecs") / "common", Path("art") / "twaalf-dagen"):
        shutil.copytree(source / relative, root / relative)
    (root / "fonts").symlink_to(source / "fonts")
    monkeypatch.setenv(ROOT_ENV, str(root))
    monkeypatch.chdir(tmp_path)
    return root


@pytest.mark.parametrize("command", ["check", "build"])
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_hostile_input_is_one_located_line_at_once(
    case: Case, command: str, project_copy: Path, tmp_path: Path
) -> None:
    expected = case.mutate(project_copy)
    out = tmp_path / "out"
    args = [command, "twaalf-dagen", *(["--out", str(out)] if command == "build" else [])]
    started = time.monotonic()
    result = CliRunner().invoke(app, args)
    elapsed = time.monotonic() - started
    assert result.exit_code == 2, result.output[:2000]
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert lines[0].startswith("error: ")
    assert expected in lines[0], f"{expected!r} not in {lines[0][:400]!r}"
    assert len(lines[0]) < 400, "an error line quotes a few words of the input, not all of it"
    assert "Traceback" not in result.output
    assert elapsed < TIME_BOUND_S, f"{elapsed:.1f} s"
    assert not out.exists(), "nothing written"


def test_a_long_text_that_does_not_fit_is_quoted_in_part(project_copy: Path) -> None:
    """A name within the limit that does not fit a card: the layout's error quotes 80 characters."""
    edit(project_copy, TOML, 'name = "12 Dagen van Kerstmis"', 'name = "' + "N" * 190 + '"')
    result = CliRunner().invoke(app, ["check", "twaalf-dagen"])
    assert result.exit_code == 2, result.output
    quoted = [line for line in result.stderr.splitlines() if "text 'N" in line]
    assert quoted, result.stderr[:1000]
    assert all("'" + "N" * MAX_QUOTE + "…'" in line for line in quoted), quoted[0]


def test_every_error_line_quotes_at_most_80_characters_of_the_input() -> None:
    long = "x" * 1000
    line = str(Problem(Path("game.toml"), 3, "naam", f"text '{long}' and \"{long}\" are wrong"))
    assert line == (
        f"game.toml:3: column 'naam': text '{'x' * MAX_QUOTE}…' and \"{'x' * MAX_QUOTE}…\" are wrong"
    )
    apostrophes = "can't be read; " + "y " * 60 + "isn't it"
    assert str(Problem(None, None, None, apostrophes)) == apostrophes


def test_the_bundled_art_holds_no_refused_number_and_no_use_fan_out() -> None:
    """The new checks refuse nothing the games ship (every bundled picture still loads)."""
    pictures = sorted((project_root() / "art").rglob("*.svg"))
    assert len(pictures) > 100
    for picture in pictures:
        check_svg(picture.read_bytes(), picture)


def test_a_data_file_replaced_by_a_link_is_refused_though_the_kit_was_up_to_date(
    project_copy: Path, tmp_path: Path
) -> None:
    """The link leads to the same bytes, so the kit's record alone would call it up to date."""
    out = tmp_path / "out"
    args = ["build", "twaalf-dagen", "--out", str(out), "--quiet"]
    assert CliRunner().invoke(app, args).exit_code == 0
    kit = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    deck = project_copy / GAME / "deck.csv"
    outside = tmp_path / "buiten" / "deck.csv"
    outside.parent.mkdir()
    shutil.move(deck, outside)
    deck.symlink_to(outside)
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert lines[0].startswith("error: ")
    assert lines[0].endswith(
        "deck.csv: refused: the file lies outside twaalf-dagen/ (a link out of the folder?)"
    )
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == kit, "kit left as it was"
