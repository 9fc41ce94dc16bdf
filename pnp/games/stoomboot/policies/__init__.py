"""Stoomboot's policies (the bots) and the route planning only they use."""
