"""A cooperative heuristic player for Stoomboot.

The policy reads only the :class:`~pnp.games.stoomboot.view.StoombootView` the
runner hands it: its own hand, the cards it laid itself, face-up and revealed
cards, the map and the pawns. Every player runs the same rules of thumb, so
the table pulls together without talking (ST-B2).

Ideas:

* a *plan* (:class:`Plan`) is a quick simulation of the rest of the round
  with the cards this player knows (unknown face-down cards count as doing
  nothing); the Sint's choices in it are made greedily;
* a plan is valued (:meth:`HeuristicPolicy.value`) by the houses delivered,
  the distance from the nearest pawn to the nearest undelivered house, a
  pawn ending on an undelivered house (next round any pakje delivers), the
  wants already covered there, and the length of the Stoomrij;
* placing: try every hand card under every empty position and keep the best
  plan; when nothing helps, lay the card least worth keeping. Face up
  whenever allowed (the others then know it), varen cards rather to the
  left, pakjes rather to the right;
* drawing: keep a mix of Varen cards, pakjes the remaining houses want, and a
  Stoomboot card while the Stoomrij can grow;
* the Sint: deliver whenever possible; every other choice (boat or Piet,
  kompas heading, longer or shorter, which end goes, ozosnel) is the option
  with the best plan; the Kalender gets the card least missed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pnp.games.stoomboot.actions import K_BEZORG, K_DRAW, NIET, action_table
from pnp.games.stoomboot.board import distance_table, neighbours
from pnp.games.stoomboot.cards import (
    ACHTERUIT,
    ANKER,
    BAKBOORD,
    DRAAI_OM,
    DRAAIKOLK,
    DUBBEL,
    DUBBEL_ACHTERUIT,
    DUBBEL_VOORUIT,
    HAVEN,
    HUIS,
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
from pnp.games.stoomboot.delivery import match_wants
from pnp.games.stoomboot.routes import routes_from
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
KEEP_SCALE = 6.0
"""Plan value of one point of a card's keep-worth."""
LOST = -1.0e6

VIRTUAL_MOVE = -100
"""In a plan, ``VIRTUAL_MOVE - move``: an unknown card assumed to be that Varen move."""
VIRTUAL_GIFT = -50
"""In a plan: an unknown card assumed to be the pakje its zone asks for."""

ICON_WORTH = {OOG: 3.0, STER: 2.5, KOMPAS: 2.0, DUBBEL: 1.5, STORM: -2.0}
"""How much a Stoomboot card's icon is worth keeping in the row."""

ROLE_JUNK = 0
ROLE_MOVE = 1
ROLE_GIFT = 2
ROLE_CALM = 3
"""A position for a card that does not move the boat (a ``storm`` or ``dubbel`` icon)."""


@dataclass(frozen=True)
class Layout:
    """The round's shared plan, made from public facts at the start of the placing.

    Per position a role: ``ROLE_GIFT`` (a pakje for ``houses[pos]``),
    ``ROLE_MOVE`` (the Varen move ``moves[pos]``) or ``ROLE_JUNK`` (free). If
    the boat stands on an undelivered house, its pakjes come first; then the
    shortest route to the nearest other undelivered house and its pakjes; then
    on from there to the next house, as long as positions last. ``targets``
    lists the houses in that order. Every player computes the same layout, and
    takes an unknown face-down card to be what its position asks for.
    """

    origin: tuple[int, int, int, int]
    targets: tuple[int, ...]
    roles: tuple[int, ...]
    moves: tuple[int, ...]
    houses: tuple[int, ...]
    first_leg: int


def make_layout(
    view: StoombootView, house_sq: dict[int, int], origin: tuple[int, int, int, int]
) -> Layout:
    """The plan of the round for the boat's current square and heading.

    A position with a ``storm`` icon gets no role (its card is not carried out); a
    ``dubbel`` position takes no route move (it would be carried out twice).
    """
    positions = view.positions
    icons = view.icons
    square = view.pawn_squares[0]
    heading = view.pawn_headings[0]
    delivered = view.delivered
    wants = view.tables.tile_wants
    roles = [ROLE_JUNK] * positions
    moves = [-1] * positions
    houses = [-1] * positions
    targets: list[int] = []
    pos = 0
    first_leg = positions

    def take(role: int) -> int:
        nonlocal pos
        while pos < positions:
            icon = icons[pos]
            here = pos
            pos += 1
            if icon == STORM:
                roles[here] = ROLE_CALM
                continue
            if role == ROLE_MOVE and icon == DUBBEL:
                roles[here] = ROLE_CALM
                continue
            roles[here] = role
            return here
        return -1

    def gifts(house: int) -> None:
        targets.append(house)
        for _ in wants[house]:
            spot = take(ROLE_GIFT)
            if spot >= 0:
                houses[spot] = house

    here = view.house_at[square] if square >= 0 else -1
    if here >= 0 and not delivered[here]:
        gifts(here)
    state = (square, heading)
    while pos < positions:
        routes = routes_from(view.size, view.tile_kind, state)
        best: tuple[int, int, int, tuple[int, int]] | None = None
        for (sq, head), path in routes.items():
            house = view.house_at[sq]
            if house < 0 or delivered[house] or house in targets:
                continue
            key = (len(path), len(wants[house]), house, (sq, head))
            if best is None or key < best:
                best = key
        if best is None:
            break
        house = best[2]
        end = best[3]
        complete = True
        for move in routes[end]:
            spot = take(ROLE_MOVE)
            if spot < 0:
                complete = False
                break
            moves[spot] = move
        if not complete:
            targets.append(house)
            break
        gifts(house)
        if first_leg == positions:
            first_leg = pos
        state = end
    return Layout(origin, tuple(targets), tuple(roles), tuple(moves), tuple(houses), first_leg)


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


class HeuristicPolicy:
    """Steer toward the nearest undelivered house and bring its pakjes along."""

    name = "heuristic"

    def __init__(
        self,
        want_varen: float = 3.0,
        want_pakje: float = 3.0,
        want_stoom: float = 1.0,
        stoom_first: bool = True,
        improvise: float = 6.0,
    ) -> None:
        self.improvise = improvise
        self.want = (want_varen, want_stoom, want_pakje)
        self.stoom_first = stoom_first
        self._map_key: tuple[int, ...] = ()
        self._dist: list[list[int]] = []
        self._house_sq: dict[int, int] = {}
        self._layouts: dict[int, Layout] = {}

    def __repr__(self) -> str:
        return "HeuristicPolicy()"

    def choose(self, view: StoombootView, legal_actions: Sequence[str], rng: random.Random) -> str:
        """Pick a move (deterministic: ``rng`` is unused)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        self._prepare(view)
        phase = view.phase
        if phase == "draw":
            return self._draw(view, legal_actions)
        if phase == "place":
            return self._place(view, legal_actions)
        return self._sint(view, legal_actions)

    # -- map knowledge -------------------------------------------------------------------

    def _prepare(self, view: StoombootView) -> None:
        kinds = view.tile_kind
        if kinds != self._map_key:
            self._map_key = kinds
            rocks = frozenset(sq for sq, k in enumerate(kinds) if k == ROTS)
            self._dist = distance_table(view.size, rocks)
            self._house_sq = {h: sq for sq, h in enumerate(view.house_at) if h >= 0}

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
        if view.config.has("rebelse-pietjes"):
            pawns.append(1 + view.sint)
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
        to = neighbours(view.size)[square][way]
        kinds = view.tile_kind
        if to < 0 or kinds[to] == ROTS:
            if to >= 0 or view.config.has("pepernoot-plekken"):
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
        open_houses = [h for h in view.houses if not plan.delivered[h]]
        if not open_houses:
            return worth + W_HOUSE
        dist = self._dist
        house_sq = self._house_sq
        best = 99.0
        wants = view.tables.tile_wants
        for pawn, square in enumerate(plan.sq):
            if square < 0:
                continue
            row = dist[square]
            for house in open_houses:
                target = house_sq[house]
                d = float(row[target])
                if d and pawn == 0 and not _ahead(view.size, square, plan.head[pawn], target):
                    d += W_HEADING / W_DIST
                best = min(best, d)
                if target == square:
                    worth += W_ON_HOUSE + W_PARTIAL * _covered(wants[house], plan.pakjes)
        return worth - W_DIST * best

    # -- drawing -----------------------------------------------------------------------------

    def wanted_kinds(self, view: StoombootView) -> dict[int, int]:
        """Kind -> how many the undelivered houses still want."""
        need: dict[int, int] = {}
        wants = view.tables.tile_wants
        delivered = view.delivered
        for house in view.houses:
            if not delivered[house]:
                for kind in wants[house]:
                    need[kind] = need.get(kind, 0) + 1
        return need

    def useful_pakje(self, view: StoombootView, card: int, need: dict[int, int]) -> bool:
        """True when a pakje card can serve some undelivered house."""
        mask = view.tables.mask[card]
        return any(mask >> kind & 1 for kind in need)

    def _draw(self, view: StoombootView, legal: Sequence[str]) -> str:
        tables = view.tables
        need = self.wanted_kinds(view)
        have = [0, 0, 0]
        for card in view.hand:
            deck = tables.deck[card]
            if deck != PAKJE or self.useful_pakje(view, card, need):
                have[deck] += 1
        row_room = len(view.row) < view.config.max_row
        want = [self.want[VAREN], self.want[STOOM] if row_room else 0.0, self.want[PAKJE]]
        if len(view.row) <= 2 and row_room:
            want[STOOM] += 1.0
        deficit = [want[d] - have[d] for d in range(3)]
        acts = action_table(view.config)
        options = {acts.parse(text)[1]: text for text in legal if acts.parse(text)[0] == K_DRAW}
        order = sorted(options, key=lambda d: (-deficit[d], (VAREN, PAKJE, STOOM).index(d)))
        return options[order[0]]

    # -- placing -----------------------------------------------------------------------------

    def keep_worth(self, view: StoombootView, card: int, need: dict[int, int]) -> float:
        """How much a hand card is worth keeping for a later round."""
        tables = view.tables
        deck = tables.deck[card]
        if deck == PAKJE:
            if not self.useful_pakje(view, card, need):
                return -1.0
            return 3.0 if tables.special[card] != JOKER else 4.0
        if deck == STOOM:
            row = view.row
            if len(row) < view.config.max_row and (
                tables.fits(row[-1], card) or tables.fits(card, row[0])
            ):
                return -1.0
            return 0.5 if len(row) <= 1 else 10.0
        move = tables.move[card]
        return 2.0 if move in (VOORUIT, BAKBOORD, STUURBOORD, DUBBEL_VOORUIT) else 1.0

    def _place(self, view: StoombootView, legal: Sequence[str]) -> str:
        layout = self.layout(view)
        acts = action_table(view.config)
        tables = view.tables
        slots = list(view.slots())
        need = self.wanted_kinds(view)
        hand = sorted(set(view.hand))
        empty = [p for p, c in enumerate(slots) if c == NO_CARD]
        legal_set = set(legal)

        def text(card: int, pos: int) -> str:
            down, up = acts.place[card][pos]
            return up if up in legal_set else down

        # 1. pakjes for the house the boat stands on (delivered before it moves on)
        first = layout.targets[0] if layout.targets else -1
        if first >= 0 and layout.houses[0] == first:
            pick = self._gift(view, layout, slots, hand, empty, first)
            if pick is not None:
                return text(*pick)
        # 2. a Stoomboot card that makes the row longer, at the end of the round
        if self.stoom_first and empty and len(view.row) < view.config.max_row:
            last = empty[-1]
            leg = layout.first_leg
            if last >= leg:
                for card in hand:
                    if self.keep_worth(view, card, need) < 0 and tables.deck[card] == STOOM:
                        return text(card, last)
        # 3. the planned route: the right Varen card in the right position
        for pos in empty:
            if layout.roles[pos] == ROLE_MOVE:
                for card in hand:
                    if tables.deck[card] == VAREN and tables.move[card] == layout.moves[pos]:
                        return text(card, pos)
        # 3. pakjes for the houses on the route
        for house in layout.targets:
            pick = self._gift(view, layout, slots, hand, empty, house)
            if pick is not None:
                return text(*pick)
        # 4. a Varen card that helps where the planned one is missing
        if self.improvise:
            pick = self._improvise(view, layout, slots, hand, empty)
            if pick is not None:
                return text(*pick)
        # 5. junk: the card least worth keeping, where it does least harm
        spots = [p for p in empty if layout.roles[p] in (ROLE_JUNK, ROLE_CALM)]
        if spots:
            return text(*self._junk(view, layout, slots, hand, spots, need))
        ranked = sorted(hand, key=lambda c: (self.keep_worth(view, c, need), c))
        calm = [c for c in ranked if tables.deck[c] != VAREN]
        if calm:
            gift_free = [p for p in empty if layout.roles[p] == ROLE_GIFT]
            return text(calm[0], (gift_free or empty)[-1])
        return self._least_harm(view, layout, slots, hand, empty, text)

    def _junk(
        self,
        view: StoombootView,
        layout: Layout,
        slots: list[int | None],
        hand: list[int],
        spots: list[int],
        need: dict[int, int],
    ) -> tuple[int, int]:
        """The free position and card that cost least: keep-worth, and harm in the plan."""
        tables = view.tables
        icons = view.icons
        filled = self.assumed_slots(view, layout, slots)
        base_plan = self.start_plan(view)
        best: tuple[float, int, int] | None = None
        for card in hand:
            worth = self.keep_worth(view, card, need) * KEEP_SCALE
            moving = tables.deck[card] == VAREN
            for pos in spots:
                if moving and layout.roles[pos] == ROLE_CALM and icons[pos] != STORM:
                    continue
                filled[pos] = card
                plan = self.run(view, base_plan.copy(), filled, view.revealed)
                filled[pos] = None
                score = self.value(view, plan) - worth + 0.01 * pos
                if icons[pos] == STORM or icons[pos] == OOG:
                    score += 0.5 if not moving or icons[pos] == STORM else -0.5
                if best is None or score > best[0]:
                    best = (score, card, pos)
        if best is None:
            return hand[0], spots[-1]
        return best[1], best[2]

    def _improvise(
        self,
        view: StoombootView,
        layout: Layout,
        slots: list[int | None],
        hand: list[int],
        empty: list[int],
    ) -> tuple[int, int] | None:
        """A Varen card for an empty route position when the plan says it gains enough."""
        tables = view.tables
        moves = [c for c in hand if tables.deck[c] == VAREN]
        spots = [p for p in empty if layout.roles[p] == ROLE_MOVE]
        if not moves or not spots:
            return None
        filled = self.assumed_slots(view, layout, slots)
        base_plan = self.start_plan(view)
        base = self.value(view, self.run(view, base_plan.copy(), filled, view.revealed))
        best: tuple[float, int, int] | None = None
        for pos in spots:
            for card in moves:
                filled[pos] = card
                plan = self.run(view, base_plan.copy(), filled, view.revealed)
                filled[pos] = None
                gain = self.value(view, plan) - base
                if gain > self.improvise and (best is None or gain > best[0]):
                    best = (gain, card, pos)
        return None if best is None else (best[1], best[2])

    def _gift(
        self,
        view: StoombootView,
        layout: Layout,
        slots: list[int | None],
        hand: list[int],
        empty: list[int],
        house: int,
    ) -> tuple[int, int] | None:
        """A hand pakje for ``house`` and an empty position of its zone, if one is missing."""
        zone = [p for p, h in enumerate(layout.houses) if h == house]
        free = [p for p in zone if p in empty]
        if not free:
            return None
        tables = view.tables
        wants = list(tables.tile_wants[house])
        for pos in zone:
            card = slots[pos]
            if card is not None and card != NO_CARD and tables.deck[card] == PAKJE:
                mask = tables.mask[card]
                for want in wants:
                    if mask >> want & 1:
                        wants.remove(want)
                        break
        unknown = sum(1 for p in zone if slots[p] is None)
        if len(wants) <= unknown:
            return None
        best: tuple[int, int] | None = None
        for card in hand:
            if tables.deck[card] != PAKJE:
                continue
            mask = tables.mask[card]
            if any(mask >> want & 1 for want in wants):
                rank = 1 if tables.special[card] == JOKER else 0
                if best is None or rank < best[0]:
                    best = (rank, card)
        if best is None:
            return None
        return best[1], free[0]

    def _least_harm(
        self,
        view: StoombootView,
        layout: Layout,
        slots: list[int | None],
        hand: list[int],
        empty: list[int],
        text: Callable[[int, int], str],
    ) -> str:
        """Only Varen cards and no free junk position: the placement whose plan is best."""
        filled = self.assumed_slots(view, layout, slots)
        base = self.start_plan(view)
        best_score = float("-inf")
        best = (hand[0], empty[-1])
        for card in hand:
            for pos in empty:
                filled[pos] = card
                plan = self.run(view, base.copy(), filled, view.revealed)
                filled[pos] = None
                score = self.value(view, plan) + 0.01 * pos
                if score > best_score:
                    best_score, best = score, (card, pos)
        return text(*best)

    # -- the shared plan ---------------------------------------------------------------------

    def layout(self, view: StoombootView) -> Layout:
        """The round's public plan (the same for every player; see :class:`Layout`)."""
        origin = (view.round, view.positions, view.pawn_squares[0], view.pawn_headings[0])
        cached = self._layouts.get(view.round)
        if cached is not None and (cached.origin == origin or view.phase != "place"):
            return cached
        layout = make_layout(view, self._house_sq, origin)
        self._layouts = {view.round: layout}
        return layout

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

    # -- the Sint ---------------------------------------------------------------------------

    def _sint(self, view: StoombootView, legal: Sequence[str]) -> str:
        choice = view.choice
        if choice == "deliver":
            acts = action_table(view.config)
            for text in legal:
                if text != NIET and acts.parse(text)[0] == K_BEZORG:
                    return text
            return legal[0]
        if choice == "kalender":
            return self._kalender(view, legal)
        scores = [(self._option_value(view, text), -i) for i, text in enumerate(legal)]
        best = max(range(len(legal)), key=lambda i: scores[i])
        return legal[best]

    def _option_value(self, view: StoombootView, text: str) -> float:
        """The plan's value after the Sint picks ``text`` now."""
        plan = self.start_plan(view)
        tables = view.tables
        choice = view.choice
        words = text.split()
        head = words[0]
        if choice == "pawn":
            pawn = 0 if head == "boot" else 1 + view.sint
            if plan.sq[pawn] < 0:
                plan.sq[pawn] = plan.sq[0]
                plan.head[pawn] = plan.head[0]
            icon = view.card_icon
            if icon == KOMPAS:
                best = LOST
                for heading in range(4):
                    trial = plan.copy()
                    trial.head[pawn] = heading
                    self.move(view, trial, tables.move[view.current_card], pawn, icon)
                    self.deliver_all(view, trial)
                    best = max(best, self.value(view, trial))
                return best
            self.move(view, plan, tables.move[view.current_card], pawn, icon)
        elif choice == "koers":
            pawn = view.card_pawn
            plan.head[pawn] = "nozw".index(words[1])
            self.move(view, plan, tables.move[view.current_card], pawn, view.card_icon)
        elif choice in ("stoom", "damage", "lekkage", "attach"):
            side = 0 if head.endswith("links") else 1
            row = plan.row
            if head.startswith("langer"):
                card = view.pending_card if choice == "attach" else _current_slot_card(view)
                if card is not None and card != NO_CARD:
                    row.insert(0 if side == 0 else len(row), card)
            elif row:
                row.pop(0 if side == 0 else -1)
                if not row:
                    plan.lost = True
        elif choice == "ozosnel":
            self.step(view, plan, 0, "nozw".index(words[1]))
        self.deliver_all(view, plan)
        slots = self.assumed_slots(view, self.layout(view), view.slots())
        self.run(view, plan, slots, view.revealed)
        return self.value(view, plan)

    def _kalender(self, view: StoombootView, legal: Sequence[str]) -> str:
        tables = view.tables
        surplus = self.surplus(view)
        best_text = legal[0]
        best = float("inf")
        for text in legal:
            pos = int(text.split()[1]) - 1
            card = view.slot(pos)
            if card is None or card == NO_CARD:
                continue
            deck = tables.deck[card]
            if deck == VAREN:
                loss = 0.5 if tables.move[card] in (ACHTERUIT, DRAAI_OM, ANKER) else 1.0
            elif deck == STOOM:
                loss = 1.5 + ICON_WORTH.get(tables.icon[card], 0.0) / 4
            else:
                mask = tables.mask[card]
                spare = min(
                    (surplus[k] for k in range(len(tables.kinds)) if mask >> k & 1), default=9
                )
                loss = 0.0 if spare >= 9 else 6.0 - min(spare, 5)
            if loss < best:
                best_text, best = text, loss
        return best_text

    def surplus(self, view: StoombootView) -> list[int]:
        """Per pakje kind: cards still in play that can serve it minus what the houses want
        (9 when no undelivered house wants it)."""
        tables = view.tables
        need = self.wanted_kinds(view)
        gone = [*view.out, *view.kalender_cards]
        supply = [0] * len(tables.kinds)
        for card in tables.decks[PAKJE]:
            mask = tables.mask[card]
            for k in range(len(supply)):
                if mask >> k & 1:
                    supply[k] += 1
        for card in gone:
            if card >= 0 and tables.deck[card] == PAKJE:
                mask = tables.mask[card]
                for k in range(len(supply)):
                    if mask >> k & 1:
                        supply[k] -= 1
        return [supply[k] - need[k] if k in need else 9 for k in range(len(supply))]


def _current_slot_card(view: StoombootView) -> int | None:
    pos = view.revealed - 1
    return view.slot(pos) if pos >= 0 else None


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


def _ahead(size: int, square: int, heading: int, target: int) -> bool:
    """True when ``target`` lies in the half plane the heading points into."""
    row, col = divmod(square, size)
    trow, tcol = divmod(target, size)
    dr, dc = trow - row, tcol - col
    return bool(
        (heading == 0 and dr < 0)
        or (heading == 1 and dc > 0)
        or (heading == 2 and dr > 0)
        or (heading == 3 and dc < 0)
    )


__all__ = ["HAVEN", "HUIS", "HeuristicPolicy", "Plan"]
