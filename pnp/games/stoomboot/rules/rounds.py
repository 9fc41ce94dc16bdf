"""Setup, draws, the start and end of a round, the Kalender and the end of the game.

Each function does one step and returns; what comes after it is decided in
:mod:`~pnp.games.stoomboot.rules.flow`.

* ST-B1: after the shuffles the top Stoomboot cards form the start row; then
  the players fill their hands one card at a time, each choosing the pile
  (the Sint first, clockwise, each filling their hand completely). DECISION:
  the start row is laid *before* the hands are drawn, so it can always be laid.
* ST-B3: a round starts with the Sint; the positions and their icons are fixed
  for the whole round (``mist``/``zon`` of the Kalender change the eyes).
* ST-B8: at the end of the round (base game) the Sint sets one of the cards
  still on the table aside onto the Kalender pile (if none is left, the top
  card of the Varen pile); the other Varen and Stoomboot cards go to their
  discard piles, the undelivered pakjes are shuffled back into the Pakje pile.
  With ``calendar_limit`` (10) Kalender cards pakjesavond is over: lost.
  ST-K1 (krappe-kalender): instead, the top Kalender card is taken and its
  event carried out (see :mod:`~pnp.games.stoomboot.rules.kalender`); the game is
  lost when the Kalender pile is empty. Then everyone draws up to their hand
  size (the Sint first, clockwise) and the last player who placed a card is the
  new Sint.
* Safeguards: a round in which nobody could place a card, or more than
  ``round_limit`` rounds, lose the game as ``vastgelopen``.
"""

from __future__ import annotations

from pnp.games.stoomboot.rules.actions import KALENDER
from pnp.games.stoomboot.rules.cards import (
    NO_CARD,
    OOG,
    PAKJE,
    PILE_NAMES,
    STOOM,
    VAREN,
)
from pnp.games.stoomboot.rules.config import ICONS
from pnp.games.stoomboot.rules.events import (
    CardDrawn,
    GameEnded,
    KalenderChosen,
    KalenderFilled,
    NewSint,
    PakjesReturned,
    RoundEnded,
    RoundStarted,
    StartRowLaid,
)
from pnp.games.stoomboot.rules.phases import (
    CHOICE_KALENDER,
    CHOICE_NONE,
    PHASE_CHOICE,
    PHASE_DRAW,
    PHASE_OVER,
    PHASE_SHUFFLE,
    STAGE_DRAWS,
    STAGE_OVER,
    STAGE_PLACING,
    STAGE_ROUND_END,
    STAGE_SAILING,
)
from pnp.games.stoomboot.rules.situation import RoundResult, StoombootSituation

REASON_WON = "gewonnen"
REASON_PAKJESAVOND = "pakjesavond"
REASON_STOOMRIJ_LEEG = "stoomrij-leeg"
REASON_VASTGELOPEN = "vastgelopen"
LOSS_REASONS = (REASON_PAKJESAVOND, REASON_STOOMRIJ_LEEG, REASON_VASTGELOPEN)

WEATHER_NONE = 0
WEATHER_MIST = 1
WEATHER_ZON = 2
WEATHER_NAMES = ("", "mist", "zon")


# -- setup ---------------------------------------------------------------------------------


def next_setup_shuffle(state: StoombootSituation) -> bool:
    """ST-B1: ask chance to shuffle the next setup pile; False when every pile is shuffled."""
    nxt = state.pending_pile + 1
    if nxt <= PAKJE or (nxt == PAKJE + 1 and state.krappe):
        state.pending_pile = nxt
        state.phase = PHASE_SHUFFLE
        return True
    return False


def lay_start_row(state: StoombootSituation) -> None:
    """ST-B1: the top Stoomboot cards, as drawn, form the start row."""
    length = state.config.start_row_for(state.num_players)
    pile = state.piles[STOOM]
    for _ in range(min(length, len(pile))):
        state.journal_append(state.row, state.journal_pop(pile))
    if state.log_on:
        state.emit(StartRowLaid(state.names(state.row)))


# -- draws ---------------------------------------------------------------------------------


def clockwise_from(state: StoombootSituation, seat: int) -> tuple[int, ...]:
    """Every seat, starting with ``seat``, clockwise."""
    n = state.num_players
    return tuple((seat + k) % n for k in range(n))


def start_draws(state: StoombootSituation, *, setup: bool) -> None:
    """Everyone is to fill their hand, the Sint first, clockwise (ST-B1, ST-B8)."""
    state.stage = STAGE_DRAWS
    state.setup_draws = setup
    state.draw_left = clockwise_from(state, state.sint)


def next_to_draw(state: StoombootSituation) -> bool:
    """Ask the next player who still needs cards (and can get one) to draw; False when done."""
    size = state.hand_size
    hands = state.hands
    while state.draw_left:
        seat = state.draw_left[0]
        if len(hands[seat]) < size and (
            state.can_draw(VAREN) or state.can_draw(STOOM) or state.can_draw(PAKJE)
        ):
            state.to_move = seat
            state.phase = PHASE_DRAW
            return True
        state.draw_left = state.draw_left[1:]
    return False


def draw(state: StoombootSituation, deck: int) -> bool:
    """The player to move draws from ``deck``'s pile; False when it must be refilled first.

    An empty pile gets its discard pile (then chance shuffles it, and the card
    is taken after the shuffle).
    """
    pile = state.piles[deck]
    if pile:
        take_card(state, deck)
        return True
    discard = state.discards[deck]
    if not discard:
        raise ValueError(f"the {PILE_NAMES[deck]} pile and its discard pile are empty")
    state.journal_set(state.piles, deck, discard[::-1])
    state.journal_set(state.discards, deck, [])
    state.pending_pile = deck
    state.shuffle_reason = "reshuffle"
    state.phase = PHASE_SHUFFLE
    return False


def take_card(state: StoombootSituation, deck: int) -> None:
    """The top card of ``deck``'s pile goes into the hand of the player to move."""
    seat = state.to_move
    card = state.journal_pop(state.piles[deck])
    state.journal_append(state.hands[seat], card)
    if state.log_on:
        state.emit(CardDrawn(seat, PILE_NAMES[deck], state.tables.names[card], state.round > 0))


# -- the start of a round ------------------------------------------------------------------


def position_count(cards: int) -> int:
    """ST-B3: the positions of a Stoomrij of ``cards`` cards, one under each card and one
    under each two cards that touch."""
    return 2 * cards - 1


def start_round(state: StoombootSituation) -> bool:
    """ST-B3: the new Sint begins a round; the positions and their icons are fixed.

    False when the game is over instead (more than ``round_limit`` rounds).
    """
    if state.round >= state.config.round_limit:
        finish(state, won=False, reason=REASON_VASTGELOPEN)
        return False
    state.round += 1
    if not state.setup_draws and state.sint != state.next_sint:
        state.sint = state.next_sint
        if state.log_on:
            state.emit(NewSint(state.sint, state.round))
    weather = state.weather_next
    state.weather_now = weather
    state.weather_next = WEATHER_NONE
    icon_of = state.tables.icon
    row = state.row
    positions = position_count(len(row))
    icons = [icon_of[row[p >> 1]] if p % 2 == 0 else 0 for p in range(positions)]
    if weather == WEATHER_ZON:
        opened = [True] * positions
    elif weather == WEATHER_MIST:
        opened = [False] * positions
    else:
        opened = [icon == OOG for icon in icons]
    state.journal_attr("slot_card", [NO_CARD] * positions)
    state.journal_attr("slot_owner", [-1] * positions)
    state.journal_attr("slot_up", [False] * positions)
    state.journal_attr("slot_icon", icons)
    state.journal_attr("slot_open", opened)
    state.cursor = 0
    state.placed = 0
    state.anchor = False
    state.after_card = False
    state.r_steps = 0
    state.r_damage = 0
    state.r_delivered = ()
    state.rstep = 0
    state.to_move = state.sint
    state.stage = STAGE_PLACING
    if state.log_on:
        state.emit(
            RoundStarted(
                state.round,
                state.sint,
                state.names(row),
                tuple(ICONS[i] for i in icons),
                tuple(opened),
                WEATHER_NAMES[weather],
            )
        )
    return True


# -- the end of a round --------------------------------------------------------------------


def start_round_end(state: StoombootSituation) -> None:
    """Every position is revealed: the end of the round begins at its first step (ST-B8)."""
    state.stage = STAGE_ROUND_END
    state.rstep = 0


def table_slots(state: StoombootSituation) -> list[int]:
    """The positions whose card still lies on the table (not delivered, not attached)."""
    return [i for i, c in enumerate(state.slot_card) if c != NO_CARD]


def kalender_choice(state: StoombootSituation) -> bool:
    """ST-B8 (base game): the Sint picks the card for the Kalender pile; True if asked."""
    slots = table_slots(state)
    if len(slots) > 1:
        state.options = tuple(KALENDER[i] for i in slots)
        state.choice = CHOICE_KALENDER
        state.phase = PHASE_CHOICE
        return True
    if slots:
        set_aside(state, slots[0])
    else:
        fill_kalender(state)
    return False


def set_aside(state: StoombootSituation, slot: int) -> None:
    """The card at ``slot`` goes onto the Kalender pile (ST-B8)."""
    card = state.slot_card[slot]
    state.journal_set(state.slot_card, slot, NO_CARD)
    state.journal_append(state.kalender, card)
    if state.log_on:
        state.emit(
            KalenderChosen(state.sint, slot + 1, state.tables.names[card], len(state.kalender))
        )


def fill_kalender(state: StoombootSituation) -> None:
    """ST-B8 when no played card is left: the top card of the Varen pile (else any pile)."""
    for deck in (VAREN, STOOM, PAKJE):
        for pile in (state.piles[deck], state.discards[deck]):
            if pile:
                card = state.journal_pop(pile)
                state.journal_append(state.kalender, card)
                if state.log_on:
                    state.emit(
                        KalenderFilled(
                            PILE_NAMES[deck], state.tables.names[card], len(state.kalender)
                        )
                    )
                return
    state.journal_append(state.kalender, NO_CARD)
    if state.log_on:
        state.emit(KalenderFilled("", "", len(state.kalender)))


def clear_table(state: StoombootSituation) -> bool:
    """Cards on the table go to their discard piles; pakjes back into their pile (ST-B6).

    Returns True when the Pakje pile must now be shuffled (a chance node).
    """
    deck_of = state.tables.deck
    returned: list[int] = []
    for slot, card in enumerate(state.slot_card):
        if card == NO_CARD:
            continue
        state.journal_set(state.slot_card, slot, NO_CARD)
        deck = deck_of[card]
        if deck == PAKJE:
            returned.append(card)
            state.journal_append(state.piles[PAKJE], card)
        else:
            state.journal_append(state.discards[deck], card)
    if not returned:
        return False
    if state.log_on:
        state.emit(PakjesReturned(state.names(returned)))
    state.pending_pile = PAKJE
    state.shuffle_reason = "return"
    state.phase = PHASE_SHUFFLE
    return True


def kalender_count(state: StoombootSituation) -> int:
    """Kalender cards so far: set aside (base game) or taken (krappe-kalender)."""
    return len(state.kal_drawn) if state.krappe else len(state.kalender)


def record_round(state: StoombootSituation) -> None:
    """Append this round's :class:`~pnp.games.stoomboot.rules.situation.RoundResult` (once)
    and log its end."""
    if len(state.results) >= state.round:
        return
    result = RoundResult(
        state.round,
        state.sint,
        len(state.slot_card),
        state.placed,
        state.r_steps,
        state.r_damage,
        state.r_delivered,
        len(state.row),
        kalender_count(state),
    )
    state.journal_append(state.results, result)
    if state.log_on:
        names = state.tables.tile_names
        state.emit(
            RoundEnded(
                state.round,
                tuple(names[h] for h in state.r_delivered),
                state.r_damage,
                state.r_steps,
                result.kalender,
            )
        )


def finish(state: StoombootSituation, *, won: bool, reason: str) -> None:
    """The game is over: won together, or lost for ``reason`` (ST-B2)."""
    if state.round and state.stage in (STAGE_PLACING, STAGE_SAILING, STAGE_ROUND_END):
        record_round(state)
    state.winners = tuple(range(state.num_players)) if won else ()
    state.end_reason = reason
    state.phase = PHASE_OVER
    state.stage = STAGE_OVER
    state.choice = CHOICE_NONE
    state.options = ()
    state.to_move = -1
    if state.log_on:
        state.emit(
            GameEnded(
                won,
                reason,
                state.round,
                sum(1 for h in state.on_map if state.delivered[h]),
                len(state.on_map),
                kalender_count(state),
                state.krappe,
            )
        )
