"""Converted art: a replayed program draws the bytes reportlab draws, and the disk cache is
written, read back by the next process without svglib, ignored when damaged, and whole when
several processes write it at once."""

from __future__ import annotations

import base64
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg

from pnp.base.paths import project_root
from pnp.draw import art as art_module
from pnp.draw import art_cache
from pnp.draw.art import Art, ArtLibrary, draw_art
from pnp.draw.fonts import font_name
from pnp.draw.forms import end_form

ART = project_root() / "art"

TRANSLUCENT_TEXT = """<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">
  <g opacity="0.5"><rect x="1" y="1" width="20" height="10" fill="#c00" stroke="#000"
    stroke-opacity="0.3"/></g>
  <g transform="translate(2 3)"><circle cx="20" cy="15" r="5" fill="#0a0" fill-opacity="0.7"/>
  <text x="3" y="25" font-size="6" fill="#00c" fill-opacity="0.4">Piet</text></g>
</svg>
"""
"""Translucent shapes and text: the calls a program replays instead of copying."""


def _page(draw: object) -> bytes:
    """A PDF drawing one piece of art twice: in a form (a fresh graphics state) and straight
    onto a page whose state already has a translucent fill (as a rulebook page may)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=font_name("regular"))
    canvas.beginForm("art", 0, 0, 100, 100)
    draw(canvas)  # type: ignore[operator]
    end_form(canvas, "art")
    canvas.doForm("art")
    canvas.setFillAlpha(0.5)
    canvas.setStrokeAlpha(0.3)
    canvas.saveState()
    canvas.translate(50, 50)
    draw(canvas)  # type: ignore[operator]
    canvas.restoreState()
    canvas.drawString(10, 10, "einde")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _reportlab(path: Path) -> bytes:
    """What drawing the SVG with reportlab itself gives."""
    drawing = svg2rlg(str(path))
    drawing.initialFontName = font_name("regular")
    return _page(lambda canvas: renderPDF.draw(drawing, canvas, 0, 0))


def _library(root: Path, reference: str) -> Art:
    art_module._PARSED.clear()  # this process's memory: the tests ask the disk
    return ArtLibrary(root).get(reference)


def _art_files() -> list[Path]:
    """Two pieces of each game's art and every translucent one (all of them would take long)."""
    chosen: list[Path] = []
    for game in sorted(p for p in ART.iterdir() if p.is_dir()):
        files = sorted(game.glob("*.svg"))
        chosen += files[:2] + [p for p in files[2:] if b"opacity" in p.read_bytes()]
    return chosen


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of this test."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(art_cache.CACHE_ENV, str(folder))
    monkeypatch.setattr(art_module, "_PARSED", {})
    return folder


def _entries(cache: Path) -> list[Path]:
    return sorted((cache / "art").glob("*.json"))


def test_a_program_draws_what_reportlab_draws_for_every_svg(cache: Path) -> None:
    """Each game's SVGs, in a form and on a page with state: the same bytes, and the same
    again when read back from the cache."""
    for path in _art_files():
        reference = path.relative_to(ART).as_posix()
        expected = _reportlab(path)
        converted = _library(ART, reference)
        assert converted.program is not None, reference
        assert _page(lambda canvas, a=converted: draw_art(canvas, a)) == expected, reference
        cached = _library(ART, reference)
        assert cached is not converted
        assert _page(lambda canvas, a=cached: draw_art(canvas, a)) == expected, reference
    assert len(_entries(cache)) == len({p.read_bytes() for p in _art_files()})


def test_translucency_and_text_are_replayed_through_the_canvas(cache: Path, tmp_path: Path) -> None:
    """Alpha states are named by the canvas they are drawn on, and text is encoded in its
    document's font subset: both come out as reportlab writes them."""
    (tmp_path / "art").mkdir()
    svg = tmp_path / "art" / "piet.svg"
    svg.write_text(TRANSLUCENT_TEXT, encoding="utf-8")
    expected = _reportlab(svg)
    assert b"gRLs" in expected
    for _ in range(2):  # converted, then from the cache
        piet = _library(tmp_path / "art", "piet.svg")
        assert piet.program is not None and piet.program.lines is None  # text: no fast path
        assert _page(lambda canvas, a=piet: draw_art(canvas, a)) == expected
    assert len(_entries(cache)) == 1


def _inline_png() -> str:
    """A 2x2 red PNG as a data URI."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (2, 2), (200, 0, 0)).save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def test_art_with_an_image_is_drawn_by_reportlab_and_not_cached(
    cache: Path, tmp_path: Path
) -> None:
    """A picture a program cannot replay (an inline image) keeps its drawing: it is drawn
    as reportlab draws it, with the image in the page, and nothing goes to the disk cache."""
    (tmp_path / "art").mkdir()
    svg = tmp_path / "art" / "foto.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
        ' width="40" height="30" viewBox="0 0 40 30"><rect width="40" height="30" fill="#0a0"/>'
        f'<image x="5" y="5" width="20" height="20" xlink:href="{_inline_png()}"/></svg>',
        encoding="utf-8",
    )
    expected = _reportlab(svg)
    content = pypdf.PdfReader(io.BytesIO(expected)).pages[0].get_contents()
    assert content is not None and b"\nBI" in content.get_data()  # the inline image
    foto = _library(tmp_path / "art", "foto.svg")
    assert foto.program is None and foto.drawing is not None
    assert _page(lambda canvas: draw_art(canvas, foto)) == expected
    assert _entries(cache) == []


def test_a_damaged_entry_is_ignored_and_written_anew(cache: Path) -> None:
    reference = "twaalf-dagen/01-patrijs.svg"
    expected = _reportlab(ART / reference)
    _library(ART, reference)
    [entry] = _entries(cache)
    whole = entry.read_bytes()
    damages = [
        whole[: len(whole) // 2],  # truncated
        b"",
        b"\x00\xff not json",
        whole.replace(b'"saveState"', b'"__init__"', 1),  # a call outside the list
        whole.replace(b'"format":', b'"format":-', 1),
        json.dumps({**json.loads(whole), "lines": [1, 2]}).encode(),
    ]
    for damaged in damages:
        entry.write_bytes(damaged)
        assert art_cache.load(entry.stem) is None
        art = _library(ART, reference)
        assert _page(lambda canvas, a=art: draw_art(canvas, a)) == expected
        assert entry.read_bytes() == whole


def test_a_second_process_reads_the_cache_without_svglib(cache: Path, tmp_path: Path) -> None:
    """A build writes the cache; the next build, with svglib unimportable, reads it and
    writes the same bytes."""

    def build(out: str, *, svglib: bool, cache_dir: str) -> dict[str, bytes]:
        block = "" if svglib else "sys.modules['svglib'] = None; "
        code = (
            f"import sys, runpy; {block}"
            f"sys.argv = ['pnp', 'build', 'santoska', '-q', '--out', {out!r}]; "
            "runpy.run_module('pnp', run_name='__main__')"
        )
        env = {**os.environ, art_cache.CACHE_ENV: cache_dir}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True)
        assert done.returncode == 0, done.stderr.decode()
        folder = Path(out) / "santoska"
        # The kit's files; its hidden build record holds the time each was written.
        return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.name[0] != "."}

    first = build(str(tmp_path / "a"), svglib=True, cache_dir=str(cache))
    entries = {p.name: p.read_bytes() for p in _entries(cache)}
    assert entries
    second = build(str(tmp_path / "b"), svglib=False, cache_dir=str(cache))
    assert second == first
    assert {p.name: p.read_bytes() for p in _entries(cache)} == entries


def test_an_empty_cache_variable_turns_the_cache_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(art_cache.CACHE_ENV, "")
    monkeypatch.setattr(art_module, "_PARSED", {})
    assert art_cache.cache_dir() is None
    assert _library(ART, "santoska/stop.svg").program is not None
    monkeypatch.delenv(art_cache.CACHE_ENV)
    assert art_cache.cache_dir() is not None  # the user's cache folder


WRITER = """
import sys
from pnp.draw import art_cache
from pnp.draw.program import Program, Call
program = Program((("q",) * 2000, Call("saveState", ()), ("Q",)), ("q",) * 2000, (), False)
for _ in range(40):
    art_cache.store(sys.argv[1], 10.0, 20.0, program)
"""


def test_concurrent_writers_leave_a_whole_entry(cache: Path) -> None:
    key = "0" * 64
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, key], env=dict(os.environ))
        for _ in range(4)
    ]
    seen = 0
    while any(writer.poll() is None for writer in writers):
        loaded = art_cache.load(key)  # never half an entry: missing or whole
        if loaded is not None:
            seen += 1
            assert loaded[:2] == (10.0, 20.0) and len(loaded[2].ops) == 3
    assert all(writer.wait() == 0 for writer in writers)
    assert art_cache.load(key) is not None
    assert [p.name for p in (cache / "art").iterdir()] == [f"{key}.json"]  # no temporary left
