"""Failures that are not the input's: one short line and exit 1, the traceback only on request;
bounds on what ``pnp simulate`` is asked to do."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import pnp.kit.catalogue
from pnp.cli import app


def _broken_listing() -> str:
    raise RuntimeError("a deliberately broken listing\nsecond line")


def test_an_internal_error_is_one_line_with_a_hint_to_report_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    monkeypatch.setattr(pnp.kit.catalogue, "describe_games", _broken_listing)
    result = CliRunner().invoke(app, ["list"])
    assert result.exit_code == 1
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert lines[0].startswith("error: internal error (RuntimeError: a deliberately broken")
    assert "report" in lines[0] and "--debug" in lines[0]
    assert "Traceback" not in result.output


@pytest.mark.parametrize("how", ["option", "environment"])
def test_debug_shows_the_internal_error_itself(how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pnp.kit.catalogue, "describe_games", _broken_listing)
    if how == "environment":
        monkeypatch.setenv("PNP_DEBUG", "1")
    args = ["--debug", "list"] if how == "option" else ["list"]
    result = CliRunner().invoke(app, args)
    assert isinstance(result.exception, RuntimeError)
    assert "internal error" not in result.output


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--games", "999999999999999999999999999999", "--games"),
        ("--games", "0", "--games"),
        ("--jobs", "0", "--jobs"),
        ("--jobs", "100000", "--jobs"),
        ("--players", "1000", "--players"),
    ],
)
def test_simulate_refuses_counts_out_of_bounds_before_playing(
    option: str, value: str, message: str
) -> None:
    result = CliRunner().invoke(app, ["simulate", "twaalf-dagen", option, value])
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith(f"error: {message}"), lines
