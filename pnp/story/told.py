"""Examples told from the engine's own events: one sentence, one event, one claim.

A sentence of an example is a phrase of the language data chosen by the event it tells
(the phrase key is the event's kind, ``trick_won``, or a case of it, ``trick_won_tie``),
filled from the event's fields. Its claim (:class:`Happened`) is that this very event
came of that action of the record: a check replays the record and looks for it among the
events the action caused. What a sentence says beyond its event (the lowest card so far,
the cards a player held, a best combination) is a :class:`Fact`: the name of one of the
game's own functions, its arguments and the value it gave. The check calls the same
function on a fresh replayed state, so no rule is written twice.

A game declares its functions once, as :class:`Facts`, and tells with :class:`Telling`:
:meth:`Telling.fact` gives a function's value with the fact that states it, and
:meth:`Telling.happened` makes the claim.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Generic, TypeVar

from pnp.engine.core import Engine, Event, GameState
from pnp.example_model import Step
from pnp.spec.model import GameSpec
from pnp.story.claims import Cursor, Replay
from pnp.story.story import Handler, Scene, on
from pnp.story.walk import Moment

C = TypeVar("C")
E = TypeVar("E", bound=Event)
S = TypeVar("S", bound=GameState[Any])
T = TypeVar("T")

FactFunction = Callable[..., object]
"""A game's function of a state (and arguments) whose value a sentence states."""


@dataclass(frozen=True)
class Fact:
    """What a sentence says beyond its event: the game's function ``name`` of the state
    right before the action (``after``: right after it), given ``args``, is ``value``."""

    name: str
    args: tuple[object, ...]
    value: object
    after: bool = False


@dataclass(frozen=True)
class Happened:
    """The claim of a sentence told from an event: action ``at`` of the record caused
    ``event``; ``key`` is the phrase it was told with; every fact holds."""

    at: int
    event: Event
    key: str
    facts: tuple[Fact, ...] = ()

    def __str__(self) -> str:
        """The claim as code, in no language: ``#11 Played(seat=2, ...) · respond_lowest ·
        lowest_so_far()@11 = (10, 1)`` (a fact's ``@n``: after the record's first ``n``
        actions)."""
        parts = [f"#{self.at} {self.event!r}", self.key]
        for fact in self.facts:
            args = ", ".join(map(repr, fact.args))
            played = self.at + 1 if fact.after else self.at
            parts.append(f"{fact.name}({args})@{played} = {fact.value!r}")
        return " · ".join(parts)


class Facts(Generic[S]):
    """A game's functions whose values sentences state, by name: the rules' own."""

    def __init__(self, *functions: FactFunction) -> None:
        self._functions = {f.__name__: f for f in functions}

    def value(self, state: S, name: str, args: Sequence[object]) -> object:
        """Function ``name`` of ``state`` with ``args`` (``KeyError`` for an unknown name)."""
        return self._functions[name](state, *args)

    def function(self, function: Callable[..., T]) -> Callable[..., T]:
        """``function``, once it is known to be one of these (``KeyError`` if not)."""
        if self._functions.get(function.__name__) is not function:
            raise KeyError(f"{function.__name__} is not one of the story's fact functions")
        return function


class EventChecks(Generic[S]):
    """Checks :class:`Happened` claims against a fresh replay of the record: the event
    among those its action caused, each fact recomputed by the game's own function."""

    def __init__(self, facts: Facts[S]) -> None:
        self.facts = facts

    def check(self, game: Replay[Any, S, Any], claim: object) -> None:
        """Assert that ``claim`` holds in ``game`` (``AssertionError`` saying why not)."""
        if not isinstance(claim, Happened):
            raise AssertionError(f"expected an event-told claim, got {claim!r}")
        if not 0 <= claim.at < len(game.actions):
            raise AssertionError(f"action {claim.at} is not in the record of {len(game.actions)}")
        caused = game.events_at(claim.at)
        if claim.event not in caused:
            kinds = ", ".join(e.event_type for e in caused) or "no event"
            raise AssertionError(f"action {claim.at} caused {kinds}, not {claim.event!r}")
        for fact in claim.facts:
            state = game.state_after(claim.at + 1 if fact.after else claim.at)
            value = self.facts.value(state, fact.name, fact.args)
            if value != fact.value:
                raise AssertionError(
                    f"{fact.name}{fact.args!r} at action {claim.at} is {value!r}, "
                    f"not {fact.value!r}"
                )

    def check_steps(self, game: Replay[Any, S, Any], steps: Iterable[Step]) -> None:
        """Assert that every step's claim holds in ``game``."""
        for step in steps:
            self.check(game, step.claim)


@dataclass(frozen=True)
class Telling(Generic[S]):
    """What a sentence needs to be told from an event: the replay of its record (for facts)
    and the game's functions."""

    replay: Replay[Any, S, Any]
    facts: Facts[S]

    @classmethod
    def of_scene(
        cls,
        engine: Engine[C, S, Any],
        config: Callable[[GameSpec, tuple[str, ...]], C],
        facts: Facts[S],
        scene: Scene[Any, Any, Any],
    ) -> Telling[S]:
        """The telling of ``scene``: its record on a :class:`Cursor` under the scene's rules."""
        return cls(Cursor(engine, config(scene.spec, scene.variants), scene.pinned.record), facts)

    def fact(
        self, at: int, function: Callable[..., T], *args: object, after: bool = False
    ) -> tuple[T, Fact]:
        """The value of the game's ``function`` (one of :attr:`facts`) of the state before
        (``after``: after) action ``at`` with ``args``, and the fact that states it."""
        state = self.replay.state_after(at + 1 if after else at)
        value = self.facts.function(function)(state, *args)
        return value, Fact(function.__name__, tuple(args), value, after)

    def happened(self, at: int, event: Event, key: str, *facts: Fact) -> Happened:
        """The claim of ``event`` at action ``at``, told with phrase ``key``, and its facts."""
        return Happened(at, event, key, facts)


@dataclass(frozen=True)
class Told(Generic[S]):
    """The context of an example told from events: the scene (phrases, names, segment)
    and the telling of its record (facts and claims). A game needing more subclasses it."""

    scene: Scene[Any, Any, Any]
    telling: Telling[S]


def telling_context(
    engine: Engine[C, S, Any], config: Callable[[GameSpec, tuple[str, ...]], C], facts: Facts[S]
) -> Callable[[Scene[Any, Any, Any]], Told[S]]:
    """The story's ``context``: each scene told with the replay of its record under the
    scene's rules and the game's ``facts``."""

    def context(scene: Scene[Any, Any, Any]) -> Told[S]:
        return Told(scene, Telling.of_scene(engine, config, facts, scene))

    return context


def event_words(scene: Scene[Any, Any, Any], event: Event) -> dict[str, object]:
    """The words of ``event``: each field's value, and ``name``, the name of its ``seat``."""
    words: dict[str, object] = {f.name: getattr(event, f.name) for f in fields(event)}
    seat = words.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        words["name"] = scene.names[seat]
    return words


def told(
    kind: type[E],
    key: str | Callable[[E], str],
    words: Callable[[Told[Any], E], Mapping[str, object]] | None = None,
) -> Handler[Told[Any], Any, Any]:
    """A sentence for every event of type ``kind``: the phrase ``key`` (or ``key(event)``)
    filled with ``words`` (default: :func:`event_words`), claiming that the event happened.
    What the rules did by themselves is marked as the event is."""

    def tell(context: Told[Any], moment: Moment[Any, Any], event: E) -> Step:
        phrase = key(event) if callable(key) else key
        filled = words(context, event) if words else event_words(context.scene, event)
        claim = context.telling.happened(moment.index, event, phrase)
        return Step(context.scene.say(phrase, **filled), automatic=event.automatic, claim=claim)

    return on(kind, tell)
