"""The game state: one mutable object with ``push``/``pop`` (see :mod:`pnp.games.stoomboot.rules.engine`).

The fields, their queries and the undo journal are those of
:class:`~pnp.games.stoomboot.rules.situation.StoombootSituation`; this class adds
what dispatches to the rules, which live in the sibling modules:
:mod:`~pnp.games.stoomboot.rules.chance` (setup and shuffles),
:mod:`~pnp.games.stoomboot.rules.rounds` (draws, round start and end, Kalender),
:mod:`~pnp.games.stoomboot.rules.placing` (ST-B3) and
:mod:`~pnp.games.stoomboot.rules.sailing` (ST-B4 ... ST-B7, ST-E2, ST-R1);
:mod:`~pnp.games.stoomboot.rules.flow` applies the moves and decides what comes next.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.games.stoomboot.rules import chance, flow, placing
from pnp.games.stoomboot.rules.actions import DRAW, K_DRAW, K_PLACE, Action
from pnp.games.stoomboot.rules.board import HEADINGS, OFF_MAP, N, parse_square
from pnp.games.stoomboot.rules.cards import HUIS, NO_CARD, PAKJE, STOOM, VAREN
from pnp.games.stoomboot.rules.phases import CHOICE_NONE, PHASE_CHOICE, PHASE_DRAW, PHASE_PLACE
from pnp.games.stoomboot.rules.situation import BOAT, StoombootSituation


class StoombootState(StoombootSituation):
    """The whole game, mutated by :meth:`push` and restored by :meth:`pop`.

    Its attributes are those of
    :class:`~pnp.games.stoomboot.rules.situation.StoombootSituation` (read-only
    from outside); this class carries out the moves and chance outcomes.
    """

    __slots__ = ()

    # -- queries ---------------------------------------------------------------

    def legal_actions(self) -> Sequence[str]:
        """The moves of the seat to act, in a fixed order; empty at chance and terminal nodes."""
        phase = self.phase
        if phase == PHASE_PLACE:
            return placing.place_actions(self)
        if phase == PHASE_CHOICE:
            return self.options
        if phase == PHASE_DRAW:
            return tuple(DRAW[d] for d in (VAREN, STOOM, PAKJE) if self.can_draw(d))
        return ()

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the outcome of the current chance node with ``rng``."""
        return chance.sample(self, rng)

    # -- push and pop ------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        if isinstance(action, str):
            self._play(action)
        else:
            flow.apply_chance(self, action)

    def _play(self, action: str) -> None:
        move = self.acts.parse(action)
        kind = move[0]
        phase = self.phase
        if phase == PHASE_PLACE and kind == K_PLACE:
            flow.place(self, move[1], move[2], move[3] == 1)
        elif phase == PHASE_DRAW and kind == K_DRAW:
            flow.draw(self, move[1])
        elif phase == PHASE_CHOICE and action in self.options:
            flow.choose(self, move)
        else:
            raise ValueError(f"{action!r} is not a move of this moment")

    # -- setting up positions (tests, rulebook examples) ---------------------------

    def set_position(
        self,
        tiles: Sequence[str],
        boat: str,
        row: Sequence[str],
        hands: Sequence[Sequence[str]],
        *,
        heading: str = "n",
        sint: int = 0,
        piles: Sequence[Sequence[str]] | None = None,
        kalender: Sequence[str] = (),
        kal_pile: Sequence[str] | None = None,
        round_number: int = 1,
        delivered: Sequence[str] = (),
    ) -> None:
        """Jump to the start of the placing of round ``round_number`` with ``sint`` to place.

        ``tiles`` are the tile ids of the map row by row from the top left;
        ``boat`` its square (``c3``) and ``heading``; ``row`` the Stoomrij and
        ``hands`` every seat's cards, as ids. ``piles`` (Varen, Stoomboot,
        Pakje; top card first) default to the rest of each deck;
        ``kalender`` are cards already set aside (base game), ``kal_pile`` the
        Kalender ids top first (krappe-kalender); ``delivered`` houses already
        turned over. Clears the history and the undo journal; the cards need
        not match the deck. Meant for tests and rulebook examples, not for play.
        """
        tables = self.tables
        squares = self.size * self.size
        if len(tiles) != squares:
            raise ValueError(f"the map needs {squares} tiles")
        if len(hands) != self.num_players:
            raise ValueError(f"expected {self.num_players} hands")
        codes = [tables.tile_of[t] for t in tiles]
        kinds = tuple(tables.tile_kind[c] for c in codes)
        self.tiles = codes
        self.tile_kind = kinds
        self.house_at = tuple(c if k == HUIS else -1 for c, k in zip(codes, kinds, strict=True))
        self.on_map = tuple(sorted(c for c, k in zip(codes, kinds, strict=True) if k == HUIS))
        self.delivered = [tables.tile_names[h] in delivered for h in range(tables.houses)]
        self.pawn_sq = [OFF_MAP] * (1 + self.num_players)
        self.pawn_head = [N] * (1 + self.num_players)
        self.pawn_sq[0] = parse_square(boat, self.size)
        self.pawn_head[0] = HEADINGS.index(heading)
        self.hands = [tables.codes(tuple(h)) for h in hands]
        self.row = tables.codes(tuple(row))
        if piles is None:
            used = [c for h in self.hands for c in h] + list(self.row)
            rest: list[list[int]] = []
            for deck in tables.decks:
                cards = list(deck)
                for code in used:
                    if code in cards:
                        cards.remove(code)
                rest.append(cards[::-1])
            self.piles = rest
        else:
            self.piles = [tables.codes(tuple(p))[::-1] for p in piles]
        self.discards = [[], [], []]
        self.kalender = tables.codes(tuple(kalender))
        if kal_pile is not None:
            self.kal_pile = [tables.kal_of[k] for k in reversed(kal_pile)]
        self.kal_drawn = []
        self.out = []
        self.results = []
        self.sint = self.next_sint = sint
        self.round = round_number - 1
        self.queue = ()
        self.options = ()
        self.choice = CHOICE_NONE
        self.pending_card = NO_CARD
        self.talk = False
        self.weather_next = 0
        self.winners = ()
        self.end_reason = ""
        self.damage_total = 0
        self.setup_draws = True
        self.history.clear()
        self._undo.clear()
        self._marks.clear()
        self._ops = []
        flow.start_round(self)
        self.setup_draws = False


__all__ = ["BOAT", "NO_CARD", "PAKJE", "StoombootState"]
