"""The course of the game: after each move, shuffle or choice, what comes next.

The rules modules each do one step and return to this module, which decides
what follows and runs the automatic steps until a player, the Sint or chance
must act, or the game is over:

* setup: the piles are shuffled one by one (:mod:`~pnp.games.stoomboot.rules.chance`),
  the start row is laid and the draws begin (:mod:`~pnp.games.stoomboot.rules.rounds`);
* draws: when every hand is full the round starts, then the placing
  (:mod:`~pnp.games.stoomboot.rules.placing`);
* placing: when every position is filled the sailing begins
  (:mod:`~pnp.games.stoomboot.rules.sailing`); a round in which nobody placed a
  card loses the game (``vastgelopen``);
* sailing: when every position is revealed the round ends: the Kalender (base
  game: a card set aside; krappe-kalender: a Kalender card's event,
  :mod:`~pnp.games.stoomboot.rules.kalender`), the table cleared, then the draws of
  the next round.

A shuffle or a choice in the middle of a stage goes on where it was asked.
Only :mod:`~pnp.games.stoomboot.rules.state` calls this module; the rules modules
never do.
"""

from __future__ import annotations

from pnp.games.stoomboot.rules import chance, kalender, placing, rounds, sailing
from pnp.games.stoomboot.rules.actions import Action, Move
from pnp.games.stoomboot.rules.phases import (
    PHASE_OVER,
    PHASE_SHUFFLE,
    STAGE_DRAWS,
    STAGE_ROUND_END,
    STAGE_SAILING,
    STAGE_SETUP,
)
from pnp.games.stoomboot.rules.situation import StoombootSituation

# -- the moves and chance outcomes ------------------------------------------------------------


def apply_chance(state: StoombootSituation, action: Action) -> None:
    """Apply a chance outcome; after a shuffle the rules go on where it was needed."""
    shuffled = state.phase == PHASE_SHUFFLE
    chance.apply(state, action)
    if shuffled:
        after_shuffle(state)


def draw(state: StoombootSituation, deck: int) -> None:
    """The player to move draws from ``deck``'s pile (ST-B1, ST-B8)."""
    if rounds.draw(state, deck):
        continue_draws(state)


def place(state: StoombootSituation, code: int, pos: int, up: bool) -> None:
    """The player to move places a card (ST-B3)."""
    placing.place(state, code, pos, up)
    continue_placing(state)


def choose(state: StoombootSituation, move: Move) -> None:
    """The Sint's choice; then the sailing or the end of the round goes on."""
    if sailing.choose(state, move):
        resume_stage(state)


# -- what comes next --------------------------------------------------------------------------


def after_shuffle(state: StoombootSituation) -> None:
    """Go on after a shuffle: the next setup pile, the pending draw, the sailing or round end."""
    stage = state.stage
    if stage == STAGE_SETUP:
        if rounds.next_setup_shuffle(state):
            return
        rounds.lay_start_row(state)
        start_draws(state, setup=True)
    elif stage == STAGE_DRAWS:
        rounds.take_card(state, state.pending_pile)
        continue_draws(state)
    elif stage == STAGE_SAILING:
        sail(state)
    elif stage == STAGE_ROUND_END:
        round_end(state)


def resume_stage(state: StoombootSituation) -> None:
    """Go on after a choice: sailing, or the end of the round."""
    if state.phase == PHASE_OVER:
        return
    if state.stage == STAGE_SAILING:
        sail(state)
    elif state.stage == STAGE_ROUND_END:
        round_end(state)


def start_draws(state: StoombootSituation, *, setup: bool) -> None:
    """Everyone fills their hand, the Sint first, clockwise (ST-B1, ST-B8)."""
    rounds.start_draws(state, setup=setup)
    continue_draws(state)


def continue_draws(state: StoombootSituation) -> None:
    """The next player who needs cards draws; when every hand is full the round starts."""
    if not rounds.next_to_draw(state):
        start_round(state)


def start_round(state: StoombootSituation) -> None:
    """ST-B3: the new Sint begins a round and the placing starts (unless the game is over)."""
    if rounds.start_round(state):
        continue_placing(state)


def continue_placing(state: StoombootSituation) -> None:
    """The next player with cards places; or the placing ends."""
    if not placing.next_to_place(state):
        end_placing(state)


def end_placing(state: StoombootSituation) -> None:
    """The placing is over: the boat sails (ST-B4); lost when nobody placed a card."""
    if state.placed == 0:
        rounds.finish(state, won=False, reason=rounds.REASON_VASTGELOPEN)
        return
    placing.end_placing(state)
    sail(state)


def sail(state: StoombootSituation) -> None:
    """Sail on until someone must act; when every position is revealed the round ends."""
    if sailing.resume(state):
        end_sailing(state)


def end_sailing(state: StoombootSituation) -> None:
    """Every position is revealed: the round ends (ST-B8)."""
    rounds.start_round_end(state)
    round_end(state)


def round_end(state: StoombootSituation) -> None:
    """Run the end of the round from where it stands (``rstep``) until input is needed."""
    while True:
        step = state.rstep
        if step == 0:
            state.rstep = 1
            if not state.krappe and rounds.kalender_choice(state):
                return
        elif step == 1:
            state.rstep = 2
            if rounds.clear_table(state):
                return
        elif step == 2:
            state.rstep = 3
            if not state.krappe:
                rounds.record_round(state)
                if len(state.kalender) >= state.config.calendar_limit:
                    rounds.finish(state, won=False, reason=rounds.REASON_PAKJESAVOND)
                    return
                state.rstep = 4
            else:
                kalender.draw_card(state)
        elif step == 3:
            if state.queue and not sailing.run_queue(state):
                return
            if state.phase == PHASE_OVER:
                return
            rounds.record_round(state)
            if not state.kal_pile:
                rounds.finish(state, won=False, reason=rounds.REASON_PAKJESAVOND)
                return
            state.rstep = 4
        else:
            start_draws(state, setup=False)
            return
