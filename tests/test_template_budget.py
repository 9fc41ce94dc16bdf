"""A rulebook template is held to a budget: runaway loops, repetitions, powers, output and
time end in one located line instead of a hang or a full memory; what reaches the rulebook is
finite and free of control characters, and a template never names a file outside its folders."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pnp.rulebook.budget
from pnp.base.errors import PnpError
from pnp.cli import app
from pnp.rulebook.markup import MarkupError, parse
from pnp.rulebook.templates import TemplateSet
from pnp.story.phrases import fill
from tests.languages import DUTCH
from tests.test_bad_input import edit


def _render(tmp_path: Path, body: str) -> str:
    game, common = tmp_path / "spel", tmp_path / "common"
    game.mkdir()
    common.mkdir()
    (game / "t.j2").write_text("Eerste regel\n" + body + "\n", encoding="utf-8")
    return TemplateSet(game, common, DUTCH).render("t.j2", {})


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


GROWING = {
    "concat-doubling": "{% set ns = namespace(s='xx') %}{% for i in range(40) %}"
    "{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
    "plus-doubling": "{% set ns = namespace(s='xx') %}{% for i in range(40) %}"
    "{% set ns.s = ns.s + ns.s %}{% endfor %}",
    "list-doubling": "{% set ns = namespace(l=['x']) %}{% for i in range(40) %}"
    "{% set ns.l = ns.l + ns.l %}{% endfor %}",
    "set-block-doubling": "{% set ns = namespace(s='xx') %}{% for i in range(40) %}"
    "{% set t %}{{ ns.s }}{{ ns.s }}{% endset %}{% set ns.s = t %}{% endfor %}",
    "nested-list-printed": "{% set ns = namespace(l=['x']) %}{% for i in range(40) %}"
    "{% set ns.l = [ns.l, ns.l] %}{% endfor %}{{ ns.l }}",
    "nested-list-filtered": "{% set ns = namespace(l=['x']) %}{% for i in range(40) %}"
    "{% set ns.l = [ns.l, ns.l] %}{% endfor %}{{ ns.l|tojson }}",
    "macro-doubling": "{% macro d(n) %}{% if n %}{{ d(n - 1) }}{{ d(n - 1) }}{% else %}"
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{% endif %}{% endmacro %}{{ d(40) }}",
    "call-block-doubling": "{% macro twice() %}{{ caller() }}{{ caller() }}{% endmacro %}"
    + "{% call twice() %}" * 30
    + "x" * 1000
    + "{% endcall %}" * 30,
    "number-squaring": "{% set ns = namespace(n=10) %}{% for i in range(40) %}"
    "{% set ns.n = ns.n * ns.n %}{% endfor %}",
    "number-power": "{% set ns = namespace(n=10) %}{% for i in range(40) %}"
    "{% set ns.n = ns.n ** 64 %}{% endfor %}",
    "center": "{{ 'x'|center(1000000000) }}",
    "indent": "{{ ('a\\n' * 1000)|indent(1000000) }}",
    "wordwrap": "{{ ('woord ' * 10000)|wordwrap(5, wrapstring='x' * 100000) }}",
    "replace": "{{ ('x' * 100000)|replace('', 'y' * 100000) }}",
    "format-filter": "{{ '%999999999s'|format(1) }}",
    "percent": "{{ '%999999999s' % 1 }}",
    "percent-many": "{{ ('%900000s' * 10) % ((1,) * 10) }}",
    "str-format": "{{ '{:>999999999}'.format(1) }}",
    "str-format-nested": "{{ '{:{}}'.format('x', 999999999) }}",
    "str-format-map": "{{ '{a:>999999999}'.format_map({'a': 1}) }}",
    "ljust": "{{ 'x'.ljust(1000000000) }}",
    "zfill": "{{ '1'.zfill(1000000000) }}",
    "str-replace": "{{ ('x' * 100000).replace('', 'y' * 100000) }}",
    "join-filter": "{{ (['x' * 999999] * 999999)|join }}",
    "join-separator": "{{ ([1] * 999999)|join('x' * 999999) }}",
    "str-join": "{{ ''.join(['x' * 999999] * 999999) }}",
    "batch": "{{ [1]|batch(1000000000, 0)|list }}",
    "slice": "{{ [1]|slice(1000000000)|list }}",
    "sum-lists": "{{ ([['x'] * 999999] * 999999)|sum(start=[]) }}",
    "tojson-indent": "{{ [[1]]|tojson(1000000000) }}",
}
"""Templates that would grow a value past the output limit, by every way a template has."""


@pytest.mark.parametrize("body", GROWING.values(), ids=GROWING.keys())
def test_a_value_is_held_to_the_limit_as_it_grows(tmp_path: Path, body: str) -> None:
    started = time.monotonic()
    with pytest.raises(PnpError) as caught:
        _render(tmp_path, body)
    elapsed = time.monotonic() - started
    (problem,) = caught.value.problems
    assert problem.path == tmp_path / "spel" / "t.j2"
    assert problem.line == 2
    assert problem.message.startswith("template error: ")
    assert "took longer" not in problem.message  # the budget bit, not the timer
    assert elapsed < 10, f"{elapsed:.1f} s"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("{{ 'x'|center(1000000000) }}", "the 'center' filter makes a text longer than 1,000,000"),
        ("{{ '%999999999s' % 1 }}", "a '%' format makes a text longer than 1,000,000"),
        ("{{ '%*s' % (5, 1) }}", "a '*' width in a '%' format"),
        ("{{ '{:>999999999}'.format(1) }}", "a formatted text longer than 1,000,000"),
        ("{{ [1]|sum(start=[]) }}", "'sum' adds numbers only"),
        ("{{ (10**60) ** 40 * (10**60) ** 40 }}", "a whole number of more than 10,000 bits"),
        ("{% set l = [1] %}{{ l.extend(l) }}", "access to attribute 'extend' of 'list'"),
        ("{{ 'x'.translate({120: 'yy'}) }}", "access to attribute 'translate' of 'str'"),
        ("{{ (1).to_bytes(1000000000, 'big') }}", "access to attribute 'to_bytes' of 'int'"),
        ("{{ 'http://x.nl'|urlize }}", "No filter named 'urlize'"),
    ],
    ids=[
        "center",
        "percent",
        "star-width",
        "format",
        "sum",
        "bits",
        "extend",
        "translate",
        "to-bytes",
        "urlize",
    ],
)
def test_the_refusal_says_what_was_too_much(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(PnpError) as caught:
        _render(tmp_path, body)
    (problem,) = caught.value.problems
    assert (problem.path, problem.line) == (tmp_path / "spel" / "t.j2", 2)
    assert message in problem.message


def test_what_the_budget_allows_renders_as_before(tmp_path: Path) -> None:
    body = (
        "{{ 'a' ~ 'b' ~ 3 }}|{{ [1, 2]|join(', ') }}|{{ '%d kaarten'|format(3) }}|"
        "{{ '%s-%s' % ('a', 'b') }}|{{ '{} x'.format(2) }}|{{ 'ab'|center(6) }}|"
        "{{ 'x' + 'y' }}|{{ ('a b'|replace(' ', '-')).upper() }}|{{ '7'.zfill(3) }}|"
        "{% macro m() %}{{ caller() }}!{% endmacro %}{% call m() %}hoi{% endcall %}|"
        "{{ [3, 1]|sum }}|{{ 2 ** 64 }}|{{ {'a': 1}.items()|list }}|{{ 1.5 }}"
    )
    assert _render(tmp_path, body) == (
        "Eerste regel\nab3|1, 2|3 kaarten|a-b|2 x|  ab  |xy|A-B|007|hoi!|4|"
        "18446744073709551616|[('a', 1)]|1.5\n"
    )


@pytest.mark.parametrize(
    ("body", "message", "line"),
    [
        ("{{ '%s'|format(1e400) }}", "template syntax: a number too large to print", 2),
        ("{{ '%s'|format('1e400'|float) }}", "a number that is not finite", 2),
        ("{{ 'a' ~ ('nan'|float) }}", "a number that is not finite", 2),
        ("{{ ('-inf'|float)|string }}", "a number that is not finite", 2),
        ("{{ '{}'.format('inf'|float) }}", "a number that is not finite", 2),
        ("{{ ['inf'|float] }}", "a number that is not finite", 2),
        ("{{ 1e308 * 10 }}", "a number that is not finite", 2),
        ('{{ "\\x00\\x01\\x02" }}', "the control character U+0000", 2),
        ("{{ 'a\\x1bb'|upper }}", "the control character U+001B", 2),
        (
            "{% filter replace('a', '\\x07') %}a{% endfilter %}",
            "the control character U+0007",
            None,
        ),
    ],
    ids=[
        "literal",
        "format",
        "concat",
        "string",
        "str-format",
        "list",
        "product",
        "nul",
        "escape",
        "filter-block",
    ],
)
def test_no_infinity_and_no_control_character_reaches_the_rulebook(
    tmp_path: Path, body: str, message: str, line: int | None
) -> None:
    with pytest.raises(PnpError) as caught:
        _render(tmp_path, body)
    (problem,) = caught.value.problems
    assert (problem.path, problem.line) == (tmp_path / "spel" / "t.j2", line)
    assert message in problem.message


@pytest.mark.parametrize(("character", "code"), [("\x1b", "U+001B"), ("\x00", "U+0000")])
def test_a_template_holding_a_control_character_is_refused_at_its_line(
    tmp_path: Path, character: str, code: str
) -> None:
    with pytest.raises(PnpError) as caught:
        _render(tmp_path, f"Tekst\nmet {character} erin")
    (problem,) = caught.value.problems
    assert (problem.path, problem.line) == (tmp_path / "spel" / "t.j2", 3)
    assert problem.message == f"the template holds the control character {code}"


@pytest.mark.parametrize("name", ["/etc/passwd", "../../etc/passwd", "../deck.csv"])
def test_an_include_out_of_the_folders_is_refused_at_its_line(tmp_path: Path, name: str) -> None:
    with pytest.raises(PnpError) as caught:
        _render(tmp_path, f'{{% include "{name}" %}}')
    (problem,) = caught.value.problems
    assert (problem.path, problem.line) == (tmp_path / "spel" / "t.j2", 2)
    assert "must be a path inside its folder" in problem.message


TEMPLATE = Path("cardspecs") / "twaalf-dagen" / "rulebook" / "spelregels.j2"
INTRO = "{% block intro %}\n"


def _one_error(args: list[str]) -> tuple[str, float]:
    started = time.monotonic()
    result = CliRunner().invoke(app, args)
    elapsed = time.monotonic() - started
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(errors) == 1, errors
    return errors[0], elapsed


BROKEN_TEMPLATES = {
    "concat-doubling": (GROWING["concat-doubling"], "a text longer than"),
    "center": (GROWING["center"], "the 'center' filter makes a text longer"),
    "nul": ('{{ "\\x00\\x01\\x02" }}', "the control character U+0000"),
    "inf": ('{{ "%s"|format(1e400) }}', "a number too large to print"),
    "include": ('{% include "/etc/passwd" %}', "template '/etc/passwd' must be a path inside"),
}


def test_a_broken_template_is_one_line_and_leaves_the_kit_as_it_was(
    project_copy: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    assert CliRunner().invoke(app, ["build", "twaalf-dagen", "--out", str(out)]).exit_code == 0
    kit = {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    template = project_copy / TEMPLATE
    original = template.read_text(encoding="utf-8")
    line = original[: original.index(INTRO)].count("\n") + 2
    for body, message in BROKEN_TEMPLATES.values():
        template.write_text(original.replace(INTRO, INTRO + body + "\n", 1), encoding="utf-8")
        for args in (["check", "twaalf-dagen"], ["build", "twaalf-dagen", "--out", str(out)]):
            error, elapsed = _one_error(args)
            assert error.startswith(f"error: {TEMPLATE.as_posix()}:{line}: "), error
            assert message in error
            assert elapsed < 10, f"{args[0]} took {elapsed:.1f} s"
    assert {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()} == kit


def test_a_template_from_outside_the_folder_in_game_toml_is_refused_at_its_line(
    project_copy: Path,
) -> None:
    line = edit(
        project_copy,
        "cardspecs/twaalf-dagen/game.toml",
        'template = "spelregels.j2"',
        'template = "/etc/passwd"',
    )
    for args in (["check", "twaalf-dagen"], ["build", "twaalf-dagen", "--out", "out"]):
        error, _ = _one_error(args)
        assert error == (
            f"error: cardspecs/twaalf-dagen/game.toml:{line}: template '/etc/passwd' must be a "
            "path inside its folder (no '..', not absolute)"
        )
    assert not Path("out").exists()


@pytest.mark.parametrize(
    "placeholder", ["{hand:>999999999}", "{hand!r}", "{hand.__class__.__mro__}", "{hand[0]}"]
)
def test_an_example_phrase_placeholder_is_a_plain_name(
    project_copy: Path, placeholder: str
) -> None:
    line = edit(
        project_copy,
        "cardspecs/twaalf-dagen/rulebook/voorbeelden.toml",
        'source = "ronde {hand}, slag {trick}"',
        f'source = "ronde {placeholder}, slag {{trick}}"',
    )
    error, elapsed = _one_error(["check", "twaalf-dagen"])
    assert error.startswith(
        f"error: cardspecs/twaalf-dagen/rulebook/voorbeelden.toml:{line}: phrase 'source' has "
        f"the placeholder {placeholder[:41]}"
    ), error
    assert "use a plain name such as {name}" in error
    assert elapsed < 10


class _Loud:
    """A value whose format spec machinery would show; filling uses its plain text only."""

    def __format__(self, spec: str) -> str:
        raise AssertionError("format machinery used")

    def __str__(self) -> str:
        return "stil"


def test_an_example_phrase_is_filled_by_name_only() -> None:
    assert fill("{a} en {{b}} {c}", {"a": _Loud(), "c": 3}) == "stil en {b} 3"
    with pytest.raises(KeyError):
        fill("{missing}", {})
