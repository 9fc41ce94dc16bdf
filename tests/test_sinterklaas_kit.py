"""The sinterklaas kit: exactly the cards each variant uses, the score sheet, aid and rulebook."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.catalog.project import load_game
from pnp.cli import app
from pnp.games.sinterklaas.rules import combinations as sk_combinations
from pnp.games.sinterklaas.rules import config as sk_config
from pnp.games.sinterklaas.rules import effects as sk_effects
from pnp.games.sinterklaas.rules import engine as sk_engine
from pnp.games.sinterklaas.rules import scoring as sk_scoring
from tests.conftest import BuiltKit, KitMaker

GAME = "sinterklaas"


def _cards(built: BuiltKit) -> Counter[str]:
    return Counter(p["component"] for p in built.placements("kaarten.pdf"))


@pytest.mark.parametrize(
    ("variants", "expected"),
    [
        ((), {"deck": 90, "sint": 1, "hulp": 6}),
        (("wie-kent-hem-niet",), {"deck": 90, "sint": 1, "grote-sint": 1, "hulp": 6}),
        (("actiepiet",), {"deck": 90, "sint": 1, "acties": 9, "hulp": 6}),
        (("pietje-precies",), {"deck": 90, "sint": 1, "pietje-precies": 2, "hulp": 6}),
        (
            ("actiepiet", "pietje-precies", "wie-kent-hem-niet"),
            {"deck": 90, "sint": 1, "grote-sint": 1, "acties": 9, "pietje-precies": 2, "hulp": 6},
        ),
        # Five Speculaas rules, Surprises and the larger numbers do not fit on one aid card:
        # the kit prints a second one for every player.
        (("speculaas", "meer-pakjes", "surprises"), {"deck": 90, "sint": 1, "hulp": 12}),
    ],
)
def test_each_kit_holds_exactly_the_cards_its_variants_use(
    kit: KitMaker, variants: tuple[str, ...], expected: dict[str, int]
) -> None:
    deck = load_game(GAME).spec.component("deck").card_count
    assert dict(_cards(kit(GAME, variants))) == {
        k: deck if k == "deck" else v for k, v in expected.items()
    }


def test_the_action_cards_include_stafpiet_and_at_least_eight_actions() -> None:
    spec = load_game(GAME).spec
    actions = spec.component("acties").rows
    assert len(actions) >= 8
    assert "stafpiet" in {r.id for r in actions}
    assert {r.fields["kind"] for r in actions} == {"strategisch", "flauw"}
    assert spec.component("pietje-precies").rows[0].id == "pietje-precies"


def test_every_colour_has_its_own_symbol() -> None:
    deck = load_game(GAME).spec.component("deck").rows
    symbols: dict[object, set[object]] = {}
    for row in deck:
        symbols.setdefault(row.fields["colour"], set()).add(row.fields["symbol"])
    assert all(len(s) == 1 for s in symbols.values())
    assert len({next(iter(s)) for s in symbols.values()}) == len(symbols) == 5


def test_contradicting_variants_are_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "build",
            GAME,
            "--variant",
            "meer-pakjes",
            "--variant",
            "minder-pakjes",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 2
    assert (
        "variants 'meer-pakjes' and 'minder-pakjes' of sinterklaas cannot be combined"
        in result.stderr
    )
    assert not any(tmp_path.iterdir())


def test_score_sheet_has_the_surprise_column_only_with_surprises(kit: KitMaker) -> None:
    """SK-C5: points per round winner, final totals, and the surprise picks with surprises."""
    base, surprises = kit(GAME), kit(GAME, ("surprises",))
    assert "Winnaar" in base.text("scoreblad.pdf")
    assert "Surprise voor" not in base.text("scoreblad.pdf")
    assert "Surprise voor" in surprises.text("scoreblad.pdf")


def test_player_aid_states_the_numbers_of_the_kit(kit: KitMaker) -> None:
    base, more = kit(GAME), kit(GAME, ("meer-pakjes", "pietje-precies"))
    base_front = base.component_text("hulp")
    more_front, more_back = more.component_text("hulp"), more.component_text("hulp", back=True)
    assert "tot 6 kaarten" in base_front and "3 keer bieden" in base_front
    assert "tot 8 kaarten" in more_front and "4 keer bieden" in more_front
    assert "Pietje Precies" in more_back


def test_rulebook_has_the_chosen_variants_only(kit: KitMaker) -> None:
    base_text = kit(GAME).text("spelregels.pdf")
    mixed_text = kit(GAME, ("speculaas", "pietje-precies")).text("spelregels.pdf")
    for name in ("Speculaas", "Overschattingsregel", "Remiseregel", "Pietje Precies"):
        assert name not in base_text
        assert name in mixed_text
    assert "Actiepiet" not in mixed_text.split("Varianten", 1)[-1].split("Voorbeelden")[0]
    assert "tot zes kaarten" in base_text


def test_designer_notes_print_the_balance_measured_on_this_deck(kit: KitMaker) -> None:
    """SK-D1: the stored balance table was measured on the deck the tables describe."""
    spec = load_game(GAME).spec
    balance = tomllib.loads((spec.folder / "rulebook" / "balans.toml").read_text("utf-8"))
    assert balance["deck"] == spec.component("deck").card_count
    low, high = spec.players
    rows = balance["rows"]
    assert {(r["players"], tuple(r["variants"])) for r in rows} == {
        (p, variants)
        for p in range(low, high + 1)
        for variants in (("minder-pakjes",), (), ("meer-pakjes",))
    }
    assert all(r["median"] >= 3 for r in rows)
    text = kit(GAME).text("spelregels.pdf")
    # the table holds numbers and variant ids; the Dutch book names them
    names = {"minder-pakjes": "minder pakjes", "": "basisspel", "meer-pakjes": "meer pakjes"}
    for players in range(low, high + 1):
        line = " ".join(
            f"{names['+'.join(r['variants'])]} {int(r['median'])} ({int(r['p10'])}–{int(r['p90'])})"
            for r in rows
            if r["players"] == players
        )
        assert f"{players} spelers: " in text
        for part in line.split(") "):
            assert part.strip(" )") in text


def test_every_rule_id_of_the_engine_is_stated_in_the_full_rulebook(kit: KitMaker) -> None:
    everything = ("meer-pakjes", "surprises", "speculaas", "actiepiet", "pietje-precies")
    full = kit(GAME, (*everything, "eerste-stopper"), proof=True)  # brings wie-kent-hem-niet along
    docs = " ".join(
        m.__doc__ or "" for m in (sk_engine, sk_config, sk_combinations, sk_scoring, sk_effects)
    )
    rule_ids = set(re.findall(r"SK-[A-Z]\d+", docs))
    assert {"SK-B1", "SK-B9", "SK-V5", "SK-P4", "SK-W5", "SK-D1"} <= rule_ids
    stated = set(re.findall(r"SK-[A-Z]\d+", full.text("spelregels-proef.pdf")))
    assert rule_ids <= stated, sorted(rule_ids - stated)


@pytest.mark.parametrize("variant", sorted(load_game(GAME).spec.variants))
def test_every_variant_builds_with_its_own_rulebook_section(kit: KitMaker, variant: str) -> None:
    spec = load_game(GAME).spec
    built = kit(GAME, (variant,))
    names = {f["name"] for f in built.manifest["files"]}
    assert {"kaarten.pdf", "scoreblad.pdf", "spelregels.pdf"} <= names
    assert spec.variants[variant].name in built.text("spelregels.pdf")


def test_simulate_reports_a_summary(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["simulate", GAME, "--players", "4", "--games", "6", "--seed", "3"]
    )
    assert result.exit_code == 0, result.output
    assert "rounds" in result.stdout.lower()
