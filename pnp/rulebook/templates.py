"""Render a game's rulebook templates in a sandboxed Jinja2 environment.

Templates live with the game's data (``cardspecs/<game>/rulebook/``) and may
extend or include the shared ones in ``cardspecs/common/rulebook/``. They are
user-editable, so they run sandboxed (no attribute access to Python internals)
and within a budget of loop steps, output and time (:mod:`pnp.rulebook.budget`),
and every undefined name is an error. Any template mistake becomes one
:class:`~pnp.base.errors.PnpError` naming the template file and line.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path

from jinja2 import BaseLoader, Environment, StrictUndefined, TemplateNotFound
from jinja2.exceptions import TemplateSyntaxError
from jinja2.loaders import split_template_path

from pnp.base.datafiles import read_confined_text, relative_name_problem
from pnp.base.errors import PnpError
from pnp.language import Language
from pnp.rulebook.budget import BudgetedEnvironment
from pnp.rulebook.text_size import CONTROL

TEMPLATE_SUFFIX = ".j2"


class _ConfinedLoader(BaseLoader):
    """Loads a template from the first folder that has it, never from outside that folder
    (a link out of it is refused, see :mod:`pnp.base.datafiles`)."""

    def __init__(self, folders: tuple[Path, ...]) -> None:
        self.folders = folders

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        if relative_name_problem(template, "template"):
            raise TemplateNotFound(template)  # reported without a path of its own (see render)
        pieces = split_template_path(template)
        for folder in self.folders:
            path = folder.joinpath(*pieces)
            if os.path.lexists(path):
                text = read_confined_text(path, folder)
                _refuse_control_characters(text, path)
                mtime = path.stat().st_mtime_ns
                return text, str(path), partial(_unchanged, path, mtime)
        raise TemplateNotFound(template)


def _refuse_control_characters(text: str, path: Path) -> None:
    """A template may not hold a control character (it would reach the rulebook as it is)."""
    if found := CONTROL.search(text):
        line = text.count("\n", 0, found.start()) + 1
        code = f"U+{ord(found.group()):04X}"
        raise PnpError.single(f"the template holds the control character {code}", path, line)


MAX_COUNT_WORD = 1_000_000
"""The largest number the number filters take (no game counts further)."""


def _counting(name: str, words: Callable[..., str]) -> Callable[..., str]:
    """A number filter that takes whole numbers from 0 to :data:`MAX_COUNT_WORD` only."""

    def checked(number: object, *args: str) -> str:
        if (
            isinstance(number, bool)
            or not isinstance(number, int)
            or not 0 <= number <= MAX_COUNT_WORD
        ):
            raise ValueError(
                f"'{name}' takes a whole number from 0 to {MAX_COUNT_WORD:,}, not {number!r:.40}"
            )
        return words(number, *args)

    return checked


def _unchanged(path: Path, mtime: int) -> bool:
    """Whether a loaded template's file is as it was (Jinja reloads it otherwise)."""
    try:
        return path.stat().st_mtime_ns == mtime
    except OSError:
        return False


class TemplateSet:
    """The rulebook templates of one game: its own folder first, then the shared one; the
    number filters write in ``language``."""

    def __init__(self, game_folder: Path, common_folder: Path, language: Language) -> None:
        self.folders = (game_folder, common_folder)
        self.environment = BudgetedEnvironment(
            loader=_ConfinedLoader(self.folders),
            undefined=StrictUndefined,
            autoescape=False,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
        )
        self.environment.add_filters(
            getal=_counting("getal", language.number_word),
            meervoud=_counting("meervoud", language.plural_number),
            aantal=_counting("aantal", language.count_phrase),
            alle=_counting("alle", language.all_of),
        )

    def path_of(self, name: str) -> Path:
        """The file a template name resolves to (the first folder that has it); a name that
        points out of the folders stands for the game's rulebook folder itself."""
        if relative_name_problem(name, "template"):
            return self.folders[0]
        for folder in self.folders:
            candidate = folder / name
            if candidate.is_file():
                return candidate
        return self.folders[0] / name

    def render(self, name: str, context: Mapping[str, object]) -> str:
        """Render template ``name`` with ``context``; any mistake is a located :class:`PnpError`."""
        try:
            template = self.environment.get_template(name)
            return self.environment.render_within_budget(lambda: template.generate(dict(context)))
        except TemplateNotFound as exc:
            missing = str(exc.name or name)
            looked = ", ".join(f.name for f in self.folders)
            problem = relative_name_problem(missing, "template")
            # Located at the template line that names it ({% include %}), else at the name.
            path, line = self._location(exc) or (self.path_of(missing), None)
            message = problem or f"template '{missing}' not found (looked in {looked})"
            raise PnpError.single(message, path, line) from None
        except PnpError:
            raise
        except TemplateSyntaxError as exc:
            path = Path(exc.filename) if exc.filename else self.path_of(name)
            raise PnpError.single(f"template syntax: {exc.message}", path, exc.lineno) from None
        except Exception as exc:  # a template may fail in any way (1/0, a filter's error)
            path, line = self._location(exc) or (self.path_of(name), None)
            raise PnpError.single(f"template error: {_describe(exc)}", path, line) from None

    def _location(self, exc: BaseException) -> tuple[Path, int] | None:
        """The innermost template frame of ``exc``'s traceback (Jinja maps it to template lines)."""
        roots = [f.resolve() for f in self.folders]
        found: tuple[Path, int] | None = None
        for frame in traceback.extract_tb(exc.__traceback__):
            if not frame.filename.endswith(TEMPLATE_SUFFIX) or frame.lineno is None:
                continue
            path = Path(frame.filename).resolve()
            if any(path.is_relative_to(root) for root in roots):
                found = (path, frame.lineno)
        return found


def _describe(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text.replace("\n", " ")
