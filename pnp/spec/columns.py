"""Column types of spec tables: each turns a CSV cell into a typed value or says why not."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from pnp.base.datafiles import confined
from pnp.base.errors import PnpError
from pnp.spec.model import Value

MAX_COUNT = 200
"""More copies than this of one card is certainly a typo."""

MAX_ID_LENGTH = 64
"""The longest id of a row (ids name cards in errors, pinned examples and the manifest)."""

MAX_TEXT_LENGTH = 1000
"""The longest text cell when a column declares no ``max_length`` (no card holds more)."""

MAX_CELL_LENGTH = 10_000
"""The longest cell the CSV reader reads at all, whatever its column (ten times the longest
text cell): a longer one stops the table's reading at its row."""

_ID = re.compile(r"^[a-z0-9][a-z0-9\-]*$")
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]")
"""Characters no cell may hold: control characters (a tab too: no card or rulebook has
columns to align it to) and Unicode line separators. A line break is the one exception, in a
text column that declares ``multiline = true`` (see :attr:`Column.multiline`)."""
COLUMN_TYPES = ("id", "count", "int", "text", "colour", "art", "bool", "choice")
_MAY_BE_BLANK = ("text", "choice", "art", "colour")
"""Types whose blank cell in an optional column (``required = false``) reads as ""."""

ArtRoots = Path | tuple[Path, ...]
"""The ``art/`` folder, or several searched in order (a project's own art, then pnp's)."""


@dataclass(frozen=True)
class ColumnContext:
    """What a cell may refer to: the game's palette and the art folder(s)."""

    colours: Mapping[str, str]
    art_root: ArtRoots


@dataclass(frozen=True)
class Column:
    """A declared column: its name, type and limits."""

    name: str
    type: str
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None
    choices: tuple[str, ...] = ()
    required: bool = True
    multiline: bool = False
    """Whether a cell may hold a line break (a text column only): it is kept as a plain
    ``"\\n"``, which a card draws as a new line. Elsewhere a line break is refused."""

    def parse(self, cell: str, ctx: ColumnContext) -> Value:
        """Convert one cell; raise ``ValueError`` with a user-facing message when it is wrong."""
        # A spreadsheet may end a line in a cell with CR LF: the cell holds one line break.
        text = cell.replace("\r\n", "\n").strip()
        if control := _CONTROL.search(text):
            code = f"U+{ord(control.group()):04X}"
            raise ValueError(
                f"holds a tab ({code})"
                if code == "U+0009"
                else f"holds the control character {code}"
            )
        if "\n" in text and not (self.multiline and self.type == "text"):
            raise ValueError(
                "holds a line break (only a text column declaring 'multiline = true' may)"
            )
        if text == "":
            if self.required:
                raise ValueError("is empty")
            if self.type in _MAY_BE_BLANK:
                return ""
        parser = getattr(self, f"_parse_{self.type}")
        value: Value = parser(text, ctx)
        return value

    def _parse_id(self, text: str, ctx: ColumnContext) -> Value:
        if not _ID.match(text):
            raise ValueError(f"{text[:40]!r} is not an id (lower-case letters, digits and '-')")
        if len(text) > MAX_ID_LENGTH:
            raise ValueError(f"an id has at most {MAX_ID_LENGTH} characters, not {len(text)}")
        return text

    def _parse_count(self, text: str, ctx: ColumnContext) -> Value:
        number = _as_int(text)
        if number < 0:
            raise ValueError(f"{number} is negative")
        if number > MAX_COUNT:
            raise ValueError(f"{number} copies is absurd (at most {MAX_COUNT})")
        return number

    def _parse_int(self, text: str, ctx: ColumnContext) -> Value:
        number = _as_int(text)
        if self.minimum is not None and number < self.minimum:
            raise ValueError(f"{number} is below the minimum {self.minimum}")
        if self.maximum is not None and number > self.maximum:
            raise ValueError(f"{number} is above the maximum {self.maximum}")
        return number

    def _parse_text(self, text: str, ctx: ColumnContext) -> Value:
        limit = MAX_TEXT_LENGTH if self.max_length is None else self.max_length
        if len(text) > limit:
            raise ValueError(f"{len(text)} characters is longer than {limit}")
        return text

    def _parse_colour(self, text: str, ctx: ColumnContext) -> Value:
        if text not in ctx.colours:
            known = ", ".join(sorted(ctx.colours))
            raise ValueError(f"{text!r} is not one of {known}")
        return text

    def _parse_art(self, text: str, ctx: ColumnContext) -> Value:
        check_art_reference(text, ctx.art_root)
        return text

    def _parse_bool(self, text: str, ctx: ColumnContext) -> Value:
        lowered = text.lower()
        if lowered in ("ja", "yes", "true", "1", "x"):
            return True
        if lowered in ("nee", "no", "false", "0", ""):
            return False
        raise ValueError(f"{text!r} is not yes/no (ja, nee, true, false, 1, 0)")

    def _parse_choice(self, text: str, ctx: ColumnContext) -> Value:
        if text not in self.choices:
            raise ValueError(f"{text!r} is not one of {', '.join(self.choices)}")
        return text


def _as_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a whole number") from None


def check_art_reference(reference: str, art_root: ArtRoots) -> Path:
    """Resolve an art reference inside ``art/`` (the first of several folders that has the
    file); raise ``ValueError`` if it leaves ``art/`` or is missing."""
    pure = PurePosixPath(reference)
    if pure.is_absolute() or ".." in pure.parts or "\\" in reference:
        raise ValueError(f"art path {reference!r} must stay inside art/")
    if pure.suffix.lower() != ".svg":
        raise ValueError(f"art {reference!r} is not an .svg file")
    for root in (art_root,) if isinstance(art_root, Path) else art_root:
        path = root / pure
        # Whatever stands at the path decides, seen without following it (lstat never opens
        # a pipe): only a name that is not there at all falls through to the next folder. A
        # folder, a pipe or a link out of art/ at a project's own path is refused, not
        # silently replaced by pnp's own picture.
        try:
            path.lstat()
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as exc:
            raise ValueError(f"art {reference!r} cannot be read ({exc.strerror})") from None
        try:
            outside = not path.resolve(strict=True).is_relative_to(root.resolve())
        except (OSError, RuntimeError):  # a dangling link, a loop: confined() says which
            outside = False
        if outside:  # its target would end up in the PDFs
            raise ValueError(f"art {reference!r} is a link to a file outside art/")
        try:
            confined(path, root)
        except PnpError as exc:
            raise ValueError(f"art {reference!r}: {exc.problems[0].message}") from None
        return path
    raise ValueError(f"art file {reference!r} does not exist in art/")
