"""Stoomboot's rulebook examples: rows, STORY, notation, sentences, claims, trace, table."""
