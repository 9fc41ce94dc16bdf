"""Stoomboot's rules: configuration, cards, board, state, actions, events and the engine."""
