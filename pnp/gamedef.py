"""The one object a game declares: :class:`Game`.

Every game writes a ``game.py`` whose module-level ``GAME`` is a :class:`Game`;
the registry (:mod:`pnp.catalog.registry`) finds it, and nothing else in pnp needs to
know the game's modules. A game installed as its own package is found through
the ``pnp.games`` entry-point group instead (see ``docs/adding-a-game.md``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar

from pnp.base.errors import Problem

if TYPE_CHECKING:
    from pnp.engine.balance import BalanceRun
    from pnp.engine.core import GameState
    from pnp.engine.kit import EngineKit
    from pnp.example_model.board import Board
    from pnp.example_model.figures import MapFigure, TableFigure
    from pnp.spec.model import GameSpec, SourceRef
    from pnp.story.story import Story

# The types above are for the checker only: the registry imports this module to know a Game
# when it sees one, and listing the games (``pnp list``) must not pull in the engine, the
# sheets or the rulebook.

C = TypeVar("C")
S = TypeVar("S", bound="GameState[Any]")
A = TypeVar("A")

BoardMaker: TypeAlias = "Callable[[GameSpec, tuple[str, ...], int], Board]"
SetupFigures: TypeAlias = (
    "Callable[[GameSpec, tuple[str, ...]], tuple[TableFigure | MapFigure, ...]]"
)
"""The figures of a kit's setup: the table seen from above, and the map for games on tiles."""
"""One legal map setup of a kit from a seed (games played on tiles, ``--map-sheet``)."""
DeckLocator: TypeAlias = "Callable[[GameSpec, str], tuple[SourceRef, str | None] | None]"
"""The table row (and column) a deck problem of the kit's tables is about, if one is."""


@dataclass(frozen=True)
class StudyResult:
    """A finished study: the table to show, the rulebook data file's text, targets met or not."""

    table: str
    data: str
    ok: bool


@dataclass(frozen=True)
class Study:
    """A measurement the rulebook prints (balance, win rates), re-run with ``pnp study``.

    ``run(spec, games, jobs, seed)`` plays ``games`` seeded games per setting on
    the deck of the spec tables; ``data_file`` is where ``--write`` stores the
    result, beside the rulebook templates.
    """

    data_file: str
    run: Callable[[GameSpec, int, int, int], StudyResult]
    default_games: int


@dataclass(frozen=True)
class Check:
    """One check of the designer notes, measured: the rule it checks, the phrase of the game's
    words that states it (``report_check_…`` in ``voorbeelden.toml``) with its fields, met or
    not."""

    rule: str
    key: str
    fields: dict[str, object]
    ok: bool


@dataclass(frozen=True)
class BalanceMeasures:
    """What a balance report (``pnp study GAME --report``) measures of a game's engine.

    * ``length``: the metric of a game's length in rounds (one sample per game);
    * ``endings``: metrics of how a game or a round ends (0/1 samples: their mean is the
      share), each named by the phrase ``report_end_<metric>`` of the game's words;
    * ``score``: a per-game score whose spread is shown (the winner's points), if any;
    * ``cooperative``: the table wins or loses together (win rate per player count instead
      of per seat); ``left_at_win``: the metric of rounds to spare at a win;
    * ``policy``: the policy every seat plays unless a comparison changes it;
    * ``players``: the player count variants and policies are compared at;
    * ``every_count``: variant sets played at every player count besides the base game
      (what a check needs, such as SK-D1's multiples);
    * ``checks``: the designer notes' checks against their targets, from the games played.
    """

    length: str
    endings: tuple[str, ...] = ()
    score: str | None = None
    cooperative: bool = False
    left_at_win: str | None = None
    policy: str = "heuristic"
    players: int = 4
    every_count: tuple[tuple[str, ...], ...] = ()
    checks: Callable[[GameSpec, BalanceRun], tuple[Check, ...]] | None = None
    games: int = 400
    """Games per setting of a report by default (two minutes or less on two cores)."""


@dataclass(frozen=True)
class Game(Generic[C, S, A]):
    """Everything pnp needs from one game, declared once.

    * ``engine``: the reference engine with its standard configs, policies,
      notation and golden cases; its ``game_id`` is the game's id;
    * ``config_from_spec``: the engine configuration a kit's spec tables give;
    * ``validate_config``: the deck problems of such a configuration (empty: fine);
    * ``story``: the rulebook examples, if the game pins any: its example table,
      how they are told and checked, and the seeded search that (re)finds
      them (``pnp pin``), see :mod:`pnp.story`;
    * ``board``: the printed map of ``--map-sheet``, for games played on tiles;
    * ``tables_fingerprint``: a hash of what stored measurements depend on (a
      rulebook data file with another ``tables`` entry is left out);
    * ``study``: the measurement behind the rulebook's designer notes, if any;
    * ``setup``: the figures of the rulebook's setup (the table seen from above,
      the map), drawn from a kit's tables and variants;
    * ``data_root``: for a game installed as its own package, the folder holding
      its ``cardspecs/<id>/`` (and its ``art/``); ``None`` for the bundled games;
    * ``locate_deck``: the table row (and column) a deck problem is about, so the
      problem names the row that breaks the count instead of ``game.toml``;
    * ``balance``: what its balance report measures (:class:`BalanceMeasures`).
    """

    engine: EngineKit[C, S, A]
    config_from_spec: Callable[[GameSpec, tuple[str, ...]], C]
    validate_config: Callable[[C], list[str]]
    story: Story[C, S, A, Any, Any, Any, Any] | None = None
    board: BoardMaker | None = None
    tables_fingerprint: Callable[[GameSpec], str] | None = None
    study: Study | None = None
    data_root: Path | None = None
    setup: SetupFigures | None = None
    locate_deck: DeckLocator | None = None
    balance: BalanceMeasures | None = None

    @property
    def id(self) -> str:
        """The game id (``twaalf-dagen``): the engine's, written once in the game's rules."""
        return self.engine.game_id

    def validate_deck(self, spec: GameSpec, variants: tuple[str, ...]) -> list[str]:
        """The deck problems of a kit: the engine's validation of the config the tables give.

        A table the engine cannot even turn into a configuration is one problem.
        """
        try:
            config = self.config_from_spec(spec, variants)
        except (ValueError, KeyError, TypeError) as exc:
            return [str(exc)]
        return self.validate_config(config)

    def deck_problems(self, spec: GameSpec, variants: tuple[str, ...]) -> list[Problem]:
        """The deck problems of a kit (see :meth:`validate_deck`), each at the table row it is
        about (``game.toml`` where no row is); the problems of one place make one line."""
        places: dict[tuple[Path, int | None, str | None], list[str]] = {}
        for message in self.validate_deck(spec, variants):
            found = self.locate_deck(spec, message) if self.locate_deck is not None else None
            found = found or row_named_in(spec, message)
            place = (found[0].path, found[0].line, found[1]) if found else None
            places.setdefault(place or (spec.folder / "game.toml", None, None), []).append(message)
        return [
            Problem(path, line, column, "; ".join(messages))
            for (path, line, column), messages in places.items()
        ]


def row_named_in(spec: GameSpec, message: str) -> tuple[SourceRef, str | None] | None:
    """The one table row a deck problem names by its id (``card rood-2 …``, ``tile 'x' …``),
    with the ``count`` column when the problem is about copies; ``None`` when it names no
    row, or more than one."""
    named = {
        row.source: row
        for component in spec.components
        for row in component.rows
        if re.search(rf"(?:card |')({re.escape(row.id)})(?![\w-])", message)
    }
    if len(named) != 1:
        return None
    source = next(iter(named))
    return source, "count" if "copies" in message else None
