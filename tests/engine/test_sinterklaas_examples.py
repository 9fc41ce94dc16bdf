"""The Sinterklaas rulebook examples: pinned, replayed, and every claim checked.

Each example comes from a game record pinned in ``cardspecs/sinterklaas/examples/``.
The checks here do not trust the event log the text was rendered from: they
re-push the record's actions on a fresh engine state (no log) and inspect that
state at the moment each sentence speaks of (whose turn it is, the legal
actions, hands, bids, the Pakjeskamer, the Sint cards), and they recompute
every combination from the cards' colours and numbers as the spec tables give
them, with the rules' own words (SK-B7, SK-P1, SK-P2). A false claim fails
the suite; the last tests prove it by falsifying every claim.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pnp.engine.core import CHANCE, GameRecord, replay
from pnp.errors import PnpError
from pnp.games.sinterklaas import actions as act
from pnp.games.sinterklaas import example_claims
from pnp.games.sinterklaas.cards import card_name
from pnp.games.sinterklaas.engine import ENGINE, SinterklaasState
from pnp.games.sinterklaas.example_claims import (
    AddsToRoom,
    DrawsCards,
    GivesBigSint,
    LastOneLeft,
    OpensBig,
    OpensSmall,
    Reveals,
    Shows,
    Strikes,
    SwapsWithRoom,
    TakesSintCard,
    Turn,
    WinsShowdown,
)
from pnp.games.sinterklaas.example_finder import find_one, find_pinned
from pnp.games.sinterklaas.examples import ROWS, Row, rulebook_examples
from pnp.games.sinterklaas.spec_config import config_from_spec
from pnp.games.sinterklaas.steps import (
    CARD_MASK,
    DRAW,
    GIVE_BIG,
    IN,
    LAP,
    OPEN_BIG,
    OPEN_SMALL,
    REVEAL,
    STOPPED,
    STRIKE,
)
from pnp.project import load_game
from pnp.rulebook.example import CardPicture, Example, Step
from pnp.spec.model import GameSpec
from pnp.story import ClaimChecks, check
from tests.dutch_words import WORDS

ALL_VARIANTS = ("actiepiet", "pietje-precies", "wie-kent-hem-niet")
NAMES = ("Anna", "Bram", "Cas", "Daan", "Eva", "Fleur")
ADJECTIVES = {
    "rood": "rode",
    "blauw": "blauwe",
    "groen": "groene",
    "geel": "gele",
    "paars": "paarse",
}
NUMBER, COLOUR, STRAIGHT, NONE = "number", "colour", "straight", "none"
KIND_ORDER = {NONE: -1, STRAIGHT: 0, COLOUR: 1, NUMBER: 2}  # SK-B7; SK-P2 DECISION
SEPARATOR = " · "


@cache
def spec() -> GameSpec:
    """The real spec tables."""
    return load_game("sinterklaas").spec


@cache
def all_examples() -> tuple[Example, ...]:
    """Every example (a kit with every variant an example needs)."""
    return tuple(rulebook_examples(spec(), ALL_VARIANTS))


def example(example_id: str) -> Example:
    """One example by id."""
    return next(e for e in all_examples() if e.id == example_id)


def example_of(kind: str) -> Example:
    """The example of one kind."""
    return example(next(c.id for c in ROWS if c.kind == kind))


@cache
def card_values() -> dict[str, tuple[str, int]]:
    """Card id -> (colour, number), read straight from the spec tables."""
    out = {}
    for component in ("deck", "acties", "pietje-precies"):
        for row in spec().component(component).rows:
            out[row.id] = (row.text("colour"), row.number("number"))
    return out


@cache
def action_names() -> dict[str, str]:
    """Action card id -> its Dutch name, from the spec tables."""
    return {
        row.id: row.text("name")
        for component in ("acties", "pietje-precies")
        for row in spec().component(component).rows
    }


def card_words(card: str) -> str:
    """How a sentence writes a card: "rode 5", or the action card's name."""
    if card in action_names():
        return action_names()[card]
    colour, number = card_values()[card]
    return f"{ADJECTIVES[colour]} {number}"


def pinned_file(ex: Example) -> Path:
    """The pinned file named first in the example's source."""
    return spec().folder / ex.source.split(SEPARATOR)[0]


@cache
def record_named(path: Path) -> GameRecord:
    """A pinned game record."""
    return GameRecord.from_dict(json.loads(path.read_text(encoding="utf-8")))


def record_of(ex: Example) -> GameRecord:
    """The pinned game record of an example."""
    return record_named(pinned_file(ex))


def state_after(record: GameRecord, count: int) -> SinterklaasState:
    """A fresh state (no event log) after the first ``count`` actions of ``record``."""
    assert count <= len(record.actions), "the record has that action"
    state = ENGINE.new_state(config_from_spec(spec(), record.variants), record.num_players)
    for data in record.actions[:count]:
        state.push(ENGINE.decode_action(data))
    return state


def action_at(record: GameRecord, index: int) -> Any:
    """The decoded action ``index``."""
    return ENGINE.decode_action(record.actions[index])


def names(cards: Sequence[int]) -> tuple[str, ...]:
    """Card codes as card ids."""
    return tuple(card_name(c) for c in cards)


def steps_with_claims() -> list[tuple[Example, Step]]:
    """Every step of every example."""
    return [(ex, step) for ex in all_examples() for step in ex.steps]


def step_id(item: tuple[Example, Step]) -> str:
    """A readable test id."""
    ex, step = item
    claim = step.claim
    at = getattr(claim, "at", getattr(claim, "bid_at", "?"))
    return f"{ex.id}:{type(claim).__name__}@{at}:P{getattr(claim, 'seat', '-')}"


# ---------------------------------------------------------------------------
# SK-B7, SK-P1, SK-P2 restated


def best(cards: Sequence[str], precise: bool) -> tuple[int, str, int, list[str]]:
    """The best combination of ``cards``: (count, kind, total, its cards).

    Most cards of one colour or one number; on equal count a number beats a
    colour; then the higher total (SK-B7). Pietje Precies: only a combination
    of all the cards counts, and a straight of distinct consecutive numbers
    is one too, below the other two (SK-P1, SK-P2).
    """
    values = [card_values()[c] for c in cards]
    options: list[tuple[int, str, int, list[str]]] = []
    for colour in {v[0] for v in values}:
        part = [c for c, v in zip(cards, values, strict=True) if v[0] == colour]
        options.append((len(part), COLOUR, sum(card_values()[c][1] for c in part), part))
    for number in {v[1] for v in values}:
        part = [c for c, v in zip(cards, values, strict=True) if v[1] == number]
        options.append((len(part), NUMBER, number * len(part), part))
    if precise:
        options = [o for o in options if o[0] == len(cards)]
        numbers = sorted(v[1] for v in values)
        if numbers and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            options.append((len(cards), STRAIGHT, sum(numbers), list(cards)))
    if not options:
        return (0, NONE, 0, [])
    return max(options, key=lambda o: (o[0], KIND_ORDER[o[1]], o[2]))


def rank(combination: tuple[int, str, int, list[str]]) -> tuple[int, int, int]:
    """How combinations compare (SK-B7); a worthless one is below all."""
    count, kind, total, _ = combination
    return (count, KIND_ORDER[kind], total) if count else (0, -1, 0)


@dataclasses.dataclass
class Showdown:
    """The table when the combinations are compared, from a fresh state."""

    state: SinterklaasState
    contenders: list[int]
    hands: dict[int, list[str]]
    struck: dict[int, list[str]]
    room: list[str]
    precise: bool

    def scoring(self, seat: int) -> list[str]:
        """``seat``'s scoring cards: hand and Pakjeskamer, without struck cards."""
        cards = [*self.hands[seat], *self.room]
        for card in self.struck[seat]:
            cards.remove(card)
        return cards

    def combination(self, seat: int) -> tuple[int, str, int, list[str]]:
        """``seat``'s best combination."""
        return best(self.scoring(seat), self.precise)


def showdown_at(record: GameRecord, at: int) -> Showdown:
    """The showdown that action ``at`` sets off (a ``done``, a ``stop`` or the last strike)."""
    state = state_after(record, at)
    action = action_at(record, at)
    n = state.num_players
    struck = {s: [card_name(c) for c in state.struck[s] if c] for s in range(n)}
    contenders = [s for s in range(n) if state.status[s] != STOPPED]
    if state.node[0] == STRIKE:
        if action != act.NO_STRIKE:
            struck[state.node[1]].append(card_name(act.move_a(action)))
    else:
        assert state.node[0] == LAP and action in (act.DONE, act.STOP), "a clean showdown"
        if action == act.STOP:
            contenders.remove(state.current_player())
    after = state_after(record, at + 1)
    assert after.round > state.round or after.is_terminal(), "the round ended"
    hands = {s: list(names(state.hands[s])) for s in range(n)}
    room = list(names(state.room))
    return Showdown(state, contenders, hands, struck, room, state.config.precise)


# ---------------------------------------------------------------------------
# Claim checks against a fresh engine state


def _check_reveals(record: GameRecord, c: Reveals) -> None:
    state = state_after(record, c.at)
    assert state.current_player() == CHANCE and state.node[0] == REVEAL
    assert state.sint == c.sint
    assert card_name(action_at(record, c.at).card) == c.card
    assert names(state_after(record, c.at + 1).room) == c.room


def _check_turn(record: GameRecord, c: Turn) -> None:
    start = state_after(record, c.first)
    assert start.current_player() == c.seat and start.node[0] == LAP
    others = [len(b) for s, b in enumerate(start.bids) if s != c.seat and start.status[s] == IN]
    assert max(others, default=0) == c.highest
    laid: list[str] = []
    state = start
    for index in range(c.first, c.at + 1):
        action = action_at(record, index)
        if state.current_player() == c.seat and state.node[0] == LAP:
            assert action in state.legal_actions()
            if index < c.at:
                assert act.move_kind(action) == act.ADD_KIND, "only cards are laid mid-turn"
                laid.append(card_name(act.move_a(action)))
            else:
                assert action in (act.DONE, act.STOP), "the turn ends with done or stop"
        state.push(action)
    assert laid == [*c.earlier, *c.cards]
    before_end = state_after(record, c.at)
    assert len(before_end.bids[c.seat]) == c.bid and len(before_end.hands[c.seat]) == c.kept
    if action_at(record, c.at) == act.STOP:
        assert c.outcome == "stop" and not laid
    elif not laid:
        assert c.outcome == "check" and c.bid >= c.highest  # SK-B4: going along without a card
    else:
        assert c.bid >= c.highest, "SK-B4: going along means matching the highest bid"
        assert c.outcome == ("raise" if c.bid > c.highest else "call")


def _check_shows(record: GameRecord, c: Shows) -> None:
    table = showdown_at(record, c.at)
    assert c.seat in table.contenders
    assert tuple(table.hands[c.seat]) == c.hand
    assert table.struck[c.seat] == ([c.struck] if c.struck else [])
    _, kind, total, cards = table.combination(c.seat)
    assert c.kind == kind and Counter(c.cards) == Counter(cards) and c.total == total


def _reason(mine: tuple[int, str, int, list[str]], other: tuple[int, str, int, list[str]]) -> str:
    if other[0] == 0:
        return "only"
    if mine[0] != other[0]:
        return "count"
    return "kind" if mine[1] != other[1] else "total"


def _check_wins(record: GameRecord, c: WinsShowdown) -> None:
    table = showdown_at(record, c.at)
    combos = {s: table.combination(s) for s in table.contenders}
    top = max(rank(v) for v in combos.values())
    assert [s for s in combos if rank(combos[s]) == top] == [c.seat], "SK-B7: one best"
    rest = max(rank(v) for s, v in combos.items() if s != c.seat)
    assert c.other in combos and c.other != c.seat and rank(combos[c.other]) == rest
    mine, other = combos[c.seat], combos[c.other]
    assert c.reason == _reason(mine, other)
    assert (c.count, c.other_count, c.total, c.other_total) == (
        mine[0],
        other[0],
        mine[2],
        other[2],
    )
    pile = sum(len(b) for b in table.state.bids)
    assert c.pile == pile
    after = state_after(record, c.at + 1)
    assert after.sint == c.seat, "SK-B8: the winner becomes Sint"
    assert len(after.scored[c.seat]) == len(table.state.scored[c.seat]) + pile
    assert all(not after.hands[s] for s in table.contenders), "SK-B8: hands are used up"
    if c.gained:
        assert c.gained in mine[3]
        into_hand, out_of_hand, into_room, out_of_room = moved_by(record, c.effect_at, c.seat)
        assert c.gained in (*into_hand, *into_room), "the action brought the card"
        room = moved(table.room, into_room, out_of_room)
        keys = {}
        for seat in table.contenders:
            hand = table.hands[seat]
            if seat == c.seat:
                hand = moved(hand, into_hand, out_of_hand)
            keys[seat] = rank(best([*hand, *room], table.precise))
        assert c.decisive == (keys[c.seat] <= max(k for s, k in keys.items() if s != c.seat))
    else:
        assert not c.decisive and c.effect_at == -1


Moved = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]


def moved_by(record: GameRecord, at: int, seat: int) -> Moved:
    """What the action card effect ``at`` of ``seat`` moved: into and out of the hand, into
    and out of the Pakjeskamer (Schoenpiet draws, Wisselpiet swaps, Amerigo reveals)."""
    state = state_after(record, at)
    action = action_at(record, at)
    if isinstance(action, act.Draw):
        assert state.node[:2] == (DRAW, seat)
        return names(action.cards), (), (), ()
    if isinstance(action, act.Reveal):
        assert state.node[:2] == (REVEAL, 0) and state.current_player() == CHANCE
        assert state_after(record, at - 1).current_player() == seat, "the bidder's Amerigo"
        return (), (), (card_name(action.card),), ()
    assert state.current_player() == seat and act.move_kind(action) == act.WISSEL_KIND
    given, taken = card_name(act.move_a(action)), card_name(act.move_b(action))
    return (taken,), (given,), (given,), (taken,)


def moved(cards: Sequence[str], out: Sequence[str], back: Sequence[str]) -> list[str]:
    """``cards`` without ``out`` (where still there) and with ``back``."""
    rest = list(cards)
    for card in out:
        if card in rest:
            rest.remove(card)
    return [*rest, *back]


def _check_one_left(record: GameRecord, c: LastOneLeft) -> None:
    state = state_after(record, c.at)
    stopper = state.current_player()
    assert action_at(record, c.at) == act.STOP and stopper != c.seat
    assert sorted(s for s in range(state.num_players) if state.status[s] != STOPPED) == sorted(
        (stopper, c.seat)
    )
    pile = sum(len(b) for b in state.bids)
    after = state_after(record, c.at + 1)
    assert c.pile == pile and after.sint == c.seat, "SK-B5: the last one wins and is Sint"
    assert len(after.scored[c.seat]) == len(state.scored[c.seat]) + pile
    assert after.hands[c.seat] == state.hands[c.seat] and len(state.hands[c.seat]) == c.kept


def _check_strikes(record: GameRecord, c: Strikes) -> None:
    state = state_after(record, c.at)
    assert state.node[:2] == (STRIKE, c.seat) and state.current_player() == c.seat
    bid = [e & CARD_MASK for e in state.bids[c.seat]]
    assert "pietje-precies" in names(bid), "SK-P3: the card works from the bid"
    expected = act.strike(card_code(c.card)) if c.card else act.NO_STRIKE
    assert action_at(record, c.at) == expected and expected in state.legal_actions()
    cards = [*names(state.hands[c.seat]), *names(state.room)]
    for earlier in state.struck[c.seat]:
        if earlier:
            cards.remove(card_name(earlier))
    if c.card:
        after = list(cards)
        after.remove(c.card)
        rescues = best(cards, True)[0] == 0 and best(after, True)[0] > 0
        assert c.rescues == rescues
    else:
        assert not c.rescues


def _check_gives_big(record: GameRecord, c: GivesBigSint) -> None:
    state = state_after(record, c.at)
    assert state.node[0] == GIVE_BIG and state.current_player() == c.sint == state.sint
    assert {act.move_a(a) for a in state.legal_actions()} == set(range(state.num_players)) - {
        c.sint
    }, "SK-W1: any other player"
    after = state_after(record, c.at + 1)
    assert after.big_sint == c.seat != c.sint and after.sint == c.sint


def _check_opens_small(record: GameRecord, c: OpensSmall) -> None:
    state = state_after(record, c.at)
    assert state.node[0] == OPEN_SMALL and state.current_player() == c.seat == state.sint
    assert not state.room, "SK-W2: before the first reveal"
    legal = state.legal_actions()
    assert act.DONE not in legal and act.STOP not in legal, "SK-W2: the Small Sint must bid"
    assert action_at(record, c.at) == act.add(card_code(c.card))
    after = state_after(record, c.at + 1)
    assert names(after.bids[c.seat]) == (c.card,) and after.node[0] != OPEN_SMALL


def _check_opens_big(record: GameRecord, c: OpensBig) -> None:
    state = state_after(record, c.first)
    assert state.node[0] == OPEN_BIG and state.current_player() == c.seat == state.big_sint
    assert c.target == 2 * len(state.bids[state.sint]), "SK-W3: double the Small Sint's bid"
    laid = []
    for index in range(c.first, c.at + 1):
        legal = state.legal_actions()
        assert act.STOP not in legal, "SK-W3: the Big Sint may not stop"
        assert (act.DONE in legal) == (len(state.bids[c.seat]) >= c.target)
        action = action_at(record, index)
        if index < c.at:
            laid.append(card_name(act.move_a(action)))
        else:
            assert action == act.DONE
        state.push(action)
    assert tuple(laid) == c.cards and len(laid) >= c.target


def _check_action_bid(record: GameRecord, bid_at: int, seat: int, card: str) -> SinterklaasState:
    """``seat`` laid ``card`` from the hand on the bid at ``bid_at``; the state after it."""
    state = state_after(record, bid_at)
    assert state.current_player() == seat and state.node[0] == LAP
    assert card in names(state.hands[seat]), "SK-A1: the card was in the hand, doing nothing"
    assert action_at(record, bid_at) == act.add(card_code(card))
    state.push(action_at(record, bid_at))
    return state


def card_code(card: str) -> int:
    """A card id's code (via the notation of a move)."""
    return act.move_a(ENGINE.decode_action(f"add {card}"))


def _check_draws(record: GameRecord, c: DrawsCards) -> None:
    state = _check_action_bid(record, c.bid_at, c.seat, c.card)
    assert c.at == c.bid_at + 1 and state.current_player() == CHANCE, "it works at once"
    assert names(action_at(record, c.at).cards) == c.drawn
    hand = Counter(names(state_after(record, c.at + 1).hands[c.seat]))
    assert hand - Counter(names(state.hands[c.seat])) == Counter(c.drawn)


def _check_swaps(record: GameRecord, c: SwapsWithRoom) -> None:
    state = _check_action_bid(record, c.bid_at, c.seat, c.card)
    assert c.at == c.bid_at + 1 and state.current_player() == c.seat, "it works at once"
    assert action_at(record, c.at) == act.wissel(card_code(c.given), card_code(c.taken))
    after = state_after(record, c.at + 1)
    hand, room = Counter(names(after.hands[c.seat])), Counter(names(after.room))
    assert hand - Counter(names(state.hands[c.seat])) == Counter([c.taken])
    assert room - Counter(names(state.room)) == Counter([c.given])


def _check_adds_room(record: GameRecord, c: AddsToRoom) -> None:
    state = _check_action_bid(record, c.bid_at, c.seat, c.card)
    assert c.at == c.bid_at + 1 and state.node[:2] == (REVEAL, 0), "it works at once"
    assert card_name(action_at(record, c.at).card) == c.revealed
    assert names(state_after(record, c.at + 1).room) == c.room


def _check_takes_sint(record: GameRecord, c: TakesSintCard) -> None:
    before = state_after(record, c.bid_at)
    assert before.sint == c.previous != c.seat
    state = _check_action_bid(record, c.bid_at, c.seat, c.card)
    assert state.sint == c.seat, "it works at once"


CHECKS: ClaimChecks[GameRecord] = ClaimChecks(
    check(Reveals, _check_reveals),
    check(Turn, _check_turn),
    check(Shows, _check_shows),
    check(WinsShowdown, _check_wins),
    check(LastOneLeft, _check_one_left),
    check(Strikes, _check_strikes),
    check(GivesBigSint, _check_gives_big),
    check(OpensSmall, _check_opens_small),
    check(OpensBig, _check_opens_big),
    check(DrawsCards, _check_draws),
    check(SwapsWithRoom, _check_swaps),
    check(AddsToRoom, _check_adds_room),
    check(TakesSintCard, _check_takes_sint),
)


def check_claim(record: GameRecord, claim: object) -> None:
    """Assert that ``claim`` holds in the replayed game."""
    CHECKS.check(record, claim)


def test_every_claim_type_has_a_check() -> None:
    """Each claim dataclass of the game is checked (so no claim escapes the checks)."""
    claims = {
        value
        for value in vars(example_claims).values()
        if isinstance(value, type) and dataclasses.is_dataclass(value)
    }
    assert claims and claims == CHECKS.kinds
    for row in ROWS:
        assert set(row.claims) <= CHECKS.kinds, row.id


# ---------------------------------------------------------------------------
# Sentences agree with their claims


def has_phrase(text: str, phrase: str) -> bool:
    """``phrase`` occurs in ``text`` as whole words."""
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text) is not None


def combination_words(claim: Shows) -> list[str]:
    """How the sentence must write the combination."""
    if claim.kind == NONE:
        return ["niets waard"]
    numbers = sorted(card_values()[c][1] for c in claim.cards)
    words = [f"= {claim.total}"] if len(numbers) > 1 else []
    if claim.kind == STRAIGHT:
        return [*words, "straatje " + "-".join(map(str, numbers))]
    if claim.kind == COLOUR:
        colour = card_values()[claim.cards[0]][0]
        noun = "kaart" if len(claim.cards) == 1 else "kaarten"
        return [*words, f"{WORDS[len(claim.cards)]} {ADJECTIVES[colour]} {noun}"]
    return [*words, WORDS[len(claim.cards)]]


def expected_words(claim: Any) -> tuple[list[str], list[str]]:
    """(player names, other words) the sentence of ``claim`` must contain."""
    actions = action_names()
    if isinstance(claim, Reveals):
        return [claim.sint_name], [card_words(c) for c in claim.room]
    if isinstance(claim, Turn):
        verb = {"stop": "stopt", "check": "zonder", "call": "mee", "raise": "verhoogt"}
        if claim.outcome == "stop":
            counts = [WORDS[claim.kept]]
        else:
            counts = [WORDS[claim.bid]] if claim.bid else []
        return [claim.name], [*map(card_words, claim.cards), verb[claim.outcome], *counts]
    if isinstance(claim, Shows):
        struck = [card_words(claim.struck), "weggestreepte"] if claim.struck else []
        hand = [card_words(c) for c in claim.hand]
        return [claim.name], [*hand, *struck, *combination_words(claim)]
    if isinstance(claim, WinsShowdown):
        why = {
            "count": ["grootste", WORDS[claim.count], WORDS[claim.other_count]],
            "kind": ["Bij evenveel kaarten gaat", WORDS[claim.count]],
            "total": ["hoogste totaal", str(claim.total), str(claim.other_total)],
            "only": ["Alleen"],
        }[claim.reason]
        gained = [card_words(claim.gained)] if claim.gained else []
        decisive = ["niet gewonnen"] if claim.decisive else []
        words = [*why, "wint", WORDS[claim.pile], "Sint", *gained, *decisive]
        if claim.reason == "only":
            return [claim.name], words
        return [claim.name, claim.other_name], words
    if isinstance(claim, LastOneLeft):
        return [claim.name], ["alleen", WORDS[claim.pile], WORDS[claim.kept], "Sint"]
    if isinstance(claim, Strikes):
        rescue = ["telt er niets"] if claim.rescues else []
        card = [card_words(claim.card)] if claim.card else ["niets"]
        return [claim.name], ["Pietje Precies", "weg" if claim.card else "", *card, *rescue]
    if isinstance(claim, GivesBigSint):
        return [claim.sint_name, claim.name], ["Kleine Sint", "Grote Sint"]
    if isinstance(claim, OpensSmall):
        return [claim.name], ["Kleine Sint", "één kaart", card_words(claim.card)]
    if isinstance(claim, OpensBig):
        cards = [card_words(c) for c in claim.cards]
        return [claim.name], ["Grote Sint", "verdubbelen", *cards, WORDS[len(claim.cards)]]
    if isinstance(claim, DrawsCards):
        return [claim.name], [actions[claim.card], "trekt", *map(card_words, claim.drawn)]
    if isinstance(claim, SwapsWithRoom):
        return [claim.name], [actions[claim.card], card_words(claim.given), card_words(claim.taken)]
    if isinstance(claim, AddsToRoom):
        return [claim.name], [actions[claim.card], card_words(claim.revealed)]
    assert isinstance(claim, TakesSintCard)
    return [claim.name, claim.previous_name], [actions[claim.card], "Sint"]


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_every_claim_holds_in_the_replayed_game(item: tuple[Example, Step]) -> None:
    """Each sentence's claim is true in a fresh replay of the pinned game."""
    ex, step = item
    check_claim(record_of(ex), step.claim)


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_every_sentence_says_what_its_claim_says(item: tuple[Example, Step]) -> None:
    """The sentence names exactly the claim's players and writes its cards and numbers."""
    _, step = item
    players, words = expected_words(step.claim)
    for word in [*players, *words]:
        assert has_phrase(step.text, word), f"{word!r} missing in {step.text!r}"
    assert {n for n in NAMES if has_phrase(step.text, n)} == set(players), step.text
    assert not re.search(r"\bP\d\b|[a-z]+-\d", step.text), "no notation in the text"


def picture(card: str) -> CardPicture:
    """The drawing of a card: its row in the deck, the action cards or Pietje Precies."""
    if card == "pietje-precies":
        return CardPicture("pietje-precies", card)
    return CardPicture("acties" if card in action_names() else "deck", card)


SMALL_SINT = CardPicture("sint", "kleine-sint")
BIG_SINT = CardPicture("grote-sint", "grote-sint")


def expected_pictures(claim: Any) -> tuple[CardPicture, ...]:
    """The cards a sentence draws."""
    if isinstance(claim, Reveals):
        cards: Sequence[str] = (claim.card,)
    elif isinstance(claim, Turn):
        cards = claim.cards
    elif isinstance(claim, Shows):
        return tuple(picture(c) for c in claim.cards)
    elif isinstance(claim, WinsShowdown | LastOneLeft):
        return (SMALL_SINT,)
    elif isinstance(claim, Strikes):
        cards = ("pietje-precies", claim.card) if claim.card else ("pietje-precies",)
    elif isinstance(claim, GivesBigSint):
        return (SMALL_SINT, BIG_SINT)
    elif isinstance(claim, OpensSmall):
        cards = (claim.card,)
    elif isinstance(claim, OpensBig):
        cards = claim.cards
    elif isinstance(claim, DrawsCards):
        cards = (claim.card, *claim.drawn)
    elif isinstance(claim, SwapsWithRoom):
        cards = (claim.card, claim.taken)
    elif isinstance(claim, AddsToRoom):
        cards = (claim.card, claim.revealed)
    else:
        return (picture(claim.card), SMALL_SINT)
    return tuple(picture(c) for c in cards)


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_pictures_show_the_cards_of_each_sentence(ex: Example) -> None:
    """Each sentence draws the real cards it names; what the rules do is marked automatic."""
    rows = {(c.id, r.id) for c in spec().components for r in c.rows}
    for step in ex.steps:
        assert step.cards == expected_pictures(step.claim), step.text
        assert all((p.component, p.row) in rows for p in step.cards)
        automatic = isinstance(step.claim, Reveals | Shows | WinsShowdown | LastOneLeft)
        assert step.automatic == automatic, step.text


# ---------------------------------------------------------------------------
# The whole example: intro, names, order, coverage


def claim_span(claim: Any) -> range:
    """The action indices a claim speaks of."""
    first = getattr(
        claim, "first", getattr(claim, "bid_at", claim.at if hasattr(claim, "at") else 0)
    )
    last = getattr(claim, "at", first)
    return range(first, last + 1)


def start_of(ex: Example) -> int:
    """The first action the example tells."""
    return min(claim_span(s.claim).start for s in ex.steps)


def name_of(ex: Example) -> dict[int, str]:
    """Seat -> name: the Sint when the example starts is Anna, then clockwise."""
    record = record_of(ex)
    state = state_after(record, start_of(ex))
    n = record.num_players
    sint = state.sint
    if not state.room and state.node[0] == GIVE_BIG:
        sint = state.current_player()
    return {s: NAMES[(s - sint) % n] for s in range(n)}


def seat_fields(claim: Any) -> list[tuple[int, str]]:
    """Every (seat, name) pair a claim holds."""
    pairs = []
    for seat_field, name_field in (
        ("seat", "name"),
        ("sint", "sint_name"),
        ("other", "other_name"),
        ("previous", "previous_name"),
    ):
        if hasattr(claim, seat_field) and hasattr(claim, name_field):
            pairs.append((getattr(claim, seat_field), getattr(claim, name_field)))
    return pairs


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_players_are_named_clockwise_from_the_sint(ex: Example) -> None:
    """The Sint of the focus round is Anna, then clockwise Bram, Cas, Daan."""
    names_by_seat = name_of(ex)
    for step in ex.steps:
        for seat, name in seat_fields(step.claim):
            assert names_by_seat[seat] == name, step.text
    assert "Anna is de" in ex.intro


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_intro_shows_the_table_where_the_example_starts(ex: Example) -> None:
    """The intro lists the hands (all, or those still in at a showdown), the Pakjeskamer
    and the pot exactly as they are when the told part starts."""
    record = record_of(ex)
    state = state_after(record, start_of(ex))
    names_by_seat = name_of(ex)
    shown = {
        name: cards.split(", ")
        for name, cards in re.findall(rf"({'|'.join(NAMES)}): ([^;.]+)", ex.intro)
    }
    at_showdown = "Na het laatste biedrondje" in ex.intro
    seats = [s for s in range(record.num_players) if not at_showdown or state.status[s] != STOPPED]
    assert shown == {
        names_by_seat[s]: [card_words(c) for c in names(state.hands[s])] for s in seats
    }
    if at_showdown:
        room = re.search(r"Pakjeskamer — ([^.]+)\.", ex.intro)
        assert room and room.group(1).split(", ") == [card_words(c) for c in names(state.room)]
        pile = sum(len(b) for b in state.bids)
        assert f"In de pot liggen {WORDS[pile]} kaart" in ex.intro
    else:
        assert not state.room and not any(state.bids), "the told part starts after the deal"
    assert state.round == int(ex.source.split("ronde ")[-1])


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_every_action_of_the_told_part_has_its_sentence(ex: Example) -> None:
    """From where the example starts to the end of its record, every action is told, in
    order, each turn once; the record ends with the told part."""
    record = record_of(ex)
    spans = [claim_span(s.claim) for s in ex.steps if not isinstance(s.claim, Shows)]
    covered = {i for span in spans for i in span}
    last = len(record.actions) - 1
    assert max(covered) == last, "the record ends with the told part"
    if "Na het laatste biedrondje" in ex.intro:
        strikes = {s.claim.at for s in ex.steps if isinstance(s.claim, Strikes)}
        state = state_after(record, start_of(ex))
        for index in range(start_of(ex), last + 1):
            assert (state.node[0] == STRIKE) == (index in strikes)
            state.push(action_at(record, index))
    else:
        assert covered == set(range(start_of(ex), last + 1))
    turns = [s.claim for s in ex.steps if isinstance(s.claim, Turn | OpensBig)]
    for before, after in itertools.pairwise(turns):
        assert before.at < after.first, "turns are told once, in order"


# ---------------------------------------------------------------------------
# Every required kind, with its rules


def claims_of(ex: Example, kind: type) -> list[Any]:
    """The claims of one type in an example."""
    return [s.claim for s in ex.steps if isinstance(s.claim, kind)]


def test_sk_b4_b7_a_whole_round_of_three_reveals_ending_in_a_showdown() -> None:
    """SK-B4: three reveals, each followed by a lap (a raise, a stop, going along);
    SK-B7/SK-B8: every remaining player's best combination and the winner."""
    ex = example_of("showdown")
    assert {"SK-B4", "SK-B7"} <= set(ex.rules) and ex.variants == ()
    reveals = claims_of(ex, Reveals)
    assert [len(r.room) for r in reveals] == [1, 2, 3]
    outcomes = {t.outcome for t in claims_of(ex, Turn)}
    assert {"raise", "stop"} <= outcomes and outcomes & {"call", "check"}
    shows = claims_of(ex, Shows)
    (win,) = claims_of(ex, WinsShowdown)
    assert len(shows) >= 2 and win.seat in {s.seat for s in shows} and win.reason == "count"
    assert ex.steps[-1].claim == win


def test_sk_b7_equal_count_a_number_beats_a_colour() -> None:
    """SK-B7: on equal count a number combination beats a colour combination."""
    ex = example_of("tie-number")
    assert "SK-B7" in ex.rules
    (win,) = claims_of(ex, WinsShowdown)
    kinds = {s.seat: s.kind for s in claims_of(ex, Shows)}
    assert win.reason == "kind" and win.count == win.other_count
    assert (kinds[win.seat], kinds[win.other]) == (NUMBER, COLOUR)


def test_sk_b7_equal_count_and_kind_the_higher_total_wins() -> None:
    """SK-B7: equal count and kind, the higher total of the numbers wins."""
    ex = example_of("tie-total")
    assert "SK-B7" in ex.rules
    (win,) = claims_of(ex, WinsShowdown)
    kinds = {s.seat: s.kind for s in claims_of(ex, Shows)}
    assert win.reason == "total" and win.count == win.other_count
    assert kinds[win.seat] == kinds[win.other] and win.total > win.other_total


def test_sk_b5_the_round_ends_when_one_player_is_left() -> None:
    """SK-B5: the others stop, the last one wins the pot at once: no showdown."""
    ex = example_of("one-left")
    assert "SK-B5" in ex.rules
    (left,) = claims_of(ex, LastOneLeft)
    assert not claims_of(ex, Shows) and ex.steps[-1].claim == left
    assert [t for t in claims_of(ex, Turn) if t.outcome == "stop"][-1].at == left.at


def test_sk_p1_p2_p3_a_strike_makes_a_straight_that_wins() -> None:
    """SK-P3: the Pietje Precies in the bid strikes a card; SK-P1: without the strike the
    cards would be worth nothing; SK-P2: the rest is a straight, and it wins."""
    ex = example_of("pietje-precies")
    assert {"SK-P1", "SK-P2", "SK-P3"} <= set(ex.rules) and ex.variants == ("pietje-precies",)
    (win,) = claims_of(ex, WinsShowdown)
    strike = next(s for s in claims_of(ex, Strikes) if s.seat == win.seat)
    shows = next(s for s in claims_of(ex, Shows) if s.seat == win.seat)
    assert strike.card and strike.rescues
    assert shows.kind == STRAIGHT and shows.struck == strike.card


def test_sk_a1_an_action_card_in_the_bid_changes_the_round() -> None:
    """SK-A1: an action card works once it is bid, and what it brought decides the round."""
    ex = example_of("action")
    assert "SK-A1" in ex.rules and ex.variants == ("actiepiet",)
    actions = [
        s.claim
        for s in ex.steps
        if isinstance(s.claim, DrawsCards | SwapsWithRoom | AddsToRoom | TakesSintCard)
    ]
    (action,) = actions
    (win,) = claims_of(ex, WinsShowdown)
    assert win.seat == action.seat and win.decisive and win.effect_at == action.at
    brought = {
        DrawsCards: lambda a: a.drawn,
        SwapsWithRoom: lambda a: (a.taken,),
        AddsToRoom: lambda a: (a.revealed,),
    }[type(action)](action)
    assert win.gained in brought


def test_sk_w1_w2_w3_the_opening_of_wie_kent_hem_niet() -> None:
    """SK-W1: the Sint hands out the Big Sint; SK-W2: the Small Sint bids one card;
    SK-W3: the Big Sint at least doubles it and may not stop."""
    ex = example_of("opening")
    assert {"SK-W2", "SK-W3"} <= set(ex.rules) and ex.variants == ("wie-kent-hem-niet",)
    (given,) = claims_of(ex, GivesBigSint)
    (small,) = claims_of(ex, OpensSmall)
    (big,) = claims_of(ex, OpensBig)
    assert small.seat == given.sint and big.seat == given.seat
    assert big.target == 2 and len(big.cards) >= 2
    assert [type(s.claim) for s in ex.steps] == [GivesBigSint, OpensSmall, OpensBig]


def test_each_example_appears_only_with_its_variants() -> None:
    """An example needing a variant is in exactly the kits that include it."""
    base = [e.id for e in rulebook_examples(spec(), ())]
    assert base == [c.id for c in ROWS if not c.variants]
    for case in ROWS:
        assert example(case.id).variants == case.variants == record_of(example(case.id)).variants
        if not case.variants:
            continue
        others = tuple(v for v in ALL_VARIANTS if v not in case.variants)
        assert case.id in [e.id for e in rulebook_examples(spec(), case.variants)]
        assert case.id not in [e.id for e in rulebook_examples(spec(), others)]
    assert [e.id for e in all_examples()] == [c.id for c in ROWS]


# ---------------------------------------------------------------------------
# Pinned, reproducible, and refused when broken


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_pinned_record_replays_legally(ex: Example) -> None:
    """The generic replay accepts every action of the pinned record (legality checked)."""
    record = record_of(ex)
    events = replay(record, engine=ENGINE, config=config_from_spec(spec(), record.variants))
    assert events and record.game_id == "sinterklaas" and record.num_players == 4
    assert ex.source.startswith(f"examples/{ex.id}.json{SEPARATOR}seed {record.seed}{SEPARATOR}")


def test_rebuilding_gives_identical_examples() -> None:
    """Two builds from the pinned files give the same examples, word for word."""
    first = rulebook_examples(spec(), ALL_VARIANTS)
    second = rulebook_examples(load_game("sinterklaas").spec, ALL_VARIANTS)
    assert first == second


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.id)
def test_finder_reproduces_the_pinned_file_from_its_seed(row: Row) -> None:
    """The finder, searching the pinned seed, writes the pinned file byte for byte."""
    path = spec().folder / "examples" / f"{row.id}.json"
    seed = json.loads(path.read_text(encoding="utf-8"))["seed"]
    found = find_one(spec(), row, [seed])
    assert found is not None
    pinned, result = found
    assert result.score == row.ideal, "the pinned round has the ideal shape"
    assert pinned.to_json() == path.read_text(encoding="utf-8")


def test_finder_full_search_reproduces_every_pinned_file() -> None:
    """A fresh search (same seeds, same order) picks the same rounds: identical files."""
    for path, text in find_pinned(spec()):
        assert path.read_text(encoding="utf-8") == text, path.name


def falsified(claim: Any, players: int) -> object:
    """The same claim about the next player."""
    field = "seat" if hasattr(claim, "seat") else "sint"
    return dataclasses.replace(claim, **{field: (getattr(claim, field) + 1) % players})


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_a_false_claim_fails_its_check(item: tuple[Example, Step]) -> None:
    """The checks have teeth: the claim about the next player is refused."""
    ex, step = item
    record = record_of(ex)
    with pytest.raises(AssertionError):
        check_claim(record, falsified(step.claim, record.num_players))


@pytest.mark.parametrize(
    ("kind", "change"),
    [
        ("tie-number", {"reason": "total"}),
        ("tie-total", {"reason": "kind"}),
        ("showdown", {"reason": "total"}),
        ("pietje-precies", {"rescues": False}),
        ("action", {"decisive": False}),
    ],
)
def test_a_wrong_reason_would_be_caught(kind: str, change: dict[str, object]) -> None:
    """SK-B7/SK-P1/SK-A1: claiming the wrong reason for a result fails the check."""
    ex = example_of(kind)
    claim = next(
        s.claim
        for s in ex.steps
        if isinstance(s.claim, WinsShowdown | Strikes)
        and all(hasattr(s.claim, k) for k in change)
        and (not isinstance(s.claim, Strikes) or s.claim.rescues)
    )
    with pytest.raises(AssertionError):
        check_claim(record_of(ex), dataclasses.replace(claim, **change))


def _tamper(folder: Path, edit: Callable[[dict[str, Any]], None]) -> None:
    path = folder / "biedronde-tot-de-showdown.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _illegal(data: dict[str, Any]) -> None:
    actions = data["actions"]
    index = max(i for i, a in enumerate(actions) if a == "done")
    actions[index] = "stop"  # stopping after the turn laid no card is legal ...
    actions[index] = "swap rood-1 rood-2"  # ... but swapping needs the Inwisselregel (SK-V2)


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("missing", "missing"),
        ("not-json", "not valid JSON"),
        ("illegal", "no longer replays: action"),
        ("cut-short", "ends before round"),
        ("wrong-focus", "is not in the record"),
        ("wrong-game", "is a game of"),
        ("wrong-variants", "wrong variants"),
    ],
)
def test_a_broken_pinned_file_is_a_clear_error(project_copy: Path, case: str, message: str) -> None:
    """A missing, corrupt or no longer replaying pinned file names the file (no traceback)."""
    folder = project_copy / "cardspecs" / "sinterklaas" / "examples"
    path = folder / "biedronde-tot-de-showdown.json"
    edits: dict[str, Callable[[dict[str, Any]], None]] = {
        "illegal": _illegal,
        "cut-short": lambda d: d["actions"].pop(),
        "wrong-focus": lambda d: d.update(focus={"round": 99}),
        "wrong-game": lambda d: d.update(game="santoska"),
        "wrong-variants": lambda d: d.update(variants=["actiepiet"]),
    }
    if case == "missing":
        path.unlink()
    elif case == "not-json":
        path.write_text("{ niet af", encoding="utf-8")
    else:
        _tamper(folder, edits[case])
    with pytest.raises(PnpError) as caught:
        rulebook_examples(load_game("sinterklaas").spec, ())
    text = str(caught.value)
    assert re.match(
        r"cardspecs/sinterklaas/examples/biedronde-tot-de-showdown\.json(:\d+)?: ", text
    ), text
    assert message in text
    assert "Traceback" not in text and str(project_copy) not in text


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (None, r"voorbeelden\.toml: "),
        (("reveal_first = ", "reveal_eerste = "), r":\d+: no phrase 'reveal_first' in \[phrases\]"),
        (('check_empty = "{name}', 'check_empty = "{naam}'), r"'check_empty' uses \{naam\}"),
        (("[phrases]", "[phrases"), r"voorbeelden\.toml:\d+: invalid TOML"),
        (('handkaart = ["handkaart", "handkaarten"]', ""), r":\d+: no noun 'handkaart'"),
        (("showdown = ", "ronde = "), r":\d+: no title 'showdown' in \[titles\]"),
    ],
    ids=[
        "missing-file",
        "missing-phrase",
        "unknown-placeholder",
        "not-toml",
        "missing-noun",
        "missing-title",
    ],
)
def test_a_broken_phrase_file_is_a_clear_error(
    project_copy: Path, edit: tuple[str, str] | None, message: str
) -> None:
    """The examples' Dutch lives in voorbeelden.toml: every mistake in it names file and line."""
    path = project_copy / "cardspecs" / "sinterklaas" / "rulebook" / "voorbeelden.toml"
    if edit is None:
        path.unlink()
    else:
        text = path.read_text(encoding="utf-8")
        assert edit[0] in text
        path.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    with pytest.raises(PnpError) as caught:
        spec_copy = load_game("sinterklaas").spec
        rulebook_examples(spec_copy, ())
        find_one(spec_copy, ROWS[0], [20])
    text = str(caught.value)
    assert text.startswith("cardspecs/sinterklaas/rulebook/voorbeelden.toml"), text
    assert re.search(message, text), text
    assert "Traceback" not in text and str(project_copy) not in text
