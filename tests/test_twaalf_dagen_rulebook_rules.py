"""Twaalf-dagen: the engine, the printed rulebook and the player aid say the same thing.

Each test names the rule it guards and fails when either the engine's behaviour or the
printed text (read back from the built PDFs) drifts from it.
"""

from __future__ import annotations

import random
import re

import pytest

from pnp.engine import EventLog, RandomPolicy, play
from pnp.games.twaalf_dagen.engine import (
    ENGINE,
    PLAYER_COUNTS,
    ChooseDealer,
    GameEnded,
    HandDealt,
    HandWon,
    parse_play,
    standard_config,
)
from tests.conftest import KitMaker


def _plain(text: str) -> str:
    """Whitespace collapsed and words broken at a line end joined again."""
    return re.sub(r"(\w)- (\w)", r"\1\2", " ".join(text.split()))


def _rulebook(kit: KitMaker, variants: tuple[str, ...] = ()) -> str:
    return _plain(kit("twaalf-dagen", variants).text("spelregels.pdf"))


def _aid(kit: KitMaker, variants: tuple[str, ...] = ()) -> str:
    return _plain(kit("twaalf-dagen", variants).text("spelershulp.pdf"))


# --- TD-B4: everyone passes -------------------------------------------------------


def test_td_b4_the_leader_wins_the_trick_when_everyone_passes(kit: KitMaker) -> None:
    """TD-B4: nobody answers the lead, so the leader wins the trick and leads again."""
    state = ENGINE.new_state(standard_config(), 4)
    state.set_position([[11, 12], [10, 12], [3, 12], [9, 9]], leader=0)
    for text in ("11", "pass", "pass", "pass"):
        state.push(parse_play(text))
    assert state.is_leading and state.current_player() == 0
    assert state.discards[11] == 1
    book, aid = _rulebook(kit), _aid(kit)
    assert "Heeft iedereen gepast, dan wint de uitkomer zelf" in book
    assert aid.count("Past iedereen, dan wint de uitkomer.") == 8


# --- TD-B4: who deals the next ronde ---------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 2), (8, 3)])
def test_td_b4_the_player_right_of_the_winner_deals_the_next_hand(
    kit: KitMaker, players: int, seed: int
) -> None:
    """TD-B4 (decision): the seat right of a hand's winner deals the next hand, and the
    winner, left of that dealer, leads it."""
    log = EventLog()
    result = play(ENGINE, standard_config(), [RandomPolicy()] * players, seed, log=log)
    dealt = [e for e in log if isinstance(e, HandDealt)]
    won = [e for e in log if isinstance(e, HandWon)]
    assert len(dealt) == len(won) == 12
    for previous, deal in zip(won, dealt[1:], strict=False):
        assert deal.leader == previous.seat
        assert deal.dealer == (previous.seat - 1) % players
        assert deal.leader == (deal.dealer + 1) % players
    assert result.state.dealer == (won[-1].seat - 1) % players
    book, aid = _rulebook(kit), _aid(kit)
    assert "Wie rechts van de winnaar zit, wordt de nieuwe gever" in book
    assert aid.count("wie rechts van hem zit, deelt") == 8


def test_td_b4_the_first_deal_is_by_the_drawn_dealer() -> None:
    """TD-B4 with TD-B1: the first hand is dealt by the dealer drawn at the start."""
    log = EventLog()
    state = ENGINE.new_state(standard_config(), 4, log)
    state.push(ChooseDealer(2))
    state.push(ENGINE.sample_chance(state, random.Random(0)))
    (deal,) = [e for e in log if isinstance(e, HandDealt)]
    assert (deal.dealer, deal.leader) == (2, 3)


# --- TD-B4 / TD-K1: the short game cannot run out of gifts ----------------------


@pytest.mark.parametrize("players", list(PLAYER_COUNTS))
def test_td_b4_the_short_game_always_lasts_its_hands_and_the_supply_never_runs_out(
    kit: KitMaker, players: int
) -> None:
    """TD-B4 / TD-K1: the short game ends after its three hands; its supply cannot run out
    first, so the printed short game says nothing of an empty supply."""
    config = standard_config(short=True)
    assert config.gift_cards - players * config.start_gifts >= config.hands_short
    log = EventLog()
    state = play(ENGINE, config, [RandomPolicy()] * players, players, log=log).state
    (ended,) = [e for e in log if isinstance(e, GameEnded)]
    assert ended.hands == config.hands_short and state.supply > 0
    book = _rulebook(kit, ("kort",))
    assert "voorraad op" not in book and "of eerder" not in book
    assert "Het spel eindigt na drie" in book
