"""A kit read outside its PDFs: its examples move by move, what its book says of each rule,
and its printing advice, for a proofreader or a family looking at the kit on screen.

Everything comes from the same sources the build uses (the pinned records told and checked
under the kit's rules, the rulebook templates rendered with the kit's print options), so
what is shown is what the kit prints.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from pnp.catalog.project import load_game
from pnp.kit.build import printing_context
from pnp.kit.build_options import BuildOptions
from pnp.kit.examples import game_parts, spec_walkthrough
from pnp.rulebook.compose import prepare_rulebook, printed_components
from pnp.rulebook.figure_page import FigurePages
from pnp.rulebook.markup import Block
from pnp.rulebook.sections import SectionPart, anchored_section, rule_statements
from pnp.spec.variants import resolve_variants
from pnp.story.moves import Walkthrough

PRINTING = "printing"
"""The anchor of the book's printing advice (``::anchor printing`` in the shared templates)."""


class KitReader:
    """One kit's examples, rule statements and printing advice, each made once when first
    asked for (safe to share between threads)."""

    def __init__(self, game_id: str, variants: Sequence[str], options: BuildOptions) -> None:
        self.game_id = game_id
        self.options = options
        self.data = load_game(game_id, lang=options.lang)
        self.chosen = resolve_variants(self.data.spec, variants)
        self._lock = threading.Lock()
        self._blocks: tuple[Block, ...] | None = None
        self._walks: dict[str, Walkthrough] = {}
        self._pages: FigurePages | None = None

    def blocks(self) -> tuple[Block, ...]:
        """The kit's rulebook as parsed blocks (the family edition's text)."""
        with self._lock:
            if self._blocks is None:
                spec, chosen = self.data.spec, self.chosen
                components = printed_components(self.data, spec.components_for(chosen), chosen)
                printing = printing_context(self.data, chosen, self.options, components)
                parts = game_parts(spec, chosen)
                self._blocks = tuple(prepare_rulebook(self.data, chosen, parts, printing)[1].blocks)
            return self._blocks

    def rule_statements(self) -> dict[str, tuple[str, ...]]:
        """What the kit's book says of each rule ID, statement by statement."""
        return rule_statements(self.blocks())

    def printing_advice(self) -> tuple[SectionPart, ...]:
        """The book's chapter on printing and putting the kit together, as plain text."""
        return anchored_section(self.blocks(), PRINTING)

    def walkthrough(self, example_id: str) -> Walkthrough:
        """Example ``example_id`` of the kit, move by move (a ``PnpError`` if it has none)."""
        with self._lock:
            found = self._walks.get(example_id)
            if found is None:
                found = spec_walkthrough(self.data.spec, self.chosen, example_id)
                self._walks[example_id] = found
            return found

    def table_pdf(self, example_id: str, move: int) -> bytes:
        """The table after move ``move`` (from 1; 0: before the first) of an example, as a
        one-page PDF drawn as the book draws its figures."""
        walk = self.walkthrough(example_id)
        figures = walk.start if move == 0 else walk.move(move).table
        with self._lock:
            if self._pages is None:
                self._pages = FigurePages(self.data, self.chosen)
            return self._pages.pdf(figures, walk.example.title)
