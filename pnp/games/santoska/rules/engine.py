"""Reference engine for Santoska, the memory and rows card game (rules SA-C1 ... SA-B8).

The engine is split into small modules with one job each:

* :mod:`~pnp.games.santoska.rules.cards` — card codes, cells, notation, adjacency;
* :mod:`~pnp.games.santoska.rules.config` — configuration and deck validation (SA-C1, SA-C2);
* :mod:`~pnp.games.santoska.rules.scoring` — groups and points of a grid (SA-B6);
* :mod:`~pnp.games.santoska.rules.actions` — moves, chance outcomes, notation, JSON;
* :mod:`~pnp.games.santoska.rules.events` — the typed events;
* :mod:`~pnp.games.santoska.rules.phases` — the state machine's phases;
* :mod:`~pnp.games.santoska.rules.state` — the state, push/pop and its undo journal;
* :mod:`~pnp.games.santoska.rules.chance` — first dealer, deal and peek, reshuffle (SA-B1, SA-B2);
* :mod:`~pnp.games.santoska.rules.turns` — a turn, Arriba, Stop, the final lap (SA-B3 ... SA-B5);
* :mod:`~pnp.games.santoska.rules.rounds` — scoring, elimination, end of game (SA-B6, SA-B7);
* :mod:`~pnp.games.santoska.view` — what a player may know (SA-B2).

Rules as implemented, with the decisions we took where the rules are silent:

* SA-C1/SA-C2: the deck (number cards, Santoska cards) and the marker cards
  come from :class:`SantoskaConfig`, built from the spec tables;
  :func:`validate_deck` checks them for every player count and row length.
* SA-B1: seats ``0..n-1``, clockwise is increasing index. Chance picks the
  first dealer (:class:`ChooseDealer`). Every round the whole deck is
  shuffled and dealt in one recorded :class:`Deal`: ``2 x row_length`` face-down
  cards per player still in the game (bottom row first), one card face up as
  the discard pile, the rest as the draw pile in order. DECISION: the player
  after the dealer starts; the deal passes to the next player still in the
  game after each round.
* SA-B2: each player looks at their bottom row once at the start of the
  round (:class:`RowPeeked`, automatic). The view tracks per card who has
  seen it: a player knows their peeked bottom row and the cards they swapped
  in; a card swapped in from the open discard pile is known to everyone.
* SA-B3: a turn is ``take``/``draw``, then ``swap <col>`` into the active row
  or ``discard`` the card in hand. DECISION: this holds for both piles: a card
  taken from the discard pile may go straight back.
* SA-B4/SA-B5: DECISIONS: a call comes at the end of a turn (after the
  discard), one call per turn; Arriba at the end of any own turn while the
  bottom row is active; Stop at the earliest one own turn after the Arriba
  (the top row gets at least one turn of its own); one Stop
  per round (one Stop card is enough, more are spares); after a Stop the other players each take exactly one more turn
  (marked ``final``) without calls, then the round ends.
* Draw pile: DECISION: drawing is a player's move without a chance node of
  its own: the pile's order is part of the recorded :class:`Deal`, as with a
  shuffled pile at the table. When the draw pile is empty at the end of a
  turn, the discard pile except its open top card is shuffled into a new
  draw pile (a recorded :class:`Reshuffle` chance action) before the next
  turn. (With a valid deck there are then always cards to reshuffle; if the
  discard pile ever held only its open card, players could only take it.)
* SA-B8: between rounds every card (rows, draw pile, discard pile) goes back
  into the deck, which is shuffled and dealt again in the next :class:`Deal`;
  every player still in the game peeks at the new bottom row again, and the
  Arriba cards and the Stop card go back (nobody has called in the new round).
* SA-B6: connected groups (horizontal and vertical) of equal cards.
  DECISION: Santoska cards group only with Santoska cards (they are not
  numbers). Number group 0, lone number its value, lone Santoska 5,
  Santoska group of k: -5·(k-1).
* SA-B7: totals run over rounds. DECISIONS: exactly the limit wins at once
  (shared if several), before anybody is eliminated; over the limit is out;
  the last player left wins; if the last players go over together the lowest
  total wins.

Termination: the rules leave a round without a Stop, and a game in which
nobody's total climbs, open; two safeguards close them. A round without a
Stop ends after ``lap_limit`` laps (50) and is scored as it lies; the game
ends after ``round_limit`` rounds (100) at the latest, won by the lowest
total still in the game. SA-B8: these safeguards are the engine's, not table
rules, and the rulebook does not print them. Every turn is at most three
moves, so a round has at most ``3 * lap_limit * players + 3 * players``
moves plus the reshuffles, and a game at most ``round_limit`` rounds.
"""

from __future__ import annotations

from pnp.engine.delegating import DelegatingEngine
from pnp.games.santoska.rules.actions import (
    Action,
    ChooseDealer,
    Deal,
    Reshuffle,
    decode_action,
    encode_action,
)
from pnp.games.santoska.rules.config import (
    GAME_ID,
    VARIANTS,
    SantoskaConfig,
    config_for_variants,
    standard_config,
    validate_deck,
)
from pnp.games.santoska.rules.rounds import (
    REASON_ALL_OUT,
    REASON_EXACT,
    REASON_LAST,
    REASON_ROUND_LIMIT,
)
from pnp.games.santoska.rules.state import SantoskaState
from pnp.games.santoska.view import SantoskaView

__all__ = [
    "ENGINE",
    "GAME_ID",
    "VARIANTS",
    "Action",
    "ChooseDealer",
    "Deal",
    "Reshuffle",
    "SantoskaConfig",
    "SantoskaEngine",
    "SantoskaState",
    "SantoskaView",
    "config_for_variants",
    "standard_config",
    "validate_deck",
]


class SantoskaEngine(DelegatingEngine[SantoskaConfig, SantoskaState, SantoskaView, Action]):
    """The engine object for :func:`pnp.engine.core.play` and friends."""

    def __init__(self) -> None:
        super().__init__(GAME_ID, SantoskaState, SantoskaView, encode_action, decode_action)

    def metrics(self, state: SantoskaState) -> dict[str, list[float]]:
        """Samples for simulation summaries of a finished game.

        ``rounds_per_game``; ``penalty_per_round`` (one sample per player and
        round); ``turns_per_round``; ``capped_round`` (1 for a round ended by
        the lap safeguard); ``stopper_lowest`` (per stopped round, 1 if the
        stopper scored no more than anybody else); ``exact_limit_win``,
        ``last_player_end``, ``all_out_end`` and ``round_limit_end`` (one sample per game, so their
        means are the fractions of games ending that way); ``winner_total``;
        ``actions_per_game``; ``pile_ran_out`` (one sample per game: 1 if the draw pile ran
        out and the discard pile was shuffled into a new one) and ``reshuffles`` (how often).
        """
        results = state.results
        reason = state.end_reason
        reshuffles = sum(1 for action in state.history if isinstance(action, Reshuffle))
        stopper_lowest: list[float] = []
        for result in results:
            if result.stopper >= 0:
                own = dict(result.points)[result.stopper]
                stopper_lowest.append(float(all(own <= p for _, p in result.points)))
        return {
            "rounds_per_game": [float(len(results))],
            "penalty_per_round": [float(p) for r in results for _, p in r.points],
            "turns_per_round": [float(r.turns) for r in results],
            "capped_round": [float(r.capped) for r in results],
            "stopper_lowest": stopper_lowest,
            "exact_limit_win": [float(reason == REASON_EXACT)],
            "last_player_end": [float(reason == REASON_LAST)],
            "all_out_end": [float(reason == REASON_ALL_OUT)],
            "round_limit_end": [float(reason == REASON_ROUND_LIMIT)],
            "winner_total": [float(state.totals[w]) for w in state.winners],
            "actions_per_game": [float(len(state.history))],
            "pile_ran_out": [float(reshuffles > 0)],
            "reshuffles": [float(reshuffles)],
        }


ENGINE = SantoskaEngine()
