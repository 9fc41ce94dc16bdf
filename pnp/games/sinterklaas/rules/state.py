"""The game state: one mutable object with ``push``/``pop`` (see :mod:`pnp.games.sinterklaas.rules.engine`).

The fields, their queries, the deal sizes and the undo journal are those of
:class:`~pnp.games.sinterklaas.rules.position.SinterklaasPosition`; this class adds
what dispatches to the rules, which live in the sibling modules:
:mod:`~pnp.games.sinterklaas.rules.turns` (bidding), :mod:`~pnp.games.sinterklaas.rules.effects`
(action cards and the coin), :mod:`~pnp.games.sinterklaas.rules.scoring`
(showdown, round end, game end) and :mod:`~pnp.games.sinterklaas.rules.chance`
(the stack and chance outcomes); this module runs the agenda and starts rounds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.games.sinterklaas.rules import chance, effects, scoring, turns
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.actions import Action
from pnp.games.sinterklaas.rules.cards import without_cards
from pnp.games.sinterklaas.rules.position import SinterklaasPosition
from pnp.games.sinterklaas.rules.steps import (
    DEAL,
    GAME_END,
    GIVE_BIG,
    IN,
    INPAK_COLOUR,
    JOIN_PREP,
    KEEP,
    LAP,
    LAP_START,
    LAST_CHANCE,
    LIMIT,
    ONE_LEFT,
    OPEN_BIG_PREP,
    OPENING,
    REVEAL,
    ROUND_START,
    SHOWDOWN,
    SHOWDOWN_PREP,
    STRIKE,
    TURN_STEPS,
    Step,
)

_ROUND_DECISIONS = (LIMIT, GIVE_BIG)
_SCORING_DECISIONS = (INPAK_COLOUR, STRIKE, KEEP)


class SinterklaasState(SinterklaasPosition):
    """The whole game, mutated by :meth:`push` and restored by :meth:`pop`.

    Its attributes are those of
    :class:`~pnp.games.sinterklaas.rules.position.SinterklaasPosition` (read-only
    from outside); this class carries out the moves and chance outcomes.
    """

    __slots__ = ()

    # -- queries ---------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """The moves of the player to act; empty at chance and terminal nodes."""
        agenda = self.agenda
        if not agenda or agenda[0][0] <= LAST_CHANCE:
            return []
        step = agenda[0]
        kind = step[0]
        if kind in TURN_STEPS:
            return turns.turn_moves(self, step)
        if kind in _ROUND_DECISIONS:
            return turns.round_moves(self, step)
        if kind in _SCORING_DECISIONS:
            return scoring.decision_moves(self, step)
        return effects.decision_moves(self, step)

    # -- positions for tests and rulebook examples ------------------------------

    def set_position(
        self,
        *,
        sint: int,
        hands: Sequence[Sequence[int]] | None = None,
        scored: Sequence[Sequence[int]] | None = None,
        stack: Sequence[int] | None = None,
        big_sint: int = -1,
        round_number: int = 0,
    ) -> None:
        """Jump to the start of a round (before its deal) with the given cards.

        ``hands`` are cards kept from an earlier round, ``scored`` the won
        piles, ``stack`` the unseen stack (default: every other card). Cards
        of the deck that are nowhere else are in the discard pile. Clears the
        history and the undo stack; meant for tests and examples.
        """
        n = self.num_players
        self.hands = [tuple(sorted(h)) for h in hands] if hands is not None else [()] * n
        self.scored = [tuple(sorted(p)) for p in scored] if scored is not None else [()] * n
        if len(self.hands) != n or len(self.scored) != n:
            raise ValueError(f"expected {n} hands and scored piles")
        placed = [c for h in self.hands for c in h] + [c for p in self.scored for c in p]
        rest = without_cards(self.table.deck, placed)
        if stack is None:
            self.stack_pool = rest
            self.discard = ()
        else:
            self.stack_pool = tuple(sorted(stack))
            self.discard = without_cards(rest, stack)
        self.stack_top = 0
        self.top_seen = 0
        self.stack_bottom = ()
        self.sint = sint
        self.big_sint = big_sint
        self.round = round_number
        self.bids = [()] * n
        self.room = ()
        self.results = ()
        self.winners = ()
        self.agenda = ((ROUND_START,),)
        self.history.clear()
        self._undo.clear()
        self._marks.clear()
        self._ops = []
        self._advance()

    # -- applying actions ----------------------------------------------------------

    def _apply(self, action: Action) -> None:
        """Apply ``action`` and everything the rules do after it (see :meth:`push`).

        Chance outcomes are checked against the cards where they come from and
        moves against the node's kind, but moves are not checked for being
        among :meth:`legal_actions` (replay does that for untrusted records).
        """
        if not self.agenda:
            raise ValueError("the game is over")
        step = self.agenda[0]
        if step[0] <= LAST_CHANCE:
            chance.apply_chance(self, step, action)
        elif not isinstance(action, int) or isinstance(action, bool):
            raise ValueError(f"expected a move, got {action!r}")
        elif step[0] in TURN_STEPS:
            turns.apply_turn_move(self, step, action)
        elif step[0] in _ROUND_DECISIONS:
            turns.apply_round_move(self, step, action)
        elif step[0] in _SCORING_DECISIONS:
            scoring.apply_decision(self, step, action)
        else:
            effects.apply_decision(self, step, action)
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps until the next chance or decision node (or the end)."""
        while self.agenda:
            step = self.agenda[0]
            kind = step[0]
            if kind >= ROUND_START:
                self._automatic(step)
            elif kind in TURN_STEPS:
                if turns.turn_ready(self, step):
                    return
            elif kind <= LAST_CHANCE:
                if chance.chance_ready(self, step):
                    return
            elif kind in _ROUND_DECISIONS:
                return
            elif kind in _SCORING_DECISIONS:
                if scoring.decision_ready(self, step):
                    return
            elif effects.decision_ready(self, step):
                return

    def _automatic(self, step: Step) -> None:
        kind = step[0]
        if kind == ROUND_START:
            self._round_start()
        elif kind == LAP_START:
            turns.start_lap(self, step[1])
        elif kind == SHOWDOWN_PREP:
            scoring.prepare_showdown(self)
        elif kind == SHOWDOWN:
            scoring.showdown(self)
        elif kind == GAME_END:
            scoring.end_game(self)
        elif kind == OPENING:
            turns.opening(self)
        elif kind == OPEN_BIG_PREP:
            turns.open_big_prep(self, step[1])
        elif kind == ONE_LEFT:
            scoring.one_left(self, step[1])
        elif kind == JOIN_PREP:
            effects.join_prep(self, step[1])
        else:
            raise AssertionError(f"unknown automatic step {step!r}")

    # -- rounds (SK-B9) ------------------------------------------------------------

    def _round_start(self) -> None:
        """SK-B9: end the game if the stack cannot supply a full round; else set up the round."""
        if self.stack_size() < self.cards_needed():
            self.agenda = ((GAME_END,),)
            return
        n = self.num_players
        config = self.config
        self.round += 1
        self.journal_attr("bids", [()] * n)
        self.journal_attr("status", [IN] * n)
        self.journal_attr("pending", [False] * n)
        self.room = ()
        self.limit = 0
        self.first_stop = False
        self.journal_attr("inpak", [()] * n)
        self.journal_attr("struck", [()] * n)
        self.turn_open = False
        self.turn_added = 0
        self.to_move = -1
        if self.log_on:
            self.emit(ev.RoundStarted(self.round, self.sint, self.stack_size(), config.reveals))
        steps: list[Step] = [(DEAL,)]
        if config.hand_rule:
            steps.append((LIMIT, self.sint))
        if config.big_sint:
            steps.append((OPENING,))
        for lap in range(1, config.reveals + 1):
            steps += [(REVEAL, lap), (LAP_START, lap), (LAP, lap)]
        steps += [(SHOWDOWN_PREP,), (SHOWDOWN,)]
        self.agenda = tuple(steps)

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the outcome of the current chance step with ``rng``."""
        return chance.sample_chance(self, rng)
