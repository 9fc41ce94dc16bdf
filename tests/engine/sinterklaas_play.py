"""Helpers for the sinterklaas engine tests: positions, scripted deals and moves in notation."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from pnp.engine import CHANCE, EventLog
from pnp.games.sinterklaas.rules.actions import (
    Deal,
    Draw,
    PassLeft,
    Peek,
    Pick,
    Reveal,
    format_move,
    parse_move,
)
from pnp.games.sinterklaas.rules.cards import parse_card
from pnp.games.sinterklaas.rules.config import SinterklaasConfig, standard_config
from pnp.games.sinterklaas.rules.engine import ENGINE
from pnp.games.sinterklaas.rules.state import SinterklaasState

E = TypeVar("E")


def cards(text: str) -> tuple[int, ...]:
    """Card codes from names separated by spaces (``"rood-1 blauw-7"``)."""
    return tuple(parse_card(name) for name in text.split())


def game(
    players: int,
    variants: Sequence[str] = (),
    *,
    sint: int = 0,
    hands: Sequence[str] | None = None,
    scored: Sequence[str] | None = None,
    stack: str | None = None,
    big_sint: int = -1,
    config: SinterklaasConfig | None = None,
    **options: object,
) -> tuple[SinterklaasState, EventLog]:
    """A logging state at the start of a round (waiting for the deal)."""
    log = EventLog()
    config = config or standard_config(variants, **options)  # type: ignore[arg-type]
    state = ENGINE.new_state(config, players, log)
    state.set_position(
        sint=sint,
        hands=[cards(h) for h in hands] if hands is not None else None,
        scored=[cards(p) for p in scored] if scored is not None else None,
        stack=cards(stack) if stack is not None else None,
        big_sint=big_sint,
    )
    return state, log


def deal(state: SinterklaasState, *hands: str, scored: Sequence[str] | None = None) -> None:
    """Push the deal: per seat the stack cards drawn (and scored cards taken back)."""
    picks = tuple(cards(p) for p in scored) if scored else ((),) * state.num_players
    state.push(Deal(picks, tuple(cards(h) for h in hands)))


def reveal(state: SinterklaasState, name: str) -> None:
    """Push a Pakjeskamer reveal."""
    state.push(Reveal(parse_card(name)))


def draw(state: SinterklaasState, names: str) -> None:
    """Push a draw from the stack."""
    state.push(Draw(cards(names)))


def peek(state: SinterklaasState, name: str) -> None:
    """Push the Kijkpiet peek outcome."""
    state.push(Peek(parse_card(name)))


def pick(state: SinterklaasState, name: str) -> None:
    """Push a random pick (scored card for a stake, a stolen hand card)."""
    state.push(Pick(parse_card(name)))


def pass_left(state: SinterklaasState, names: Sequence[str]) -> None:
    """Push Roetpiet's passed cards ("" for a seat without cards)."""
    state.push(PassLeft(tuple(parse_card(n) if n else 0 for n in names)))


def do(state: SinterklaasState, *moves: str) -> None:
    """Push moves in notation, checking each is legal."""
    for text in moves:
        move = parse_move(text)
        legal = state.legal_actions()
        shown = [format_move(m) for m in legal]
        assert move in legal, f"{text!r} is not legal for P{state.current_player()}: {shown}"
        state.push(move)


def legal(state: SinterklaasState) -> set[str]:
    """The legal moves in notation."""
    return {format_move(m) for m in state.legal_actions()}


def events_of(log: EventLog, kind: type[E]) -> list[E]:
    """The logged events of one type."""
    return [e for e in log if isinstance(e, kind)]


def finish_randomly(state: SinterklaasState, seed: int = 0) -> None:
    """Play on with random moves and chance until the game ends."""
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.push(ENGINE.sample_chance(state, rng))
        else:
            moves = state.legal_actions()
            state.push(moves[rng.randrange(len(moves))])
