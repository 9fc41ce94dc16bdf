"""Policies: who chooses a player's action.

A policy is any object with ``choose(view, legal_actions, rng) -> action``.
The runner passes the engine's *per-player view* of the state (never the state
itself), so a policy only sees what that player may know: their own cards and
public information. ``rng`` is the runner's seeded generator for policies; a
policy must draw all its randomness from it so that games are reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

A = TypeVar("A")
V_contra = TypeVar("V_contra", contravariant=True)


class Policy(Protocol[V_contra, A]):
    """Chooses one of the legal actions for the player the view belongs to."""

    def choose(self, view: V_contra, legal_actions: Sequence[A], rng: random.Random) -> A:
        """Return one element of ``legal_actions`` (never empty)."""
        ...


class RandomPolicy:
    """Uniformly random choice among the legal actions (works for every game)."""

    name = "random"

    def choose(self, view: object, legal_actions: Sequence[A], rng: random.Random) -> A:
        """Pick a legal action uniformly at random."""
        return legal_actions[int(rng.random() * len(legal_actions))]

    def __repr__(self) -> str:
        return "RandomPolicy()"
