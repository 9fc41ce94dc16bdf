"""A game's rule list: the rule IDs its rulebook states, so ``game.toml`` names only real rules.

The rulebook's templates end paragraphs and list items with the rules they state in
brackets (``[TD-C1]``, ``[SK-B3, SK-B4]``); those IDs are the game's rule checklist
as printed. A component, variant or score sheet of ``game.toml`` that names a rule
names one of them.
"""

from __future__ import annotations

import re
from pathlib import Path

from pnp.base.datafiles import read_confined_text
from pnp.base.reads import unrecorded

RULE_ID = re.compile(r"^[A-Z]{2}-[A-Z0-9]+$")
"""The form of a rule ID: the game's two letters, a hyphen, the rule (``TD-C1``)."""

STATED_RULES = r"\[((?:[A-Z]{2}-[A-Z0-9]+)(?:\s*,\s*[A-Z]{2}-[A-Z0-9]+)*)\]"
"""The pattern of rule IDs in brackets, as a template states them (the rulebook's markup
reads the same brackets)."""
_STATED = re.compile(STATED_RULES)


def stated_rule_ids(folder: Path) -> frozenset[str]:
    """The rule IDs the templates in ``folder`` (a game's ``rulebook/``, sub folders too) state."""
    found: set[str] = set()
    if not folder.is_dir():
        return frozenset()
    # Not a read of the cards: the rulebook reads (and records) these templates itself, and a
    # change to them rebuilds it, loading the game and checking its rule IDs again.
    with unrecorded():
        for path in sorted(folder.rglob("*.j2")):
            for group in _STATED.findall(read_confined_text(path, folder)):
                found.update(part.strip() for part in group.split(","))
    return frozenset(found)
