"""Shared fixtures: real kit builds, made once per distinct game, variants and options in a test
run and read back from their files; a writable copy of the project's data.

The session's ``kit`` fixture builds a kit the first time a test asks for it and hands the same
:class:`BuiltKit` to every later test with the same game, resolved variants and print options.
Parallel workers share the kits too: the first worker that asks for a kit builds it into a folder
of the run, under a lock, and the others wait for it and read it from there. A test that mutates
the output or the data, or that tests rebuilding itself, calls :func:`pnp.kit.build.build` on its own.
The terminal summary reports how many real builds the run made and how many requests the shared
kits answered.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import hashlib
import json
import os
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: workers may build the same kit twice; the first one is kept
    fcntl = None  # type: ignore[assignment]

import pytest
from _pytest.terminal import TerminalReporter
from pypdf import PdfReader

import pnp.kit.build
from pnp.base.back_mode import BackMode
from pnp.base.paths import ROOT_ENV, project_root
from pnp.catalog.project import load_game
from pnp.draw.art_cache import CACHE_ENV
from pnp.kit.build import BuildOptions, build
from pnp.spec.variants import resolve_variants
from tests.fifth_game import fifth_game_installed, names_fifth
from tests.pdftext import page_texts

RULEBOOK_KITS: list[tuple[str, tuple[str, ...]]] = [
    ("sinterklaas", ()),
    ("sinterklaas", ("speculaas", "pietje-precies")),
    ("stoomboot", ()),
    ("stoomboot", ("krappe-kalender", "prachtige-pakjes", "pepernoot-plekken", "rebelse-pietjes")),
    ("twaalf-dagen", ()),
    ("twaalf-dagen", ("kort",)),
    ("santoska", ()),
    ("santoska", ("rijen-4",)),
]
"""Each game's base kit and one kit with variants: the rulebook tests read these (the session
builds each once)."""

PROOF_KITS: list[tuple[str, tuple[str, ...], dict[str, Any]]] = [
    *((game, variants, {}) for game, variants in RULEBOOK_KITS),
    ("stoomboot", (), {"map_sheet": True}),
    ("twaalf-dagen", (), {"paper": "letter"}),
    ("sinterklaas", ("speculaas", "surprises"), {}),
    ("sinterklaas", ("wie-kent-hem-niet",), {}),
    (
        "sinterklaas",
        ("meer-pakjes", "surprises", "speculaas", "actiepiet", "pietje-precies", "eerste-stopper"),
        {},
    ),
]
"""Every kit a test reads the proofreading edition of (it asks for ``proof=True``): the session
builds these with the edition, and a test that leaves ``proof`` unset gets that one build too.
Every other shared kit is built without it (the edition is a large part of a build's time)."""

RULE_ID = re.compile(r"\b(?:SK|ST|TD|SA)-[A-Z]\d+\b")
"""A rule ID of the rule checklist, as the proofreading edition prints it."""

# A test process keeps large caches alive (kits, parsed PDFs and their pages). With the default
# thresholds the cyclic garbage collector walks all of them again every few thousand
# allocations: full collections took about a sixth of the time of the read-back tests. Young
# objects are collected after 10,000 allocations instead of 700 (the same tests; peak memory
# measured the same).
gc.set_threshold(10_000, 10, 10)

_BUILDS = {"real": 0, "hits": 0}
"""Kit builds of this test process: ``real`` (each build that wrote a kit, cached or not) and
``hits`` (requests the shared kits answered without building)."""

_REAL_ROOT = os.environ.get(ROOT_ENV)
"""``PNP_ROOT`` as the run started: shared kits are always built from the real data."""


def _count_real_builds() -> None:
    """Count every build that writes a kit, whichever test or import path called it."""
    # Wrap what the build calls now: a second import of this module (as tests.conftest)
    # wraps the first wrapper, so both counters see every build.
    commit: Callable[..., list[Path]] = vars(pnp.kit.build)["commit_kit"]

    def counted(folder: Path, files: dict[str, bytes], **more: Any) -> list[Path]:
        written = commit(folder, files, **more)
        _BUILDS["real"] += 1
        return written

    vars(pnp.kit.build)["commit_kit"] = counted


_count_real_builds()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A parallel worker hands its counts to the controller (see ``pytest_testnodedown``)."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["kit_builds"] = dict(_BUILDS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """Add a finished parallel worker's kit builds to the run's counts."""
    counts = getattr(node, "workeroutput", {}).get("kit_builds", {})
    for name, value in counts.items():
        _BUILDS[name] += value


def pytest_terminal_summary(terminalreporter: TerminalReporter) -> None:
    """``kit builds: N (M cache hits)`` at the end of the run (every worker's builds)."""
    if _BUILDS["real"] or _BUILDS["hits"]:
        terminalreporter.write_line(f"kit builds: {_BUILDS['real']} ({_BUILDS['hits']} cache hits)")


@dataclass
class BuiltKit:
    """One real kit: its folder, files by name, manifest, and its PDFs read back (each PDF is
    parsed and its text extracted once, then shared)."""

    game: str
    variants: tuple[str, ...]
    options: BuildOptions
    folder: Path
    files: dict[str, Path]
    manifest: dict[str, Any]
    _readers: dict[str, PdfReader] = field(default_factory=dict, repr=False)
    _texts: dict[str, list[str]] = field(default_factory=dict, repr=False)

    def path(self, name: str) -> Path:
        """The file ``name`` of the kit (``KeyError`` if the kit has none)."""
        return self.files[name]

    def reader(self, name: str) -> PdfReader:
        """The PDF ``name`` of the kit, parsed."""
        if name not in self._readers:
            self._readers[name] = PdfReader(self.path(name))
        return self._readers[name]

    def page_texts(self, name: str) -> list[str]:
        """The extracted text of each page of the PDF ``name``, whitespace collapsed."""
        if name not in self._texts:
            self._texts[name] = page_texts(self.reader(name))
        return self._texts[name]

    def text(self, name: str) -> str:
        """The extracted text of the whole PDF ``name``, whitespace collapsed."""
        return " ".join(self.page_texts(name))

    def placements(self, file: str) -> list[dict[str, Any]]:
        """The manifest's placements on the PDF ``file``."""
        return [p for p in self.manifest["placements"] if p["file"] == file]

    def component_pages(self, component: str, back: bool = False) -> tuple[str, list[int]]:
        """The PDF holding ``component`` and its (0-based) front pages, or back pages."""
        placed = [p for p in self.manifest["placements"] if p["component"] == component]
        assert placed, f"{self.game} places no {component}"
        key = "back_page" if back else "page"
        return placed[0]["file"], sorted({p[key] - 1 for p in placed if p[key] is not None})

    def component_text(self, component: str, back: bool = False) -> str:
        """The text of the pages holding ``component``'s fronts (or backs), whitespace collapsed."""
        file, pages = self.component_pages(component, back)
        texts = self.page_texts(file)
        return " ".join(texts[page] for page in pages)


KitMaker = Callable[..., BuiltKit]
"""``kit(game, variants=(), **options)``: the shared real kit (options as ``BuildOptions``)."""


@contextmanager
def _real_data() -> Iterator[None]:
    """Build from the project's own data even inside a test that points PNP_ROOT elsewhere."""
    current = os.environ.get(ROOT_ENV)
    if _REAL_ROOT is None:
        os.environ.pop(ROOT_ENV, None)
    else:
        os.environ[ROOT_ENV] = _REAL_ROOT
    try:
        yield
    finally:
        if current is None:
            os.environ.pop(ROOT_ENV, None)
        else:
            os.environ[ROOT_ENV] = current


def _run_folder(tmp_path_factory: pytest.TempPathFactory, name: str = "shared-kits") -> Path:
    """The folder ``name`` that every process of this test run sees, and no other run."""
    base = tmp_path_factory.getbasetemp()
    # A parallel worker's temporary folder lies inside the run's (``…/pytest-N/popen-gw0``).
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = shared / name
    folder.mkdir(exist_ok=True)
    return folder


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the file ``path`` (released if the process dies)."""
    with open(path, "a") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def _shared_build(
    folder: Path, game: str, variants: tuple[str, ...], options: BuildOptions
) -> tuple[Path, list[str]]:
    """The kit's folder and file names in ``folder``, built there by the first process to ask."""
    digest = hashlib.sha256(repr((game, variants, options)).encode()).hexdigest()[:16]
    entry = folder / digest
    with _locked(folder / f"{digest}.lock"):
        if (entry / "files.json").is_file():
            _BUILDS["hits"] += 1
        else:
            staging = folder / f"{digest}.{os.getpid()}"
            result = build(game, variants, dataclasses.replace(options, out_dir=staging))
            names = [p.name for p in result.files]
            (staging / "files.json").write_text(json.dumps([game, names]), encoding="utf-8")
            with contextlib.suppress(OSError):  # without a lock another process may have won
                staging.rename(entry)
    _, names = json.loads((entry / "files.json").read_text(encoding="utf-8"))
    return entry / game, names


@pytest.fixture(scope="session", autouse=True)
def _art_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Converted art goes to a folder of the test run, never the user's cache (the CLI's
    subprocesses inherit it). The parallel workers share it: each SVG is converted once in the
    run (entries are renamed into place whole, so a worker reads a whole entry or none)."""
    before = os.environ.get(CACHE_ENV)
    os.environ[CACHE_ENV] = str(_run_folder(tmp_path_factory, "art-cache"))
    yield
    if before is None:
        del os.environ[CACHE_ENV]
    else:
        os.environ[CACHE_ENV] = before


@pytest.fixture(scope="session")
def kit(tmp_path_factory: pytest.TempPathFactory) -> KitMaker:
    """Build a real kit once per distinct (game, resolved variants, options) and share it, with
    the other parallel workers of the run too.

    A test that reads ``spelregels-proef.pdf`` asks for ``proof=True``, and its kit must be one
    of :data:`PROOF_KITS`. A kit of that list holds the edition unless the test asks for
    ``proof=False``; every other kit is built without it.

    The kit's files must not be changed by the tests that share it.
    """
    cache: dict[tuple[str, tuple[str, ...], BuildOptions], BuiltKit] = {}
    resolved: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}
    shared = _run_folder(tmp_path_factory)

    def key_of(
        game: str, variants: tuple[str, ...], options: dict[str, Any]
    ) -> tuple[str, tuple[str, ...], BuildOptions]:
        options = dict(options)
        if options.get("map_sheet") and options.get("seed") is None:
            # The build draws the map of seed 0 when none is given (the manifest says 0 too):
            # one kit for both requests.
            options["seed"] = 0
        with _real_data():
            # Loading a game's spec takes milliseconds; the real data does not change in a run.
            wanted = (game, tuple(variants))
            if wanted not in resolved:
                resolved[wanted] = resolve_variants(load_game(game).spec, variants)
        return game, resolved[wanted], BuildOptions(**options)

    # The kits built with the proofreading edition, keyed as if without it.
    with_proof = {key_of(game, variants, options) for game, variants, options in PROOF_KITS}

    def get(game: str, variants: tuple[str, ...] = (), **options: Any) -> BuiltKit:
        plain = key_of(game, variants, {**options, "proof": False})
        if "proof" not in options:
            # A kit the proofreading tests read anyway is built once, with the edition.
            options["proof"] = plain in with_proof
        elif options["proof"] and plain not in with_proof:
            pytest.fail(f"add {game} {variants} {options} to PROOF_KITS, so it is built once")
        key = key_of(game, variants, options)
        with _real_data():
            if key in cache:
                _BUILDS["hits"] += 1
                return cache[key]
            folder, names = _shared_build(shared, *key)
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        cache[key] = BuiltKit(
            game, key[1], key[2], folder, {name: folder / name for name in names}, manifest
        )
        return cache[key]

    return get


@dataclass
class Built:
    """One real twaalf-dagen build: its card PDF, manifest and the options that made it."""

    pdf_path: Path
    reader: PdfReader
    manifest: dict[str, object]
    options: BuildOptions


@pytest.fixture(scope="session")
def built(kit: KitMaker) -> Callable[..., Built]:
    """The twaalf-dagen deck built with the given options, from the shared kits."""

    def get(**options: object) -> Built:
        shared = kit("twaalf-dagen", **options)
        return Built(
            shared.path("kaarten.pdf"),
            shared.reader("kaarten.pdf"),
            shared.manifest,
            shared.options,
        )

    return get


@pytest.fixture()
def a4_long(built: Callable[..., Built]) -> Built:
    """The default build: A4, long-edge duplex."""
    return built(paper="a4", backs=BackMode.LONG_EDGE)


def copy_project_data(root: Path) -> Path:
    """Copy the project's spec tables and art into the new folder ``root`` (fonts linked)."""
    source = project_root()
    root.mkdir()
    shutil.copytree(source / "cardspecs", root / "cardspecs")
    shutil.copytree(source / "art", root / "art")
    (root / "fonts").symlink_to(source / "fonts")
    return root


@pytest.fixture()
def project_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the project's data (spec tables, art; fonts linked), used as PNP_ROOT."""
    root = copy_project_data(tmp_path / "project")
    monkeypatch.setenv("PNP_ROOT", str(root))
    monkeypatch.chdir(tmp_path)
    return root


@pytest.fixture(autouse=True)
def _the_fifth_game(request: pytest.FixtureRequest) -> Iterator[None]:
    """A contract test run for the guide's example game has it installed while it runs."""
    callspec = getattr(request.node, "callspec", None)
    if callspec is not None and names_fifth(callspec.params):
        with fifth_game_installed():
            yield
    else:
        yield
