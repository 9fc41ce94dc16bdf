"""Shell completion: the callbacks themselves, and the same answers through the shell protocol
(``_PNP_COMPLETE`` with bash's ``COMP_WORDS``/``COMP_CWORD`` or zsh's ``_TYPER_COMPLETE_ARGS``)
of the real ``pnp`` program."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from pnp.base.back_mode import BackMode
from pnp.catalog.project import load_game
from pnp.catalog.registry import games
from pnp.cli import app
from pnp.cli.options import (
    PaperName,
    complete_backs,
    complete_build_target,
    complete_duplex,
    complete_game,
    complete_paper,
    complete_variant,
)
from pnp.spec.sizes import PAPERS


def _build_context(**params: object) -> typer.Context:
    """A context of ``pnp build`` with ``params`` parsed, as completion hands it over."""
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    ctx = typer.Context(group.commands["build"])
    ctx.params.update(params)
    return ctx


def test_game_completion_offers_the_registered_games() -> None:
    assert complete_game("") == list(games())
    assert complete_game("s") == ["santoska", "sinterklaas", "stoomboot"]
    assert complete_game("tw") == ["twaalf-dagen"]
    assert complete_game("x") == []
    assert complete_build_target("") == [*games(), "all"]
    assert complete_build_target("a") == ["all"]


def test_variant_completion_offers_the_variants_of_the_typed_game() -> None:
    for game_id in games():
        variants = load_game(game_id).spec.variants
        offered = complete_variant(_build_context(game=game_id), "")
        assert offered == [(v.id, v.name) for v in variants.values()]
    pietje = complete_variant(_build_context(game="sinterklaas"), "pie")
    assert [value for value, _ in pietje] == ["pietje-precies"]
    assert complete_variant(_build_context(game="schaak"), "") == []
    assert complete_variant(_build_context(game="all"), "") == []
    assert complete_variant(_build_context(game=None), "") == []


def test_paper_and_back_completion_offer_every_choice() -> None:
    assert [p.value for p in PaperName] == list(PAPERS)
    assert complete_paper("") == list(PAPERS)
    assert complete_paper("l") == ["letter"]
    assert complete_backs("") == [mode.value for mode in BackMode]
    assert complete_backs("s") == ["short-edge"]
    assert complete_duplex("") == ["long-edge", "short-edge"]


def _complete(tmp_path: Path, **env: str) -> list[str]:
    """Run ``python -m pnp`` as a shell's completion function does; its answer, line by line."""
    done = subprocess.run(
        [sys.executable, "-m", "pnp"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env={**os.environ, **env, "PNP_CONFIG_DIR": str(tmp_path / "config")},
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout.splitlines()


BASH_CASES = [
    ("pnp build s", ["santoska", "sinterklaas", "stoomboot"]),
    ("pnp build a", ["all"]),
    ("pnp check t", ["twaalf-dagen"]),
    ("pnp build stoomboot --variant ", list(load_game("stoomboot").spec.variants)),
    ("pnp build sinterklaas --paper letter --variant pie", ["pietje-precies"]),
    ("pnp examples twaalf-dagen --variant ", ["kort"]),
    ("pnp build twaalf-dagen --paper ", ["a4", "letter"]),
    ("pnp build twaalf-dagen --backs ", ["long-edge", "short-edge", "gutterfold", "none"]),
    ("pnp calibrate --backs ", ["long-edge", "short-edge"]),
    ("pnp export sinterklaas --printer ", ["drivethrucards", "thegamecrafter"]),
    ("pnp cal", ["calibrate"]),
]


@pytest.mark.parametrize(("words", "expected"), BASH_CASES, ids=[w for w, _ in BASH_CASES])
def test_bash_completion_through_the_program(
    tmp_path: Path, words: str, expected: list[str]
) -> None:
    cword = len(words.split(" ")) - 1
    answer = _complete(
        tmp_path, _PNP_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=str(cword)
    )
    assert answer == expected


def test_zsh_completion_names_each_variant(tmp_path: Path) -> None:
    answer = _complete(
        tmp_path,
        _PNP_COMPLETE="complete_zsh",
        _TYPER_COMPLETE_ARGS="pnp build sinterklaas --variant pietje",
    )
    assert answer == ['_arguments \'*: :(("pietje-precies":"Pietje Precies"))\'']


def test_the_completion_script_is_offered(tmp_path: Path) -> None:
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("bash is not installed")
    # ``--show-completion`` asks for the shell it runs in (the process's ancestors): run it
    # from a bash that stays its parent (a second command keeps bash from exec'ing it), so
    # the answer does not hang on how the test run itself was started.
    command = f"{shlex.quote(sys.executable)} -m pnp --show-completion; exit $?"
    done = subprocess.run(
        [bash, "-c", command],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "_PNP_COMPLETE=complete_bash" in done.stdout
    assert "complete -o default -F _pnp_completion pnp" in done.stdout
