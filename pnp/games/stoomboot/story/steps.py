"""The sentences of a Stoomboot example: one step per event of the focus round.

Each handler of :data:`HANDLERS` tells one event with :meth:`RoundTelling.tell`: the phrase of
its kind (``cardspecs/stoomboot/rulebook/voorbeelden.toml``; a case of it where the sentence
says more, ``placed_open``), filled from its fields, with the real cards it mentions and the
figures under it (the Stoomrij after the placing and after every change; at the round's end,
``RoundEnded``, the map with the route sailed). Its claim
(:class:`~pnp.story.told.Happened`) is that the record's action caused that very event.
What a sentence says beyond its event comes from the functions of :data:`FACTS`, which the
claim check calls again on a fresh replay: the Sint, a position's eye, the Stoomrij the
cards were placed under, the way a pawn sailed and the house it reached (the map's own
squares, :mod:`~pnp.games.stoomboot.rules.board`), the ends a Stoomboot card fits, the
positions of the next round, and the pawns and delivered houses the map shows at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from pnp.engine.core import Event
from pnp.example_model import CardPicture, Step
from pnp.example_model.figures import MapFigure, RowFigure, RowSlot
from pnp.games.stoomboot.kit.setup_figures import card_picture, map_pawn, map_tiles
from pnp.games.stoomboot.rules import events as ev
from pnp.games.stoomboot.rules.actions import SIDES, Action
from pnp.games.stoomboot.rules.board import heading_name, neighbours, parse_square
from pnp.games.stoomboot.rules.rounds import position_count
from pnp.games.stoomboot.rules.sailing import attach_sides
from pnp.games.stoomboot.rules.state import StoombootState
from pnp.games.stoomboot.story.trace import Pawns, Play, Round, RoundScene, Seen
from pnp.language import Language
from pnp.story import Handlers, on
from pnp.story.told import Fact, Facts
from pnp.story.told import Telling as EventTelling

E = TypeVar("E", bound=Event)
T = TypeVar("T")
SINT_SEAT: tuple[type[Event], ...] = (ev.HeadingChosen, ev.PawnChosen, ev.Delivered)
SINT_SEAT += (ev.DeliveryDeclined, ev.KalenderChosen, ev.OzosnelChosen)
"""The events whose ``seat`` is the Sint's: their sentences name the Sint from it."""


def sint(state: StoombootState) -> int:
    """The seat of the Sint (ST-B3)."""
    return state.sint


def open_position(state: StoombootState, position: int) -> bool:
    """Whether a card may lie face up under ``position`` (1-based): it has an eye (ST-B3), or
    every position has one under the Kalender's sun (ST-K1)."""
    return state.slot_open[position - 1]


def stoomrij(state: StoombootState) -> tuple[str, ...]:
    """The Stoomrij's cards, left to right."""
    return state.names(state.row)


def way(state: StoombootState, start: str, to: str) -> str:
    """The heading from square ``start`` to its neighbour ``to`` on this map (ST-B5)."""
    ahead = neighbours(state.size)[parse_square(start, state.size)]
    return heading_name(ahead.index(parse_square(to, state.size)))


def house_on(state: StoombootState, square: str) -> str:
    """The house on ``square`` (its tile id; empty for none)."""
    house = state.house_at[parse_square(square, state.size)]
    return state.tables.tile_names[house] if house >= 0 else ""


def fitting_sides(state: StoombootState, card: str) -> tuple[str, ...]:
    """The ends where Stoomboot card ``card`` may be attached: the rules' own
    :func:`~pnp.games.stoomboot.rules.sailing.attach_sides` (ST-C4; none on a full row,
    ST-B9)."""
    return tuple(SIDES[side] for side in attach_sides(state, state.tables.code(card)))


def row_full(state: StoombootState) -> bool:
    """The Stoomrij holds the most cards it may (ST-B9)."""
    return len(state.row) >= state.config.max_row


def positions(state: StoombootState, cards: int) -> int:
    """The positions of a round whose Stoomrij has ``cards`` cards (ST-B3)."""
    return position_count(cards)


def pawns(state: StoombootState) -> Pawns:
    """Every pawn on the map: ``(pawn, square, heading)``, the boat first."""
    return tuple(
        (state.pawn_name(p), state.sq(state.pawn_sq[p]), state.head(state.pawn_head[p]))
        for p in state.pawns_on_map()
    )


def delivered(state: StoombootState) -> tuple[str, ...]:
    """The squares of the houses delivered so far, in map order (ST-B6)."""
    done = state.delivered
    return tuple(state.sq(sq) for sq, h in enumerate(state.house_at) if h >= 0 and done[h])


FACTS: Facts[StoombootState] = Facts(
    sint,
    open_position,
    stoomrij,
    way,
    house_on,
    fitting_sides,
    row_full,
    positions,
    pawns,
    delivered,
)
"""The functions whose values the sentences state beyond their events."""


@dataclass(frozen=True)
class RoundTelling:
    """An example being told: its scene and round, which parts of the round it tells, and
    the telling of its record's events."""

    scene: RoundScene
    round: Round
    placing: bool
    """Tell every card placed (else one sentence for the whole placing)."""
    round_end: bool
    """Tell the end of the round: the Kalender and the pakjes returned."""
    telling: EventTelling[StoombootState]

    @property
    def language(self) -> Language:
        """The language the example is told in."""
        return self.scene.phrases.language

    def say(self, key: str, **fields: object) -> str:
        """A phrase; ``{sint}`` is always given."""
        return self.scene.say(key, **{"sint": self.name(self.round.started.sint), **fields})

    def tell(
        self, m: Play, e: Event, key: str, shown: tuple[str, ...] = (), *,
        figures: tuple[object, ...] = (), facts: tuple[Fact, ...] = (),
        automatic: bool | None = None, **fields: object,
    ) -> Step:  # fmt: skip
        """The step of phrase ``key`` showing the cards ``shown``, automatic as the event;
        the phrase gets the event's words (:meth:`words`) and ``fields``, the step the claim
        that ``m``'s action caused ``e``, with ``facts``."""
        automatic = e.automatic if automatic is None else automatic
        text = self.say(key, **{**self.words(e), **fields})
        claim = self.telling.happened(m.index, e, key, *facts)
        return Step(text, tuple(self.picture(c) for c in shown), automatic, claim, figures)

    def fact(
        self, m: Play, function: Callable[..., T], *args: object, after: bool = False
    ) -> tuple[T, Fact]:
        """The value of ``function`` (one of :data:`FACTS`) of the state before ``m``'s action
        (``after``: after it), and the fact that states it."""
        return self.telling.fact(m.index, function, *args, after=after)

    def the_sint(self, m: Play) -> tuple[str, Fact]:
        """The Sint's name when ``m`` is played, and the fact that states who it is."""
        seat, known = self.fact(m, sint)
        return self.name(seat), known

    def words(self, e: Event) -> dict[str, object]:
        """What every phrase may name of its event: ``{name}`` of its ``seat`` (``{sint}`` too
        for the Sint's own choices), its ``{pawn}``, ``{heading}`` and ``{position}``."""
        words: dict[str, object] = {"position": getattr(e, "position", None)}
        if isinstance(seat := getattr(e, "seat", None), int):
            words["name"] = self.name(seat)
            if isinstance(e, SINT_SEAT):
                words["sint"] = words["name"]
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
        return card_picture(self.scene.spec, card)

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

    def house_name(self, tile: str) -> str | None:
        """The name of the house ``tile`` (None for a tile that is no house)."""
        houses = self.scene.spec.component("huizen")
        return houses.row(tile).text("name") if any(r.id == tile for r in houses.rows) else None

    def house(self, square: str) -> str | None:
        """The name of the house on ``square`` as the round began (None for none)."""
        return self.house_name(self.round.start.tiles[parse_square(square, self.round.start.size)])


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
    ctx: RoundTelling, row: tuple[str, ...], caption: str, slots: bool = False
) -> tuple[RowFigure]:
    """The Stoomrij ``row``, with the cards placed this round under its positions if ``slots``."""
    placed = {e.position: e for e in ctx.round.events(ev.CardPlaced)}
    shown: list[RowSlot | None] = []
    for position in range(1, len(ctx.round.started.icons) + 1 if slots else 1):
        card = placed.get(position)
        up = None if card is None or not card.face_up else ctx.picture(card.card)
        shown.append(None if card is None else RowSlot(up, str(position)))
    return (RowFigure(tuple(ctx.picture(c) for c in row), tuple(shown), ctx.say(caption)),)


def revealed_figure(ctx: RoundTelling, m: Play, caption: str) -> tuple[RowFigure]:
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


def map_figure(ctx: RoundTelling, sailer: str, paths: dict[str, list[str]], end: Seen) -> MapFigure:
    """The map after the round, ``end``, with the route sailed (the boat's, if it sailed) and
    the pawns."""
    route = paths.get("boot") or next(iter(paths.values()), [])
    caption = ctx.say("caption_map", sailer=sailer)
    return board_figure(ctx, ctx.round.start.tiles, end, caption, route)


def board_figure(
    ctx: RoundTelling, tiles: tuple[str, ...], seen: Seen, caption: str, route: Sequence[str] = ()
) -> MapFigure:
    """The map of ``tiles`` with the houses delivered and the pawns of ``seen``, and a route."""
    size, phrases = seen.size, ctx.scene.phrases
    drawn = map_tiles(ctx.scene.spec, phrases, tiles, size, seen.delivered)
    on_map = tuple(map_pawn(phrases, p, square, heading, size) for p, square, heading in seen.pawns)
    cells = tuple(_cell(s, size) for s in route)
    return MapFigure(size, size, drawn, caption, cells, on_map, ctx.say("map_legend"))


Tell = Callable[[RoundTelling, Play, E], Step | None]


def said(key: str) -> Tell[Event]:
    """A sentence of the event's own words (:meth:`RoundTelling.words`)."""
    return lambda ctx, m, e: ctx.tell(m, e, key)


def while_placing(tell: Tell[E]) -> Tell[E]:
    """Told only by the examples that tell every card placed."""
    return lambda ctx, m, e: tell(ctx, m, e) if ctx.placing else None


def at_round_end(tell: Tell[E]) -> Tell[E]:
    """Told only by the examples that tell the end of the round."""
    return lambda ctx, m, e: tell(ctx, m, e) if ctx.round_end else None


# -- placing and sailing ----------------------------------------------------------------------


def _placed(ctx: RoundTelling, m: Play, e: ev.CardPlaced) -> Step:
    if not e.face_up:
        return ctx.tell(m, e, "placed_closed")
    _, eye = ctx.fact(m, open_position, e.position)
    return ctx.tell(m, e, "placed_open", (e.card,), facts=(eye,), card=ctx.card_name(e.card))


def _placing_ended(ctx: RoundTelling, m: Play, e: ev.PlacingEnded) -> Step:
    row, under = ctx.fact(m, stoomrij)
    figures = row_figure(ctx, row, "caption_placed", slots=True)
    if not ctx.placing:
        key, automatic = "placing_told_short", False
        return ctx.tell(m, e, key, figures=figures, facts=(under,), automatic=automatic)
    name = ctx.name(e.next_sint)
    return ctx.tell(m, e, "placing_ended", figures=figures, facts=(under,), name=name)


def _revealed(ctx: RoundTelling, m: Play, e: ev.CardRevealed) -> Step:
    (the_sint, known), card = ctx.the_sint(m), ctx.card_name(e.card)
    name = ctx.name(e.placed_by)
    return ctx.tell(
        m, e, "revealed", (e.card,), facts=(known,), sint=the_sint, card=card, name=name
    )


def _ignored(ctx: RoundTelling, m: Play, e: ev.CardIgnored) -> Step:
    key = f"ignored_{e.reason}"
    return ctx.tell(m, e, key if key in ctx.scene.phrases.phrases else "ignored")


def _turned(ctx: RoundTelling, m: Play, e: ev.PawnTurned) -> Step:
    return ctx.tell(m, e, f"turned_{e.pawn[:4]}", heading=ctx.heading(e.after))


def _heading_chosen(ctx: RoundTelling, m: Play, e: ev.HeadingChosen) -> Step:
    return ctx.tell(m, e, "heading_chosen", pawn=ctx.pawn(e.pawn).lower())


def _moved(ctx: RoundTelling, m: Play, e: ev.PawnMoved) -> Step:
    heading, went = ctx.fact(m, way, e.start, e.path[0])
    house, reached = ctx.fact(m, house_on, e.end)
    name = ctx.house_name(house)
    arrival = ctx.say("arrival", house=name) if name else ""
    return ctx.tell(
        m, e, "moved", facts=(went, reached), tiles=ctx.count("tegel", len(e.path)),
        heading=ctx.heading(heading), arrival=arrival,
    )  # fmt: skip


def _bumped(ctx: RoundTelling, m: Play, e: ev.PawnBumped) -> Step:
    damage = ctx.count("schadepunt", e.damage)
    if e.cause == "rots":
        return ctx.tell(m, e, "bumped_rots", damage=damage)
    extra = ctx.say("bumped_damage", damage=damage) if e.damage else ctx.say("bumped_nothing")
    return ctx.tell(m, e, "bumped_edge", extra=extra)


def _tile(ctx: RoundTelling, m: Play, e: ev.TileTriggered) -> Step:
    row = ctx.scene.spec.component("pepernoot").row(e.tile)
    return ctx.tell(m, e, "tile_triggered", name=row.text("name"), effect=row.text("effect"))


def _damage(ctx: RoundTelling, m: Play, e: ev.DamageTaken) -> Step:
    (the_sint, known), side = ctx.the_sint(m), ctx.say(f"side_{e.side}")
    stays, cards = ctx.one("stays", len(e.row)), ctx.count("kaart", len(e.row))
    figures = row_figure(ctx, e.row, "caption_damage") if e.row else ()
    return ctx.tell(
        m, e, "damage", figures=figures, facts=(known,), sint=the_sint, side=side, stays=stays,
        cards=cards,
    )  # fmt: skip


def _longer(ctx: RoundTelling, m: Play, e: ev.RowLengthened) -> Step:
    left = e.side == "links"  # the card touches the row's old end card, next to it
    touching = ctx.connector(e.row[1] if left else e.row[-2], "left" if left else "right")
    count, next_round = ctx.fact(m, positions, len(e.row))
    facts: tuple[Fact, ...] = (next_round,)
    if e.cause == "stoomboot":
        the_sint, known = ctx.the_sint(m)
        who, facts = ctx.say("longer_by_sint", sint=the_sint), (*facts, known)
    else:
        who = ctx.say("longer_by_pile")
    cards, places = ctx.count("kaart", len(e.row)), ctx.count("positie", count)
    side, figures = ctx.say(f"toward_{e.side}"), row_figure(ctx, e.row, "caption_next")
    return ctx.tell(
        m, e, "longer", figures=figures, facts=facts, who=who, side=side, touching=touching,
        cards=cards, positions=places,
    )  # fmt: skip


def _shorter(ctx: RoundTelling, m: Play, e: ev.RowShortened) -> Step:
    the_sint, known = ctx.the_sint(m)
    side, figures = ctx.say(f"side_{e.side}"), row_figure(ctx, e.row, "caption_next")
    cards = ctx.count("kaart", len(e.row))
    if e.cause == "lekkage":
        return ctx.tell(
            m, e, "shorter_lekkage", figures=figures, facts=(known,), sint=the_sint, side=side,
            cards=cards,
        )  # fmt: skip
    before = (e.card, *e.row) if e.side == "links" else (*e.row, e.card)
    ends = {
        "card_left": ctx.card_text(e.cause, "right"),
        "row_left": ctx.card_text(before[0], "left"),
        "card_right": ctx.card_text(e.cause, "left"),
        "row_right": ctx.card_text(before[-1], "right"),
    }
    sides, fit = ctx.fact(m, fitting_sides, e.cause)
    full, at_most = ctx.fact(m, row_full)
    named = {key: ctx.say(f"connector_{value}") for key, value in ends.items()}
    why = "shorter_chosen" if sides else "shorter_full" if full else "shorter_forced"
    reason = ctx.say(why, sint=the_sint, cards=ctx.count("kaart", len(before)), **named)
    facts = (known, fit, at_most)
    return ctx.tell(
        m, e, "shorter", figures=figures, facts=facts, reason=reason, side=side, cards=cards
    )


def _delivered(ctx: RoundTelling, m: Play, e: ev.Delivered) -> Step:
    house = ctx.scene.spec.component("huizen").row(e.house)
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
        m, e, "delivered", e.cards, figures=figures, house=house.text("name"),
        wants=ctx.language.join_words(wants),
        counted=counted, left=left if e.left else ctx.say("all_delivered"),
        lie=ctx.say("delivered_lies_more" if len(e.cards) > 1 else "delivered_lies_one"),
    )  # fmt: skip


def _pawn_chosen(ctx: RoundTelling, m: Play, e: ev.PawnChosen) -> Step | None:
    return None if e.pawn == "boot" else ctx.tell(m, e, "piet_chosen")


# -- the end of the round ---------------------------------------------------------------------


def _kalender_drawn(ctx: RoundTelling, m: Play, e: ev.KalenderDrawn) -> Step:
    row = ctx.scene.spec.component("kalender").row(e.card)
    name, rule = row.text("name"), row.text("text")
    if e.unseen:
        return ctx.tell(m, e, "kalender_unseen", (e.card,), name=name)
    text, lies, left = rule[:1].lower() + rule[1:], ctx.one("lies", e.left), e.left
    left_text = ctx.count("kalenderkaart", left)
    return ctx.tell(
        m, e, "kalender_drawn", (e.card,), name=name, text=text, lies=lies, left=left_text
    )


def _returned(ctx: RoundTelling, m: Play, e: ev.PakjesReturned) -> Step | None:
    if not e.cards:
        return None
    cards = ctx.language.join_words([ctx.card_name(c).lower() for c in e.cards])
    return ctx.tell(m, e, "returned", cards=cards, goes=ctx.one("returned", len(e.cards)))


def _kalender_chosen(ctx: RoundTelling, m: Play, e: ev.KalenderChosen) -> Step:
    card, lies, cards = ctx.card_name(e.card), ctx.one("lies", e.count), ctx.count("kaart", e.count)
    return ctx.tell(m, e, "kalender_chosen", (e.card,), card=card, lies=lies, cards=cards)


def _kalender_filled(ctx: RoundTelling, m: Play, e: ev.KalenderFilled) -> Step:
    return ctx.tell(m, e, "kalender_filled", cards=ctx.count("kaart", e.count))


def _sailed(ctx: RoundTelling, m: Play, e: ev.RoundEnded) -> Step:
    paths = routes(ctx.round)
    sailer = ctx.say("sailer_boot" if "boot" in paths or not paths else "sailer_piet")
    on_map, where = ctx.fact(m, pawns, after=True)
    done, houses = ctx.fact(m, delivered, after=True)
    end = replace(ctx.round.end, pawns=on_map, delivered=frozenset(done))
    figure = map_figure(ctx, sailer, paths, end)
    return ctx.tell(m, e, "sailed", figures=(figure,), facts=(where, houses), sailer=sailer)


HANDLERS: Handlers[RoundTelling, Action, Seen] = Handlers(
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
    on(ev.RoundEnded, _sailed),
)
"""The sentence of each event the examples tell, in the order the events come (a round's
new Sint is named before its ``RoundStarted``, so no example tells ``NewSint``); the round's
end tells the route sailed."""
