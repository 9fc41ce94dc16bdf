"""One or more tests per stoomboot rule ID (ST-C1 ... ST-D1) and per design decision.

Positions are built with ``StoombootState.set_position`` so each test pins
exactly the situation its rule speaks about. Maps are written as five rows of
tokens: ``.`` water, ``R`` rots, ``S`` stroming, ``D`` draaikolk, ``H`` haven,
or a house id; squares are ``a1`` (top left) .. ``e5``.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest

from pnp.engine import CHANCE, TERMINAL, EventLog, play
from pnp.games.stoomboot.policies.bots import HeuristicPolicy
from pnp.games.stoomboot.rules.actions import ChooseSint, LayMap, PlaceBoat, Shuffle
from pnp.games.stoomboot.rules.cards import PAKJE, STOOM
from pnp.games.stoomboot.rules.config import (
    VARIANTS,
    PakjeCard,
    StoombootConfig,
    StoomCard,
    TileKind,
    config_for_variants,
    standard_config,
    validate_deck,
)
from pnp.games.stoomboot.rules.engine import ENGINE
from pnp.games.stoomboot.rules.events import (
    CardDrawn,
    CardIgnored,
    CardRevealed,
    DamageTaken,
    Delivered,
    GameEnded,
    KalenderChosen,
    KalenderDrawn,
    NewSint,
    PakjesReturned,
    PawnBumped,
    PawnMoved,
    PawnTurned,
    PietEntered,
    PileShuffled,
    PlayerSkipped,
    RowLengthened,
    RowShortened,
    StartRowLaid,
    TalkClosed,
    TalkOpened,
    TileTriggered,
)
from pnp.games.stoomboot.rules.phases import PHASE_DRAW, PHASE_PLACE
from pnp.games.stoomboot.rules.state import StoombootState

E = TypeVar("E")

TOKENS = {".": "water", "R": "rots", "S": "stroming", "D": "draaikolk", "H": "haven"}
EMPTY_MAP = [". . . . ."] * 5


def tiles(rows: Sequence[str]) -> list[str]:
    """Map rows in tokens -> tile ids, row by row."""
    return [TOKENS.get(t, t) for row in rows for t in row.split()]


def position(
    rows: Sequence[str],
    boat: str,
    row: Sequence[str],
    hands: Sequence[Sequence[str]],
    *,
    variants: Sequence[str] = (),
    config: StoombootConfig | None = None,
    **kwargs: object,
) -> tuple[StoombootState, EventLog]:
    """A state at the start of a round's placing, logging."""
    log = EventLog()
    state = ENGINE.new_state(config or config_for_variants(variants), len(hands), log)
    state.set_position(tiles(rows), boat, row, hands, **kwargs)  # type: ignore[arg-type]
    return state, log


def do(state: StoombootState, *moves: str) -> None:
    """Push moves in notation, checking that each is legal."""
    for move in moves:
        legal = list(state.legal_actions())
        assert move in legal, f"{move!r} should be legal, not {legal}"
        state.push(move)


def events_of(log: EventLog, kind: type[E]) -> list[E]:
    """The logged events of one type."""
    return [e for e in log if isinstance(e, kind)]


def boat(state: StoombootState) -> tuple[str, str]:
    """The boat's square and heading."""
    return state.sq(state.pawn_sq[0]), state.head(state.pawn_head[0])


def new_game(
    players: int, seed: int = 0, variants: Sequence[str] = ()
) -> tuple[StoombootState, EventLog]:
    """A game after every setup chance node (the first player to draw is up), logging."""
    log = EventLog()
    state = ENGINE.new_state(config_for_variants(variants), players, log)
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.push(ENGINE.sample_chance(state, rng))
    return state, log


# --- ST-C1: the map tiles -------------------------------------------------------------------


def test_st_c1_base_set_has_25_tiles_with_6_houses() -> None:
    """ST-C1: 6 house tiles (each wanting known pakje kinds) and 19 water tiles fill 5x5."""
    config = standard_config()
    assert len(config.houses) == 6 and len(config.water) == 19
    assert all(t.kind == "huis" and t.wants for t in config.houses)
    assert {w for t in config.houses for w in t.wants} <= set(config.pakje_kinds)
    assert validate_deck(config) == []


def test_st_c1_every_house_is_laid_and_the_small_map_has_four() -> None:
    """ST-C1/ST-B1: chance lays every house on the 5x5 map; kleine-kaart lays 4 of them
    on a 4x4 map with 12 water tiles."""
    for seed in range(5):
        state, _ = new_game(3, seed)
        assert len(state.on_map) == 6 and len(state.tiles) == 25
        small, _ = new_game(3, seed, ("kleine-kaart",))
        assert small.size == 4 and len(small.on_map) == 4 and len(small.tiles) == 16


def test_st_c1_validation_reports_a_map_that_cannot_be_filled() -> None:
    """ST-C1: too few water tiles, too few houses for the small map, an unknown wanted
    kind, and special tiles that could leave no plain water for the boat are reported."""
    config = standard_config()
    few = dataclasses.replace(config, water=config.water[:10])
    assert any("needs 19 water tiles" in p for p in validate_deck(few))
    small = dataclasses.replace(config_for_variants(("kleine-kaart",)), houses=config.houses[:3])
    assert any("small map needs 4 houses" in p for p in validate_deck(small))
    odd = dataclasses.replace(
        config, houses=(*config.houses[:-1], TileKind("huis-x", "huis", ("taart",)))
    )
    assert any("unknown pakje kind 'taart'" in p for p in validate_deck(odd))
    rocky = dataclasses.replace(
        config_for_variants(("pepernoot-plekken",)),
        water=tuple(TileKind("rots", "rots") for _ in range(19)),
    )
    assert any("boat needs a plain water tile" in p for p in validate_deck(rocky))


def test_st_c1_a_map_with_the_wrong_houses_is_refused() -> None:
    """ST-C1: a map outcome that leaves a house out (or uses unknown tiles) is refused."""
    state = ENGINE.new_state(standard_config(), 2)
    state.push(ChooseSint(0))
    before = state.snapshot()
    with pytest.raises(ValueError, match="6 different houses"):
        state.push(LayMap(tuple(["water"] * 25)))
    assert state.snapshot() == before


# --- ST-C2: the three decks -------------------------------------------------------------------


def test_st_c2_three_decks_with_their_counts() -> None:
    """ST-C2: Varen 19, Stoomboot 12, Pakje 20 (4 per kind); prachtige-pakjes adds 7, 6, 7."""
    config = standard_config()
    assert (len(config.varen), len(config.stoom), len(config.pakjes)) == (19, 12, 20)
    assert Counter(p.kinds[0] for p in config.pakjes) == {k: 4 for k in config.pakje_kinds}
    big = config_for_variants(("prachtige-pakjes",))
    assert (len(big.varen), len(big.stoom), len(big.pakjes)) == (26, 18, 27)


def test_st_c2_card_ids_are_unique_per_deck() -> None:
    """ST-C2: an id used in two decks, or copies with one id but different content, are
    reported."""
    config = standard_config()
    twice = dataclasses.replace(config, pakjes=(*config.pakjes, PakjeCard("vooruit", ("boek",))))
    assert any("used in two decks" in p for p in validate_deck(twice))
    clash = dataclasses.replace(config, stoom=(*config.stoom, StoomCard("s01", "golf", "golf")))
    assert any("'s01': copies with the same id differ" in p for p in validate_deck(clash))


# --- ST-C3: the boat's heading ------------------------------------------------------------------


def test_st_c3_varen_moves_are_relative_to_the_heading() -> None:
    """ST-C3: vooruit one ahead, achteruit one back (heading kept), bakboord turns to port
    (counter-clockwise) then one ahead, stuurboord to starboard (clockwise) then one ahead."""
    state, _ = position(
        EMPTY_MAP,
        "c3",
        ["s02", "s06", "s09"],
        [["vooruit", "bakboord", "stuurboord"], ["achteruit", "vooruit"]],
        heading="o",
    )
    do(state, "place vooruit 1", "place achteruit 2", "place bakboord 3", "place vooruit 4")
    do(state, "place stuurboord 5")
    # o: c3 -> d3; achteruit -> c3 (heading o); bakboord: n, c2; vooruit c1; stuurboord: o, d1
    assert boat(state) == ("d1", "o")


# --- ST-C4: the Stoomrij ------------------------------------------------------------------------


def test_st_c4_n_cards_give_2n_minus_1_positions_with_icons_in_the_middles() -> None:
    """ST-C4: card middles carry the icon, junctions none; an eye allows face up only there."""
    state, _ = position(EMPTY_MAP, "c3", ["s01", "s02", "s05"], [["vooruit"] * 3, ["vooruit"]])
    assert len(state.slot_card) == 5
    assert state.slot_open == [True, False, False, False, True]
    legal = state.legal_actions()
    assert "place vooruit 1 up" in legal and "place vooruit 2 up" not in legal
    assert "place vooruit 5 up" in legal and "place vooruit 3 up" not in legal


def test_st_c4_cards_fit_when_the_touching_connectors_match() -> None:
    """ST-C4: A left of B fits when A.right == B.left (s02 rond|hoek then s05 hoek|hoek)."""
    tables = ENGINE.new_state(standard_config(), 2).tables
    code = tables.code
    assert tables.fits(code("s02"), code("s05"))
    assert not tables.fits(code("s05"), code("s02"))


# --- ST-B1: setup -------------------------------------------------------------------------------


def test_st_b1_setup_is_recorded_chance_and_the_start_row_is_laid_first() -> None:
    """ST-B1: chance picks the Sint, lays the map, puts the boat on plain water heading n and
    shuffles the piles; DECISION: the start row (2 cards) is laid from the Stoomboot pile
    before the hands are drawn; then the Sint draws first, choosing a pile per card."""
    state, log = new_game(3, seed=4)
    kinds = [type(a) for a in state.history]
    assert kinds == [ChooseSint, LayMap, PlaceBoat, Shuffle, Shuffle, Shuffle]
    assert state.tile_kind[state.pawn_sq[0]] == 1 and state.pawn_head[0] == 0
    assert len(state.row) == 2 and events_of(log, StartRowLaid)[0].row == state.names(state.row)
    assert state.phase == PHASE_DRAW and state.to_move == state.sint
    assert list(state.legal_actions()) == ["draw varen", "draw stoomboot", "draw pakje"]
    for _ in range(5):
        do(state, "draw pakje")
    assert state.to_move == (state.sint + 1) % 3
    assert [e.pile for e in events_of(log, CardDrawn)] == ["pakje"] * 5


def test_st_b1_more_than_four_players_hold_four_cards_and_start_with_four() -> None:
    """ST-B1: with 5 or 6 players hands are 4 cards and the start row 4 cards (7 positions)."""
    state, _ = new_game(5, seed=1)
    assert len(state.row) == 4 and state.hand_size == 4
    while state.phase == PHASE_DRAW:
        do(state, state.legal_actions()[0])
    assert all(len(h) == 4 for h in state.hands) and len(state.slot_card) == 7
    four, _ = new_game(4, seed=1)
    assert len(four.row) == 2 and four.hand_size == 5


def test_st_b1_small_map_variant_is_4x4() -> None:
    """ST-B1: kleine-kaart plays on a 4x4 map (squares a1 .. d4)."""
    state, _ = new_game(2, seed=3, variants=("kleine-kaart",))
    assert state.size == 4 and state.sq(15) == "d4"


# --- ST-B2: cooperative win, hidden cards -----------------------------------------------------


def test_st_b2_delivering_every_house_wins_together_at_once() -> None:
    """ST-B2: the last house delivered wins for every seat at once (later cards unrevealed)."""
    rows = [". . . . .", ". . huis-boek . .", ". . . . .", ". . . . .", ". . . . ."]
    state, log = position(
        rows, "c2", ["s01", "s05"], [["p-boek", "vooruit"], ["vooruit", "vooruit"]]
    )
    do(state, "place p-boek 1", "place vooruit 2", "place vooruit 3", "bezorg huis-boek")
    assert state.current_player() == TERMINAL and state.winners == (0, 1)
    end = events_of(log, GameEnded)[0]
    assert end.won and end.delivered == end.houses == 1
    assert len(events_of(log, CardRevealed)) == 1


def test_st_b2_a_view_hides_other_hands_and_face_down_cards() -> None:
    """ST-B2: players never see each other's hands or face-down cards (see also the
    engine tests for the view's whole surface)."""
    state, _ = position(EMPTY_MAP, "c3", ["s02", "s06"], [["vooruit"], ["p-boek", "achteruit"]])
    do(state, "place vooruit 2")
    view = ENGINE.player_view(state, 1)
    assert view.hand_of(0) is None and view.slot(1) is None
    assert ENGINE.player_view(state, 0).slot(1) == state.tables.code("vooruit")


# --- ST-B3: placing ------------------------------------------------------------------------------


def test_st_b3_placing_goes_clockwise_from_the_sint_until_every_position_is_filled() -> None:
    """ST-B3: the Sint places first, then clockwise; a player without cards is skipped;
    the round's placing ends when all positions are filled; the last placer is next Sint."""
    state, log = position(
        EMPTY_MAP,
        "c3",
        ["s02", "s05", "s06"],
        [["vooruit", "vooruit"], [], ["vooruit", "achteruit", "achteruit"]],
        sint=2,
    )
    order = []
    while state.phase == PHASE_PLACE:
        order.append(state.to_move)
        state.push(state.legal_actions()[0])
    assert order == [2, 0, 2, 0, 2]
    assert [e.seat for e in events_of(log, PlayerSkipped)] == [1, 1]
    assert state.next_sint == 2


def test_st_b3_face_up_only_on_an_eye() -> None:
    """ST-B3: a card goes face down; face up only under a position with an eye."""
    state, _ = position(EMPTY_MAP, "c3", ["s02", "s06"], [["vooruit"], ["vooruit"]])
    assert all(not a.endswith(" up") for a in state.legal_actions())
    with pytest.raises(ValueError, match="no eye"):
        state.push("place vooruit 1 up")


# --- ST-B4: sailing -------------------------------------------------------------------------------


def test_st_b4_the_sint_reveals_left_to_right() -> None:
    """ST-B4: positions are revealed in order 1, 2, 3 (by the round's Sint), each carried
    out before the next."""
    state, log = position(
        EMPTY_MAP, "c3", ["s02", "s06"], [["vooruit", "stuurboord"], ["vooruit"]], sint=0
    )
    do(state, "place stuurboord 3", "place vooruit 1", "place vooruit 2")
    assert [e.position for e in events_of(log, CardRevealed)] == [1, 2, 3]
    assert [e.placed_by for e in events_of(log, CardRevealed)] == [1, 0, 0]
    assert boat(state) == ("d1", "o")


# --- ST-B5: Stoomboot cards -------------------------------------------------------------------------


def test_st_b5_a_fitting_card_offers_longer_or_shorter() -> None:
    """ST-B5: a card that fits may lengthen at that end, or the row may be shortened."""
    # row s02 s06 = rond|hoek hoek|golf; s09 golf|golf fits right only
    state, log = position(EMPTY_MAP, "c3", ["s02", "s06"], [["s09", "p-boek"], ["vooruit"]])
    do(state, "place s09 1", "place vooruit 2", "place p-boek 3")
    assert list(state.legal_actions()) == ["langer-rechts", "korter-links", "korter-rechts"]
    do(state, "langer-rechts")
    assert state.names(state.row) == ("s02", "s06", "s09")
    assert events_of(log, RowLengthened)[0].cause == "stoomboot"


def test_st_b5_a_card_that_does_not_fit_must_shorten() -> None:
    """ST-B5: a card that fits nowhere only offers shortening; the removed card and the
    card used go to the Stoomboot discard pile (the latter at round end)."""
    state, log = position(EMPTY_MAP, "c3", ["s02", "s06"], [["s05", "p-boek"], ["vooruit"]])
    do(state, "place s05 1", "place vooruit 2", "place p-boek 3")
    assert list(state.legal_actions()) == ["korter-links", "korter-rechts"]
    do(state, "korter-links")
    assert state.names(state.row) == ("s06",)
    assert events_of(log, RowShortened)[0].card == "s02"
    assert state.discards[STOOM] == [state.tables.code("s02")]


def test_st_b5_one_card_and_no_fit_does_nothing_and_the_row_has_a_maximum() -> None:
    """ST-B5: with one card and no fit nothing happens; a full row (5) cannot grow."""
    state, log = position(EMPTY_MAP, "c3", ["s06"], [["s04"], ["vooruit"]])
    do(state, "place s04 1")
    assert state.names(state.row) == ("s06",)
    assert events_of(log, CardIgnored)[0].reason == "past-niet"
    full = ["s01", "s01", "s01", "s01", "s01"]
    config = standard_config()
    state, _ = position(EMPTY_MAP, "c3", full, [["s01"] * 5, ["vooruit"] * 4], config=config)
    do(state, "place s01 1")
    for _ in range(8):
        state.push(state.legal_actions()[0])
    assert list(state.legal_actions()) == ["korter-links", "korter-rechts"]


# --- ST-B6: delivery ------------------------------------------------------------------------------


def test_st_b6_pakjes_revealed_earlier_deliver_when_the_boat_arrives() -> None:
    """ST-B6: the boat reaches a house whose wants lie revealed earlier in the row: the
    Sint may deliver; the cards leave the game and the tile turns over."""
    rows = [
        ". . . . .",
        ". . huis-trommel-letter . .",
        ". . . . .",
        ". . huis-boek . .",
        ". . . . .",
    ]
    state, log = position(
        rows,
        "c3",
        ["s02", "s05", "s06"],
        [["p-letter", "p-trommel", "vooruit"], ["p-knuffel", "vooruit"]],
    )
    do(state, "place p-letter 1", "place p-knuffel 2", "place p-trommel 3", "place vooruit 4")
    do(state, "place vooruit 5")
    assert list(state.legal_actions()) == ["bezorg huis-trommel-letter", "niet"]
    do(state, "bezorg huis-trommel-letter")
    event = events_of(log, Delivered)[0]
    assert sorted(zip(event.cards, event.counted, strict=True)) == [
        ("p-letter", "letter"),
        ("p-trommel", "trommel"),
    ]
    assert state.delivered[state.tables.tile_of["huis-trommel-letter"]]
    assert sorted(state.names(state.out)) == ["p-letter", "p-trommel"]


def test_st_b6_undelivered_pakjes_return_shuffled_and_niet_declines() -> None:
    """ST-B6: the Sint may decline; undelivered pakjes go back into the Pakje pile, which
    chance shuffles."""
    rows = [". . . . .", ". . huis-boek . .", ". . huis-letter . .", ". . . . .", ". . . . ."]
    state, log = position(rows, "c3", ["s02", "s06"], [["p-boek", "vooruit"], ["p-letter"]])
    pile = len(state.piles[PAKJE])
    do(state, "place p-boek 1", "place p-letter 2", "place vooruit 3")
    assert state.legal_actions() == ("bezorg huis-letter", "niet")
    do(state, "niet")
    assert state.legal_actions() == ("bezorg huis-boek", "niet")
    do(state, "niet", "kalender 3")
    assert events_of(log, PakjesReturned)[0].cards == ("p-boek", "p-letter")
    assert state.current_player() == CHANCE
    state.push(ENGINE.sample_chance(state, random.Random(0)))
    assert events_of(log, PileShuffled)[-1].reason == "return"
    assert len(state.piles[PAKJE]) == pile + 2


# --- ST-B7: off the map ------------------------------------------------------------------------------


def test_st_b7_sailing_off_the_map_does_nothing() -> None:
    """ST-B7: a step off the map leaves the boat where it is, without damage (base game)."""
    state, log = position(EMPTY_MAP, "c1", ["s02", "s06"], [["vooruit", "vooruit"], ["vooruit"]])
    do(state, "place vooruit 1", "place vooruit 2", "place vooruit 3")
    assert boat(state) == ("c1", "n")
    assert [e.damage for e in events_of(log, PawnBumped)] == [0, 0, 0]
    assert len(state.row) == 2


# --- ST-B8: round end -----------------------------------------------------------------------------------


def test_st_b8_a_played_card_goes_to_the_kalender_and_hands_are_refilled() -> None:
    """ST-B8: the Sint sets a played card aside onto the Kalender; everyone draws up to
    the hand size, the Sint first; the last placer is the new Sint."""
    state, log = position(EMPTY_MAP, "c3", ["s02", "s06"], [["vooruit"], ["achteruit", "vooruit"]])
    do(state, "place vooruit 1", "place achteruit 2", "place vooruit 3")
    assert state.legal_actions() == ("kalender 1", "kalender 2", "kalender 3")
    do(state, "kalender 2")
    assert events_of(log, KalenderChosen)[0].card == "achteruit"
    assert state.phase == PHASE_DRAW and state.to_move == 0
    while state.phase == PHASE_DRAW:
        state.push(state.legal_actions()[0])
    assert [len(h) for h in state.hands] == [5, 5]
    assert events_of(log, NewSint)[0].seat == 1 and state.round == 2 and state.sint == 1


def test_st_b8_the_tenth_kalender_card_loses() -> None:
    """ST-B8: when the Kalender pile reaches 10 cards pakjesavond is over: lost."""
    state, log = position(
        EMPTY_MAP,
        "c3",
        ["s02", "s06"],
        [["vooruit", "vooruit"], ["vooruit"]],
        kalender=["achteruit"] * 9,
        round_number=10,
    )
    do(state, "place vooruit 1", "place vooruit 2", "place vooruit 3", "kalender 1")
    assert state.is_terminal() and state.winners == ()
    assert state.end_reason == "pakjesavond" and not events_of(log, GameEnded)[0].won


# --- ST-K1: krappe-kalender --------------------------------------------------------------------------


def kalender_round(
    events: Sequence[str], *, row: Sequence[str] = ("s02", "s06"), boat_at: str = "c3"
) -> tuple[StoombootState, EventLog]:
    """A krappe-kalender round with the given Kalender pile: three pakjes are placed and
    sailed, the pakjes go back (a chance shuffle), then the top Kalender card is taken."""
    state, log = position(
        EMPTY_MAP,
        boat_at,
        row,
        [["p-boek", "p-boek"], ["p-letter"]],
        variants=("krappe-kalender",),
        kal_pile=list(events),
    )
    do(state, "place p-boek 1", "place p-letter 2", "place p-boek 3")
    assert state.current_player() == CHANCE
    state.push(ENGINE.sample_chance(state, random.Random(0)))
    return state, log


def test_st_k1_ten_kalender_cards_and_no_card_set_aside() -> None:
    """ST-K1: 10 Kalender cards are laid at setup; a round end takes the top one instead of
    setting a played card aside; the game is lost when the pile is empty."""
    state, _ = new_game(3, seed=2, variants=("krappe-kalender",))
    assert len(state.kal_pile) == 10 and len(state.config.kalender) == 10
    state, log = kalender_round(["rustige-dag"])
    assert state.kalender == [] and events_of(log, KalenderDrawn)[0].event == "rustige-dag"
    assert state.is_terminal() and state.end_reason == "pakjesavond"
    state, log = kalender_round(["rustige-dag", "rustige-dag"])
    assert not state.is_terminal() and state.phase == PHASE_DRAW


def test_st_k1_haast_storm_and_harde_wind() -> None:
    """ST-K1: haast removes the next card unseen; storm turns the boat around; harde-wind
    sails it one square ahead."""
    state, log = kalender_round(["haast", "zon", "rustige-dag"])
    drawn = events_of(log, KalenderDrawn)
    assert [(e.event, e.unseen) for e in drawn] == [("haast", False), ("zon", True)]
    assert state.weather_next == 0 and len(state.kal_pile) == 1
    state, log = kalender_round(["storm", "rustige-dag"])
    assert boat(state) == ("c3", "z") and events_of(log, PawnTurned)[0].cause == "storm"
    state, log = kalender_round(["harde-wind", "rustige-dag"])
    assert boat(state) == ("c2", "n")


def _next_round(state: StoombootState) -> None:
    while state.phase != PHASE_PLACE:
        if state.current_player() == CHANCE:
            state.push(ENGINE.sample_chance(state, random.Random(3)))
        else:
            state.push(state.legal_actions()[0])


def test_st_k1_mist_and_zon_change_the_eyes_of_the_next_round() -> None:
    """ST-K1: mist: next round no position has an eye; zon: every position has one."""
    state, _ = kalender_round(["mist", "rustige-dag"], row=("s01", "s05"))
    _next_round(state)
    assert state.slot_open == [False, False, False]
    state, _ = kalender_round(["zon", "rustige-dag"])
    _next_round(state)
    assert state.slot_open == [True, True, True]


def test_st_k1_lekkage_extra_kolen_and_ozosnel_are_the_sints_choices() -> None:
    """ST-K1: lekkage: the Sint removes an end card; extra-kolen: the top Stoomboot card is
    attached where it fits; ozosnel: the Sint moves the boat one square any way."""
    state, log = kalender_round(["lekkage", "rustige-dag"])
    assert state.legal_actions() == ("korter-links", "korter-rechts")
    do(state, "korter-rechts")
    assert state.names(state.row) == ("s02",) and events_of(log, RowShortened)[0].cause == "lekkage"
    state, log = position(
        EMPTY_MAP,
        "c3",
        ["s02", "s06"],
        [["vooruit", "vooruit"], ["achteruit"]],
        variants=("krappe-kalender",),
        kal_pile=["extra-kolen", "rustige-dag"],
        piles=[[], ["s09"], []],
    )
    do(state, "place vooruit 1", "place achteruit 2", "place vooruit 3")
    assert state.names(state.row) == ("s02", "s06", "s09")
    assert events_of(log, RowLengthened)[0].cause == "extra-kolen"
    state, _ = kalender_round(["ozosnel", "rustige-dag"])
    assert state.legal_actions() == ("ozosnel n", "ozosnel o", "ozosnel z", "ozosnel w")
    do(state, "ozosnel w")
    assert boat(state) == ("b3", "n")


# --- ST-P1: special pakjes ---------------------------------------------------------------------------


P_VARIANT = ("prachtige-pakjes",)
HOUSES = [". . . . .", ". . huis-trommel-letter . .", ". . . . .", ". . . . .", ". . . . ."]


def test_st_p1_joker_and_dubbelcadeau_stand_for_a_kind() -> None:
    """ST-P1: a Dubbelcadeau stands for either of its kinds, a Joker for any kind; the
    matching uses the least flexible cards first (DECISION)."""
    state, log = position(
        HOUSES,
        "c2",
        ["s02", "s06"],
        [["dubbel-trommel-letter", "joker"], ["p-letter"]],
        variants=P_VARIANT,
    )
    do(state, "place dubbel-trommel-letter 1", "place p-letter 2", "place joker 3")
    do(state, "bezorg huis-trommel-letter")
    event = events_of(log, Delivered)[0]
    assert sorted(zip(event.cards, event.counted, strict=True)) == [
        ("dubbel-trommel-letter", "trommel"),
        ("p-letter", "letter"),
    ]
    state, log = position(
        HOUSES, "c2", ["s02", "s06"], [["joker", "vooruit"], ["p-letter"]], variants=P_VARIANT
    )
    do(state, "place joker 1", "place p-letter 2", "place vooruit 3")
    do(state, "bezorg huis-trommel-letter")
    assert sorted(events_of(log, Delivered)[0].cards) == ["joker", "p-letter"]


def test_st_p1_telefoon_opens_talk_until_the_next_card() -> None:
    """ST-P1: after a Telefoon is delivered every view shows every hand and face-down card,
    until the next card is revealed (here: through the round end into the next placing)."""
    rows = [". . . . .", ". . huis-knuffel . .", ". . huis-boek . .", ". . . . .", ". . . . ."]
    state, log = position(
        rows,
        "c2",
        ["s02", "s06"],
        [["p-trommel", "telefoon-knuffel", "vooruit"], ["p-marsepein"]],
        variants=P_VARIANT,
    )
    do(state, "place p-trommel 1", "place p-marsepein 2", "place telefoon-knuffel 3")
    view = ENGINE.player_view(state, 1)
    assert view.hand_of(0) is None
    do(state, "bezorg huis-knuffel")
    assert state.talk and events_of(log, TalkOpened)[0].card == "telefoon-knuffel"
    assert view.hand_of(0) == (state.tables.code("vooruit"),)
    while state.phase != PHASE_PLACE:
        if state.current_player() == CHANCE:
            state.push(ENGINE.sample_chance(state, random.Random(2)))
        else:
            state.push(state.legal_actions()[0])
    state.push(next(a for a in state.legal_actions() if not a.endswith(" up")))
    assert view.slot(0) is not None and not events_of(log, TalkClosed)
    while not events_of(log, TalkClosed):
        state.push(state.legal_actions()[0])
    assert not state.talk and view.hand_of(0) is None


# --- ST-P2: new Varen cards ------------------------------------------------------------------------


def test_st_p2_dubbel_vooruit_dubbel_achteruit_and_draai_om() -> None:
    """ST-P2: Dubbel Vooruit two squares ahead, Dubbel Achteruit two back, Draai Om turns
    around without moving."""
    state, log = position(
        EMPTY_MAP,
        "c3",
        ["s02", "s06"],
        [["dubbel-vooruit", "draai-om"], ["dubbel-achteruit"]],
        variants=P_VARIANT,
    )
    do(state, "place dubbel-vooruit 1", "place dubbel-achteruit 2", "place draai-om 3")
    assert boat(state) == ("c3", "z")
    moves = [(e.start, e.path) for e in events_of(log, PawnMoved)]
    assert moves == [("c3", ("c2", "c1")), ("c1", ("c2", "c3"))], "two squares, one at a time"


def test_st_p2_anker_cancels_the_next_varen_card() -> None:
    """ST-P2: Anker does not move; the next Varen card of the round is not carried out."""
    state, log = position(
        EMPTY_MAP,
        "c3",
        ["s02", "s06"],
        [["anker", "vooruit"], ["vooruit"]],
        variants=P_VARIANT,
    )
    do(state, "place anker 1", "place vooruit 2", "place vooruit 3")
    assert boat(state) == ("c2", "n")
    assert [e.reason for e in events_of(log, CardIgnored)] == ["anker"]


# --- ST-P3: position icons -------------------------------------------------------------------------


def test_st_p3_dubbel_kompas_storm_and_ster() -> None:
    """ST-P3: dubbel carries a Varen card out twice; kompas lets the Sint set the heading
    first; storm: the card is not carried out; ster: a pakje there counts as a Joker."""
    state, _ = position(
        EMPTY_MAP, "c3", ["s13", "s09"], [["vooruit", "p-boek"], ["p-boek"]], variants=P_VARIANT
    )
    do(state, "place vooruit 1", "place p-boek 2", "place p-boek 3")
    assert boat(state) == ("c1", "n")  # s13 has the dubbel icon on position 1
    state, _ = position(
        EMPTY_MAP, "c3", ["s14", "s04"], [["vooruit", "p-boek"], ["p-boek"]], variants=P_VARIANT
    )
    do(state, "place vooruit 1", "place p-boek 2", "place p-boek 3")
    assert state.legal_actions() == ("koers n", "koers o", "koers z", "koers w")
    do(state, "koers w")
    assert boat(state) == ("b3", "w")
    state, log = position(
        EMPTY_MAP, "c3", ["s16", "s01"], [["vooruit", "p-boek"], ["p-boek"]], variants=P_VARIANT
    )
    do(state, "place vooruit 1", "place p-boek 2", "place p-boek 3")
    assert boat(state) == ("c3", "n") and events_of(log, CardIgnored)[0].reason == "storm"
    rows = [". . . . .", ". . . . .", ". . huis-trommel . .", ". . . . .", ". . . . ."]
    state, log = position(
        rows, "c3", ["s17", "s05"], [["p-boek", "vooruit"], ["vooruit"]], variants=P_VARIANT
    )
    do(state, "place p-boek 1", "place vooruit 2", "place vooruit 3")
    assert state.legal_actions() == ("bezorg huis-trommel", "niet")
    do(state, "bezorg huis-trommel")
    assert events_of(log, Delivered)[0].counted == ("trommel",)


# --- ST-E1 / ST-E2: special tiles and damage --------------------------------------------------------


E_VARIANT = ("pepernoot-plekken",)


def test_st_e1_stroming_draaikolk_and_haven() -> None:
    """ST-E1: stroming drifts one more square in the heading; draaikolk turns the boat
    around; haven attaches the top Stoomboot card where it fits."""
    rows = [". . . . .", ". . S . .", ". . . . .", ". . . . .", ". . . . ."]
    state, log = position(
        rows, "c3", ["s02", "s06"], [["vooruit", "p-boek"], ["p-boek"]], variants=E_VARIANT
    )
    do(state, "place vooruit 1", "place p-boek 2", "place p-boek 3")
    assert boat(state) == ("c1", "n")
    assert events_of(log, PawnMoved)[0].path == ("c2",)
    assert events_of(log, TileTriggered)[0].tile == "stroming"
    rows = [". . . . .", ". . D . .", ". . . . .", ". . . . .", ". . . . ."]
    state, _ = position(
        rows, "c3", ["s02", "s06"], [["vooruit", "vooruit"], ["p-boek"]], variants=E_VARIANT
    )
    do(state, "place vooruit 1", "place p-boek 2", "place vooruit 3")
    assert boat(state) == ("c3", "z")
    rows = [". . . . .", ". . H . .", ". . . . .", ". . . . .", ". . . . ."]
    state, log = position(
        rows, "c3", ["s02", "s06"], [["vooruit", "p-boek"], ["p-boek"]], variants=E_VARIANT
    )
    state.piles[STOOM].append(state.tables.code("s09"))
    do(state, "place vooruit 1", "place p-boek 2", "place p-boek 3")
    assert state.names(state.row) == ("s02", "s06", "s09")
    assert events_of(log, RowLengthened)[0].cause == "haven"


def test_st_e2_damage_off_the_map_and_on_a_rock() -> None:
    """ST-E2: trying to sail off the map, or into a rock, is 1 damage each: the Sint
    removes an end card; a rock is never entered."""
    rows = [". . . . .", ". . R . .", ". . . . .", ". . . . .", ". . . . ."]
    state, log = position(
        rows,
        "c3",
        ["s02", "s05", "s06"],
        [["vooruit", "p-boek", "p-boek"], ["p-boek", "p-boek"]],
        variants=E_VARIANT,
    )
    do(state, "place vooruit 1")
    for _ in range(4):
        state.push(state.legal_actions()[0])
    assert boat(state) == ("c3", "n") and events_of(log, PawnBumped)[0].cause == "rots"
    assert state.legal_actions() == ("schade-links", "schade-rechts")
    do(state, "schade-rechts")
    assert state.names(state.row) == ("s02", "s05")
    assert events_of(log, DamageTaken)[0].card == "s06" and state.damage_total == 1
    state, log = position(
        EMPTY_MAP,
        "a1",
        ["s02", "s06"],
        [["achteruit", "p-boek"], ["p-boek"]],
        heading="z",
        variants=E_VARIANT,
    )
    do(state, "place achteruit 1", "place p-boek 2", "place p-boek 3", "schade-links")
    assert events_of(log, PawnBumped)[0].cause == "rand" and state.names(state.row) == ("s06",)


def test_st_e2_an_empty_stoomrij_loses_at_once() -> None:
    """ST-E2: damage that empties the Stoomrij loses the game immediately."""
    state, log = position(EMPTY_MAP, "c1", ["s06"], [["vooruit"], ["p-boek"]], variants=E_VARIANT)
    do(state, "place vooruit 1")
    assert state.is_terminal() and state.end_reason == "stoomrij-leeg"
    assert events_of(log, GameEnded)[0].reason == "stoomrij-leeg"


# --- ST-R1: rebelse pietjes --------------------------------------------------------------------------


def test_st_r1_the_sint_may_move_their_own_piet_instead() -> None:
    """ST-R1: for each Varen card the Sint chooses the boat or their Piet; a Piet not on the
    map appears on the boat's square with its heading, then moves like the boat and can
    deliver."""
    rows = [". . . . .", ". . . . .", ". . . . .", ". . . huis-boek .", ". . . . ."]
    state, log = position(
        rows,
        "c3",
        ["s02", "s06"],
        [["bakboord", "p-boek"], ["vooruit"]],
        heading="z",
        variants=("rebelse-pietjes",),
    )
    do(state, "place p-boek 1", "place vooruit 2", "place bakboord 3")
    assert state.legal_actions() == ("boot", "piet")
    do(state, "boot")
    assert boat(state) == ("c4", "z")
    do(state, "piet")
    entered = events_of(log, PietEntered)[0]
    assert (entered.pawn, entered.square, entered.heading) == ("piet-0", "c4", "z")
    assert state.legal_actions() == ("bezorg huis-boek", "niet")
    do(state, "bezorg huis-boek")
    assert events_of(log, Delivered)[0].pawn == "piet-0" and state.is_terminal()


# --- ST-D1: validation and winnability -------------------------------------------------------------


def test_st_d1_every_variant_config_is_valid_and_pakjes_cover_the_houses() -> None:
    """ST-D1: the standard tables pass for every variant alone and all together; a Pakje deck
    too thin for the houses' wants is reported."""
    for variants in [(), *((v,) for v in VARIANTS), VARIANTS]:
        assert validate_deck(config_for_variants(variants)) == [], variants
    config = standard_config()
    thin = dataclasses.replace(
        config, pakjes=tuple(p for p in config.pakjes if p.kinds != ("letter",))[:-1]
    )
    problems = validate_deck(thin)
    assert any("want 2 letter pakje(s)" in p for p in problems), problems


def test_st_d1_the_cooperative_policy_wins_the_base_game() -> None:
    """ST-D1: with the bundled cooperative policy the base game is winnable (4 players)."""
    config = standard_config()
    won = 0
    for seed in range(40):
        policies: list[Any] = [HeuristicPolicy() for _ in range(4)]
        won += bool(play(ENGINE, config, policies, seed).state.winners)
    assert won >= 8, won
