"""pnp: print-and-play kits for four Dutch holiday games."""

__version__ = "0.1.0"
