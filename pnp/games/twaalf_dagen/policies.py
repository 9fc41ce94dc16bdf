"""A sensible heuristic player for twaalf-dagen.

The policy reads only the :class:`~pnp.games.twaalf_dagen.engine.TwaalfDagenView`
the runner hands it: its own cards, the hand sizes, the current trick and the
cards seen this hand. It never sees other players' cards.

Ideas (scores are added per candidate action; the best one is played):

* go out whenever the whole hand is one legal combination (a lost attempt
  costs nothing: the cards come back, TD-B5);
* keep the hand easy to play out: prefer actions that lower the number of
  plays still needed (sets and straights kept whole), shed many cards;
* keep the lowest card for the final play (low cards win tricks, and the hand
  is only won by winning a trick with the last cards);
* value the lead: prefer plays that nobody can still undercut, judged from the
  cards not yet seen;
* as responder, pass rather than break a good set or straight for nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.games.twaalf_dagen.rules.actions import (
    PASS,
    STRAIGHT,
    Action,
    play_cards,
    play_length,
    play_low,
)
from pnp.games.twaalf_dagen.view import TwaalfDagenView


def plays_needed(counts: Sequence[int], top: int) -> int:
    """Estimate how many plays empty a hand: a set per number, runs of singles as straights."""
    plays = 0
    run = 0
    for v in range(1, top + 2):
        k = counts[v] if v < len(counts) else 0
        if k == 1:
            run += 1
            continue
        if run:
            plays += 1  # a singleton, or a run played as one straight
            run = 0
        if k >= 2:
            plays += 1
    return plays


class HeuristicPolicy:
    """Shed high cards in whole combinations, keep a low card to go out, go out when possible."""

    name = "heuristic"

    def choose(
        self, view: TwaalfDagenView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Pick the best-scoring legal action (deterministic; ``rng`` is unused)."""
        plays = [a for a in legal_actions if isinstance(a, int)]
        size = view.hand_size
        for action in plays:
            if action != PASS and play_length(action) == size:
                return action  # go out
        hand = list(view.hand)
        top = view.top
        lowest = next(v for v in range(1, top + 1) if hand[v])
        unseen = self._unseen_below(view, hand)
        before = plays_needed(hand, top)
        leading = view.is_leading
        best_action: Action = plays[0]
        best_score = float("-inf")
        for action in plays:
            if action == PASS:
                score = 0.0
            else:
                score = self._score(view, hand, action, lowest, unseen, before, leading)
            if score > best_score:
                best_score = score
                best_action = action
        return best_action

    @staticmethod
    def _unseen_below(view: TwaalfDagenView, hand: Sequence[int]) -> list[int]:
        """``out[v]``: cards numbered ``<= v`` that other players might still hold."""
        deck = view.deck_counts
        seen = view.seen_counts
        out = [0] * len(hand)
        total = 0
        for v in range(1, len(hand)):
            total += max(0, deck[v] - seen[v] - hand[v])
            out[v] = total
        return out

    @staticmethod
    def _score(
        view: TwaalfDagenView,
        hand: list[int],
        action: int,
        lowest: int,
        unseen: Sequence[int],
        before: int,
        leading: bool,
    ) -> float:
        top = view.top
        low = play_low(action)
        length = play_length(action)
        cards = play_cards(action)
        for card in cards:
            hand[card] -= 1
        after = plays_needed(hand, top)
        left = sum(hand)
        for card in cards:
            hand[card] += 1
        score = 3.0 * (before - after) + 1.0 * length
        if low == lowest and left > 0 and hand[lowest] == cards.count(lowest):
            score -= 4.0  # keep the lowest card for going out
        safe = unseen[low] == 0
        if leading:
            score += 0.15 * low  # shed high cards first
            if safe:
                score += 2.0
            if left <= 2 and action >> 10 != STRAIGHT:
                score += 0.5
        else:
            wins_now = low <= view.best_low
            if wins_now:
                score += 1.5 + (1.0 if safe else 0.0)
            score -= 0.5  # a response must clearly beat passing
        return score

    def __repr__(self) -> str:
        return "HeuristicPolicy()"
