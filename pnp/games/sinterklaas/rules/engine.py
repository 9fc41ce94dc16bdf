"""Reference engine for Sinterklaas, the bidding card game (rules SK-C1 ... SK-W5, SK-D1).

The engine is split into small modules with one job each:

* :mod:`~pnp.games.sinterklaas.rules.cards` — card codes, names, lookup tables;
* :mod:`~pnp.games.sinterklaas.rules.combinations` — combinations and their ranking (SK-B7, SK-P1, SK-P2);
* :mod:`~pnp.games.sinterklaas.rules.config` — configuration and deck validation (SK-C1 ... SK-C4, SK-D1);
* :mod:`~pnp.games.sinterklaas.rules.actions` — moves, chance outcomes and their notation;
* :mod:`~pnp.games.sinterklaas.rules.events` — the typed events;
* :mod:`~pnp.games.sinterklaas.rules.steps` — the state machine's vocabulary;
* :mod:`~pnp.games.sinterklaas.rules.position` — the fields, their queries, the deal sizes and the undo journal;
* :mod:`~pnp.games.sinterklaas.rules.state` — the state: it runs the agenda and starts rounds;
* :mod:`~pnp.games.sinterklaas.rules.turns` — the opening, laps and turns;
* :mod:`~pnp.games.sinterklaas.rules.effects` — action cards and the coin;
* :mod:`~pnp.games.sinterklaas.rules.scoring` — showdown, round end, game end;
* :mod:`~pnp.games.sinterklaas.view` — what a player may know.

Rules as implemented, with the decisions we took where the rules leave a detail open:

* SK-B1: seats ``0..n-1``, clockwise is increasing index ("left" of seat s
  is s+1). Chance picks the first Sint (:class:`ChooseSint`). The stack is
  shuffled in the OpenSpiel sense: it is kept as the multiset of unseen cards,
  and every card that comes off it is a recorded, uniformly random chance
  outcome (deal, reveal, draw) — the same as drawing from a shuffled stack.
* SK-B2/SK-B3: a round is the deal, the bidding (three reveals and laps) and
  the scoring. The deal is one chance action: clockwise from the Sint, each
  player takes up to ``from_scored`` random scored cards, then draws from the
  stack up to ``hand_size``. DECISION: a player who kept hand cards takes
  scored cards only until they hold ``hand_size`` (never more than
  ``from_scored``); a kept hand that is already larger stays as it is.
* SK-B4: the Sint reveals a card, then a lap starting with the Sint; laps
  close poker-style and bids are cumulative (see :mod:`turns`). DECISIONS:
  going along may add nothing when your bid already matches (a check); a
  turn that laid a card may not stop.
* SK-B5: one player left ends the round at once: they win the bid pile, keep
  their hand and become Sint (DECISION from the checklist).
* SK-B6 DECISION: going all-in is a way of going along: the last hand card
  may only be bid when the whole bid then meets the highest bid, and a
  player whose whole hand cannot meet it can only stop (no all-in for less).
  A player with no hand cards during their turn whose bid meets the highest
  is all-in: no more turns, their bid need not be matched; they still count
  as in the round (if everybody else stops they are the one left) and score
  at the showdown with the Pakjeskamer alone (plus any cards an effect puts
  into their hand later).
* SK-B7 ... SK-B9, SK-S1, SK-V3 (end of round), SK-V5, SK-P1 ... SK-P4: see
  :mod:`scoring` and :mod:`combinations`. DECISION (SK-P2): on equal count a
  number beats a colour beats a straight.
* SK-M1: ``hand_size``/``from_scored``/``reveals`` are 4/2/2 (minder-pakjes),
  6/3/3 or 8/4/4 (meer-pakjes), from the spec settings.
* SK-V1 (overschatting): a player who cannot reach the highest bid says so
  (:class:`CannotMatch`); a raise that no other bidding player can reach puts
  the raiser out at once (:class:`Overbid`), their bid stays.
* SK-V2 (inwisselen): in a lap turn, ``swap`` a hand card for an unlocked
  face-up bid card (see :mod:`turns` for the DECISION that keeps turns finite).
* SK-V3 (handregel) DECISION: the Sint names the limit (none, 1, 2 or 3)
  after the deal, before the first reveal and the opening bids. Bids may not
  take the hand below it; a player at the limit may end their turn without
  matching (they stay in the round). DECISION: at the end of the round every
  player holding hand cards, also those who stayed to the end, keeps them or
  discards them all (this replaces SK-B8's loss of hand cards).
* SK-V4 (biedregel), SK-A1 (actiepiet), SK-W4 (Stafpiet): see :mod:`effects`.
* SK-W1 ... SK-W3 (wie-kent-hem-niet) DECISIONS: every round, after the
  deal (and the limit), the Sint hands the Big Sint card to another player of
  their choice; then, before the first reveal, the Small Sint bids exactly
  one card and the Big Sint bids at least double the Small Sint's bid (no
  stopping; if their cards cannot reach it they need not open). Whoever
  held the cards when the opening began makes these bids.
* SK-W5 DECISION: "the first player to stop in a round becomes Sint at once"
  is its own variant, ``eerste-stopper`` (config switch
  ``first_stopper_sint``), off unless chosen and only together with
  wie-kent-hem-niet (choosing it adds wie-kent-hem-niet). Only a player's own
  stop counts (not an overbid, SK-V1); the round's winner still becomes Sint
  at the end of the round (SK-B8).
* SK-D1: :func:`validate_deck`; the balance study is :mod:`balance`.

Termination: every round reveals at least one stack card and the game ends
when the stack cannot supply a round; inside a round every raise lays a card,
every swap locks one, and laps close when nobody must act.
"""

from __future__ import annotations

from pnp.engine.delegating import DelegatingEngine
from pnp.games.sinterklaas.rules.actions import Action, ChooseSint, decode_action, encode_action
from pnp.games.sinterklaas.rules.config import (
    GAME_ID,
    VARIANTS,
    SinterklaasConfig,
    config_for_variants,
    standard_config,
    validate_deck,
)
from pnp.games.sinterklaas.rules.state import SinterklaasState
from pnp.games.sinterklaas.rules.steps import ENDING_BEST, ENDING_ONE_LEFT, ENDING_TIE
from pnp.games.sinterklaas.view import SinterklaasView

__all__ = [
    "ENGINE",
    "GAME_ID",
    "VARIANTS",
    "Action",
    "ChooseSint",
    "SinterklaasConfig",
    "SinterklaasEngine",
    "SinterklaasState",
    "SinterklaasView",
    "config_for_variants",
    "standard_config",
    "validate_deck",
]


class SinterklaasEngine(
    DelegatingEngine[SinterklaasConfig, SinterklaasState, SinterklaasView, Action]
):
    """The engine object for :func:`pnp.engine.core.play` and friends."""

    def __init__(self) -> None:
        super().__init__(GAME_ID, SinterklaasState, SinterklaasView, encode_action, decode_action)

    def metrics(self, state: SinterklaasState) -> dict[str, list[float]]:
        """Samples for simulation summaries of a finished game.

        ``rounds_per_game``; per round ``one_left``, ``showdown_won`` and
        ``no_winner`` (1 or 0, so their means are the fractions of rounds
        ending that way) and ``pile_per_round``; ``winner_points``;
        ``actions_per_game``.
        """
        results = state.results
        points = state.points()
        return {
            "rounds_per_game": [float(len(results))],
            "one_left": [float(r[0] == ENDING_ONE_LEFT) for r in results],
            "showdown_won": [float(r[0] == ENDING_BEST) for r in results],
            "no_winner": [float(r[0] == ENDING_TIE) for r in results],
            "pile_per_round": [float(r[2]) for r in results],
            "winner_points": [float(points[w]) for w in state.winners],
            "actions_per_game": [float(len(state.history))],
        }


ENGINE = SinterklaasEngine()
