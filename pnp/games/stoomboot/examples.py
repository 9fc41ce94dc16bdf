"""The Stoomboot rulebook examples, rendered from pinned engine traces.

Every example is one round of a real game played by the engine, pinned by
:mod:`pnp.games.stoomboot.example_finder` (replay:
:mod:`~pnp.games.stoomboot.example_trace`; which examples:
:mod:`~pnp.games.stoomboot.example_cases`). :func:`rulebook_examples`
replays each record with the engine configured from the spec tables and
turns the round's events into Dutch sentences, in the order they happened.
The sentences show the real cards they mention; the Stoomrij after the
placing and after every change is drawn as a row of cards with the played
cards under its positions, and the round's end as the map with the path the
boat sailed. Every sentence carries a claim
(:mod:`~pnp.games.stoomboot.example_claims`) that the tests check against a
fresh engine state.

Players get Dutch first names instead of seat numbers: Anna, Bram, Cas, ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from pnp.engine.core import Event
from pnp.games.stoomboot.board import parse_square, square_name
from pnp.games.stoomboot.events import (
    CardIgnored,
    CardPlaced,
    CardRevealed,
    DamageTaken,
    Delivered,
    DeliveryDeclined,
    HeadingChosen,
    KalenderChosen,
    KalenderDrawn,
    KalenderFilled,
    NewSint,
    OzosnelChosen,
    PakjesReturned,
    PawnBumped,
    PawnChosen,
    PawnMoved,
    PawnTurned,
    PietEntered,
    PlacingEnded,
    PlayerSkipped,
    RoundStarted,
    RowLengthened,
    RowShortened,
    TalkClosed,
    TalkOpened,
    TileTriggered,
)
from pnp.games.stoomboot.example_cases import (
    KIND_DELIVERY,
    KIND_KALENDER,
    KIND_LONGER,
    KIND_PIET,
    KIND_ROCK,
    KIND_ROUND,
    KIND_RULES,
    KIND_SHORTER,
    KIND_TELEFOON,
    PINNED_CASES,
)
from pnp.games.stoomboot.example_claims import Claim, KalenderCount, Placed, Table
from pnp.games.stoomboot.example_trace import (
    FINDER,
    Moment,
    RoundTrace,
    TableState,
    load_pinned,
)
from pnp.games.stoomboot.map_sheet import tile_components
from pnp.rulebook.dutch import count_phrase, join_words, number_word, ordinal_word
from pnp.rulebook.example import CardPicture, Example, Step, kit_examples
from pnp.rulebook.figures import MapFigure, MapPawn, MapTile, RowFigure, RowSlot
from pnp.spec.model import GameSpec
from pnp.story.pinned import EXAMPLES_FOLDER, PinnedCase, PinnedRecord, pinned_path, situation_lost

NAMES = ("Anna", "Bram", "Cas", "Daan", "Eva", "Fleur")
CARD_COMPONENTS = (
    "varen",
    "varen-prachtig",
    "stoomboot",
    "stoomboot-prachtig",
    "pakjes",
    "pakjes-prachtig",
    "kalender",
)
HEADINGS = {"n": "het noorden", "o": "het oosten", "z": "het zuiden", "w": "het westen"}
SIDE_WORDS = {"links": "linker", "rechts": "rechter"}
PAKJE_WORDS = {
    "letter": "een chocoladeletter",
    "marsepein": "marsepein",
    "boek": "een boek",
    "knuffel": "een knuffel",
    "trommel": "een trommel",
}
MAP_LETTERS = {
    "huizen": "H",
    "water": "~",
    "rots": "R",
    "stroming": "S",
    "draaikolk": "K",
    "haven": "V",
}
"""Letters of the tiles in the text version of a map (a delivered house: ``h``)."""
MAP_LEGEND = (
    "H huis, h bezorgd, ~ water, R rots, S stroming, K draaikolk, V haven, * route, B boot, P Piet"
)
IGNORED = {
    "storm": "Op deze positie staat een storm: de kaart doet niets.",
    "past-niet": "De kaart sluit nergens aan en de Stoomrij heeft maar één kaart: er gebeurt niets.",
}


@dataclass
class _Story:
    """The example being told: the steps so far and what the table looks like now."""

    spec: GameSpec
    trace: RoundTrace
    kind: str
    table: TableState
    steps: list[Step] = field(default_factory=list)
    row_before: tuple[str, ...] = ()
    """The Stoomrij before the event being told (the table has seen it already)."""
    paths: dict[str, list[str]] = field(default_factory=dict)
    """The squares each pawn sailed this round, in order."""
    placed: dict[int, tuple[str, bool]] = field(default_factory=dict)
    kalender: int | None = None

    # -- cards and tiles of the spec tables ------------------------------------

    def picture(self, card: str) -> CardPicture:
        for component_id in CARD_COMPONENTS:
            component = self.spec.component(component_id)
            if any(row.id == card for row in component.rows):
                return CardPicture(component_id, card)
        raise KeyError(card)

    def card_name(self, card: str) -> str:
        picture = self.picture(card)
        if picture.component.startswith("stoomboot"):
            return "een Stoombootkaart ({})".format(
                self.spec.component(picture.component).row(card).text("name")
            )
        return self.spec.component(picture.component).row(card).text("name")

    def tile_id(self, square: str) -> str:
        return self.trace.tiles[parse_square(square, self.trace.size)]

    def house(self, square: str) -> str | None:
        tile = self.tile_id(square)
        houses = self.spec.component("huizen")
        return houses.row(tile).text("name") if any(r.id == tile for r in houses.rows) else None

    def wants(self, square: str) -> str:
        row = self.spec.component("huizen").row(self.tile_id(square))
        return join_words([PAKJE_WORDS[w] for w in (row.text("want1"), row.text("want2")) if w])

    def connector(self, card: str, side: str) -> str:
        component = self.picture(card).component
        return self.spec.component(component).row(card).text(side)

    # -- figures ---------------------------------------------------------------

    def row_figure(self, caption: str, with_slots: bool) -> RowFigure:
        cards = tuple(self.picture(c) for c in self.table.row)
        slots: list[RowSlot | None] = []
        if with_slots:
            for position in range(1, len(self.trace.icons) + 1):
                card = self.placed.get(position)
                if card is None:
                    slots.append(None)
                else:
                    shown = self.picture(card[0]) if card[1] else None
                    slots.append(RowSlot(shown, str(position)))
        return RowFigure(cards, tuple(slots), caption)

    def map_figure(self) -> MapFigure:
        """The map after the round, with the route of the boot (or of the Piet that sailed)."""
        owner = tile_components(self.spec)
        size = self.trace.size
        tiles = []
        for index, tile in enumerate(self.trace.tiles):
            square = square_name(index, size)
            component = owner[tile]
            letter = MAP_LETTERS.get(tile, MAP_LETTERS.get(component, "?"))
            done = square in self.table.delivered
            tiles.append(
                MapTile(
                    index % size,
                    index // size,
                    CardPicture(component, tile),
                    done,
                    letter.lower() if done else letter,
                )
            )
        pawns = tuple(
            MapPawn(
                *_cell(sq, size),
                heading,
                "#C0392B" if pawn == "boot" else "#23824F",
                "B" if pawn == "boot" else "P",
            )
            for pawn, (sq, heading) in sorted(self.table.pawns.items())
        )
        cells = tuple(_cell(sq, size) for sq in self.route())
        sailed = "de boot" if "boot" in self.paths or not self.paths else "de Piet"
        caption = f"Het speelbord na de ronde, met de route van {sailed}"
        return MapFigure(size, size, tuple(tiles), caption, cells, pawns, MAP_LEGEND)

    def route(self) -> list[str]:
        """The boat's route this round, or if only a Piet sailed, that Piet's."""
        if "boot" in self.paths:
            return self.paths["boot"]
        return next(iter(self.paths.values()), [])

    # -- telling ---------------------------------------------------------------

    def say(
        self,
        text: str,
        cards: tuple[str, ...] = (),
        automatic: bool = False,
        figures: tuple[object, ...] = (),
    ) -> None:
        pictures = tuple(self.picture(c) for c in cards)
        self.steps.append(Step(text, pictures, automatic, None, figures))

    def claim(self, claim: Claim, since: int) -> None:
        """Give the last step told since step ``since`` its claim (if it has none yet)."""
        if len(self.steps) > since and self.steps[-1].claim is None:
            self.steps[-1] = replace(self.steps[-1], claim=claim)

    def table_claim(self, index: int) -> Table:
        table = self.table
        return Table(index, table.snapshot(), table.row, tuple(sorted(table.delivered)))


def _cell(square: str, size: int) -> tuple[int, int]:
    """``(column, row)`` of a square's name."""
    row, col = divmod(parse_square(square, size), size)
    return col, row


def _pawn(pawn: str) -> str:
    """ "De boot", or "De Piet van Bram" for ``piet-1``."""
    if pawn == "boot":
        return "De boot"
    return f"De Piet van {_name(int(pawn.removeprefix('piet-')))}"


def _name(seat: int) -> str:
    return NAMES[seat] if seat < len(NAMES) else f"speler {seat + 1}"


def _direction(size: int, start: str, end: str) -> str:
    a, b = parse_square(start, size), parse_square(end, size)
    dr, dc = b // size - a // size, b % size - a % size
    if dr < 0:
        return HEADINGS["n"]
    if dr > 0:
        return HEADINGS["z"]
    return HEADINGS["o"] if dc > 0 else HEADINGS["w"]


def _intro(story: _Story) -> str:
    trace = story.trace
    positions = len(trace.icons)
    eyes = [str(i) for i, eye in enumerate(trace.eyes, start=1) if eye]
    boat_square, heading = story.table.pawns["boot"]
    where = story.house(boat_square)
    place = f"bij {where}" if where else "op het water"
    text = (
        f"{number_word(trace.num_players).capitalize()} spelers, de {ordinal_word(trace.round)} "
        f"ronde. {_name(trace.sint)} is de Sint. De Stoomrij heeft "
        f"{count_phrase(len(trace.row), 'kaart', 'kaarten')}, dus "
        f"{count_phrase(positions, 'positie', 'posities')}"
    )
    if eyes:
        where = f"positie {eyes[0]}" if len(eyes) == 1 else f"de posities {join_words(eyes)}"
        text += f"; op {where} mag een kaart open liggen"
    text += f". De boot ligt {place}, met de boeg naar {HEADINGS[heading]}."
    return text


def _placing(story: _Story, moment: Moment, event: Event) -> None:
    if isinstance(event, CardPlaced):
        story.placed[event.position] = (event.card, event.face_up)
        who = _name(event.seat)
        if event.face_up:
            story.say(
                f"{who} legt {story.card_name(event.card)} open onder positie {event.position}: "
                "die heeft een oogje, zodat iedereen de kaart ziet.",
                (event.card,),
            )
        else:
            story.say(f"{who} legt een kaart dicht onder positie {event.position}.")
        story.claim(Placed(moment.index, event.position, event.card, event.face_up), 0)
    elif isinstance(event, PlayerSkipped):
        story.say(f"{_name(event.seat)} heeft geen kaarten meer en slaat over.", automatic=True)
    elif isinstance(event, PlacingEnded):
        story.say(
            f"Alle posities zijn gevuld. {_name(event.next_sint)} legde de laatste kaart "
            "en wordt na deze ronde de Sint.",
            automatic=True,
            figures=(story.row_figure("De Stoomrij na het leggen", with_slots=True),),
        )


def _sailing(story: _Story, event: Event) -> None:
    size = story.trace.size
    sint = _name(story.trace.sint)
    if isinstance(event, CardRevealed):
        story.say(
            f"{sint} draait de kaart onder positie {event.position} om: {story.card_name(event.card)}, "
            f"gelegd door {_name(event.placed_by)}.",
            (event.card,),
        )
    elif isinstance(event, CardIgnored):
        story.say(IGNORED.get(event.reason, "Deze kaart doet niets."), automatic=True)
    elif isinstance(event, PawnTurned):
        facing = "De boeg wijst" if event.pawn == "boot" else f"{_pawn(event.pawn)} kijkt"
        story.say(f"{facing} nu naar {HEADINGS[event.after]}.", automatic=True)
    elif isinstance(event, HeadingChosen):
        story.say(f"{sint} draait {_pawn(event.pawn).lower()} naar {HEADINGS[event.heading]}.")
    elif isinstance(event, PawnMoved):
        path = story.paths.setdefault(event.pawn, [event.start])
        path += list(event.path)
        house = story.house(event.end)
        arrival = f" en komt bij {house}" if house else ""
        story.say(
            f"{_pawn(event.pawn)} vaart {count_phrase(len(event.path), 'tegel', 'tegels')} naar "
            f"{_direction(size, event.start, event.path[0])}{arrival}.",
            automatic=True,
        )
    elif isinstance(event, PawnBumped):
        pawn = _pawn(event.pawn)
        if event.cause == "rots":
            story.say(
                f"Op de tegel ervoor ligt een rots! {pawn} kan er niet heen, blijft liggen en krijgt "
                f"{count_phrase(event.damage, 'schadepunt', 'schadepunten')}.",
                automatic=True,
            )
        else:
            extra = (
                f" en dat kost {count_phrase(event.damage, 'schadepunt', 'schadepunten')}"
                if event.damage
                else "; er gebeurt verder niets"
            )
            story.say(
                f"{pawn} zou van het speelbord af varen en blijft liggen{extra}.", automatic=True
            )
    elif isinstance(event, TileTriggered):
        row = story.spec.component("pepernoot").row(event.tile)
        story.say(f"{row.text('name')}: {row.text('effect')}", automatic=True)
    elif isinstance(event, DamageTaken):
        story.say(
            f"Door de schade haalt {sint} de {SIDE_WORDS[event.side]} kaart uit de Stoomrij weg. "
            f"Er {'blijft' if len(event.row) == 1 else 'blijven'} "
            f"{count_phrase(len(event.row), 'kaart', 'kaarten')} over. De kaarten die al onder "
            "de posities liggen, worden deze ronde gewoon nog omgedraaid.",
            figures=(story.row_figure("De Stoomrij na de schade", with_slots=False),)
            if event.row
            else (),
        )
    elif isinstance(event, RowLengthened | RowShortened):
        _row_change(story, event)
    elif isinstance(event, Delivered):
        house = story.house(event.square) or event.house
        lies = "die pakjes liggen" if len(event.cards) > 1 else "dat pakje ligt"
        stand_ins = [
            f"{story.card_name(card)} telt als {PAKJE_WORDS[kind]}"
            for card, kind in zip(event.cards, event.counted, strict=True)
            if story.picture(card).component == "pakjes-prachtig"
            and story.card_name(card) != "Telefoon"
        ]
        counted = f" ({join_words(stand_ins)})" if stand_ins else ""
        left = (
            f"Nog {count_phrase(event.left, 'huis', 'huizen')} te gaan."
            if event.left
            else "Alle huizen zijn bezorgd: jullie hebben samen gewonnen!"
        )
        story.say(
            f"{_pawn(event.pawn)} ligt bij {house}, dat {story.wants(event.square)} wil, en "
            f"{lies} open in de Stoomrij{counted}. {sint} bezorgt: de pakjeskaarten gaan uit het spel en "
            f"{house} draait om naar bezorgd. {left}",
            event.cards,
        )
    elif isinstance(event, DeliveryDeclined):
        story.say(f"{sint} zou kunnen bezorgen, maar bewaart de pakjes.")
    elif isinstance(event, PawnChosen) and event.pawn != "boot":
        story.say(f"{sint} gebruikt deze kaart voor de eigen Piet in plaats van voor de boot.")
    elif isinstance(event, PietEntered):
        story.say(
            f"{_pawn(event.pawn)} stond nog naast het speelbord en begint op de tegel van de "
            f"boot, kijkend naar {HEADINGS[event.heading]}.",
            automatic=True,
        )
    elif isinstance(event, TalkOpened):
        story.say(
            "Er is een Telefoon bezorgd: nu mogen jullie vrij praten over je kaarten en over wat "
            "er nog dicht ligt, tot de volgende kaart omgaat.",
            automatic=True,
        )
    elif isinstance(event, TalkClosed):
        story.say("De volgende kaart gaat om: het praten is weer voorbij.", automatic=True)


def _row_change(story: _Story, event: RowLengthened | RowShortened) -> None:
    sint = _name(story.trace.sint)
    before = story.row_before
    length = count_phrase(len(event.row), "kaart", "kaarten")
    figure = (story.row_figure("De Stoomrij voor de volgende ronde", with_slots=False),)
    if isinstance(event, RowLengthened):
        neighbour = before[0] if event.side == "links" else before[-1]
        touching = story.connector(neighbour, "left" if event.side == "links" else "right")
        who = (
            f"{sint} maakt de Stoomrij langer: de kaart"
            if event.cause == "stoomboot"
            else "De bovenste kaart van de Stoombootstapel"
        )
        story.say(
            f"{who} sluit {event.side} aan "
            f"({touching} tegen {touching}). De Stoomrij heeft nu {length}: volgende ronde "
            f"{count_phrase(2 * len(event.row) - 1, 'positie', 'posities')}.",
            figures=figure,
        )
        return
    card = event.cause
    if card in ("lekkage",):
        story.say(
            f"Door de lekkage haalt {sint} de {SIDE_WORDS[event.side]} kaart uit de Stoomrij "
            f"weg. De Stoomrij heeft nu {length}.",
            figures=figure,
        )
        return
    at_left = (story.connector(card, "right"), story.connector(before[0], "left"))
    at_right = (story.connector(card, "left"), story.connector(before[-1], "right"))
    fits = at_left[0] == at_left[1] or at_right[0] == at_right[1]
    reason = (
        f"{sint} kiest ervoor de Stoomrij korter te maken"
        if fits
        else (
            f"De Stoombootkaart past nergens: links van de rij zou {at_left[0]} tegen {at_left[1]} komen, "
            f"rechts {at_right[0]} tegen {at_right[1]}. Dus moet {sint} de Stoomrij korter maken"
        )
    )
    story.say(
        f"{reason}: de {SIDE_WORDS[event.side]} kaart gaat weg. De Stoomrij heeft nu {length}.",
        figures=figure,
    )


def _round_end(story: _Story, event: Event) -> None:
    if isinstance(event, KalenderDrawn):
        row = story.spec.component("kalender").row(event.card)
        if event.unseen:
            story.say(f"Door Haast! gaat ook {row.text('name')} ongezien weg.", (event.card,), True)
        else:
            text = row.text("text")
            story.say(
                f"De bovenste Kalenderkaart is {row.text('name')}: {text[:1].lower()}{text[1:]} "
                f"Er {'ligt' if event.left == 1 else 'liggen'} nog "
                f"{count_phrase(event.left, 'Kalenderkaart', 'Kalenderkaarten')}.",
                (event.card,),
                True,
            )
    elif isinstance(event, OzosnelChosen):
        story.say(f"{_name(event.seat)} kiest voor Ozosnel {HEADINGS[event.heading]}.")
    elif isinstance(event, PakjesReturned) and event.cards:
        names = join_words([story.card_name(c).lower() for c in event.cards])
        goes = "Die gaan" if len(event.cards) > 1 else "Dat gaat"
        story.say(f"Niet bezorgd: {names}. {goes} terug in de Pakjesstapel.", automatic=True)
    elif isinstance(event, KalenderChosen):
        story.kalender = event.count
        story.say(
            f"{_name(event.seat)} legt {story.card_name(event.card)} van positie "
            f"{event.position} op de Kalender. Daar {'ligt' if event.count == 1 else 'liggen'} "
            f"nu {count_phrase(event.count, 'kaart', 'kaarten')}.",
            (event.card,),
        )
    elif isinstance(event, KalenderFilled):
        story.kalender = event.count
        story.say(
            "Er ligt geen gespeelde kaart meer op tafel: de bovenste kaart van een stapel gaat "
            f"op de Kalender ({count_phrase(event.count, 'kaart', 'kaarten')}).",
            automatic=True,
        )
    elif isinstance(event, NewSint):
        story.say(f"{_name(event.seat)} is de nieuwe Sint.", automatic=True)


def tell(spec: GameSpec, trace: RoundTrace, kind: str) -> tuple[str, list[Step]]:
    """The intro and the steps of one round, told for an example of ``kind``."""
    story = _Story(spec, trace, kind, TableState.at_start(trace))
    intro = _intro(story)
    for number, moment in enumerate(trace.moments):
        since = len(story.steps)
        events = moment.events
        if number == 0:  # the action that started the round also ended the previous one
            start = next(i for i, e in enumerate(events) if isinstance(e, RoundStarted))
            events = events[start:]
        for event in events:
            story.row_before = story.table.row
            story.table.see(event)
            if kind == KIND_ROUND:
                _placing(story, moment, event)
            elif isinstance(event, PlacingEnded):
                story.say(
                    "Iedereen legt om de beurt een kaart, tot alle posities gevuld zijn.",
                    figures=(story.row_figure("De Stoomrij na het leggen", with_slots=True),),
                )
            elif isinstance(event, CardPlaced):
                story.placed[event.position] = (event.card, event.face_up)
            _sailing(story, event)
            if kind in (KIND_ROUND, KIND_DELIVERY, KIND_KALENDER):
                _round_end(story, event)
        told_kalender = any(isinstance(e, KalenderChosen | KalenderFilled) for e in moment.events)
        if told_kalender and story.kalender is not None:
            story.claim(KalenderCount(moment.index, story.kalender), since)
        story.claim(story.table_claim(moment.index), since)
    figure = story.map_figure()
    sailer = figure.caption.rsplit("route van ", 1)[-1]
    story.steps.append(
        Step(
            f"Zo voer {sailer} deze ronde over het speelbord.",
            figures=(figure,),
            automatic=True,
            claim=story.table_claim(trace.last),
        )
    )
    return intro, story.steps


_REQUIRED: dict[str, Callable[[RoundTrace], bool]] = {
    KIND_ROUND: lambda t: bool(t.events(CardRevealed)),
    KIND_DELIVERY: lambda t: bool(t.events(Delivered)),
    KIND_LONGER: lambda t: any(
        isinstance(e, RowLengthened) and e.cause == "stoomboot" for e in t.events(RowLengthened)
    ),
    KIND_SHORTER: lambda t: bool(t.events(RowShortened)),
    KIND_ROCK: lambda t: any(
        isinstance(e, PawnBumped) and e.cause == "rots" for e in t.events(PawnBumped)
    ),
    KIND_PIET: lambda t: any(
        isinstance(e, Delivered) and e.pawn.startswith("piet") for e in t.events(Delivered)
    ),
    KIND_TELEFOON: lambda t: bool(t.events(TalkOpened)),
    KIND_KALENDER: lambda t: bool(t.events(KalenderDrawn)),
}


def render_example(spec: GameSpec, pinned: PinnedRecord, trace: RoundTrace) -> Example:
    """Turn a replayed pinned example into the rulebook's :class:`Example`."""
    if not _REQUIRED[pinned.kind](trace):
        raise situation_lost(pinned_path(spec, pinned.id), pinned.kind, [pinned.kind], FINDER)
    intro, steps = tell(spec, trace, pinned.kind)
    seed = "-" if pinned.record.seed is None else str(pinned.record.seed)
    return Example(
        id=pinned.id,
        title=pinned.title,
        intro=intro,
        source=f"{EXAMPLES_FOLDER}/{pinned.id}.json · seed {seed} · ronde {trace.round}",
        steps=tuple(steps),
        rules=KIND_RULES[pinned.kind],
        variants=pinned.record.variants,
    )


def rulebook_examples(spec: GameSpec, variants: tuple[str, ...]) -> list[Example]:
    """The examples for a kit with ``variants``, replayed from the pinned records.

    Every pinned file is read and replayed (a missing, corrupt or no longer
    replaying file is a :class:`PnpError` naming it); only examples whose
    variants are all chosen are returned, in rulebook order.
    """

    def render(case: PinnedCase) -> Example:
        pinned, trace = load_pinned(spec, case)
        return render_example(spec, pinned, trace)

    return kit_examples(PINNED_CASES, render, lambda case: pinned_path(spec, case.id), variants)
