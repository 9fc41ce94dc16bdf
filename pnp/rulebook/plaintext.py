"""Rulebook examples as plain text, for proofreading without opening the PDF."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from itertools import groupby

from pnp.example_model import CardPicture, Example
from pnp.example_model.figures import MapFigure, RowFigure
from pnp.rulebook.figures import describe_figure
from pnp.spec.model import GameSpec

WIDTH = 88


def card_names(spec: GameSpec, cards: Sequence[CardPicture]) -> str:
    """The pictured cards by their table names, each run of equal cards with its count."""
    parts = []
    for picture, same in groupby(cards):
        count = len(list(same))
        try:
            name = _name_of(spec, picture)
        except KeyError:
            name = picture.row
        parts.append(f"{count}× {name}")
    return ", ".join(parts)


def _names(spec: GameSpec, figure: MapFigure | RowFigure) -> dict[CardPicture, str]:
    """Table names of the cards a row figure shows."""
    if isinstance(figure, MapFigure):
        return {}
    pictures = [*figure.cards, *(s.card for s in figure.slots if s is not None and s.card)]
    names: dict[CardPicture, str] = {}
    for picture in pictures:
        try:
            names[picture] = _name_of(spec, picture)
        except KeyError:
            names[picture] = picture.row
    return names


def _wrap(text: str, indent: str, rest: str | None = None) -> list[str]:
    return textwrap.wrap(
        text, WIDTH, initial_indent=indent, subsequent_indent=rest if rest is not None else indent
    ) or [indent.rstrip()]


def format_example(spec: GameSpec, number: int, example: Example) -> str:
    """One example: title, source and rule IDs, intro, one line per step, outro.

    Steps the rules did by themselves start with ``»``; the cards a step shows
    follow it in brackets.
    """
    words = spec.language
    lines = [
        f"{number}. {example.title}",
        f"   {words.label('text_source', source=example.source)}",
    ]
    lines.append(f"   {example.played_under(words)}")
    if example.rules:
        lines.append(f"   {words.label('text_rules', rules=', '.join(example.rules))}")
    lines += _wrap(example.intro, "   ")
    for step in example.steps:
        text = step.text
        if step.cards:
            text += f" [{card_names(spec, step.cards)}]"
        marker = "   » " if step.automatic else "   - "
        lines += _wrap(text, marker, "     ")
        for figure in step.figures:
            if isinstance(figure, MapFigure | RowFigure):
                lines += [
                    "     " + line for line in describe_figure(figure, _names(spec, figure), words)
                ]
    if example.outro:
        lines += _wrap(example.outro, "   ")
    return "\n".join(lines)


def format_examples(spec: GameSpec, chosen: tuple[str, ...], examples: Sequence[Example]) -> str:
    """Every example of a kit, numbered, with a header naming the game and variants."""
    variants = ", ".join(chosen) if chosen else "none"
    header = f"{spec.id}: {len(examples)} rulebook examples (variants: {variants})"
    body = [format_example(spec, i, e) for i, e in enumerate(examples, start=1)]
    return "\n\n".join([header, *body]) + "\n"


def _name_of(spec: GameSpec, picture: CardPicture) -> str:
    component = spec.component(picture.component)
    return component.name_of(component.row(picture.row))
