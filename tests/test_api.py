"""The library API (:mod:`pnp.api`) used as a script would use it: plain values in and out,
nothing printed, the same decisions the command line shows (settings and where they came
from, reuse of an up-to-date kit, an export made from the kit as it was built, a build of
every game that goes on past a failure and asks a map sheet of map games only)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import pnp.catalog.project
from pnp import api
from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError
from pnp.base.ink import Ink
from pnp.kit.settings import COMMAND_LINE, DEFAULT

DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def test_the_games_and_a_game_described(capsys: pytest.CaptureFixture[str]) -> None:
    ids = api.games()
    assert {"sinterklaas", "stoomboot", "twaalf-dagen", "santoska"} <= set(ids)
    game = api.describe("sinterklaas")
    assert game.id == "sinterklaas" and game.has_engine
    low, high = game.players
    assert 2 <= low <= high
    assert "pietje-precies" in {v.id for v in game.variants}
    assert capsys.readouterr() == ("", ""), "the API prints nothing"


def test_an_unknown_name_is_one_error_with_the_nearest_name() -> None:
    with pytest.raises(PnpError) as raised:
        api.describe("sinterklas")
    assert "did you mean 'sinterklaas'?" in str(raised.value.problems[0])
    with pytest.raises(PnpError) as raised:
        api.check_names("twaalf-dagen", ["krot"])
    assert "did you mean 'kort'?" in str(raised.value.problems[0])


def test_settings_say_where_each_came_from(tmp_path: Path) -> None:
    chosen = api.resolve_settings(paper="letter", out=tmp_path, start=tmp_path)
    assert (chosen.paper.value, chosen.paper.source) == ("letter", COMMAND_LINE)
    assert chosen.backs.source == DEFAULT
    options = api.build_options(chosen, proof=True, ink=Ink.LOW)
    assert (options.paper, options.out_dir, options.proof, options.ink) == (
        "letter",
        tmp_path,
        True,
        Ink.LOW,
    )


def test_a_kit_is_built_reused_and_exported_as_it_was_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chosen = api.resolve_settings(paper="letter", backs=BackMode.SHORT_EDGE, out=tmp_path)
    options = api.build_options(chosen)
    seen: list[tuple[str, int, int]] = []
    kit = api.build("twaalf-dagen", ("kort",), options, lambda *step: seen.append(step))
    assert kit.folder == tmp_path / "twaalf-dagen" and kit.variants == ("kort",)
    assert (kit.folder / "kaarten.pdf").is_file() and not kit.reused
    assert seen and all(done <= total for _, done, total in seen), "progress told as it went"
    again = api.up_to_date("twaalf-dagen", ("kort",), options)
    assert again is not None and set(again.reused) == set(kit.files)
    assert api.manifest(kit.folder)["options"]["paper"] == "letter"
    # An export asked with the defaults is made from the kit as it was built.
    plain = api.resolve_settings(out=tmp_path)
    choice = api.kit_choice("twaalf-dagen", None, plain)
    assert choice.existing and choice.variants == ("kort",)
    assert (choice.options.paper, choice.options.backs) == ("letter", BackMode.SHORT_EDGE)
    (result,) = api.export("twaalf-dagen", choice, api.ExportRequest(tts=True))
    assert result.folder == kit.folder / "tts" and result.files
    assert json.loads((kit.folder / "manifest.json").read_text())["variants"] == ["kort"]
    assert capsys.readouterr() == ("", ""), "the API prints nothing"


def test_an_empty_export_request_is_refused_before_any_building(tmp_path: Path) -> None:
    choice = api.kit_choice("twaalf-dagen", None, api.resolve_settings(out=tmp_path))
    assert not choice.existing
    with pytest.raises(PnpError, match="nothing to export"):
        api.export("twaalf-dagen", choice, api.ExportRequest())
    assert not (tmp_path / "twaalf-dagen").exists()


def test_build_all_goes_on_past_a_failure_and_asks_a_map_of_map_games_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pnp.catalog.project, "game_ids", lambda: ("stoomboot", "twaalf-dagen"))
    foreign = tmp_path / "stoomboot"  # a folder pnp did not make: refused, left as it is
    foreign.mkdir()
    (foreign / "eigen.txt").write_text("van mij", encoding="utf-8")
    options = api.build_options(api.resolve_settings(out=tmp_path), map_sheet=True, seed=3)
    started: list[str] = []
    finished: list[str] = []
    told: list[tuple[str, int, int]] = []
    done = api.build_all(
        options,
        lambda *step: told.append(step),
        started=lambda game, _copy: started.append(game),
        finished=lambda outcome: finished.append(outcome.game),
    )
    assert started == finished == ["stoomboot", "twaalf-dagen"]
    assert done.failed == ("stoomboot",)
    failure, success = done.outcomes
    assert failure.result is None and "not a folder pnp made" in failure.problems[0]
    assert [p.name for p in foreign.iterdir()] == ["eigen.txt"]
    assert success.result is not None
    built = success.result.manifest["options"]
    assert built["map_sheet"] is False and built["seed"] is None, "twaalf-dagen has no map"
    games_told = [step for step in told if step[0] == api.ALL_GAMES_TASK]
    assert games_told[0] == (api.ALL_GAMES_TASK, 0, 2) and games_told[-1][1:] == (2, 2)


def test_the_guides_example_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The runnable example of ``docs/api.md`` is run here as it stands there."""
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert blocks, "docs/api.md holds a runnable example"
    monkeypatch.chdir(tmp_path)
    exec(compile(blocks[0], str(DOC), "exec"), {})  # the guide's own example, as written
    printed = capsys.readouterr().out
    assert (tmp_path / "kits" / "twaalf-dagen" / "kaarten.pdf").is_file()
    assert "kaarten.pdf" in printed
