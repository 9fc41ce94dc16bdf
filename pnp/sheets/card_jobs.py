"""The physical cards of a kit: one :class:`CardJob` per printed copy of every card row.

Kept apart from :mod:`pnp.kit.build` so that drawing a deck (``pnp check``, the benchmark)
does not load the rulebook.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.layout.game_data import GameData
from pnp.sheets.cards import CardJob
from pnp.spec.model import Component


def card_jobs(
    data: GameData, components: Sequence[Component], chosen: tuple[str, ...] = ()
) -> list[CardJob]:
    """Every physical card of the kit, in table order, with its face and back layouts."""
    jobs: list[CardJob] = []
    for comp in components:
        face = data.layouts.load(comp.layout, comp.size)
        back = data.layouts.load(comp.back, comp.size) if comp.back else None
        ctx = data.face_context(comp, chosen)
        for table_row in comp.rows:
            for row, card_face, card_back in data.card_faces(table_row, face, back, ctx):
                back_key = data.back_key(comp, row, card_back, ctx) if card_back else None
                for copy in range(1, row.count + 1):
                    jobs.append(
                        CardJob(
                            component=comp.id,
                            row=row,
                            copy=copy,
                            face_key=data.face_key(comp, row),
                            face=card_face,
                            back_key=back_key,
                            back=card_back,
                            context=ctx,
                            size=comp.size,
                            two_sided=comp.two_sided,
                        )
                    )
    return jobs
