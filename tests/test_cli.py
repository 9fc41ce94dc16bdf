"""The command line: list, check, calibrate, and ``python -m pnp``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.examples import game_examples
from pnp.project import load_game
from pnp.sheets.imposition import BackMode
from pnp.spec.sizes import PAPERS
from tests.pdfinspect import MM, read_page


def test_list_shows_games_variants_and_components_from_the_tables() -> None:
    result = CliRunner().invoke(app, ["list"])
    assert result.exit_code == 0
    assert "twaalf-dagen — 12 Dagen van Kerstmis (2–8 spelers" in result.stdout
    assert "deck" in result.stdout and " 78 × poker 63×88 mm" in result.stdout
    assert "gifts" in result.stdout and " 12 × poker" in result.stdout
    assert "kort" in result.stdout and "Kort spel" in result.stdout


def test_check_passes_on_the_shipped_tables() -> None:
    result = CliRunner().invoke(app, ["check", "twaalf-dagen"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("twaalf-dagen: OK — 3 components, 98 cards, 1 variants")


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
    rows = [line for line in result.output.splitlines() if "spelers" in line]
    # label, then the games played per setting, the win rate and the mean rounds
    assert len(rows) == 11
    assert all(line.split("spelers", 1)[1].split()[0] == "1" for line in rows)
    refused = CliRunner().invoke(app, ["study", "twaalf-dagen"])
    assert refused.exit_code == 2
    assert refused.output.strip().splitlines() == [
        "error: twaalf-dagen has no study (games with one: sinterklaas, stoomboot)"
    ]


def test_pin_finds_a_stale_pinned_example_and_rewrites_it(project_copy: Path) -> None:
    """``pnp pin`` compares a fresh search with the pinned files; ``--update`` rewrites them."""
    assert CliRunner().invoke(app, ["pin", "santoska"]).exit_code == 0
    pinned = sorted((project_copy / "cardspecs" / "santoska" / "examples").glob("*.json"))
    original = pinned[0].read_text(encoding="utf-8")
    pinned[0].write_text(original.replace('"seed": ', '"seed": 1'), encoding="utf-8")
    stale = CliRunner().invoke(app, ["pin", "santoska"])
    assert stale.exit_code == 1
    assert f"{pinned[0].name}: differs from a fresh search" in stale.output
    assert pinned[0].read_text(encoding="utf-8") != original
    updated = CliRunner().invoke(app, ["pin", "santoska", "--update"])
    assert (
        updated.exit_code == 0
        and f"wrote cardspecs/santoska/examples/{pinned[0].name}" in updated.output
    )
    assert pinned[0].read_text(encoding="utf-8") == original
