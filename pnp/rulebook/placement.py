"""Where each worked example goes: right after the part of the book that explains its rules.

An example shows one or more rules (its rule IDs). The book states a rule
where a paragraph, list item or note first carries its ID. An example can
only be read once all its rules are known, so it goes after the section
holding the *latest* of those first statements: before the next heading of
the same or a higher level, or before the next generated chapter. An example
whose rules the book never states (say, of a variant the kit lacks) is left
for the "Meer voorbeelden" chapter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pnp.example_model import Example
from pnp.rulebook.markup import Block, Directive, Heading, ListBlock, Note
from pnp.rulebook.markup import Paragraph as TextBlock

SECTION_ENDS = ("examples", "backcover", "gallery", "components", "box", "toc")
"""Generated parts that end the section before them (an example never lands past one)."""


def block_rules(block: Block) -> Iterable[str]:
    """The rule IDs a block states."""
    if isinstance(block, TextBlock):
        return block.rules
    if isinstance(block, ListBlock):
        return [rule for item in block.items for rule in item.rules]
    if isinstance(block, Note):
        return block.text.rules
    return ()


def first_statements(blocks: Sequence[Block]) -> dict[str, int]:
    """The index of the block that first states each rule ID."""
    first: dict[str, int] = {}
    for index, block in enumerate(blocks):
        for rule in block_rules(block):
            first.setdefault(rule, index)
    return first


def section_end(blocks: Sequence[Block], index: int) -> int:
    """The index of the block that ends the section holding ``blocks[index]``."""
    level = 1
    for earlier in reversed(blocks[:index]):
        if isinstance(earlier, Heading):
            level = earlier.level
            break
    for later in range(index + 1, len(blocks)):
        block = blocks[later]
        if isinstance(block, Heading) and block.level <= level:
            return later
        if isinstance(block, Directive) and block.name in SECTION_ENDS:
            return later
    return len(blocks)


def place_examples(
    blocks: Sequence[Block], examples: Sequence[Example]
) -> tuple[dict[int, list[Example]], list[Example]]:
    """Each placed example by the index of the block it goes before, and the unplaced ones.

    Examples keep their table order within one place.
    """
    first = first_statements(blocks)
    placed: dict[int, list[Example]] = {}
    unplaced: list[Example] = []
    for example in examples:
        stated = [first[rule] for rule in example.rules if rule in first]
        if not stated:
            unplaced.append(example)
            continue
        placed.setdefault(section_end(blocks, max(stated)), []).append(example)
    return placed, unplaced
