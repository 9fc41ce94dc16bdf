"""Sinterklaas rules: configuration, cards, state, actions, events, chance, turns, scoring and the engine."""
