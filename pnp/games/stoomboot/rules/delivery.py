"""Delivering pakjes (ST-B6, ST-P1, ST-P3).

After each revealed card is carried out, every pawn (the boat, and the Pieten
of rebelse-pietjes) that stands on an undelivered house is checked: if the
revealed pakje cards of this round that are still on the table cover all the
house's wants, the Sint may deliver (``bezorg <house>``) or not (``niet``).
One card covers one want: a plain pakje or a Telefoon its kind, a
Dubbelcadeau either of its two kinds, a Joker any kind, and so does any pakje
on a ``ster`` position; a pakje on a ``storm`` position does not count.

DECISION: which cards are used is decided by the matching, not asked: the
least flexible cards first (plain and Telefoon, then Dubbelcadeau, then a
pakje on a ``ster`` position, then a Joker), earlier positions first. The
used cards leave the game and the tile turns over; after a Telefoon the
players may talk until the next card is revealed (the views then show every
hand and every face-down card).
"""

from __future__ import annotations

from pnp.games.stoomboot.rules.cards import (
    DUBBELCADEAU,
    JOKER,
    NO_CARD,
    PAKJE,
    PLAIN,
    STER,
    STORM,
    TELEFOON,
)
from pnp.games.stoomboot.rules.events import Delivered, TalkOpened
from pnp.games.stoomboot.rules.situation import StoombootSituation

Match = list[tuple[int, int]]
"""``(position, kind index)`` per want of the house, in the house's order."""

_RANK = {JOKER: 3, DUBBELCADEAU: 1}
_STER_RANK = 2


def candidates(state: StoombootSituation) -> list[tuple[int, int, int]]:
    """The revealed pakjes on the table that count: ``(rank, position, kind mask)``, best first."""
    tables = state.tables
    deck = tables.deck
    every = (1 << len(tables.kinds)) - 1
    out = []
    slot_card = state.slot_card
    slot_icon = state.slot_icon
    for slot in range(state.cursor):
        card = slot_card[slot]
        if card == NO_CARD or deck[card] != PAKJE:
            continue
        icon = slot_icon[slot]
        if icon == STORM:
            continue
        rank = _RANK.get(tables.special[card], 0)
        if icon == STER:
            out.append((max(rank, _STER_RANK), slot, every))
        else:
            out.append((rank, slot, tables.mask[card]))
    out.sort()
    return out


def match_wants(wants: tuple[int, ...], cards: list[tuple[int, int, int]]) -> Match | None:
    """Cover every want with a different card (least flexible first); ``None`` if impossible."""
    if len(cards) < len(wants):
        return None
    order = sorted(range(len(wants)), key=lambda i: sum(1 for c in cards if c[2] >> wants[i] & 1))
    used = [False] * len(cards)
    chosen = [-1] * len(wants)

    def solve(k: int) -> bool:
        if k == len(order):
            return True
        want = wants[order[k]]
        for index, card in enumerate(cards):
            if not used[index] and card[2] >> want & 1:
                used[index] = True
                chosen[order[k]] = index
                if solve(k + 1):
                    return True
                used[index] = False
        return False

    if not solve(0):
        return None
    return [(cards[chosen[i]][1], wants[i]) for i in range(len(wants))]


def cover(state: StoombootSituation, house: int) -> Match | None:
    """How the revealed pakjes cover ``house``'s wants now, or ``None``."""
    return match_wants(state.tables.tile_wants[house], candidates(state))


def deliverable(state: StoombootSituation) -> list[tuple[int, int]]:
    """``(house, pawn)`` for each undelivered house under a pawn that could be served now."""
    out: list[tuple[int, int]] = []
    house_at = state.house_at
    delivered = state.delivered
    cards: list[tuple[int, int, int]] | None = None
    seen: list[int] = []
    for pawn, square in enumerate(state.pawn_sq):
        if square < 0:
            continue
        house = house_at[square]
        if house < 0 or delivered[house] or house in seen:
            continue
        seen.append(house)
        if cards is None:
            cards = candidates(state)
            if not cards:
                return out
        if match_wants(state.tables.tile_wants[house], cards) is not None:
            out.append((house, pawn))
    out.sort()
    return out


def deliver(state: StoombootSituation, house: int, pawn: int) -> None:
    """ST-B6: the matched pakjes leave the game and the house tile turns over."""
    match = cover(state, house)
    if match is None:
        raise ValueError("the revealed pakjes do not cover this house")
    tables = state.tables
    used: list[int] = []
    telefoon = NO_CARD
    for slot, _ in match:
        card = state.slot_card[slot]
        used.append(card)
        state.journal_set(state.slot_card, slot, NO_CARD)
        state.journal_append(state.out, card)
        if tables.special[card] == TELEFOON:
            telefoon = card
    state.journal_set(state.delivered, house, True)
    state.r_delivered = (*state.r_delivered, house)
    if state.log_on:
        square = state.pawn_sq[pawn]
        state.emit(
            Delivered(
                state.sint,
                state.pawn_name(pawn),
                tables.tile_names[house],
                state.sq(square),
                state.names(used),
                tuple(tables.kinds[k] for _, k in match),
                state.houses_left(),
                any(tables.special[card] != PLAIN for card in used),
            )
        )
    if telefoon != NO_CARD:
        state.talk = True
        if state.log_on:
            state.emit(TalkOpened(tables.names[telefoon]))
