"""``pnp list``: the games, their variants and their components, read from the spec tables.

It reads the spec tables only: no engine, layout or art is imported to list the games.
"""

from __future__ import annotations

from pnp.base.errors import PnpError
from pnp.catalog import registry
from pnp.catalog.locate import data_roots, game_ids, load_spec


def describe_games() -> str:
    """A plain-text overview of every registered game."""
    data_roots()  # no game data at all is one error, not one problem per game
    lines: list[str] = []
    with_engine = set(registry.game_ids())
    for game_id in game_ids():
        try:
            spec = load_spec(game_id)
        except PnpError as exc:
            lines.append(
                f"{game_id}: spec tables have {len(exc.problems)} problem(s); run 'pnp check {game_id}'"
            )
            continue
        low, high = spec.players
        data_only = "" if game_id in with_engine else "  [no engine]"
        lines.append(
            f"{spec.id} — {spec.name} ({low}–{high} players, ±{spec.minutes} min){data_only}"
        )
        width = max([14, *(len(c.id) for c in spec.components), *(len(v) for v in spec.variants)])
        lines.append("  components:")
        for comp in spec.components:
            only = f"  [only with {', '.join(comp.variants)}]" if comp.variants else ""
            lines.append(
                f"    {comp.id:<{width}} {comp.card_count:>3} × {comp.size.name} "
                f"{comp.size.width:g}×{comp.size.height:g} mm  {comp.name}{only}"
            )
        lines.append("  variants:" if spec.variants else "  variants: none")
        for variant in spec.variants.values():
            lines.append(f"    {variant.id:<{width}} {variant.name}: {variant.summary}")
        if spec.scoresheet is not None:
            sheet = spec.scoresheet
            lines.append(
                f"  score sheet: {sheet.file}.pdf, {sheet.rows} rounds × {sheet.players} players, "
                f"{sheet.per_page} per page"
            )
    return "\n".join(lines)
