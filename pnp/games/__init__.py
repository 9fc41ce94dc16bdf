"""The games: one package each, plugged in through the registry."""
