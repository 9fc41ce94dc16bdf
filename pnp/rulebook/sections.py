"""Parts of a kit's rulebook read outside the book: what it says of each rule, and a named
section (the printing advice) as plain text.

The book states a rule where a paragraph, list item or note ends with its ID in brackets
(:mod:`pnp.rulebook.markup`); a proofreader stepping through an example reads those
statements beside the rule IDs the example shows. A section the templates name with
``::anchor NAME`` (the printing advice is ``printing``) can be shown where a family chooses
its kit, in the very words the book prints.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import unescape

from pnp.rulebook.markup import PRINTED_RULE_TAG, Block, Directive, Heading, ListBlock, Note
from pnp.rulebook.markup import Paragraph as TextBlock
from pnp.rulebook.placement import SECTION_ENDS

_TAG = re.compile(r"<[^>]+>")


def plain(markup: str) -> str:
    """Paragraph markup as plain text: no tags, no rule IDs, entities read."""
    return unescape(_TAG.sub("", PRINTED_RULE_TAG.sub("", markup))).strip()


@dataclass(frozen=True)
class SectionPart:
    """One part of a section: a ``heading``, ``paragraph``, list ``item`` or ``note``."""

    kind: str
    text: str


def rule_statements(blocks: Sequence[Block]) -> dict[str, tuple[str, ...]]:
    """Every rule ID the book states, with the plain text of each statement, in book order."""
    found: dict[str, list[str]] = {}
    for paragraph in _paragraphs(blocks):
        for rule in paragraph.rules:
            found.setdefault(rule, []).append(plain(paragraph.text))
    return {rule: tuple(texts) for rule, texts in found.items()}


def _paragraphs(blocks: Sequence[Block]) -> list[TextBlock]:
    out: list[TextBlock] = []
    for block in blocks:
        if isinstance(block, TextBlock):
            out.append(block)
        elif isinstance(block, ListBlock):
            out.extend(block.items)
        elif isinstance(block, Note):
            out.append(block.text)
    return out


def anchored_section(blocks: Sequence[Block], name: str) -> tuple[SectionPart, ...]:
    """The section after ``::anchor name``: its heading and text up to the next heading of
    the same or a higher level or a generated part that ends sections (empty without it)."""
    start = next(
        (
            i
            for i, block in enumerate(blocks)
            if isinstance(block, Directive) and block.name == "anchor" and block.args == (name,)
        ),
        None,
    )
    if start is None:
        return ()
    parts: list[SectionPart] = []
    level: int | None = None
    for block in blocks[start + 1 :]:
        if isinstance(block, Heading):
            if level is not None and block.level <= level:
                break
            level = block.level if level is None else level
            parts.append(SectionPart("heading", plain(block.text)))
        elif isinstance(block, Directive):
            if block.name in SECTION_ENDS or block.name == "anchor":
                break
        elif isinstance(block, TextBlock):
            parts.append(SectionPart("paragraph", plain(block.text)))
        elif isinstance(block, ListBlock):
            parts.extend(SectionPart("item", plain(item.text)) for item in block.items)
        elif isinstance(block, Note):
            parts.append(SectionPart("note", plain(block.text.text)))
    return tuple(parts)
