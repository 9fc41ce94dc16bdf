"""An example move by move: the record it was told from, replayed one action at a time.

A proofreader checks an example by stepping through the game it came from. For each
action of the example's part of the record, :func:`walkthrough` gives the table right
after it (drawn as the game's examples draw it, :attr:`Story.table`), the engine's own
log lines of what it caused, which of the example's sentences it produced, and each of
those sentences' claims checked again on fresh engine states, with the result.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pnp.base.errors import PnpError
from pnp.engine.core import CHANCE, Event
from pnp.example_model import Example
from pnp.spec.model import GameSpec
from pnp.story.claims import Replay
from pnp.story.phrases import load_phrases
from pnp.story.story import Story
from pnp.story.walk import Moment, walk


@dataclass(frozen=True)
class CheckedClaim:
    """One sentence's claim and what checking it against the replayed record gave."""

    sentence: int
    """The sentence's number in the example, from 1."""
    claim: str
    holds: bool
    problem: str = ""
    """Why it does not hold (empty when it does)."""
    checked: bool = True
    """False when the game has no checks for claims: nothing is known either way."""


@dataclass(frozen=True)
class LogLine:
    """One event of a move as the engine logged it, with the rules that made it."""

    text: str
    """The event in the game's notation."""
    rules: tuple[str, ...]
    """The rule IDs the event enacts (``TD-B4``)."""
    automatic: bool
    """True when the rules did it by themselves, not a player's or chance's choice."""


@dataclass(frozen=True)
class Move:
    """One action of the example's part of the record, and the table after it."""

    index: int
    """The action's position in the record, from 0."""
    seat: int
    """The seat that chose it, or -1: chance (a card turned, a deal)."""
    player: str
    """The player's name in the example ('' for chance)."""
    action: str
    """The action as the record stores it (JSON)."""
    log: tuple[LogLine, ...]
    """The engine's notation of every event the action caused, with its rules (none for
    an action the engine logs nothing of, such as a card looked at)."""
    sentences: tuple[int, ...]
    """The numbers (from 1) of the example's sentences told from this action."""
    claims: tuple[CheckedClaim, ...]
    table: tuple[object, ...]
    """The table right after the action, as figures."""

    @property
    def automatic(self) -> bool:
        """True for what no player chose (chance)."""
        return self.seat < 0


@dataclass(frozen=True)
class Walkthrough:
    """An example and the moves of the record it was told from."""

    example: Example
    start: tuple[object, ...]
    """The table before the first move, as figures."""
    moves: tuple[Move, ...]
    names: tuple[str, ...] = ()
    """The players' names by seat (the engine's log calls them P0, P1, …)."""

    def move(self, number: int) -> Move:
        """Move ``number`` (from 1); ``IndexError`` for a number outside the moves."""
        if not 1 <= number <= len(self.moves):
            raise IndexError(f"move {number} of {len(self.moves)}")
        return self.moves[number - 1]


EventNotation = Callable[[Event], str]


def walkthrough(
    story: Story[Any, Any, Any, Any, Any, Any, Any],
    spec: GameSpec,
    variants: tuple[str, ...],
    example_id: str,
    notation: EventNotation,
) -> Walkthrough:
    """Example ``example_id`` of a kit with ``variants``, move by move.

    The example is the one the kit prints (the same record, told and checked under the
    kit's rules). An example the kit does not show is a ``PnpError`` naming the ones it does.
    """
    phrases = load_phrases(spec)
    rules = story.rule_set(spec, variants)
    shown = [row for row in story.rows if story.applies(spec, row, rules)]
    row = next((row for row in shown if row.id == example_id), None)
    found = None if row is None else story.found_under(spec, phrases, row, rules)
    if row is None or found is None:
        names = ", ".join(row.id for row in shown) or "none"
        raise PnpError.single(f"this kit has no example '{example_id}' (it has: {names})")
    pinned, segment, example = found
    config = story.config(spec, rules)
    engine = story.engine
    actions = [engine.decode_action(data) for data in pinned.record.actions]
    tables: dict[int, object] = {}

    def keep(moment: Moment[Any, Any], table: object) -> None:
        tables[moment.index] = table

    for _ in walk(engine, config, pinned.record.num_players, actions, story.segments(), None, keep):
        pass
    scene = story.scene(spec, phrases, row, pinned, segment, rules)
    context = story.context(scene)

    def drawn(snapshot: object) -> tuple[object, ...]:
        return () if story.table is None else story.table(context, snapshot)

    replay = Replay(engine, config, pinned.record)
    moves = []
    for moment in segment.moments:
        told = [n for n, step in enumerate(example.steps, 1) if step.at == moment.index]
        claims = tuple(checked_claim(story, replay, n, example.steps[n - 1].claim) for n in told)
        seat = moment.actor if moment.actor != CHANCE else -1
        moves.append(
            Move(
                index=moment.index,
                seat=seat,
                player=scene.names[seat] if seat >= 0 else "",
                action=json.dumps(engine.encode_action(moment.action), ensure_ascii=False),
                log=tuple(
                    LogLine(_without_rules(line, event), event.rule_ids, event.automatic)
                    for event in moment.events
                    if (line := notation(event))
                ),
                sentences=tuple(told),
                claims=claims,
                table=drawn(tables[moment.index]),
            )
        )
    return Walkthrough(example, drawn(segment.start), tuple(moves), scene.names)


def _without_rules(line: str, event: Event) -> str:
    """The event's line without the rule IDs it ends with, which the log shows beside it."""
    return line.removesuffix(f" [{', '.join(event.rule_ids)}]")


def checked_claim(
    story: Story[Any, Any, Any, Any, Any, Any, Any], replay: Replay[Any, Any, Any], n: int,
    claim: object,
) -> CheckedClaim:  # fmt: skip
    """Sentence ``n``'s claim checked again on fresh engine states of the record: whether it
    holds, and why not."""
    if story.checks is None:
        return CheckedClaim(n, str(claim), False, "the game checks no claims", checked=False)
    try:
        story.checks.check(replay, claim)
    except AssertionError as exc:
        return CheckedClaim(n, str(claim), False, str(exc) or "does not hold")
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
        # a check that cannot even run on this record: shown as such, not as a server error
        why = f"the check failed to run: {type(exc).__name__}: {exc}"
        return CheckedClaim(n, str(claim), False, why)
    return CheckedClaim(n, str(claim), True)
