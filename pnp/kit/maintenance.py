"""Maintenance of the data generated from the engines: goldens, pinned examples, studies.

The library API behind ``pnp golden``, ``pnp pin`` and ``pnp study``: it looks games up in
the registry and hands their parts to the layers below, which know no registry.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.base.datafiles import read_confined_text
from pnp.base.errors import PnpError
from pnp.base.output import write_text_atomic
from pnp.base.paths import installed_data_root, project_folder
from pnp.base.workers import Report, run_forked
from pnp.catalog.locate import load_spec, require_engine
from pnp.catalog.registry import AnyGame, games
from pnp.engine.golden import check_golden, write_golden
from pnp.gamedef import StudyResult
from pnp.spec.model import GameSpec
from pnp.story.coverage import RowRecords, row_records
from pnp.story.phrases import Phrases, load_phrases
from pnp.story.pinned import EXAMPLES_FOLDER, pinned_index, pinned_path
from pnp.story.rulesets import RuleSet, built_rule_sets, parse_rule_set_key, rule_set_key
from pnp.story.search import RowUnder, story_search
from pnp.story.story import Story

GOLDEN_FOLDER = "golden"
"""The golden files' folder inside an installed game's data folder."""


@dataclass(frozen=True)
class GoldenReport:
    """What ``pnp golden`` did: files written (``--update``) or the differences found."""

    written: tuple[Path, ...]
    problems: tuple[str, ...]


def golden(
    game_ids: Sequence[str] = (), *, update: bool = False, root: Path | None = None
) -> GoldenReport:
    """Check (or with ``update`` rewrite) the golden files of ``game_ids`` (default: every game).

    The files live under ``root``; by default a bundled game's under pnp's
    ``tests/golden/`` and an installed game's under ``golden/`` in its data folder.
    """
    chosen = [require_engine(gid, "golden") for gid in game_ids] or list(games().values())
    places = [(g.engine, root or golden_root(g)) for g in chosen]
    if update:
        return GoldenReport(tuple(p for kit, at in places for p in write_golden(kit, at)), ())
    return GoldenReport((), tuple(p for kit, at in places for p in check_golden(kit, at)))


def golden_root(the_game: AnyGame) -> Path | None:
    """Where a game's golden files live by default (``None``: pnp's own ``tests/golden``)."""
    return the_game.data_root / GOLDEN_FOLDER if the_game.data_root is not None else None


def study(
    game_id: str,
    *,
    games: int | None = None,
    jobs: int = 2,
    seed: int = 0,
    write: bool = False,
    force: bool = False,
) -> tuple[StudyResult, Path | None]:
    """Run the study of ``game_id`` on its spec tables; with ``write`` store its data file.

    The table is written into the user's project folder only (the game's folder there,
    made by ``pnp copy``), never into pnp's own data, and does not replace a table measured
    from more games unless ``force``: each refusal is one line, before any game is played.
    Returns the result and the file written (``None`` without ``write``).
    """
    the_game = require_engine(game_id, "study")
    if the_game.study is None:
        with_study = _games_with_study()
        raise PnpError.single(
            f"{game_id} has no study (games with one: {', '.join(with_study) or 'none'})"
        )
    count = the_game.study.default_games if games is None else games
    if count < 1 or jobs < 1:
        raise PnpError.single("--games and --jobs must be at least 1")
    spec = load_spec(game_id)
    path = spec.folder / "rulebook" / the_game.study.data_file
    if write:
        refuse_installed_data(path, "study --write")
        _refuse_outside_project(spec, path)
        measured = _games_measured(path)
        if measured is not None and measured > count and not force:
            raise PnpError.single(
                f"measured from {measured} games per setting; --games {count} would replace "
                "it with a table of fewer (add --force to replace it anyway)",
                path,
            )
    result = the_game.study.run(spec, count, jobs, seed)
    if not write:
        return result, None
    write_text_atomic(path, result.data)
    return result, path


def _refuse_outside_project(spec: GameSpec, path: Path) -> None:
    """``study --write`` writes into the game's folder of the user's project folder only."""
    project = project_folder()
    if project is None or not spec.folder.resolve().is_relative_to(project.resolve()):
        raise PnpError.single(
            f"'pnp study --write' writes into your project folder, and {spec.id}'s tables are "
            f"not in one: copy the game into your project with 'pnp copy {spec.id}' and "
            "measure it there",
            path,
        )


def _games_measured(path: Path) -> int | None:
    """The games per setting the table at ``path`` was measured from (None: no table)."""
    if not path.is_file():
        return None
    try:
        games = tomllib.loads(read_confined_text(path, path.parent)).get("games")
    except tomllib.TOMLDecodeError:
        return None  # a broken table is replaced by the new one
    return games if isinstance(games, int) and not isinstance(games, bool) else None


def refuse_installed_data(path: Path, command: str) -> None:
    """A developer command never writes into the data an installed pnp carries (a wheel's
    ``pnp/_data``): the user copies the game into a project folder and runs it there."""
    installed = installed_data_root()
    if installed is not None and path.resolve().is_relative_to(installed):
        raise PnpError.single(
            f"'pnp {command}' would write into the data installed with pnp ({path.name}); "
            "copy the game's folder into your project folder (a folder with pnp.toml) and "
            "run it there"
        )


def _games_with_study() -> list[str]:
    return [g.id for g in games().values() if g.study is not None]


@dataclass(frozen=True)
class PinReport:
    """What ``pnp pin`` found and did.

    ``kits`` rule sets were checked (:func:`~pnp.story.rulesets.built_rule_sets`),
    ``held`` examples of them replay and hold under their kit's rules;
    ``needed`` names the records a kit lacks (missing, or no longer holding),
    ``written`` the files an update wrote and ``lost`` the records its search
    could not find; ``stray`` names records no kit people build shows and
    ``unneeded`` records no kit needs, as a record of a smaller rule set holds
    wherever they would be shown (an update removes both).
    """

    kits: int
    held: int
    needed: tuple[Path, ...]
    written: tuple[Path, ...] = ()
    lost: tuple[Path, ...] = ()
    stray: tuple[Path, ...] = ()
    unneeded: tuple[Path, ...] = ()


_GroupFound = tuple[list[tuple[Path, str]], list[int], list[str]]
"""What one group's search hands back: the files found, the wanted ones lost, its report."""

AnyStory = Story[Any, Any, Any, Any, Any, Any, Any]


def pin(
    game_id: str,
    *,
    update: bool = False,
    report: Callable[[str], None] | None = None,
    jobs: int = 1,
    seeds: int | None = None,
) -> PinReport:
    """Check that every kit people build has each of its rulebook examples, true under its
    rules, from as few records as it takes.

    For every rule set of :func:`~pnp.story.rulesets.built_rule_sets` and every
    row the kit shows, a pinned record must replay legally under the kit's
    rules and every claim told from it hold there (its own record, or one of
    a rule set it contains). Records are kept per example, not per kit: a
    row keeps its base record and a record of a larger rule set only where no
    smaller rule set's record holds (:func:`~pnp.story.coverage.row_records`);
    the others are ``unneeded``. Without ``update`` nothing is written. With
    ``update`` the seeded search finds a record for each kit that no pinned
    record holds for, smallest rule sets first, each pinned under the kit's
    rule set only if no record of a smaller rule set (one just found
    included) holds under the kit's rules; then the records no kit shows or
    needs are removed, and records that still hold are kept as they are.
    ``report`` receives the search's progress lines; the rows are checked,
    and the search of each rule set (and policy) runs, in ``jobs`` worker
    processes, and the search tries ``seeds`` games (default: the story's).
    """
    story = require_engine(game_id, "pin").story
    if story is None:
        raise PnpError.single(f"{game_id} pins no rulebook examples")
    spec = load_spec(game_id)
    rule_sets = built_rule_sets(spec, story.plays_alike)
    rows = {row.id: row for row in story.rows}
    coverage = _coverage(story, spec, rule_sets, list(rows), jobs)
    needed = tuple(
        pinned_path(spec, c.row, kit) for c in coverage for kit, shown in c.shown if shown is None
    )
    held = sum(shown is not None for c in coverage for _kit, shown in c.shown)
    stray = _stray_records(story, spec, rule_sets)
    unneeded = _unneeded(spec, coverage)
    if not update:
        return PinReport(len(rule_sets), held, needed, stray=stray, unneeded=unneeded)
    lacking = [RowUnder(rows[c.row], kit) for c in coverage for kit in c.lacking]
    for path in (*stray, *unneeded, *(pinned_path(spec, w.row.id, w.rules) for w in lacking)):
        refuse_installed_data(path, "pin --update")
    for path in stray:
        _remove_record(path)
    written, lost = _search_lacking(story, spec, lacking, report, jobs, seeds)
    if written:
        # a new record may hold where a larger rule set's record was needed
        again = sorted({path.stem for path in written}, key=list(rows).index)
        fresh = {c.row: c for c in _coverage(story, spec, rule_sets, again, jobs)}
        unneeded = _unneeded(spec, [fresh.get(c.row, c) for c in coverage])
    for path in unneeded:
        refuse_installed_data(path, "pin --update")
        _remove_record(path)
    return PinReport(len(rule_sets), held, needed, written, lost, stray, unneeded)


def _coverage(
    story: AnyStory,
    spec: GameSpec,
    rule_sets: Sequence[RuleSet],
    row_ids: Sequence[str],
    jobs: int,
) -> list[RowRecords]:
    """The records each of the rows ``row_ids`` needs (:func:`row_records`), in that order; one
    row per task in ``jobs`` worker processes (in this one when ``jobs`` is 1)."""
    rows = {row.id: row for row in story.rows}
    index = pinned_index(spec)

    def row_task(row_id: str) -> Callable[[Report | None], RowRecords]:
        def task(_progress: Report | None) -> RowRecords:
            row = rows[row_id]
            kits = [rules for rules in rule_sets if story.applies(spec, row, rules)]
            pinned = index.get(row_id, set())
            return row_records(story, spec, load_phrases(spec), row, kits, pinned)

        return task

    tasks = [row_task(row_id) for row_id in row_ids]
    if jobs <= 1:
        return [task(None) for task in tasks]
    return run_forked(tasks, jobs)


def _remove_record(path: Path) -> None:
    """Remove a pinned file, and its rule set's folder when that is left empty."""
    path.unlink(missing_ok=True)
    if path.parent.is_dir() and not any(path.parent.iterdir()):
        path.parent.rmdir()


def _unneeded(spec: GameSpec, coverage: Sequence[RowRecords]) -> tuple[Path, ...]:
    return tuple(pinned_path(spec, c.row, rules) for c in coverage for rules in c.unneeded)


def _search_lacking(
    story: AnyStory,
    spec: GameSpec,
    lacking: Sequence[RowUnder[Any, Any]],
    report: Callable[[str], None] | None,
    jobs: int,
    seeds: int | None,
) -> tuple[tuple[Path, ...], tuple[Path, ...]]:
    """Search and write a record for each kit of ``lacking`` (no pinned record holds for
    it), smallest rule sets first: a kit for which a record just found for a smaller rule
    set holds gets none of its own. The files written and those no seeded game showed."""
    phrases = load_phrases(spec)
    found_sets: dict[str, set[RuleSet]] = {}
    found: list[tuple[Path, str]] = []
    lost_paths: list[Path] = []
    sizes = sorted({len(w.rules) for w in lacking})
    for size in sizes:
        wanted: list[RowUnder[Any, Any]] = []
        for w in (w for w in lacking if len(w.rules) == size):
            smaller = found_sets.get(w.row.id, set())
            if smaller and _holds(story, spec, phrases, w, smaller):
                if report is not None:
                    report(f"{rule_set_key(w.rules)}/{w.row.id}: a new record holds, not searched")
                continue
            wanted.append(w)
        layer_found, layer_lost = _search_groups(story, spec, wanted, report, jobs, seeds)
        for path, _text in layer_found:
            found_sets.setdefault(path.stem, set()).add(parse_rule_set_key(path.parent.name))
        found += layer_found
        lost_paths += layer_lost
    return tuple(path for path, _ in found), tuple(lost_paths)


def _holds(
    story: AnyStory,
    spec: GameSpec,
    phrases: Phrases,
    wanted: RowUnder[Any, Any],
    sources: set[RuleSet],
) -> bool:
    """Whether a kit of ``wanted.rules`` finds ``wanted.row``'s example among the records
    of ``sources`` (rule sets inside its own)."""
    try:
        return story.found_under(spec, phrases, wanted.row, wanted.rules, sources) is not None
    except PnpError:
        return False


def _search_groups(
    story: AnyStory,
    spec: GameSpec,
    needed: Sequence[RowUnder[Any, Any]],
    report: Callable[[str], None] | None,
    jobs: int,
    seeds: int | None,
) -> tuple[list[tuple[Path, str]], list[Path]]:
    """Search ``needed`` in the search's own groups (a rule set and policy), one worker task
    each, and write each file found; the files found and the paths no game showed."""
    if not needed:
        return [], []
    group = story_search(story, needed).group
    groups: dict[Hashable, list[int]] = {}
    for index, w in enumerate(needed):
        groups.setdefault(group(w), []).append(index)

    def search_group(members: list[int]) -> Callable[[Report | None], _GroupFound]:
        def task(_progress: Report | None) -> _GroupFound:
            lines: list[str] = []
            wanted = [needed[i] for i in members]
            tried = None if seeds is None else range(seeds)
            found, lost = story_search(story, wanted).find_pinned(spec, tried, lines.append, wanted)
            return found, [members[wanted.index(w)] for w in lost], lines

        return task

    # A batch of groups at a time, each batch's files written as it ends: a long search that
    # is stopped keeps what it found, and the report shows how far it got.
    tasks = [search_group(m) for m in groups.values()]
    found: list[tuple[Path, str]] = []
    lost_paths: list[Path] = []
    step = max(1, jobs)
    for start in range(0, len(tasks), step):
        for group_found, group_lost, lines in run_forked(tasks[start : start + step], jobs):
            for line in lines:
                if report is not None:
                    report(line)
            for path, text in group_found:
                write_text_atomic(path, text)
            found += group_found
            lost_paths += [pinned_path(spec, needed[i].row.id, needed[i].rules) for i in group_lost]
        if report is not None:
            done = min(start + step, len(tasks))
            size = len(needed[0].rules)
            report(f"rule sets of {size} variant(s) searched: {done} of {len(tasks)}")
    return found, lost_paths


def _stray_records(
    story: Story[Any, Any, Any, Any, Any, Any, Any],
    spec: GameSpec,
    rule_sets: Sequence[RuleSet],
) -> tuple[Path, ...]:
    """The pinned files that no kit people build shows: a row no longer in the table, a
    rule set no longer built, or a row the rule set does not show."""
    rows = {row.id: row for row in story.rows}
    folder = spec.folder / EXAMPLES_FOLDER
    out = []
    for path in sorted(folder.glob("*/*.json")) if folder.is_dir() else ():
        rules = parse_rule_set_key(path.parent.name)
        row = rows.get(path.stem)
        if row is None or rules not in rule_sets or not story.applies(spec, row, rules):
            out.append(path)
    return tuple(out)
