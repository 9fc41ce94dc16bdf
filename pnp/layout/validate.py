"""The layouts a game's components print, checked against their tables before anything is drawn.

``pnp check`` and ``pnp build`` both run :func:`layout_problems`, so a layout one of them
refuses the other refuses too: a layout that cannot load, an element naming a field its
table does not have (a ``when`` too), and a layout that draws nothing at all (no element, no background, no words flowing
onto it).
"""

from __future__ import annotations

from pnp.base.errors import PnpError, Problem
from pnp.layout.game_data import GameData, rule_fields, variant_flag
from pnp.layout.model import element_fields

BUILTIN_FIELDS = frozenset({"game", "tagline", "component", "count"})
"""Fields every layout may read besides its table's columns."""


def layout_problems(data: GameData) -> list[Problem]:
    """Every problem of the layouts the components name, each located at its layout line."""
    spec = data.spec
    found: list[Problem] = []
    flags = {variant_flag(v) for v in spec.variants} | set(rule_fields(spec.rules))
    for comp in spec.components:
        known = (set(comp.rows[0].fields) if comp.rows else set()) | BUILTIN_FIELDS | flags
        flows = False  # the face's words flow over the back too (a player aid): never blank
        for name in (comp.layout, comp.back, comp.board_layout):
            if not name:
                continue
            try:
                layout = data.layouts.load(name, comp.size)
            except PnpError as exc:
                found += [p for p in exc.problems if p not in found]
                continue
            flows = flows or (name == comp.layout and layout.flow is not None)
            if not (layout.elements or layout.background or layout.flow or flows):
                # An empty file (or one of comments only): every piece would print blank.
                problem = Problem(
                    layout.source.path,
                    layout.source.line,
                    None,
                    f"layout '{name}' has no elements: every piece of [components.{comp.id}] "
                    "would print blank",
                )
                if problem not in found:
                    found.append(problem)
            for element in layout.elements:
                for field in sorted(element_fields(element) - known):
                    found.append(
                        Problem(
                            element.source.path,
                            element.source.line,
                            None,
                            f"element '{element.name}': unknown field {{{field}}} "
                            f"(table {comp.table.name} has: {', '.join(sorted(known))})",
                        )
                    )
    return found


def check_layouts(data: GameData) -> None:
    """Raise a :class:`PnpError` listing every problem :func:`layout_problems` finds."""
    problems = layout_problems(data)
    if problems:
        raise PnpError(problems)
