"""The order list of a print service's export (``bestellen.txt``): per deck its size, and
which file holds which card and how many of it to order; what was left out and what
lies outside the service's safe area. Its Dutch sentences are data
(``[checklist]`` in ``cardspecs/common/printers.toml``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.export.services import Checklist, Product, Service
from pnp.layout.model import Element
from pnp.layout.template import fill_template
from pnp.paths import display_path
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


def dutch_number(value: float) -> str:
    """A length as a Dutch reader writes it: 63,5 and 3,175."""
    return f"{value:g}".replace(".", ",")


def order_list(
    checklist: Checklist,
    service: Service,
    game: str,
    decks: Sequence[tuple[Component, Product, Sequence[Listed]]],
    left_out: Sequence[Component],
    outside: Sequence[Outside],
) -> str:
    """The text of the order list."""
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
                width=dutch_number(product.width),
                height=dutch_number(product.height),
                bleed=dutch_number(product.bleed),
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
                width=dutch_number(size.width),
                height=dutch_number(size.height),
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
                distance=dutch_number(round(found.distance, 2)),
                safe=dutch_number(found.safe),
            )
        )
    if left_out or outside:
        lines.append("")
    lines.append(say("sources", sources=", ".join(service.sources), read=service.read))
    return "\n".join(lines) + "\n"
