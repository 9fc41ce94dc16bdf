"""The sentences of a Stoomboot example: one Dutch step per event of the focus round.

Each handler of :data:`HANDLERS` tells one event type with :meth:`Telling.tell`:
a phrase of ``cardspecs/stoomboot/rulebook/voorbeelden.toml``, the real cards
it mentions, the figures under it (the Stoomrij after the placing and after
every change; at the end, :class:`RoundTold`, the map with the route sailed)
and its claim (:mod:`~pnp.games.stoomboot.example_claims`): what a placing or
a Kalender step states, else the table right after the action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, TypeVar

from pnp.engine.core import Event
from pnp.games.stoomboot import events as ev
from pnp.games.stoomboot.actions import Action
from pnp.games.stoomboot.board import parse_square, square_name
from pnp.games.stoomboot.example_claims import KalenderCount, Placed, Table
from pnp.games.stoomboot.example_trace import Play, Round, RoundScene, Seen
from pnp.games.stoomboot.map_sheet import tile_components
from pnp.rulebook.dutch import join_words
from pnp.rulebook.example import CardPicture, Step
from pnp.rulebook.figures import MapFigure, MapPawn, MapTile, RowFigure, RowSlot
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


@dataclass
class Telling:
    """An example being told: its scene and round, the Stoomrij, the cards placed, the routes."""

    scene: RoundScene
    round: Round
    placing: bool
    """Tell every card placed (else one sentence for the whole placing)."""
    round_end: bool
    """Tell the end of the round: the Kalender, the pakjes returned, the new Sint."""
    row: tuple[str, ...]
    placed: dict[int, tuple[str, bool]] = field(default_factory=dict)
    paths: dict[str, list[str]] = field(default_factory=dict)
    """The squares each pawn sailed, in order."""

    def say(self, key: str, **fields: object) -> str:
        """A phrase; ``{sint}`` is always given."""
        return self.scene.say(key, **{"sint": self.name(self.round.started.sint), **fields})

    def tell(
        self, m: Play, e: Event, key: str, shown: tuple[str, ...] = (), *,
        figures: tuple[object, ...] = (), claim: object = None, automatic: bool | None = None,
        **fields: object,
    ) -> Step:  # fmt: skip
        """The step of phrase ``key`` showing the cards ``shown``, automatic as the event;
        its claim is the table after the action unless another is given."""
        claim = table_claim(m.index, self.round.after(m)) if claim is None else claim
        automatic = e.automatic if automatic is None else automatic
        pictures = tuple(self.picture(c) for c in shown)
        return Step(self.say(key, **fields), pictures, automatic, claim, figures)

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

    def card_name(self, card: str) -> str:
        name = self.card_text(card, "name")
        stoomboot = self.picture(card).component.startswith("stoomboot")
        return self.say("stoomboot_card", name=name) if stoomboot else name

    def tile(self, square: str) -> str:
        return self.round.start.tiles[parse_square(square, self.round.start.size)]

    def house(self, square: str) -> str | None:
        tile, houses = self.tile(square), self.scene.spec.component("huizen")
        return houses.row(tile).text("name") if any(r.id == tile for r in houses.rows) else None

    def changed_row(self, row: tuple[str, ...]) -> tuple[str, ...]:
        """Follow a change of the Stoomrij; the row before it."""
        before, self.row = self.row, row
        return before


def table_claim(index: int, seen: Seen) -> Table:
    return Table(index, seen.pawns, seen.row, tuple(sorted(seen.delivered)))


def _cell(square: str, size: int) -> tuple[int, int]:
    """``(column, row)`` of a square's name."""
    row, col = divmod(parse_square(square, size), size)
    return col, row


def row_figure(ctx: Telling, caption: str, slots: bool = False) -> tuple[RowFigure]:
    """The Stoomrij now, with the cards under its positions if ``slots``."""
    shown: list[RowSlot | None] = []
    for position in range(1, len(ctx.round.started.icons) + 1 if slots else 1):
        card = ctx.placed.get(position)
        up = None if card is None or not card[1] else ctx.picture(card[0])
        shown.append(None if card is None else RowSlot(up, str(position)))
    cards = tuple(ctx.picture(c) for c in ctx.row)
    return (RowFigure(cards, tuple(shown), ctx.say(caption)),)


def map_figure(ctx: Telling, sailer: str) -> MapFigure:
    """The map after the round, with the route sailed and the pawns."""
    start, end = ctx.round.start, ctx.round.end
    size, owner, letters = start.size, tile_components(ctx.scene.spec), ctx.scene.phrases.phrases
    tiles = []
    for index, tile in enumerate(start.tiles):
        key = next((f"letter_{i}" for i in (tile, owner[tile]) if f"letter_{i}" in letters), "")
        done, letter = square_name(index, size) in end.delivered, ctx.say(key or "letter")
        at = (index % size, index // size, CardPicture(owner[tile], tile), done)
        tiles.append(MapTile(*at, letter.lower() if done else letter))
    pawns = tuple(
        MapPawn(*_cell(sq, size), heading, COLOURS[p[:4]], ctx.say(f"letter_{p[:4]}"))
        for p, sq, heading in end.pawns
    )
    route = ctx.paths.get("boot") or next(iter(ctx.paths.values()), [])
    caption, cells = ctx.say("caption_map", sailer=sailer), tuple(_cell(s, size) for s in route)
    return MapFigure(size, size, tuple(tiles), caption, cells, pawns, ctx.say("map_legend"))


Tell = Callable[[Telling, Play, E], Step | None]


def said(key: str) -> Tell[Event]:
    """A sentence that needs nothing of its event (but the Sint's name)."""
    return lambda ctx, m, e: ctx.tell(m, e, key)


def at_round_end(tell: Tell[E]) -> Tell[E]:
    """Told only by the examples that tell the end of the round."""
    return lambda ctx, m, e: tell(ctx, m, e) if ctx.round_end else None


# -- placing and sailing ----------------------------------------------------------------------


def _placed(ctx: Telling, m: Play, e: ev.CardPlaced) -> Step | None:
    ctx.placed[e.position] = (e.card, e.face_up)
    if not ctx.placing:
        return None
    claim, name = Placed(m.index, e.position, e.card, e.face_up), ctx.name(e.seat)
    if not e.face_up:
        return ctx.tell(m, e, "placed_closed", claim=claim, name=name, position=e.position)
    card = ctx.card_name(e.card)
    return ctx.tell(
        m, e, "placed_open", (e.card,), claim=claim, name=name, card=card, position=e.position
    )


def _skipped(ctx: Telling, m: Play, e: ev.PlayerSkipped) -> Step | None:
    return ctx.tell(m, e, "skipped", name=ctx.name(e.seat)) if ctx.placing else None


def _placing_ended(ctx: Telling, m: Play, e: ev.PlacingEnded) -> Step:
    figures = row_figure(ctx, "caption_placed", slots=True)
    if not ctx.placing:
        return ctx.tell(m, e, "placing_told_short", figures=figures, automatic=False)
    return ctx.tell(m, e, "placing_ended", figures=figures, name=ctx.name(e.next_sint))


def _revealed(ctx: Telling, m: Play, e: ev.CardRevealed) -> Step:
    card, name = ctx.card_name(e.card), ctx.name(e.placed_by)
    return ctx.tell(m, e, "revealed", (e.card,), position=e.position, card=card, name=name)


def _ignored(ctx: Telling, m: Play, e: ev.CardIgnored) -> Step:
    key = f"ignored_{e.reason}"
    return ctx.tell(m, e, key if key in ctx.scene.phrases.phrases else "ignored")


def _turned(ctx: Telling, m: Play, e: ev.PawnTurned) -> Step:
    pawn, heading = ctx.pawn(e.pawn), ctx.heading(e.after)
    return ctx.tell(m, e, f"turned_{e.pawn[:4]}", pawn=pawn, heading=heading)


def _heading_chosen(ctx: Telling, m: Play, e: ev.HeadingChosen) -> Step:
    pawn, heading = ctx.pawn(e.pawn).lower(), ctx.heading(e.heading)
    return ctx.tell(m, e, "heading_chosen", pawn=pawn, heading=heading)


def _moved(ctx: Telling, m: Play, e: ev.PawnMoved) -> Step:
    ctx.paths.setdefault(e.pawn, [e.start]).extend(e.path)
    (col, row), (to_col, to_row) = (_cell(s, ctx.round.start.size) for s in (e.start, e.path[0]))
    way = ("n" if to_row < row else "z") if to_row != row else ("o" if to_col > col else "w")
    house, pawn, tiles = ctx.house(e.end), ctx.pawn(e.pawn), ctx.count("tegel", len(e.path))
    arrival = ctx.say("arrival", house=house) if house else ""
    heading = ctx.heading(way)
    return ctx.tell(m, e, "moved", pawn=pawn, tiles=tiles, heading=heading, arrival=arrival)


def _bumped(ctx: Telling, m: Play, e: ev.PawnBumped) -> Step:
    pawn, damage = ctx.pawn(e.pawn), ctx.count("schadepunt", e.damage)
    if e.cause == "rots":
        return ctx.tell(m, e, "bumped_rots", pawn=pawn, damage=damage)
    extra = ctx.say("bumped_damage", damage=damage) if e.damage else ctx.say("bumped_nothing")
    return ctx.tell(m, e, "bumped_edge", pawn=pawn, extra=extra)


def _tile(ctx: Telling, m: Play, e: ev.TileTriggered) -> Step:
    row = ctx.scene.spec.component("pepernoot").row(e.tile)
    return ctx.tell(m, e, "tile_triggered", name=row.text("name"), effect=row.text("effect"))


def _damage(ctx: Telling, m: Play, e: ev.DamageTaken) -> Step:
    ctx.changed_row(e.row)
    side, stays, cards = ctx.say(f"side_{e.side}"), ctx.one("stays", len(e.row)), len(e.row)
    figures = row_figure(ctx, "caption_damage") if e.row else ()
    cards_text = ctx.count("kaart", cards)
    return ctx.tell(m, e, "damage", figures=figures, side=side, stays=stays, cards=cards_text)


def _longer(ctx: Telling, m: Play, e: ev.RowLengthened) -> Step:
    before, left = ctx.changed_row(e.row), e.side == "links"
    touching = ctx.card_text(before[0] if left else before[-1], "left" if left else "right")
    who = ctx.say("longer_by_sint" if e.cause == "stoomboot" else "longer_by_pile")
    cards, positions = ctx.count("kaart", len(e.row)), ctx.count("positie", 2 * len(e.row) - 1)
    side, figures = ctx.say(f"toward_{e.side}"), row_figure(ctx, "caption_next")
    return ctx.tell(
        m, e, "longer", figures=figures, who=who, side=side, touching=touching, cards=cards,
        positions=positions,
    )  # fmt: skip


def _shorter(ctx: Telling, m: Play, e: ev.RowShortened) -> Step:
    before, side = ctx.changed_row(e.row), ctx.say(f"side_{e.side}")
    cards, figures = ctx.count("kaart", len(e.row)), row_figure(ctx, "caption_next")
    if e.cause == "lekkage":
        return ctx.tell(m, e, "shorter_lekkage", figures=figures, side=side, cards=cards)
    ends = {
        "card_left": ctx.card_text(e.cause, "right"),
        "row_left": ctx.card_text(before[0], "left"),
        "card_right": ctx.card_text(e.cause, "left"),
        "row_right": ctx.card_text(before[-1], "right"),
    }
    fits = ends["card_left"] == ends["row_left"] or ends["card_right"] == ends["row_right"]
    reason = ctx.say("shorter_chosen" if fits else "shorter_forced", **ends)
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
    counted = ctx.say("delivered_counted", stand_ins=join_words(stand_ins)) if stand_ins else ""
    left = ctx.say("houses_left", houses=ctx.count("huis", e.left))
    return ctx.tell(
        m, e, "delivered", e.cards, pawn=ctx.pawn(e.pawn), house=ctx.house(e.square) or e.house,
        wants=join_words(wants), counted=counted, left=left if e.left else ctx.say("all_delivered"),
        lie=ctx.say("delivered_lies_more" if len(e.cards) > 1 else "delivered_lies_one"),
    )  # fmt: skip


def _pawn_chosen(ctx: Telling, m: Play, e: ev.PawnChosen) -> Step | None:
    return None if e.pawn == "boot" else ctx.tell(m, e, "piet_chosen")


def _piet_entered(ctx: Telling, m: Play, e: ev.PietEntered) -> Step:
    return ctx.tell(m, e, "piet_entered", pawn=ctx.pawn(e.pawn), heading=ctx.heading(e.heading))


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


def _ozosnel(ctx: Telling, m: Play, e: ev.OzosnelChosen) -> Step:
    return ctx.tell(m, e, "ozosnel", name=ctx.name(e.seat), heading=ctx.heading(e.heading))


def _returned(ctx: Telling, m: Play, e: ev.PakjesReturned) -> Step | None:
    if not e.cards:
        return None
    cards = join_words([ctx.card_name(c).lower() for c in e.cards])
    return ctx.tell(m, e, "returned", cards=cards, goes=ctx.one("returned", len(e.cards)))


def _kalender_chosen(ctx: Telling, m: Play, e: ev.KalenderChosen) -> Step:
    claim, name, card = KalenderCount(m.index, e.count), ctx.name(e.seat), ctx.card_name(e.card)
    lies, cards = ctx.one("lies", e.count), ctx.count("kaart", e.count)
    return ctx.tell(
        m, e, "kalender_chosen", (e.card,), claim=claim, name=name, card=card, position=e.position,
        lies=lies, cards=cards,
    )  # fmt: skip


def _kalender_filled(ctx: Telling, m: Play, e: ev.KalenderFilled) -> Step:
    claim, cards = KalenderCount(m.index, e.count), ctx.count("kaart", e.count)
    return ctx.tell(m, e, "kalender_filled", claim=claim, cards=cards)


def _new_sint(ctx: Telling, m: Play, e: ev.NewSint) -> Step:
    return ctx.tell(m, e, "new_sint", name=ctx.name(e.seat))


def _round_told(ctx: Telling, m: Play, e: RoundTold) -> Step:
    sailer = ctx.say("sailer_boot" if "boot" in ctx.paths or not ctx.paths else "sailer_piet")
    claim = table_claim(ctx.round.last, ctx.round.end)
    return ctx.tell(m, e, "sailed", figures=(map_figure(ctx, sailer),), claim=claim, sailer=sailer)


HANDLERS: Handlers[Telling, Action, Seen] = Handlers(
    on(ev.CardPlaced, _placed),
    on(ev.PlayerSkipped, _skipped),
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
    on(ev.PietEntered, _piet_entered),
    on(ev.TalkOpened, said("talk_opened")),
    on(ev.TalkClosed, said("talk_closed")),
    on(ev.KalenderDrawn, at_round_end(_kalender_drawn)),
    on(ev.OzosnelChosen, at_round_end(_ozosnel)),
    on(ev.PakjesReturned, at_round_end(_returned)),
    on(ev.KalenderChosen, at_round_end(_kalender_chosen)),
    on(ev.KalenderFilled, at_round_end(_kalender_filled)),
    on(ev.NewSint, at_round_end(_new_sint)),
    on(RoundTold, _round_told),
)
"""The sentence of each event the examples tell, in the order the events come."""
