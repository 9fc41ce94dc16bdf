"""``game_examples_text(game, variants)``: the library API behind ``pnp examples``."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.project import load_game
from pnp.rulebook.compose import game_examples
from pnp.rulebook.plaintext import format_examples
from pnp.variants import resolve_variants


def examples_text(game_id: str, variants: Sequence[str] = ()) -> str:
    """Every rulebook example of a kit as plain text, each with the record it was replayed from."""
    spec = load_game(game_id).spec
    chosen = resolve_variants(spec, variants)
    return format_examples(spec, chosen, game_examples(spec, chosen))
