"""A game's story: what it supplies to have its pinned games told as rulebook examples.

A :class:`Story` holds a game's example table (its rows), the hooks of the
trace walker (engine, configuration, :class:`~pnp.story.walk.Segments`), how
it tells a segment (a context built from a :class:`Scene`, event handlers,
intro and outro) and how its examples are searched (policies, candidates,
where a candidate is cut). With it, :func:`rulebook_examples` reads, replays
and tells every example, and :func:`pnp.story.search.story_search` finds them.

Sentences come from :class:`Handlers`: one handler per event type,
registered with :func:`on`, which receives that event typed::

    def trick_won(scene: TrickScene, moment: Moment[Action, Faced], event: TrickWon) -> Step:
        ...  # event.seat, event.low: typed, no isinstance needed

    HANDLERS = Handlers(on(TrickWon, trick_won), on(Passed, passed))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pnp.engine.core import Engine, Event, GameState
from pnp.engine.policies import Policy
from pnp.rulebook.example import Example, Step, kit_examples
from pnp.spec.model import GameSpec
from pnp.story.claims import ClaimChecks, Replay, missing_claims
from pnp.story.phrases import Phrases, load_phrases
from pnp.story.pinned import EXAMPLES_FOLDER, PinnedRecord, load_pinned, pinned_path, situation_lost
from pnp.story.table import Cut, ExampleRow
from pnp.story.walk import Moment, Segment, Segments, walk

A = TypeVar("A")
B = TypeVar("B")
C = TypeVar("C")
E = TypeVar("E", bound=Event)
K = TypeVar("K")
S = TypeVar("S", bound=GameState[Any])
T = TypeVar("T")
X = TypeVar("X")

Told = Step | Sequence[Step] | None
"""What a handler tells of one event: a sentence, several, or nothing."""


@dataclass(frozen=True)
class Handler(Generic[X, A, B]):
    """The handler of one event type (make one with :func:`on`)."""

    kind: type[Event]
    tell: Callable[[X, Moment[A, B], Event], Told]


def on(kind: type[E], tell: Callable[[X, Moment[A, B], E], Told]) -> Handler[X, A, B]:
    """Tell events of type ``kind`` (and its subclasses) with ``tell(context, moment, event)``."""

    def typed(context: X, moment: Moment[A, B], event: Event) -> Told:
        if not isinstance(event, kind):
            raise TypeError(f"a {kind.__name__} handler got {event!r}")
        return tell(context, moment, event)

    return Handler(kind, typed)


After = Callable[[X, Moment[A, B], tuple[Step, ...]], tuple[Step, ...]]
"""Amends the steps told of one moment (e.g. gives the last one the moment's claim)."""


class Handlers(Generic[X, A, B]):
    """A game's event handlers; an event without one is not told.

    ``after``, if given, sees the steps told of each moment once its events are
    told and returns them, amended as the game needs.
    """

    def __init__(self, *handlers: Handler[X, A, B], after: After[X, A, B] | None = None) -> None:
        self._by_kind = {h.kind: h.tell for h in handlers}
        self._after = after

    def told(self, context: X, moment: Moment[A, B], event: Event) -> tuple[Step, ...]:
        """The steps that tell ``event`` of ``moment`` (none without a handler)."""
        for kind in type(event).__mro__:
            tell = self._by_kind.get(kind)
            if tell is not None:
                out = tell(context, moment, event)
                return () if out is None else (out,) if isinstance(out, Step) else tuple(out)
        return ()

    def steps(self, context: X, told: Iterable[tuple[Moment[A, B], Event]]) -> tuple[Step, ...]:
        """The steps of every ``(moment, event)`` told, in order."""
        out: list[Step] = []
        current: Moment[A, B] | None = None
        start = 0
        for moment, event in told:
            if moment is not current:
                self._amend(context, current, out, start)
                current, start = moment, len(out)
            out.extend(self.told(context, moment, event))
        self._amend(context, current, out, start)
        return tuple(out)

    def _amend(self, context: X, moment: Moment[A, B] | None, out: list[Step], start: int) -> None:
        if self._after is not None and moment is not None:
            out[start:] = self._after(context, moment, tuple(out[start:]))


@dataclass(frozen=True)
class Scene(Generic[A, B, T]):
    """One example being told: its replayed segment, the phrases and the players' names."""

    spec: GameSpec
    kind: str
    pinned: PinnedRecord
    segment: Segment[A, B, T]
    phrases: Phrases
    first: int
    """The seat named first (the phrase file's first name)."""
    names: tuple[str, ...]
    """The players' names by seat."""

    def clockwise(self) -> list[int]:
        """Every seat, clockwise from the one named first."""
        n = len(self.names)
        return [(self.first + k) % n for k in range(n)]

    def say(self, key: str, **fields: object) -> str:
        """The phrase ``key`` filled from ``fields``."""
        return self.phrases.say(key, **fields)

    def count(self, noun: str, count: int) -> str:
        """ "drie kaarten": ``count`` in words with the noun ``noun`` of the phrase file."""
        return self.phrases.count(noun, count)


def no_text(context: object) -> str:
    """No intro or outro."""
    return ""


def nothing_missing(context: object, steps: Sequence[Step]) -> list[str]:
    """No conditions beyond the row's claim types."""
    return []


def no_fields(phrases: Phrases, candidate: object) -> Mapping[str, str]:
    """A title without placeholders."""
    return {}


@dataclass(frozen=True)
class Story(Generic[C, S, A, B, T, K, X]):
    """Everything a game supplies for its rulebook examples.

    Type parameters: ``C`` engine configuration, ``S`` state, ``A`` action,
    ``B`` what is noted before each action (:meth:`Segments.faced`), ``T`` the
    snapshot at a segment's start and end, ``K`` a candidate of the search,
    ``X`` the game's telling context.
    """

    # -- the examples and their pinned records
    finder: str
    """The finder module (``python -m <finder> --update`` rewrites the pinned files), or
    the command that does when it has a space (``pnp pin <game> --update``)."""
    focus: tuple[str, ...]
    """The names of the focus numbers of a pinned record (``("hand", "trick")``)."""
    rows: tuple[ExampleRow[K, A], ...]
    """The example table, in rulebook order."""
    # -- replaying
    engine: Engine[C, S, A]
    config: Callable[[GameSpec, tuple[str, ...]], C]
    """The engine configuration of a kit's spec tables and variants."""
    segments: Callable[[], Segments[S, A, B, T]]
    """A fresh walker hook object (one per walk)."""
    # -- telling
    first_player: Callable[[PinnedRecord, Segment[A, B, T]], int]
    """The seat that gets the first name of the phrase file."""
    context: Callable[[Scene[A, B, T]], X]
    """The game's telling context of a scene (handed to handlers, intro and outro)."""
    handlers: Handlers[X, A, B]
    intro: Callable[[X], str]
    # -- searching
    players: int
    """Players in every searched game."""
    seeds: int
    """Seeds tried per group of rows before settling for the best candidates."""
    policies: Mapping[str, Callable[[], Policy[Any, Any]]]
    """The policies a row may name, by name (a policy picks among player actions, which
    may be narrower than ``A``: the engine's actions include chance)."""
    candidates: Callable[[GameSpec, ExampleRow[K, A], Segment[A, B, T]], Iterable[K]]
    """The candidates a row scores in one segment, in game order."""
    cut: Callable[[K], Cut]
    """Where a candidate is pinned."""
    # -- optional
    outro: Callable[[X], str] = no_text
    missing: Callable[[X, Sequence[Step]], list[str]] = nothing_missing
    """What an example lacks to show its kind besides the row's claim types."""
    told: Callable[[Scene[A, B, T]], Iterable[tuple[Moment[A, B], Event]]] | None = None
    """The ``(moment, event)`` pairs an example tells; ``None``: every event of the segment."""
    ends: Callable[[ExampleRow[K, A], PinnedRecord, Segment[A, B, T]], str | None] | None = None
    """Why a record does not end where its example ends (``None``: it does); the default
    accepts only a finished segment."""
    title: Callable[[Phrases, K], Mapping[str, str]] = no_fields
    """The placeholders of a found candidate's title."""
    reshaping: tuple[str, ...] = ()
    """Variants that change the table every example is played at (hand size, map size): a kit
    with one shows only the examples played with it, and a kit without shows none of those."""
    checks: ClaimChecks[Replay[C, S, A]] | None = None
    """How each claim type is checked against fresh engine states of the replayed record,
    independently of the events its sentence was told from (the example contract runs it)."""

    def focus_segment(
        self, spec: GameSpec, row: ExampleRow[K, A], pinned: PinnedRecord
    ) -> Segment[A, B, T]:
        """Replay ``pinned`` and return its focus segment, which must end the record.

        ``ValueError`` when the record does not replay, lacks the focus or goes
        on after it (the caller names the file).
        """
        config = self.config(spec, pinned.record.variants)
        actions = [self.engine.decode_action(data) for data in pinned.record.actions]
        rule = self.segments()
        named = len(self.focus)
        found: Segment[A, B, T] | None = None
        for segment in walk(self.engine, config, pinned.record.num_players, actions, rule):
            numbers = rule.focus(segment)
            named = len(numbers)
            if numbers == tuple(pinned.focus_value(n) for n in self.focus[:named]):
                found = segment
        noun = self.focus[named - 1]
        if found is None:
            where = ", ".join(f"{n} {pinned.focus_value(n)}" for n in self.focus[:named])
            raise ValueError(f"{where} is not in the record")
        if found.last != len(actions) - 1:
            raise ValueError(f"the record does not end with the focus {noun}")
        if self.ends is not None:
            problem = self.ends(row, pinned, found)
        else:
            problem = None if found.finished else f"the record ends before the {noun} is over"
        if problem:
            raise ValueError(problem)
        return found

    def load(self, spec: GameSpec, row: ExampleRow[K, A]) -> tuple[PinnedRecord, Segment[A, B, T]]:
        """Read and replay the pinned record of ``row``; any problem is a located ``PnpError``."""
        return load_pinned(
            spec,
            row.case,
            self.focus,
            self.finder,
            lambda pinned: self.focus_segment(spec, row, pinned),
            check_variants=True,
        )

    def tell(
        self,
        spec: GameSpec,
        phrases: Phrases,
        row: ExampleRow[K, A],
        pinned: PinnedRecord,
        segment: Segment[A, B, T],
    ) -> Example:
        """Tell a replayed example; a ``PnpError`` if it no longer shows its kind."""
        first = self.first_player(pinned, segment)
        names = phrases.names_from(first, pinned.record.num_players)
        scene = Scene(spec, row.kind, pinned, segment, phrases, first, names)
        context = self.context(scene)
        told = self.told(scene) if self.told is not None else every_event(segment)
        steps = self.handlers.steps(context, told)
        missing = missing_claims(row.claims, steps) + self.missing(context, steps)
        if missing:
            raise situation_lost(pinned_path(spec, row.id), row.kind, missing, self.finder)
        seed = "-" if pinned.record.seed is None else str(pinned.record.seed)
        where = phrases.say("source", **dict(pinned.focus))
        return Example(
            id=pinned.id,
            title=pinned.title,
            intro=self.intro(context),
            source=f"{EXAMPLES_FOLDER}/{pinned.id}.json · seed {seed} · {where}",
            steps=steps,
            rules=row.rules,
            variants=pinned.record.variants,
            outro=self.outro(context),
        )


def every_event(segment: Segment[A, B, T]) -> Iterable[tuple[Moment[A, B], Event]]:
    """Every ``(moment, event)`` of ``segment``, in order."""
    return ((moment, event) for moment in segment.moments for event in moment.events)


def rulebook_examples(
    story: Story[C, S, A, B, T, K, X], spec: GameSpec, variants: tuple[str, ...]
) -> list[Example]:
    """The examples of a kit with ``variants``, replayed from the pinned records and told.

    The phrase file and every pinned file are read and every record replayed
    (a missing, corrupt or no longer replaying file is a ``PnpError`` naming
    it); only examples whose variants are all chosen, and that were played at
    the kit's table (:attr:`Story.reshaping`), are returned, in rulebook order.
    """
    phrases = load_phrases(spec)

    def render(row: ExampleRow[K, A]) -> Example:
        pinned, segment = story.load(spec, row)
        return story.tell(spec, phrases, row, pinned, segment)

    return kit_examples(
        story.rows, render, lambda row: pinned_path(spec, row.id), variants, story.reshaping
    )
