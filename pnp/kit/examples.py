"""A kit's game parts (examples, measurements' fingerprint) and ``pnp examples``.

This is where the game's own code meets the generic rulebook: the registry's
:class:`~pnp.gamedef.Game` makes the examples, and the rulebook only receives
them (:class:`~pnp.rulebook.compose.GameParts`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.base.errors import PnpError
from pnp.catalog.project import engine_game, load_game, require_engine
from pnp.example_model import Example
from pnp.language import BASE_LANGUAGE
from pnp.rulebook.compose import GameParts
from pnp.rulebook.plaintext import format_examples
from pnp.spec.model import GameSpec
from pnp.spec.variants import resolve_variants
from pnp.story.moves import Walkthrough, walkthrough
from pnp.story.story import rulebook_examples


def game_examples(spec: GameSpec, chosen: tuple[str, ...]) -> tuple[Example, ...]:
    """The game's rulebook examples for a kit with ``chosen`` variants (none if it pins none)."""
    registered = engine_game(spec.id)
    story = registered.story if registered is not None else None
    return tuple(rulebook_examples(story, spec, chosen)) if story is not None else ()


def game_parts(spec: GameSpec, chosen: tuple[str, ...]) -> GameParts:
    """What the game adds to the rulebook of a kit: examples, tables' fingerprint, setup figures."""
    registered = engine_game(spec.id)
    if registered is None:  # a data-only game: only its tables and templates
        return GameParts()
    fingerprint = registered.tables_fingerprint
    return GameParts(
        examples=game_examples(spec, chosen),
        tables_fingerprint=fingerprint(spec) if fingerprint is not None else None,
        setup=registered.setup(spec, chosen) if registered.setup is not None else (),
    )


def examples_text(game_id: str, variants: Sequence[str] = (), lang: str = BASE_LANGUAGE) -> str:
    """Every rulebook example of a kit as plain text, each with the record it was replayed from,
    told in language ``lang``."""
    require_engine(game_id, "examples")
    spec = load_game(game_id, lang=lang).spec
    chosen = resolve_variants(spec, variants)
    return format_examples(spec, chosen, game_examples(spec, chosen))


def example_walkthrough(
    game_id: str, variants: Sequence[str], lang: str, example_id: str
) -> Walkthrough:
    """Example ``example_id`` of a kit, move by move from the record it was told from."""
    spec = load_game(game_id, lang=lang).spec
    return spec_walkthrough(spec, resolve_variants(spec, variants), example_id)


def spec_walkthrough(spec: GameSpec, chosen: tuple[str, ...], example_id: str) -> Walkthrough:
    """Example ``example_id`` of the kit of ``spec`` with ``chosen`` variants, move by move."""
    registered = require_engine(spec.id, "examples")
    story = registered.story
    if story is None:
        raise PnpError.single(f"{spec.id} has no worked examples")
    return walkthrough(story, spec, chosen, example_id, registered.engine.render_event)
