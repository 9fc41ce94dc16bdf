"""Shared fixtures: real builds of the twaalf-dagen deck, read back from their PDFs."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions, build
from pnp.paths import project_root
from pnp.sheets.imposition import BackMode


@dataclass
class Built:
    """One real build: its PDF, manifest and the options that made it."""

    pdf_path: Path
    reader: PdfReader
    manifest: dict[str, object]
    options: BuildOptions


def _build(out: Path, **kwargs: object) -> Built:
    options = BuildOptions(out_dir=out, **kwargs)  # type: ignore[arg-type]
    result = build("twaalf-dagen", (), options)
    pdf = result.folder / "kaarten.pdf"
    manifest = json.loads((result.folder / "manifest.json").read_text(encoding="utf-8"))
    return Built(pdf, PdfReader(pdf), manifest, options)


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Built]:
    """Build once per distinct option set and share the result across tests."""
    cache: dict[str, Built] = {}

    def get(**kwargs: object) -> Built:
        key = json.dumps(kwargs, sort_keys=True, default=str)
        if key not in cache:
            cache[key] = _build(tmp_path_factory.mktemp("build"), **kwargs)
        return cache[key]

    return get


@pytest.fixture()
def a4_long(built: Callable[..., Built]) -> Built:
    """The default build: A4, long-edge duplex."""
    return built(paper="a4", backs=BackMode.LONG_EDGE)


@pytest.fixture()
def project_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the project's data (spec tables, art; fonts linked), used as PNP_ROOT."""
    source = project_root()
    root = tmp_path / "project"
    root.mkdir()
    shutil.copytree(source / "cardspecs", root / "cardspecs")
    shutil.copytree(source / "art", root / "art")
    (root / "fonts").symlink_to(source / "fonts")
    monkeypatch.setenv("PNP_ROOT", str(root))
    monkeypatch.chdir(tmp_path)
    return root
