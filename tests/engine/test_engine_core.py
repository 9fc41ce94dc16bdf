"""The generic engine kit driven by twaalf-dagen: malformed records, the event log, termination,
the registry and notation (the engine contract is ``test_engine_contract.py``)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.base.errors import PnpError
from pnp.catalog.registry import game, games
from pnp.engine import (
    TERMINAL,
    EventLog,
    GameRecord,
    RandomPolicy,
    play,
)
from pnp.engine.notation import event_line
from pnp.games.twaalf_dagen.rules.actions import PASS, format_play, lead_actions, parse_play
from pnp.games.twaalf_dagen.rules.config import standard_config
from pnp.games.twaalf_dagen.rules.engine import ENGINE

CONFIG = standard_config()
SHORT = standard_config(short=True)


def test_malformed_record_is_reported() -> None:
    """A record without its actions is a ValueError, not a KeyError."""
    with pytest.raises(ValueError, match="actions"):
        GameRecord.from_json('{"game": "twaalf-dagen", "variants": [], "players": 2, "seed": 1}')


def test_event_log_marks_automatic_events() -> None:
    """The log tells rule-made events (automatic) from choices, and serialises to JSON."""
    log = EventLog()
    play(ENGINE, SHORT, [RandomPolicy()] * 4, 8, log=log)
    kinds = {e.event_type: e.automatic for e in log}
    assert kinds["Played"] is False and kinds["HandDealt"] is False
    assert kinds["TrickWon"] is True and kinds["GiftEarned"] is True
    for event in log:
        data = event.to_dict()
        assert data["type"] == event.event_type
        json.dumps(data)
        assert data["rules"] == list(event.rule_ids)
    first, played = log.events[0], next(e for e in log if e.event_type == "Played")
    assert event_line(first).startswith("* GameStarted players=4 variants=kort gifts=1 1 1 1")
    assert event_line(first).endswith("[TD-B1, TD-K1]")
    assert event_line(played).startswith(f"Played seat={played.seat} ")  # type: ignore[attr-defined]


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), short=st.booleans())
def test_random_play_always_terminates(seed: int, players: int, short: bool) -> None:
    """TD-B5 (termination): every trick discards cards, so a hand has at most as many
    tricks as cards dealt, and a game at most ``max_hands`` hands."""
    config = standard_config(short)
    result = play(ENGINE, config, [RandomPolicy()] * players, seed)
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
    assert entry.engine is ENGINE
    assert set(entry.policies) >= {"random", "heuristic"}
    with pytest.raises(PnpError, match="twaalf-dagen"):
        game("no-such-game")
    with pytest.raises(ValueError, match="unknown"):
        entry.standard_config(("no-such-variant",))


def test_notation_round_trips_every_play() -> None:
    """Every lead in a full hand formats to notation and parses back to itself."""
    counts = [0] + [2] * 12 + [0]
    for action in lead_actions(counts, 12):
        text = format_play(action)
        assert parse_play(text) == action
        assert ENGINE.decode_action(ENGINE.encode_action(action)) == action
    assert parse_play("pass") == PASS
    with pytest.raises(ValueError):
        parse_play("3 5")


def test_advance_makes_the_game_so_far_permanent() -> None:
    """Actions pushed after an ``advance`` undo back to it, not further; the state reached
    by advancing is the state reached by pushing."""
    pushed = play(ENGINE, SHORT, [RandomPolicy()] * 3, 5).state
    actions = list(pushed.history)
    state = ENGINE.new_state(SHORT, 3)
    for action in actions[:10]:
        state.advance(action)
    for action in actions[10:20]:
        state.push(action)
    for _ in range(10):
        state.pop()
    assert list(state.history) == actions[:10]
    with pytest.raises(IndexError, match="nothing to undo"):
        state.pop()
    for action in actions[10:]:
        state.advance(action)
    assert state.is_terminal() and state.winners == pushed.winners
