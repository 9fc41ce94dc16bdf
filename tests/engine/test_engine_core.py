"""The generic engine kit driven by twaalf-dagen: records, replay, event log, undo, termination."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.engine import (
    CHANCE,
    TERMINAL,
    EventLog,
    GameRecord,
    RandomPolicy,
    play,
)
from pnp.errors import PnpError
from pnp.games.twaalf_dagen import engine as td
from pnp.games.twaalf_dagen.notation import render_events
from pnp.games.twaalf_dagen.policies import HeuristicPolicy
from pnp.registry import game, games
from tests.engine.registered import replay_registered

CONFIG = td.standard_config()
SHORT = td.standard_config(short=True)


def test_record_replays_to_identical_events() -> None:
    """A played game's record replays (through the registry) to exactly the same events."""
    log = EventLog()
    result = play(
        td.ENGINE,
        CONFIG,
        [HeuristicPolicy(), RandomPolicy(), HeuristicPolicy(), RandomPolicy()],
        42,
        log=log,
    )
    assert len(log) > 100
    assert replay_registered(result.record) == result.events
    assert result.record.seed == 42
    assert result.record.game_id == "twaalf-dagen" and result.record.num_players == 4


def test_record_round_trips_through_json() -> None:
    """Records survive to_json/from_json unchanged and still replay identically."""
    log = EventLog()
    result = play(td.ENGINE, SHORT, [RandomPolicy()] * 5, 7, log=log)
    text = result.record.to_json()
    again = GameRecord.from_json(text)
    assert again == result.record
    assert again.variants == ("kort",)
    assert json.loads(text)["actions"][0] == again.actions[0]
    assert isinstance(again.actions[0], dict) and set(again.actions[0]) == {"dealer"}
    assert replay_registered(again) == result.events


def test_replay_rejects_an_illegal_action() -> None:
    """Replaying a tampered record fails loudly instead of producing other events."""
    record = play(td.ENGINE, SHORT, [RandomPolicy()] * 3, 1).record
    actions = list(record.actions)
    first_play = next(i for i, a in enumerate(actions) if isinstance(a, str))
    actions[first_play] = "pass"  # the leader may not pass
    tampered = GameRecord(record.game_id, record.variants, 3, None, tuple(actions))
    with pytest.raises(ValueError):
        replay_registered(tampered)


def test_malformed_record_is_reported() -> None:
    """A record without its actions is a ValueError, not a KeyError."""
    with pytest.raises(ValueError, match="actions"):
        GameRecord.from_json('{"game": "twaalf-dagen", "variants": [], "players": 2, "seed": 1}')


def test_same_seed_same_game_and_chance_independent_of_policies() -> None:
    """A seed fixes the game; deals do not depend on which policies play."""
    a = play(td.ENGINE, CONFIG, [RandomPolicy()] * 3, 5).record
    b = play(td.ENGINE, CONFIG, [RandomPolicy()] * 3, 5).record
    c = play(td.ENGINE, CONFIG, [HeuristicPolicy()] * 3, 5).record
    assert a == b
    assert a.actions[:2] == c.actions[:2]  # dealer and first deal


def test_log_off_builds_no_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the log off (None or disabled) the engine never constructs an event object."""

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("an event was built with the log off")

    for name in ("GameStarted", "DealerChosen", "HandDealt", "Played", "Passed", "TrickWon",
                 "CardsReturned", "HandWon", "GiftEarned", "GiftGiven", "GiftNotGiven",
                 "GameEnded"):  # fmt: skip
        monkeypatch.setattr(td, name, forbidden)
    for log in (None, EventLog(enabled=False)):
        result = play(td.ENGINE, CONFIG, [RandomPolicy()] * 4, 3, log=log)
        assert result.state.is_terminal()
        assert result.events == ()
    with pytest.raises(AssertionError, match="log off"):
        play(td.ENGINE, CONFIG, [RandomPolicy()] * 4, 3, log=EventLog())


def test_event_log_marks_automatic_events() -> None:
    """The log tells rule-made events (automatic) from choices, and serialises to JSON."""
    log = EventLog()
    play(td.ENGINE, SHORT, [RandomPolicy()] * 4, 8, log=log)
    kinds = {e.event_type: e.automatic for e in log}
    assert kinds["Played"] is False and kinds["HandDealt"] is False
    assert kinds["TrickWon"] is True and kinds["GiftEarned"] is True
    for event in log:
        data = event.to_dict()
        assert data["type"] == event.event_type
        json.dumps(data)
    assert render_events(log.events)[0].startswith("* 4 players (kort)")


def _random_step(state: td.TwaalfDagenState, rng: random.Random) -> None:
    if state.current_player() == CHANCE:
        state.push(td.ENGINE.sample_chance(state, rng))
    else:
        legal = state.legal_actions()
        state.push(legal[rng.randrange(len(legal))])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 8),
    steps=st.integers(0, 700),
    short=st.booleans(),
)
def test_push_pop_restores_the_exact_state(
    seed: int, players: int, steps: int, short: bool
) -> None:
    """Undo: popping every pushed action restores each earlier state exactly (log included)."""
    log = EventLog()
    state = td.ENGINE.new_state(td.standard_config(short), players, log)
    rng = random.Random(seed)
    snapshots = []
    log_lengths = []
    for _ in range(steps):
        if state.is_terminal():
            break
        snapshots.append(state.snapshot())
        log_lengths.append(len(log))
        _random_step(state, rng)
    while snapshots:
        state.pop()
        assert state.snapshot() == snapshots.pop()
        assert len(log) == log_lengths.pop()
    assert state.history == []


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), short=st.booleans())
def test_random_play_always_terminates(seed: int, players: int, short: bool) -> None:
    """TD-B5 (termination): every trick discards cards, so a hand has at most as many
    tricks as cards dealt, and a game at most ``max_hands`` hands."""
    config = td.standard_config(short)
    result = play(td.ENGINE, config, [RandomPolicy()] * players, seed)
    state = result.state
    assert state.current_player() == TERMINAL
    assert state.hands_done <= config.max_hands
    dealt = players * config.hand_sizes[players]
    assert all(1 <= tricks <= dealt for tricks in state.tricks_per_hand)
    assert state.winners and set(state.winners) <= set(range(players))


def test_registry_knows_twaalf_dagen() -> None:
    """The registry discovers the engine; unknown ids name the known ones."""
    assert "twaalf-dagen" in games()
    entry = game("twaalf-dagen").engine
    assert entry.engine is td.ENGINE
    assert set(entry.policies) >= {"random", "heuristic"}
    with pytest.raises(PnpError, match="twaalf-dagen"):
        game("no-such-game")
    with pytest.raises(ValueError, match="unknown"):
        entry.standard_config(("no-such-variant",))


def test_notation_round_trips_every_play() -> None:
    """Every lead in a full hand formats to notation and parses back to itself."""
    counts = [0] + [2] * 12 + [0]
    for action in td.lead_actions(counts, 12):
        text = td.format_play(action)
        assert td.parse_play(text) == action
        assert td.ENGINE.decode_action(td.ENGINE.encode_action(action)) == action
    assert td.parse_play("pass") == td.PASS
    with pytest.raises(ValueError):
        td.parse_play("3 5")
