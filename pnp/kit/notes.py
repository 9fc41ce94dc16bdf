"""Proofreaders' notes on the rulebook examples: ``proefnotities.toml`` in the project folder.

One entry per note, in the order they were written::

    [[note]]
    game = "sinterklaas"
    variants = ["handregel"]
    example = "getal-gaat-voor-kleur"
    step = 3                 # the sentence it is about, from 1; 0: the example as a whole
    text = "Hier staat 'rode 5' maar de kaart is oranje."

A note is checked before it is written: the example must be one of that kit's, the step
one of its sentences, the text one to 2,000 characters without control characters. The
file keeps what a person wrote in it (comments, other tables); a note is appended.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.base.errors import PnpError
from pnp.base.output import write_text_atomic
from pnp.base.paths import project_folder
from pnp.base.tomlsource import TomlSource
from pnp.example_model import Example

NOTES_FILE = "proefnotities.toml"
MAX_NOTE = 2000
"""The longest note, characters."""
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass(frozen=True)
class Note:
    """One proofreader's note on an example of a kit."""

    game: str
    variants: tuple[str, ...]
    example: str
    step: int
    text: str


def notes_file() -> Path:
    """Where the notes are kept: the project folder's ``proefnotities.toml`` (the working
    folder's when pnp runs outside a project)."""
    return (project_folder() or Path.cwd()) / NOTES_FILE


def read_notes(game: str | None = None) -> list[Note]:
    """The notes in the file (of ``game`` only, if given); a broken entry is a located error."""
    path = notes_file()
    if not path.is_file():
        return []
    source = TomlSource.read(path)
    entries = source.data.get("note", [])
    if not isinstance(entries, list):
        raise PnpError.single("'note' must be [[note]] entries", path, source.line_of("note"))
    notes = []
    for index, entry in enumerate(entries):
        try:
            note = _note(entry)
        except (KeyError, TypeError, ValueError):
            line = source.line_of("note", str(index))
            raise PnpError.single(
                "a note needs game, variants, example, step and text", path, line
            ) from None
        if game is None or note.game == game:
            notes.append(note)
    return notes


def _note(entry: object) -> Note:
    if not isinstance(entry, dict):
        raise TypeError(entry)
    variants = entry["variants"]
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise TypeError(variants)
    step = entry["step"]
    if isinstance(step, bool) or not isinstance(step, int):
        raise TypeError(step)
    values = [entry[key] for key in ("game", "example", "text")]
    if not all(isinstance(v, str) for v in values):
        raise TypeError(values)
    return Note(entry["game"], tuple(variants), entry["example"], step, entry["text"])


def add_note(note: Note, examples: Sequence[Example]) -> Path:
    """Append ``note`` to the notes file, after checking it against the kit's ``examples``;
    the file written."""
    found = next((e for e in examples if e.id == note.example), None)
    if found is None:
        known = ", ".join(e.id for e in examples) or "none"
        raise PnpError.single(f"no example '{note.example[:40]}' in this kit (known: {known})")
    if not 0 <= note.step <= len(found.steps):
        raise PnpError.single(
            f"example '{found.id}' has sentences 1 to {len(found.steps)} (0: the whole example), "
            f"not {note.step}"
        )
    text = note.text.replace("\r\n", "\n").strip()
    if not 1 <= len(text) <= MAX_NOTE or _CONTROL.search(text):
        raise PnpError.single(f"a note is 1 to {MAX_NOTE} characters without control characters")
    import tomlkit  # only when a note is written

    path = notes_file()
    before = path.read_text(encoding="utf-8") if path.is_file() else _HEADER
    document = tomlkit.parse(before)
    entries = document.get("note")
    if entries is None:
        entries = tomlkit.aot()
        document.append("note", entries)
    entry = tomlkit.table()
    entry.update({"game": note.game, "variants": list(note.variants), "example": note.example,
                  "step": note.step, "text": text})  # fmt: skip
    entries.append(entry)
    write_text_atomic(path, tomlkit.dumps(document))
    return path


_HEADER = """\
# Proofreaders' notes on the rulebook examples, one [[note]] per note (pnp studio writes
# them; `pnp examples GAME --notes` lists them). step: the sentence, from 1; 0: the whole
# example.
"""
