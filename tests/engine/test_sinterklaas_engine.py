"""The sinterklaas engine as a whole: card conservation under random play (hypothesis), the
surprise modes under the engine contract, notation, player views, policies, registry,
simulation and the spec tables. Undo, replay, illegal records, golden files, determinism and an
event-free log-off run are the engine contract (``test_engine_contract.py``)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.catalog.project import load_game
from pnp.catalog.registry import game as registered_game
from pnp.cli import app
from pnp.engine import CHANCE, TERMINAL, EventLog, play, replay
from pnp.engine.notation import event_line
from pnp.engine.simulate import simulate
from pnp.games.sinterklaas.game import GAME
from pnp.games.sinterklaas.kit.spec_config import config_from_spec
from pnp.games.sinterklaas.policies import HeuristicPolicy
from pnp.games.sinterklaas.rules import actions as act
from pnp.games.sinterklaas.rules.actions import Deal, Reveal
from pnp.games.sinterklaas.rules.cards import parse_card
from pnp.games.sinterklaas.rules.config import VARIANTS, standard_config, validate_deck
from pnp.games.sinterklaas.rules.engine import ENGINE
from pnp.games.sinterklaas.rules.events import CardBid
from pnp.games.sinterklaas.rules.state import SinterklaasState
from pnp.kit.simulation import simulate_game
from pnp.spec.model import GameSpec
from pnp.spec.variants import resolve_variants
from tests.engine.registered import check_replay_equals_play, check_undo
from tests.engine.sinterklaas_play import cards, deal, do, game, reveal

RULE_VARIANTS = [v for v in VARIANTS if v not in ("meer-pakjes", "minder-pakjes", "speculaas")]

variant_sets = st.tuples(
    st.sets(st.sampled_from(RULE_VARIANTS)),
    st.sampled_from([(), ("meer-pakjes",), ("minder-pakjes",)]),
    st.sampled_from(["ronde", "symbool", "spel"]),
)


def check_deck(spec: GameSpec, variants: tuple[str, ...]) -> list[str]:
    """The plugin's deck check (the build and check commands run the same)."""
    assert GAME.validate_deck is not None
    return GAME.validate_deck(spec, variants)


def _config(choice: tuple[set[str], tuple[str, ...], str]) -> object:
    rules, multiple, mode = choice
    return standard_config([*sorted(rules), *multiple], surprise_mode=mode)


def _step(state: SinterklaasState, rng: random.Random) -> None:
    if state.current_player() == CHANCE:
        state.push(ENGINE.sample_chance(state, rng))
    else:
        moves = state.legal_actions()
        state.push(moves[rng.randrange(len(moves))])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6), choice=variant_sets)
def test_random_play_conserves_every_card_and_terminates(
    seed: int, players: int, choice: tuple[set[str], tuple[str, ...], str]
) -> None:
    """Invariants: every card is always in exactly one place (stack, hands, bids, scored piles,
    Pakjeskamer, discard); a player to act always has a legal move and moves are distinct;
    a bid never needs matching by a player who stopped; the game ends (SK-B9)."""
    config = _config(choice)
    state = ENGINE.new_state(config, players)  # type: ignore[arg-type]
    deck = Counter(state.table.deck)
    rng = random.Random(seed)
    for _ in range(50_000):
        if state.is_terminal():
            break
        assert Counter(state.all_cards()) == deck
        if state.current_player() >= 0:
            moves = state.legal_actions()
            assert moves and len(set(moves)) == len(moves)
            assert all(len(h) >= 0 for h in state.hands)
        _step(state, rng)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert Counter(state.all_cards()) == deck
    assert state.winners and state.stack_size() < state.cards_needed()


@pytest.mark.parametrize(
    ("mode", "variants"), [("symbool", ["actiepiet"]), ("spel", ["speculaas"])]
)
def test_every_surprise_mode_keeps_the_engine_contract(mode: str, variants: list[str]) -> None:
    """The contract's undo and replay checks for the surprise modes that no variant id
    selects (the standard configuration counts surprises per round, "ronde")."""
    config = standard_config(["surprises", *variants], surprise_mode=mode)
    assert config.surprise_mode == mode
    for seed, players in ((1, 3), (2, 6)):
        assert check_undo(ENGINE, config, players, seed, 300) > 0
        record = check_replay_equals_play(GAME.engine, config, players, seed, standard=False)
        assert {"SurprisePicked"} <= {e.event_type for e in replay(record, ENGINE, config)}


def test_event_log_marks_automatic_events_and_serialises() -> None:
    """Rule-made events are automatic, choices and chance are not; every event is JSON-ready."""
    log = EventLog()
    config = standard_config(["speculaas", "actiepiet", "wie-kent-hem-niet", "surprises"])
    play(ENGINE, config, [HeuristicPolicy() for _ in range(4)], 3, log=log)
    kinds = {e.event_type: e.automatic for e in log}
    assert kinds["CardBid"] is False and kinds["CardsDealt"] is False
    assert kinds["RoundWon"] is True and kinds["LapStarted"] is True
    assert kinds["SurprisePicked"] is True and kinds["SintChanged"] is True
    for event in log:
        data = event.to_dict()
        assert data["type"] == event.event_type
        json.dumps(data)
        line = event_line(event)  # the engine log: type, fields, rules
        assert line.startswith(("* " if event.automatic else "") + f"{event.event_type} ")
        assert line.endswith(f"[{', '.join(event.rule_ids)}]")
    first = event_line(log.events[0])
    assert first.startswith("* GameStarted players=4 variants=surprises overschatting")
    bid = next(e for e in log if isinstance(e, CardBid))
    assert event_line(bid).startswith(f"CardBid seat={bid.seat} card={bid.card} ")


def test_every_move_and_chance_outcome_round_trips_through_notation() -> None:
    """Moves format to notation and parse back; chance outcomes encode to JSON and back."""
    rng = random.Random(5)
    config = standard_config(["speculaas", "actiepiet", "pietje-precies", "wie-kent-hem-niet"])
    seen: set[str] = set()
    for seed in range(30):
        state = ENGINE.new_state(config, 4)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                action = ENGINE.sample_chance(state, rng)
            else:
                for move in state.legal_actions():
                    text = act.format_move(move)
                    assert act.parse_move(text) == move
                    seen.add(text.split()[0])
                moves = state.legal_actions()
                action = moves[rng.randrange(len(moves))]
            assert (
                ENGINE.decode_action(json.loads(json.dumps(ENGINE.encode_action(action)))) == action
            )
            state.push(action)
    assert {"add", "hide", "swap", "done", "stop", "limit", "give-big-sint", "strike"} <= seen
    for bad in ("add oranje-3", "fly", "limit x", "swap rood-1", {"reveal": 3}, {"deal": []}):
        with pytest.raises(ValueError):
            ENGINE.decode_action(bad)  # type: ignore[arg-type]


# --- views and policies ---------------------------------------------------------------------


def test_view_hides_other_hands_the_stack_and_face_down_cards() -> None:
    """A view shows own cards and public facts only."""
    state, _ = game(3, ["actiepiet", "pietje-precies"])
    deal(
        state,
        "stafpiet rood-1 rood-2 rood-3 rood-4 rood-6",
        "blauw-1 blauw-2 geel-3 geel-4 paars-5 paars-6",
        "groen-1 groen-2 groen-3 geel-7 geel-8 paars-9",
    )
    reveal(state, "paars-1")
    do(state, "hide stafpiet")
    view = ENGINE.player_view(state, 1)
    public = {name for name in dir(view) if not name.startswith("_")}
    assert "hands" not in public and "stack_pool" not in public
    assert view.hand == cards("blauw-1 blauw-2 geel-3 geel-4 paars-5 paars-6")
    assert view.hand_sizes == (5, 6, 6) and view.bid(0) == (0,)
    assert view.stack_size == state.stack_size()
    assert view.seen_bids() == []  # seat 0's Stafpiet lies face down
    assert ENGINE.player_view(state, 0).seen_bids() == list(cards("stafpiet"))


def test_a_view_sees_the_bid_cards_its_bids_show() -> None:
    """``seen_bids`` (what the heuristic counts as seen) is every card ``bid`` shows the seat,
    face-down cards of others left out, at every step of random games with hidden bids."""
    hidden = 0
    for seed in range(12):
        players = 3 + seed % 4
        state, _ = game(players, ["actiepiet", "pietje-precies"])
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in range(players):
                view = ENGINE.player_view(state, seat)
                shown = [card for other in range(players) for card in view.bid(other) if card]
                assert view.seen_bids() == shown
                hidden += sum(view.bid(other).count(0) for other in range(players))
            _step(state, rng)
    assert hidden > 0  # the games did hide cards


def test_heuristic_ignores_hidden_information() -> None:
    """The heuristic's choices depend only on its view: dealing the opponents other hidden
    hands (same sizes) and leaving other cards in the stack never changes them."""
    base = standard_config()
    deck_rng = random.Random(11)
    for trial in range(25):
        deck = list(ENGINE.new_state(base, 3).table.deck)
        deck_rng.shuffle(deck)
        own, room, rest = tuple(deck[:6]), deck[6], deck[7:]
        choices = set()
        for _ in range(3):
            deck_rng.shuffle(rest)
            state = ENGINE.new_state(base, 3)
            state.set_position(sint=0)
            state.push(Deal(((), (), ()), (own, tuple(rest[:6]), tuple(rest[6:12]))))
            state.push(Reveal(room))
            view = ENGINE.player_view(state, 0)
            choices.add(HeuristicPolicy().choose(view, state.legal_actions(), random.Random(trial)))
        assert len(choices) == 1


def test_heuristic_clearly_beats_random_play() -> None:
    """The heuristic in seat 0 wins far more than its fair quarter of 4-player games."""
    summary = simulate(
        registered_game("sinterklaas").engine,
        standard_config(),
        4,
        120,
        seed=7,
        policies=("heuristic", "random", "random", "random"),
    )
    assert summary.win_share[0] > 0.6, summary.format_table()


# --- registry, simulation, golden files -----------------------------------------------------


def test_registry_knows_sinterklaas() -> None:
    """The registry discovers the engine; unknown variants are refused."""
    entry = registered_game("sinterklaas").engine
    assert entry.engine is ENGINE and set(entry.policies) >= {"random", "heuristic"}
    assert entry.standard_config(("speculaas",)).variants == (
        "overschatting",
        "inwisselen",
        "handregel",
        "biedregel",
        "remise",
        "speculaas",
    )
    with pytest.raises(ValueError, match="unknown"):
        entry.standard_config(("no-such-variant",))
    with pytest.raises(ValueError, match="cannot be combined"):
        entry.standard_config(("meer-pakjes", "minder-pakjes"))
    assert GAME.engine.golden_cases


def test_simulation_is_identical_for_any_number_of_jobs() -> None:
    """Seeds come from (base seed, game index), so jobs=1 and jobs=2 agree exactly; the metrics
    report rounds per game and how rounds ended (fractions add up to one)."""
    config = standard_config()
    one = simulate(
        registered_game("sinterklaas").engine,
        config,
        4,
        12,
        seed=3,
        jobs=1,
        chunk_size=5,
        policies=("heuristic",) * 4,
    )
    two = simulate(
        registered_game("sinterklaas").engine,
        config,
        4,
        12,
        seed=3,
        jobs=2,
        chunk_size=2,
        policies=("heuristic",) * 4,
    )
    assert one == two
    ends = sum(one.metrics[m].mean for m in ("one_left", "showdown_won", "no_winner"))
    assert abs(ends - 1) < 1e-9 and one.metrics["rounds_per_game"].minimum >= 1
    assert abs(sum(one.win_share) - 1) < 1e-9


def test_pnp_simulate_runs_on_the_spec_deck() -> None:
    """``pnp simulate sinterklaas --players N`` plays on the deck of the spec tables."""
    summary = simulate_game("sinterklaas", 5, 4, variants=["speculaas"], seed=2)
    assert summary.games == 4 and summary.num_players == 5 and "speculaas" in summary.variants
    result = CliRunner().invoke(app, ["simulate", "sinterklaas", "--players", "3", "--games", "3"])
    assert result.exit_code == 0, result.output
    assert "rounds_per_game" in result.output
    bad = CliRunner().invoke(app, ["simulate", "sinterklaas", "--players", "7", "--games", "1"])
    assert bad.exit_code == 2


# --- the spec tables ---------------------------------------------------------------------------


def test_config_from_the_tables_equals_the_rules() -> None:
    """SK-C1 ... SK-C4, SK-M1, SK-S1: the spec tables give exactly the standard configuration."""
    spec = load_game("sinterklaas").spec
    for variants in [(), *((v,) for v in VARIANTS), ("actiepiet", "pietje-precies", "speculaas")]:
        chosen = resolve_variants(spec, variants)
        config = config_from_spec(spec, chosen)
        assert config == standard_config(variants)
        assert validate_deck(config) == [] and check_deck(spec, chosen) == []


def test_a_deck_the_engine_rejects_stops_the_build(project_copy: Path, tmp_path: Path) -> None:
    """SK-D1/SK-C4: with one copy per card the deck cannot supply a round of meer-pakjes for
    6 players, and without Stafpiet the action cards are incomplete: check and build refuse."""
    deck = project_copy / "cardspecs" / "sinterklaas" / "deck.csv"
    deck.write_text(
        re.sub(r"^([a-z]+-\d),3,", r"\1,1,", deck.read_text(encoding="utf-8"), flags=re.M),
        encoding="utf-8",
    )
    spec = load_game("sinterklaas").spec
    problems = check_deck(spec, ("meer-pakjes",))
    assert any(p.startswith("SK-D1: 6 players with hands of 8") for p in problems)
    result = CliRunner().invoke(app, ["build", "sinterklaas", "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "SK-D1" in result.stderr
    assert not (tmp_path / "o").exists()
    acties = project_copy / "cardspecs" / "sinterklaas" / "acties.csv"
    acties.write_text(
        "\n".join(
            line
            for line in acties.read_text(encoding="utf-8").splitlines()
            if not line.startswith("stafpiet")
        )
        + "\n",
        encoding="utf-8",
    )
    assert "SK-C4: the action cards lack Stafpiet" in check_deck(
        load_game("sinterklaas").spec, ("actiepiet",)
    )
    assert parse_card("stafpiet") == 256
