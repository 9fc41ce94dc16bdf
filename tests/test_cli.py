"""The command line: list, check, calibrate, build all, option errors, --quiet, colour and
``python -m pnp``."""

from __future__ import annotations

import io
import json
import math
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from pypdf import PdfReader
from rich.console import Console
from typer.testing import CliRunner

import pnp.cli
import pnp.cli.console
from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError, Problem
from pnp.catalog import registry
from pnp.catalog.project import load_game
from pnp.catalog.registry import games
from pnp.cli import app
from pnp.cli.console import stderr_console
from pnp.kit.build import BuildOptions, BuildResult, ProgressCallback, check_options
from pnp.kit.examples import game_examples
from pnp.spec.sizes import PAPERS
from tests.cli_run import run_pnp
from tests.pdfinspect import MM, read_page
from tests.terminal import on_a_terminal


@pytest.fixture(autouse=True)
def _own_config_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No user pnp.toml: the user's config folder is an empty temporary one."""
    monkeypatch.setenv("PNP_CONFIG_DIR", str(tmp_path / "config"))


def _pnp(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m pnp ARGS`` with the test's environment plus ``env``."""
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **env},
    )


def test_list_shows_games_variants_and_components_from_the_tables() -> None:
    result = CliRunner().invoke(app, ["list"])
    assert result.exit_code == 0
    assert "twaalf-dagen — 12 Dagen van Kerstmis (2–8 players" in result.stdout
    assert "deck" in result.stdout and " 78 × poker 63×88 mm" in result.stdout
    assert "gifts" in result.stdout and " 12 × poker" in result.stdout
    assert "kort" in result.stdout and "Kort spel" in result.stdout


def test_check_passes_on_the_shipped_tables() -> None:
    result = CliRunner().invoke(app, ["check", "twaalf-dagen"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("twaalf-dagen: OK — 3 components, 98 cards, 1 variant,")


def test_python_dash_m_pnp_builds(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pnp",
            "build",
            "twaalf-dagen",
            "--paper",
            "letter",
            "--backs",
            "none",
            "--out",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"wrote {tmp_path / 'twaalf-dagen' / 'kaarten.pdf'}" in done.stdout
    reader = PdfReader(tmp_path / "twaalf-dagen" / "kaarten.pdf")
    # Ten sheets of cards without back pages, then the aids' sheet and the page of their
    # second sides (the aid is two-sided).
    assert len(reader.pages) == 12, "no back pages with --backs none"


@pytest.mark.parametrize("backs", [BackMode.LONG_EDGE, BackMode.SHORT_EDGE])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_grids_sit_exactly_behind_the_front_dots(
    tmp_path: Path, paper: str, backs: BackMode
) -> None:
    result = CliRunner().invoke(
        app, ["calibrate", "--paper", paper, "--backs", backs.value, "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / f"calibratie-{paper}-{backs.value}.pdf")
    assert len(reader.pages) == 2
    width, height = PAPERS[paper].width, PAPERS[paper].height
    front = read_page(reader, 0).segments
    back = read_page(reader, 1).segments
    # Dots: the centres of the front's crosshairs (pairs of short horizontal arms).
    arms = [s for s in front if abs(s.y1 - s.y2) < 1e-6 and abs(abs(s.x2 - s.x1) / MM - 3) < 0.01]
    by_row: dict[float, list[float]] = {}
    for arm in arms:
        by_row.setdefault(round(arm.y1 / MM, 3), []).extend([arm.x1 / MM, arm.x2 / MM])
    centres = sorted((sum(xs) / len(xs), y) for y, xs in by_row.items())
    # Zero squares on the back: the red lines at +-0.5 mm around each grid centre.
    thick = [s for s in back if s.width > 0.4 and abs(s.x1 - s.x2) < 1e-6]
    xs = sorted({round(s.x1 / MM, 3) for s in thick})
    ys = sorted({round(s.y1 / MM, 3) for s in back if s.width > 0.4 and abs(s.y1 - s.y2) < 1e-6})
    for x, y in centres:
        bx = width - x if backs is BackMode.LONG_EDGE else x
        by = y if backs is BackMode.LONG_EDGE else height - y
        assert any(abs(v - (bx - 0.5)) < 0.01 for v in xs), (x, bx, xs)
        assert any(abs(v - (bx + 0.5)) < 0.01 for v in xs)
        assert any(abs(v - (by - 0.5)) < 0.01 for v in ys)
    assert len(centres) == 3


def test_simulate_prints_the_same_summary_whatever_the_number_of_jobs() -> None:
    args = ["simulate", "twaalf-dagen", "--players", "3", "--games", "40", "--seed", "11"]
    one = CliRunner().invoke(app, [*args, "--jobs", "1"])
    two = CliRunner().invoke(app, [*args, "--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout
    assert "hands_per_game" in one.stdout and "win share per seat" in one.stdout


def test_simulate_help_names_the_policy_it_plays_by_default() -> None:
    """Without --policy every seat plays the default policy, and the help says which."""
    from pnp.kit.simulation import DEFAULT_POLICY

    help_text = " ".join(CliRunner().invoke(app, ["simulate", "--help"]).stdout.split())
    assert f"default {DEFAULT_POLICY}" in help_text
    result = CliRunner().invoke(app, ["simulate", "twaalf-dagen", "--games", "3"])
    assert result.exit_code == 0, result.output
    assert f"policies: {', '.join([DEFAULT_POLICY] * 4)}" in result.stdout


def test_simulate_kort_plays_three_hands() -> None:
    result = CliRunner().invoke(
        app, ["simulate", "twaalf-dagen", "--players", "5", "--games", "20", "--variant", "kort"]
    )
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if line.startswith("hands_per_game"))
    assert row.split()[1:4] == ["3.000", "3", "3"]  # TD-K1


def test_simulate_refuses_a_player_count_the_game_does_not_support() -> None:
    result = CliRunner().invoke(app, ["simulate", "twaalf-dagen", "--players", "9"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: 12 Dagen van Kerstmis is for 2 to 8 players, not 9"


def test_examples_prints_every_example_with_its_source() -> None:
    spec = load_game("twaalf-dagen").spec
    for args, chosen in (([], ()), (["--variant", "kort"], ("kort",))):
        result = CliRunner().invoke(app, ["examples", "twaalf-dagen", *args])
        assert result.exit_code == 0, result.output
        examples = game_examples(spec, chosen)
        assert result.stdout.startswith(f"twaalf-dagen: {len(examples)} rulebook examples")
        for number, example in enumerate(examples, start=1):
            assert f"{number}. {example.title}\n   bron: {example.source}\n" in result.stdout
            for step in example.steps:
                marker = "»" if step.automatic else "-"
                first_words = " ".join(step.text.split()[:4])
                assert f"   {marker} {first_words}" in result.stdout
    short = CliRunner().invoke(app, ["examples", "twaalf-dagen", "--variant", "kort"]).stdout
    base = CliRunner().invoke(app, ["examples", "twaalf-dagen"]).stdout
    assert "Het einde van een kort spel" in short and "Het einde van een kort spel" not in base
    assert "[4× Fluitspelers]" in base.replace("\n     ", " ")


def test_examples_refuses_an_unknown_variant() -> None:
    result = CliRunner().invoke(app, ["examples", "twaalf-dagen", "--variant", "lang"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: unknown variant 'lang' for twaalf-dagen (known: kort)"


def test_study_runs_a_games_measurement_and_refuses_a_game_without_one() -> None:
    """``pnp study`` plays the study on the spec tables; a game without one is one clear line."""
    result = CliRunner().invoke(app, ["study", "stoomboot", "--games", "1", "--jobs", "1"])
    assert result.exit_code in (0, 1), result.output
    rows = [line for line in result.output.splitlines() if " players " in line]
    # label, then the games played per setting, the win rate and the mean rounds
    assert len(rows) == 11
    assert all(line.split(" players ", 1)[1].split()[0] == "1" for line in rows)
    refused = CliRunner().invoke(app, ["study", "twaalf-dagen"])
    assert refused.exit_code == 2
    assert refused.output.strip().splitlines() == [
        "error: twaalf-dagen has no study (games with one: sinterklaas, stoomboot)"
    ]


@pytest.mark.slow  # two searches of santoska's lacking kits
def test_pin_finds_a_kit_lacking_an_example_and_pins_it_again(project_copy: Path) -> None:
    """``pnp pin`` checks every kit people build and exits 1 naming a record a kit lacks;
    ``--update`` searches it again and writes the same file."""
    checked = CliRunner().invoke(app, ["pin", "santoska"])
    assert checked.exit_code == 0 and "examples hold under their rules" in checked.stdout
    path = project_copy / "cardspecs" / "santoska" / "examples" / "rijen-4" / "precies-honderd.json"
    original = path.read_text(encoding="utf-8")
    data = json.loads(original)
    data["actions"].pop()  # the record now stops before its example ends
    path.write_text(json.dumps(data), encoding="utf-8")
    stale = CliRunner().invoke(app, ["pin", "santoska"])
    assert stale.exit_code == 1
    assert "rijen-4/precies-honderd.json: the kit lacks this example" in stale.output
    updated = CliRunner().invoke(app, ["pin", "santoska", "--update", "--jobs", "1"])
    assert updated.exit_code == 0, updated.output
    assert "wrote cardspecs/santoska/examples/rijen-4/precies-honderd.json" in updated.output
    assert path.read_text(encoding="utf-8") == original


BAD_OPTIONS = [
    (("--paper", "a5"), "error: --paper 'a5' is not one of 'a4', 'letter'."),
    (
        ("--backs", "duplex"),
        "error: --backs 'duplex' is not one of 'long-edge', 'short-edge', 'gutterfold', 'none'.",
    ),
    (
        ("--back-offset", "nan,0"),
        "error: --back-offset must be X,Y in mm (e.g. 1.5,-0.5), not 'nan,0'",
    ),
    (
        ("--back-offset=-inf,1",),
        "error: --back-offset must be X,Y in mm (e.g. 1.5,-0.5), not '-inf,1'",
    ),
    (
        ("--back-offset", "1,20.5"),
        "error: --back-offset must be within 20 mm in each direction, not '1,20.5'",
    ),
    (
        ("--back-offset", "1,2,3"),
        "error: --back-offset must be X,Y in mm (e.g. 1.5,-0.5), not '1,2,3'",
    ),
    (("--papr", "a4"), "error: No such option: --papr (Possible options: --paper, --proof)"),
]


IN_A_PROCESS = {("--paper", "a5"), ("--papr", "a4")}
"""The bad options also tried in a ``python -m pnp`` process of their own (the rest in-process)."""


@pytest.mark.parametrize(("args", "line"), BAD_OPTIONS, ids=[" ".join(a) for a, _ in BAD_OPTIONS])
def test_a_bad_option_is_one_line_and_exit_2(
    tmp_path: Path, args: tuple[str, ...], line: str
) -> None:
    command = ("build", "twaalf-dagen", *args, "--out", str(tmp_path / "out"))
    done = _pnp(*command) if args in IN_A_PROCESS else run_pnp(*command)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [line]
    assert done.stdout == ""
    assert not (tmp_path / "out").exists()


def test_help_lists_the_choices() -> None:
    done = run_pnp("build", "--help", COLUMNS="200", NO_COLOR="1")
    assert done.returncode == 0, done.stderr
    assert " a4|letter " in done.stdout
    assert " long-edge|short-edge|gutterfold|none " in done.stdout
    assert "--back-offset" in done.stdout and "--quiet" in done.stdout
    calibrate = run_pnp("calibrate", "--help", COLUMNS="200", NO_COLOR="1")
    assert "--save" in calibrate.stdout and " a4|letter " in calibrate.stdout


@pytest.mark.parametrize("offset", [(math.nan, 0.0), (0.0, math.inf), (-math.inf, 1.0)])
def test_the_library_refuses_a_back_offset_that_is_not_finite(
    offset: tuple[float, float],
) -> None:
    with pytest.raises(PnpError, match="finite"):
        check_options(BuildOptions(back_offset=offset))
    with pytest.raises(PnpError, match="20 mm"):
        check_options(BuildOptions(back_offset=(20.5, 0.0)))


def test_quiet_still_prints_errors(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["build", "twaalf-dagen", "-q", "--variant", "lang", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "error: unknown variant 'lang' for twaalf-dagen (known: kort)\n"


def _on_a_terminal(args: Sequence[str], **env: str) -> tuple[int, str, str]:
    """Run ``python -m pnp`` with stderr on a pseudo-terminal: (status, stdout, terminal text)."""
    status, stdout, terminal = on_a_terminal(args, **env)
    return status, stdout, terminal.decode()


def _colour_codes(text: str) -> list[str]:
    """The SGR sequences of ``text`` that set a colour (foreground or background)."""
    return [
        code
        for code in re.findall(r"\x1b\[([0-9;]*)m", text)
        if any(p.startswith(("3", "4", "9")) for p in code.split(";") if p)
    ]


def test_progress_and_colour_on_a_terminal_only_and_never_with_no_color() -> None:
    args = ["simulate", "twaalf-dagen", "--players", "3", "--games", "30"]
    status, stdout, terminal = _on_a_terminal(args)
    assert status == 0
    assert "twaalf-dagen: games" in terminal and "30/30" in terminal
    assert _colour_codes(terminal), "colours on a terminal"
    assert "hands_per_game" in stdout
    status, _, plain = _on_a_terminal(args, NO_COLOR="1")
    assert status == 0
    assert "30/30" in plain, "still a progress display"
    assert _colour_codes(plain) == []
    status, _, quiet = _on_a_terminal([*args, "--quiet"])
    assert status == 0 and "twaalf-dagen: games" not in quiet
    piped = run_pnp(*args)
    assert piped.returncode == 0 and piped.stderr == "", "no progress when stderr is not a terminal"


def test_the_console_honours_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert stderr_console(force_terminal=True).no_color
    monkeypatch.setenv("NO_COLOR", "")
    assert not stderr_console(force_terminal=True).no_color


def test_build_all_shows_every_game_and_goes_on_after_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pnp build all``: one overall bar, each game's own bars, a failure as one line."""
    screen = io.StringIO()
    monkeypatch.setattr(
        pnp.cli.console,  # the command line imports it when a command runs
        "stderr_console",
        lambda: Console(file=screen, force_terminal=True, width=100, no_color=True),
    )
    built: list[str] = []

    def fake_build(
        game_id: str,
        variants: Sequence[str],
        options: BuildOptions,
        progress: ProgressCallback | None = None,
        force: bool = False,
        jobs: int = 1,
    ) -> BuildResult:
        assert progress is not None
        progress(f"{game_id}: kaarten.pdf", 3, 3)
        if game_id == "stoomboot":
            problems = [Problem(None, None, None, "the map is wet"), Problem(None, None, None, "x")]
            raise PnpError(problems)
        built.append(game_id)
        folder = options.out_dir / game_id
        folder.mkdir(parents=True)
        (folder / "kaarten.pdf").write_bytes(b"%PDF")
        return BuildResult(game_id, (), folder, [folder / "kaarten.pdf"], {})

    monkeypatch.setattr("pnp.kit.build.build", fake_build)  # the command imports it when it runs
    result = CliRunner().invoke(app, ["build", "all", "--out", str(tmp_path)])
    assert result.exit_code == 2
    others = [game_id for game_id in games() if game_id != "stoomboot"]
    assert built == others
    assert result.stderr.splitlines() == [
        "error: stoomboot: the map is wet (and 1 more: pnp check stoomboot)",
        f"error: built {len(others)} of {len(games())} games; failed: stoomboot",
    ]
    for game_id in others:
        assert f"  wrote {tmp_path / game_id / 'kaarten.pdf'} (4 bytes)" in result.stdout
    shown = screen.getvalue()
    assert re.search(r"all games\s.*\s4/4", shown)
    for game_id in games():
        assert re.search(rf"{game_id}: kaarten.pdf\s.*\s3/3", shown)
    built.clear()
    quiet = CliRunner().invoke(app, ["build", "all", "-q", "--out", str(tmp_path / "q")])
    assert quiet.exit_code == 2 and quiet.stdout == "" and len(quiet.stderr.splitlines()) == 2


def test_build_all_builds_the_other_games_when_one_is_broken(project_copy: Path) -> None:
    deck = project_copy / "cardspecs" / "twaalf-dagen" / "deck.csv"
    deck.write_text(deck.read_text(encoding="utf-8").replace(",lavendel,", ",paars,", 1))
    done = run_pnp("build", "all", "--out", "out")
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 2, lines
    assert lines[0].startswith("error: twaalf-dagen: cardspecs/twaalf-dagen/deck.csv:3: ")
    assert lines[1] == "error: built 3 of 4 games; failed: twaalf-dagen"
    for game_id in ("santoska", "sinterklaas", "stoomboot"):
        assert (Path("out") / game_id / "kaarten.pdf").is_file()
    assert not (Path("out") / "twaalf-dagen").exists()
    assert done.stdout.splitlines()[0].startswith("settings: paper a4 (default)")


def test_build_all_takes_no_variant(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["build", "all", "--variant", "kort", "-q", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert result.stderr == "error: --variant needs one game, not 'all'\n"


def test_the_command_line_starts_without_the_heavy_libraries() -> None:
    """``pnp --help``, ``--version`` and shell completion answer at once: importing the CLI
    loads neither the build (ReportLab, svglib, pypdf, the games) nor the settings' TOML
    writer; each command imports what it runs when it runs."""
    heavy = ["reportlab", "svglib", "pypdf", "pnp.kit.build", "pnp.games", "tomlkit", "jinja2"]
    probe = f"import sys, pnp.cli; print(sorted(m for m in {heavy!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


RENDERING: tuple[str, ...] = (
    *("reportlab", "svglib", "pypdf", "PIL", "pyphen", "jinja2", "fontTools", "tomlkit"),
    *("pnp.kit.build", "pnp.draw", "pnp.layout", "pnp.engine", "pnp.rulebook", "pnp.story"),
    *("pnp.sheets", "pnp.catalog.project", "pnp.kit.examples", "pnp.games."),
)
"""Modules (and packages, by prefix) that only rendering a kit needs (``pnp.kit.build`` also
matches ``pnp.kit.build_options``, which is not one of them: see :func:`_matching_modules`)."""
TYPER_EXTRAS = ("pydantic", "markdown_it", "pygments", "attr", "rich.markdown", "rich.traceback")
"""What typer would import for converting option values (pydantic) and for help in Markdown
and pretty tracebacks: pnp answers without them."""


def test_pnp_list_reads_the_tables_without_engines_or_drawing() -> None:
    """``pnp list`` answers at once: it reads the spec tables and imports no game's engine,
    no layout, art or PDF library, no pydantic, no console; the listing it prints is the whole
    one."""
    heavy: tuple[str, ...] = (
        *("reportlab", "svglib", "pypdf", "jinja2", "tomlkit", "pnp.kit.build", "pnp.draw"),
        *("pnp.layout", "pnp.engine", "pnp.rulebook", "pnp.story", "pnp.catalog.project"),
        *(*TYPER_EXTRAS, "rich", "pnp.cli.console", "pnp.kit.settings"),
    )
    probe = (
        "import sys\n"
        "from pnp.cli import app\n"
        "app(['list'], standalone_mode=False)\n"
        f"heavy = {heavy!r}\n"
        "loaded = [m for m in sys.modules if m.startswith(heavy)"
        " or m.startswith('pnp.games.') and m.count('.') > 2]\n"
        "print(sorted(loaded), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stderr.strip() == "[]"
    assert done.stdout == CliRunner().invoke(app, ["list"]).stdout
    for game_id in games():
        assert f"\n{game_id} — " in f"\n{done.stdout}"
    assert "[no engine]" not in done.stdout


def _loaded_by(*args: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """Run ``pnp ARGS`` in a fresh interpreter; its output and the modules it imported."""
    probe = (
        "import sys\n"
        "from pnp.cli import main\n"
        "sys.argv = ['pnp', *sys.argv[1:]]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('modules:', *sorted(sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *args], capture_output=True, text=True, check=True
    )
    last = done.stderr.splitlines()[-1]
    assert last.startswith("modules: ")
    return done, last.split()[1:]


def _matching_modules(loaded: list[str], prefixes: tuple[str, ...]) -> list[str]:
    """The modules of ``loaded`` that start with one of ``prefixes`` (but pnp.kit.build_options)."""
    return [m for m in loaded if m.startswith(prefixes) and m != "pnp.kit.build_options"]


@pytest.mark.parametrize("args", [("--help",), ("build", "--help"), ()], ids=repr)
def test_help_answers_without_the_build_the_settings_or_typer_extras(
    args: tuple[str, ...],
) -> None:
    """``pnp --help`` (and a command's help) imports neither rendering, nor the settings and
    spec model, nor pydantic and the rich modules only Markdown help and tracebacks need."""
    done, loaded = _loaded_by(*args)
    assert "Usage: pnp" in done.stdout
    light = (
        "pnp.kit.settings",
        "pnp.spec",
        "pnp.kit.catalogue",
        "pnp.catalog.registry",
        "pnp.cli.console",
    )
    assert _matching_modules(loaded, RENDERING + TYPER_EXTRAS + light) == []


def test_the_help_is_the_one_typer_draws_with_every_rich_module() -> None:
    """The help drawn without rich's Markdown and traceback modules has the same bytes as the
    help drawn with them imported beforehand (colour on, one width)."""
    env = {**os.environ, "COLUMNS": "100", "FORCE_COLOR": "1"}
    env.pop("NO_COLOR", None)
    for args in (["--help"], ["build", "--help"], ["simulate", "--help"]):
        quick = subprocess.run(
            [sys.executable, "-m", "pnp", *args], capture_output=True, text=True, env=env
        )
        probe = "import rich.markdown, rich.traceback\nfrom pnp.cli import main\nmain()\n"
        full = subprocess.run(
            [sys.executable, "-c", probe, *args], capture_output=True, text=True, env=env
        )
        assert quick.returncode == full.returncode == 0
        assert "\x1b[" in quick.stdout, "colour is on"
        assert quick.stdout == full.stdout


def test_an_up_to_date_kit_is_told_without_rendering_modules(tmp_path: Path) -> None:
    """A second ``pnp build`` of an unchanged kit reads the build record and stops: it imports
    no rendering library, no game, no spec model, no progress display and no pydantic."""
    out = tmp_path / "out"
    first = CliRunner().invoke(app, ["build", "twaalf-dagen", "-q", "--out", str(out)])
    assert first.exit_code == 0, first.output
    done, loaded = _loaded_by("build", "twaalf-dagen", "--out", str(out))
    assert "twaalf-dagen: up to date" in done.stdout
    heavy = (
        RENDERING + TYPER_EXTRAS + ("rich", "pnp.cli.console", "pnp.catalog.registry", "pnp.games")
    )
    heavy += (
        "pnp.spec.model",
        "pnp.spec.loader",
        "pnp.catalog.locate",
    )  # the kit's record suffices
    assert _matching_modules(loaded, heavy) == []


def test_the_registered_ids_are_known_without_importing_a_game() -> None:
    """The ids ``pnp list`` and completion use without importing the games are the ids the
    loaded games declare."""
    assert registry.game_ids() == list(games()) == sorted(games())
    assert registry.bundled_ids() == [g.id for g in games().values() if g.data_root is None]
