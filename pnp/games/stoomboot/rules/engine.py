"""Reference engine for Stoomboot, the cooperative steamboat game (rules ST-C1 ... ST-D1).

The engine is split into small modules with one job each:

* :mod:`~pnp.games.stoomboot.rules.config` — configuration, the design's tables, deck validation (ST-D1);
* :mod:`~pnp.games.stoomboot.rules.cards` — card codes and lookup tables;
* :mod:`~pnp.games.stoomboot.rules.board` — squares, headings, turns, neighbours;
* :mod:`~pnp.games.stoomboot.rules.actions` — moves in notation, chance outcomes, JSON;
* :mod:`~pnp.games.stoomboot.rules.events` — the typed events;
* :mod:`~pnp.games.stoomboot.rules.phases` — phases, stages and the Sint's kinds of choice;
* :mod:`~pnp.games.stoomboot.rules.state` — the state, push/pop and its undo journal;
* :mod:`~pnp.games.stoomboot.rules.chance` — first Sint, map, boat, shuffles (ST-B1);
* :mod:`~pnp.games.stoomboot.rules.rounds` — draws, round start and end, Kalender, game end;
* :mod:`~pnp.games.stoomboot.rules.placing` — placing cards under the Stoomrij (ST-B3);
* :mod:`~pnp.games.stoomboot.rules.sailing` — revealing and carrying out cards (ST-B4 ... ST-B7);
* :mod:`~pnp.games.stoomboot.rules.delivery` — delivering pakjes (ST-B6, ST-P1);
* :mod:`~pnp.games.stoomboot.rules.kalender` — the Kalender events (ST-K1);
* :mod:`~pnp.games.stoomboot.rules.flow` — what comes next after each move, shuffle and choice;
* :mod:`~pnp.games.stoomboot.view` — what a player may know (ST-B2, ST-P1);
* :mod:`~pnp.games.stoomboot.policies.routes`, :mod:`~pnp.games.stoomboot.policies.layout`,
  :mod:`~pnp.games.stoomboot.policies.plans`, :mod:`~pnp.games.stoomboot.policies.bots` — the
  cooperative heuristic player (a shared plan per round, quick simulations).

Each event reads as one line in the generic notation (:func:`pnp.engine.notation.event_line`).

Rules as implemented, with the decisions of the design:

* ST-C1/ST-B1: a 5x5 map (4x4 with ``kleine-kaart``, ``small_map_houses`` houses
  chosen at random); every house is laid, water tiles (mixed with the special
  tiles under ``pepernoot-plekken``) fill the other squares; one chance
  action lays them all. The boat starts on a random plain water square,
  heading ``n``. Squares are ``a1`` (top left) .. ``e5``; headings ``n o z w``.
* ST-C2/ST-C4: Varen, Stoomboot and Pakje piles, each shuffled by chance. n
  Stoomboot cards give 2n-1 positions: a card's middle (with its icon) and
  the junction of two cards. Two cards fit when the touching connectors
  match. Maximum row: ``max_row`` (5) cards.
* ST-C3: the boat has a heading; Varen cards move it relative to it
  (vooruit, achteruit keeping the heading, bakboord/stuurboord: a quarter
  turn, then one square forward).
* ST-B5: a revealed Varen card moves the boat; a Stoomboot card lengthens
  the row (attached where it fits) or shortens it (an end card removed,
  mandatory when it fits nowhere); a Pakje card lies revealed for a delivery.
* ST-B9 (DESIGN): the Stoomrij holds at most ``max_row`` (5) cards, 9
  positions, so two players' 10 hand cards can fill every position; a
  Stoomboot card never removes the last card, so a round always has a
  position. A Stoomboot card that can neither lengthen nor shorten the row
  (one card left, no fit) has no effect.
* ST-B1: chance chooses the first Sint (longest beard). DECISION: the start
  row (2 cards; 4 from 5 players on) is laid from the Stoomboot pile *before*
  the hands are drawn, so it can always be laid. Then each player, the Sint
  first and clockwise, fills their hand (5; 4 from 5 players on) one card at
  a time, choosing the pile for each card (``draw varen`` ...). An empty pile
  gets its discard pile shuffled in (chance) when drawn from; a pile with
  nothing in pile or discard cannot be chosen.
* ST-B3: from the Sint clockwise each player places one card under an empty
  position (``place <card> <position>``), face down, or face up (``... up``)
  on a position with an eye. Players without cards skip; the placing ends
  when every position is filled (or the hands are empty). The last player
  who placed is the next Sint (ST-B8).
* ST-B4 ... ST-B7, ST-E1, ST-E2, ST-P2, ST-P3, ST-R1: see
  :mod:`~pnp.games.stoomboot.rules.sailing`: the Sint reveals left to right and
  decides alone (boat or Piet, kompas heading, longer/shorter and which end,
  which end the damage removes, which end a haven card goes to). Positions
  and icons are fixed for the round. ST-B7 DECISION: a step off the map is
  not made (1 damage with pepernoot-plekken), but the rest of the card is:
  a bakboord/stuurboord card still turns the pawn; a rock is never entered
  (1 damage).
* ST-B6/ST-P1: DECISION: after each revealed card has been carried out
  (whatever its kind), a pawn on an undelivered house whose wants the
  pakjes revealed at this position or earlier cover may deliver; the pawn
  need not have just arrived (``bezorg
  <house>`` or ``niet``); the matching chooses the cards (least flexible
  first). Delivered cards leave the game; after a Telefoon the views show
  everything until the next card is revealed.
* ST-B2: the game is won at once when every house on the map is delivered.
* ST-B8: base game: the Sint sets one played card still on the table aside
  onto the Kalender (``kalender <position>``; automatic when only one is
  left; the top Varen card if none). Varen and Stoomboot cards go to their
  discard piles, undelivered pakjes are shuffled back into the Pakje pile
  (chance). 10 Kalender cards: lost (``pakjesavond``). Then everyone draws
  up to their hand size, the (old) Sint first, and the new Sint starts.
* ST-K1 (krappe-kalender): 10 shuffled Kalender cards; each round end the top
  one is taken and its event carried out (see
  :mod:`~pnp.games.stoomboot.rules.kalender`) instead of setting a card aside; the
  game is lost when the Kalender pile is empty.
* Loss reasons: ``pakjesavond``, ``stoomrij-leeg`` (damage emptied the
  Stoomrij) and ``vastgelopen`` (safeguard: nobody could place a card, or
  more than ``round_limit`` rounds). Every round either ends the game or
  adds a Kalender card, so a game has at most ``calendar_limit`` rounds.

Smaller decisions where the design leaves a detail open:

* a choice with a single possibility (a Stoomboot card that can only be
  attached at one end, a haven card that fits one end, the Kalender card when
  one played card is left) is carried out without asking;
* kompas turns the pawn the Sint chose for the card (boat or Piet);
* anker: the next *revealed* Varen card is not carried out, whatever its
  position; it stays on the table until the round ends, like the others;
* Telefoon talk lasts until the next card is revealed; after the last
  position that is in the next round, so the round end, the draws and the
  next placing are open;
* haast removes the next Kalender card at once; under krappe-kalender the
  pakjes go back before the Kalender card is taken, and the game is lost when
  the pile is empty after its event;
* at round end the Sint of the finished round draws first;
* base game, no played card left for the Kalender: the top card of the Varen
  pile (else of its discard pile, then the other piles).
"""

from __future__ import annotations

from pnp.engine.delegating import DelegatingEngine
from pnp.games.stoomboot.rules.actions import (
    Action,
    ChooseSint,
    LayMap,
    PlaceBoat,
    Shuffle,
    decode_action,
    encode_action,
)
from pnp.games.stoomboot.rules.config import (
    GAME_ID,
    VARIANTS,
    StoombootConfig,
    config_for_variants,
    standard_config,
    validate_deck,
)
from pnp.games.stoomboot.rules.rounds import LOSS_REASONS
from pnp.games.stoomboot.rules.state import StoombootState
from pnp.games.stoomboot.view import StoombootView

__all__ = [
    "ENGINE",
    "GAME_ID",
    "VARIANTS",
    "Action",
    "ChooseSint",
    "LayMap",
    "PlaceBoat",
    "Shuffle",
    "StoombootConfig",
    "StoombootEngine",
    "StoombootState",
    "StoombootView",
    "config_for_variants",
    "standard_config",
    "validate_deck",
]


def _rounds_left(state: StoombootState) -> int:
    """Rounds that could still have been played before pakjesavond was over."""
    if state.krappe:
        return len(state.kal_pile)
    return max(0, state.config.calendar_limit - len(state.kalender))


def metric_name(reason: str) -> str:
    """The metric of a loss reason: ``lost_pakjesavond``, ``lost_stoomrij_leeg`` ..."""
    return "lost_" + reason.replace("-", "_")


class StoombootEngine(DelegatingEngine[StoombootConfig, StoombootState, StoombootView, Action]):
    """The engine object for :func:`pnp.engine.core.play` and friends."""

    def __init__(self) -> None:
        super().__init__(GAME_ID, StoombootState, StoombootView, encode_action, decode_action)

    def metrics(self, state: StoombootState) -> dict[str, list[float]]:
        """Samples for simulation summaries of a finished game.

        One sample per game: ``won`` (1/0), ``lost_<reason>`` for every loss
        reason (so their means are the fractions of games lost that way),
        ``rounds_per_game``, ``houses_delivered``, ``houses_left``,
        ``damage_per_game``, ``actions_per_game``; one per round:
        ``positions_per_round`` and ``steps_per_round``; for a game won, ``rounds_left_at_win``
        (how many rounds pakjesavond still had to go).
        """
        won = bool(state.winners)
        delivered = sum(1 for h in state.on_map if state.delivered[h])
        out: dict[str, list[float]] = {"won": [float(won)]}
        for reason in LOSS_REASONS:
            out[metric_name(reason)] = [float(not won and state.end_reason == reason)]
        out.update(
            {
                "rounds_per_game": [float(state.round)],
                "houses_delivered": [float(delivered)],
                "houses_left": [float(len(state.on_map) - delivered)],
                "damage_per_game": [float(state.damage_total)],
                "actions_per_game": [float(len(state.history))],
                "positions_per_round": [float(r.positions) for r in state.results],
                "steps_per_round": [float(r.steps) for r in state.results],
                "rounds_left_at_win": [float(_rounds_left(state))] if won else [],
            }
        )
        return out


ENGINE = StoombootEngine()
