"""Plans: quick simulations of the rest of a round for the cooperative policy.

A :class:`Plan` holds what matters for the rest of a round (pawns, Stoomrij,
revealed pakjes, delivered houses); :class:`Planner` carries out the known
(or assumed) cards of the positions on it with the movement rules of
:mod:`~pnp.games.stoomboot.rules.sailing`, making the Sint's choices greedily, and
values the result: houses delivered, distance from the nearest pawn to the
nearest undelivered house, a pawn ending on an undelivered house (next round
any pakje there delivers), the wants already covered there, and the length of
the Stoomrij. Everything is read from the player's view.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.stoomboot.policies.layout import ROLE_GIFT, ROLE_MOVE, Layout
from pnp.games.stoomboot.policies.routes import MapRoutes, map_routes
from pnp.games.stoomboot.rules.board import neighbours
from pnp.games.stoomboot.rules.cards import (
    ACHTERUIT,
    ANKER,
    BAKBOORD,
    DRAAI_OM,
    DRAAIKOLK,
    DUBBEL,
    DUBBEL_ACHTERUIT,
    DUBBEL_VOORUIT,
    JOKER,
    KOMPAS,
    NO_CARD,
    OOG,
    PAKJE,
    ROTS,
    STER,
    STOOM,
    STORM,
    STROMING,
    STUURBOORD,
    VAREN,
    VOORUIT,
    CardTable,
)
from pnp.games.stoomboot.rules.delivery import match_wants
from pnp.games.stoomboot.view import StoombootView

FWD = 4
BACK = 5

W_HOUSE = 100.0
"""Value of a delivered house."""
W_DIST = 12.0
"""Cost of one square between the nearest pawn and the nearest undelivered house."""
W_HEADING = 4.0
"""Cost of heading away from that house."""
W_ON_HOUSE = 18.0
"""A pawn ending the round on an undelivered house."""
W_PARTIAL = 20.0
"""Per want of that house already covered by revealed pakjes."""
W_ROW = 14.0
"""Per card of the Stoomrij."""
LOST = -1.0e6

VIRTUAL_MOVE = -100
"""In a plan, ``VIRTUAL_MOVE - move``: an unknown card assumed to be that Varen move."""
VIRTUAL_GIFT = -50
"""In a plan: an unknown card assumed to be the pakje its zone asks for."""

ICON_WORTH = {OOG: 3.0, STER: 2.5, KOMPAS: 2.0, DUBBEL: 1.5, STORM: -2.0}
"""How much a Stoomboot card's icon is worth keeping in the row."""


class Plan:
    """The rest of a round as one player imagines it (a small mutable simulation)."""

    __slots__ = ("anchor", "delivered", "head", "lost", "new", "pakjes", "row", "sq")

    def __init__(
        self,
        sq: list[int],
        head: list[int],
        row: list[int],
        pakjes: list[tuple[int, int, int]],
        delivered: list[bool],
        anchor: bool,
    ) -> None:
        self.sq = sq
        self.head = head
        self.row = row
        self.pakjes = pakjes
        self.delivered = delivered
        self.anchor = anchor
        self.lost = False
        self.new = 0

    def copy(self) -> Plan:
        """An independent copy."""
        plan = Plan(
            list(self.sq),
            list(self.head),
            list(self.row),
            list(self.pakjes),
            list(self.delivered),
            self.anchor,
        )
        plan.lost = self.lost
        plan.new = self.new
        return plan


class Planner:
    """Map knowledge and the simulation of a round's rest (a base of the policy)."""

    def __init__(self) -> None:
        self._map_key: tuple[int, ...] = ()
        self._houses_key: tuple[int, ...] = ()
        self._maps: MapRoutes | None = None
        self._house_sq: dict[int, int] = {}
        self._nb: tuple[tuple[int, ...], ...] = ()
        self._kinds: tuple[int, ...] = ()
        self._bump_damage = False
        self._rebels = False

    # -- map knowledge -------------------------------------------------------------------

    def prepare(self, view: StoombootView) -> None:
        """Learn the map once: routes, distances around the rocks, the square of every house."""
        kinds = view.tile_kind
        house_at = view.house_at
        if kinds is not self._map_key or house_at is not self._houses_key:
            self._map_key = kinds
            self._houses_key = house_at
            maps = map_routes(
                view.size, kinds, house_at, W_HEADING / W_DIST, view.tables.tile_wants
            )
            self._maps = maps
            self._house_sq = maps.house_sq
            self._nb = neighbours(view.size)
            self._kinds = kinds
            self._bump_damage = view.config.has("pepernoot-plekken")
            self._rebels = view.config.has("rebelse-pietjes")

    @property
    def maps(self) -> MapRoutes:
        """The routes of the map :meth:`prepare` learnt."""
        assert self._maps is not None
        return self._maps

    # -- plans -----------------------------------------------------------------------------

    def start_plan(self, view: StoombootView) -> Plan:
        """The round as it stands now: pawns, Stoomrij, revealed pakjes still on the table."""
        pakjes = []
        tables = view.tables
        for pos in range(view.revealed):
            card = view.slot(pos)
            if card is not None and card != NO_CARD and tables.deck[card] == PAKJE:
                entry = _pakje_entry(tables, card, pos, view.icons[pos])
                if entry is not None:
                    pakjes.append(entry)
        pakjes.sort()
        return Plan(
            list(view.pawn_squares),
            list(view.pawn_headings),
            list(view.row),
            pakjes,
            list(view.delivered),
            view.anchor,
        )

    def run(self, view: StoombootView, plan: Plan, slots: Sequence[int | None], start: int) -> Plan:
        """Carry out the known (or assumed) cards of ``slots`` from ``start`` on ``plan``."""
        tables = view.tables
        icons = view.icons
        every = (1 << len(tables.kinds)) - 1
        for pos in range(start, len(slots)):
            if plan.lost:
                break
            card = slots[pos]
            if card is None or card == NO_CARD:
                continue
            icon = icons[pos]
            if card <= VIRTUAL_MOVE or (card >= 0 and tables.deck[card] == VAREN):
                anchored = plan.anchor
                plan.anchor = False
                if icon == STORM or anchored:
                    continue
                move = VIRTUAL_MOVE - card if card <= VIRTUAL_MOVE else tables.move[card]
                self.sail(view, plan, move, icon)
            elif icon == STORM:
                continue
            elif card == VIRTUAL_GIFT:
                plan.pakjes.append((3, pos, every))
                plan.pakjes.sort()
            elif tables.deck[card] == STOOM:
                self.stoom(view, plan, card)
            else:
                entry = _pakje_entry(tables, card, pos, icon)
                if entry is not None:
                    plan.pakjes.append(entry)
                    plan.pakjes.sort()
            self.deliver_all(view, plan)
        return plan

    def sail(self, view: StoombootView, plan: Plan, move: int, icon: int) -> None:
        """A Varen move in a plan: the better pawn and heading, greedily."""
        pawns = [0]
        if self._rebels:
            pawns.append(1 + view.sint)
        elif icon != KOMPAS:
            # one way to carry the card out: no trial to compare (the boat is always on the map)
            self.move(view, plan, move, 0, icon)
            self.deliver_all(view, plan)
            return
        best: Plan | None = None
        best_value = LOST - 1
        for pawn in pawns:
            headings: Sequence[int] = (-1,) if icon != KOMPAS else range(4)
            for heading in headings:
                trial = plan.copy()
                if trial.sq[pawn] < 0:
                    trial.sq[pawn] = trial.sq[0]
                    trial.head[pawn] = trial.head[0]
                if heading >= 0:
                    trial.head[pawn] = heading
                self.move(view, trial, move, pawn, icon)
                self.deliver_all(view, trial)
                worth = self.value(view, trial)
                if worth > best_value:
                    best, best_value = trial, worth
        assert best is not None
        _adopt(plan, best)

    def move(self, view: StoombootView, plan: Plan, move: int, pawn: int, icon: int) -> None:
        """The steps of a Varen move (twice on a ``dubbel`` position)."""
        for _ in range(2 if icon == DUBBEL else 1):
            if move == VOORUIT:
                self.step(view, plan, pawn, FWD)
            elif move == ACHTERUIT:
                self.step(view, plan, pawn, BACK)
            elif move == BAKBOORD:
                plan.head[pawn] = (plan.head[pawn] + 3) & 3
                self.step(view, plan, pawn, FWD)
            elif move == STUURBOORD:
                plan.head[pawn] = (plan.head[pawn] + 1) & 3
                self.step(view, plan, pawn, FWD)
            elif move == DUBBEL_VOORUIT:
                self.step(view, plan, pawn, FWD)
                self.step(view, plan, pawn, FWD)
            elif move == DUBBEL_ACHTERUIT:
                self.step(view, plan, pawn, BACK)
                self.step(view, plan, pawn, BACK)
            elif move == DRAAI_OM:
                plan.head[pawn] = (plan.head[pawn] + 2) & 3
            elif move == ANKER:
                plan.anchor = True

    def step(self, view: StoombootView, plan: Plan, pawn: int, mode: int) -> None:
        """One square in a plan (damage removes the least valued end card)."""
        square = plan.sq[pawn]
        heading = plan.head[pawn]
        way = heading if mode == FWD else (heading + 2) & 3 if mode == BACK else mode
        to = self._nb[square][way]
        kinds = self._kinds
        if to < 0 or kinds[to] == ROTS:
            if to >= 0 or self._bump_damage:
                self.lose_end(view, plan)
            return
        plan.sq[pawn] = to
        kind = kinds[to]
        if kind == STROMING:
            self.step(view, plan, pawn, FWD)
        elif kind == DRAAIKOLK:
            plan.head[pawn] = (plan.head[pawn] + 2) & 3

    def lose_end(self, view: StoombootView, plan: Plan) -> None:
        """Damage in a plan: the less valuable end card goes; an empty row is lost."""
        row = plan.row
        if len(row) >= 2:
            worth = view.tables.icon
            left = ICON_WORTH.get(worth[row[0]], 0.0)
            right = ICON_WORTH.get(worth[row[-1]], 0.0)
            row.pop(0 if left < right else -1)
        else:
            row.clear()
            plan.lost = True

    def stoom(self, view: StoombootView, plan: Plan, card: int) -> None:
        """A Stoomboot card in a plan: longer where it fits, else shorter at the weaker end."""
        row = plan.row
        fits = view.tables.fits
        if len(row) < view.config.max_row:
            if fits(row[-1], card):
                row.append(card)
                return
            if fits(card, row[0]):
                row.insert(0, card)
                return
        if len(row) >= 2:
            worth = view.tables.icon
            left = ICON_WORTH.get(worth[row[0]], 0.0)
            right = ICON_WORTH.get(worth[row[-1]], 0.0)
            row.pop(0 if left < right else -1)

    def deliver_all(self, view: StoombootView, plan: Plan) -> None:
        """Deliver wherever a pawn stands on a house its revealed pakjes cover."""
        if not plan.pakjes:
            return
        house_at = view.house_at
        wants = view.tables.tile_wants
        for square in plan.sq:
            if square < 0:
                continue
            house = house_at[square]
            if house < 0 or plan.delivered[house]:
                continue
            match = match_wants(wants[house], plan.pakjes)
            if match is None:
                continue
            used = {slot for slot, _ in match}
            plan.pakjes = [p for p in plan.pakjes if p[1] not in used]
            plan.delivered[house] = True
            plan.new += 1

    def value(self, view: StoombootView, plan: Plan) -> float:
        """How good the end of a plan is (see the module docstring)."""
        if plan.lost:
            return LOST
        worth = W_HOUSE * plan.new + W_ROW * len(plan.row)
        delivered = plan.delivered
        open_houses = [h for h in view.houses if not delivered[h]]
        if not open_houses:
            return worth + W_HOUSE
        maps = self.maps
        house_sq = self._house_sq
        best = 99.0
        wants = view.tables.tile_wants
        for pawn, square in enumerate(plan.sq):
            if square < 0:
                continue
            # the float distances, with the boat's cost of heading away already added
            row = maps.boat_far(square, plan.head[0]) if pawn == 0 else maps.far(square)
            for house in open_houses:
                target = house_sq[house]
                d = row[target]
                if d < best:
                    best = d
                if target == square:
                    worth += W_ON_HOUSE + W_PARTIAL * _covered(wants[house], plan.pakjes)
        return worth - W_DIST * best

    def assumed_slots(
        self, view: StoombootView, layout: Layout, slots: Sequence[int | None]
    ) -> list[int | None]:
        """The positions with unknown face-down cards taken to follow the plan."""
        filled: list[int | None] = []
        for pos, card in enumerate(slots):
            if card is None and pos < len(layout.roles):
                role = layout.roles[pos]
                if role == ROLE_MOVE:
                    filled.append(VIRTUAL_MOVE - layout.moves[pos])
                elif role == ROLE_GIFT:
                    filled.append(VIRTUAL_GIFT)
                else:
                    filled.append(None)
            else:
                filled.append(card)
        return filled


def _adopt(plan: Plan, other: Plan) -> None:
    plan.sq = other.sq
    plan.head = other.head
    plan.row = other.row
    plan.pakjes = other.pakjes
    plan.delivered = other.delivered
    plan.anchor = other.anchor
    plan.lost = other.lost
    plan.new = other.new


def _pakje_entry(tables: CardTable, card: int, pos: int, icon: int) -> tuple[int, int, int] | None:
    """A revealed pakje as a delivery candidate ``(rank, position, mask)`` (``None`` on storm)."""
    if icon == STORM:
        return None
    if icon == STER:
        return (2, pos, (1 << len(tables.kinds)) - 1)
    rank = {JOKER: 3, 2: 1}.get(tables.special[card], 0)
    return (rank, pos, tables.mask[card])


def _covered(wants: tuple[int, ...], pakjes: list[tuple[int, int, int]]) -> int:
    """How many of ``wants`` the pakjes can cover at once (greedy)."""
    used: set[int] = set()
    count = 0
    for want in wants:
        for _, pos, mask in pakjes:
            if pos not in used and mask >> want & 1:
                used.add(pos)
                count += 1
                break
    return count


__all__ = ["Plan", "Planner"]
