"""``pnp check``: validate a game's tables, layouts, deck and rulebook without writing anything."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError, Problem
from pnp.base.ink import Ink
from pnp.catalog.project import engine_game, load_game
from pnp.kit.build import score_sheet_pdf
from pnp.kit.examples import game_parts
from pnp.layout.game_data import GameData
from pnp.layout.render import FaceRenderer, FormCache
from pnp.layout.validate import layout_problems
from pnp.rulebook.compose import prepare_rulebook
from pnp.sheets.board import render_board
from pnp.sheets.card_jobs import card_jobs
from pnp.sheets.imposition import plan_sheet
from pnp.sheets.pdf import new_canvas
from pnp.spec.sizes import PAPERS
from pnp.spec.variants import resolve_variants


class _Problems:
    """Every problem of a check, each reported once however many kits run into it."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, problems: tuple[Problem, ...] | list[Problem]) -> None:
        self.found += [p for p in problems if p not in self.found]

    def run(self, action: Callable[[], object]) -> None:
        try:
            action()
        except PnpError as exc:
            self.add(exc.problems)

    def raise_if_any(self) -> None:
        if self.found:
            raise PnpError(self.found)


def check_game(game_id: str) -> str:
    """Check everything a build would use; raise :class:`PnpError` listing every problem."""
    data = load_game(game_id)
    the_game = engine_game(game_id)
    spec = data.spec
    problems = _Problems()
    kits: list[tuple[str, ...]] = [()]
    for vid in spec.variants:
        try:
            kits.append(resolve_variants(spec, [vid]))
        except PnpError as exc:
            problems.add(exc.problems)
    problems.add(layout_problems(data))
    problems.add(_sizes_fit(data))
    problems.raise_if_any()
    if the_game is not None and the_game.board is not None:
        # The map sheet (--map-sheet) draws tiles with layouts of its own; drawing it is
        # quick, so its mistakes are found before every face is drawn.
        for chosen in kits:
            board = the_game.board(spec, chosen, 0)
            problems.run(partial(render_board, board, data, chosen, PAPERS["a4"]))
        problems.raise_if_any()
    drawings = 0
    for chosen in kits:
        drawings = max(drawings, _render_faces(data, chosen, problems))
        if spec.scoresheet is not None:
            for paper in PAPERS:
                problems.run(partial(score_sheet_pdf, data, chosen, paper))
        deck = the_game.deck_problems(spec, chosen) if the_game is not None else []
        problems.add(deck)
        if not deck:  # the rulebook's examples replay on the deck: a broken one breaks them all
            problems.run(partial(_prepare_rulebook, data, chosen))
    problems.raise_if_any()
    cards = sum(c.card_count for c in spec.components)
    counts = (
        _counted(len(spec.components), "component"),
        _counted(cards, "card"),
        _counted(len(spec.variants), "variant"),
        _counted(drawings, "distinct drawing"),
    )
    return f"{spec.id}: OK — {', '.join(counts)}"


def _counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless there is one ("1 card", "0 cards")."""
    return f"{number:,} {noun}" if number == 1 else f"{number:,} {noun}s"


def _prepare_rulebook(data: GameData, chosen: tuple[str, ...]) -> object:
    """The rulebook of a kit up to its layout (every template and example problem)."""
    printing = {"paper": "a4", "backs": "long-edge"}
    return prepare_rulebook(data, chosen, game_parts(data.spec, chosen), printing)


def _sizes_fit(data: GameData) -> list[Problem]:
    """Pieces too large for a sheet of either paper (a build on that paper would refuse them)."""
    found: list[Problem] = []
    for comp in data.spec.components:
        for paper in PAPERS.values():
            try:
                plan_sheet(paper, comp.size, BackMode.LONG_EDGE)
            except PnpError as exc:
                ref = comp.source_of("size")
                path, line = (ref.path, ref.line) if ref else (data.spec.folder / "game.toml", None)
                found += [Problem(path, line, None, p.message) for p in exc.problems]
                break
    return found


def _render_faces(data: GameData, chosen: tuple[str, ...], problems: _Problems) -> int:
    """Draw every distinct face and back of a kit once (layouts may test variant flags),
    so text that does not fit is found here too; return how many drawings there were."""
    drawings = 0
    # Both editions: elements only the low-ink edition draws are checked too.
    for ink in Ink:
        canvas = new_canvas(io.BytesIO(), 100, 100, "check", "check")
        renderer = FaceRenderer(FormCache(canvas), data.art)
        for job in card_jobs(replace(data, ink=ink), data.spec.components, chosen):
            try:
                renderer.face(job.face_key, job.face, job.row, job.context)
                if job.back and job.back_key:
                    renderer.face(job.back_key, job.back, job.row, job.context)
            except PnpError as exc:
                problems.add(exc.problems)
        if ink is Ink.NORMAL:
            drawings = len(renderer.forms.defined)
    return drawings
