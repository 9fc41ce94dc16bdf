"""The order list of a print service's export (``bestellen.txt``): per deck its size, and
which file holds which card and how many of it to order; what was left out and what
lies outside the service's safe area. Its Dutch sentences are data
(``[checklist]`` in ``cardspecs/common/printers.toml``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.base.paths import display_path
from pnp.export.services import Checklist, Product, Service
from pnp.language import Language
from pnp.language.template import fill_template
from pnp.layout.model import Element
from pnp.spec.model import Component


@dataclass(frozen=True)
class Listed:
    """One file of a deck in the order list: ``kind`` is front, back, pdf (a PDF of the
    distinct faces) or deck_pdf (the whole deck)."""

    file: str
    kind: str
    count: int = 0
    card: str = ""


@dataclass(frozen=True)
class Outside:
    """An element holding text or a vital icon closer to the trim than the safe area."""

    element: Element
    distance: float
    """mm from its nearest trim edge."""
    safe: float


def order_list(
    checklist: Checklist,
    service: Service,
    game: str,
    decks: Sequence[tuple[Component, Product, Sequence[Listed]]],
    left_out: Sequence[Component],
    outside: Sequence[Outside],
    words: Language,
) -> str:
    """The text of the order list, its numbers written as ``words``' readers write them."""
    sentences = checklist.lines

    def say(key: str, **values: object) -> str:
        return fill_template(sentences[key], values)

    lines = [say("title", game=game, service=service.name), ""]
    for component, product, files in decks:
        cards = sum(f.count for f in files if f.kind == "front")
        faces = sum(1 for f in files if f.kind == "front")
        lines.append(say("deck", name=component.name, faces=faces, cards=cards))
        lines.append(
            say(
                "card",
                width=words.decimal(product.width),
                height=words.decimal(product.height),
                bleed=words.decimal(product.bleed),
                pixels=f"{product.pixels[0]} × {product.pixels[1]}",
                dpi=product.dpi,
            )
        )
        for listed in files:
            values = {"file": listed.file, "count": listed.count, "card": listed.card}
            values["cards"] = cards
            lines.append("  " + say(listed.kind, **values))
        lines.append("")
    for component in left_out:
        size = component.size
        lines.append(
            say(
                "left_out",
                name=component.name,
                width=words.decimal(size.width),
                height=words.decimal(size.height),
                service=service.name,
            )
        )
    for found in outside:
        source = found.element.source
        lines.append(
            say(
                "warning",
                layout=f"{display_path(source.path)}:{source.line}",
                element=found.element.name,
                distance=words.decimal(round(found.distance, 2)),
                safe=words.decimal(found.safe),
            )
        )
    if left_out or outside:
        lines.append("")
    lines.append(say("sources", sources=", ".join(service.sources), read=service.read))
    return "\n".join(lines) + "\n"
