"""Searching seeded engine games for the rulebook examples a game pins.

Every game's example finder works the same way: for each wanted situation
(a :class:`~pnp.story.pinned.PinnedCase` and the score of its ideal shape)
players play seeded games (seed 0, 1, 2, ...); the game cuts each game into
traces (tricks, rounds) and scores the candidates of each trace for each
wanted situation (0: not this situation; higher: closer to the ideal). The
first candidate that reaches the ideal score is kept; if none does, the best
one found (the earliest on a tie). Wanted situations whose games are played
alike (the same *group*) share their games, and the search of a group stops
as soon as every one of its situations has an ideal candidate.

:class:`ExampleSearch` holds that loop; what is
played, how it is cut and scored and what is pinned stays with the game.
:func:`story_search` builds it from a game's :class:`~pnp.story.story.Story`:
its rows are the wanted examples, its walker hooks cut the games.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from pnp.base.errors import PnpError
from pnp.engine.core import GameRecord, GameState, play
from pnp.spec.model import GameSpec
from pnp.story.phrases import load_phrases
from pnp.story.pinned import PinnedCase, PinnedRecord, pinned_path
from pnp.story.rulesets import RuleSet, rule_set_key
from pnp.story.story import Story
from pnp.story.table import ExampleRow
from pnp.story.walk import Segment, walk


class WantedExample(Protocol):
    """A situation to find: the example it becomes and the score of its ideal shape."""

    @property
    def case(self) -> PinnedCase:
        """The example the situation becomes."""
        ...

    @property
    def ideal(self) -> int:
        """The score of the ideal shape; the search of it stops there."""
        ...


W = TypeVar("W", bound=WantedExample)
T = TypeVar("T")
C = TypeVar("C")
A = TypeVar("A")
B = TypeVar("B")
G = TypeVar("G")
K = TypeVar("K")
X = TypeVar("X")
Cfg = TypeVar("Cfg")
S = TypeVar("S", bound=GameState[Any])


@dataclass(frozen=True)
class Found(Generic[C, A]):
    """The best candidate so far for one wanted situation and the game it is in."""

    score: int
    seed: int
    candidate: C
    actions: tuple[A, ...]
    """Every action of the game the candidate is in."""
    games: int
    """How many games had been searched when it was found."""


@dataclass(frozen=True)
class ExampleSearch(Generic[W, T, C, A]):
    """How one game searches its rulebook examples (``W`` wanted, ``T`` trace,
    ``C`` candidate, ``A`` action), and the search itself."""

    wanted: tuple[W, ...]
    """Every pinned example with how it is searched, in rulebook order."""
    seeds: int
    """Seeds tried (per group) before settling for the best candidates found."""
    group: Callable[[W], Hashable]
    """Situations with the same group share their games."""
    play: Callable[[GameSpec, W, int], tuple[A, ...]]
    """The actions of one seeded game for a group (given its first situation)."""
    walk: Callable[[GameSpec, Sequence[W], tuple[A, ...]], Iterable[T]]
    """The traces of a group's game, in game order."""
    candidates: Callable[[GameSpec, W, T], Iterable[tuple[int, C]]]
    """The scored candidates of a situation in one trace, in game order."""
    pinned_for: Callable[[GameSpec, W, Found[C, A]], PinnedRecord]
    """The pinned record for a found candidate."""
    describe: Callable[[Found[C, A]], str]
    """Where a found candidate is, for the report (e.g. ``"round 3"``)."""
    accept: Callable[[GameSpec, W, Found[C, A]], bool] | None = None
    """Whether a candidate that would be the best so far may be (``None``: always); a
    refused one counts as not this situation."""

    def search(
        self, spec: GameSpec, wanted: Sequence[W], seeds: Sequence[int]
    ) -> dict[PinnedCase, Found[C, A]]:
        """Play the seeded games and return the best candidate per wanted example."""
        found: dict[PinnedCase, Found[C, A]] = {}
        groups: dict[Hashable, list[W]] = {}
        for w in wanted:
            groups.setdefault(self.group(w), []).append(w)
        for members in groups.values():
            for games, seed in enumerate(seeds, start=1):
                actions = self.play(spec, members[0], seed)
                for trace in self.walk(spec, members, actions):
                    for w in members:
                        if _ideal(found, w):
                            continue
                        for score, candidate in self.candidates(spec, w, trace):
                            best = found.get(w.case)
                            if score > 0 and (best is None or score > best.score):
                                new = Found(score, seed, candidate, actions, games)
                                if self.accept is not None and not self.accept(spec, w, new):
                                    continue
                                found[w.case] = new
                            if score >= w.ideal:
                                break
                if all(_ideal(found, w) for w in members):
                    break
        return found

    def find_one(
        self, spec: GameSpec, wanted: W, seeds: Sequence[int]
    ) -> tuple[PinnedRecord, Found[C, A]] | None:
        """Search ``seeds`` for one wanted example; ``None`` if the situation never occurs."""
        found = self.search(spec, [wanted], seeds).get(wanted.case)
        return None if found is None else (self.pinned_for(spec, wanted, found), found)

    def find_pinned(
        self,
        spec: GameSpec,
        seeds: Sequence[int] | None = None,
        report: Callable[[str], None] | None = None,
        wanted: Sequence[W] | None = None,
    ) -> tuple[list[tuple[Path, str]], list[W]]:
        """Search the wanted examples (default: all) in one pass.

        Returns the ``(path, file text)`` pairs of those found, in the order
        wanted, and those no seeded game showed. ``seeds`` defaults to
        ``range(self.seeds)``; ``report`` receives one line per example (seed,
        place, score, games searched) and the time.
        """
        seed_list = range(self.seeds) if seeds is None else seeds
        chosen = self.wanted if wanted is None else tuple(wanted)
        started = time.perf_counter()
        found = self.search(spec, chosen, seed_list)
        out: list[tuple[Path, str]] = []
        lost: list[W] = []
        for w in chosen:
            where = f"{rule_set_key(w.case.variants)}/{w.case.id}"
            if w.case not in found:
                lost.append(w)
                if report is not None:
                    report(f"{where}: no '{w.case.kind}' situation in {len(seed_list)} games")
                continue
            result = found[w.case]
            path = pinned_path(spec, w.case.id, w.case.variants)
            out.append((path, self.pinned_for(spec, w, result).to_json()))
            if report is not None:
                report(
                    f"{where}: seed {result.seed}, {self.describe(result)}; "
                    f"score {result.score}/{w.ideal} after {result.games} game(s)"
                )
        if report is not None:
            report(f"searched in {time.perf_counter() - started:.1f} s")
        return out, lost


def _ideal(found: Mapping[PinnedCase, Found[C, A]], wanted: WantedExample) -> bool:
    best = found.get(wanted.case)
    return best is not None and best.score >= wanted.ideal


# ---------------------------------------------------------------------------
# The search of a story's example table


@dataclass(frozen=True)
class RowUnder(Generic[K, A]):
    """A row of a story's example table wanted under one rule set."""

    row: ExampleRow[K, A]
    rules: RuleSet

    @property
    def case(self) -> PinnedCase:
        """The pinned example it becomes."""
        return self.row.case_under(self.rules)

    @property
    def ideal(self) -> int:
        """The row's ideal score."""
        return self.row.ideal


def story_search(
    story: Story[Cfg, S, A, B, G, K, X],
    wanted: Sequence[RowUnder[K, A]] | None = None,
) -> ExampleSearch[RowUnder[K, A], Segment[A, B, G], K, A]:
    """The search of a story's rows, each under a rule set (default: every row under its own
    variants; :func:`pnp.kit.maintenance.pin` asks for the rule sets the built kits lack).

    Rows under the same rule set and policy share their games; a game is cut
    into segments by the story's walker hooks (a row searched alone skips the
    segments its ``only`` refuses), each segment gives the row's candidates,
    and a found candidate is pinned up to its cut, titled from the phrase
    file, in the folder of its rule set.
    """

    def play_row(spec: GameSpec, w: RowUnder[K, A], seed: int) -> tuple[A, ...]:
        config = story.config(spec, w.rules)
        policy = story.policy_for(w.row, w.rules)
        policies = [story.policies[policy]() for _ in range(story.players)]
        return tuple(play(story.engine, config, policies, seed).state.history)

    def segments(
        spec: GameSpec, members: Sequence[RowUnder[K, A]], actions: tuple[A, ...]
    ) -> Iterator[Segment[A, B, G]]:
        config = story.config(spec, members[0].rules)
        only = members[0].row.only if len(members) == 1 else None
        return walk(story.engine, config, story.players, actions, story.segments(), only)

    def candidates(
        spec: GameSpec, w: RowUnder[K, A], segment: Segment[A, B, G]
    ) -> Iterator[tuple[int, K]]:
        for candidate in story.candidates_in(spec, w.row, w.rules, segment):
            yield w.row.score(candidate), candidate

    def pinned_for(spec: GameSpec, w: RowUnder[K, A], found: Found[K, A]) -> PinnedRecord:
        cut = story.cut_at(found.candidate)
        phrases = load_phrases(spec)
        actions = found.actions[: cut.last + 1]
        record = GameRecord(
            spec.id,
            w.rules,
            story.players,
            found.seed,
            tuple(story.engine.encode_action(a) for a in actions),
        )
        return PinnedRecord(
            id=w.row.id,
            title=phrases.title(w.row.title_key, **story.title(phrases, found.candidate)),
            kind=w.row.kind,
            focus=tuple(zip(story.focus, cut.focus, strict=True)),
            policies=(story.policy_for(w.row, w.rules),) * story.players,
            record=record,
        )

    def describe(found: Found[K, A]) -> str:
        focus = story.cut_at(found.candidate).focus
        return ", ".join(f"{name} {n}" for name, n in zip(story.focus, focus, strict=True))

    def accept(spec: GameSpec, w: RowUnder[K, A], found: Found[K, A]) -> bool:
        # what the kit will print: told under the rule set, every claim checked (a story
        # that tells a rare situation wrongly must not get it pinned)
        pinned = pinned_for(spec, w, found)
        try:
            segment = story.focus_segment(spec, w.row, pinned, w.rules)
            story.told_checked(spec, load_phrases(spec), w.row, pinned, segment, w.rules)
        except (AssertionError, ValueError, KeyError, IndexError, TypeError, PnpError):
            return False
        return True

    every = tuple(RowUnder(row, tuple(sorted(row.variants))) for row in story.rows)
    return ExampleSearch(
        wanted=every if wanted is None else tuple(wanted),
        seeds=story.seeds,
        group=lambda w: (w.rules, story.policy_for(w.row, w.rules)),
        play=play_row,
        walk=segments,
        candidates=candidates,
        pinned_for=pinned_for,
        describe=describe,
        accept=accept,
    )
