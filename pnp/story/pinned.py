"""Pinned example records: real engine games stored with a game's data for its rulebook examples.

Every rulebook example is a real game played by the reference engine and
pinned in ``cardspecs/<game>/examples/<rule-set>/<example-id>.json`` by the
game's example finder (one folder per rule set, :mod:`pnp.story.rulesets`): the game record (every action, chance included) up to the
end of the part the example tells (its *focus*), with the example's id, kind,
Dutch title and the names of the policies that played it. The focus is a
few whole numbers whose names the game chooses (``hand`` and ``trick`` for
twaalf-dagen, ``round`` for sinterklaas).

This module holds what every game's examples share: the file format
(:class:`PinnedRecord`), reading a file with every problem reported as a
:class:`~pnp.base.errors.PnpError` naming it (:func:`read_pinned`), the errors
for a record that no longer replays or no longer shows its situation, an
event log that keeps only the latest action's events (:class:`RecentLog`),
the examples' ids and kinds (:class:`PinnedCase`) and reading and replaying
one (:func:`load_pinned`). The search of the finders is in
:mod:`pnp.story.search`; ``pnp pin`` runs it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from pnp.base.datafiles import parse_json, read_confined_text
from pnp.base.errors import PnpError
from pnp.engine.core import JSON, Event, EventLog, GameRecord
from pnp.engine.golden import format_json
from pnp.spec.model import GameSpec
from pnp.story.rulesets import RuleSet, parse_rule_set_key, rule_set_key

EXAMPLES_FOLDER = "examples"
"""The folder of pinned example records inside a game's spec folder."""

T = TypeVar("T")


@dataclass(frozen=True)
class PinnedCase:
    """An example a rulebook shows under one rule set: its id (file name), kind and rule set.

    ``variants`` is the rule set its record is played under (sorted variant
    ids, empty for the base game): the folder it is pinned in.
    """

    id: str
    kind: str
    variants: tuple[str, ...] = ()


class RecentLog(EventLog):
    """An event log that keeps only the events of the latest action (clear ``recent`` before it)."""

    __slots__ = ("recent",)

    def __init__(self) -> None:
        super().__init__(True)
        self.recent: list[Event] = []

    def emit(self, event: Event) -> None:
        """Remember ``event`` as one of the latest action's events."""
        self.recent.append(event)


@dataclass(frozen=True)
class PinnedRecord:
    """A pinned example: the game record up to the end of its focus, and what to show."""

    id: str
    title: str
    kind: str
    focus: tuple[tuple[str, int], ...]
    """The focus numbers by name, in file order (e.g. ``(("hand", 3), ("trick", 7))``)."""
    policies: tuple[str, ...]
    record: GameRecord

    def focus_value(self, name: str) -> int:
        """One focus number; ``KeyError`` if the focus has no such name."""
        return dict(self.focus)[name]

    def to_json(self) -> str:
        """The file's text: readable JSON ending with a newline."""
        focus: dict[str, JSON] = {name: value for name, value in self.focus}
        data: dict[str, JSON] = {
            "id": self.id,
            "title": self.title,
            "kind": self.kind,
            "focus": focus,
            "policies": list(self.policies),
            **self.record.to_dict(),
        }
        return format_json(data) + "\n"

    @classmethod
    def from_json(cls, text: str, focus_names: Sequence[str]) -> PinnedRecord:
        """Read a pinned file's text whose focus has ``focus_names``; ``ValueError`` if malformed."""
        return cls.from_data(json.loads(text), focus_names)

    @classmethod
    def from_data(cls, data: object, focus_names: Sequence[str]) -> PinnedRecord:
        """A pinned record from a file's parsed JSON; ``ValueError`` if malformed."""
        if not isinstance(data, dict):
            raise ValueError("expected a JSON object")
        focus = data.get("focus")
        if not isinstance(focus, dict):
            names = " and ".join(f"'{name}'" for name in focus_names)
            raise ValueError(f"'focus' must be an object with {names}")
        policies = data.get("policies", [])
        if not isinstance(policies, list) or not all(isinstance(p, str) for p in policies):
            raise ValueError("'policies' must be a list of names")
        return cls(
            id=_text(data, "id"),
            title=_text(data, "title"),
            kind=_text(data, "kind"),
            focus=tuple((name, _whole(focus, name)) for name in focus_names),
            policies=tuple(str(p) for p in policies),
            record=GameRecord.from_dict(data),
        )


def _text(data: Mapping[str, object], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise ValueError(f"'{key}' must be a non-empty string")
    return value


def _whole(data: Mapping[str, object], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"focus '{key}' must be a whole number from 1")
    return value


def pinned_path(spec: GameSpec, example_id: str, rules: RuleSet = ()) -> Path:
    """Where the pinned record of ``example_id`` under the rule set ``rules`` lives."""
    return spec.folder / EXAMPLES_FOLDER / rule_set_key(rules) / f"{example_id}.json"


def pinned_index(spec: GameSpec) -> dict[str, set[RuleSet]]:
    """The rule sets that have a pinned record, by example id (one listing of the folders)."""
    folder = spec.folder / EXAMPLES_FOLDER
    index: dict[str, set[RuleSet]] = {}
    if not folder.is_dir():
        return index
    for child in sorted(folder.iterdir()):
        if child.is_dir() and not child.is_symlink():
            rules = parse_rule_set_key(child.name)
            for path in child.glob("*.json"):
                index.setdefault(path.stem, set()).add(rules)
    return index


def rerun_hint(finder: str) -> str:
    """What to run to rewrite a game's pinned files (``finder``: the command, such as
    ``pnp pin <game> --update``)."""
    return f"re-run {finder}"


def read_pinned(
    spec: GameSpec,
    example_id: str,
    kind: str,
    focus_names: Sequence[str],
    finder_module: str,
    rules: RuleSet = (),
) -> PinnedRecord:
    """Read the pinned file of ``example_id``; any problem is a :class:`PnpError` naming the file.

    Checks that the file is valid JSON in the pinned format, that it is the
    expected example (id and kind) and that its record is a game of ``spec``;
    replaying the record is up to the game.
    """
    path = pinned_path(spec, example_id, rules)
    rerun = rerun_hint(finder_module)
    if not path.is_symlink() and not path.exists():
        raise PnpError.single(f"pinned example missing ({rerun})", path)
    data = parse_json(read_confined_text(path, path.parent), path)
    try:
        pinned = PinnedRecord.from_data(data, focus_names)
    except ValueError as exc:
        raise PnpError.single(f"not a pinned example record: {exc}", path) from None
    if (pinned.id, pinned.kind) != (example_id, kind):
        raise PnpError.single(f"expected example '{example_id}' of kind '{kind}'", path)
    if pinned.record.game_id != spec.id:
        raise PnpError.single(f"the record is a game of '{pinned.record.game_id}'", path)
    return pinned


def replay_failed(path: Path, problem: Exception, finder_module: str) -> PnpError:
    """The error for a pinned record that the engine no longer replays."""
    return PnpError.single(
        f"the pinned game no longer replays: {problem} ({rerun_hint(finder_module)})", path
    )


def situation_lost(path: Path, kind: str, missing: Sequence[str], finder_module: str) -> PnpError:
    """The error for a pinned record that replays but no longer shows its kind of situation."""
    return PnpError.single(
        f"the pinned game no longer shows a '{kind}' example (missing: "
        f"{', '.join(missing)}); {rerun_hint(finder_module)}",
        path,
    )


def load_pinned(
    spec: GameSpec,
    case: PinnedCase,
    focus_names: Sequence[str],
    finder_module: str,
    replay: Callable[[PinnedRecord], T],
) -> tuple[PinnedRecord, T]:
    """Read and replay one pinned example; any problem is a :class:`PnpError` naming the file.

    ``replay`` replays the record up to its focus (``ValueError``, ``KeyError``
    or ``TypeError`` when it no longer does); the record must be played with
    exactly the case's rule set, the folder it lies in.
    """
    pinned = read_pinned(spec, case.id, case.kind, focus_names, finder_module, case.variants)
    path = pinned_path(spec, case.id, case.variants)
    if pinned.record.variants != case.variants:
        expected = ", ".join(case.variants) or "none"
        raise PnpError.single(
            f"the record is played with the wrong variants (expected: {expected})", path
        )
    try:
        trace = replay(pinned)
    except (ValueError, KeyError, TypeError) as exc:
        raise replay_failed(path, exc, finder_module) from None
    return pinned, trace
