"""The studio's web application: pages for families (choose a kit, watch it build, see it,
download it), served on this machine only.

Every page calls the library API (:mod:`pnp.api`), as the command line does; nothing here
decides what a kit holds. The routes:

* ``/`` the games; ``/games/GAME?variant=…&paper=…`` a game's page and its kit;
* ``POST /games/GAME/build`` starts making the kit, ``/jobs/KEY`` tells how far it is;
* ``/games/GAME/examples`` the kit's examples to proofread, ``…/examples/ID?move=N`` one
  stepped through move by move (``…/table/N.png`` the table after a move),
  ``/games/GAME/printing`` the book's printing advice for the kit;
* ``/kits/KEY/GAME/FILE`` a file of a kit the studio made (its PDFs, its preview pictures),
  ``…/pages/FILE/N.png`` a page of a PDF, ``…/read/FILE?page=N`` a page viewer,
  ``…/kit.zip`` the whole kit.

A request whose Host is not the server's own is refused (a page of another site must not
reach this one through a name it points at 127.0.0.1); a value a kit cannot have is status
400 with the command line's one-line message.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from importlib.resources import files
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from pnp import api
from pnp.base.errors import PnpError
from pnp.language import LANGUAGES
from pnp.studio.files import KitFiles, PagePictures
from pnp.studio.jobs import Jobs
from pnp.studio.proofreading import Proofreading
from pnp.studio.request import BACKS, INKS, PAPERS, KitRequest, read_request, values_of

GAMES_FRESH = 1.0
"""Seconds the games' summaries are shown before they are read again."""
MAX_FORM = 16_384
"""The most bytes of a form read (the largest real one is a few hundred)."""
STATIC = {"htmx.min.js": "text/javascript", "studio.css": "text/css"}
"""The only static files, with their types (htmx is vendored: no network, no build step)."""


def make_app(root: Path, hosts: Iterable[str], *, watch: bool = True) -> Starlette:
    """The studio: kits go to ``root/<key>/<game>/``; only requests for ``hosts`` (the
    server's own names, each with and without its port) are answered. With ``watch`` a kit
    is made again when a file it is made from changes, and its page (asking every 150 ms) shows the new one."""
    studio = _Studio(root, frozenset(hosts), watch)
    routes = [
        Route("/", studio.home),
        Route("/static/{name}", studio.static),
        Route("/cover/{game}.svg", studio.cover),
        Route("/games/{game}", studio.game),
        Route("/games/{game}/build", studio.build, methods=["POST"]),
        Route("/games/{game}/examples", studio.examples),
        Route("/games/{game}/examples/{example}", studio.proofreading.walk),
        Route("/games/{game}/examples/{example}/table/{move:int}.png", studio.proofreading.table),
        Route("/games/{game}/printing", studio.proofreading.printing),
        Route("/games/{game}/notes", studio.note, methods=["POST"]),
        Route("/jobs/{key}", studio.job),
        Route("/jobs/{key}/after/{generation:int}", studio.after),
        Route("/kits/{key}/{game}/kit.zip", studio.zipped),
        Route("/kits/{key}/{game}/pages/{name}/{page:int}.png", studio.page),
        Route("/kits/{key}/{game}/read/{name}", studio.reader),
        Route("/kits/{key}/{game}/{name:path}", studio.download),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(_OwnHostOnly, hosts=studio.hosts)])
    app.state.stop = studio.jobs.stop  # set when the server stops: the watching ends
    return app


class _OwnHostOnly:
    """Refuse a request whose Host header is not one of the server's own names: a page of
    another site reaching 127.0.0.1 through a name of its own (DNS rebinding) is not served."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = Headers(scope=scope).get("host", "")
            if host not in self.hosts:
                refused = PlainTextResponse("error: not this server's address", status_code=400)
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)


class _Studio:
    """The studio's state (its kits, the page pictures it made) and its pages."""

    def __init__(self, root: Path, hosts: frozenset[str], watch: bool) -> None:
        self.root = root
        self.hosts = hosts
        self.jobs = Jobs(root, watch)
        self.pictures = PagePictures()
        self.proofreading = Proofreading(root, self.jobs, self)
        self._games: tuple[float, list[api.GameSummary]] | None = None
        self.games()  # read once before the first page is asked for
        self.templates = Environment(
            loader=PackageLoader("pnp.studio", "templates"),
            autoescape=select_autoescape(["html"]),
            trim_blocks=True,
            lstrip_blocks=True,
        )

    def render(self, template: str, /, status: int = 200, **context: Any) -> HTMLResponse:
        """A page from ``template``."""
        return HTMLResponse(self.templates.get_template(template).render(**context), status)

    def refused(self, exc: PnpError, status: int = 400) -> HTMLResponse:
        """A value the page asked with is one no kit can have: its one-line message."""
        lines = [str(problem) for problem in exc.problems]
        return self.render("error.html", status, lines=lines)

    def games(self) -> list[api.GameSummary]:
        """Every game's summary, read again at most once a second (a designer's edit shows
        at the next page; a family's many clicks read the tables once)."""
        now = time.monotonic()
        if self._games is None or now - self._games[0] > GAMES_FRESH:
            self._games = (now, [api.describe(game) for game in api.games()])
        return self._games[1]

    async def home(self, request: Request) -> Response:
        """Every game: its cover, players, time and variants."""
        return self.render("home.html", games=self.games())

    async def static(self, request: Request) -> Response:
        """htmx and the style sheet."""
        name = request.path_params["name"]
        if name not in STATIC:
            return PlainTextResponse("not found", status_code=404)
        data = (files("pnp.studio") / "static" / name).read_bytes()
        return Response(data, media_type=STATIC[name])

    async def cover(self, request: Request) -> Response:
        """A game's cover drawing."""
        try:
            found = api.describe(request.path_params["game"]).cover_art
        except PnpError as exc:
            return self.refused(exc, 404)
        if found is None:
            return PlainTextResponse("no cover", status_code=404)
        return Response(found.read_bytes(), media_type="image/svg+xml")

    async def game(self, request: Request) -> Response:
        """A game's page: the choices of its kit, and the kit when it stands ready."""
        game = request.path_params["game"]
        try:
            summary = api.describe(game)
            asked = read_request(game, values_of(request.query_params.multi_items()))
        except PnpError as exc:
            return self.refused(exc, 404 if not _known(game) else 400)
        job = self.jobs.get(asked.key)
        if job is not None and job.finished and job.folder is not None:
            folder: Path | None = job.folder  # made (or made again) by this server
        elif job is None or job.finished:
            folder = self.jobs.built(asked)  # made before: served at once if up to date
        else:
            folder = None
        return self.render(
            "game.html",
            game=summary,
            asked=asked,
            choices={"paper": PAPERS, "backs": BACKS, "ink": INKS, "lang": LANGUAGES},
            kit=self._kit(asked, folder) if folder is not None else None,
            job=job if job is not None and not job.finished else None,
        )

    async def examples(self, request: Request) -> Response:
        """Proofreading: each example of the kit, sentence by sentence, with the claim the
        engine checked for it, its record, and a note to leave on any sentence."""
        game = request.path_params["game"]
        try:
            summary = api.describe(game)
            asked = read_request(game, values_of(request.query_params.multi_items()))
            told = api.kit_examples(game, asked.variants, asked.lang)
            written = [n for n in api.notes(game) if set(n.variants) >= set(asked.variants)]
        except PnpError as exc:
            return self.refused(exc, 404 if not _known(game) else 400)
        return self.render("examples.html", game=summary, asked=asked, examples=told, notes=written)

    async def note(self, request: Request) -> Response:
        """Save a proofreader's note on a sentence of an example."""
        game = request.path_params["game"]
        body = (await request.body())[:MAX_FORM].decode("utf-8", errors="replace")
        values = values_of(parse_qsl(body, max_num_fields=200))
        try:
            asked = read_request(game, values)
            example = values.get("example", [""])[-1]
            step = int(values.get("step", ["0"])[-1] or 0)
            text = values.get("text", [""])[-1]
            written = api.add_note(game, asked.variants, example, step, text, asked.lang)
        except ValueError:
            return self.render("_saved.html", 400, lines=["step must be a whole number"])
        except PnpError as exc:
            lines = [str(problem) for problem in exc.problems]
            return self.render("_saved.html", 400, lines=lines)
        return self.render("_saved.html", file=written.name)

    async def build(self, request: Request) -> Response:
        """Start making the kit the form asks for; the page then follows its progress."""
        game = request.path_params["game"]
        # A plain form (no files): read without a multipart parser.
        body = (await request.body())[:MAX_FORM].decode("utf-8", errors="replace")
        try:
            asked = read_request(game, values_of(parse_qsl(body, max_num_fields=200)))
        except PnpError as exc:
            return self.refused(exc)
        job = self.jobs.start(asked)
        if request.headers.get("hx-request"):
            return self.render("_progress.html", job=job)
        return RedirectResponse(f"/games/{game}?{asked.query()}", status_code=303)

    async def job(self, request: Request) -> Response:
        """How far a kit is: the progress bar, or the kit once it is made, or why not."""
        job = self.jobs.get(request.path_params["key"])
        if job is None:
            return PlainTextResponse("no such kit", status_code=404)
        if not job.finished:
            return self.render("_progress.html", job=job)
        if job.error:
            return self.render("_failed.html", lines=job.error.splitlines())
        assert job.folder is not None
        return self.render("_kit.html", kit=self._kit(job.request, job.folder))

    async def after(self, request: Request) -> Response:
        """The kit again once it was made again since ``generation`` (a file it is made from
        changed); nothing new yet: no content, and the page keeps what it shows."""
        job = self.jobs.get(request.path_params["key"])
        if job is None or job.folder is None:
            return PlainTextResponse("no such kit", status_code=404)
        if job.generation == request.path_params["generation"]:
            return Response(status_code=204)
        return self.render("_kit.html", kit=self._kit(job.request, job.folder))

    def _kit(self, asked: KitRequest, folder: Path) -> dict[str, Any]:
        made = KitFiles(folder)
        base = f"/kits/{asked.key}/{asked.game}"
        job = self.jobs.get(asked.key)
        return {
            "generation": job.generation if job else 0,
            "stale": job.stale.splitlines() if job else [],
            "watch": self.jobs.watch,
            "request": asked,
            "base": base,
            "pdfs": made.pdfs(),
            "sheets": made.sheets(),
            "hand": made.hand(),
            "rulebook": api.rulebook_files(asked.lang)["screen"],
        }

    def _files(self, request: Request) -> KitFiles | None:
        """The kit a file route names, if the studio made it (else None: not found)."""
        key, game = request.path_params["key"], request.path_params["game"]
        known = self.jobs.get(key)
        if known is None or known.request.game != game or known.folder is None:
            return None
        return KitFiles(known.folder)

    async def download(self, request: Request) -> Response:
        """A file of a kit the studio made: a PDF, or a preview picture."""
        made = self._files(request)
        found = made.file(request.path_params["name"]) if made else None
        if found is None or not found.is_file():
            return PlainTextResponse("not found", status_code=404)
        kind = "application/pdf" if found.suffix == ".pdf" else "image/png"
        disposition = f"inline; filename*=UTF-8''{quote(found.name)}"
        return Response(found.read_bytes(), media_type=kind,
                        headers={"Content-Disposition": disposition})  # fmt: skip

    async def zipped(self, request: Request) -> Response:
        """The whole kit as one zip."""
        made = self._files(request)
        if made is None:
            return PlainTextResponse("not found", status_code=404)
        name = f"{request.path_params['game']}.zip"
        return Response(made.zipped(), media_type="application/zip",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})  # fmt: skip

    async def page(self, request: Request) -> Response:
        """Page N (from 1) of one of the kit's PDFs, as a picture at screen size."""
        made = self._files(request)
        found = made.file(request.path_params["name"]) if made else None
        if found is None or found.suffix != ".pdf":
            return PlainTextResponse("not found", status_code=404)
        png = self.pictures.page(found, request.path_params["page"] - 1)
        if png is None:
            return PlainTextResponse("no such page", status_code=404)
        return Response(png, media_type="image/png")

    async def reader(self, request: Request) -> Response:
        """One page of a PDF with the way to the next and the one before."""
        made = self._files(request)
        name = request.path_params["name"]
        found = made.file(name) if made else None
        if found is None or found.suffix != ".pdf":
            return PlainTextResponse("not found", status_code=404)
        pages = self.pictures.count(found)
        try:
            page = min(max(int(request.query_params.get("page", "1")), 1), pages)
        except ValueError:
            return PlainTextResponse("error: page must be a whole number", status_code=400)
        base = f"/kits/{request.path_params['key']}/{request.path_params['game']}"
        context = {"base": base, "name": name, "page": page, "pages": pages}
        template = "_page.html" if request.headers.get("hx-request") else "reader.html"
        return self.render(template, **context)


def _known(game: str) -> bool:
    try:
        return game in api.games()
    except PnpError:
        return False
