"""The sentences of a Santoska example: one phrase per event told (:data:`HANDLERS`), in the
Dutch of ``cardspecs/santoska/rulebook/voorbeelden.toml``, with the real cards.

Each sentence is told with the phrase of its event's kind (a case of it where the sentence
says more: ``swap_seen``, ``score_gain``), filled from the event's fields, and claims that
the record's action caused it (:class:`~pnp.story.told.Happened`). A turn is told from
where its card goes (a swap or a discard), a row from the turn it starts (or the grid
scored), a group of a scored grid from that grid. What a sentence says beyond its event
comes from the functions of :data:`FACTS`, the rules' own where they decide (the grid's
scoring, the active row, the next player still in), which the claim check calls again
on a fresh replay.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.example_model import CardPicture, Step
from pnp.example_model.figures import RowFigure
from pnp.games.santoska.kit.spec_config import ARRIBA_ROW, STOP_ROW
from pnp.games.santoska.rules import events as ev
from pnp.games.santoska.rules.actions import ARRIBA, STOP, Action
from pnp.games.santoska.rules.cards import BOTTOM, SANTOSKA, TOP, cell_name, parse_cell
from pnp.games.santoska.rules.scoring import GridScore, Group, score_grid
from pnp.games.santoska.rules.state import SantoskaState
from pnp.games.santoska.story import trace as tr
from pnp.story import Handlers, on
from pnp.story.told import Facts, Happened, Told

Scene = tr.RoundScene
MINUS = "\u2212"
NEW_ROUND = "new-round"


def grid_row(state: SantoskaState, seat: int, which: int) -> tuple[int, ...]:
    """Row ``which`` (0 bottom, 1 top) of ``seat``'s grid."""
    n = state.row_length
    return tuple(state.grids[seat][which * n : (which + 1) * n])


def in_hand(state: SantoskaState) -> tuple[int, bool]:
    """The card the player to act holds, and whether it came from the discard pile (SA-B3)."""
    return state.hand, state.hand_taken


def stopper(state: SantoskaState) -> int:
    """The seat that called Stop this round (-1: nobody yet, SA-B5)."""
    return state.stopper


def arriba_called(state: SantoskaState) -> tuple[int, ...]:
    """The seats that called Arriba this round (SA-B4)."""
    return tuple(seat for seat, called in enumerate(state.arriba) if called)


def dealer(state: SantoskaState) -> int:
    """The seat that dealt the round (SA-B8)."""
    return state.dealer


def total(state: SantoskaState, seat: int) -> int:
    """``seat``'s running total (SA-B7)."""
    return state.totals[seat]


def limit(state: SantoskaState) -> int:
    """The limit: exactly this many wins, more is out (SA-B7)."""
    return state.config.limit


def _score(state: SantoskaState, seat: int) -> GridScore:
    """``seat``'s grid as it lies, scored by the rules (SA-B6)."""
    config = state.config
    grid = state.grids[seat]
    return score_grid(grid, state.row_length, config.santoska_penalty, config.santoska_bonus)


def scores(state: SantoskaState) -> tuple[tuple[int, int], ...]:
    """``(seat, points)`` of every grid on the table (each seat dealt into the round), scored
    as it lies by the rules (SA-B6), in seat order."""
    return tuple(
        (seat, _score(state, seat).points) for seat, grid in enumerate(state.grids) if grid
    )


def group_of(state: SantoskaState, seat: int, cell: int) -> Group:
    """The whole group of equal cards of ``seat``'s grid that ``cell`` is in, with its
    points, as the rules score it (SA-B6)."""
    return next(g for g in _score(state, seat).groups if cell in g.cells)


FACTS: Facts[SantoskaState] = Facts(
    grid_row,
    in_hand,
    stopper,
    arriba_called,
    dealer,
    total,
    limit,
    scores,
    group_of,
    SantoskaState.active_row,
    SantoskaState.current_player,
    SantoskaState.next_seat,
    SantoskaState.remaining,
)
"""The functions whose values the sentences state beyond their events."""


RoundTold = Told[SantoskaState]
"""A round being told: its scene and the telling of its record's events."""


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
        which, col = divmod(cell, n)
        side = scene.say("row_t" if which else "row_b")
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


def intro(told: RoundTold) -> str:
    """Players, rows and round, who is out already, and the situation of the example."""
    scene = told.scene
    rnd, names, seat, kind = scene.segment, scene.names, scene.first, scene.kind
    grids, n, round_word = rnd.start.grids, len(names), scene.language.ordinal_word(rnd.start.round)
    players, length = (
        scene.language.number_word(n).capitalize(),
        scene.language.number_word(rnd.start.row_length),
    )
    text = scene.say("setup", players=players, row_length=length, round=round_word)
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
    stopped = names[rnd.events_of(ev.RoundEnded)[0].stopper]
    key = "intro_scoring" if kind.startswith("scoring") else f"intro_{kind}"
    return text + scene.say(key, name=names[seat], stopper=stopped, totals=totals)


def _new_round_intro(scene: Scene) -> str:
    """Players and rows, the round that was just scored, who was out before it and the
    totals before it."""
    start, names = scene.segment.start, scene.names
    n = len(names)
    players, length = (
        scene.language.number_word(n).capitalize(),
        scene.language.number_word(start.row_length),
    )
    text = scene.say("setup_new_round", players=players, row_length=length)
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


def _row(
    scene: Scene, key: str, seat: int, which: int, shown: Sequence[int], claim: Happened
) -> Step:
    """A row of ``seat``'s grid (0 bottom, 1 top), told with phrase ``key`` and drawn in its
    places."""
    name, shown = scene.names[seat], tuple(shown)
    text = scene.say(key, name=name, cards=_cards(scene, shown))
    caption = "figure_top" if which == TOP else "figure_bottom"
    figure = _row_figure(scene, caption, name, card_pictures(scene, shown))
    return Step(text, claim=claim, figures=(figure,))


def _turn(t: RoundTold, moment: tr.Move, event: ev.CardTaken | ev.CardDrawn) -> list[Step]:
    """A turn (SA-B3), told from where its card goes (a swap or a discard), after the bottom
    row it starts from if it ends with Arriba."""
    scene = t.scene
    turn = next(turn for turn in tr.turns(scene.segment) if turn.begin is moment)
    seat, n, placed_at = event.seat, scene.segment.start.row_length, turn.place.index
    placed = next(e for e in turn.place.events if isinstance(e, ev.CardSwapped | ev.CardDiscarded))
    (card, took), held = t.telling.fact(placed_at, in_hand)
    stopped, stop = t.telling.fact(placed_at, stopper)
    name = scene.names[seat]
    text = scene.say("final", name=name) if stopped >= 0 else ""
    swap = placed if isinstance(placed, ev.CardSwapped) else None
    if swap is not None and parse_cell(swap.cell, n) // n == TOP and seat != scene.first:
        text += scene.say("arriba_earlier", name=name)  # SA-B4: only after an Arriba
    text += scene.say(
        "take" if took else "draw",
        name=name,
        card=_cards(scene, [card], "the_card" if took else "a_card"),
    )
    shown = [card]
    if swap is None:
        key = "discard"
        text += scene.say(key)
    else:
        out, key = swap.card_out, "swap_seen" if swap.was_known else "swap_unseen"
        text += scene.say(
            key,
            out=_cards(scene, [out], "the_card" if swap.was_known else "a_card"),
            Out=_cards(scene, [out], "the_card").capitalize(),
            where=_places(scene, [parse_cell(swap.cell, n)]),
        )
        shown.append(out)
    facts = [held, stop]
    if stopped >= 0:  # a last turn (SA-B5) ends without a call: somebody else acts next
        facts.append(t.telling.fact(placed_at, SantoskaState.current_player, after=True)[1])
    claim = t.telling.happened(placed_at, placed, key, *facts)
    steps = [Step(text, card_pictures(scene, shown), claim=claim)]
    if turn.ends_with(ARRIBA):
        cards, bottom = t.telling.fact(moment.index, grid_row, seat, BOTTOM)
        claimed = t.telling.happened(moment.index, event, "row_before", bottom)
        steps.insert(0, _row(scene, "row_before", seat, BOTTOM, cards, claimed))
    return steps


def _arriba(t: RoundTold, moment: tr.Move, event: ev.ArribaCalled) -> Step:
    scene, name = t.scene, t.scene.names[event.seat]
    text = scene.say("arriba", name=name, cards=_cards(scene, event.bottom))
    drawn = (*card_pictures(scene, event.bottom), CardPicture("markeringen", ARRIBA_ROW))
    figure = _row_figure(scene, "figure_arriba", name, drawn)
    _, top = t.telling.fact(moment.index, SantoskaState.active_row, event.seat, after=True)
    claim = t.telling.happened(moment.index, event, "arriba", top)
    return Step(text, claim=claim, figures=(figure,))


def _stop(t: RoundTold, moment: tr.Move, event: ev.StopCalled) -> Step:
    scene = t.scene
    name, others = scene.names[event.seat], tuple(scene.names[s] for s in event.final_turns)
    verb = scene.say("plays_one" if len(others) == 1 else "plays_more")
    text = scene.say("stop", name=name, others=scene.language.join_words(others), verb=verb)
    claim = t.telling.happened(moment.index, event, "stop")
    return Step(text, (CardPicture("markeringen", STOP_ROW),), claim=claim)


def _listed(scene: Scene, points: Sequence[tuple[int, int]], first: int) -> str:
    """Every seat's points, clockwise from ``first``."""
    order = sorted(points, key=lambda p: (p[0] - first) % len(scene.names))
    return _players(scene, [s for s, _ in order], [p for _, p in order])


def _round_end(t: RoundTold, moment: tr.Move, event: ev.RoundEnded) -> Step:
    points, scored = t.telling.fact(moment.index, scores, after=True)
    text = t.scene.say("round_end", points=_listed(t.scene, points, event.stopper))
    claim = t.telling.happened(moment.index, event, "round_end", scored)
    return Step(text, automatic=True, claim=claim)


def _group(scene: Scene, group: Group) -> str:
    """One group of the focus player's grid (SA-B6): lone, vanishing or a Santoska bonus."""
    n, where = scene.segment.start.row_length, _places(scene, group.cells)
    if len(group.cells) == 1:  # "De zeven ...", "De Santoska-kaart ..."
        the = _cards(scene, [group.card], "the_card")
        the = the[0].upper() + the[1:]
        points = scene.count("strafpunt", group.points)
        return scene.say("lone", card=the, where=where, points=points)
    rows, cols = len({x // n for x in group.cells}), len({x % n for x in group.cells})
    how = scene.say("side_by_side" if rows == 1 else "one_above" if cols == 1 else "touching")
    noun = scene.phrases.nouns["santoska"][1] if group.card == SANTOSKA else None
    noun = noun or scene.say("numbered", number=group.card)
    cards = scene.say("group", count=scene.language.number_word(len(group.cells)), cards=noun)
    bonus = scene.language.number_word(-group.points)
    return scene.say(_group_key(group), cards=cards, where=where, how=how, bonus=bonus)


def _group_key(group: Group) -> str:
    """The phrase a group is told with: a lone card, numbers that vanish, a Santoska bonus."""
    if len(group.cells) == 1:
        return "lone"
    return "group_santoska" if group.card == SANTOSKA else "group_numbers"


def _scored(t: RoundTold, moment: tr.Move, event: ev.GridScored) -> list[Step]:
    """The focus player's rows (top first), groups (the numbers that vanish, lone cards,
    Santoska groups) and sum, or another player's points; then the new total (SA-B6, B7)."""
    scene, seat, at, earned = t.scene, event.seat, moment.index, event.points
    n = scene.segment.start.row_length
    before, was = t.telling.fact(at, total, seat)
    key = "gain" if earned > 0 else "loss" if earned < 0 else "nothing"
    amount = scene.count("strafpunt" if earned > 0 else "punt", abs(earned))
    change = {"name": scene.names[seat], "points": amount, "before": _points(before)}
    change["total"] = _points(event.total)
    if seat != scene.first:
        claim = t.telling.happened(at, event, f"score_{key}", was)
        return [Step(scene.say(f"score_{key}", **change), automatic=True, claim=claim)]
    steps = []
    for which, phrase, cards in ((TOP, "row_top", event.top), (BOTTOM, "row_bottom", event.bottom)):
        steps.append(_row(scene, phrase, seat, which, cards, t.telling.happened(at, event, phrase)))
    firsts = [(card, parse_cell(cells[0], n), len(cells)) for card, cells, _ in event.groups]
    firsts.sort(key=lambda g: (1 if g[2] == 1 else 2 * (g[0] == SANTOSKA), g[1]))
    parts = []
    for _, cell, _ in firsts:
        group, found = t.telling.fact(at, group_of, seat, cell, after=True)
        claim = t.telling.happened(at, event, _group_key(group), found)
        # The rows above already show the cards in their places: the groups need no pictures.
        steps.append(Step(_group(scene, group), automatic=True, claim=claim))
        parts.append(group.points)
    text = scene.say("sum", sum=sum_text(parts)) + " " + scene.say(key, **change)
    return [*steps, Step(text, automatic=True, claim=t.telling.happened(at, event, "sum", was))]


def _won(t: RoundTold, moment: tr.Move, event: ev.GameEnded) -> Step:
    scene, names, at = t.scene, t.scene.names, moment.index
    (seat,) = event.winners
    most, limited = t.telling.fact(at, limit)
    still_in, kept = t.telling.fact(at, SantoskaState.remaining, after=True)
    # the example's player is the winner: clockwise from them
    over = [s for s in scene.clockwise() if event.totals[s] > most and s in still_in]
    text = scene.say("exact_win", name=names[seat], limit=scene.language.number_word(most))
    if over:
        key = "exact_over_one" if len(over) == 1 else "exact_over_more"
        text += scene.say(
            key,
            names=scene.language.join_words([names[s] for s in over]),
            limit=scene.language.number_word(most),
        )
    claim = t.telling.happened(at, event, "exact_win", limited, kept)
    return Step(text, automatic=True, claim=claim)


def _new_round(t: RoundTold, moment: tr.Move) -> list[Step]:
    """The step into a new round (SA-B7, SA-B8), told from the events of the round's last
    action and of the deal before the first turn: the round before scored, who went out,
    who deals now and who is passed by, the new deal and the first open card, the example
    player's new bottom row, who begins."""
    scene, names, telling = t.scene, t.scene.names, t.telling
    deal, ended = moment.index - 1, moment.index - 2  # the deal, the round's last action
    closing = telling.replay.events_at(ended)
    (end,) = (e for e in closing if isinstance(e, ev.RoundEnded))
    points, scored = telling.fact(ended, scores, after=True)
    old, dealt_before = telling.fact(ended, dealer)
    clockwise, points_of = scene.clockwise(), dict(points)
    order = [s for s in clockwise if s in points_of]  # as the standings are listed
    listed = _players(scene, order, [points_of[s] for s in order])
    claim = telling.happened(ended, end, "new_round_scored", scored, dealt_before)
    steps = [Step(scene.say("new_round_scored", points=listed), automatic=True, claim=claim)]
    gone = sorted(
        (e for e in closing if isinstance(e, ev.PlayerEliminated)),
        key=lambda e: clockwise.index(e.seat),
    )
    for e in gone:
        text = scene.say(
            "new_round_out", name=names[e.seat], total=_points(e.total), limit=str(e.limit)
        )
        claim = telling.happened(ended, e, "new_round_out")
        steps.append(Step(text, automatic=True, claim=claim))
    dealt = telling.replay.events_at(deal)
    (new,) = (e for e in dealt if isinstance(e, ev.RoundDealt))
    _, follows = telling.fact(deal, SantoskaState.next_seat, old)
    _, arribas = telling.fact(deal, arriba_called, after=True)
    _, unstopped = telling.fact(deal, stopper, after=True)
    seats = len(names)
    skipped = [(old + k) % seats for k in range(1, (new.dealer - old) % seats)]
    text = scene.say("new_round_shuffle")
    text += scene.say("new_round_dealer", old=names[old], dealer=names[new.dealer])
    if skipped:
        key = "new_round_skipped_one" if len(skipped) == 1 else "new_round_skipped_more"
        text += scene.say(key, names=scene.language.join_words([names[s] for s in skipped]))
    text += scene.say(
        "new_round_deal",
        players=scene.language.join_words([names[s] for s in clockwise if new.grids[s]]),
        cards=scene.count("kaart", max(len(grid) for grid in new.grids)),
        discard=_cards(scene, [new.discard]),
    )
    claim = telling.happened(deal, new, "new_round_deal", follows, arribas, unstopped)
    steps.append(Step(text, card_pictures(scene, [new.discard]), claim=claim))
    (peek,) = (e for e in dealt if isinstance(e, ev.RowPeeked) and e.seat == scene.first)
    claim = telling.happened(deal, peek, "new_round_peek")
    shown = _row(scene, "new_round_peek", peek.seat, BOTTOM, peek.cards, claim)
    begins = scene.say("new_round_begins", name=names[new.starter], dealer=names[new.dealer])
    steps.append(Step(shown.text + " " + begins, claim=claim, figures=shown.figures))
    return steps


def _turn_or_new_round(
    t: RoundTold, moment: tr.Move, event: ev.CardTaken | ev.CardDrawn
) -> list[Step]:
    """A turn, or (in a new-round example) the new round its first turn opens."""
    return _new_round(t, moment) if t.scene.kind == NEW_ROUND else _turn(t, moment, event)


HANDLERS: Handlers[RoundTold, Action, tr.Table] = Handlers(
    on(ev.CardTaken, _turn_or_new_round),
    on(ev.CardDrawn, _turn_or_new_round),
    on(ev.ArribaCalled, _arriba),
    on(ev.StopCalled, _stop),
    on(ev.RoundEnded, _round_end),
    on(ev.GridScored, _scored),
    on(ev.GameEnded, _won),
)
"""The sentences of each event the examples tell (which events: ``examples.told``)."""
