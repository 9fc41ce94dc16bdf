"""Golden playthroughs: pinned games stored with their records and rendered events.

Each game's :class:`~pnp.engine.kit.EngineKit` lists :class:`~pnp.engine.kit.GoldenCase` entries
(variants, player count, seed, policy names). The cases of one variant set
are stored in ``tests/golden/<game>/<variants-or-base>.json`` with, per game,
the game record (every action, chance included) and the event log in the
game's readable notation.

``pnp golden --update`` regenerates every file; ``pnp golden`` compares
and exits with status 1 on a difference. A check replays each stored record (the events must match) and
replays each seed with its policies (the record must match), so it catches
changes to rules, notation, policies and chance alike.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pnp.base.output import write_text_atomic
from pnp.engine.core import JSON, Event, EventLog, GameRecord, play, replay
from pnp.engine.kit import EngineKit, GoldenCase

AnyKit = EngineKit[Any, Any, Any]
"""The engine kit of any game."""

DEFAULT_ROOT = Path(__file__).resolve().parents[2] / "tests" / "golden"
"""``tests/golden`` of the source tree this package lives in."""


def golden_path(game_id: str, variants: Sequence[str], root: Path | None = None) -> Path:
    """Where the golden file of ``game_id`` with ``variants`` lives."""
    name = "+".join(sorted(variants)) or "base"
    return (root or DEFAULT_ROOT) / game_id / f"{name}.json"


def render_lines(entry: AnyKit, events: Iterable[Event]) -> list[str]:
    """Events in the game's notation, one line per list item."""
    lines: list[str] = []
    for event in events:
        lines.extend(entry.render_event(event).split("\n"))
    return lines


def _json_lines(lines: list[str]) -> list[JSON]:
    out: list[JSON] = []
    out.extend(lines)
    return out


def _cases_by_variants(
    entry: AnyKit,
) -> dict[tuple[str, ...], list[GoldenCase]]:
    groups: dict[tuple[str, ...], list[GoldenCase]] = {}
    for case in entry.golden_cases:
        groups.setdefault(tuple(sorted(case.variants)), []).append(case)
    return groups


def build_golden(entry: AnyKit, variants: Sequence[str]) -> dict[str, JSON]:
    """Play the pinned games of a game with ``variants``; return the file's content."""
    key = tuple(sorted(variants))
    games: list[JSON] = []
    for case in _cases_by_variants(entry).get(key, []):
        config = entry.standard_config(case.variants)
        policies = [entry.policies[name]() for name in case.policies]
        result = play(entry.engine, config, policies, case.seed, log=EventLog())
        games.append(
            {
                "seed": case.seed,
                "players": case.num_players,
                "policies": list(case.policies),
                "record": result.record.to_dict(),
                "events": _json_lines(render_lines(entry, result.events)),
            }
        )
    return {"game": entry.game_id, "variants": list(key), "games": games}


def format_json(value: JSON, indent: int = 0) -> str:
    """Readable, diff-friendly JSON: short or small nested values stay on one line."""
    compact = json.dumps(value, ensure_ascii=False)
    nested = isinstance(value, list | dict) and any(
        isinstance(v, list | dict) for v in (value.values() if isinstance(value, dict) else value)
    )
    if (
        not isinstance(value, list | dict)
        or len(compact) <= 100
        or (nested and len(compact) <= 400)
    ):
        return compact
    pad = " " * (indent + 2)
    if isinstance(value, list):
        items = [pad + format_json(v, indent + 2) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = [
        f"{pad}{json.dumps(k, ensure_ascii=False)}: {format_json(v, indent + 2)}"
        for k, v in value.items()
    ]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def write_golden(entry: AnyKit, root: Path | None = None) -> list[Path]:
    """Regenerate every golden file of a game; return the paths written."""
    written = []
    for variants in _cases_by_variants(entry):
        path = golden_path(entry.game_id, variants, root)
        write_text_atomic(path, format_json(build_golden(entry, variants)) + "\n")
        written.append(path)
    return written


def _first_difference(label: str, stored: Sequence[JSON], fresh: Sequence[JSON]) -> str | None:
    for index, (a, b) in enumerate(zip(stored, fresh, strict=False)):
        if a != b:
            return f"{label} {index}: stored {a!r}, now {b!r}"
    if len(stored) != len(fresh):
        return f"{label}: stored {len(stored)}, now {len(fresh)}"
    return None


def check_golden(entry: AnyKit, root: Path | None = None) -> list[str]:
    """Compare the golden files of a game with a fresh run; return the problems."""
    gid = entry.game_id
    groups = _cases_by_variants(entry)
    expected = {golden_path(gid, variants, root) for variants in groups}
    folder = golden_path(gid, (), root).parent
    problems = [
        f"{stray.name}: {gid} has no golden cases for this file"
        for stray in (sorted(folder.glob("*.json")) if folder.is_dir() else [])
        if stray not in expected
    ]
    for variants in groups:
        path = golden_path(gid, variants, root)
        problems.extend(f"{gid}/{path.name}: {p}" for p in _check_file(entry, variants, path))
    return problems


def _field(value: JSON, *keys: str) -> JSON:
    """``value[keys[0]][keys[1]]...`` or ``None`` where the path does not exist."""
    for key in keys:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def _items(value: JSON) -> list[JSON]:
    return value if isinstance(value, list) else []


def _check_file(entry: AnyKit, variants: tuple[str, ...], path: Path) -> list[str]:
    if not path.is_file():
        return ["missing (regenerate with: pnp golden --update)"]
    try:
        stored: JSON = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        return [f"not valid JSON: {exc}"]
    fresh = build_golden(entry, variants)
    if stored == fresh:
        return _check_replays(entry, fresh)
    problems: list[str] = []
    stored_games = _items(_field(stored, "games"))
    fresh_games = _items(fresh["games"])
    if len(stored_games) != len(fresh_games):
        problems.append(f"{len(stored_games)} games stored, {len(fresh_games)} pinned now")
    for number, (old, new) in enumerate(zip(stored_games, fresh_games, strict=False)):
        if old == new:
            continue
        where = f"game {number} (seed {_field(new, 'seed')})"
        actions = _first_difference(
            "action",
            _items(_field(old, "record", "actions")),
            _items(_field(new, "record", "actions")),
        )
        events = _first_difference(
            "event line", _items(_field(old, "events")), _items(_field(new, "events"))
        )
        details = [d for d in (actions, events) if d] or ["metadata differs"]
        problems.extend(f"{where}: {d}" for d in details)
    return problems or ["content differs"]


def _check_replays(entry: AnyKit, content: dict[str, JSON]) -> list[str]:
    """Replay every stored record: the rendered events must equal the stored lines."""
    problems = []
    for number, game in enumerate(_items(content["games"])):
        record_data = _field(game, "record")
        if not isinstance(record_data, dict):
            problems.append(f"game {number}: no record")
            continue
        record = GameRecord.from_dict(record_data)
        config = entry.standard_config(record.variants)
        lines = render_lines(entry, replay(record, entry.engine, config))
        diff = _first_difference(
            "replayed event line", _items(_field(game, "events")), _json_lines(lines)
        )
        if diff:
            problems.append(f"game {number}: {diff}")
    return problems
