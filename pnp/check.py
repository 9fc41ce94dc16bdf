"""``pnp check``: validate a game's tables, layouts and deck without writing anything."""

from __future__ import annotations

import io

from pnp.build import card_jobs, score_sheet_pdf
from pnp.errors import PnpError, Problem
from pnp.layout.model import element_fields
from pnp.layout.render import FaceRenderer, FormCache
from pnp.project import load_game, rule_fields, variant_flag
from pnp.registry import plugin
from pnp.rulebook.compose import prepare_rulebook
from pnp.sheets.pdf import new_canvas
from pnp.sheets.sizes import PAPERS
from pnp.variants import resolve_variants

BUILTIN_FIELDS = {"game", "tagline", "component", "count"}


def check_game(game_id: str) -> str:
    """Check everything a build would use; raise :class:`PnpError` listing every problem."""
    data = load_game(game_id)
    spec = data.spec
    problems: list[Problem] = []
    for vid in spec.variants:
        try:
            resolve_variants(spec, [vid])
        except PnpError as exc:
            problems += exc.problems
    for comp in spec.components:
        for name in (comp.layout, comp.back):
            if not name:
                continue
            try:
                layout = data.layouts.load(name, comp.size)
            except PnpError as exc:
                problems += exc.problems
                continue
            flags = {variant_flag(v) for v in data.spec.variants}
            flags |= set(rule_fields(data.spec.rules))
            known = (set(comp.rows[0].fields) if comp.rows else set()) | BUILTIN_FIELDS | flags
            for element in layout.elements:
                for field in sorted(element_fields(element) - known):
                    problems.append(
                        Problem(
                            element.source.path,
                            element.source.line,
                            None,
                            f"element '{element.name}': unknown field {{{field}}} "
                            f"(table {comp.table.name} has: {', '.join(sorted(known))})",
                        )
                    )
    if problems:
        raise PnpError(problems)
    drawings = 0
    kits: list[tuple[str, ...]] = [()]
    for vid in spec.variants:
        try:
            kits.append(resolve_variants(spec, [vid]))
        except PnpError:
            continue  # reported above
    for chosen in kits:
        # Render every distinct face once per variant (layouts may test variant flags),
        # so text that does not fit is found here too.
        canvas = new_canvas(io.BytesIO(), 100, 100, "check", "check")
        renderer = FaceRenderer(FormCache(canvas), data.art)
        for job in card_jobs(data, spec.components, chosen):
            try:
                renderer.face(job.face_key, job.face, job.row, job.context)
                if job.back and job.back_key:
                    renderer.face(job.back_key, job.back, job.row, job.context)
            except PnpError as exc:
                problems += exc.problems
        drawings = max(drawings, len(renderer.forms.defined))
        try:
            if spec.scoresheet is not None:
                for paper in PAPERS:
                    score_sheet_pdf(data, chosen, paper)
        except PnpError as exc:
            problems += [p for p in exc.problems if p not in problems]
        try:
            prepare_rulebook(data, chosen, {"paper": "a4", "backs": "long-edge"})
        except PnpError as exc:
            problems += [p for p in exc.problems if p not in problems]
    deck_check = plugin(game_id).validate_deck
    if deck_check is not None:
        for variants in [(), *((v,) for v in spec.variants)]:
            for message in deck_check(spec, variants):
                problems.append(Problem(spec.folder / "game.toml", None, None, message))
    if problems:
        raise PnpError(problems)
    cards = sum(c.card_count for c in spec.components)
    return (
        f"{spec.id}: OK — {len(spec.components)} components, {cards} cards, "
        f"{len(spec.variants)} variants, {drawings} distinct drawings"
    )
