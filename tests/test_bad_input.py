"""Broken spec tables, layouts, art and options: one clear located line each, exit 2, nothing written."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app

GAME = Path("cardspecs") / "twaalf-dagen"
RULEBOOK = GAME / "rulebook"


def edit(root: Path, relative: Path | str, old: str, new: str) -> int:
    """Replace ``old`` by ``new`` once in a project file; return the 1-based line of the edit."""
    path = root / relative
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {relative}"
    start = text.index(old)
    path.write_text(text[:start] + new + text[start + len(old) :], encoding="utf-8")
    return text[:start].count("\n") + 1


@dataclass(frozen=True)
class Case:
    id: str
    mutate: Callable[[Path], str]
    """Breaks the project copy; returns the text the error line must contain."""
    args: tuple[str, ...] = ("build", "twaalf-dagen")


def _deck(old: str, new: str, message: str) -> Callable[[Path], str]:
    def mutate(root: Path) -> str:
        line = edit(root, GAME / "deck.csv", old, new)
        return f"cardspecs/twaalf-dagen/deck.csv:{line}: {message}"

    return mutate


def _file(relative: str, old: str, new: str, message: str) -> Callable[[Path], str]:
    def mutate(root: Path) -> str:
        line = edit(root, relative, old, new)
        return message.replace("{line}", str(line)).replace("{file}", relative)

    return mutate


def _write(relative: str, content: str, message: str) -> Callable[[Path], str]:
    def mutate(root: Path) -> str:
        (root / relative).write_text(content, encoding="utf-8")
        return message

    return mutate


def _nothing(message: str) -> Callable[[Path], str]:
    return lambda root: message


CASES = [
    Case(
        "unknown-column",
        _deck(
            "id,count,number,name,short,colour",
            "id,count,number,name,short,kleur",
            "column 'kleur': unknown column",
        ),
    ),
    Case(
        "missing-column",
        _file(
            f"{GAME}/deck.csv",
            "id,count,number,name,short,colour,art,pip",
            "id,count,number,name,colour,art,pip",
            "{file}:1: column 'short': missing column",
        ),
    ),
    Case(
        "wrong-type",
        _deck(
            "trommelaars,12,12,",
            "trommelaars,12,twaalf,",
            "column 'number': 'twaalf' is not a whole number",
        ),
    ),
    Case("negative-count", _deck("vogels,4,", "vogels,-4,", "column 'count': -4 is negative")),
    Case(
        "absurd-count", _deck("ganzen,6,", "ganzen,6000,", "column 'count': 6000 copies is absurd")
    ),
    Case(
        "number-above-max",
        _deck(
            "trommelaars,12,12,",
            "trommelaars,12,13,",
            "column 'number': 13 is above the maximum 12",
        ),
    ),
    Case(
        "unknown-colour", _deck(",lavendel,", ",paars,", "column 'colour': 'paars' is not one of")
    ),
    Case(
        "missing-art",
        _deck(
            "twaalf-dagen/05-ringen.svg",
            "twaalf-dagen/05-ring.svg",
            "column 'art': art file 'twaalf-dagen/05-ring.svg' does not exist in art/",
        ),
    ),
    Case(
        "art-escapes-art-folder",
        _deck(
            "twaalf-dagen/pip-07.svg",
            "../fonts/pip.svg",
            "column 'pip': art path '../fonts/pip.svg' must stay inside art/",
        ),
    ),
    Case(
        "duplicate-id",
        _deck(
            "hennen,3,3,",
            "tortelduiven,3,3,",
            "column 'id': duplicate id 'tortelduiven' (first at line 3)",
        ),
    ),
    Case(
        "short-row",
        _deck("Ganzen,gans,zeegroen,", "Ganzen,zeegroen,", "row has 7 cells, the header has 8"),
    ),
    Case(
        "empty-table",
        _write(
            f"{GAME}/gifts.csv",
            "id,count,name,caption,colour,art\n",
            "cardspecs/twaalf-dagen/gifts.csv:1: the table has no rows",
        ),
    ),
    Case(
        "toml-syntax",
        _file(f"{GAME}/game.toml", "minutes = 40", "minutes = = 40", "{file}:{line}: invalid TOML"),
    ),
    Case(
        "bad-column-type",
        _file(
            f"{GAME}/game.toml",
            'number = { type = "int"',
            'number = { type = "integer"',
            "{file}:{line}: column 'number' has type 'integer'",
        ),
    ),
    Case(
        "bad-palette-colour",
        _file(
            f"{GAME}/game.toml",
            'peer = "#557723"',
            'peer = "groen"',
            "{file}:{line}: colour 'peer' must be '#RRGGBB'",
        ),
    ),
    Case(
        "unknown-game-key",
        _file(
            f"{GAME}/game.toml",
            "minutes = 40",
            "minutes = 40\nduur = 40",
            "{file}:{line2}: unknown key 'duur' in [game]",
        ),
    ),
    Case(
        "layout-unknown-kind",
        _file(
            f"{GAME}/layouts/deck.toml",
            'kind = "pips"',
            'kind = "dots"',
            "{file}:{line}: element 'pips': kind 'dots' is not one of",
        ),
    ),
    Case(
        "layout-outside-safe-zone",
        _file(
            f"{GAME}/layouts/deck.toml",
            "box = [8, 15, 47, 43.5]",
            "box = [1, 15, 47, 43.5]",
            "{file}:{line}: element 'picture': lies outside the 3 mm safe zone",
        ),
    ),
    Case(
        "layout-text-too-small",
        _file(
            f"{GAME}/layouts/deck.toml",
            "size = 7.5\nmin_size = 7",
            "size = 7.5\nmin_size = 6",
            "{file}:{line2}: element 'name-bottom': text sizes are numbers from 7 to 72 pt",
        ),
    ),
    Case(
        "layout-unknown-field",
        _file(
            f"{GAME}/layouts/deck.toml",
            'text = "{name}"',
            'text = "{naam}"',
            "element 'name-top': unknown field {naam}",
        ),
    ),
    Case(
        "layout-ink-low-unknown",
        _file(
            f"{GAME}/layouts/back.toml",
            'ink_low = "only"',
            'ink_low = "light"',
            "{file}:{line}: element 'low-ink-medallion': 'ink_low' must be one of keep, omit, "
            "outline, only",
        ),
    ),
    Case(
        "layout-ink-low-outline-art",
        _file(
            f"{GAME}/layouts/back.toml",
            'ink_low = "only"',
            'ink_low = "outline"',
            "{file}:{line}: element 'low-ink-medallion': 'ink_low = \"outline\"' is for a rect, "
            "pips or text, not kind 'art'",
        ),
    ),
    Case(
        "layout-fill-low-on-a-line",
        _file(
            "cardspecs/stoomboot/layouts/standaard.toml",
            'stroke = "inkt"',
            'stroke = "inkt"\nfill_low = "rood"',
            "{file}:{line2}: element 'top-fold': unknown key 'fill_low' for a line",
        ),
        ("build", "stoomboot"),
    ),
    Case(
        "layout-src-low-unknown-field",
        _file(
            "cardspecs/stoomboot/layouts/plek.toml",
            'src_low = "stoomboot/tegel-{kind}-licht.svg"',
            'src_low = "stoomboot/tegel-{soort}-licht.svg"',
            "element 'picture': unknown field {soort}",
        ),
        ("build", "stoomboot", "--variant", "pepernoot-plekken", "--ink", "low"),
    ),
    Case(
        "layout-missing",
        _file(
            f"{GAME}/game.toml", 'layout = "gift"', 'layout = "cadeau"', "layout 'cadeau' not found"
        ),
    ),
    Case(
        "layout-cycle",
        _file(
            "cardspecs/common/layouts/card-frame.toml",
            'background = "{colour}-licht"',
            'extends = "deck"\nbackground = "{colour}-licht"',
            "layouts extend each other in a circle",
        ),
    ),
    Case(
        "broken-svg",
        _write(
            "art/twaalf-dagen/geschenk.svg",
            "this is not svg",
            "art/twaalf-dagen/geschenk.svg:1: not a well-formed SVG",
        ),
    ),
    Case(
        "template-undefined",
        _file(
            f"{RULEBOOK}/spelregels.j2",
            "{{ game.minutes }} minuten",
            "{{ game.minuten }} minuten",
            "{file}:{line}: template error: 'dict object' has no attribute 'minuten'",
        ),
    ),
    Case(
        "template-syntax",
        _file(
            f"{RULEBOOK}/spelregels.j2",
            "{% block setup %}",
            "{% block setup %",
            "{file}:{line}: template syntax:",
        ),
    ),
    Case(
        "template-sandbox",
        _file(
            f"{RULEBOOK}/spelregels.j2",
            "{{ game.minutes }} minuten",
            "{{ game.__class__.__mro__ }} minuten",
            "{file}:{line}: template error: access to attribute '__class__' of 'dict' object is unsafe",
        ),
    ),
    Case(
        "template-filter-misuse",
        _file(
            f"{RULEBOOK}/spelregels.j2",
            "{{ rules.hand_size|getal }}",
            "{{ rules.hand_size|getal(3) }}",
            "{file}:{line}: template error:",
        ),
    ),
    Case(
        "markup-unknown-directive",
        _file(
            "cardspecs/common/rulebook/basis.j2",
            "::box",
            "::onderdelen",
            "{file}:{line}: unknown directive '::onderdelen'",
        ),
    ),
    Case(
        "template-zero-division",
        _file(
            f"{RULEBOOK}/spelregels.j2",
            "{{ game.minutes }} minuten",
            "{{ game.minutes / 0 }} minuten",
            "{file}:{line}: template error: division by zero",
        ),
    ),
    Case(
        "markup-bare-directive",
        _file(
            "cardspecs/common/rulebook/basis.j2",
            "::gallery",
            "::",
            "{file}:{line}: a directive needs a name after '::'",
        ),
    ),
    Case(
        "markup-unknown-card",
        _file(
            f"{RULEBOOK}/spelregels.j2",
            "{% block setup %}",
            "{% block setup %}\n::cards deck/patrijs deck/nope",
            "{file}:{line2}: '::cards deck/nope': no card 'nope' in deck.csv",
        ),
    ),
    Case(
        "file-name-reserved",
        _file(
            f"{GAME}/game.toml",
            "two_sided = true",
            'file = "spelregels"',
            "{file}:{line}: 'spelregels' is the name of a file the build writes itself",
        ),
    ),
    Case(
        "rulebook-accent",
        _file(
            f"{GAME}/game.toml",
            'accent = "kerstrood"',
            'accent = "paars"',
            "{file}:{line}: 'accent' must name a colour of [colours], not 'paars'",
        ),
    ),
    Case(
        "variant-template-missing",
        _write(
            f"{RULEBOOK}/varianten/kort.j2",
            "{% include 'varianten/lang.j2' %}",
            "template 'varianten/lang.j2' not found",
        ),
        ("build", "twaalf-dagen", "--variant", "kort"),
    ),
    Case(
        "example-json",
        _file(
            f"{GAME}/examples/basis/slag-met-elven.json",
            '"title": "Een slag met vier elven",',
            '"title": "Een slag met vier elven"',
            "{file}:{line2}: not valid JSON: Expecting ',' delimiter",
        ),
    ),
    Case(
        "example-no-longer-replays",
        _file(
            f"{GAME}/examples/basis/slag-met-elven.json",
            '{"dealer": 3}',
            '{"dealer": 3}, {"dealer": 1}',
            "{file}: the pinned game no longer replays",
        ),
    ),
    Case(
        "scoresheet-per-page",
        _file(
            f"{GAME}/game.toml",
            "[rulebook]",
            "[scoresheet]\nper_page = 3\n\n[rulebook]",
            "{file}:{line2}: 'per_page' must be 1, 2 or 4",
        ),
    ),
    Case(
        "scoresheet-column-variant",
        _file(
            f"{GAME}/game.toml",
            "[rulebook]",
            '[scoresheet]\nextra_columns = [{ label = "Bonus", variants = ["lang"] }]\n\n[rulebook]',
            "column 'Bonus' names unknown variant 'lang'",
        ),
    ),
    Case(
        "scoresheet-too-many-rows",
        _file(
            f"{GAME}/game.toml",
            "[rulebook]",
            "[scoresheet]\nrows = 40\nper_page = 4\n\n[rulebook]",
            "{file}: [scoresheet]: 40 rows do not fit",
        ),
    ),
    Case(
        "unknown-variant",
        _nothing("unknown variant 'lang' for twaalf-dagen (known: kort)"),
        ("build", "twaalf-dagen", "--variant", "lang"),
    ),
    Case("unknown-game", _nothing("unknown game 'schaak' (known: "), ("build", "schaak")),
    Case(
        "bad-back-offset",
        _nothing("--back-offset must be X,Y in mm"),
        ("build", "twaalf-dagen", "--back-offset", "2mm"),
    ),
    Case(
        "stoomboot-too-few-pakjes",
        _file(
            "cardspecs/stoomboot/pakjes.csv",
            "p-letter,4,",
            "p-letter,1,",
            "cardspecs/stoomboot/game.toml: ST-D1: the houses want 2 letter pakje(s), "
            "the Pakje deck has 1 card(s) of that kind",
        ),
        ("build", "stoomboot"),
    ),
    Case(
        "stoomboot-unknown-wish",
        _file(
            "cardspecs/stoomboot/huizen.csv",
            "Amsterdam,letter,",
            "Amsterdam,speculaas,",
            "{file}:{line}: column 'want1': 'speculaas' is not one of",
        ),
        ("build", "stoomboot"),
    ),
    Case(
        "stoomboot-too-few-pieten",
        _file(
            "cardspecs/stoomboot/pieten.csv",
            "piet-paars,1,",
            "piet-paars,0,",
            "cardspecs/stoomboot/game.toml: pieten.csv: 5 Piet pawns for up to 6 players",
        ),
        ("build", "stoomboot", "--variant", "rebelse-pietjes"),
    ),
    Case(
        "stoomboot-seed-without-map-sheet",
        _nothing("--seed only applies with --map-sheet"),
        ("build", "stoomboot", "--seed", "4"),
    ),
    Case(
        "ink-unknown",
        _nothing("--ink 'weinig' is not one of 'normal', 'low'"),
        ("build", "twaalf-dagen", "--ink", "weinig"),
    ),
    Case(
        "offset-without-duplex",
        _nothing("--back-offset only applies to --backs long-edge or short-edge"),
        ("build", "twaalf-dagen", "--backs", "gutterfold", "--back-offset", "1,1"),
    ),
]


def _expected(case: Case, root: Path) -> str:
    message = case.mutate(root)
    if "{line2}" in message:  # the edit added a line; the error is on the second one
        relative = message.split(":", 1)[0]
        text = (root / relative).read_text(encoding="utf-8").splitlines()
        marker = {
            "unknown-game-key": "duur = 40",
            "example-json": '  "kind": "trick",',
            "scoresheet-per-page": "per_page = 3",
            "markup-unknown-card": "::cards deck/patrijs deck/nope",
            "layout-fill-low-on-a-line": 'fill_low = "rood"',
        }.get(case.id, "min_size = 6")
        message = message.replace("{line2}", str(text.index(marker) + 1))
    return message


SPEC_CASES = [c for c in CASES if c.args == ("build", "twaalf-dagen")]
RUNS = [(c, "build") for c in CASES] + [(c, "check") for c in SPEC_CASES]


@pytest.mark.parametrize(("case", "command"), RUNS, ids=[f"{cmd}-{c.id}" for c, cmd in RUNS])
def test_bad_input_gives_one_located_line_and_exit_2(
    case: Case, command: str, project_copy: Path, tmp_path: Path
) -> None:
    expected = _expected(case, project_copy)
    out = tmp_path / "out"
    args = ["check", "twaalf-dagen"] if command == "check" else [*case.args, "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert any(expected in line for line in lines), f"{expected!r} not in {lines}"
    assert all(line.startswith("error: ") for line in lines)
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.rglob("*")), "nothing written"


def test_the_installed_entry_point_exits_2_without_a_traceback(
    project_copy: Path, tmp_path: Path
) -> None:
    edit(project_copy, GAME / "deck.csv", ",lavendel,", ",paars,")
    done = subprocess.run(
        [sys.executable, "-m", "pnp", "build", "twaalf-dagen", "--out", str(tmp_path / "o")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith(
        "error: cardspecs/twaalf-dagen/deck.csv:3: column 'colour': 'paars'"
    )
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "o").exists()
