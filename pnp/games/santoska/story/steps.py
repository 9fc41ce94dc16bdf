"""The sentences of a Santoska example: one handler per event told (:data:`HANDLERS`), in the
Dutch of ``cardspecs/santoska/rulebook/voorbeelden.toml``, with the real cards and the claims."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.example_model import CardPicture, Step
from pnp.example_model.figures import RowFigure
from pnp.games.santoska.kit.spec_config import ARRIBA_ROW, STOP_ROW
from pnp.games.santoska.rules import events as ev
from pnp.games.santoska.rules.actions import ARRIBA, STOP, Action
from pnp.games.santoska.rules.cards import BOTTOM, SANTOSKA, TOP, cell_name, parse_cell
from pnp.games.santoska.story import claims as c
from pnp.games.santoska.story import trace as tr
from pnp.story import Handlers, on

Scene = tr.RoundScene
MINUS = "\u2212"
NEW_ROUND = "new-round"


def card_pictures(scene: Scene, cards: Sequence[int]) -> tuple[CardPicture, ...]:
    """The drawings of ``cards`` (numbers; the Santoska card is 0)."""
    numbers = {row.number("number"): row.id for row in scene.spec.component("getallen").rows}
    santoska = CardPicture("santoska", scene.spec.component("santoska").rows[0].id)
    return tuple(santoska if x == SANTOSKA else CardPicture("getallen", numbers[x]) for x in cards)


def _cards(scene: Scene, cards: Sequence[int], key: str = "a_card") -> str:
    """ "een 3, een Santoska-kaart en een 9"; "de 7" (``key="the_card"``)."""
    santoska = scene.phrases.nouns["santoska"][0]
    words = [santoska if x == SANTOSKA else str(x) for x in cards]
    return scene.language.join_words([scene.say(key, card=word) for word in words])


def _places(scene: Scene, cells: Sequence[int]) -> str:
    """ "linksonder en linksboven"; "op de tweede plek onder" unless rows have three."""
    n, words = scene.segment.start.row_length, []
    for cell in cells:
        row, col = divmod(cell, n)
        side = scene.say("row_t" if row else "row_b")
        place = f"place_{cell_name(cell, n)}" if n == 3 else "place"
        words.append(scene.say(place, ordinal=scene.language.ordinal_word(col + 1), row=side))
    return scene.language.join_words(words)


def _points(number: int) -> str:
    """A score or a total in digits, a negative one with a real minus sign."""
    return str(number).replace("-", MINUS)


def _players(scene: Scene, seats: Sequence[int], points: Sequence[int]) -> str:
    """ "Anna 93, Bram 71 en Cas 88"."""
    named = zip(seats, points, strict=True)
    return scene.language.join_words([f"{scene.names[s]} {_points(p)}" for s, p in named])


def sum_text(parts: Sequence[int]) -> str:
    """The groups' points added up, "9 + 2 \u2212 5 = 6" with real minus signs (0s left out)."""
    shown = [p for p in parts if p]
    rest = "".join(f" + {p}" if p > 0 else f" {MINUS} {-p}" for p in shown[1:])
    text = str(shown[0]).replace("-", MINUS) + rest if shown else "0"
    return text if len(shown) < 2 else f"{text} = {str(sum(shown)).replace('-', MINUS)}"


def first_told(rnd: tr.Round, kind: str) -> tr.PlayerTurn:
    """The turn an Arriba or a Stop example starts with: the last that ends with that call."""
    return [t for t in tr.turns(rnd) if t.ends_with(ARRIBA if kind == "arriba" else STOP)][-1]


def intro(scene: Scene) -> str:
    """Players, rows and round, who is out already, and the situation of the example."""
    rnd, names, seat, kind = scene.segment, scene.names, scene.first, scene.kind
    grids, n, round_word = rnd.start.grids, len(names), scene.language.ordinal_word(rnd.start.round)
    players, row = (
        scene.language.number_word(n).capitalize(),
        scene.language.number_word(rnd.start.row_length),
    )
    text = scene.say("setup", players=players, row_length=row, round=round_word)
    if out := [names[s] for s in range(n) if not grids[s]]:
        more = "one" if len(out) == 1 else "more"
        text += scene.say(f"already_out_{more}", names=scene.language.join_words(out))
    seats = [s for s in scene.clockwise() if grids[s]]
    totals = _players(scene, seats, [rnd.start.totals[s] for s in seats])
    if kind in ("arriba", "stop"):
        discard = _cards(scene, [first_told(rnd, kind).begin.before.discard])
        return text + scene.say(f"intro_{kind}", name=names[seat], discard=discard)
    if kind == NEW_ROUND:
        return _new_round_intro(scene)
    stopper = names[rnd.events_of(ev.RoundEnded)[0].stopper]
    key = "intro_scoring" if kind.startswith("scoring") else f"intro_{kind}"
    return text + scene.say(key, name=names[seat], stopper=stopper, totals=totals)


def _new_round_intro(scene: Scene) -> str:
    """Players and rows, the round that was just scored, who was out before it and the
    totals before it."""
    start, names = scene.segment.start, scene.names
    n = len(names)
    players, row = (
        scene.language.number_word(n).capitalize(),
        scene.language.number_word(start.row_length),
    )
    text = scene.say("setup_new_round", players=players, row_length=row)
    scored = {seat for seat, _ in start.last_points}
    if out := [names[s] for s in scene.clockwise() if s not in scored]:
        more = "one" if len(out) == 1 else "more"
        text += scene.say(f"already_out_{more}", names=scene.language.join_words(out))
    seats = [s for s in scene.clockwise() if s in scored]
    points = dict(start.last_points)
    before = [start.totals[s] - points[s] for s in seats]
    text += scene.say(
        "intro_new-round",
        round=scene.language.ordinal_word(start.round - 1),
        totals=_players(scene, seats, before),
        stopper=names[start.last_stopper],
    )
    return text


def _row_figure(scene: Scene, key: str, name: str, pictures: tuple[CardPicture, ...]) -> RowFigure:
    """The cards of a row in their places, left to right, captioned."""
    return RowFigure(pictures, (), scene.say(key, name=name))


def _row(scene: Scene, key: str, after: int, seat: int, row: int, shown: Sequence[int]) -> Step:
    """A row of ``seat``'s grid, told and drawn in its places (0 bottom, 1 top)."""
    name, shown = scene.names[seat], tuple(shown)
    text = scene.say(key, name=name, cards=_cards(scene, shown))
    caption = "figure_top" if row == TOP else "figure_bottom"
    figure = _row_figure(scene, caption, name, card_pictures(scene, shown))
    claim = c.ShowsRow(after, seat, name, row, shown)
    return Step(text, claim=claim, figures=(figure,))


def _turn(scene: Scene, moment: tr.Move, event: ev.CardTaken | ev.CardDrawn) -> list[Step]:
    """A turn (SA-B3), told after the bottom row it starts from if it ends with Arriba."""
    turn = next(turn for turn in tr.turns(scene.segment) if turn.begin is moment)
    at, seat, n, swap = moment.index, event.seat, scene.segment.start.row_length, turn.swap
    name, took = scene.names[seat], isinstance(event, ev.CardTaken)
    card = _cards(scene, [event.card], "the_card" if took else "a_card")
    text = scene.say("final", name=name) if event.final else ""
    if swap is not None and parse_cell(swap.cell, n) // n == TOP and seat != scene.first:
        text += scene.say("arriba_earlier", name=name)  # SA-B4: only after an Arriba
    text += scene.say("take" if took else "draw", name=name, card=card)
    cell, out, knew, shown = -1, -1, False, [event.card]
    if swap is None:
        text += scene.say("discard")
    else:
        cell, out, knew = parse_cell(swap.cell, n), swap.card_out, swap.was_known
        text += scene.say(
            "swap_seen" if knew else "swap_unseen",
            out=_cards(scene, [out], "the_card" if knew else "a_card"),
            Out=_cards(scene, [out], "the_card").capitalize(),
            where=_places(scene, [cell]),
        )
        shown.append(out)
    claim = c.Turn(at, seat, name, took, event.card, cell, out, knew, event.final)
    steps = [Step(text, card_pictures(scene, shown), claim=claim)]
    if turn.ends_with(ARRIBA):
        steps.insert(0, _row(scene, "row_before", at, seat, BOTTOM, moment.before.grids[seat][:n]))
    return steps


def _arriba(scene: Scene, moment: tr.Move, event: ev.ArribaCalled) -> Step:
    name = scene.names[event.seat]
    text = scene.say("arriba", name=name, cards=_cards(scene, event.bottom))
    drawn = (*card_pictures(scene, event.bottom), CardPicture("markeringen", ARRIBA_ROW))
    figure = _row_figure(scene, "figure_arriba", name, drawn)
    claim = c.CallsArriba(moment.index, event.seat, name, event.bottom)
    return Step(text, claim=claim, figures=(figure,))


def _stop(scene: Scene, moment: tr.Move, event: ev.StopCalled) -> Step:
    name, others = scene.names[event.seat], tuple(scene.names[s] for s in event.final_turns)
    verb = scene.say("plays_one" if len(others) == 1 else "plays_more")
    text = scene.say("stop", name=name, others=scene.language.join_words(others), verb=verb)
    claim = c.CallsStop(moment.index, event.seat, name, event.final_turns, others)
    return Step(text, (CardPicture("markeringen", STOP_ROW),), claim=claim)


def _round_end(scene: Scene, moment: tr.Move, event: ev.RoundEnded) -> Step:
    names, scored, stopper = scene.names, moment.events_of(ev.GridScored), event.stopper
    order = sorted(scored, key=lambda e: (e.seat - stopper) % len(names))
    listed = _players(scene, [e.seat for e in order], [e.points for e in order])
    seats = tuple((e.seat, e.points) for e in scored)
    claim = c.RoundEnds(moment.index, event.round, stopper, names[stopper], seats, names)
    return Step(scene.say("round_end", points=listed), automatic=True, claim=claim)


def _group(scene: Scene, number: int, cells: tuple[int, ...], worth: int) -> str:
    """One group of the focus player's grid (SA-B6): lone, vanishing or a Santoska bonus."""
    n, where = scene.segment.start.row_length, _places(scene, cells)
    if len(cells) == 1:  # "De zeven ...", "De Santoska-kaart ..."
        the = _cards(scene, [number], "the_card")
        the = the[0].upper() + the[1:]
        return scene.say("lone", card=the, where=where, points=scene.count("strafpunt", worth))
    rows, cols = len({x // n for x in cells}), len({x % n for x in cells})
    how = scene.say("side_by_side" if rows == 1 else "one_above" if cols == 1 else "touching")
    noun = scene.phrases.nouns["santoska"][1] if number == SANTOSKA else None
    noun = noun or scene.say("numbered", number=number)
    group = scene.say("group", count=scene.language.number_word(len(cells)), cards=noun)
    key = "group_santoska" if number == SANTOSKA else "group_numbers"
    return scene.say(
        key, cards=group, where=where, how=how, bonus=scene.language.number_word(-worth)
    )


def _scored(scene: Scene, moment: tr.Move, event: ev.GridScored) -> list[Step]:
    """The focus player's rows (top first), groups (the numbers that vanish, lone cards,
    Santoska groups) and sum, or another player's points; then the new total (SA-B6, B7)."""
    seat, name, at, earned = event.seat, scene.names[event.seat], moment.index, event.points
    before, total, n = scene.segment.start.totals[seat], event.total, scene.segment.start.row_length
    key = "gain" if earned > 0 else "loss" if earned < 0 else "nothing"
    amount = scene.count("strafpunt" if earned > 0 else "punt", abs(earned))
    change = {"name": name, "points": amount, "before": _points(before)}
    change["total"] = _points(total)
    if seat != scene.first:
        claim = c.RoundScore(at, seat, name, earned, before, total)
        return [Step(scene.say(f"score_{key}", **change), automatic=True, claim=claim)]
    rows = [(TOP, "row_top", event.top), (BOTTOM, "row_bottom", event.bottom)]
    steps = [_row(scene, phrase, at + 1, seat, row, cards) for row, phrase, cards in rows]
    groups = [(card, tuple(parse_cell(x, n) for x in cells), p) for card, cells, p in event.groups]
    groups.sort(key=lambda g: (1 if len(g[1]) == 1 else 2 * (g[0] == SANTOSKA), g[1][0]))
    for number, cells, worth in groups:
        group = c.GroupScores(at, seat, name, number, cells, worth)
        # The rows above already show the cards in their places: the groups need no pictures.
        steps.append(Step(_group(scene, number, cells, worth), automatic=True, claim=group))
    parts = tuple(worth for _, _, worth in groups)
    text = scene.say("sum", sum=sum_text(parts)) + " " + scene.say(key, **change)
    grid_sum = c.GridSum(at, seat, name, parts, earned, before, total)
    return [*steps, Step(text, automatic=True, claim=grid_sum)]


def _won(scene: Scene, moment: tr.Move, event: ev.GameEnded) -> Step:
    (seat,), names, limit = event.winners, scene.names, scene.segment.end.limit
    grids = scene.segment.start.grids  # the example's player is the winner: clockwise from them
    over = tuple(s for s in scene.clockwise() if event.totals[s] > limit and grids[s])
    over_names = tuple(names[s] for s in over)
    text = scene.say("exact_win", name=names[seat], limit=scene.language.number_word(limit))
    if over:
        key = "exact_over_one" if len(over) == 1 else "exact_over_more"
        text += scene.say(
            key,
            names=scene.language.join_words(over_names),
            limit=scene.language.number_word(limit),
        )
    claim = c.WinsExactly(moment.index, seat, names[seat], limit, over, over_names)
    return Step(text, automatic=True, claim=claim)


def _new_round(scene: Scene, moment: tr.Move) -> list[Step]:
    """The step into a new round (SA-B7, SA-B8), told from the table as dealt: the round
    before scored, who went out, who deals now and who is passed by, the new deal and the
    first open card, the example player's new bottom row, who begins."""
    start, names, n = scene.segment.start, scene.names, scene.segment.start.row_length
    first = moment.index
    deal, ended = first - 1, first - 2  # the round's last action, then the deal, then the turn
    seats = len(names)
    points_of = dict(start.last_points)
    order = [s for s in scene.clockwise() if s in points_of]  # as the standings are listed
    listed = _players(scene, order, [points_of[s] for s in order])
    points = tuple(sorted(start.last_points))
    ends = c.RoundEnds(
        ended, start.round - 1, start.last_stopper, names[start.last_stopper], points, names
    )
    steps = [Step(scene.say("new_round_scored", points=listed), automatic=True, claim=ends)]
    for seat in scene.clockwise():
        if seat in dict(start.last_points) and not start.grids[seat]:
            total, limit = start.totals[seat], start.limit
            text = scene.say(
                "new_round_out", name=names[seat], total=_points(total), limit=str(limit)
            )
            claim = c.Eliminated(ended, seat, names[seat], total, limit)
            steps.append(Step(text, automatic=True, claim=claim))
    old, dealer = start.dealers[-2], start.dealers[-1]
    skipped = tuple((old + k) % seats for k in range(1, (dealer - old) % seats))
    still_in = tuple(s for s in range(seats) if start.grids[s])
    starter = moment.actor
    text = scene.say("new_round_shuffle")
    text += scene.say("new_round_dealer", old=names[old], dealer=names[dealer])
    if skipped:
        key = "new_round_skipped_one" if len(skipped) == 1 else "new_round_skipped_more"
        text += scene.say(key, names=scene.language.join_words([names[s] for s in skipped]))
    given = [names[s] for s in scene.clockwise() if s in still_in]
    text += scene.say(
        "new_round_deal",
        players=scene.language.join_words(given),
        cards=scene.count("kaart", 2 * n),
        discard=_cards(scene, [start.discard]),
    )
    deal_claim = c.NewDeal(
        deal, start.round, old, dealer, skipped, still_in, start.discard, starter, names
    )
    steps.append(Step(text, card_pictures(scene, [start.discard]), claim=deal_claim))
    seat = scene.first
    peek = _row(scene, "new_round_peek", first, seat, BOTTOM, start.grids[seat][:n])
    begins = scene.say("new_round_begins", name=names[starter], dealer=names[dealer])
    steps.append(Step(peek.text + " " + begins, claim=peek.claim, figures=peek.figures))
    return steps


def _turn_or_new_round(
    scene: Scene, moment: tr.Move, event: ev.CardTaken | ev.CardDrawn
) -> list[Step]:
    """A turn, or (in a new-round example) the new round its first turn opens."""
    return _new_round(scene, moment) if scene.kind == NEW_ROUND else _turn(scene, moment, event)


HANDLERS: Handlers[Scene, Action, tr.Table] = Handlers(
    on(ev.CardTaken, _turn_or_new_round),
    on(ev.CardDrawn, _turn_or_new_round),
    on(ev.ArribaCalled, _arriba),
    on(ev.StopCalled, _stop),
    on(ev.RoundEnded, _round_end),
    on(ev.GridScored, _scored),
    on(ev.GameEnded, _won),
)
"""The sentences of each event the examples tell (which events: ``examples.told``)."""
