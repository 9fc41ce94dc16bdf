"""The heuristic's packed combination keys equal the plain ones (``cards_key``), its Pietje
Precies keys (precise words, strikes read from the groups) equal the counted ones, and its
equity estimates consume the generator exactly like the card-list version."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.engine import RandomPolicy, play
from pnp.engine.sampling import quick_sample
from pnp.games.sinterklaas.policies import CHECKPOINTS, SAMPLES, HeuristicPolicy, settled
from pnp.games.sinterklaas.rules.cards import INPAKPIET, action_card, card_table, plain_card
from pnp.games.sinterklaas.rules.combinations import (
    PACKED_BYTES,
    PRECISE_NUMBER_SHIFT,
    cards_key,
    packed_key,
    packed_layout,
    packed_values,
    precise_words,
    strike_key,
    words_key,
    words_of_cards,
)
from pnp.games.sinterklaas.rules.engine import ENGINE, SinterklaasState, standard_config
from pnp.games.sinterklaas.rules.steps import ALL_IN, IN
from pnp.games.sinterklaas.view import SinterklaasView

EVERY = ("speculaas", "actiepiet", "wie-kent-hem-niet", "surprises")
PRECISE = ("pietje-precies", *EVERY)
AGAINST: list[tuple[float, ...]] = [(), (0.45,), (0.225, 0.45), (0.5,)]
"""Thresholds the policy compares its estimates with (none: every deal is dealt)."""
TABLES = [card_table(standard_config().kinds), card_table(standard_config(EVERY).kinds)]
PRECISE_TABLE = card_table(standard_config(PRECISE).kinds)


def _struck_key(cards: Sequence[int], strikes: int) -> int:
    """The Pietje Precies key with up to ``strikes`` strikes, by trying every part."""
    table = PRECISE_TABLE
    best = cards_key(cards, table.colour, table.number, True)
    if strikes and cards:
        for index in range(len(cards)):
            rest = [*cards[:index], *cards[index + 1 :]]
            best = max(best, _struck_key(rest, strikes - 1))
    return best


@settings(max_examples=400, deadline=None)
@given(data=st.data(), strikes=st.integers(0, 3), narrow=st.booleans())
def test_strike_key_and_words_key_equal_the_counted_keys(
    data: st.DataObject, strikes: int, narrow: bool
) -> None:
    """Any cards (from the deck, or from a few numbers and one colour so that groups and runs
    are common): ``strike_key`` is the best key of a part leaving out at most ``strikes``
    cards, and ``words_key`` of the cards' precise words is their Pietje Precies key."""
    table = PRECISE_TABLE
    codes = sorted(set(table.deck))
    if narrow:
        codes = [c for c in codes if table.number[c] in (3, 4, 5, 6) or table.colour[c] == 1]
    cards = data.draw(st.lists(st.sampled_from(codes), max_size=8))
    assert strike_key(cards, table.colour, table.number, strikes) == _struck_key(cards, strikes)
    words = precise_words(table.colour, table.number)
    bits = 0
    for card in cards:
        bits |= words[card]
    total = sum(words[c] >> PRECISE_NUMBER_SHIFT for c in cards)
    assert words_of_cards(words, cards) == (bits, total)
    assert words_key(bits, total, len(cards)) == cards_key(cards, table.colour, table.number, True)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), which=st.sampled_from([0, 1]))
def test_packed_key_equals_cards_key(data: st.DataObject, which: int) -> None:
    """Any set of deck cards: the packed sum's key is the counted key."""
    table = TABLES[which]
    cards = data.draw(st.lists(st.sampled_from(table.deck), max_size=20))
    packed = packed_values(table.colour, table.number)
    expected = cards_key(cards, table.colour, table.number)
    assert packed_key(sum(packed[c] for c in cards)) == expected


@settings(max_examples=300, deadline=None)
@given(data=st.data(), which=st.sampled_from([0, 1]), key=st.integers(0, 40 << 16))
def test_reaches_compares_the_best_key(data: st.DataObject, which: int, key: int) -> None:
    """``PackedLayout.reaches`` tells whether some group key of a set of cards is at least
    ``key``, as unpacking every group key would (the layout of every card code)."""
    table = TABLES[which]
    layout = packed_layout(range(len(table.colour)), table.colour, table.number)
    cards = data.draw(st.lists(st.sampled_from(table.deck), min_size=1, max_size=20))
    packed = packed_values(table.colour, table.number)
    biased = sum(layout.values[c] for c in cards) + layout.bias
    best = max(layout.reader.unpack(biased.to_bytes(layout.reader.size, "little")))
    assert best == packed_key(sum(packed[c] for c in cards))
    assert layout.reaches(biased, layout.threshold(key)) == (best >= key)
    assert layout.reaches(biased, layout.threshold(best))
    assert not layout.reaches(biased, layout.threshold(best + 1))


def test_settled_needs_a_clear_distance_from_every_threshold() -> None:
    """An estimate is settled only far (in standard errors) from each threshold."""
    assert settled(0.0, 8, (0.45,)) and settled(8.0, 8, (0.45,))
    assert not settled(4.0, 8, (0.45,))
    assert not settled(0.0, 8, (0.45, 0.05))  # near the second threshold
    assert not settled(0.0, 8, ()) and not settled(0.0, 0, (0.5,))
    assert settled(0.0, 64, (0.1,)) and not settled(0.0, 2, (0.1,))


def _reference_unseen(view: SinterklaasView) -> list[int]:
    """The deck minus the discard pile, the hand, the Pakjeskamer, the own scored cards and
    every visible bid card, in ascending code order."""
    left = Counter(view.table.deck)
    seen = [*view.discard, *view.hand, *view.room, *view.scored]
    for seat in range(view.num_players):
        seen.extend(view.bid(seat))
    for card in seen:
        if left[card]:
            left[card] -= 1
    return sorted(left.elements())


def _reference_key(
    view: SinterklaasView, cards: list[int], strikes: int = 0, inpak: int = 0
) -> int:
    """The best key under the configured rules, counted card by card: every Inpakpiet colour
    tried, every part with at most ``strikes`` cards struck (Pietje Precies)."""
    table = view.table
    if inpak:
        number = table.number[action_card(INPAKPIET)]
        return max(
            _reference_key(view, [*cards, *[plain_card(colour, number)] * inpak], strikes)
            for colour in range(5)
        )
    precise = view.config.precise
    best = cards_key(cards, table.colour, table.number, precise)
    if precise and strikes and cards:
        for index in range(len(cards)):
            rest = cards[:index] + cards[index + 1 :]
            best = max(best, _reference_key(view, rest, strikes - 1))
    return best


def _reference_equity(
    view: SinterklaasView, hand: list[int], rng: random.Random, against: tuple[float, ...]
) -> float:
    """The equity estimate on card lists: every deal drawn whole with ``quick_sample``, every
    key counted, stopping at the checkpoints as the policy does."""
    policy = HeuristicPolicy()
    opponents = [
        s for s in range(view.num_players) if s != view.seat and view.status[s] in (IN, ALL_IN)
    ]
    if not opponents:
        return 1.0
    pool = _reference_unseen(view)
    assert policy.unseen(view) == pool
    reveals, sizes = view.reveals_left, view.hand_sizes
    need = reveals + sum(sizes[s] for s in opponents)
    if need > len(pool):
        reveals = 0
        need = sum(sizes[s] for s in opponents)
        if need > len(pool):
            return 0.5
    strikes, inpak, room = policy.strikes(view), policy.inpak(view), list(view.room)
    wins = 0.0
    for done in range(SAMPLES):
        if done in CHECKPOINTS and settled(wins, done, against):
            return wins / done
        cards = quick_sample(rng, pool, need)
        table_cards = room + cards[:reveals]
        mine = _reference_key(view, [*hand, *table_cards], strikes, inpak)
        offset, best_other = reveals, 0
        for seat in opponents:
            other = _reference_key(view, [*cards[offset : offset + sizes[seat]], *table_cards])
            offset += sizes[seat]
            best_other = max(best_other, other)
        if mine > best_other:
            wins += 1.0
        elif mine == best_other and view.config.remise:
            wins += 0.3
    return wins / SAMPLES


def test_equity_matches_the_card_list_estimate_over_random_play() -> None:
    """At every decision of random games (base, every rule, every rule with Pietje Precies),
    with thresholds or without: the same unseen cards and estimate, and the generator left in
    the same state."""
    checked = 0
    for variants in ((), EVERY, PRECISE):
        config = standard_config(variants)
        for seed in range(6):
            result = play(ENGINE, config, [RandomPolicy() for _ in range(4)], seed)
            history = list(result.state.history)
            state = SinterklaasState(config, 4, None)
            for action in history[:-1]:
                state.push(action)
                seat = state.current_player()
                if seat < 0:
                    continue
                view = SinterklaasView(state, seat)
                ours, theirs = random.Random(seed), random.Random(seed)
                hand = list(view.hand)
                against = AGAINST[checked % len(AGAINST)]
                assert HeuristicPolicy().equity(
                    view, hand, ours, against=against
                ) == _reference_equity(view, hand, theirs, against)
                assert ours.getstate() == theirs.getstate()
                checked += 1
    assert checked > 100


@settings(max_examples=200, deadline=None)
@given(data=st.data(), which=st.sampled_from([0, 1]), key=st.integers(0, 40 << 16))
def test_a_layout_of_the_deck_gives_the_full_keys(
    data: st.DataObject, which: int, key: int
) -> None:
    """The packed layout over the deck's groups only reads the same best key as the full one,
    and compares with a key the same way."""
    table = TABLES[which]
    layout = packed_layout(sorted(set(table.deck)), table.colour, table.number)
    cards = data.draw(st.lists(st.sampled_from(table.deck), max_size=20))
    packed = packed_values(table.colour, table.number)
    best = packed_key(sum(packed[c] for c in cards))
    total = sum(layout.values[c] for c in cards)
    assert layout.key(total) == best
    if cards:
        assert layout.reaches(total + layout.bias, layout.threshold(key)) == (best >= key)
    assert layout.reader.size < PACKED_BYTES  # five colours and nine numbers: fewer fields
