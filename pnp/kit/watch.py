"""``pnp build GAME --watch``: build, then rebuild whenever the game's files change.

:func:`watch_game` takes the rebuild and the stream of changes as arguments, so
a test can drive it without waiting; :func:`file_changes` is the real stream
(watchfiles, debounced). Every rebuild prints one line, ``rebuilt <game>
(<files>)``, or one line per problem; an error never stops the watching.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from pathlib import Path
from threading import Event

from watchfiles import Change, DefaultFilter
from watchfiles import watch as watch_files

from pnp.base.errors import PnpError
from pnp.base.paths import display_path
from pnp.catalog.project import COMMON, game_data_root, game_roots
from pnp.kit.build import BuildResult

DEBOUNCE_MS = 300
"""Changes arriving within this many milliseconds of each other make one rebuild."""


def watched_folders(game_id: str) -> list[Path]:
    """What a build of ``game_id`` reads: its spec folder, the common one, its art, the fonts.

    The game's art is ``art/<id>/`` where it has one, else the whole ``art/``
    (tables may name pictures anywhere inside it). An unknown game is a user error.
    """
    root = game_data_root(game_id)
    folders = [root / "cardspecs" / game_id]
    for data in game_roots(game_id):  # the project's folders and pnp's own
        art = data / "art" / game_id
        folders += [
            data / "cardspecs" / COMMON,
            art if art.is_dir() else data / "art",
            data / "fonts",
        ]
    return [folder for folder in dict.fromkeys(folders) if folder.is_dir()]


def file_changes(folders: Sequence[Path], stop: Event | None = None) -> Iterator[set[Path]]:
    """The files changed under ``folders``, one debounced set at a time, until ``stop`` is set.

    Hidden files and files that came and went within one set (editors' and
    tools' temporary files) are left out.
    """

    def wanted(change: Change, path: str) -> bool:
        return not Path(path).name.startswith(".") and default(change, path)

    default = DefaultFilter()
    for batch in watch_files(*folders, watch_filter=wanted, debounce=DEBOUNCE_MS, stop_event=stop):
        added = {path for change, path in batch if change == Change.added}
        deleted = {path for change, path in batch if change == Change.deleted}
        changed = {Path(path) for _, path in batch if path not in added & deleted}
        if changed:
            yield changed


def watch_game(
    game_id: str,
    rebuild: Callable[[], BuildResult],
    changes: Iterable[Collection[Path]],
    echo: Callable[[str], None],
    stop: Callable[[], bool] = lambda: False,
) -> None:
    """Build once, then once per set of ``changes``, until the stream ends, ``stop()`` or Ctrl-C.

    ``echo`` receives one line per build (``built``/``rebuilt``) or per problem.
    """
    try:
        result = _attempt(rebuild, echo)
        if result is not None:
            echo(f"built {game_id} -> {result.folder}")
        echo(f"watching {game_id} for changes (Ctrl-C stops)")
        for changed in changes:
            if stop():
                break
            if not changed:
                continue
            names = ", ".join(sorted(display_path(path) for path in changed))
            if _attempt(rebuild, echo) is not None:
                echo(f"rebuilt {game_id} ({names})")
            if stop():
                break
    except KeyboardInterrupt:
        pass
    echo(f"stopped watching {game_id}")


def _attempt(rebuild: Callable[[], BuildResult], echo: Callable[[str], None]) -> BuildResult | None:
    """One build; its problems (or an unexpected failure) are printed one line each."""
    try:
        return rebuild()
    except PnpError as exc:
        for problem in exc.problems:
            echo(f"error: {problem}")
    except Exception as exc:  # keep watching whatever a half-edited file does to the build
        echo(f"error: {type(exc).__name__}: {exc}".replace("\n", " "))
    return None
