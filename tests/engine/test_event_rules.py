"""Events name their rules, once for every registered game.

Every event an engine emits names the rule IDs of the game's checklist it enacts
(``Event.rule_ids``). The checklist as this project holds it is the set of IDs its
rulebook templates state (:func:`pnp.spec.rule_list.stated_rule_ids`), which is the
checklist of GAMES.md. Seeded games of the base game, of every variant alone and of the
largest combinations are played with the game's policies; then:

* every event names at least one rule, and only rules of the checklist;
* every rule of the checklist that a move can enact is named by some event (the game
  declares the others, its components and deck checks, as ``unplayed_rules``);
* the base game's events name no variant's own rule, and a variant's own rules are named
  only in kits that play that variant (a variant's own rules are those outside the base
  game's B series: ``kleine-kaart`` restating ST-B1 owns nothing of it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from functools import cache

import pytest

from pnp.catalog.project import load_game
from pnp.catalog.registry import AnyGame, games
from pnp.engine.core import Event, EventLog, play
from pnp.games.santoska.rules import events as sa
from pnp.games.sinterklaas.rules import events as sk
from pnp.games.sinterklaas.rules.events import RoundWon
from pnp.games.stoomboot.rules import events as st
from pnp.games.twaalf_dagen.rules import events as twaalf_dagen
from pnp.spec.model import GameSpec
from pnp.spec.rule_list import RULE_ID, stated_rule_ids
from pnp.spec.variants import resolve_variants
from pnp.story.rulesets import built_kits
from tests.engine.registered import policy_mix
from tests.fifth_game import fifth_game_installed

SEEDS_PER_KIT = 6
"""Seeded games per kit; the player count cycles through the spec's range."""

with fifth_game_installed():  # the guide's example game is held to the contract too
    GAME_IDS = tuple(sorted(games()))


@cache
def _spec(game_id: str) -> GameSpec:
    return load_game(game_id).spec


def _kits(game_id: str) -> tuple[tuple[str, ...], ...]:
    """The base game, every variant alone and the largest combinations, included ones added."""
    spec = _spec(game_id)
    built = built_kits(spec)
    largest = max(len(kit) for kit in built)
    chosen = [(), *((v,) for v in spec.variants), *(k for k in built if len(k) == largest)]
    return tuple(dict.fromkeys(resolve_variants(spec, kit) for kit in chosen))


def _events(game: AnyGame, variants: tuple[str, ...], seed: int) -> Iterator[Event]:
    lo, hi = _spec(game.id).players
    players = lo + seed % (hi - lo + 1)
    log = EventLog()
    kit = game.engine
    play(kit.engine, kit.standard_config(variants), policy_mix(kit, players), seed, log=log)
    yield from log


@cache
def _named(game_id: str) -> dict[tuple[str, ...], dict[str, set[str]]]:
    """Per kit (its variants), the rule IDs its events named, each with the event types."""
    game = games()[game_id]
    out: dict[tuple[str, ...], dict[str, set[str]]] = {}
    for variants in _kits(game_id):
        named: dict[str, set[str]] = {}
        for seed in range(SEEDS_PER_KIT):
            for event in _events(game, variants, seed):
                assert event.rule_ids, f"{game_id}: {event.event_type} names no rule"
                for rule in event.rule_ids:
                    named.setdefault(rule, set()).add(event.event_type)
        out[variants] = named
    return out


def _stated(game_id: str) -> frozenset[str]:
    return stated_rule_ids(_spec(game_id).folder / "rulebook")


def _own_rules(game_id: str, variant: str) -> set[str]:
    return {r for r in _spec(game_id).variants[variant].rules if "-B" not in r}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_named_rule_is_on_the_checklist(game_id: str) -> None:
    """No event names an ID the game's checklist (GAMES.md, as the rulebook states it) lacks."""
    stated = _stated(game_id)
    assert stated, f"{game_id}: the rulebook states no rule IDs"
    for variants, named in _named(game_id).items():
        for rule, kinds in named.items():
            assert RULE_ID.match(rule), f"{game_id} {variants}: {sorted(kinds)} name {rule!r}"
            assert rule in stated, f"{game_id} {variants}: {sorted(kinds)} name {rule}, no rule"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rule_in_play_is_named_by_an_event(game_id: str) -> None:
    """Each rule a move can enact shows in some event of seeded play; the declared
    exceptions (components, deck checks) are on the checklist and named by none."""
    stated = _stated(game_id)
    unplayed = set(games()[game_id].engine.unplayed_rules)
    assert unplayed <= stated, f"{game_id}: unplayed rules not on the checklist"
    named = set().union(*(set(n) for n in _named(game_id).values()))
    assert not named & unplayed, f"{game_id}: declared unplayed but named: {named & unplayed}"
    missing = sorted(stated - unplayed - named)
    assert not missing, f"{game_id}: no event of seeded play names {missing}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_variant_rules_only_where_the_variant_is_played(game_id: str) -> None:
    """The base game names no variant's own rule; a kit names a variant's own rule only
    when it plays a variant that has it (SK-P4 needs Pietje Precies, with Actiepiet)."""
    spec = _spec(game_id)
    every_own = set().union(*(_own_rules(game_id, v) for v in spec.variants))
    for variants, named in _named(game_id).items():
        allowed = set().union(*(_own_rules(game_id, v) for v in variants))
        wrong = sorted((every_own - allowed) & set(named))
        assert not wrong, f"{game_id} {'+'.join(variants) or 'base'}: " + "; ".join(
            f"{r} named by {sorted(named[r])}" for r in wrong
        )


def test_a_rule_that_depends_on_the_event_names_the_right_one() -> None:
    """Field-dependent IDs, read from real play: a lead is TD-B2 and an answer TD-B3; the
    short game ends by TD-K1, the full game by TD-B7; a Sinterklaas round won as the one
    player left is SK-B5, at the showdown SK-B8."""
    td = games()["twaalf-dagen"]
    for variants, end in (((), "TD-B7"), (("kort",), "TD-K1")):
        events = list(_events(td, variants, 3))
        played = [e for e in events if isinstance(e, twaalf_dagen.Played)]
        assert {e.rule_ids for e in played if e.lead} == {("TD-B2",)}
        assert {e.rule_ids for e in played if not e.lead} == {("TD-B3",)}
        assert isinstance(events[-1], twaalf_dagen.GameEnded) and events[-1].rule_ids == (end,)
    sk = games()["sinterklaas"]
    won = [e for seed in range(4) for e in _events(sk, (), seed) if isinstance(e, RoundWon)]
    reasons = {e.reason: e.rule_ids for e in won}
    assert reasons.get("one-left") == ("SK-B5",) and reasons.get("best") == ("SK-B7", "SK-B8")


def _event(cls: type[Event], **given: object) -> Event:
    """An event of ``cls`` with ``given`` fields and plain values for the rest."""
    plain = {"int": 0, "str": "", "bool": False}
    values = {
        f.name: given.get(f.name, plain.get(str(f.type), ()))
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING or f.name in given
    }
    return cls(**values)


# fmt: off
WHERE_FIELDS_DECIDE: list[tuple[type[Event], dict[str, object], tuple[str, ...]]] = [
    (sk.RoundStarted, {"laps": 3}, ("SK-B2",)),
    (sk.RoundStarted, {"laps": 4}, ("SK-B2", "SK-M1")),
    (sk.CardRevealed, {"lap": 0}, ("SK-A1",)),
    (sk.CardRevealed, {"lap": 2}, ("SK-B4",)),
    (sk.CardBid, {"opening": True}, ("SK-W2",)),
    (sk.CardBid, {"opening": True, "big": True}, ("SK-W3",)),
    (sk.CardBid, {"face_down": True}, ("SK-B4", "SK-P4")),
    (sk.WentAlong, {"capped": True}, ("SK-B4", "SK-V3")),
    (sk.SintChanged, {"reason": "won", "showdown": False}, ("SK-B5",)),
    (sk.SintChanged, {"reason": "won"}, ("SK-B8",)),
    (sk.SintChanged, {"reason": "stafpiet"}, ("SK-A1",)),
    (sk.SintChanged, {"reason": "stafpiet", "chosen": True}, ("SK-W4",)),
    (sk.SintChanged, {"reason": "first-stop"}, ("SK-W5",)),
    (sk.CardsDrawn, {"reason": "more-cards"}, ("SK-V4",)),
    (sk.CardsDrawn, {"reason": "schoenpiet"}, ("SK-A1",)),
    (sk.CombinationShown, {"kind": "straight", "precise": True}, ("SK-B7", "SK-P1", "SK-P2")),
    (sk.RoundWon, {"reason": "one-left"}, ("SK-B5",)),
    (sk.RoundWon, {"reason": "remise"}, ("SK-V5", "SK-B8")),
    (sk.StackEmpty, {"what": "reveal"}, ("SK-B4",)),
    (sk.StackEmpty, {"what": "draw", "reason": "more-cards"}, ("SK-V4",)),
    (sk.StackEmpty, {"what": "peek"}, ("SK-A1",)),
    (st.PileShuffled, {"reason": "reshuffle"}, ("ST-B8",)),
    (st.PileShuffled, {"reason": "reshuffle-haven"}, ("ST-E1",)),
    (st.PileShuffled, {"reason": "reshuffle-extra-kolen"}, ("ST-K1",)),
    (st.PawnBumped, {"pawn": "piet-1", "cause": "rots", "damage": 1}, ("ST-E2", "ST-R1")),
    (st.PawnBumped, {"pawn": "boot", "cause": "rand"}, ("ST-B7",)),
    (st.TileTriggered, {"pawn": "piet-0"}, ("ST-E1", "ST-R1")),
    (st.Delivered, {"pawn": "piet-2", "special": True}, ("ST-B6", "ST-P1", "ST-R1")),
    (st.PawnTurned, {"pawn": "boot", "cause": "draai-om"}, ("ST-P2",)),
    (st.PawnTurned, {"pawn": "boot", "cause": "storm"}, ("ST-K1",)),
    (st.RowShortened, {"cause": "lekkage"}, ("ST-K1",)),
    (st.CardIgnored, {"reason": "anker"}, ("ST-P2",)),
    (st.GameEnded, {"won": False, "reason": "pakjesavond", "kalender_deck": True}, ("ST-B2", "ST-K1")),
    (st.GameEnded, {"won": False, "reason": "stoomrij-leeg"}, ("ST-B2", "ST-E2")),
    (sa.RoundEnded, {"capped": True}, ("SA-B8",)),
    (sa.GameEnded, {"reason": "round-limit"}, ("SA-B8",)),
    (sa.GameEnded, {"reason": "exact-limit"}, ("SA-B7",)),
    (sa.RoundDealt, {"round": 2}, ("SA-B1", "SA-B8")),
    (twaalf_dagen.GameEnded, {"short": True}, ("TD-K1",)),
    (twaalf_dagen.HandDealt, {"hand": 2}, ("TD-B1", "TD-B6")),
]
# fmt: on


@pytest.mark.parametrize(
    ("kind", "fields", "rules"), WHERE_FIELDS_DECIDE, ids=lambda v: getattr(v, "__name__", "")
)
def test_an_event_whose_fields_decide_names_the_rule_they_decide(
    kind: type[Event], fields: dict[str, object], rules: tuple[str, ...]
) -> None:
    """Each field-dependent attribution, one case a line (GAMES.md decides the expected IDs)."""
    assert _event(kind, **fields).rule_ids == rules
