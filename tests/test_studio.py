"""The studio's routes over HTTP (Starlette's test client, in-process): every page, the
errors, the Host check, and that only the files of kits the studio made are served."""

from __future__ import annotations

import io
import re
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from starlette.testclient import TestClient

from pnp.studio.app import make_app
from pnp.studio.server import own_hosts

HOST = "testserver"
FORM = {"paper": "a4", "backs": "long-edge", "ink": "normal", "lang": "en"}


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("studio")


@pytest.fixture(scope="module")
def client(root: Path) -> Iterator[TestClient]:
    with TestClient(make_app(root, [HOST], watch=False)) as client:
        yield client


def _finished(client: TestClient, game: str, form: dict[str, object]) -> str:
    """Ask for a kit as the page does, follow its progress; the kit's part of the page."""
    started = client.post(f"/games/{game}/build", data=form, headers={"hx-request": "true"})
    assert started.status_code == 200, started.text
    key = re.search(r'hx-get="/jobs/(\w+)"', started.text)
    assert key, started.text
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        shown = client.get(f"/jobs/{key[1]}")
        if 'aria-busy="true"' not in shown.text:
            return shown.text
        time.sleep(0.2)
    raise AssertionError("the kit was not made in time")


@pytest.fixture(scope="module")
def kit(client: TestClient) -> str:
    return _finished(client, "twaalf-dagen", {**FORM, "variant": "kort"})


def _links(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/kits/[^"]+)"', html)


def test_home_shows_every_game_with_cover_players_time_and_variants(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for name in ("Sinterklaas", "Stoomboot", "12 Dagen van Kerstmis", "Santoska"):
        assert name in page.text
    assert "3–6 players · about 30 minutes" in page.text
    assert "Pietje Precies" in page.text
    covers = re.findall(r'src="(/cover/[\w-]+\.svg)"', page.text)
    assert len(covers) == 4
    for cover in covers:
        drawn = client.get(cover)
        assert drawn.status_code == 200 and drawn.headers["content-type"] == "image/svg+xml"
        assert "<svg" in drawn.text and drawn.text.rstrip().endswith("</svg>")


def test_a_game_page_offers_its_variants_and_what_cannot_be_combined(client: TestClient) -> None:
    page = client.get("/games/sinterklaas")
    assert page.status_code == 200
    assert page.text.count('name="variant"') == 13
    assert "(not together with minder-pakjes)" in page.text
    assert "(brings overschatting, inwisselen, handregel, biedregel, remise)" in page.text
    for name in ("paper", "backs", "ink", "lang"):
        assert f'name="{name}"' in page.text


@pytest.mark.parametrize(
    ("path", "status", "line"),
    [
        ("/games/sinterklas", 404, "unknown game 'sinterklas'; did you mean 'sinterklaas'?"),
        ("/games/sinterklaas?variant=pietje", 400, "unknown variant 'pietje'"),
        ("/games/sinterklaas?paper=a5", 400, "paper must be one of a4, letter, not 'a5'"),
        ("/games/sinterklaas?lang=fr", 400, "lang must be one of nl, en, not 'fr'"),
    ],
)
def test_a_value_no_kit_can_have_is_its_one_line(
    client: TestClient, path: str, status: int, line: str
) -> None:
    page = client.get(path)
    assert page.status_code == status
    said = re.findall(r'<p class="error" role="alert">(.*?)</p>', page.text)
    assert len(said) == 1 and line in said[0].replace("&#39;", "'"), page.text


def test_a_bad_form_is_refused_before_anything_is_built(client: TestClient, root: Path) -> None:
    before = sorted(root.rglob("*"))
    answer = client.post("/games/twaalf-dagen/build", data={**FORM, "backs": "both"})
    assert answer.status_code == 400
    assert "backs must be one of" in answer.text
    assert sorted(root.rglob("*")) == before


def test_another_host_is_refused(client: TestClient) -> None:
    """DNS rebinding: a page of another site that points its name at this machine."""
    for host in ("evil.example", "evil.example:8470", "127.0.0.1.evil.example"):
        answer = client.get("/", headers={"host": host})
        assert answer.status_code == 400
        assert answer.text == "error: not this server's address"


def test_the_server_answers_its_own_names_only() -> None:
    assert own_hosts("127.0.0.1", 8470) == [
        "127.0.0.1",
        "127.0.0.1:8470",
        "localhost",
        "localhost:8470",
    ]
    assert own_hosts("192.168.1.5", 9000) == ["192.168.1.5", "192.168.1.5:9000"]


def test_the_kit_is_made_with_progress_then_shown_whole(kit: str, client: TestClient) -> None:
    assert "The kit" in kit
    links = _links(kit)
    names = {link.rsplit("/", 1)[-1].split("?")[0] for link in links}
    assert {"kit.zip", "cards.pdf", "rules.pdf", "rules-booklet.pdf", "hand.png"} <= names
    sheets = [link for link in links if "/preview/" in link and "hand" not in link]
    assert len(sheets) >= 3  # every component once, and the backs
    for link in [*sheets, next(link for link in links if "hand.png" in link)]:
        picture = client.get(link)
        assert picture.status_code == 200 and picture.headers["content-type"] == "image/png"
        image = Image.open(io.BytesIO(picture.content))
        assert image.width > 300 and image.getextrema() != ((255, 255), (255, 255), (255, 255))


def test_a_download_is_the_kit_file_itself(kit: str, client: TestClient, root: Path) -> None:
    link = next(link for link in _links(kit) if link.endswith("/rules.pdf"))
    answer = client.get(link)
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    key = link.split("/")[2]
    assert answer.content == (root / key / "twaalf-dagen" / "rules.pdf").read_bytes()


def test_the_zip_holds_the_whole_kit(kit: str, client: TestClient, root: Path) -> None:
    link = next(link for link in _links(kit) if link.endswith("kit.zip"))
    answer = client.get(link)
    assert answer.status_code == 200
    archive = zipfile.ZipFile(io.BytesIO(answer.content))
    names = set(archive.namelist())
    assert {
        "twaalf-dagen/manifest.json",
        "twaalf-dagen/rules.pdf",
        "twaalf-dagen/cards.pdf",
    } <= names
    for name in names:
        if name.endswith(".pdf"):
            assert len(pdfium.PdfDocument(archive.read(name))) > 0


def test_the_rulebook_is_read_page_by_page(kit: str, client: TestClient) -> None:
    reader = next(link for link in _links(kit) if "/read/rules.pdf" in link)
    first = client.get(reader)
    assert first.status_code == 200 and "page 1 of " in first.text
    pages = int(re.search(r"page 1 of (\d+)", first.text)[1])  # type: ignore[index]
    assert pages > 5
    turned = client.get(reader.replace("page=1", "page=2"), headers={"hx-request": "true"})
    assert turned.text.lstrip().startswith('<div id="page"') and "page 2 of" in turned.text
    picture = client.get(re.search(r'src="([^"]+/2\.png)"', turned.text)[1])  # type: ignore[index]
    image = Image.open(io.BytesIO(picture.content))
    assert (
        abs(image.width - 148 / 25.4 * 96) <= 1 and abs(image.height - 210 / 25.4 * 96) <= 1
    )  # A5
    past = client.get(reader.replace("page=1", f"page={pages + 7}"))
    assert f"page {pages} of {pages}" in past.text
    assert client.get(reader.replace("page=1", "page=two")).status_code == 400


@pytest.mark.parametrize(
    "tail",
    [
        "../../../../etc/passwd",
        "..%2F..%2Fmanifest.json",
        "preview/../manifest.json",
        ".pnp-kit.json",
        "notes.txt",
        "pages/notes.txt/1.png",
        "pages/rules.pdf/999.png",
    ],
)
def test_only_the_kits_own_files_are_served(
    kit: str, client: TestClient, root: Path, tail: str
) -> None:
    base = next(link for link in _links(kit) if link.endswith("kit.zip")).removesuffix("kit.zip")
    (root / base.split("/")[2] / "twaalf-dagen" / "notes.txt").write_text("mine", "utf-8")
    assert client.get(base + tail).status_code == 404


def test_an_unknown_kit_is_not_found(client: TestClient) -> None:
    assert client.get("/kits/0123456789ab/twaalf-dagen/rules.pdf").status_code == 404
    assert client.get("/jobs/0123456789ab").status_code == 404
    assert client.get("/static/app.py").status_code == 404
    assert client.get("/static/htmx.min.js").status_code == 200


def test_a_kit_made_before_is_served_at_once_by_a_new_server(kit: str, root: Path) -> None:
    with TestClient(make_app(root, [HOST])) as fresh:
        started = time.monotonic()
        page = fresh.get("/games/twaalf-dagen?variant=kort&paper=a4&backs=long-edge&lang=en")
        assert time.monotonic() - started < 5
    assert 'class="kit ready"' in page.text and "aria-busy" not in page.text


def test_pnp_studio_serves_on_this_machine_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    import signal
    import socket
    import subprocess
    import sys
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "pnp", "studio", "--port", str(port), "--out", str(tmp_path)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                    home = answer.read().decode()
                break
            except OSError:
                assert time.monotonic() < deadline, "pnp studio did not answer"
                time.sleep(0.2)
        assert "Choose a game" in home
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=20)
    assert f"pnp studio: http://127.0.0.1:{port}/" in out
    assert "Traceback" not in err


def test_a_proofreader_reads_the_examples_and_leaves_a_note(
    kit: str, client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from pnp.cli import app

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_ROOT", raising=False)
    assert "/games/twaalf-dagen/examples?" in kit
    page = client.get("/games/twaalf-dagen/examples?variant=kort&lang=en")
    assert page.status_code == 200
    example = re.search(r'<article class="example" id="([\w-]+)">', page.text)
    assert example, page.text[:500]
    assert "checked: <code>" in page.text and "record: examples/" in page.text
    form = {"variant": "kort", "lang": "en", "example": example[1], "step": "2"}
    saved = client.post("/games/twaalf-dagen/notes", data={**form, "text": "Klopt dit?"})
    assert saved.status_code == 200 and "saved in proefnotities.toml" in saved.text
    for bad, said in (
        ({"step": "99"}, "has sentences 1 to"),
        ({"example": "geen"}, "no example 'geen' in this kit"),
        ({"text": " "}, "a note is 1 to 2000 characters"),
        ({"step": "two"}, "step must be a whole number"),
    ):
        refused = client.post("/games/twaalf-dagen/notes", data={**form, "text": "x", **bad})
        assert refused.status_code == 400 and said in refused.text.replace("&#39;", "'")
    written = (tmp_path / "proefnotities.toml").read_text(encoding="utf-8")
    assert written.count("\n[[note]]\n") == 1 and 'text = "Klopt dit?"' in written
    listed = CliRunner().invoke(app, ["examples", "twaalf-dagen", "--notes"])
    assert listed.exit_code == 0, listed.output
    assert listed.output == f"{example[1]} (kort), sentence 2:\n    Klopt dit?\n"
    again = client.get("/games/twaalf-dagen/examples?variant=kort&lang=en")
    assert "Notes so far" in again.text and "Klopt dit?" in again.text


def test_a_proofreader_steps_through_an_example_move_by_move(client: TestClient) -> None:
    listing = client.get("/games/sinterklaas/examples?lang=nl")
    walk_url = re.search(r'href="(/games/sinterklaas/examples/([\w-]+)\?[^"]*)"', listing.text)
    assert walk_url, "each example links to its moves"
    url = walk_url[1].replace("&amp;", "&")
    start = client.get(url)
    assert start.status_code == 200
    total = int(re.search(r"before move 1 of (\d+)", start.text)[1])  # type: ignore[index]
    assert "P0 " in start.text and 'rel="next"' in start.text and 'rel="prev"' not in start.text
    seen_sentences: set[str] = set()
    seen_rules: set[str] = set()
    tables: set[bytes] = set()
    for number in range(1, total + 1):
        part = client.get(f"{url}&move={number}", headers={"hx-request": "true"})
        assert part.status_code == 200 and part.text.startswith('<div id="walk"')
        assert f"move {number} of {total}" in part.text
        assert "✗" not in part.text, "every claim holds"
        logged = re.findall(
            r'<li><code>[^<]*</code> <span class="rules"[^>]*>([^<]*)</span>', part.text
        )
        assert all(re.fullmatch(r"SK-[A-Z0-9]+(, SK-[A-Z0-9]+)*", rules) for rules in logged)
        seen_rules.update(logged)
        seen_sentences |= set(
            re.findall(r'<li class="current[^"]*" aria-current="step">', part.text)
        )
        picture = re.search(rf'<img src="([^"]+/table/{number}\.png[^"]*)"', part.text)
        assert picture, part.text[:300]
        png = client.get(picture[1].replace("&amp;", "&"))
        assert png.status_code == 200 and png.headers["content-type"] == "image/png"
        drawn = Image.open(io.BytesIO(png.content))
        assert drawn.width > 600
        tables.add(png.content)
    assert len(tables) > total // 3, "the table changes as the game goes on"
    assert seen_sentences, "the sentences of a move are marked"
    assert any("SK-B4" in rules for rules in seen_rules), "a bid shows the bidding rule"
    last = client.get(f"{url}&move={total + 5}")
    assert f"move {total} of {total}" in last.text and 'rel="next"' not in last.text
    assert "The rules it shows, as the kit's book states them" in last.text
    assert re.search(r"<dt>SK-B\d+</dt>\s*<dd>[^<]{40,}</dd>", last.text), "the rules' own text"
    bad = client.get(f"{url}&move=two")
    assert bad.status_code == 400 and "move must be a whole number" in bad.text
    unknown = client.get("/games/sinterklaas/examples/geen-voorbeeld?lang=nl")
    assert unknown.status_code == 404 and "no example &#39;geen-voorbeeld&#39;" in unknown.text
    missing = client.get(url.split("?")[0] + f"/table/{total + 1}.png")
    assert missing.status_code == 404


def test_the_kit_page_says_how_to_print_it_as_the_book_does(kit: str, client: TestClient) -> None:
    lazy = re.search(r'hx-get="(/games/twaalf-dagen/printing\?[^"]+)"', kit)
    assert lazy, "the kit page asks for the printing advice"
    advice = client.get(lazy[1].replace("&amp;", "&"))
    assert advice.status_code == 200
    assert "<h3>Printing and assembly</h3>" in advice.text
    assert "print double-sided, flipping on the long edge" in advice.text
    assert "cards.pdf" in advice.text


def test_a_designers_edit_shows_and_a_broken_file_keeps_the_last_good_kit(
    project_copy: Path, tmp_path: Path
) -> None:
    """The kit is made again when a file it is made from changes; the page's poll gets the
    new kit (its pictures' addresses change), and a broken table is its one line while the
    kit before stays."""
    deck = project_copy / "cardspecs" / "twaalf-dagen" / "deck.csv"
    with TestClient(make_app(tmp_path / "kits", [HOST], watch=True)) as studio:
        shown = _finished(studio, "twaalf-dagen", {**FORM, "lang": "nl"})
        key = re.search(r"/kits/(\w+)/", shown)[1]  # type: ignore[index]
        cards = tmp_path / "kits" / key / "twaalf-dagen" / "kaarten.pdf"
        before = cards.read_bytes()
        assert studio.get(f"/jobs/{key}/after/0").status_code == 204

        def next_kit(generation: int) -> str:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                answer = studio.get(f"/jobs/{key}/after/{generation}")
                if answer.status_code == 200:
                    return answer.text
                time.sleep(0.2)
            raise AssertionError("the kit was not made again")

        deck.write_text(deck.read_text("utf-8").replace("Patrijs", "Fazant"), "utf-8")
        remade = next_kit(0)
        assert 'data-generation="1"' in remade and "?g=1" in remade and "error" not in remade
        assert cards.read_bytes() != before
        assert "Fazant" in "".join(
            pdfium.PdfDocument(str(cards))[i].get_textpage().get_text_range() for i in range(4)
        )
        good = cards.read_bytes()
        deck.write_text(deck.read_text("utf-8").replace(",1,", ",x,", 1), "utf-8")
        broken = next_kit(1)
        assert 'class="error" role="alert">error: ' in broken and "deck.csv" in broken
        assert cards.read_bytes() == good


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    import socket

    from typer.testing import CliRunner

    from pnp.cli import app

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["studio", "--port", str(port), "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"error: cannot listen on 127.0.0.1:{port}: Address already in use (choose another --port)"
    ]


def test_the_studio_serves_the_project_it_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pnp studio --project DIR`` makes kits from DIR's tables (and writes notes there), as
    ``pnp --project DIR studio`` does; a folder that is not there is one line."""
    from typer.testing import CliRunner

    import pnp.studio.server
    from pnp.base.paths import project_source
    from pnp.cli import app

    monkeypatch.delenv("PNP_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    seen: list[object] = []
    monkeypatch.setattr(pnp.studio.server, "serve", lambda *_, **__: seen.append(project_source()))
    project = tmp_path / "mijn-spel"
    project.mkdir()
    for command in (["studio", "--project", str(project)], ["--project", str(project), "studio"]):
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 0, result.output
    assert seen == [(project.resolve(), "--project")] * 2
    missing = CliRunner().invoke(app, ["studio", "--project", str(tmp_path / "weg")])
    assert missing.exit_code == 2 and "does not exist" in missing.output
