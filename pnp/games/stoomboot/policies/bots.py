"""A cooperative heuristic player for Stoomboot.

The policy reads only the :class:`~pnp.games.stoomboot.view.StoombootView` the
runner hands it: its own hand, the cards it laid itself, face-up and revealed
cards, the map, the pawns and the piles' sizes. Every player runs the same
rules, so the table pulls together without telling its cards (ST-B2):

* placing follows the round's shared :class:`~pnp.games.stoomboot.policies.layout.Layout`:
  first pakjes for the undelivered house the boat stands on; a fitting
  Stoomboot card at the far end while the row can grow; the planned Varen
  move in its position; pakjes for the houses on the route; a Varen card
  that the plan (:mod:`~pnp.games.stoomboot.policies.plans`) says helps where the
  planned one is missing; otherwise the card least worth keeping where it
  harms least. Face up whenever allowed, so the others know it;
* drawing keeps a mix of Varen cards, pakjes the remaining houses want, and
  Stoomboot cards while the row can grow (more of them while it is short);
* the Sint delivers whenever possible; every other choice (boat or Piet,
  kompas heading, longer or shorter, which end goes, haven card, ozosnel)
  is the option with the best plan; the Kalender gets the card least missed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pnp.games.stoomboot.policies.layout import (
    ROLE_CALM,
    ROLE_GIFT,
    ROLE_JUNK,
    ROLE_MOVE,
    Layout,
    make_layout,
)
from pnp.games.stoomboot.policies.plans import ICON_WORTH, LOST, Planner
from pnp.games.stoomboot.rules.actions import K_BEZORG, K_DRAW, NIET
from pnp.games.stoomboot.rules.cards import (
    ACHTERUIT,
    ANKER,
    BAKBOORD,
    DRAAI_OM,
    DUBBEL_VOORUIT,
    JOKER,
    KOMPAS,
    NO_CARD,
    OOG,
    PAKJE,
    STOOM,
    STORM,
    STUURBOORD,
    VAREN,
    VOORUIT,
)
from pnp.games.stoomboot.view import StoombootView

KEEP_SCALE = 6.0
"""Plan value of one point of a card's keep-worth."""
SHARED_LAYOUTS = 4096
"""Round plans kept per map before the shared memory starts over."""


class HeuristicPolicy(Planner):
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
        super().__init__()
        self._layouts: dict[int, Layout] = {}

    def __repr__(self) -> str:
        return "HeuristicPolicy()"

    def choose(self, view: StoombootView, legal_actions: Sequence[str], rng: random.Random) -> str:
        """Pick a move (deterministic: ``rng`` is unused)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        self.prepare(view)
        phase = view.phase
        if phase == "draw":
            return self._draw(view, legal_actions)
        if phase == "place":
            return self._place(view, legal_actions)
        return self._sint(view, legal_actions)

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
        acts = view.actions
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
        acts = view.actions
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
        # every seat derives the same plan from the same public facts: made once, shared
        shared = self.maps.layouts
        key = (origin, view.icons, view.delivered)
        found = shared.get(key)
        if isinstance(found, Layout):
            layout = found
        else:
            layout = make_layout(view, self.maps, origin)
            if len(shared) >= SHARED_LAYOUTS:
                shared.clear()
            shared[key] = layout
        self._layouts = {view.round: layout}
        return layout

    # -- the Sint ---------------------------------------------------------------------------

    def _sint(self, view: StoombootView, legal: Sequence[str]) -> str:
        choice = view.choice
        if choice == "deliver":
            acts = view.actions
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


__all__ = ["HeuristicPolicy"]
