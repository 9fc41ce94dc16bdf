"""The studio's proofreading pages: an example of a kit stepped through move by move, and
the kit's printing advice.

For each move of the record an example was told from, the page shows the table after it
(drawn as the book draws its figures), who made it and what the engine's log says it
caused, the sentences it produced with their claims checked again, and what the kit's
book says of each rule the example shows. Everything comes from the library API
(:meth:`pnp.api.kit_reader`); a kit's reader is made once per kit and again when the kit
is made again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response

from pnp import api
from pnp.base.errors import PnpError
from pnp.studio.files import screen_picture
from pnp.studio.jobs import Jobs
from pnp.studio.request import KitRequest, read_request, values_of


class Pages(Protocol):
    """How the studio makes its pages (its templates, its refusals)."""

    def render(self, template: str, /, status: int = 200, **context: Any) -> HTMLResponse:
        """A page from ``template``."""

    def refused(self, exc: PnpError, status: int = 400) -> HTMLResponse:
        """A one-line refusal."""


KEPT_READERS = 16
"""Kits whose examples and pictures are kept (a proofreader reads a few at a time)."""
KEPT_TABLES = 512
"""Pictures of tables kept."""


class Proofreading:
    """The kits' readers (examples move by move, rule texts, printing advice) and the
    pictures of their tables, kept while asked for."""

    def __init__(self, root: Path, jobs: Jobs, pages: Pages) -> None:
        self.root = root
        self.jobs = jobs
        self.pages = pages
        self._readers: OrderedDict[tuple[str, int], api.KitReader] = OrderedDict()
        self._tables: OrderedDict[tuple[str, int, str, int], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def reader(self, asked: KitRequest) -> tuple[api.KitReader, int]:
        """The reader of a kit and the kit's generation (a kit made again gets a new one)."""
        job = self.jobs.get(asked.key)
        generation = job.generation if job is not None else 0
        key = (asked.key, generation)
        with self._lock:
            found = self._readers.get(key)
            if found is not None:
                self._readers.move_to_end(key)
                return found, generation
        made = api.kit_reader(asked.game, asked.variants, asked.options(self.root))
        with self._lock:
            self._readers[key] = made
            while len(self._readers) > KEPT_READERS:
                self._readers.popitem(last=False)
        return made, generation

    def _asked(self, request: Request) -> KitRequest:
        game = request.path_params["game"]
        return read_request(game, values_of(request.query_params.multi_items()))

    async def walk(self, request: Request) -> Response:
        """An example move by move; ``?move=N`` (0: the table before the first move)."""
        try:
            asked = self._asked(request)
            summary = api.describe(asked.game)
            reader, generation = self.reader(asked)
            walk = reader.walkthrough(request.path_params["example"])
            statements = reader.rule_statements()
        except PnpError as exc:
            return self.pages.refused(exc, 404 if "has no example" in str(exc) else 400)
        try:
            number = min(max(int(request.query_params.get("move", "0")), 0), len(walk.moves))
        except ValueError:
            return PlainTextResponse("error: move must be a whole number", status_code=400)
        move = walk.move(number) if number else None
        context: dict[str, Any] = {
            "game": summary,
            "asked": asked,
            "walk": walk,
            "number": number,
            "move": move,
            "current": set(move.sentences) if move else set(),
            "drawn": bool(move.table if move else walk.start),
            "rules": {rule: statements.get(rule, ()) for rule in walk.example.rules},
            "generation": generation,
            "url": f"/games/{asked.game}/examples/{walk.example.id}",
        }
        template = "_move.html" if request.headers.get("hx-request") else "walk.html"
        return self.pages.render(template, **context)

    async def table(self, request: Request) -> Response:
        """The picture of the table after a move of an example."""
        example, number = request.path_params["example"], request.path_params["move"]
        try:
            asked = self._asked(request)
            reader, generation = self.reader(asked)
            key = (asked.key, generation, example, number)
            with self._lock:
                png = self._tables.get(key)
            if png is None:
                png = screen_picture(reader.table_pdf(example, number))
                with self._lock:
                    self._tables[key] = png
                    while len(self._tables) > KEPT_TABLES:
                        self._tables.popitem(last=False)
        except (PnpError, IndexError):
            return PlainTextResponse("not found", status_code=404)
        return Response(png, media_type="image/png")

    async def printing(self, request: Request) -> Response:
        """The book's printing advice for the kit, in the words the book prints."""
        try:
            reader, _ = self.reader(self._asked(request))
            advice = reader.printing_advice()
        except PnpError as exc:
            return self.pages.render("_saved.html", 400, lines=[str(p) for p in exc.problems])
        return self.pages.render("_printing.html", advice=advice)
