"""A sensible heuristic player for Santoska.

The policy reads only the :class:`~pnp.games.santoska.view.SantoskaView` the
runner hands it, so it remembers exactly what its player may know: the
peeked bottom row, the cards it swapped in, the cards anybody swapped in from
the open discard pile and the discard pile itself. Face-down cards it never
saw are ``None`` to it; it values them at the average of the cards whose place
it does not know.

Ideas:

* value a grid by its known points (groups counted, SA-B6) plus the average
  value of an unseen card for each unknown cell;
* take the open discard when swapping it in gains at least ``take_margin``
  points, else draw from the draw pile; keep a drawn card only if it helps
  (replacing an unknown card gets a small bonus: knowing is worth something);
* call Arriba once the bottom row is known and cheap, Stop once the whole
  grid is known and cheap (both standards relax as the round drags on and
  when others have called Arriba); Stop at once when the grid would bring the
  total to exactly the limit (SA-B7).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import mul

from pnp.games.santoska.rules.actions import ARRIBA, DISCARD, DRAW, END, STOP, SWAP, TAKE
from pnp.games.santoska.rules.cards import NO_CARD, SANTOSKA
from pnp.games.santoska.rules.scoring import grid_points
from pnp.games.santoska.view import Cell, SantoskaView

UNKNOWN_BONUS = 0.75
"""Extra gain for swapping out a card this player has not seen."""

POINTS_CACHE_LIMIT = 1 << 16
"""Grids remembered per scoring rule before :func:`known_points` starts over."""

_POINTS: dict[tuple[int, int, int], dict[tuple[Cell, ...], int]] = {}


def points_table(row_length: int, penalty: int, bonus: int) -> dict[tuple[Cell, ...], int]:
    """The memory of :func:`known_points` for one scoring rule, shared by a process's policies."""
    return _POINTS.setdefault((row_length, penalty, bonus), {})


def known_points(
    table: dict[tuple[Cell, ...], int],
    known: tuple[Cell, ...],
    row_length: int,
    penalty: int,
    bonus: int,
) -> int:
    """:func:`grid_points` of ``known``, remembered in ``table`` (from :func:`points_table`).

    The same grids come up again and again (each swap considered, every
    turn), and their points never change; the memory starts over when full.
    """
    points = table.get(known)
    if points is None:
        if len(table) >= POINTS_CACHE_LIMIT:
            table.clear()
        points = table[known] = grid_points(known, row_length, penalty, bonus)
    return points


class HeuristicPolicy:
    """Pair cards, shed high ones, close rows when they are cheap."""

    name = "heuristic"

    def __init__(
        self,
        take_margin: float = 3.0,
        arriba_per_card: float = 3.0,
        stop_per_card: float = 1.5,
        patience: float = 1.0,
    ) -> None:
        self.take_margin = take_margin
        self.arriba_per_card = arriba_per_card
        self.stop_per_card = stop_per_card
        self.patience = patience
        self._config: object = None
        self._rules = (3, 5, 5)
        self._table: dict[tuple[Cell, ...], int] = {}
        self._values: list[int] = []

    def _scoring(self, view: SantoskaView) -> tuple[int, int, int]:
        """Row length, Santoska penalty and bonus of the view's game (looked up once)."""
        config = view.config
        if config is not self._config:
            self._config = config
            self._rules = (config.row_length, config.santoska_penalty, config.santoska_bonus)
            self._table = points_table(*self._rules)
        return self._rules

    def choose(self, view: SantoskaView, legal_actions: Sequence[int], rng: random.Random) -> int:
        """Pick a move (deterministic: ``rng`` is unused)."""
        first = legal_actions[0]
        if first == TAKE:
            return self._begin(view, legal_actions)
        if first == END:
            return self._call(view, legal_actions)
        return self._place(view, legal_actions)

    # -- valuing grids ---------------------------------------------------------------

    def _card_values(self, penalty: int, length: int) -> list[int]:
        """Points of a lone card per card code (the Santoska at ``penalty``), ``length`` long (kept)."""
        values = self._values = [penalty if c == SANTOSKA else c for c in range(length)]
        return values

    def unseen_value(self, view: SantoskaView) -> float:
        """The average points of a lone card among those whose place is unknown."""
        penalty = self._scoring(view)[1]
        tally = view.unseen_tally()
        values = self._values
        if len(values) != len(tally) or values[SANTOSKA] != penalty:
            values = self._card_values(penalty, len(tally))
        points: int
        if min(tally, default=0) >= 0:
            total = sum(tally)
            points = sum(map(mul, tally, values))
        else:  # a set-up position with cards the deck does not have: count what is left
            total = sum(copies for copies in tally if copies > 0)
            points = sum(v * copies for v, copies in zip(values, tally, strict=True) if copies > 0)
        if not total:
            return 5.0
        return points / total

    def estimate(self, view: SantoskaView, cells: Sequence[Cell], unknown: float) -> float:
        """Known points of ``cells`` plus ``unknown`` for every face-down cell never seen."""
        n, penalty, bonus = self._scoring(view)
        known = tuple(cells)
        points = known_points(self._table, known, n, penalty, bonus)
        return points + unknown * known.count(None)

    def best_swap(self, view: SantoskaView, card: int, unknown: float) -> tuple[float, int]:
        """``(gain, col)`` of the best column of the active row for ``card``."""
        n, penalty, bonus = self._scoring(view)
        table = self._table
        known = view.cells()
        cells = list(known)
        offset = n * view.active_row()
        hidden = known.count(None)
        points = table.get(known)
        if points is None:
            points = known_points(table, known, n, penalty, bonus)
        base = points + unknown * hidden
        best_gain, best_col = float("-inf"), 0
        for col in range(n):
            cell = offset + col
            old = cells[cell]
            cells[cell] = card
            swapped = tuple(cells)
            cells[cell] = old
            points = table.get(swapped)
            if points is None:
                points = known_points(table, swapped, n, penalty, bonus)
            # ``card`` is known: the swap hides one cell fewer when ``old`` was unseen
            if old is None:
                gain = base - (points + unknown * (hidden - 1)) + UNKNOWN_BONUS
            else:
                gain = base - (points + unknown * hidden)
            if gain > best_gain:
                best_gain, best_col = gain, col
        return best_gain, best_col

    # -- the three decisions -----------------------------------------------------------

    def _begin(self, view: SantoskaView, legal: Sequence[int]) -> int:
        if DRAW not in legal:
            return TAKE
        top = view.discard_top
        if top == NO_CARD:
            return DRAW
        gain, _ = self.best_swap(view, top, self.unseen_value(view))
        return TAKE if gain >= self.take_margin else DRAW

    def _place(self, view: SantoskaView, legal: Sequence[int]) -> int:
        gain, col = self.best_swap(view, view.hand, self.unseen_value(view))
        if DISCARD in legal and gain <= 0:
            return DISCARD
        return SWAP + col

    def _call(self, view: SantoskaView, legal: Sequence[int]) -> int:
        # what a decision does not need is not computed: the early answers come first
        n = view.row_length
        remaining = view.remaining
        laps = view.turn / max(1, len(remaining))
        cells = view.cells()
        if ARRIBA in legal:
            if None in cells[:n] and laps < 3 * n * self.patience:
                return END
            bottom = list(cells[:n]) + [None] * n
            unknown = self.unseen_value(view)
            points = self.estimate(view, bottom, unknown) - unknown * n
            return ARRIBA if points <= n * self.arriba_per_card + self._slack(view, laps) else END
        if STOP in legal:
            all_known = None not in cells
            if not all_known and laps < 4 * n * self.patience:
                return END
            points = self.estimate(view, cells, self.unseen_value(view))
            if all_known and view.totals[view.seat] + points == view.config.limit:
                return STOP
            return STOP if points <= 2 * n * self.stop_per_card + self._slack(view, laps) else END
        return END

    def _slack(self, view: SantoskaView, laps: float) -> float:
        """How far the standards of a call relax: a long round, others' Arriba cards."""
        arriba = view.arriba
        seat = view.seat
        others_done = sum(1 for s in view.remaining if s != seat and arriba[s])
        return (laps / (2.0 * view.row_length * self.patience)) + others_done

    def __repr__(self) -> str:
        return (
            f"HeuristicPolicy(take_margin={self.take_margin}, "
            f"arriba_per_card={self.arriba_per_card}, stop_per_card={self.stop_per_card}, "
            f"patience={self.patience})"
        )
