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
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar, cast

from pnp.base.errors import PnpError
from pnp.engine.core import Engine, Event, GameState
from pnp.engine.policies import Policy
from pnp.example_model import Example, Step
from pnp.language import Language
from pnp.spec.model import GameSpec
from pnp.spec.variants import resolve_variants
from pnp.story.claims import Checks, Cursor, Replay, missing_claims
from pnp.story.phrases import Phrases, load_phrases
from pnp.story.pinned import (
    EXAMPLES_FOLDER,
    PinnedRecord,
    load_pinned,
    pinned_index,
    pinned_path,
    replay_failed,
    rerun_hint,
    situation_lost,
)
from pnp.story.rulesets import RuleSet, fallbacks, rule_set, rule_set_key
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
        """The steps that tell ``event`` of ``moment`` (none without a handler), each marked
        with the moment's position in the record."""
        for kind in type(event).__mro__:
            tell = self._by_kind.get(kind)
            if tell is not None:
                out = tell(context, moment, event)
                steps = () if out is None else (out,) if isinstance(out, Step) else tuple(out)
                return tuple(replace(step, at=moment.index) for step in steps)
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
            amended = self._after(context, moment, tuple(out[start:]))
            out[start:] = [s if s.at >= 0 else replace(s, at=moment.index) for s in amended]


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
    variants: RuleSet = ()
    """The rule set the example is played under: the kit's (:mod:`pnp.story.rulesets`)."""

    def clockwise(self) -> list[int]:
        """Every seat, clockwise from the one named first."""
        n = len(self.names)
        return [(self.first + k) % n for k in range(n)]

    @property
    def language(self) -> Language:
        """The language the example is told in."""
        return self.phrases.language

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
    """No conditions beyond the row's phrases."""
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
    # -- optional
    first_player: Callable[[PinnedRecord, Segment[A, B, T]], int] | None = None
    """The seat that gets the first name of the phrase file; ``None``: the first player to
    act in the segment."""
    candidates: (
        Callable[[GameSpec, ExampleRow[K, A], RuleSet, Segment[A, B, T]], Iterable[K]] | None
    ) = None
    """The candidates a row scores in one segment of a game played under a rule set, in game
    order; ``None``: the segment itself."""
    cut: Callable[[K], Cut] | None = None
    """Where a candidate is pinned; ``None``: a segment at its last action, with its focus."""
    outro: Callable[[X], str] = no_text
    missing: Callable[[X, Sequence[Step]], list[str]] = nothing_missing
    """What an example lacks to show its kind besides the row's phrases."""
    told: Callable[[Scene[A, B, T]], Iterable[tuple[Moment[A, B], Event]]] | None = None
    """The ``(moment, event)`` pairs an example tells; ``None``: every event of the segment."""
    ends: Callable[[ExampleRow[K, A], PinnedRecord, Segment[A, B, T]], str | None] | None = None
    """Why a record does not end where its example ends (``None``: it does); the default
    accepts only a finished segment."""
    title: Callable[[Phrases, K], Mapping[str, str]] = no_fields
    """The placeholders of a found candidate's title."""
    checks: Checks[Replay[C, S, A]] | None = None
    """How each claim is checked against the replayed record (:class:`~pnp.story.told.EventChecks`:
    the event among those its action caused, every fact recomputed by the game's function)."""
    search_policy: Callable[[ExampleRow[K, A], RuleSet], str] | None = None
    """The policy a row's games are searched with under a rule set; ``None``: the row's."""
    plays_alike: tuple[str, ...] = ()
    """Variants that change no rule by themselves (a default, an umbrella of listed rules):
    left out of rule sets (:func:`~pnp.story.rulesets.rule_set`)."""
    table: Callable[[X, T], tuple[object, ...]] | None = None
    """The table of a snapshot as figures, the way the examples draw it (hands, rows, the
    map): what a proofreader sees after each move (:mod:`pnp.story.moves`)."""

    def first_seat(self, pinned: PinnedRecord, segment: Segment[A, B, T]) -> int:
        """The seat named first: :attr:`first_player`'s, or the segment's first to act."""
        if self.first_player is not None:
            return self.first_player(pinned, segment)
        return next((m.actor for m in segment.moments if m.actor >= 0), 0)

    def candidates_in(
        self, spec: GameSpec, row: ExampleRow[K, A], rules: RuleSet, segment: Segment[A, B, T]
    ) -> Iterable[K]:
        """The candidates ``row`` scores in ``segment`` (:attr:`candidates`; else the segment)."""
        if self.candidates is not None:
            return self.candidates(spec, row, rules, segment)
        return cast(Iterable[K], (segment,))

    def cut_at(self, candidate: K) -> Cut:
        """Where ``candidate`` is pinned (:attr:`cut`; else a segment's last action and focus)."""
        if self.cut is not None:
            return self.cut(candidate)
        segment = cast(Segment[A, B, T], candidate)
        return Cut(segment.last, self.segments().focus(segment))

    def rule_set(self, spec: GameSpec, variants: tuple[str, ...]) -> RuleSet:
        """The rule set of a kit with ``variants``: the variants it plays with, sorted."""
        return rule_set(spec, variants, self.plays_alike)

    def policy_for(self, row: ExampleRow[K, A], rules: RuleSet) -> str:
        """The policy ``row``'s games are searched with under ``rules``."""
        return row.policy if self.search_policy is None else self.search_policy(row, rules)

    def applies(self, spec: GameSpec, row: ExampleRow[K, A], rules: RuleSet) -> bool:
        """True if a kit of ``rules`` shows ``row``: it has the row's variants, none of those
        that take its rule away and none under which no such situation was found."""
        chosen = set(resolve_variants(spec, rules))
        left_out = set(row.removed_by) | set(row.unseen_with)
        return set(row.variants) <= chosen and not chosen & left_out

    def focus_segment(
        self,
        spec: GameSpec,
        row: ExampleRow[K, A],
        pinned: PinnedRecord,
        rules: RuleSet | None = None,
    ) -> Segment[A, B, T]:
        """Replay ``pinned`` under ``rules`` (default: its own) and return its focus segment,
        which must end the record.

        ``ValueError`` when the record does not replay, lacks the focus or goes
        on after it (the caller names the file).
        """
        config = self.config(spec, pinned.record.variants if rules is None else rules)
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

    def load(
        self, spec: GameSpec, row: ExampleRow[K, A], rules: RuleSet = ()
    ) -> tuple[PinnedRecord, Segment[A, B, T]]:
        """Read and replay ``row``'s record pinned under ``rules``; any problem is a located
        ``PnpError``."""
        return load_pinned(
            spec,
            row.case_under(rules),
            self.focus,
            self.finder,
            lambda pinned: self.focus_segment(spec, row, pinned),
        )

    def title_in(
        self,
        spec: GameSpec,
        phrases: Phrases,
        row: ExampleRow[K, A],
        pinned: PinnedRecord,
        segment: Segment[A, B, T],
    ) -> str:
        """The example's title in the phrases' language: the pinned record's own in the base
        language, else titled again from the candidate the record was pinned at."""
        if phrases.language.is_base:
            return pinned.title
        focus = tuple(pinned.focus_value(name) for name in self.focus)
        for candidate in self.candidates_in(spec, row, pinned.record.variants, segment):
            if self.cut_at(candidate).focus == focus:
                return phrases.title(row.title_key, **self.title(phrases, candidate))
        path = pinned_path(spec, row.id, pinned.record.variants)
        raise PnpError.single(f"no candidate of the record is at its focus {focus}", path)

    def scene(
        self,
        spec: GameSpec,
        phrases: Phrases,
        row: ExampleRow[K, A],
        pinned: PinnedRecord,
        segment: Segment[A, B, T],
        rules: RuleSet | None = None,
    ) -> Scene[A, B, T]:
        """The scene of a replayed example under ``rules`` (default: the record's own)."""
        played = pinned.record.variants if rules is None else rules
        first = self.first_seat(pinned, segment)
        names = phrases.names_from(first, pinned.record.num_players)
        return Scene(spec, row.kind, pinned, segment, phrases, first, names, played)

    def tell(
        self,
        spec: GameSpec,
        phrases: Phrases,
        row: ExampleRow[K, A],
        pinned: PinnedRecord,
        segment: Segment[A, B, T],
        rules: RuleSet | None = None,
    ) -> Example:
        """Tell a replayed example under ``rules`` (default: the record's own); a ``PnpError``
        if it no longer shows its kind."""
        scene = self.scene(spec, phrases, row, pinned, segment, rules)
        played = scene.variants
        context = self.context(scene)
        told = self.told(scene) if self.told is not None else every_event(segment)
        steps = self.handlers.steps(context, told)
        missing = missing_claims(row.claims, steps) + self.missing(context, steps)
        path = pinned_path(spec, row.id, pinned.record.variants)
        if missing:
            raise situation_lost(path, row.kind, missing, self.finder)
        seed = "-" if pinned.record.seed is None else str(pinned.record.seed)
        where = phrases.say("source", **dict(pinned.focus))
        folder = rule_set_key(pinned.record.variants)
        return Example(
            id=pinned.id,
            title=self.title_in(spec, phrases, row, pinned, segment),
            intro=self.intro(context),
            source=phrases.language.label(
                "example_source",
                file=f"{EXAMPLES_FOLDER}/{folder}/{pinned.id}.json",
                seed=seed,
                where=where,
            ),
            steps=steps,
            rules=row.rules,
            variants=played,
            outro=self.outro(context),
        )

    def check_claims(self, spec: GameSpec, example: Example, pinned: PinnedRecord) -> None:
        """Assert every claim of ``example`` on a replay of ``pinned`` of its own (not the
        telling's) under the example's rule set (``AssertionError`` naming the first that
        fails); one state steps to each claim's action, as the claims come in record order."""
        if self.checks is not None:
            config = self.config(spec, example.variants)
            self.checks.check_steps(Cursor(self.engine, config, pinned.record), example.steps)

    def told_checked(
        self,
        spec: GameSpec,
        phrases: Phrases,
        row: ExampleRow[K, A],
        pinned: PinnedRecord,
        segment: Segment[A, B, T],
        rules: RuleSet,
    ) -> Example:
        """What a kit of ``rules`` prints from a replayed record: told under them, every claim
        checked (a ``PnpError`` if it no longer shows its kind, ``AssertionError`` if a claim
        fails)."""
        example = self.tell(spec, phrases, row, pinned, segment, rules)
        self.check_claims(spec, example, pinned)
        return example

    def told_under(
        self,
        spec: GameSpec,
        phrases: Phrases,
        row: ExampleRow[K, A],
        rules: RuleSet,
        pinned_sets: set[RuleSet] | None = None,
    ) -> Example | None:
        """``row``'s example for a kit of ``rules`` (see :meth:`found_under`), or ``None``."""
        found = self.found_under(spec, phrases, row, rules, pinned_sets)
        return None if found is None else found[2]

    def found_under(
        self,
        spec: GameSpec,
        phrases: Phrases,
        row: ExampleRow[K, A],
        rules: RuleSet,
        pinned_sets: set[RuleSet] | None = None,
    ) -> tuple[PinnedRecord, Segment[A, B, T], Example] | None:
        """``row``'s example for a kit of ``rules`` with the record it was told from and that
        record's focus segment: the first pinned record that replays
        legally under them, still shows its kind and whose every claim holds there.

        The record pinned for ``rules`` comes first: if it fails, that is a located
        ``PnpError`` (re-pin). Records of rule sets inside ``rules``
        (:func:`~pnp.story.rulesets.fallbacks`) are tried next and skipped when they do not
        hold. If none does, the kit leaves the example out (``None``: ``pnp pin`` names what
        the kits people build lack), but for the base game, whose missing record is a
        located ``PnpError``. ``pinned_sets``: the rule sets with a record of the row, if
        the caller has listed them (:func:`~pnp.story.pinned.pinned_index`).
        """
        if pinned_sets is None:
            pinned_sets = pinned_index(spec).get(row.id, set())
        for source in fallbacks(rules, pinned_sets):
            own = source == rules
            try:
                pinned, segment = load_pinned(
                    spec,
                    row.case_under(source),
                    self.focus,
                    self.finder,
                    lambda record: self.focus_segment(spec, row, record, rules),
                )
                told = self.told_checked(spec, phrases, row, pinned, segment, rules)
                return pinned, segment, told
            except (KeyError, IndexError) as exc:
                if own:
                    message = f"a card of this example has no row in the spec tables ({exc})"
                    path = pinned_path(spec, row.id, source)
                    raise PnpError.single(message, path) from None
            except (ValueError, TypeError) as exc:  # from telling or checking it
                if own:
                    path = pinned_path(spec, row.id, source)
                    raise replay_failed(path, exc, self.finder) from None
            except AssertionError as exc:
                if own:
                    path = pinned_path(spec, row.id, source)
                    message = f"a claim of the pinned example no longer holds: {exc}"
                    raise PnpError.single(f"{message} ({self.finder})", path) from None
            except PnpError:
                if own:
                    raise
        if not rules:
            # the base game's records are the floor every kit falls back on
            path = pinned_path(spec, row.id, rules)
            raise PnpError.single(f"pinned example missing ({rerun_hint(self.finder)})", path)
        return None


def every_event(segment: Segment[A, B, T]) -> Iterable[tuple[Moment[A, B], Event]]:
    """Every ``(moment, event)`` of ``segment``, in order."""
    return ((moment, event) for moment in segment.moments for event in moment.events)


def rulebook_examples(
    story: Story[C, S, A, B, T, K, X], spec: GameSpec, variants: tuple[str, ...]
) -> list[Example]:
    """The examples of a kit with ``variants``, each played and told under the kit's rules.

    The kit's rule set (:meth:`Story.rule_set`) decides: every row the kit
    shows (:meth:`Story.applies`) gets the first pinned record that replays
    legally under those rules and whose every claim holds there
    (:meth:`Story.told_under`); a row with none is left out. A missing,
    corrupt or no longer replaying record of the rule set itself is a
    ``PnpError`` naming it. In rulebook order.
    """
    phrases = load_phrases(spec)
    rules = story.rule_set(spec, variants)
    index = pinned_index(spec)
    examples = []
    for row in story.rows:
        if not story.applies(spec, row, rules):
            continue
        example = story.told_under(spec, phrases, row, rules, index.get(row.id, set()))
        if example is not None:
            examples.append(example)
    return examples
