"""The shared storytelling of the rulebook examples (:mod:`pnp.story`), apart from any game.

The games' example tests exercise the whole chain on real pinned games; these
tests pin down the framework's own contracts: typed event handlers, the
finder's check and update command, the phrase file's names and the walker's
``only`` filter (on twaalf-dagen games).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.engine.core import Event, play
from pnp.example_model import Step
from pnp.games.twaalf_dagen.rules.engine import ENGINE
from pnp.games.twaalf_dagen.story.examples import ROWS, STORY
from pnp.games.twaalf_dagen.story.trace import Tricks
from pnp.story import Handlers, Moment, load_phrases, on, walk


@dataclass(frozen=True, slots=True)
class Said(Event):
    """A test event."""

    text: str


@dataclass(frozen=True, slots=True)
class Shouted(Said):
    """A subclass of a test event."""


@dataclass(frozen=True, slots=True)
class Ignored(Event):
    """A test event without a handler."""


def _moment(*events: Event) -> Moment[int, None]:
    return Moment(0, 0, 0, None, events)


def test_handlers_get_their_event_typed_and_subclasses_too() -> None:
    """A handler receives its event type (subclasses included); others are not told."""

    def said(context: str, moment: Moment[int, None], event: Said) -> Step:
        return Step(f"{context}: {event.text}")

    handlers: Handlers[str, int, None] = Handlers(on(Said, said))
    first, second = _moment(Said("a"), Ignored()), _moment(Shouted("b"))
    told = [(first, e) for e in first.events] + [(second, e) for e in second.events]
    assert [s.text for s in handlers.steps("x", told)] == ["x: a", "x: b"]
    assert first.events_of(Said) == [Said("a")] and second.events_of(Said) == [Shouted("b")]


def test_after_amends_the_steps_of_each_moment() -> None:
    """``after`` sees each moment's steps once, in order, and may replace them."""

    def said(context: None, moment: Moment[int, None], event: Said) -> tuple[Step, ...]:
        return (Step(event.text), Step(event.text + "!"))

    def last_claims(
        context: None, moment: Moment[int, None], steps: tuple[Step, ...]
    ) -> tuple[Step, ...]:
        return (*steps[:-1], replace(steps[-1], claim=moment.index)) if steps else steps

    handlers: Handlers[None, int, None] = Handlers(on(Said, said), after=last_claims)
    one, two = Moment(1, 0, 0, None, (Said("a"),)), Moment(2, 0, 0, None, (Said("b"),))
    steps = handlers.steps(None, [(one, one.events[0]), (two, two.events[0])])
    assert [(s.text, s.claim) for s in steps] == [("a", None), ("a!", 1), ("b", None), ("b!", 2)]


def test_too_few_player_names_is_a_clear_error() -> None:
    """The phrase file must name every seat."""
    phrases = load_phrases(load_game("twaalf-dagen").spec)
    assert len(phrases.names_from(2, 8)) == 8
    with pytest.raises(PnpError, match=r"voorbeelden\.toml:\d+: 8 names for 9 players"):
        phrases.names_from(0, 9)


def test_walk_with_only_traces_a_subset_of_the_same_segments() -> None:
    """``only`` skips segments (for speed) but never changes the ones it keeps."""
    spec = load_game("twaalf-dagen").spec
    row = ROWS[0]
    assert row.only is not None
    config = STORY.config(spec, row.variants)
    policies = [STORY.policies[row.policy]() for _ in range(4)]
    actions = tuple(play(ENGINE, config, policies, 7).state.history)
    every = list(walk(ENGINE, config, 4, actions, Tricks()))
    kept = list(walk(ENGINE, config, 4, actions, Tricks(), row.only))
    assert every and all(s.finished for s in every)
    assert kept == [s for s in every if row.only(s.moments[0].action)]
