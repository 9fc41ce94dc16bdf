"""Registry of reference engines by game id.

Every game package ``pnp.games.<name>`` may ship an ``engine`` module with a
``registration()`` function returning an :class:`EngineEntry`. :func:`get`
imports the module named after the game id (``twaalf-dagen`` ->
``pnp.games.twaalf_dagen.engine``) and :func:`game_ids` scans every game
package, so adding a game needs no edit here. Code that builds a configuration differently (for instance from the
spec tables) can :func:`register` its own entry, with ``replace=True`` to
override a discovered one.

This module depends on nothing else in ``pnp`` except the games it discovers.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.engine.core import Event


@dataclass(frozen=True)
class GoldenCase:
    """One pinned game of a golden file: variants, player count, seed, policy names."""

    variants: tuple[str, ...]
    num_players: int
    seed: int
    policies: tuple[str, ...]


@dataclass(frozen=True)
class EngineEntry:
    """A registered engine and what the generic tools need to drive it.

    * ``engine``: the game's engine object (see ``pnp.engine.core.Engine``);
    * ``default_config``: builds the configuration for a tuple of variant ids
      (used by replay, golden files and command-line simulation);
    * ``policies``: policy factories by name (``"random"``, ``"heuristic"``...);
    * ``render_event``: readable one-line notation of an event;
    * ``golden_cases``: the pinned games of the golden files.
    """

    game_id: str
    engine: Any
    default_config: Callable[[Sequence[str]], Any]
    policies: Mapping[str, Callable[[], Any]]
    render_event: Callable[[Event], str]
    golden_cases: tuple[GoldenCase, ...] = field(default=())


_ENTRIES: dict[str, EngineEntry] = {}
_discovered = False


def register(entry: EngineEntry, *, replace: bool = False) -> None:
    """Register ``entry``; an existing id raises ``ValueError`` unless ``replace``."""
    if entry.game_id in _ENTRIES and not replace:
        raise ValueError(f"an engine for {entry.game_id!r} is already registered")
    _ENTRIES[entry.game_id] = entry


def _register_from(module_name: str) -> None:
    """Import ``module_name`` if it exists and register its ``registration()`` entry."""
    try:
        if importlib.util.find_spec(module_name) is None:
            return
    except ModuleNotFoundError:
        return
    module = importlib.import_module(module_name)
    make_entry = getattr(module, "registration", None)
    if make_entry is None:
        return
    entry = make_entry()
    if not isinstance(entry, EngineEntry):
        raise TypeError(f"{module_name}.registration() must return an EngineEntry")
    _ENTRIES.setdefault(entry.game_id, entry)


def module_for(game_id: str) -> str:
    """The conventional engine module of a game id: ``pnp.games.<id with _>.engine``."""
    return f"pnp.games.{game_id.replace('-', '_')}.engine"


def discover() -> None:
    """Import ``pnp.games.<name>.engine`` modules and register what they offer.

    Entries registered before (explicitly) are kept. Runs once; later calls do
    nothing.
    """
    global _discovered
    if _discovered:
        return
    _discovered = True
    try:
        games = importlib.import_module("pnp.games")
    except ImportError:
        return
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda i: i.name):
        if info.ispkg:
            _register_from(f"pnp.games.{info.name}.engine")


def get(game_id: str) -> EngineEntry:
    """The entry for ``game_id``; raises ``KeyError`` with the known ids if absent."""
    if game_id not in _ENTRIES:
        _register_from(module_for(game_id))
    if game_id not in _ENTRIES:
        discover()
    try:
        return _ENTRIES[game_id]
    except KeyError:
        known = ", ".join(sorted(_ENTRIES)) or "none"
        raise KeyError(f"no engine registered for {game_id!r} (known: {known})") from None


def game_ids() -> tuple[str, ...]:
    """All registered game ids, sorted."""
    discover()
    return tuple(sorted(_ENTRIES))
