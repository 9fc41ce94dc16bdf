"""Sailing: the Sint reveals the positions left to right and carries each card out.

Rules as implemented (ST-B4 ... ST-B7, ST-E1, ST-E2, ST-P2, ST-P3, ST-R1):

* The Sint reveals each position in turn (an empty one is skipped) and decides
  every choice alone. A revealed card is carried out, then delivery is checked
  (see :mod:`~pnp.games.stoomboot.rules.delivery`).
* VAREN moves the boat (ST-C3): ``vooruit`` one square ahead, ``achteruit``
  one back (heading kept), ``bakboord``/``stuurboord`` turn then one ahead,
  ``dubbel-vooruit``/``dubbel-achteruit`` two single steps, ``draai-om``
  turns around, ``anker`` does not move and the next Varen card of this round
  is not carried out. With rebelse-pietjes the Sint first chooses the boat or
  their own Piet (ST-R1); a Piet not yet on the map appears on the boat's
  square with its heading. Icons of the position (ST-P3): ``dubbel`` the card
  is carried out twice, ``kompas`` the Sint first turns the pawn to any
  heading, ``storm`` the card is not carried out (any kind of card).
* A step: off the map the step is not made (ST-B7), with 1 damage under
  pepernoot-plekken; a turn the card made first (bakboord, stuurboord)
  stays; a ``rots`` is not entered, 1 damage (ST-E2). Entering a
  tile triggers it: ``stroming`` drifts one more square in the pawn's
  heading, ``draaikolk`` turns it around, ``haven`` attaches the top
  Stoomboot card where it fits (the Sint's choice of end; discarded if it fits
  nowhere). Per damage the Sint removes an end card of the Stoomrij; an empty
  Stoomrij loses at once (``stoomrij-leeg``).
* STOOMBOOT (ST-B5): ``langer-links``/``langer-rechts`` where the card fits
  and the row has fewer than ``max_row`` cards, ``korter-links``/
  ``korter-rechts`` while the row has 2 or more cards; when it fits nowhere
  only shortening is offered, and with one card and no fit nothing happens
  (ST-B9).
  A single possibility is carried out without asking. Changes to the row
  take effect next round: the positions of this round are fixed.
* PAKJE: lies revealed and counts for delivery (ST-B6).

A card's work is a queue of small steps (``queue``), so that a damage or a
haven in the middle of a double move can stop for the Sint's choice (or a
reshuffle) and carry on after it. When the sailing is over the end of the
round follows (:mod:`~pnp.games.stoomboot.rules.flow` decides what comes next).
"""

from __future__ import annotations

from typing import Any

from pnp.games.stoomboot.rules import delivery, rounds
from pnp.games.stoomboot.rules.actions import (
    BOOT,
    K_BEZORG,
    K_BOOT,
    K_KALENDER,
    K_KOERS,
    K_KORTER,
    K_LANGER,
    K_NIET,
    K_OZOSNEL,
    K_PIET,
    K_SCHADE,
    KOERS,
    KORTER,
    LANGER,
    LEFT,
    NIET,
    OZOSNEL,
    PIET,
    RIGHT,
    SCHADE,
    SIDES,
    Move,
)
from pnp.games.stoomboot.rules.board import OFF_MAP
from pnp.games.stoomboot.rules.cards import (
    ANKER,
    DRAAIKOLK,
    DUBBEL,
    HAVEN,
    KOMPAS,
    NO_CARD,
    ROTS,
    STOOM,
    STORM,
    STROMING,
    VAREN,
)
from pnp.games.stoomboot.rules.config import ICONS, TILE_KINDS, VAREN_MOVES
from pnp.games.stoomboot.rules.events import (
    CardDiscarded,
    CardIgnored,
    CardRevealed,
    DamageTaken,
    DeliveryDeclined,
    HeadingChosen,
    OzosnelChosen,
    PawnBumped,
    PawnChosen,
    PawnMoved,
    PawnTurned,
    PietEntered,
    RowLengthened,
    RowShortened,
    TalkClosed,
    TileTriggered,
)
from pnp.games.stoomboot.rules.phases import (
    CHOICE_ATTACH,
    CHOICE_DAMAGE,
    CHOICE_DELIVER,
    CHOICE_KALENDER,
    CHOICE_KOERS,
    CHOICE_LEKKAGE,
    CHOICE_NONE,
    CHOICE_OZOSNEL,
    CHOICE_PAWN,
    CHOICE_STOOM,
    PHASE_CHOICE,
    PHASE_SHUFFLE,
)
from pnp.games.stoomboot.rules.situation import StoombootSituation

OP_STEP = 0
"""``(OP_STEP, pawn, mode)``: one square; ``mode`` a heading 0-3, :data:`FWD` or :data:`BACK`."""
OP_TURN = 1
"""``(OP_TURN, pawn, quarter turns clockwise, cause)``."""
OP_DAMAGE = 2
"""``(OP_DAMAGE,)``: one damage, an end card of the Stoomrij goes (ST-E2)."""
OP_ATTACH = 3
"""``(OP_ATTACH, cause)``: the top Stoomboot card is attached where it fits."""
OP_ANCHOR = 4
"""``(OP_ANCHOR,)``: the next Varen card of this round is not carried out."""
OP_LEKKAGE = 5
"""``(OP_LEKKAGE,)``: the Sint removes an end card (not the last one)."""
OP_OZOSNEL = 6
"""``(OP_OZOSNEL,)``: the Sint moves the boat one square any way."""

FWD = 4
BACK = 5
STARBOARD_TURN = 1
AROUND_TURN = 2
PORT_TURN = 3

BOAT = 0

Op = tuple[Any, ...]


def _move_ops(move: int, pawn: int) -> tuple[Op, ...]:
    name = VAREN_MOVES[move]
    table: dict[int, tuple[Op, ...]] = {
        0: ((OP_STEP, pawn, FWD),),
        1: ((OP_STEP, pawn, BACK),),
        2: ((OP_TURN, pawn, PORT_TURN, name), (OP_STEP, pawn, FWD)),
        3: ((OP_TURN, pawn, STARBOARD_TURN, name), (OP_STEP, pawn, FWD)),
        4: ((OP_STEP, pawn, FWD), (OP_STEP, pawn, FWD)),
        5: ((OP_STEP, pawn, BACK), (OP_STEP, pawn, BACK)),
        6: ((OP_TURN, pawn, AROUND_TURN, name),),
        7: ((OP_ANCHOR,),),
    }
    return table[move]


_MOVE_OPS = {(m, p): _move_ops(m, p) for m in range(len(VAREN_MOVES)) for p in range(16)}


# -- the driver --------------------------------------------------------------------------


def resume(state: StoombootSituation) -> bool:
    """Sail on until the Sint must decide, chance must shuffle, or the game ends (False).

    True when every position has been revealed and carried out: the sailing is over.
    """
    while True:
        if state.queue and not run_queue(state):
            return False
        if state.after_card:
            if state.path:
                flush_path(state)
            if offer_delivery(state):
                return False
            state.after_card = False
        if state.cursor >= len(state.slot_card):
            return True
        if reveal(state):
            return False


def run_queue(state: StoombootSituation) -> bool:
    """Carry out queued steps; False when stopped for a choice, a shuffle or the game's end."""
    while state.queue:
        op = state.queue[0]
        state.queue = state.queue[1:]
        if not run_op(state, op):
            return False
    if state.path:
        flush_path(state)
    return True


def run_op(state: StoombootSituation, op: Op) -> bool:
    """One queued step; False when it stopped the flow."""
    kind = op[0]
    if kind == OP_STEP:
        step(state, op[1], op[2])
        return True
    if kind == OP_TURN:
        turn(state, op[1], op[2], op[3])
        return True
    if kind == OP_DAMAGE:
        return damage(state)
    if kind == OP_ATTACH:
        return attach_top(state, op[1])
    if kind == OP_ANCHOR:
        state.anchor = True
        return True
    if kind == OP_LEKKAGE:
        if len(state.row) >= 2:
            ask(state, CHOICE_LEKKAGE, KORTER)
            return False
        return True
    ask(state, CHOICE_OZOSNEL, OZOSNEL)
    return False


def ask(state: StoombootSituation, choice: int, options: tuple[str, ...]) -> None:
    """The Sint must choose one of ``options``."""
    state.choice = choice
    state.options = options
    state.phase = PHASE_CHOICE


# -- revealing -------------------------------------------------------------------------------


def reveal(state: StoombootSituation) -> bool:
    """Reveal the next position and start its card; True when the Sint must choose first."""
    slot = state.cursor
    state.cursor = slot + 1
    log_on = state.log_on
    if state.talk:
        state.talk = False
        if log_on:
            state.emit(TalkClosed())
    card = state.slot_card[slot]
    if card == NO_CARD:
        return False
    tables = state.tables
    icon = state.slot_icon[slot]
    if log_on:
        state.emit(
            CardRevealed(
                slot + 1,
                tables.names[card],
                state.slot_owner[slot],
                state.slot_up[slot],
                ICONS[icon],
            )
        )
    state.after_card = True
    deck = tables.deck[card]
    if deck == VAREN:
        anchored = state.anchor
        if anchored:
            state.anchor = False
        if icon == STORM or anchored:
            if log_on:
                reason = "storm" if icon == STORM else VAREN_MOVES[ANKER]
                state.emit(CardIgnored(slot + 1, tables.names[card], reason))
            return False
        state.card_code = card
        state.card_icon = icon
        if state.rebels:
            ask(state, CHOICE_PAWN, (BOOT, PIET))
            return True
        return start_varen(state, BOAT)
    if icon == STORM:
        if log_on:
            state.emit(CardIgnored(slot + 1, tables.names[card], "storm"))
        return False
    if deck == STOOM:
        return stoom_card(state, card)
    return False


def start_varen(state: StoombootSituation, pawn: int) -> bool:
    """The Varen card goes to ``pawn``; True when the Sint must first pick a heading (kompas)."""
    state.card_pawn = pawn
    if state.pawn_sq[pawn] == OFF_MAP:
        square = state.pawn_sq[BOAT]
        heading = state.pawn_head[BOAT]
        state.journal_set(state.pawn_sq, pawn, square)
        state.journal_set(state.pawn_head, pawn, heading)
        if state.log_on:
            state.emit(PietEntered(state.pawn_name(pawn), state.sq(square), state.head(heading)))
    if state.card_icon == KOMPAS:
        ask(state, CHOICE_KOERS, KOERS)
        return True
    queue_varen(state)
    return False


def queue_varen(state: StoombootSituation) -> None:
    """Queue the steps of the current Varen card (twice on a ``dubbel`` position)."""
    ops = _MOVE_OPS[state.tables.move[state.card_code], state.card_pawn]
    if state.card_icon == DUBBEL:
        ops = ops + ops
    state.queue = ops + state.queue


def stoom_options(state: StoombootSituation, card: int) -> tuple[str, ...]:
    """ST-B5: the Sint's possibilities for a revealed Stoomboot card."""
    row = state.row
    options: list[str] = []
    if len(row) < state.config.max_row:
        fits = state.tables.fits
        if fits(card, row[0]):
            options.append(LANGER[LEFT])
        if fits(row[-1], card):
            options.append(LANGER[RIGHT])
    if len(row) >= 2:
        options.extend(KORTER)
    return tuple(options)


def stoom_card(state: StoombootSituation, card: int) -> bool:
    """A revealed Stoomboot card: ask the Sint (or do the one possibility, or nothing)."""
    options = stoom_options(state, card)
    if not options:
        if state.log_on:
            state.emit(CardIgnored(state.cursor, state.tables.names[card], "past-niet"))
        return False
    if len(options) == 1:
        apply_stoom(state, state.acts.parse(options[0]))
        return False
    ask(state, CHOICE_STOOM, options)
    return True


def apply_stoom(state: StoombootSituation, move: Move) -> None:
    """``langer-*``: attach the revealed card; ``korter-*``: remove an end card (ST-B5)."""
    slot = state.cursor - 1
    card = state.slot_card[slot]
    side = move[1]
    if move[0] == K_LANGER:
        state.journal_set(state.slot_card, slot, NO_CARD)
        attach(state, card, side, "stoomboot")
    else:
        removed = remove_end(state, side)
        if state.log_on:
            state.emit(
                RowShortened(
                    SIDES[side],
                    state.tables.names[removed],
                    state.names(state.row),
                    state.tables.names[card],
                )
            )


def attach(state: StoombootSituation, card: int, side: int, cause: str) -> None:
    """Put ``card`` at the ``side`` end of the Stoomrij."""
    if side == LEFT:
        state.journal_insert(state.row, 0, card)
    else:
        state.journal_append(state.row, card)
    if state.log_on:
        state.emit(
            RowLengthened(SIDES[side], state.tables.names[card], state.names(state.row), cause)
        )


def remove_end(state: StoombootSituation, side: int) -> int:
    """Take the ``side`` end card off the Stoomrij onto the Stoomboot discard pile."""
    row = state.row
    card = state.journal_delete(row, 0 if side == LEFT else len(row) - 1)
    state.journal_append(state.discards[STOOM], card)
    return int(card)


def attach_sides(state: StoombootSituation, card: int) -> list[int]:
    """The ends where ``card`` fits (none when the Stoomrij is at its maximum)."""
    row = state.row
    if not row or len(row) >= state.config.max_row:
        return []
    fits = state.tables.fits
    sides = []
    if fits(card, row[0]):
        sides.append(LEFT)
    if fits(row[-1], card):
        sides.append(RIGHT)
    return sides


# -- steps -----------------------------------------------------------------------------------


def flush_path(state: StoombootSituation) -> None:
    """Log the squares sailed since the last event as one :class:`PawnMoved`."""
    path = state.path
    state.path = ()
    if len(path) > 2 and state.log_on:
        pawn = path[0]
        names = tuple(state.sq(sq) for sq in path[2:])
        state.emit(
            PawnMoved(
                state.pawn_name(pawn),
                state.sq(path[1]),
                names[-1],
                state.head(state.pawn_head[pawn]),
                names,
            )
        )


def step(state: StoombootSituation, pawn: int, mode: int) -> None:
    """One square for ``pawn`` (ST-B7, ST-E1, ST-E2)."""
    square = state.pawn_sq[pawn]
    heading = state.pawn_head[pawn]
    way = heading if mode == FWD else (heading + 2) & 3 if mode == BACK else mode
    to = state.nb[square][way]
    log_on = state.log_on
    if to < 0 or state.tile_kind[to] == ROTS:
        hurt = 1 if to >= 0 or state.pepernoot else 0
        if log_on:
            if state.path:
                flush_path(state)
            cause = "rand" if to < 0 else "rots"
            state.emit(PawnBumped(state.pawn_name(pawn), state.sq(square), cause, hurt))
        if hurt:
            state.damage_total += 1
            state.r_damage += 1
            state.queue = ((OP_DAMAGE,), *state.queue)
        return
    state.journal_set(state.pawn_sq, pawn, to)
    state.r_steps += 1
    if log_on:
        path = state.path
        if not path or path[0] != pawn:
            if path:
                flush_path(state)
            state.path = (pawn, square, to)
        else:
            state.path = (*path, to)
    kind = state.tile_kind[to]
    if kind in (STROMING, DRAAIKOLK, HAVEN):
        if log_on:
            flush_path(state)
            state.emit(TileTriggered(state.pawn_name(pawn), state.sq(to), TILE_KINDS[kind]))
        if kind == STROMING:
            state.queue = ((OP_STEP, pawn, FWD), *state.queue)
        elif kind == DRAAIKOLK:
            turn(state, pawn, AROUND_TURN, TILE_KINDS[kind])
        else:
            state.queue = ((OP_ATTACH, TILE_KINDS[kind]), *state.queue)


def turn(state: StoombootSituation, pawn: int, quarters: int, cause: str) -> None:
    """Turn ``pawn`` clockwise by ``quarters`` quarter turns."""
    before = state.pawn_head[pawn]
    after = (before + quarters) & 3
    state.journal_set(state.pawn_head, pawn, after)
    if state.log_on:
        if state.path:
            flush_path(state)
        state.emit(
            PawnTurned(
                state.pawn_name(pawn),
                state.sq(state.pawn_sq[pawn]),
                state.head(before),
                state.head(after),
                cause,
            )
        )


def damage(state: StoombootSituation) -> bool:
    """ST-E2: one damage: the Sint removes an end card; an empty Stoomrij loses at once."""
    row = state.row
    if len(row) >= 2:
        ask(state, CHOICE_DAMAGE, SCHADE)
        return False
    if row:
        card = remove_end(state, RIGHT)
        if state.log_on:
            state.emit(DamageTaken(SIDES[RIGHT], state.tables.names[card], (), state.damage_total))
    rounds.finish(state, won=False, reason=rounds.REASON_STOOMRIJ_LEEG)
    return False


def attach_top(state: StoombootSituation, cause: str) -> bool:
    """haven / extra-kolen: the top Stoomboot card is attached at an end where it fits."""
    pile = state.piles[STOOM]
    if not pile:
        discard = state.discards[STOOM]
        if not discard:
            return True
        state.journal_set(state.piles, STOOM, discard[::-1])
        state.journal_set(state.discards, STOOM, [])
        state.pending_pile = STOOM
        state.shuffle_reason = (
            f"reshuffle-{cause}"  # for a haven's (ST-E1) or extra-kolen's (ST-K1)
        )
        state.phase = PHASE_SHUFFLE
        state.queue = ((OP_ATTACH, cause), *state.queue)
        return False
    card = state.journal_pop(pile)
    sides = attach_sides(state, card)
    if not sides:
        state.journal_append(state.discards[STOOM], card)
        if state.log_on:
            state.emit(CardDiscarded(state.tables.names[card], "stoomboot", "no-fit", cause))
        return True
    if len(sides) == 1:
        attach(state, card, sides[0], cause)
        return True
    state.pending_card = card
    state.attach_cause = cause
    ask(state, CHOICE_ATTACH, LANGER)
    return False


# -- delivery -------------------------------------------------------------------------------


def offer_delivery(state: StoombootSituation) -> bool:
    """ST-B6: offer ``bezorg <house>`` / ``niet`` when a pawn's house can be served."""
    found = delivery.deliverable(state)
    if not found:
        return False
    bezorg = state.acts.bezorg
    ask(state, CHOICE_DELIVER, (*(bezorg[h] for h, _ in found), NIET))
    return True


# -- the Sint's choices -----------------------------------------------------------------------


def choose(state: StoombootSituation, move: Move) -> bool:
    """Apply the Sint's choice ``move`` (already checked against the options).

    True when the game goes on where the choice was asked (the sailing or the
    end of the round); False when the Sint must choose again first (a heading
    for kompas) or the game is won.
    """
    choice = state.choice
    kind = move[0]
    options = state.options
    state.choice = CHOICE_NONE
    state.options = ()
    log_on = state.log_on
    names = state.tables.names
    if choice == CHOICE_PAWN:
        pawn = BOAT if kind == K_BOOT else 1 + state.sint
        if log_on:
            state.emit(PawnChosen(state.sint, state.pawn_name(pawn), names[state.card_code]))
        if start_varen(state, pawn):
            return False
    elif choice == CHOICE_KOERS and kind == K_KOERS:
        pawn = state.card_pawn
        before = state.pawn_head[pawn]
        state.journal_set(state.pawn_head, pawn, move[1])
        if log_on:
            state.emit(
                HeadingChosen(
                    state.sint, state.pawn_name(pawn), state.head(before), state.head(move[1])
                )
            )
        queue_varen(state)
    elif choice == CHOICE_STOOM:
        apply_stoom(state, move)
    elif choice == CHOICE_DAMAGE and kind == K_SCHADE:
        card = remove_end(state, move[1])
        if log_on:
            state.emit(
                DamageTaken(SIDES[move[1]], names[card], state.names(state.row), state.damage_total)
            )
    elif choice == CHOICE_ATTACH and kind == K_LANGER:
        card = state.pending_card
        state.pending_card = NO_CARD
        attach(state, card, move[1], state.attach_cause)
    elif choice == CHOICE_DELIVER:
        if kind == K_BEZORG:
            house = move[1]
            pawn = next(
                p for p, sq in enumerate(state.pawn_sq) if sq >= 0 and state.house_at[sq] == house
            )
            delivery.deliver(state, house, pawn)
            if state.houses_left() == 0:
                rounds.finish(state, won=True, reason=rounds.REASON_WON)
                return False
        else:
            state.after_card = False
            if log_on:
                tile_names = state.tables.tile_names
                houses = tuple(tile_names[state.acts.parse(o)[1]] for o in options if o != NIET)
                state.emit(DeliveryDeclined(state.sint, houses))
    elif choice == CHOICE_KALENDER and kind == K_KALENDER:
        rounds.set_aside(state, move[1])
    elif choice == CHOICE_LEKKAGE and kind == K_KORTER:
        card = remove_end(state, move[1])
        if log_on:
            state.emit(RowShortened(SIDES[move[1]], names[card], state.names(state.row), "lekkage"))
    elif choice == CHOICE_OZOSNEL and kind == K_OZOSNEL:
        if log_on:
            state.emit(OzosnelChosen(state.sint, state.head(move[1])))
        state.queue = ((OP_STEP, BOAT, move[1]), *state.queue)
    else:
        raise ValueError("this choice does not answer the Sint's question")
    return True


__all__ = ["K_NIET", "K_PIET", "resume", "run_queue"]
