"""Kits being made while the pages wait: one background job per kit, with its progress.

A job builds the kit (or finds it up to date) and then its preview pictures, through the
library API. A second page asking for a kit that is being made joins the same job; two
builds of one kit folder would wait on its lock anyway. Stopping the server while a job
runs leaves the kit folder as the build's atomic commit leaves it: the earlier kit or the
new one, whole.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

from pnp import api
from pnp.base.errors import PnpError
from pnp.studio.request import KitRequest


@dataclass
class Job:
    """One kit being made: what is happening now, and how it ended."""

    request: KitRequest
    task: str = "starting"
    done: int = 0
    total: int = 0
    finished: bool = False
    error: str = ""
    """One line per problem, when the build refused the kit."""
    folder: Path | None = None
    """The kit's folder once it is made."""
    generation: int = 0
    """How many times the kit was made again since a file it is made from changed."""
    stale: str = ""
    """Why the last remaking failed (one line per problem); the kit before it stands."""
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def progress(self, task: str, done: int, total: int) -> None:
        """The API's progress callback: remember the latest step."""
        with self.lock:
            self.task, self.done, self.total = task, done, total

    @property
    def percent(self) -> int:
        """How far the current step is, 0 to 100."""
        return 100 if self.finished else int(100 * self.done / self.total) if self.total else 0


class Jobs:
    """The kits this server made or is making, by their key."""

    def __init__(self, root: Path, watch: bool = False) -> None:
        self.root = root
        """The studio's output folder: each kit in ``root/<key>/<game>/``."""
        self.watch = watch
        """Make the kits again when a file they are made from changes."""
        self.stop = threading.Event()
        self._jobs: dict[str, Job] = {}
        self._watched: set[str] = set()
        self._lock = threading.Lock()

    def get(self, key: str) -> Job | None:
        """The job of kit ``key``, if this server started one."""
        with self._lock:
            return self._jobs.get(key)

    def start(self, request: KitRequest) -> Job:
        """Make the kit in the background, unless it is being made already (then that job)."""
        with self._lock:
            job = self._jobs.get(request.key)
            if job is not None and not (job.finished and job.error):
                return job
            job = Job(request)
            self._jobs[request.key] = job
        threading.Thread(target=self._run, args=(job,), daemon=True).start()
        return job

    def _run(self, job: Job) -> None:
        request = job.request
        try:
            options = request.options(self.root)
            choice = api.KitChoice(request.variants, options, existing=False)
            api.preview(request.game, choice, job.progress)
            job.folder = options.out_dir / request.game
        except PnpError as exc:
            job.error = "\n".join(str(problem) for problem in exc.problems)
        except Exception as exc:  # a bug must end the job, not leave the page waiting
            job.error = f"internal error: {exc.__class__.__name__}: {exc}"
        finally:
            job.finished = True
        if self.watch and not job.error:
            self._watch(request.game)

    def _watch(self, game: str) -> None:
        """Follow the files of ``game``'s kits, once per game."""
        with self._lock:
            if game in self._watched:
                return
            self._watched.add(game)
        threading.Thread(target=self._follow, args=(game,), daemon=True).start()

    def _follow(self, game: str) -> None:
        for _changed in api.changes(game, self.stop):
            with self._lock:
                made = [j for j in self._jobs.values() if j.request.game == game and j.folder]
            for job in made:
                self._remake(job)

    def _remake(self, job: Job) -> None:
        """Make a kit again after a change; a broken file leaves the kit before standing."""
        request = job.request
        try:
            options = request.options(self.root)
            choice = api.KitChoice(request.variants, options, existing=False)
            api.preview(request.game, choice, None)
            job.stale = ""
        except PnpError as exc:
            job.stale = "\n".join(str(problem) for problem in exc.problems)
        except Exception as exc:  # a bug must not end the watching
            job.stale = f"internal error: {exc.__class__.__name__}: {exc}"
        with job.lock:
            job.generation += 1

    def built(self, request: KitRequest) -> Path | None:
        """The kit's folder when the studio made it before and it stands up to date, with
        its preview (then it is served at once, as if just made)."""
        try:
            options = request.options(self.root)
            made = api.up_to_date(request.game, request.variants, options)
        except PnpError:
            return None
        if made is None or not (made.folder / "preview" / "index.json").is_file():
            return None
        with self._lock:
            self._jobs[request.key] = Job(request, "ready", finished=True, folder=made.folder)
        if self.watch:
            self._watch(request.game)
        return made.folder
