"""Golden playthroughs: pinned games stored with their records and rendered events.

Each registered engine lists :class:`~pnp.engine.registry.GoldenCase` entries
(variants, player count, seed, policy names). The cases of one variant set
are stored in ``tests/golden/<game>/<variants-or-base>.json`` with, per game,
the game record (every action, chance included) and the event log in the
game's readable notation.

``python -m pnp.engine.golden --update`` regenerates every file;
``python -m pnp.engine.golden`` compares and exits with status 1 on a
difference. A check replays each stored record (the events must match) and
replays each seed with its policies (the record must match), so it catches
changes to rules, notation, policies and chance alike.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from pnp.engine import registry
from pnp.engine.core import JSON, Event, EventLog, GameRecord, play, replay
from pnp.output import write_text_atomic

DEFAULT_ROOT = Path(__file__).resolve().parents[2] / "tests" / "golden"
"""``tests/golden`` of the source tree this package lives in."""


def golden_path(game_id: str, variants: Sequence[str], root: Path | None = None) -> Path:
    """Where the golden file of ``game_id`` with ``variants`` lives."""
    name = "+".join(sorted(variants)) or "base"
    return (root or DEFAULT_ROOT) / game_id / f"{name}.json"


def render_lines(entry: registry.EngineEntry, events: Iterable[Event]) -> list[str]:
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
    entry: registry.EngineEntry,
) -> dict[tuple[str, ...], list[registry.GoldenCase]]:
    groups: dict[tuple[str, ...], list[registry.GoldenCase]] = {}
    for case in entry.golden_cases:
        groups.setdefault(tuple(sorted(case.variants)), []).append(case)
    return groups


def build_golden(game_id: str, variants: Sequence[str]) -> dict[str, JSON]:
    """Play the pinned games of ``game_id`` with ``variants``; return the file's content."""
    entry = registry.get(game_id)
    key = tuple(sorted(variants))
    games: list[JSON] = []
    for case in _cases_by_variants(entry).get(key, []):
        config = entry.default_config(case.variants)
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
    return {"game": game_id, "variants": list(key), "games": games}


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


def write_golden(game_id: str, root: Path | None = None) -> list[Path]:
    """Regenerate every golden file of ``game_id``; return the paths written."""
    entry = registry.get(game_id)
    written = []
    for variants in _cases_by_variants(entry):
        path = golden_path(game_id, variants, root)
        write_text_atomic(path, format_json(build_golden(game_id, variants)) + "\n")
        written.append(path)
    return written


def _first_difference(label: str, stored: Sequence[JSON], fresh: Sequence[JSON]) -> str | None:
    for index, (a, b) in enumerate(zip(stored, fresh, strict=False)):
        if a != b:
            return f"{label} {index}: stored {a!r}, now {b!r}"
    if len(stored) != len(fresh):
        return f"{label}: stored {len(stored)}, now {len(fresh)}"
    return None


def check_golden(game_id: str | None = None, root: Path | None = None) -> list[str]:
    """Compare the golden files of ``game_id`` (default: every game); return the problems."""
    problems: list[str] = []
    ids = [game_id] if game_id is not None else list(registry.game_ids())
    for gid in ids:
        entry = registry.get(gid)
        groups = _cases_by_variants(entry)
        expected = {golden_path(gid, variants, root) for variants in groups}
        folder = golden_path(gid, (), root).parent
        for stray in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            if stray not in expected:
                problems.append(f"{stray.name}: {gid} has no golden cases for this file")
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


def _check_file(entry: registry.EngineEntry, variants: tuple[str, ...], path: Path) -> list[str]:
    if not path.is_file():
        return ["missing (regenerate with: python -m pnp.engine.golden --update)"]
    try:
        stored: JSON = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        return [f"not valid JSON: {exc}"]
    fresh = build_golden(entry.game_id, variants)
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


def _check_replays(entry: registry.EngineEntry, content: dict[str, JSON]) -> list[str]:
    """Replay every stored record: the rendered events must equal the stored lines."""
    problems = []
    for number, game in enumerate(_items(content["games"])):
        record_data = _field(game, "record")
        if not isinstance(record_data, dict):
            problems.append(f"game {number}: no record")
            continue
        record = GameRecord.from_dict(record_data)
        config = entry.default_config(record.variants)
        lines = render_lines(entry, replay(record, engine=entry.engine, config=config))
        diff = _first_difference(
            "replayed event line", _items(_field(game, "events")), _json_lines(lines)
        )
        if diff:
            problems.append(f"game {number}: {diff}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    """``--update`` rewrites the golden files; otherwise compare and exit 1 on a difference."""
    parser = argparse.ArgumentParser(
        prog="python -m pnp.engine.golden", description="Check or regenerate golden playthroughs."
    )
    parser.add_argument("--update", action="store_true", help="rewrite the golden files")
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--root", type=Path, default=None, help="golden folder (tests/golden)")
    args = parser.parse_args(argv)
    ids = args.game or list(registry.game_ids())
    if args.update:
        for gid in ids:
            for path in write_golden(gid, args.root):
                print(f"wrote {path}")
        return 0
    problems = [p for gid in ids for p in check_golden(gid, args.root)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(
            "golden files differ (regenerate with --update if the change is intended)",
            file=sys.stderr,
        )
        return 1
    print("golden files match")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
