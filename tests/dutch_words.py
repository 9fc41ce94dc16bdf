"""Dutch number words for the example tests, written out independently of ``pnp.rulebook.dutch``."""

WORDS = [
    "nul",
    "één",
    "twee",
    "drie",
    "vier",
    "vijf",
    "zes",
    "zeven",
    "acht",
    "negen",
    "tien",
    "elf",
    "twaalf",
    "dertien",
    "veertien",
    "vijftien",
    "zestien",
    "zeventien",
    "achttien",
    "negentien",
    "twintig",
]
"""0 to 20 in words."""

PLURALS = [
    "",
    "enen",
    "tweeën",
    "drieën",
    "vieren",
    "vijven",
    "zessen",
    "zevens",
    "achten",
    "negens",
    "tienen",
    "elven",
    "twaalven",
]
"""The plural of each card number as a noun ("twee achten")."""
