"""Stoomboot, the cooperative steamboat game (rules ST-C1 ... ST-D1)."""
