"""Santoska, the memory and rows card game (rules SA-C1 ... SA-B8)."""
