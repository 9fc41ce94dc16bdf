"""The players of the example search: the bundled heuristic, and a Pietje Precies planner.

With Pietje Precies a combination only counts with *all* scoring cards
(SK-P1), so the heuristic's sampled odds are nearly always zero: it checks,
nobody bids and no round shows a strike. :class:`PreciesPlanner` plays the
heuristic, except in the bidding laps of Pietje Precies games: before the
last reveal it checks when it may; in the last lap it keeps the largest part
of the hand that (with the Pakjeskamer and one strike per Pietje Precies card
in the bid or hand) is a combination of all cards, and bids the rest (Pietje
Precies cards first) while that matches the highest bid.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from pnp.games.sinterklaas import actions as act
from pnp.games.sinterklaas.actions import Action
from pnp.games.sinterklaas.cards import PIETJE_PRECIES
from pnp.games.sinterklaas.policies import HeuristicPolicy
from pnp.games.sinterklaas.steps import LAP
from pnp.games.sinterklaas.view import SinterklaasView

HEURISTIC = "heuristic"
PLANNER = "precies-planner"


class PreciesPlanner:
    """The heuristic, but in Pietje Precies games it bids down to a combination of all cards."""

    name = PLANNER

    def __init__(self) -> None:
        self._heuristic = HeuristicPolicy()

    def keep(self, view: SinterklaasView, most: int) -> tuple[int, ...]:
        """The best part of the hand (at most ``most`` cards, no Pietje Precies) to keep; ``()``: none.

        Best: the highest combination of all cards (with the strikes), then the most cards kept.
        """
        hand = view.hand
        own = [c for c in hand if c >> 8 == PIETJE_PRECIES]
        rest = [c for c in hand if c >> 8 != PIETJE_PRECIES]
        strikes = self._heuristic.strikes(view) + len(own)
        best: tuple[int, int, tuple[int, ...]] = (0, 0, ())
        for size in range(min(most, len(rest)), 0, -1):
            for part in combinations(rest, size):
                key = self._heuristic.key(view, [*part, *view.room], strikes)
                if key and (key, size) > best[:2]:
                    best = (key, size, part)
        return best[2]

    def choose(
        self, view: SinterklaasView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """The planner's move (see the module docstring), else the heuristic's."""
        moves = [a for a in legal_actions if isinstance(a, int)]
        if not (view.in_turn and view.step[0] == LAP and view.config.precise):
            return self._heuristic.choose(view, legal_actions, rng)
        bid, high = len(view.own_bid), view.highest_of_others
        if view.reveals_left > 0:
            if high <= bid and act.DONE in moves:
                return act.DONE
            return self._heuristic.choose(view, legal_actions, rng)
        hand = list(view.hand)
        keep = self.keep(view, len(hand) - max(0, high - bid))
        if not keep:
            return self._heuristic.choose(view, legal_actions, rng)
        spare = list(hand)
        for card in keep:
            spare.remove(card)
        spare.sort(key=lambda c: (c >> 8 != PIETJE_PRECIES, c))
        if spare and act.add(spare[0]) in moves:
            return act.add(spare[0])
        if act.DONE in moves:
            return act.DONE
        return act.STOP if act.STOP in moves else moves[0]
