"""The English edition of every game (``--lang en``): it builds for the base game and every
variant, every page of every PDF is read back and holds no Dutch word of the language data
(a short list of proper names aside), and its examples are told from the same pinned records
as the Dutch kit's, with the same claims checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.catalog.project import load_spec
from pnp.cli import app
from pnp.kit.examples import game_examples
from pnp.rulebook.compose import RulebookFiles
from pnp.spec.variants import resolve_variants
from tests.conftest import KitMaker
from tests.languages import DUTCH, ENGLISH, language
from tests.pdfinspect import read_page
from tests.words_read_back import PROPER_NAMES, dutch_only_words, dutch_words_in, page_words

GAMES = ("sinterklaas", "stoomboot", "twaalf-dagen", "santoska")

BASE_KITS = [(game, ()) for game in GAMES]
VARIANT_KITS = [
    (game, (variant,)) for game in GAMES for variant in load_spec(game, lang="nl").variants
]
"""Every variant on its own (the base kits run with the suite, the variants in the slow step)."""

ALL_KITS = [
    *BASE_KITS,
    *[pytest.param(game, variants, marks=pytest.mark.slow) for game, variants in VARIANT_KITS],
]


def _pdfs(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.pdf"))


@pytest.mark.parametrize(("game", "variants"), ALL_KITS)
def test_an_english_kit_prints_no_dutch_word(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    built = kit(game, variants, lang="en")
    pdfs = _pdfs(built.folder)
    assert {p.name for p in pdfs} >= {"rules.pdf", "rules-booklet.pdf"}
    assert not any(p.name.startswith(("spelregels", "kaarten", "scoreblad")) for p in pdfs)
    for pdf in pdfs:
        words = page_words(pdf)
        assert len(words) > 20, f"{pdf.name}: no words read back"
        dutch = dutch_words_in(pdf)
        assert not dutch, f"{pdf.name}: Dutch words (page, word): {dutch[:12]}"


def test_the_read_back_finds_dutch_words_where_they_are(kit: KitMaker) -> None:
    """The check above can fail: the Dutch kit's own pages are full of the words it looks for,
    and none of the names it allows is among them."""
    built = kit("twaalf-dagen")
    found = dutch_words_in(built.path("spelregels.pdf"))
    assert len(found) > 500
    assert {"kaarten", "slagen", "speler"} <= {word.lower() for _, word in found}
    assert not PROPER_NAMES & dutch_only_words()


@pytest.mark.parametrize(("game", "variants"), ALL_KITS)
def test_english_examples_are_the_dutch_ones_told_again(
    game: str, variants: tuple[str, ...]
) -> None:
    """Same records, same steps, same claims (checked against the engine while telling)."""
    dutch, english = load_spec(game, lang="nl"), load_spec(game, lang="en")
    chosen = resolve_variants(dutch, variants)
    ours = game_examples(dutch, chosen)
    theirs = game_examples(english, chosen)
    assert [e.source.split(" · ")[:2] for e in theirs] == [e.source.split(" · ")[:2] for e in ours]
    for nl, en in zip(ours, theirs, strict=True):
        assert [s.claim for s in en.steps] == [s.claim for s in nl.steps], nl.id
        assert [s.cards for s in en.steps] == [s.cards for s in nl.steps], nl.id
        assert en.title != nl.title and en.steps[0].text != nl.steps[0].text, nl.id


def test_english_file_names_and_the_manifest_record_the_language(kit: KitMaker) -> None:
    built = kit("stoomboot", ("kleine-kaart",), lang="en")
    names = {p.name for p in _pdfs(built.folder)}
    assert names == {"cards.pdf", "tiles.pdf", "rules.pdf", "rules-booklet.pdf"}
    assert built.manifest["options"]["lang"] == "en"
    dutch = kit("stoomboot", ("kleine-kaart",))
    assert dutch.manifest["options"]["lang"] == "nl"


def test_switching_the_language_rebuilds_the_kit(tmp_path: Path) -> None:
    runner = CliRunner()
    first = runner.invoke(app, ["build", "twaalf-dagen", "--out", str(tmp_path), "-q"])
    assert first.exit_code == 0, first.output
    kit = tmp_path / "twaalf-dagen"
    assert (kit / "spelregels.pdf").is_file()
    second = runner.invoke(app, ["build", "twaalf-dagen", "--lang", "en", "--out", str(tmp_path)])
    assert second.exit_code == 0, second.output
    assert "lang en (command line)" in second.output
    assert (kit / "rules.pdf").is_file() and not (kit / "spelregels.pdf").exists()
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["options"]["lang"] == "en"


def test_a_saved_language_is_used_and_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pnp.toml").write_text('[build]\nlang = "en"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PNP_CONFIG_DIR", str(tmp_path / "config"))
    result = CliRunner().invoke(app, ["build", "twaalf-dagen", "--out", "kits"])
    assert result.exit_code == 0, result.output
    assert "lang en (pnp.toml)" in result.output
    assert (tmp_path / "kits" / "twaalf-dagen" / "rules.pdf").is_file()
    (tmp_path / "pnp.toml").write_text('[build]\nlang = "fr"\n', encoding="utf-8")
    refused = CliRunner().invoke(app, ["build", "twaalf-dagen", "--out", "kits"])
    assert refused.exit_code == 2
    assert "pnp.toml:2: [build] lang must be one of nl, en, not 'fr'" in refused.output


def test_an_unknown_language_is_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["build", "twaalf-dagen", "--lang", "fr", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "--lang" in lines[0] and "fr" in lines[0], result.output
    assert not (tmp_path / "twaalf-dagen").exists()


def test_english_examples_as_text(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["examples", "twaalf-dagen", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "played with: base game" in result.output
    dutch = dutch_only_words()
    said = {word.lower() for word in result.output.replace("/", " ").split()}
    assert not {w for w in said if w.isalpha() and w in dutch}


def test_the_languages_hold_the_same_words() -> None:
    """Every label, file name and grammar word of Dutch has its English, and the other way."""
    for table in ("labels", "files", "grammar"):
        assert set(getattr(DUTCH, table)) == set(getattr(ENGLISH, table)), table
    assert len(DUTCH.numbers) == len(ENGLISH.numbers)
    assert set(DUTCH.plurals) == set(ENGLISH.plurals)


@pytest.mark.parametrize("lang", ["nl", "en"])
@pytest.mark.parametrize(("game", "variants"), [*BASE_KITS, ("stoomboot", ("kleine-kaart",))])
def test_no_word_of_either_language_is_printed_under_7_pt(
    kit: KitMaker, game: str, variants: tuple[str, ...], lang: str
) -> None:
    """Every text run on every page of the sheets (the card faces' own included) and of the
    rulebook for the screen (its own words: the card pictures in it are pictures, drawn
    small); the booklet holds the same pages, imposed at their size."""
    built = kit(game, variants, lang=lang)
    names = RulebookFiles.of(language(lang))
    runs = 0
    for pdf in _pdfs(built.folder):
        if pdf.name == names.booklet:
            continue
        reader = built.reader(pdf.name)
        for index in range(len(reader.pages)):
            own = pdf.name in (names.screen, names.proof)
            for run in read_page(reader, index, descend=not own).texts:
                if run.text.strip():
                    runs += 1
                    assert run.size >= 7 - 1e-6, f"{pdf.name} p{index + 1}: {run.text!r}"
    assert runs > 200
