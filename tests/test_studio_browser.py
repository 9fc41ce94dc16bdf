"""The studio in a real browser: the system's Chromium, driven by Playwright, clicks through
as a person would (and once with the keyboard alone) against a real server on 127.0.0.1.

Skipped, saying why, where Playwright or Chromium is missing (``.ci/run`` installs both).
With ``PNP_STUDIO_PICTURES=DIR`` the pages' screenshots are also written to ``DIR`` (the
README's pictures: ``PNP_STUDIO_PICTURES=docs/pictures python -m pytest
tests/test_studio_browser.py``).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import socket
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("no Chromium on this machine (Debian's package chromium)", allow_module_level=True)

import uvicorn  # noqa: E402  (after the skips: only where a browser can run)

from pnp.studio.app import make_app  # noqa: E402
from pnp.studio.server import own_hosts  # noqa: E402

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium as a headless test browser on a machine without a network."""
PICTURES = (
    Path(os.environ["PNP_STUDIO_PICTURES"]).resolve()
    if os.environ.get("PNP_STUDIO_PICTURES")
    else None
)
"""Where the README's screenshots go, if asked for (resolved now: a test changes folder)."""
KIT_TIMEOUT = 180_000
"""Milliseconds a kit may take to be made (a cold build of twaalf-dagen, with pictures)."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    app = make_app(tmp_path_factory.mktemp("studio"), own_hosts("127.0.0.1", port))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the studio did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture()
def page(browser: Any, tmp_path: Path) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900}, accept_downloads=True)
    opened = context.new_page()
    yield opened
    context.close()


def _picture(page: Any, name: str, tmp_path: Path) -> None:
    """A screenshot of the page, kept for the README when asked for."""
    shot = page.screenshot(full_page=False)
    assert len(shot) > 10_000, f"{name}: an empty screen"
    (tmp_path / name).write_bytes(shot)
    if PICTURES is not None:
        (PICTURES / name).write_bytes(shot)


def _drawn(page: Any, selector: str) -> None:
    """Wait until every image matching ``selector`` is drawn."""
    page.wait_for_function(
        f"[...document.querySelectorAll({selector!r})].every(i => i.complete && i.naturalWidth > 0)"
    )


def _loaded(page: Any, selector: str) -> int:
    """How many images matching ``selector`` the browser has drawn (decoded, with a size)."""
    return int(
        page.eval_on_selector_all(
            selector, "images => images.filter(i => i.complete && i.naturalWidth > 0).length"
        )
    )


def _sheets(page: Any) -> dict[str, bytes]:
    """Each contact sheet the kit's page shows, by its caption: the picture's bytes."""
    shown = page.eval_on_selector_all(
        "section.kit .sheets figure",
        "figures => figures.map(f => [f.querySelector('figcaption').textContent,"
        " f.querySelector('img').src])",
    )
    return {title: page.request.get(src).body() for title, src in shown}


def test_a_family_chooses_a_kit_watches_it_build_reads_the_book_and_downloads_it(
    page: Any, base_url: str, tmp_path: Path
) -> None:
    page.goto(base_url)
    assert page.title() == "pnp studio"
    page.wait_for_function("document.querySelectorAll('li.game img').length === 4")
    page.wait_for_load_state("networkidle")
    assert _loaded(page, "li.game img") == 4, "every game shows its cover"
    _picture(page, "studio-home.png", tmp_path)

    page.get_by_role("link", name="12 Dagen van Kerstmis").click()
    page.wait_for_url("**/games/twaalf-dagen")
    page.get_by_label("Language").select_option("en")
    page.get_by_role("button", name="Make the kit").click()
    page.wait_for_selector("section.kit.ready", timeout=KIT_TIMEOUT)
    _drawn(page, "section.kit img")
    base_game = _sheets(page)

    # Choosing a variant makes another kit, and its contact sheets show what it changes.
    page.get_by_label("Kort spel").check()
    zip_link = page.get_by_role("link", name="Download the whole kit (zip)").get_attribute("href")
    page.get_by_role("button", name="Make the kit").click()
    page.wait_for_function(
        "(before) => { const a = document.querySelector('section.kit.ready .downloads a');"
        " return a && a.getAttribute('href') !== before; }",
        arg=zip_link,
        timeout=KIT_TIMEOUT,
    )
    # The kit's page keeps asking whether the kit was made again: wait for the pictures.
    _drawn(page, "section.kit img")
    short_game = _sheets(page)
    assert base_game.keys() == short_game.keys()
    changed = {title for title in base_game if base_game[title] != short_game[title]}
    # The player aid's back tells how the game ends, and the short game ends otherwise.
    assert changed == {"Backs"}, "the short game's aid states its own end; the cards are the same"
    assert _loaded(page, "section.kit .sheets img") >= 3, "the contact sheets are shown"
    assert _loaded(page, "img.hand") == 1
    _picture(page, "studio-kit.png", tmp_path)

    with page.expect_download() as caught:
        page.get_by_role("link", name="Download the whole kit (zip)").click()
    archive = zipfile.ZipFile(io.BytesIO(Path(caught.value.path()).read_bytes()))
    assert "twaalf-dagen/rules.pdf" in archive.namelist()
    manifest = json.loads(archive.read("twaalf-dagen/manifest.json"))
    assert manifest["variants"] == ["kort"] and manifest["options"]["lang"] == "en"
    # A valid kit: every file the manifest lists, whole (its digest), each PDF readable.
    listed = {f"twaalf-dagen/{entry['name']}": entry for entry in manifest["files"]}
    assert set(archive.namelist()) == {*listed, "twaalf-dagen/manifest.json"}
    for name, entry in listed.items():
        data = archive.read(name)
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], name
        if name.endswith(".pdf"):
            assert len(pdfium.PdfDocument(data)) >= 1, name

    page.locator("ul.reading").get_by_role("link", name="rules.pdf").click()
    where = page.locator(".where")
    assert where.inner_text().startswith("page 1 of ")
    first = page.locator("#page img").get_attribute("src")
    page.get_by_role("link", name="page 2 →").click()
    page.wait_for_function("document.querySelector('.where').textContent.startsWith('page 2')")
    assert page.locator("#page img").get_attribute("src") != first
    page.wait_for_load_state("networkidle")
    assert _loaded(page, "#page img") == 1, "the rulebook's page is drawn"
    _picture(page, "studio-rulebook.png", tmp_path)
    page.get_by_role("link", name="← page 1").click()
    page.wait_for_function("document.querySelector('.where').textContent.startsWith('page 1')")


def test_a_proofreader_steps_through_an_example_and_leaves_a_note(
    page: Any, base_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_ROOT", raising=False)
    page.goto(f"{base_url}/games/twaalf-dagen?variant=kort&lang=en")
    page.get_by_role("button", name="Make the kit").click()
    page.wait_for_selector("section.kit.ready", timeout=KIT_TIMEOUT)
    page.get_by_role("link", name="Proofread the rulebook's examples").click()
    page.wait_for_url("**/games/twaalf-dagen/examples?*")
    first = page.locator("article.example").first
    steps = first.locator("ol.steps > li")
    assert steps.count() >= 3
    assert "checked:" in steps.nth(0).inner_text()
    steps.nth(1).get_by_label("Note on sentence 2").fill("Is dit de lage kaart?")
    steps.nth(1).get_by_role("button", name="Save note").click()
    page.wait_for_selector("text=saved in proefnotities.toml")
    _picture(page, "studio-examples.png", tmp_path)
    written = (tmp_path / "proefnotities.toml").read_text(encoding="utf-8")
    assert 'text = "Is dit de lage kaart?"' in written and "step = 2" in written

    # Step through the game the example came from, with the mouse and with the keyboard.
    first.get_by_role("link", name="Step through the game move by move").click()
    page.wait_for_url("**/games/twaalf-dagen/examples/*")
    where = page.locator("#walk .where")
    assert where.inner_text().startswith("before move 1 of ")
    _drawn(page, "figure.table img")
    before = page.locator("figure.table img").get_attribute("src")
    page.locator("a[rel=next]").click()
    page.wait_for_function(
        "document.querySelector('#walk .where').textContent.startsWith('move 1 ')"
    )
    _drawn(page, "figure.table img")
    assert page.locator("figure.table img").get_attribute("src") != before
    assert page.locator("ol.steps li.current").count() >= 1, "the move's sentence is marked"
    assert "holds" in page.locator("ul.claims").inner_text()
    page.focus("a[rel=next]")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "document.querySelector('#walk .where').textContent.startsWith('move 2 ')"
    )
    _drawn(page, "figure.table img")
    assert page.url.endswith("move=2"), "the address follows the move"
    marked = page.locator("ol.steps li.current").all_inner_texts()
    _picture(page, "studio-moves.png", tmp_path)
    page.locator("a[rel=prev]").click()
    page.wait_for_function(
        "document.querySelector('#walk .where').textContent.startsWith('move 1 ')"
    )
    assert page.locator("ol.steps li.current").all_inner_texts() != marked


def test_the_keyboard_alone_reaches_a_game_and_makes_its_kit(page: Any, base_url: str) -> None:
    page.goto(base_url)

    def tab_to(test: str, presses: int = 80) -> None:
        for _ in range(presses):
            page.keyboard.press("Tab")
            if page.evaluate(test):
                return
        raise AssertionError(f"the keyboard never reached {test}")

    tab_to("document.activeElement.href?.endsWith('/games/santoska')")
    page.keyboard.press("Enter")
    page.wait_for_url("**/games/santoska")
    tab_to("document.activeElement.value === 'rijen-4'")
    page.keyboard.press("Space")
    assert page.is_checked("input[value='rijen-4']")
    tab_to("document.activeElement.tagName === 'BUTTON'")
    page.keyboard.press("Enter")
    page.wait_for_selector("section.kit.ready", timeout=KIT_TIMEOUT)
    assert "scoreblad.pdf" in page.locator("section.kit .downloads").inner_text()
