"""Showdown, round end and game end (SK-B5, SK-B7 ... SK-B9, SK-S1, SK-V3, SK-V5, SK-P1 ... SK-P4).

Showdown (SK-B7): every player still in the round (bidding or all-in)
combines their hand with the Pakjeskamer; see
:mod:`~pnp.games.sinterklaas.rules.combinations` for the ranking. Before the
comparison, clockwise from the Sint, each player with a face-up Inpakpiet in
their bid chooses its colour (it joins their scoring cards with its own
number), and with Pietje Precies each Pietje Precies card in their bid —
face up, or any action card face down (SK-P4) — lets them strike one scoring
card (SK-P3; they may strike nothing). The best key wins; equal best keys:
with the Remiseregel (SK-V5) the one of them with the largest bid wins,
otherwise (or if that is equal too) nobody wins.

Round end (SK-B8): the winner takes every bid card into their scored pile
and becomes Sint. Players who stayed to the end lose their hand cards (not
with the Handregel, see below). The
Pakjeskamer, the lost hands and an unwon bid pile go to the discard pile, out
of the game (SK-B8 DECISION). DECISION (SK-P4): a face-down card is an
ordinary card again once the round is over (its points count for whoever
wins it). SK-B5: when one player is left the round ends at once; they win the
bid pile, keep their hand and become Sint; the Pakjeskamer is discarded.

Handregel (SK-V3) DECISION: the keep-or-discard choice replaces SK-B8's loss
of hand cards. After the round, clockwise from the (new) Sint, every player
who still holds hand cards (those who stopped, the last player left, and
those who stayed to the end of a showdown) keeps them or throws them all away.

Surprises (SK-S1): the engine reports with :class:`SurprisePicked` who picks:
mode ``ronde`` the winner of every round; ``symbool`` the winner of a round
whose bid pile holds a face-up card with the surprise symbol; ``spel`` every
winner of the game at the end. A round without a winner gives no pick.

Game end (SK-B9): before each round's deal, if the stack cannot fill every
hand and supply every reveal, the game ends; the most points on scored cards
wins, equal totals share the win.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.sinterklaas.rules import actions as act
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.cards import (
    COLOURS,
    INPAKPIET,
    PIETJE_PRECIES,
    CardTable,
    action_card,
    card_names,
    distinct,
    plain_card,
    with_cards,
)
from pnp.games.sinterklaas.rules.combinations import (
    KIND_NAMES,
    NUMBER,
    STRAIGHT,
    Combination,
    best_combination,
)
from pnp.games.sinterklaas.rules.effects import set_sint
from pnp.games.sinterklaas.rules.position import SinterklaasPosition
from pnp.games.sinterklaas.rules.steps import (
    CARD_MASK,
    ENDING_BEST,
    ENDING_ONE_LEFT,
    ENDING_TIE,
    FACE_DOWN,
    INPAK_COLOUR,
    KEEP,
    ROUND_START,
    STOPPED,
    STRIKE,
    Step,
)


def scoring_cards(state: SinterklaasPosition, seat: int) -> list[int]:
    """``seat``'s scoring cards now: hand, Pakjeskamer, chosen Inpakpiet colours, minus strikes."""
    cards = [*state.hands[seat], *state.room]
    if state.inpak[seat]:
        number = state.table.number[action_card(INPAKPIET)]
        cards.extend(plain_card(c, number) for c in state.inpak[seat])
    for card in state.struck[seat]:
        if card:
            cards.remove(card)
    return cards


def combination_of(state: SinterklaasPosition, cards: list[int]) -> Combination:
    """The best combination of ``cards`` under the configured rules."""
    table = state.table
    return best_combination(
        [table.colour[c] for c in cards], [table.number[c] for c in cards], state.config.precise
    )


def prepare_showdown(state: SinterklaasPosition) -> None:
    """Queue the scoring choices: Inpakpiet colours, then Pietje Precies strikes."""
    config = state.config
    steps: list[Step] = []
    for seat in state.clockwise(state.sint):
        if state.status[seat] == STOPPED:
            continue
        for entry in state.bids[seat]:
            card = entry & CARD_MASK
            face_down = bool(entry & FACE_DOWN)
            if config.actions and not face_down and card >> 8 == INPAKPIET:
                steps.append((INPAK_COLOUR, seat))
        for entry in state.bids[seat]:
            card = entry & CARD_MASK
            if config.precise and (entry & FACE_DOWN or card >> 8 == PIETJE_PRECIES):
                steps.append((STRIKE, seat))
    state.insert_steps(steps, replace=True)


def decision_ready(state: SinterklaasPosition, step: Step) -> bool:
    """KEEP is only asked of players holding cards."""
    if step[0] == KEEP and not state.hands[step[1]]:
        state.drop_step()
        return False
    return True


def decision_moves(state: SinterklaasPosition, step: Step) -> list[int]:
    """INPAK_COLOUR: the five colours; STRIKE: nothing or any scoring card; KEEP: keep or discard."""
    kind = step[0]
    if kind == INPAK_COLOUR:
        return [act.colour(c) for c in range(len(COLOURS))]
    if kind == STRIKE:
        return [act.NO_STRIKE, *(act.strike(c) for c in distinct(scoring_cards(state, step[1])))]
    return [act.KEEP_HAND, act.DISCARD_HAND]


def apply_decision(state: SinterklaasPosition, step: Step, action: int) -> None:
    """Apply a scoring or hand-keeping decision."""
    kind = step[0]
    seat = step[1]
    move = act.move_kind(action)
    value = act.move_a(action)
    if kind == INPAK_COLOUR and move == act.COLOUR_KIND and value < len(COLOURS):
        state.journal_set(state.inpak, seat, (*state.inpak[seat], value))
        if state.log_on:
            state.emit(ev.ColourChosen(seat, COLOURS[value]))
    elif kind == STRIKE and move == act.NO_STRIKE_KIND:
        state.journal_set(state.struck, seat, (*state.struck[seat], 0))
        if state.log_on:
            state.emit(ev.CardStruck(seat, ""))
    elif kind == STRIKE and move == act.STRIKE_KIND:
        if value not in scoring_cards(state, seat):
            raise ValueError("only a scoring card can be struck (SK-P3)")
        state.journal_set(state.struck, seat, (*state.struck[seat], value))
        if state.log_on:
            state.emit(ev.CardStruck(seat, card_names((value,))[0]))
    elif kind == KEEP and move == act.KEEP_HAND_KIND:
        if state.log_on:
            state.emit(ev.HandKept(seat, len(state.hands[seat])))
    elif kind == KEEP and move == act.DISCARD_HAND_KIND:
        hand = state.hands[seat]
        state.discard = (*state.discard, *hand)
        state.journal_set(state.hands, seat, ())
        if state.log_on:
            state.emit(ev.HandDiscarded(seat, card_names(hand)))
    else:
        raise ValueError(f"{act.format_move(action)!r} does not answer this decision")
    state.drop_step()


def _value_name(combo: Combination) -> str:
    if combo.kind == NUMBER or combo.kind == STRAIGHT:
        return str(combo.value)
    if combo.count:
        return COLOURS[combo.value]
    return ""


def showdown(state: SinterklaasPosition) -> None:
    """SK-B7, SK-V5: compare the best combinations; then end the round (SK-B8)."""
    contenders = [s for s in state.clockwise(state.sint) if state.status[s] != STOPPED]
    keys: dict[int, int] = {}
    for seat in contenders:
        cards = scoring_cards(state, seat)
        combo = combination_of(state, cards)
        keys[seat] = combo.key
        if state.log_on:
            state.emit(
                ev.CombinationShown(
                    seat,
                    KIND_NAMES[combo.kind],
                    _value_name(combo),
                    combo.count,
                    combo.total,
                    card_names(sorted(cards)),
                    state.config.precise,
                )
            )
    best = max(keys.values())
    tied = [s for s in contenders if keys[s] == best]
    winner, reason = -1, ""
    if len(tied) == 1:
        winner, reason = tied[0], "best"
    elif state.config.remise:
        most = max(len(state.bids[s]) for s in tied)
        top = [s for s in tied if len(state.bids[s]) == most]
        if len(top) == 1:
            winner, reason = top[0], "remise"
    end_round(state, winner, reason, showdown=True, tied=tuple(sorted(tied)))


def surprise_cards(table: CardTable, entries: Sequence[int]) -> list[int]:
    """SK-S1: the cards of bid ``entries`` that lie face up and show the surprise symbol."""
    return [e & CARD_MASK for e in entries if table.surprise[e & CARD_MASK] and not e & FACE_DOWN]


def one_left(state: SinterklaasPosition, seat: int) -> None:
    """SK-B5: the last player in the round wins the bid pile at once and keeps their hand."""
    end_round(state, seat, "one-left", showdown=False, tied=())


def end_round(
    state: SinterklaasPosition,
    winner: int,
    reason: str,
    *,
    showdown: bool,
    tied: tuple[int, ...],
) -> None:
    """SK-B8: hand out the bid pile, discard what is used, pass the Sint card; SK-S1; SK-V3."""
    n = state.num_players
    table = state.table
    entries = [e for seat in range(n) for e in state.bids[seat]]
    pile = tuple(e & CARD_MASK for e in entries)
    discarded = list(state.room)
    if winner >= 0:
        state.journal_set(state.scored, winner, with_cards(state.scored[winner], pile))
        if state.log_on:
            state.emit(ev.RoundWon(winner, state.round, card_names(pile), reason))
    else:
        discarded.extend(pile)
        if state.log_on:
            state.emit(ev.RoundTied(state.round, tied))
    if showdown and not state.config.hand_rule:
        hands = state.hands
        status = state.status
        for seat in range(n):
            if status[seat] != STOPPED:
                discarded.extend(hands[seat])
                state.journal_set(hands, seat, ())
    state.discard = (*state.discard, *discarded)
    state.room = ()
    state.journal_attr("bids", [()] * n)
    ending = ENDING_ONE_LEFT if not showdown else ENDING_BEST if winner >= 0 else ENDING_TIE
    state.results = (*state.results, (ending, winner, len(pile)))
    if winner >= 0:
        set_sint(state, winner, "won", showdown=showdown)
        mode = state.config.surprise_mode
        if state.log_on and (
            mode == "ronde" or (mode == "symbool" and bool(surprise_cards(table, entries)))
        ):
            state.emit(ev.SurprisePicked(winner, state.round, mode))
    if state.log_on:
        state.emit(
            ev.RoundEnded(state.round, card_names(discarded), tuple(len(h) for h in state.hands))
        )
    keep: list[Step] = []
    if state.config.hand_rule:
        keep = [(KEEP, s) for s in state.clockwise(state.sint) if state.hands[s]]
    state.agenda = (*keep, (ROUND_START,))


def end_game(state: SinterklaasPosition) -> None:
    """SK-B9: most points on scored cards wins; SK-S1 ``spel``: every winner picks a surprise."""
    points = state.points()
    top = max(points)
    state.winners = tuple(s for s in range(state.num_players) if points[s] == top)
    if state.log_on:
        if state.config.surprise_mode == "spel":
            for seat in state.winners:
                state.emit(ev.SurprisePicked(seat, state.round, "spel"))
        state.emit(ev.GameEnded(state.winners, points, state.round, state.stack_size()))
    state.agenda = ()
