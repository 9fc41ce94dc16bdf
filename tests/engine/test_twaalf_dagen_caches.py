"""twaalf-dagen's memo tables answer what a fresh computation answers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.engine import RandomPolicy, play
from pnp.games.twaalf_dagen import engine as td
from pnp.games.twaalf_dagen.policies import _count_plays, plays_needed


@settings(max_examples=300, deadline=None)
@given(top=st.integers(1, 14), data=st.data())
def test_plays_needed_memo_equals_the_count(top: int, data: st.DataObject) -> None:
    """Same hand counts, same top: the memo's answer is the counted one, asked twice."""
    counts = data.draw(st.lists(st.integers(0, 4), min_size=top + 2, max_size=top + 2))
    assert plays_needed(counts, top) == _count_plays(counts, top)
    assert plays_needed(tuple(counts), top) == _count_plays(counts, top)


def test_play_cards_and_deck_counts_over_random_play() -> None:
    """Every play of random games decodes to its cards; the deck counts follow the config."""
    for config in (td.standard_config(), td.standard_config(short=True)):
        for seed in range(5):
            state = play(td.ENGINE, config, [RandomPolicy() for _ in range(4)], seed).state
            for action in state.history:
                if isinstance(action, int) and action != td.PASS:
                    cards = td.play_cards(action)
                    assert cards == td._unpack_play(action)
                    assert len(cards) == td.play_length(action)
            view = td.ENGINE.player_view(state, 0)
            expected = [0] * (view.top + 2)
            for number, copies in config.card_counts.items():
                expected[number] = copies
            assert view.deck_counts == tuple(expected)
