"""The game state: one mutable object with ``push``/``pop`` (see :mod:`pnp.games.santoska.rules.engine`).

The fields, their queries, the set-up of positions and the undo journal are those of
:class:`~pnp.games.santoska.rules.position.SantoskaPosition`; this class adds what
dispatches to the rules, which live in the sibling modules:
:mod:`~pnp.games.santoska.rules.chance` (dealer, deal and peek, reshuffle),
:mod:`~pnp.games.santoska.rules.turns` (a turn, Arriba, Stop, the final lap) and
:mod:`~pnp.games.santoska.rules.rounds` (scoring, elimination, the end of the game).
"""

from __future__ import annotations

import random

from pnp.games.santoska.rules import chance, turns
from pnp.games.santoska.rules.actions import Action
from pnp.games.santoska.rules.phases import PHASE_DRAW, PHASE_OVER
from pnp.games.santoska.rules.position import SantoskaPosition


class SantoskaState(SantoskaPosition):
    """The whole game, mutated by :meth:`push` and restored by :meth:`pop`.

    Its attributes are those of
    :class:`~pnp.games.santoska.rules.position.SantoskaPosition` (read-only from
    outside); this class carries out the moves and chance outcomes.
    """

    __slots__ = ()

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the outcome of the current chance node with ``rng``."""
        return chance.sample(self, rng)

    # -- push and pop ------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        phase = self.phase
        if phase >= PHASE_DRAW:
            if not isinstance(action, int) or phase == PHASE_OVER:
                raise ValueError(f"expected a move, not {action!r}")
            turns.play_move(self, action)
        else:
            chance.apply(self, action)
