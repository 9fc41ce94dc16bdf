"""A rulebook template is held to a budget: runaway loops, repetitions, powers, output and
time end in one located line instead of a hang or a full memory."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import pnp.rulebook.budget
from pnp.cli import app
from pnp.errors import PnpError
from pnp.rulebook.markup import MarkupError, parse
from pnp.rulebook.templates import TemplateSet


def _render(tmp_path: Path, body: str) -> str:
    game, common = tmp_path / "spel", tmp_path / "common"
    game.mkdir()
    common.mkdir()
    (game / "t.j2").write_text("Eerste regel\n" + body + "\n", encoding="utf-8")
    return TemplateSet(game, common).render("t.j2", {})


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
            "loops over range() take more than 100,000 steps",
        ),
        ("{{ 'x' * 10**8 }}", "a repetition longer than 1,000,000 items"),
        ("{{ [1] * 10**7 }}", "a repetition longer than 1,000,000 items"),
        ("{{ 7 ** 100000000 }}", "an exponent above 64"),
        ("{{ lipsum(10**6) }}", "'lipsum' is undefined"),
        (
            "{% for i in range(99000) %}{{ 'woord ' * 3 }}{% endfor %}",
            "the output is longer than 1,000,000 characters",
        ),
        ("{{ range(99999) | join('-') * 20 }}", "a repetition longer than 1,000,000 items"),
        ("{{ -5 | getal }}", "'getal' takes a whole number from 0 to 1,000,000, not -5"),
        ("{{ (10**30) | aantal('kaart', 'kaarten') }}", "'aantal' takes a whole number"),
        ("{{ 2.5 | meervoud }}", "'meervoud' takes a whole number from 0 to 1,000,000, not 2.5"),
    ],
    ids=[
        "nested-range",
        "string-power",
        "list-repeat",
        "power-tower",
        "lipsum",
        "output",
        "join",
        "negative-count",
        "huge-count",
        "fraction",
    ],
)
def test_a_runaway_template_is_one_located_error(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(PnpError) as caught:
        _render(tmp_path, body)
    (problem,) = caught.value.problems
    assert problem.path == tmp_path / "spel" / "t.j2"
    # Too much output is the whole template's doing, not one line's.
    assert problem.line == (None if "output" in message else 2)
    assert message in problem.message


def test_a_render_that_takes_too_long_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pnp.rulebook.budget, "MAX_SECONDS", 0.5)
    body = "{% for i in range(50000) %}{{ ('x' * 900000) | length }}{% endfor %}"
    with pytest.raises(PnpError) as caught:
        _render(tmp_path, body)
    assert "the template took longer than 0.5 s" in caught.value.problems[0].message


def test_an_ordinary_template_renders_within_the_budget(tmp_path: Path) -> None:
    body = "{% for i in range(3) %}{{ i * 2 }}{{ '-' * 3 }}{{ 2 ** 10 }}{% endfor %}"
    assert _render(tmp_path, body) == "Eerste regel\n0---10242---10244---1024"


def test_the_build_names_the_template_line(project_copy: Path, tmp_path: Path) -> None:
    template = project_copy / "cardspecs" / "twaalf-dagen" / "rulebook" / "spelregels.j2"
    lines = template.read_text(encoding="utf-8").splitlines()
    lines.insert(3, "{{ 'x' * 10**9 }}")
    template.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "twaalf-dagen"])
    assert result.exit_code == 2, result.output
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert errors == [
        "error: cardspecs/twaalf-dagen/rulebook/spelregels.j2:4: template error: "
        "a repetition longer than 1,000,000 items"
    ]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("# Kop\n\n" + "a" * 500 + "\n", 3, "a word of 500 characters (at most 100)"),
        ("Intro\n\n" + "woord " * 2000 + "\n", 3, "a paragraph of more than 8000 characters"),
        ("\n".join(f"## Kop {i}" for i in range(301)), 301, "more than 300 headings"),
        ("\n".join(["::pagebreak"] * 3), 2, "a page break right after a page break"),
        ("\n".join(["::toc"] * 201), 201, "more than 200 directives"),
    ],
    ids=["long-word", "long-paragraph", "headings", "empty-page", "directives"],
)
def test_rulebook_markup_is_bounded_before_layout(text: str, line: int, message: str) -> None:
    with pytest.raises(MarkupError) as caught:
        parse(text)
    assert caught.value.line == line
    assert message in caught.value.message


def test_a_long_rulebook_line_is_refused_at_its_template_line(project_copy: Path) -> None:
    template = project_copy / "cardspecs" / "twaalf-dagen" / "rulebook" / "spelregels.j2"
    lines = template.read_text(encoding="utf-8").splitlines()
    start = lines.index("{% block intro %}") + 1
    lines.insert(start, "Een " + "heel" * 40 + "lang woord.\n")
    template.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "twaalf-dagen"])
    assert result.exit_code == 2, result.output
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert errors == [
        f"error: cardspecs/twaalf-dagen/rulebook/spelregels.j2:{start + 1}: "
        "a word of 164 characters (at most 100)"
    ]
