"""Maintenance of the data generated from the engines: goldens, pinned examples, studies.

The library API behind ``pnp golden``, ``pnp pin`` and ``pnp study``: it looks games up in
the registry and hands their parts to the layers below, which know no registry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.engine.golden import check_golden, write_golden
from pnp.errors import PnpError
from pnp.gamedef import StudyResult
from pnp.output import write_text_atomic
from pnp.paths import installed_data_root
from pnp.project import load_game, require_engine
from pnp.registry import AnyGame, games
from pnp.story.search import story_search

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
) -> tuple[StudyResult, Path | None]:
    """Run the study of ``game_id`` on its spec tables; with ``write`` store its data file.

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
    spec = load_game(game_id).spec
    result = the_game.study.run(spec, count, jobs, seed)
    if not write:
        return result, None
    path = spec.folder / "rulebook" / the_game.study.data_file
    refuse_installed_data(path, "study --write")
    write_text_atomic(path, result.data)
    return result, path


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
    """What ``pnp pin`` did: the files written (``--update``) or the stale ones found."""

    written: tuple[Path, ...]
    stale: tuple[Path, ...]


def pin(
    game_id: str, *, update: bool = False, report: Callable[[str], None] | None = None
) -> PinReport:
    """Search the seeded games for the rulebook examples of ``game_id`` again.

    Without ``update`` nothing is written: the report lists every pinned file a
    fresh search would change. With ``update`` the files are rewritten.
    ``report`` receives the search's progress lines.
    """
    story = require_engine(game_id, "pin").story
    if story is None:
        raise PnpError.single(f"{game_id} pins no rulebook examples")
    spec = load_game(game_id).spec
    found = story_search(story).find_pinned(spec, None, report)
    if update:
        for path, _ in found:
            refuse_installed_data(path, "pin --update")
        for path, text in found:
            write_text_atomic(path, text)
        return PinReport(tuple(path for path, _ in found), ())
    stale = [p for p, text in found if not p.is_file() or p.read_text(encoding="utf-8") != text]
    return PinReport((), tuple(stale))
