"""The sentences of a Stoomboot example: one Dutch step per event of the focus round.

Each handler of :data:`HANDLERS` tells one event type with :meth:`Telling.tell`:
a phrase of ``cardspecs/stoomboot/rulebook/voorbeelden.toml``, the real cards
it mentions, the figures under it (the Stoomrij after the placing and after
every change; at the end, :class:`RoundTold`, the map with the route sailed)
and its claim (:mod:`~pnp.games.stoomboot.story.claims`): what a placing or
a Kalender step states, else the table right after the action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from pnp.engine.core import Event
from pnp.example_model import CardPicture, Step
from pnp.example_model.figures import MapFigure, MapPawn, MapTile, RowFigure, RowSlot
from pnp.games.stoomboot.kit.map_sheet import tile_components
from pnp.games.stoomboot.rules import events as ev
from pnp.games.stoomboot.rules.actions import Action
from pnp.games.stoomboot.rules.board import parse_square, square_name
from pnp.games.stoomboot.story.claims import KalenderCount, Placed, Table
from pnp.games.stoomboot.story.trace import Play, Round, RoundScene, Seen
from pnp.language import Language
from pnp.story import Handlers, on

E = TypeVar("E", bound=Event)
CARDS: tuple[str, ...] = ("varen", "varen-prachtig", "stoomboot", "stoomboot-prachtig")
CARDS += ("pakjes", "pakjes-prachtig", "kalender")
"""The components whose cards a step may show."""
COLOURS = {"boot": "#C0392B", "piet": "#23824F"}
"""The pawns' colours on a map."""


@dataclass(frozen=True)
class RoundTold(Event):
    """Not an engine event: the whole round has been told (the map ends the example)."""

    automatic: ClassVar[bool] = True


@dataclass(frozen=True)
class Telling:
    """An example being told: its scene and round, and which parts of the round it tells."""

    scene: RoundScene
    round: Round
    placing: bool
    """Tell every card placed (else one sentence for the whole placing)."""
    round_end: bool
    """Tell the end of the round: the Kalender and the pakjes returned."""

    @property
    def language(self) -> Language:
        """The language the example is told in."""
        return self.scene.phrases.language

    def say(self, key: str, **fields: object) -> str:
        """A phrase; ``{sint}`` is always given."""
        return self.scene.say(key, **{"sint": self.name(self.round.started.sint), **fields})

    def tell(
        self, m: Play, e: Event, key: str, shown: tuple[str, ...] = (), *,
        figures: tuple[object, ...] = (), claim: object = None, automatic: bool | None = None,
        **fields: object,
    ) -> Step:  # fmt: skip
        """The step of phrase ``key`` showing the cards ``shown``, automatic as the event;
        the phrase gets the event's words (:meth:`words`) and ``fields``, the step the table
        after the action as its claim unless another is given."""
        claim = table_claim(m.index, self.round.after(m)) if claim is None else claim
        automatic = e.automatic if automatic is None else automatic
        text = self.say(key, **{**self.words(e), **fields})
        return Step(text, tuple(self.picture(c) for c in shown), automatic, claim, figures)

    def words(self, e: Event) -> dict[str, object]:
        """What every phrase may name of its event: ``{name}`` of its ``seat``, its ``{pawn}``,
        ``{heading}`` and ``{position}``."""
        words: dict[str, object] = {"position": getattr(e, "position", None)}
        if isinstance(seat := getattr(e, "seat", None), int):
            words["name"] = self.name(seat)
        if isinstance(pawn := getattr(e, "pawn", None), str):
            words["pawn"] = self.pawn(pawn)
        if isinstance(heading := getattr(e, "heading", None), str):
            words["heading"] = self.heading(heading)
        return words

    def name(self, seat: int) -> str:
        return self.scene.names[seat]

    def count(self, noun: str, count: int) -> str:
        return self.scene.count(noun, count)

    def one(self, key: str, count: int) -> str:
        """The phrase ``<key>_one`` for one, else ``<key>_more`` (a verb or words by count)."""
        return self.say(f"{key}_one" if count == 1 else f"{key}_more")

    def pawn(self, pawn: str) -> str:
        """ "De boot", or "De Piet van Bram" for ``piet-1``."""
        seat = 0 if pawn == "boot" else int(pawn.removeprefix("piet-"))
        return self.say(f"pawn_{pawn[:4]}", name=self.name(seat))

    def heading(self, heading: str) -> str:
        return self.say(f"heading_{heading}")

    def picture(self, card: str) -> CardPicture:
        for component in CARDS:
            if any(row.id == card for row in self.scene.spec.component(component).rows):
                return CardPicture(component, card)
        raise KeyError(card)

    def card_text(self, card: str, column: str) -> str:
        return self.scene.spec.component(self.picture(card).component).row(card).text(column)

    def connector(self, card: str, column: str) -> str:
        """The name of a Steamboat card's connector at one edge (``left``, ``right``), in the
        phrases' words (the table's choice, such as ``golf``, is no word to print)."""
        return self.say(f"connector_{self.card_text(card, column)}")

    def card_name(self, card: str) -> str:
        name = self.card_text(card, "name")
        stoomboot = self.picture(card).component.startswith("stoomboot")
        return self.say("stoomboot_card", name=name) if stoomboot else name

    def tile(self, square: str) -> str:
        return self.round.start.tiles[parse_square(square, self.round.start.size)]

    def house(self, square: str) -> str | None:
        tile, houses = self.tile(square), self.scene.spec.component("huizen")
        return houses.row(tile).text("name") if any(r.id == tile for r in houses.rows) else None


def table_claim(index: int, seen: Seen) -> Table:
    return Table(index, seen.pawns, seen.row, tuple(sorted(seen.delivered)))


def _cell(square: str, size: int) -> tuple[int, int]:
    """``(column, row)`` of a square's name."""
    row, col = divmod(parse_square(square, size), size)
    return col, row


def routes(r: Round) -> dict[str, list[str]]:
    """The squares each pawn sailed in round ``r``, in order."""
    paths: dict[str, list[str]] = {}
    for e in r.events(ev.PawnMoved):
        paths.setdefault(e.pawn, [e.start]).extend(e.path)
    return paths


def row_figure(
    ctx: Telling, row: tuple[str, ...], caption: str, slots: bool = False
) -> tuple[RowFigure]:
    """The Stoomrij ``row``, with the cards placed this round under its positions if ``slots``."""
    placed = {e.position: e for e in ctx.round.events(ev.CardPlaced)}
    shown: list[RowSlot | None] = []
    for position in range(1, len(ctx.round.started.icons) + 1 if slots else 1):
        card = placed.get(position)
        up = None if card is None or not card.face_up else ctx.picture(card.card)
        shown.append(None if card is None else RowSlot(up, str(position)))
    return (RowFigure(tuple(ctx.picture(c) for c in row), tuple(shown), ctx.say(caption)),)


def revealed_figure(ctx: Telling, m: Play, caption: str) -> tuple[RowFigure]:
    """The Stoomrij the cards were placed under, each card in its position: open once the
    Sint has turned it over (up to moment ``m``), else still gedekt unless it lay open."""
    turned = {
        e.position: e.card
        for moment in ctx.round.moments
        if moment.index <= m.index
        for e in moment.events_of(ev.CardRevealed)
    }
    shown: list[RowSlot | None] = []
    placed = {e.position: e for e in ctx.round.events(ev.CardPlaced)}
    for position in range(1, len(ctx.round.started.icons) + 1):
        card = placed.get(position)
        if card is None:
            shown.append(None)
            continue
        up = position in turned or card.face_up
        shown.append(RowSlot(ctx.picture(card.card) if up else None, str(position)))
    row = tuple(ctx.picture(c) for c in ctx.round.started.row)
    return (RowFigure(row, tuple(shown), ctx.say(caption)),)


def map_figure(ctx: Telling, sailer: str, paths: dict[str, list[str]]) -> MapFigure:
    """The map after the round, with the route sailed (the boat's, if it sailed) and the pawns."""
    route = paths.get("boot") or next(iter(paths.values()), [])
    caption = ctx.say("caption_map", sailer=sailer)
    return board_figure(ctx, ctx.round.start.tiles, ctx.round.end, caption, route)


def board_figure(
    ctx: Telling, tiles: tuple[str, ...], seen: Seen, caption: str, route: Sequence[str] = ()
) -> MapFigure:
    """The map of ``tiles`` with the houses delivered and the pawns of ``seen``, and a route."""
    size, owner, letters = seen.size, tile_components(ctx.scene.spec), ctx.scene.phrases.phrases
    drawn = []
    for index, tile in enumerate(tiles):
        key = next((f"letter_{i}" for i in (tile, owner[tile]) if f"letter_{i}" in letters), "")
        done, letter = square_name(index, size) in seen.delivered, ctx.say(key or "letter")
        at = (index % size, index // size, CardPicture(owner[tile], tile), done)
        drawn.append(MapTile(*at, letter.lower() if done else letter))
    pawns = tuple(
        MapPawn(*_cell(sq, size), heading, COLOURS[p[:4]], ctx.say(f"letter_{p[:4]}"))
        for p, sq, heading in seen.pawns
    )
    cells = tuple(_cell(s, size) for s in route)
    return MapFigure(size, size, tuple(drawn), caption, cells, pawns, ctx.say("map_legend"))


Tell = Callable[[Telling, Play, E], Step | None]


def said(key: str) -> Tell[Event]:
    """A sentence of the event's own words (:meth:`Telling.words`)."""
    return lambda ctx, m, e: ctx.tell(m, e, key)


def while_placing(tell: Tell[E]) -> Tell[E]:
    """Told only by the examples that tell every card placed."""
    return lambda ctx, m, e: tell(ctx, m, e) if ctx.placing else None


def at_round_end(tell: Tell[E]) -> Tell[E]:
    """Told only by the examples that tell the end of the round."""
    return lambda ctx, m, e: tell(ctx, m, e) if ctx.round_end else None


# -- placing and sailing ----------------------------------------------------------------------


def _placed(ctx: Telling, m: Play, e: ev.CardPlaced) -> Step:
    claim = Placed(m.index, e.position, e.card, e.face_up)
    if not e.face_up:
        return ctx.tell(m, e, "placed_closed", claim=claim)
    return ctx.tell(m, e, "placed_open", (e.card,), claim=claim, card=ctx.card_name(e.card))


def _placing_ended(ctx: Telling, m: Play, e: ev.PlacingEnded) -> Step:
    figures = row_figure(ctx, ctx.round.started.row, "caption_placed", slots=True)
    if not ctx.placing:
        return ctx.tell(m, e, "placing_told_short", figures=figures, automatic=False)
    return ctx.tell(m, e, "placing_ended", figures=figures, name=ctx.name(e.next_sint))


def _revealed(ctx: Telling, m: Play, e: ev.CardRevealed) -> Step:
    card, name = ctx.card_name(e.card), ctx.name(e.placed_by)
    return ctx.tell(m, e, "revealed", (e.card,), card=card, name=name)


def _ignored(ctx: Telling, m: Play, e: ev.CardIgnored) -> Step:
    key = f"ignored_{e.reason}"
    return ctx.tell(m, e, key if key in ctx.scene.phrases.phrases else "ignored")


def _turned(ctx: Telling, m: Play, e: ev.PawnTurned) -> Step:
    return ctx.tell(m, e, f"turned_{e.pawn[:4]}", heading=ctx.heading(e.after))


def _heading_chosen(ctx: Telling, m: Play, e: ev.HeadingChosen) -> Step:
    return ctx.tell(m, e, "heading_chosen", pawn=ctx.pawn(e.pawn).lower())


def _moved(ctx: Telling, m: Play, e: ev.PawnMoved) -> Step:
    (col, row), (to_col, to_row) = (_cell(s, ctx.round.start.size) for s in (e.start, e.path[0]))
    way = ("n" if to_row < row else "z") if to_row != row else ("o" if to_col > col else "w")
    house, tiles = ctx.house(e.end), ctx.count("tegel", len(e.path))
    arrival = ctx.say("arrival", house=house) if house else ""
    return ctx.tell(m, e, "moved", tiles=tiles, heading=ctx.heading(way), arrival=arrival)


def _bumped(ctx: Telling, m: Play, e: ev.PawnBumped) -> Step:
    damage = ctx.count("schadepunt", e.damage)
    if e.cause == "rots":
        return ctx.tell(m, e, "bumped_rots", damage=damage)
    extra = ctx.say("bumped_damage", damage=damage) if e.damage else ctx.say("bumped_nothing")
    return ctx.tell(m, e, "bumped_edge", extra=extra)


def _tile(ctx: Telling, m: Play, e: ev.TileTriggered) -> Step:
    row = ctx.scene.spec.component("pepernoot").row(e.tile)
    return ctx.tell(m, e, "tile_triggered", name=row.text("name"), effect=row.text("effect"))


def _damage(ctx: Telling, m: Play, e: ev.DamageTaken) -> Step:
    side, stays = ctx.say(f"side_{e.side}"), ctx.one("stays", len(e.row))
    figures = row_figure(ctx, e.row, "caption_damage") if e.row else ()
    cards = ctx.count("kaart", len(e.row))
    return ctx.tell(m, e, "damage", figures=figures, side=side, stays=stays, cards=cards)


def _longer(ctx: Telling, m: Play, e: ev.RowLengthened) -> Step:
    left = e.side == "links"  # the card touches the row's old end card, next to it
    touching = ctx.connector(e.row[1] if left else e.row[-2], "left" if left else "right")
    who = ctx.say("longer_by_sint" if e.cause == "stoomboot" else "longer_by_pile")
    cards, positions = ctx.count("kaart", len(e.row)), ctx.count("positie", 2 * len(e.row) - 1)
    side, figures = ctx.say(f"toward_{e.side}"), row_figure(ctx, e.row, "caption_next")
    return ctx.tell(
        m, e, "longer", figures=figures, who=who, side=side, touching=touching, cards=cards,
        positions=positions,
    )  # fmt: skip


def _shorter(ctx: Telling, m: Play, e: ev.RowShortened) -> Step:
    before = (e.card, *e.row) if e.side == "links" else (*e.row, e.card)
    side, figures = ctx.say(f"side_{e.side}"), row_figure(ctx, e.row, "caption_next")
    cards = ctx.count("kaart", len(e.row))
    if e.cause == "lekkage":
        return ctx.tell(m, e, "shorter_lekkage", figures=figures, side=side, cards=cards)
    ends = {
        "card_left": ctx.card_text(e.cause, "right"),
        "row_left": ctx.card_text(before[0], "left"),
        "card_right": ctx.card_text(e.cause, "left"),
        "row_right": ctx.card_text(before[-1], "right"),
    }
    fits = ends["card_left"] == ends["row_left"] or ends["card_right"] == ends["row_right"]
    named = {key: ctx.say(f"connector_{value}") for key, value in ends.items()}
    reason = ctx.say("shorter_chosen" if fits else "shorter_forced", **named)
    return ctx.tell(m, e, "shorter", figures=figures, reason=reason, side=side, cards=cards)


def _delivered(ctx: Telling, m: Play, e: ev.Delivered) -> Step:
    house = ctx.scene.spec.component("huizen").row(ctx.tile(e.square))
    wants = [ctx.say(f"pakje_{w}") for w in (house.text("want1"), house.text("want2")) if w]
    stand_ins = [
        ctx.say("stand_in", card=ctx.card_name(card), pakje=ctx.say(f"pakje_{kind}"))
        for card, kind in zip(e.cards, e.counted, strict=True)
        if ctx.picture(card).component == "pakjes-prachtig"
        and ctx.card_text(card, "special") != "telefoon"
    ]
    counted = (
        ctx.say("delivered_counted", stand_ins=ctx.language.join_words(stand_ins))
        if stand_ins
        else ""
    )
    left = ctx.say("houses_left", houses=ctx.count("huis", e.left))
    figures = revealed_figure(ctx, m, "caption_delivered")
    return ctx.tell(
        m, e, "delivered", e.cards, figures=figures, house=ctx.house(e.square) or e.house,
        wants=ctx.language.join_words(wants),
        counted=counted, left=left if e.left else ctx.say("all_delivered"),
        lie=ctx.say("delivered_lies_more" if len(e.cards) > 1 else "delivered_lies_one"),
    )  # fmt: skip


def _pawn_chosen(ctx: Telling, m: Play, e: ev.PawnChosen) -> Step | None:
    return None if e.pawn == "boot" else ctx.tell(m, e, "piet_chosen")


# -- the end of the round ---------------------------------------------------------------------


def _kalender_drawn(ctx: Telling, m: Play, e: ev.KalenderDrawn) -> Step:
    row = ctx.scene.spec.component("kalender").row(e.card)
    name, rule = row.text("name"), row.text("text")
    if e.unseen:
        return ctx.tell(m, e, "kalender_unseen", (e.card,), name=name)
    text, lies, left = rule[:1].lower() + rule[1:], ctx.one("lies", e.left), e.left
    left_text = ctx.count("kalenderkaart", left)
    return ctx.tell(
        m, e, "kalender_drawn", (e.card,), name=name, text=text, lies=lies, left=left_text
    )


def _returned(ctx: Telling, m: Play, e: ev.PakjesReturned) -> Step | None:
    if not e.cards:
        return None
    cards = ctx.language.join_words([ctx.card_name(c).lower() for c in e.cards])
    return ctx.tell(m, e, "returned", cards=cards, goes=ctx.one("returned", len(e.cards)))


def _kalender_chosen(ctx: Telling, m: Play, e: ev.KalenderChosen) -> Step:
    claim, card = KalenderCount(m.index, e.count), ctx.card_name(e.card)
    lies, cards = ctx.one("lies", e.count), ctx.count("kaart", e.count)
    return ctx.tell(
        m, e, "kalender_chosen", (e.card,), claim=claim, card=card, lies=lies, cards=cards
    )


def _kalender_filled(ctx: Telling, m: Play, e: ev.KalenderFilled) -> Step:
    claim, cards = KalenderCount(m.index, e.count), ctx.count("kaart", e.count)
    return ctx.tell(m, e, "kalender_filled", claim=claim, cards=cards)


def _round_told(ctx: Telling, m: Play, e: RoundTold) -> Step:
    paths = routes(ctx.round)
    sailer = ctx.say("sailer_boot" if "boot" in paths or not paths else "sailer_piet")
    claim, figure = table_claim(ctx.round.last, ctx.round.end), map_figure(ctx, sailer, paths)
    return ctx.tell(m, e, "sailed", figures=(figure,), claim=claim, sailer=sailer)


HANDLERS: Handlers[Telling, Action, Seen] = Handlers(
    on(ev.CardPlaced, while_placing(_placed)),
    on(ev.PlayerSkipped, while_placing(said("skipped"))),
    on(ev.PlacingEnded, _placing_ended),
    on(ev.CardRevealed, _revealed),
    on(ev.CardIgnored, _ignored),
    on(ev.PawnTurned, _turned),
    on(ev.HeadingChosen, _heading_chosen),
    on(ev.PawnMoved, _moved),
    on(ev.PawnBumped, _bumped),
    on(ev.TileTriggered, _tile),
    on(ev.DamageTaken, _damage),
    on(ev.RowLengthened, _longer),
    on(ev.RowShortened, _shorter),
    on(ev.Delivered, _delivered),
    on(ev.DeliveryDeclined, said("declined")),
    on(ev.PawnChosen, _pawn_chosen),
    on(ev.PietEntered, said("piet_entered")),
    on(ev.TalkOpened, said("talk_opened")),
    on(ev.TalkClosed, said("talk_closed")),
    on(ev.KalenderDrawn, at_round_end(_kalender_drawn)),
    on(ev.OzosnelChosen, at_round_end(said("ozosnel"))),
    on(ev.PakjesReturned, at_round_end(_returned)),
    on(ev.KalenderChosen, at_round_end(_kalender_chosen)),
    on(ev.KalenderFilled, at_round_end(_kalender_filled)),
    on(RoundTold, _round_told),
)
"""The sentence of each event the examples tell, in the order the events come (a round's
new Sint is named before its ``RoundStarted``, so no example tells ``NewSint``)."""
