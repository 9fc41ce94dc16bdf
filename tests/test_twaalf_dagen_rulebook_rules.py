"""Twaalf-dagen: the engine, the printed rulebook and the player aid say the same thing.

Each test names the rule it guards and fails when either the engine's behaviour or the
printed text (read back from the built PDFs) drifts from it.
"""

from __future__ import annotations

import random
import re

import pytest

from pnp.engine import EventLog, RandomPolicy, play
from pnp.games.twaalf_dagen.rules.actions import ChooseDealer, parse_play
from pnp.games.twaalf_dagen.rules.config import PLAYER_COUNTS, standard_config
from pnp.games.twaalf_dagen.rules.engine import ENGINE
from pnp.games.twaalf_dagen.rules.events import GameEnded, HandDealt, HandWon
from tests.conftest import KitMaker


def _plain(text: str) -> str:
    """Whitespace collapsed and words broken at a line end joined again."""
    return re.sub(r"(\w)- (\w)", r"\1\2", " ".join(text.split()))


def _rulebook(kit: KitMaker, variants: tuple[str, ...] = ()) -> str:
    return _plain(kit("twaalf-dagen", variants).text("spelregels.pdf"))


def _aid(kit: KitMaker, variants: tuple[str, ...] = ()) -> str:
    built = kit("twaalf-dagen", variants)
    return _plain(built.component_text("hulp") + " " + built.component_text("hulp", back=True))


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


# --- GAMES.md "Words in the rulebooks": a deal is a ronde, the cards you hold your hand ----

_DEAL_CALLED_HAND = re.compile(
    r"\b(?:wint de|de volgende|volgende|eerste|tweede|derde|vijfde|twaalfde|deze|per|elke|"
    r"een|aantal|twaalf|drie|\d+) hand(?:en)?\b",
    re.IGNORECASE,
)
"""'hand' (or 'handen') used for a deal: 'wint de hand', 'volgende hand', 'drie handen' …"""


def _own_text(text: str) -> str:
    """The book without the shared printing chapter at its end (not this game's wording)."""
    end = text.rfind("Printen en in elkaar zetten")
    return text[:end] if end > 0 else text


@pytest.mark.parametrize("variants", [(), ("kort",)])
def test_words_a_deal_is_a_ronde_and_the_cards_you_hold_a_hand(
    kit: KitMaker, variants: tuple[str, ...]
) -> None:
    """GAMES.md 'Words in the rulebooks' (twaalf-dagen): a deal is a *ronde*, the cards you
    hold your *hand*; no straight quotes, never *dicht*. The printed number of rondes is the
    number of deals the engine plays (TD-B7, TD-K1)."""
    config = standard_config(short=bool(variants))
    state = play(ENGINE, config, [RandomPolicy()] * 4, 7).state
    assert state.hands_done == config.max_hands
    rondes = {3: "drie", 12: "twaalf"}[state.hands_done]
    built = kit("twaalf-dagen", variants)
    book = _own_text(_rulebook(kit, variants))
    aid = _aid(kit, variants)
    cards = _plain(built.text("kaarten.pdf"))
    for name, text in (("rulebook", book), ("player aid", aid), ("cards", cards)):
        wrong = [m.group(0) for m in _DEAL_CALLED_HAND.finditer(text)]
        assert not wrong, f"the {name} calls a deal a hand: {wrong}"
        assert '"' not in text and "'" not in text, f"the {name} has straight quotes"
        assert "dicht" not in text
    assert f"{rondes} rondes" in book
    assert "Einde van een ronde" in book and "Einde van een ronde" in aid
    assert "terug in je hand" in book and "terug in je hand" in aid
    assert "Wie een ronde wint, krijgt een geschenk" in cards
    end = "Na twaalf rondes" if not variants else "na drie rondes"
    assert aid.count(end) == 8
