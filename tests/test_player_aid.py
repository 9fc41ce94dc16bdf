"""The player aid: one two-sided card per player, printed last in the card sheets (on a sheet
of its own back design, or below a gutter), with the end rules of the chosen game."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest

from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.layout.model import MIN_TEXT_PT
from pnp.sheets.card_jobs import card_jobs
from pnp.spec.variants import resolve_variants
from tests.conftest import BuiltKit, KitMaker
from tests.pdfinspect import MM, TextRun, read_page


def _aid_side(built: BuiltKit, back: bool) -> str:
    """The text of the aid's forms on its front (or back) pages, nothing else on the sheet."""
    file, pages = built.component_pages("hulp", back)
    prefix = "/FormXob.back.twaalf-dagen.hulp" if back else "/FormXob.face.twaalf-dagen.hulp."
    runs = []
    for page in pages:
        for run in read_page(built.reader(file), page, descend=True).texts:
            if run.parents and run.parents[0].startswith(prefix):
                runs.append(run.text)
    return " ".join(runs)


@pytest.fixture()
def base(kit: KitMaker) -> BuiltKit:
    return kit("twaalf-dagen")


def test_one_aid_per_player_after_the_deck(base: BuiltKit) -> None:
    placements: list[dict[str, Any]] = base.placements("kaarten.pdf")
    aids = [p for p in placements if p["component"] == "hulp"]
    assert len(aids) == 8, "one per player, up to the 8 the game allows"
    assert all(p["back_page"] is not None for p in aids), "every aid has its second side"
    last_deck_page = max(p["page"] for p in placements if p["component"] != "hulp")
    assert min(p["page"] for p in aids) >= last_deck_page, "the aids come after the deck"


def test_front_explains_a_trick_and_back_the_end(base: BuiltKit) -> None:
    front, back = _aid_side(base, back=False), _aid_side(base, back=True)
    assert front.count("Zo gaat een slag") == 8
    assert "Reageren" in front and "Einde van een ronde" not in front
    assert back.count("Einde van een ronde") == 8
    assert back.count("Na twaalf rondes") == 8
    assert "Kort spel" not in back


def test_the_short_game_aid_states_the_short_game_end(kit: KitMaker) -> None:
    back = _aid_side(kit("twaalf-dagen", ("kort",)), back=True)
    assert back.count("Kort spel") == 8
    assert "Na twaalf rondes" not in back


# --- The aid follows the kit's variants -------------------------------------------------

SAFE_MM = 3.0
ALL_SINTERKLAAS = (
    "speculaas",
    "pietje-precies",
    "actiepiet",
    "wie-kent-hem-niet",
    "eerste-stopper",
    "surprises",
    "meer-pakjes",
)
"""Every sinterklaas rule at once that can be combined (Meer pakjes rather than Minder)."""
ALL_STOOMBOOT = (
    "kleine-kaart",
    "krappe-kalender",
    "prachtige-pakjes",
    "pepernoot-plekken",
    "rebelse-pietjes",
)

RULES: dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]] = {
    ("sinterklaas", "wie-kent-hem-niet"): (
        ("De Kleine Sint zet eerst één kaart in", "de Grote Sint zet minstens het dubbele in"),
        (),
    ),
    ("sinterklaas", "eerste-stopper"): (("als eerste stopt, pakt meteen de Kleine Sint",), ()),
    ("sinterklaas", "inwisselen"): (
        ("ruilen tegen een open kaart uit je bod", "je net inruilde"),
        ("wat al iets gedaan heeft",),
    ),
    ("sinterklaas", "handregel"): (
        ("een ondergrens noemen", "houdt ze of legt ze allemaal weg"),
        ("legt zijn hand weg",),
    ),
    ("sinterklaas", "remise"): (
        ("Nog gelijk? Dan wint wie het meest heeft ingezet",),
        ("Nog gelijk: niemand wint",),
    ),
    ("sinterklaas", "pietje-precies"): (
        (
            "Alleen een combinatie van álle kaarten telt",
            "of een straatje",
            "Getal gaat voor kleur, kleur voor straatje",
            "schrap je bij het scoren één kaart",
        ),
        ("zoveel mogelijk kaarten van één kleur",),
    ),
    ("sinterklaas", "actiepiet"): (("Een actiekaart werkt pas als hij in je bod ligt",), ()),
    ("sinterklaas", "overschatting"): (("kun je het bod niet volgen, zeg het",), ()),
    ("sinterklaas", "biedregel"): (("meer inzet", "meer handkaarten"), ()),
    ("sinterklaas", "surprises"): (("de volgende surprise",), ()),
    ("sinterklaas", "meer-pakjes"): (("Pak 4 van je", "tot 8 kaarten", "4 keer bieden"), ()),
    ("sinterklaas", "minder-pakjes"): (("Pak 2 van je", "tot 4 kaarten", "2 keer bieden"), ()),
    ("stoomboot", "krappe-kalender"): (
        ("de bovenste Kalenderkaart om",),
        ("gaat op de Kalender",),
    ),
    ("stoomboot", "pepernoot-plekken"): (
        ("1 schadepunt", "Is de Stoomrij leeg, dan hebben jullie meteen verloren"),
        (),
    ),
    ("stoomboot", "rebelse-pietjes"): (
        ("de boot of zijn eigen Piet", "Pieten varen", "bezorgen zoals de boot"),
        ("schade",),
    ),
    ("stoomboot", "prachtige-pakjes"): (
        ("Joker", "Dubbelcadeau", "Telefoon", "Anker", "Kompas", "Storm", "Ster"),
        (),
    ),
    ("twaalf-dagen", "kort"): (
        ("iedereen begint met één geschenk", "na drie rondes is het spel uit"),
        ("Na twaalf rondes",),
    ),
    ("santoska", "rijen-4"): (("Leg twee rijen van 4 kaarten",), ("rijen van 3",)),
    ("santoska", "rijen-5"): (("Leg twee rijen van 5 kaarten",), ("rijen van 3",)),
    ("santoska", "rijen-6"): (("Leg twee rijen van 6 kaarten",), ("rijen van 3",)),
}
"""Per variant that changes a turn or the scoring: what its kit's aid must say, and base
sentences it contradicts or makes pointless, which the aid must not print."""


@dataclass
class AidFace:
    card: str
    back: bool
    runs: list[TextRun]
    """Every line drawn on the face (its size and place; the words are in ``text``)."""
    trim: tuple[float, float, float, float]
    """The face's trim box on its page, mm."""
    text: str
    """The face's words as a reader gets them from the PDF, whitespace collapsed."""


def aid_faces(built: BuiltKit) -> list[AidFace]:
    """Every aid card's front and back, in reading order, with the text drawn inside each
    (read from the first copy of each card on the card sheets)."""
    reader = built.reader("kaarten.pdf")
    document = pdfium.PdfDocument(str(built.path("kaarten.pdf")))
    faces: list[AidFace] = []
    seen: set[str] = set()
    for placement in built.placements("kaarten.pdf"):
        if placement["component"] != "hulp" or placement["card"] in seen:
            continue
        seen.add(placement["card"])
        for back, page, trim in (
            (False, placement["page"], placement["trim_mm"]),
            (True, placement["back_page"], placement["back_trim_mm"]),
        ):
            x, y, w, h = trim
            runs = [
                run
                for run in read_page(reader, page - 1).texts
                if x <= run.x / MM <= x + w and y <= run.y / MM <= y + h
            ]
            words = (
                document[page - 1]
                .get_textpage()
                .get_text_bounded(x * MM, y * MM, (x + w) * MM, (y + h) * MM)
            )
            faces.append(AidFace(placement["card"], back, runs, trim, " ".join(words.split())))
    return faces


def aid_text(built: BuiltKit) -> str:
    return " ".join(face.text for face in aid_faces(built))


def check_faces(faces: list[AidFace]) -> None:
    """Every face of the aid has words (no blank back on a second card); every line at 7 pt
    or more, inside the safe zone, touching no other line."""
    for face in faces:
        words = face.text.rsplit(" kaart ", 1)[0] if " kaart " in face.text else face.text
        assert len(words.split()) > 5, f"{face.card} {'back' if face.back else 'front'} is blank"
        x, y, w, h = face.trim
        boxes = []
        for run in face.runs:
            assert run.size >= MIN_TEXT_PT - 1e-6, f"{run.text!r} is {run.size:.2f} pt"
            assert run.width > 0
            left, right = run.x / MM, (run.x + run.width) / MM
            low, high = (run.y - 0.25 * run.size) / MM, (run.y + 0.75 * run.size) / MM
            where = f"{face.card} {'back' if face.back else 'front'}: {run.text!r}"
            assert left >= x + SAFE_MM - 0.01 and right <= x + w - SAFE_MM + 0.01, where
            assert low >= y + SAFE_MM - 0.01 and high <= y + h - SAFE_MM + 0.01, where
            boxes.append((left, low, right, high, run.text))
        for a, b in itertools.combinations(boxes, 2):
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, f"{face.card}: {a[4]!r} runs into {b[4]!r}"


@pytest.mark.parametrize(("game", "variant"), sorted(RULES))
def test_the_aid_states_the_rules_of_its_kit_s_variant(
    kit: KitMaker, game: str, variant: str
) -> None:
    """Read back from the kit's card sheets: the aid says what the variant changes in a turn
    or the scoring, drops the base sentences it contradicts, and keeps the print rules."""
    built = kit(game, (variant,))
    text = aid_text(built)
    present, absent = RULES[game, variant]
    for phrase in present:
        assert phrase in text, f"{variant}: the aid does not say {phrase!r}"
    for phrase in absent:
        assert phrase not in text, f"{variant}: the aid still says {phrase!r}"
    check_faces(aid_faces(built))


@pytest.mark.parametrize("game", ["sinterklaas", "stoomboot", "twaalf-dagen", "santoska"])
def test_the_base_aid_is_one_card_with_the_base_rules(kit: KitMaker, game: str) -> None:
    built = kit(game)
    faces = aid_faces(built)
    assert [(f.card, f.back) for f in faces] == [("spelershulp", False), ("spelershulp", True)]
    assert "kaart 1 van" not in aid_text(built)
    check_faces(faces)


def test_a_remise_kit_s_aid_says_the_larger_bid_wins(kit: KitMaker) -> None:
    """With the Remiseregel (alone, in Speculaas, or with Pietje Precies) a tie is won by
    whoever bid the most; only kits without it print that nobody wins."""
    for variants in (("remise",), ("speculaas",), ("pietje-precies", "remise")):
        text = aid_text(kit("sinterklaas", variants))
        assert "Nog gelijk: niemand wint" not in text, variants
        assert "Dan wint wie het meest heeft ingezet" in text, variants
    assert "Nog gelijk: niemand wint" in aid_text(kit("sinterklaas", ("pietje-precies",)))


@pytest.mark.parametrize("variants", [("pietje-precies",), ALL_SINTERKLAAS])
def test_with_pietje_precies_scoring_opens_with_all_or_nothing_and_the_straight(
    kit: KitMaker, variants: tuple[str, ...]
) -> None:
    """The aid's scoring starts with SK-P1 and SK-P2, before any tie rule; the base rule
    (the most cards of one colour) is not printed."""
    text = aid_text(kit("sinterklaas", variants))
    scoring = text[text.index("Scoren ") + len("Scoren ") :]
    assert scoring.startswith("Pietje Precies: alles of niets Alleen een combinatie van álle")
    assert scoring.index("straatje") < scoring.index("Evenveel kaarten")
    assert "zoveel mogelijk kaarten" not in text


@pytest.mark.parametrize(
    ("game", "variants"), [("sinterklaas", ALL_SINTERKLAAS), ("stoomboot", ALL_STOOMBOOT)]
)
def test_a_kit_with_many_variants_prints_a_second_aid_card(
    kit: KitMaker, game: str, variants: tuple[str, ...]
) -> None:
    """Every variant at once does not fit on one card at 7 pt: the kit prints a second aid
    card for every player, each face numbered, and the two cards say every variant's rule
    (the front no longer the base game's), every line at 7 pt or more, none colliding."""
    built = kit(game, variants)
    spec = load_game(game).spec
    placed = [p for p in built.placements("kaarten.pdf") if p["component"] == "hulp"]
    cards = sorted({p["card"] for p in placed})
    assert cards == ["spelershulp", "spelershulp-2"]
    assert all(sum(p["card"] == c for p in placed) == spec.players[1] for c in cards)
    # the rulebook's list of what is in the box counts the cards the kit prints
    assert f"{len(placed)} Spelershulp" in built.text("spelregels.pdf")
    listed = {c["id"]: c["cards"] for c in built.manifest["components"]}
    assert listed["hulp"] == len(placed), "the manifest counts them too"
    faces = aid_faces(built)
    assert len(faces) == 4
    for index, face in enumerate(faces):
        assert face.text.endswith(f"kaart {index // 2 + 1} van 2"), face.text
    check_faces(faces)
    text = aid_text(built)
    chosen = resolve_variants(spec, variants)
    for (g, variant), (present, absent) in RULES.items():
        if g != game or variant not in chosen:
            continue
        for phrase in present:
            assert phrase in text, f"{variant}: the aid does not say {phrase!r}"
        # Another variant of the kit may bring the words back: actions and coins are cards
        # that have done something (inwisselen), Pepernoot Plekken gives Pieten damage too.
        if variant not in ("inwisselen", "rebelse-pietjes"):
            for phrase in absent:
                assert phrase not in text, f"{variant}: the aid still says {phrase!r}"
    if game == "sinterklaas":
        assert "Openingsbod" in faces[0].text, "the front is the kit's, not the base game's"


def test_the_aid_s_words_are_data(project_copy: Path) -> None:
    """A proofreader changes the aid in the words file beside its layouts; a misspelt
    variant in a block's condition is one error naming the file and line."""
    words = project_copy / "cardspecs" / "sinterklaas" / "layouts" / "hulp-tekst.toml"
    text = words.read_text(encoding="utf-8")
    words.write_text(text.replace('label = "Let op"', 'label = "Opgelet"'), encoding="utf-8")
    data = load_game("sinterklaas")
    (job, *_) = [j for j in card_jobs(data, data.spec.components) if j.component == "hulp"]
    assert "Opgelet" in [e.text for e in job.face.elements]
    line = text[: text.index('when = "variant:surprises"')].count("\n") + 1
    words.write_text(text.replace("variant:surprises", "variant:surprise"), encoding="utf-8")
    with pytest.raises(
        PnpError, match=rf"hulp-tekst\.toml:{line}: .*unknown field 'variant:surprise'"
    ):
        card_jobs(load_game("sinterklaas"), load_game("sinterklaas").spec.components)
