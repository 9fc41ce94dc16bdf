"""``pnp study GAME --report``: the verdicts on seeded synthetic games whose answer is known,
the charts' bars and columns read back from the PDF's drawing where the figures put them,
a real report of every game (pages, margins, the 7 pt floor, the same bytes for the same
seed), and the guards of ``--write``."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.lib.colors import Color

from pnp import api
from pnp.base.errors import PnpError
from pnp.base.stats import Histogram, share
from pnp.base.units import mm
from pnp.catalog.project import load_game
from pnp.catalog.registry import games
from pnp.engine.balance import BalanceRun, Played, SettingKey
from pnp.engine.simulate import GameOutcome
from pnp.kit.balance import ReportComposer, ReportPlan
from pnp.report.charts import BAR, COLUMN, Frame, draw_bars, draw_spread
from pnp.report.model import Bar, Bars, Spread
from pnp.report.pages import CHART_HEIGHT
from pnp.sheets.pdf import new_canvas
from tests.pdfinspect import read_page
from tests.pdftext import page_texts

REPORTED = [g.id for g in games().values() if g.balance is not None]


def _rgb(colour: Color) -> tuple[float, float, float]:
    return (colour.red, colour.green, colour.blue)


def _filled(reader: PdfReader, index: int, colour: Color) -> list[tuple[float, ...]]:
    """The boxes (x, y, w, h) of the paths filled with ``colour`` on a page, left to right."""
    want = _rgb(colour)
    boxes = [
        f.box
        for f in read_page(reader, index).fills
        if f.colour is not None
        and all(abs(a - b) < 0.01 for a, b in zip(f.colour, want, strict=True))
    ]
    return sorted(boxes)


# --- the verdicts, on synthetic games with a known answer -----------------------------------


def _outcome(index: int, rounds: float, points: float, rng: random.Random) -> GameOutcome:
    ends = [float(rng.random() < 0.3) for _ in range(int(rounds))]
    metrics = {
        "rounds_per_game": [rounds],
        "one_left": ends,
        "showdown_won": [1.0 - e for e in ends],
        "no_winner": [0.0] * int(rounds),
        "winner_points": [points],
    }
    return GameOutcome(index, int(rounds) * 20, (index % 4,), metrics)


def _synthetic_run() -> tuple[ReportPlan, BalanceRun]:
    """Sinterklaas-shaped games: the base game; meer-pakjes exactly two rounds longer game by
    game (a known change); remise the very same games as the base game (no change)."""
    rng = random.Random(5)
    luck = [(rng.randint(4, 14), rng.gauss(18, 6)) for _ in range(200)]
    heuristic = ("heuristic",) * 4

    def played(variants: tuple[str, ...], extra: int) -> Played:
        draw = random.Random(9)  # the same deals for every setting, as on the same seeds
        outcomes = [_outcome(i, r + extra, p, draw) for i, (r, p) in enumerate(luck)]
        key = SettingKey(4, variants, heuristic)
        return Played(key, tuple(outcomes))

    runs = [played((), 0), played(("meer-pakjes",), 2), played(("remise",), 0)]
    plan = ReportPlan(
        (4,), 4, (("meer-pakjes", ("meer-pakjes",)), ("remise", ("remise",))), ("heuristic",)
    )
    return plan, BalanceRun("sinterklaas", 200, 0, {p.key: p for p in runs})


def test_a_verdict_is_said_only_where_the_interval_leaves_out_zero() -> None:
    spec = load_game("sinterklaas").spec
    measures = games()["sinterklaas"].balance
    assert measures is not None
    plan, run = _synthetic_run()
    report = ReportComposer(spec, measures, plan, run).report()
    longer, same = report.changes
    assert longer.label == "Meer pakjes" and same.label == "Remiseregel"
    rounds = longer.changes[0]
    assert rounds.change.value == pytest.approx(2.0) and rounds.said
    assert rounds.text == "+2 ±\u00a00"
    assert [row.said for row in longer.changes[1:]] == [False] * (len(longer.changes) - 1)
    assert len(longer.verdicts) == 1 and "in plaats van" in longer.verdicts[0]
    assert not any(row.said for row in same.changes) and same.verdicts == ()
    assert same.changes[0].text == "0 ±\u00a00", "no sign on a change of nothing"
    assert any(f.startswith("Meer pakjes — rondes per spel:") for f in report.findings)
    said = longer.verdicts[0]
    assert said.startswith("Rondes per spel: ") and said.endswith(" (+2 ±\u00a00).")
    means = [
        float(n.replace(",", "."))
        for n in said.split(": ")[1].split(" (")[0].split(" in plaats van ")
    ]
    assert means[0] - means[1] == pytest.approx(2.0, abs=0.05)
    assert not any(f.startswith("Remiseregel") for f in report.findings)


# --- the charts, read back from the drawing -------------------------------------------------


def test_bars_and_their_intervals_stand_where_the_figures_say(tmp_path: Path) -> None:
    out = io.BytesIO()
    canvas = new_canvas(out, 100, 80, "bars", "test")
    frame = Frame(mm(15), mm(20), mm(70), mm(40))
    values = [share(30, 100), share(50, 100), share(10, 100)]
    chart = Bars("t", tuple(Bar(str(i + 1), v) for i, v in enumerate(values)), 0.6, 0.25, "fair")
    draw_bars(canvas, frame, chart, ",")
    canvas.showPage()
    canvas.save()
    reader = PdfReader(io.BytesIO(out.getvalue()))
    bars = _filled(reader, 0, BAR)
    assert len(bars) == 3
    for (_, y, _, h), value in zip(bars, values, strict=True):
        assert y == pytest.approx(frame.y, abs=0.05)
        assert h == pytest.approx(frame.height * value.value / 0.6, abs=0.05)
    page = read_page(reader, 0)
    for (x, _, w, _), value in zip(bars, values, strict=True):
        centre = x + w / 2
        upright = [
            s for s in page.segments if abs(s.x1 - centre) < 0.05 and abs(s.x2 - centre) < 0.05
        ]
        low = frame.y_of(value.low, 0.6)
        high = frame.y_of(value.high, 0.6)
        assert any(
            abs(min(s.y1, s.y2) - low) < 0.05 and abs(max(s.y1, s.y2) - high) < 0.05
            for s in upright
        ), "the interval's line runs from its low to its high end"
    fair = frame.y_of(0.25, 0.6)
    across = [s for s in page.segments if abs(s.y1 - fair) < 0.05 and abs(s.y2 - fair) < 0.05]
    assert any(abs(s.x2 - s.x1 - frame.width) < 0.05 for s in across), "the fair share's line"


def test_a_histograms_columns_are_the_share_of_games_in_each_bin() -> None:
    out = io.BytesIO()
    canvas = new_canvas(out, 100, 80, "spread", "test")
    frame = Frame(mm(15), mm(25), mm(70), mm(40))
    counts = (2, 6, 10, 0, 2)
    chart = Spread("t", Histogram(5, 1, counts), 7.0, 6.0, 8.0, "caption")
    draw_spread(canvas, frame, chart, ",")
    canvas.showPage()
    canvas.save()
    reader = PdfReader(io.BytesIO(out.getvalue()))
    columns = _filled(reader, 0, COLUMN)
    assert len(columns) == 4, "an empty bin draws no column"
    top = 0.5  # the tallest column is half the games: a scale to 50 %
    shown = [c for c in counts if c]
    for (_, y, _, h), count in zip(columns, shown, strict=True):
        assert y == pytest.approx(frame.y, abs=0.05)
        assert h == pytest.approx(frame.height * count / sum(counts) / top, abs=0.05)
    page = read_page(reader, 0)
    median_x = frame.x + (7.0 - 5 + 0.5) * frame.width / len(counts)
    assert any(abs(s.x1 - median_x) < 0.05 and abs(s.x2 - median_x) < 0.05 for s in page.segments)


# --- a real report ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("reports")
    made = {}
    for game in REPORTED:
        players = (3, 4)
        made[game] = api.balance_report(game, players=players, games=12, jobs=1, out=out)
    return made


@pytest.mark.parametrize("game", REPORTED)
def test_a_report_of_every_game_reads_well_on_paper(reports: dict[str, Any], game: str) -> None:
    made = reports[game]
    reader = PdfReader(made.path)
    assert made.path.name == "balans.pdf" and len(reader.pages) >= 2
    inside = mm(5)
    words = 0
    for index, page in enumerate(reader.pages):
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        content = read_page(reader, index)
        for run in content.texts:
            if not run.text.strip():
                continue
            words += 1
            assert run.size >= 7 - 1e-6, f"page {index + 1}: {run.text!r} at {run.size} pt"
            assert inside <= run.x <= width - inside and inside <= run.y <= height - inside
        for fill in content.fills:
            x, y, w, h = fill.box
            assert (
                x >= inside and y >= inside and x + w <= width - inside and y + h <= height - inside
            )
        for line in content.segments:
            for px, py in ((line.x1, line.y1), (line.x2, line.y2)):
                assert inside <= px <= width - inside and inside <= py <= height - inside
    assert words > 50
    text = " ".join(page_texts(reader))
    assert made.report.title in text and "Wat je moet weten" in text


@pytest.mark.parametrize("game", REPORTED)
def test_the_seat_bars_of_a_report_are_its_win_rates(reports: dict[str, Any], game: str) -> None:
    made = reports[game]
    reader = PdfReader(made.path)
    first = made.report.counts[0].charts[0]
    assert isinstance(first, Bars)
    heading = made.report.counts[0].heading
    page = next(i for i, text in enumerate(page_texts(reader)) if heading in text)
    bars = _filled(reader, page, BAR)
    if first.across:  # a cooperative game: the outcomes lie across, one under another
        left = min(x for x, _, _, _ in bars)
        column = sorted((b for b in bars if abs(b[0] - left) < 0.05), key=lambda b: -b[1])
        widths = [w for _, _, w, _ in column[: len(first.bars)]]
        values = [b.value.value for b in first.bars]
        assert widths[0] > 0 and values[0] > 0
        assert [w / widths[0] for w in widths] == pytest.approx(
            [v / values[0] for v in values], abs=0.01
        ), "each bar as long as its share"
        return
    seats = len(first.bars)
    # the seat bars of the first player count stand on one baseline, the highest on the page
    rows: dict[float, list[tuple[float, ...]]] = {}
    for box in bars:
        rows.setdefault(round(box[1], 1), []).append(box)
    baseline = max(y for y, group in rows.items() if len(group) >= seats)
    heights = [h for _, _, _, h in sorted(rows[baseline])[:seats]]
    assert heights == pytest.approx(
        [CHART_HEIGHT * b.value.value / first.top for b in first.bars], abs=0.05
    )


def test_the_same_seed_gives_the_same_report_whatever_the_jobs(tmp_path: Path) -> None:
    one = api.balance_report("twaalf-dagen", players=(4,), games=10, jobs=1, out=tmp_path / "a")
    two = api.balance_report("twaalf-dagen", players=(4,), games=10, jobs=2, out=tmp_path / "b")
    assert one.path.read_bytes() == two.path.read_bytes()
    other = api.balance_report("twaalf-dagen", players=(4,), games=10, seed=1, out=tmp_path / "c")
    assert other.path.read_bytes() != one.path.read_bytes()


def test_an_english_report(tmp_path: Path) -> None:
    made = api.balance_report("stoomboot", players=(4,), games=8, lang="en", out=tmp_path)
    assert made.path.name == "balance.pdf"
    text = " ".join(page_texts(PdfReader(made.path)))
    assert "Balance report: Stoomboot" in text and "What you should know" in text
    assert "Wat je moet weten" not in text and "spelers" not in text


@pytest.mark.parametrize(
    ("asked", "said"),
    [
        ({"players": (9,)}, "is for 2 to 8 players, not 9"),
        ({"policies": ("slim",)}, "unknown policy 'slim' for twaalf-dagen"),
        ({"variants": ("lang",)}, "unknown variant 'lang'"),
        ({"games": 1}, "--games must be at least 2"),
    ],
)
def test_a_report_that_cannot_be_made_is_one_line(
    tmp_path: Path, asked: dict[str, Any], said: str
) -> None:
    with pytest.raises(PnpError) as caught:
        api.balance_report("twaalf-dagen", out=tmp_path, **asked)
    (problem,) = caught.value.problems
    assert said in str(problem)
    assert not (tmp_path / "twaalf-dagen").exists(), "nothing written"


# --- the command line and the guards of --write ----------------------------------------------


def test_the_command_writes_the_report_with_a_line_saying_so(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path / "out"
    result = CliRunner().invoke(
        app,
        ["study", "twaalf-dagen", "--report", "--games", "6", "--players", "4", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.output.startswith("wrote ") and "balans.pdf (" in result.output
    assert (out / "twaalf-dagen" / "balans.pdf").is_file()
    wrong = CliRunner().invoke(app, ["study", "twaalf-dagen", "--players", "4"])
    assert wrong.exit_code == 2 and "go with --report" in wrong.output


def test_study_write_never_writes_pnps_own_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pnp.catalog.project import load_spec

    monkeypatch.delenv("PNP_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    shipped = load_spec("sinterklaas").folder / "rulebook" / "balans.toml"
    before = shipped.read_bytes()
    with pytest.raises(PnpError) as caught:
        api.study("sinterklaas", games=10, jobs=1, write=True)
    (problem,) = caught.value.problems
    assert "writes into your project folder" in str(problem)
    assert "pnp copy sinterklaas" in str(problem)
    assert shipped.read_bytes() == before


def test_study_write_keeps_a_table_of_more_games_unless_forced(project_copy: Path) -> None:
    table = project_copy / "cardspecs" / "stoomboot" / "rulebook" / "winkansen.toml"
    before = table.read_text(encoding="utf-8")
    assert "games = 400" in before
    with pytest.raises(PnpError) as caught:
        api.study("stoomboot", games=5, jobs=1, write=True)
    (problem,) = caught.value.problems
    assert "measured from 400 games per setting" in str(problem)
    assert "--force" in str(problem) and "winkansen.toml" in str(problem)
    assert table.read_text(encoding="utf-8") == before
    _, written = api.study("stoomboot", games=5, jobs=1, write=True, force=True)
    assert written == table and "games = 5" in table.read_text(encoding="utf-8")


def test_a_variant_asked_twice_is_compared_once_and_missing_checks_are_said(
    tmp_path: Path,
) -> None:
    made = api.balance_report(
        "santoska", variants=("rijen-4", "rijen-4"), players=(2,), games=30, out=tmp_path
    )
    assert [change.label for change in made.report.changes] == ["Rijen van vier"]
    assert made.report.checks == ()  # SA-C1 needs six players
    text = " ".join(page_texts(PdfReader(made.path)))
    assert made.report.labels["no_checks"] in text
