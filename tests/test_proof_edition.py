"""The family edition of every rulebook hides rule IDs and example sources; the proofreading
edition (``--proof``, ``spelregels-proef.pdf``) shows them, with each sentence's checked claim."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.catalog.project import load_game
from pnp.catalog.registry import game as game_of
from pnp.cli import app
from pnp.example_model import Example
from pnp.kit.examples import game_parts
from pnp.rulebook.compose import RulebookFiles, prepare_rulebook
from tests.conftest import RULE_ID, RULEBOOK_KITS, KitMaker
from tests.languages import DUTCH
from tests.pdftext import page_texts

KITS = RULEBOOK_KITS

FORBIDDEN = ("[SK-", "[ST-", "[TD-", "[SA-", "Bron:", ".json", "seed")

PROOF_FILE = RulebookFiles.of(DUTCH).proof


def _plain(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(("game", "variants"), KITS)
def test_the_family_edition_shows_no_rule_ids_and_no_sources(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    built = kit(game, variants)
    for name in ("spelregels.pdf", "spelregels-boekje.pdf"):
        text = built.text(name)
        assert not [s for s in FORBIDDEN if s in text], name
        assert not RULE_ID.findall(text), name
        assert "naspelen" not in text, name


def _rulebook_parts(game: str, variants: tuple[str, ...]) -> tuple[set[str], list[Example]]:
    """The rule IDs the rulebook states (text, components, examples) and its examples."""
    data = load_game(game)
    parts = game_parts(data.spec, variants)
    printing = {"paper": "a4", "backs": "long-edge", "files": {}, "map_sheet": False}
    text, content = prepare_rulebook(data, variants, parts, printing, proof=True)
    stated = set(RULE_ID.findall(text))
    stated |= {rule for comp in content.components for rule in comp.rules}
    stated |= {rule for example in content.examples for rule in example.rules}
    return stated, list(content.examples)


@pytest.mark.parametrize(("game", "variants"), KITS)
def test_the_proof_edition_states_every_rule_id_and_each_example_source_and_claim(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    built = kit(game, variants, proof=True)
    assert PROOF_FILE in {f["name"] for f in built.manifest["files"]}
    proof = built.text(PROOF_FILE)
    stated, examples = _rulebook_parts(game, built.variants)
    assert stated, "the rulebook states rule IDs"
    assert stated <= set(RULE_ID.findall(proof)), sorted(stated - set(RULE_ID.findall(proof)))
    claims = 0
    rules = "+".join(game_of(game).story.rule_set(load_game(game).spec, built.variants))
    for example in examples:
        played = f"Bron: {_plain(example.source)} · gespeeld met: {rules or 'basisspel'}"
        assert played in proof.replace("- ", ""), example.source  # a line may break "ge-speeld"
        assert example.played_under(DUTCH) == f"gespeeld met: {rules or 'basisspel'}"
        for step in example.steps:
            if step.claim is not None:
                claims += 1
                event = getattr(step.claim, "event", None)
                assert f" {type(event).__name__}(" in proof
    assert claims > 0
    assert proof.count("gecontroleerd:") == claims
    assert "naspelen" in proof


def test_the_proof_edition_is_the_same_book_with_the_traces(kit: KitMaker) -> None:
    """Same chapters as the family edition, in A5; every claim is printed: the event its
    action caused, the phrase it was told with and its facts."""
    built = kit("twaalf-dagen", proof=True)
    family, proof = built.reader("spelregels.pdf"), built.reader(PROOF_FILE)
    assert [o.title for o in proof.outline if not isinstance(o, list)] == [
        o.title for o in family.outline if not isinstance(o, list)
    ]
    assert all(round(float(p.mediabox.width)) == 420 for p in proof.pages)  # A5: 148 mm
    _, examples = _rulebook_parts("twaalf-dagen", ())
    first = next(s.claim for s in examples[0].steps if s.claim is not None)
    assert _plain(str(first)) in built.text(PROOF_FILE)


def test_proof_on_the_command_line_writes_the_proof_edition(tmp_path: Path) -> None:
    runner = CliRunner()
    plain = runner.invoke(app, ["build", "twaalf-dagen", "--out", str(tmp_path / "plain")])
    assert plain.exit_code == 0, plain.output
    assert not (tmp_path / "plain" / "twaalf-dagen" / PROOF_FILE).exists()
    result = runner.invoke(app, ["build", "twaalf-dagen", "--proof", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "twaalf-dagen"
    assert PROOF_FILE in result.output
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["options"]["proof"] is True
    assert PROOF_FILE in {f["name"] for f in manifest["files"]}
    text = " ".join(page_texts(PdfReader(folder / PROOF_FILE), collapse=False))
    assert "[TD-" in text and "Bron:" in text
    # The family edition is the same with or without --proof.
    for name in ("spelregels.pdf", "spelregels-boekje.pdf"):
        assert (folder / name).read_bytes() == (
            tmp_path / "plain" / "twaalf-dagen" / name
        ).read_bytes()


DECISIONS = "Beslissingen van de regels"


@pytest.mark.parametrize(("game", "variants"), KITS)
def test_only_the_proof_edition_lists_the_rule_decisions(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    """The proof edition's appendix lists the decisions, each with its rule ID."""
    built = kit(game, variants, proof=True)
    assert DECISIONS not in built.text("spelregels.pdf")
    proof = built.text(PROOF_FILE)
    assert DECISIONS in proof
    # The last mention is the section itself (the first is its line in the contents).
    listed = proof.rsplit(DECISIONS, 1)[1].split("Printen en in elkaar zetten", 1)[0]
    decided = set(RULE_ID.findall(listed))
    assert decided, "at least one decision, named by its rule ID"
    stated, _ = _rulebook_parts(game, built.variants)
    prefixes = {rule.split("-")[0] for rule in stated}
    assert {rule.split("-")[0] for rule in decided} <= prefixes, "only this game's rules"
