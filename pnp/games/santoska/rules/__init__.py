"""Santoska's rules: configuration, cards, state, actions, events, chance, turns, rounds and scoring, and the engine."""
