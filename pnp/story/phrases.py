"""The words of a game's rulebook examples, read from ``rulebook/voorbeelden.toml``.

Beside the rulebook templates, each game keeps the words its examples are
told in (its edition's file in a kit of another language)::

    names = ["Anna", "Bram", "Cas"]          # players, clockwise from the first

    [titles]                                 # one per example kind (a row's title key)
    trick = "Een slag met {lead}"

    [nouns]                                  # singular and plural, for counts
    kaart = ["kaart", "kaarten"]

    [phrases]                                # one format string per kind of sentence
    lead = "{name} komt uit met {cards}."

:func:`load_phrases` reads and checks the file; :class:`Phrases` fills the
format strings. Every problem -- a missing file or key, a value of the wrong
type, a broken format string, a placeholder the code does not fill -- is a
:class:`~pnp.base.errors.PnpError` naming the file and line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.base.errors import PnpError
from pnp.base.tomlsource import TomlSource
from pnp.language import Language, format_problem
from pnp.spec.model import GameSpec

PHRASES_FILE = "voorbeelden.toml"
"""The file of a game's example phrases, in its ``rulebook`` folder."""

_TABLES = ("titles", "nouns", "phrases")


def phrases_path(spec: GameSpec) -> Path:
    """Where the example phrases of ``spec``'s game live."""
    return spec.words_folder / "rulebook" / PHRASES_FILE


@dataclass(frozen=True)
class Phrases:
    """A game's example phrases: player names, titles, nouns and sentences by key."""

    source: TomlSource
    language: Language
    """The language the phrases are in: numbers, counts and lists are told in it."""
    names: tuple[str, ...]
    """Player names, clockwise from the player an example names first."""
    titles: Mapping[str, str]
    nouns: Mapping[str, tuple[str, str]]
    phrases: Mapping[str, str]

    def say(self, key: str, **fields: object) -> str:
        """The phrase ``key`` with its placeholders filled from ``fields``."""
        return self._fill("phrases", self.phrases, key, fields)

    def title(self, key: str, **fields: object) -> str:
        """The title ``key`` with its placeholders filled from ``fields``."""
        return self._fill("titles", self.titles, key, fields)

    def count(self, noun: str, count: int) -> str:
        """ "één kaart", "drie kaarten": ``count`` in words with the noun ``noun``."""
        if noun not in self.nouns:
            raise self._error(f"no noun '{noun}' in [nouns]", "nouns")
        return self.language.count_phrase(count, *self.nouns[noun])

    def number(self, number: int) -> str:
        """ "drie", "three": a number in words (digits above twenty)."""
        return self.language.number_word(number)

    def ordinal(self, number: int) -> str:
        """ "derde", "third"."""
        return self.language.ordinal_word(number)

    def plural_number(self, number: int) -> str:
        """A card number as a plural noun: "achten", "eights"."""
        return self.language.plural_number(number)

    def join(self, items: Sequence[str], last: str = "and") -> str:
        """ "a, b en c" / "a, b and c" (``last="or"``: "a, b of c")."""
        return self.language.join_words(items, last)

    def names_from(self, first: int, players: int) -> tuple[str, ...]:
        """Names by seat for ``players`` seats, the first name going to seat ``first``."""
        if players > len(self.names):
            raise self._error(f"{len(self.names)} names for {players} players", "names")
        return tuple(self.names[(seat - first) % players] for seat in range(players))

    def _fill(
        self, table: str, texts: Mapping[str, str], key: str, fields: dict[str, object]
    ) -> str:
        if key not in texts:
            raise self._error(f"no {_ENTRY[table]} '{key}' in [{table}]", table)
        try:
            return fill(texts[key], fields)
        except KeyError as exc:
            given = ", ".join(sorted(fields)) or "nothing"
            problem = f"uses {{{exc.args[0]}}}, which is not given here (given: {given})"
        raise self._error(f"{_ENTRY[table]} '{key}' {problem}", table, key)

    def _error(self, message: str, *keys: str) -> PnpError:
        return PnpError.single(message, self.source.path, self.source.line_of(*keys))


_ENTRY = {"titles": "title", "phrases": "phrase", "nouns": "noun"}


def load_phrases(spec: GameSpec) -> Phrases:
    """Read and check the example phrases of ``spec``'s game (see the module docstring)."""
    source = TomlSource.read(phrases_path(spec))
    data = source.data

    def error(message: str, *keys: str) -> PnpError:
        return PnpError.single(message, source.path, source.line_of(*keys))

    for key in data:
        if key != "names" and key not in _TABLES:
            raise error(f"unknown entry '{key}' (expected names, {', '.join(_TABLES)})", key)
    names = data.get("names")
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise error("'names' must be a list of player names", "names")
    if len(set(names)) != len(names):
        raise error("the player names must differ", "names")
    tables: dict[str, dict[str, object]] = {}
    for table in _TABLES:
        value = data.get(table, {})
        if not isinstance(value, dict):
            raise error(f"'{table}' must be a table", table)
        tables[table] = value
    texts: dict[str, dict[str, str]] = {"titles": {}, "phrases": {}}
    for table, entries in texts.items():
        for key, text in tables[table].items():
            if not isinstance(text, str):
                raise error(f"{_ENTRY[table]} '{key}' must be a string", table, key)
            problem = format_problem(text)
            if problem:
                raise error(f"{_ENTRY[table]} '{key}' {problem}", table, key)
            entries[key] = text
    nouns: dict[str, tuple[str, str]] = {}
    for key, forms in tables["nouns"].items():
        if (
            not isinstance(forms, list)
            or len(forms) != 2
            or not all(isinstance(f, str) for f in forms)
        ):
            raise error(f"noun '{key}' must be [singular, plural]", "nouns", key)
        nouns[key] = (forms[0], forms[1])
    return Phrases(source, spec.language, tuple(names), texts["titles"], nouns, texts["phrases"])


def fill(text: str, fields: Mapping[str, object]) -> str:
    """``text`` with each ``{name}`` replaced by ``str(fields[name])`` and ``{{``/``}}`` by a brace.

    Only plain names are filled (:func:`load_phrases` refuses anything else), and
    nothing of ``str.format`` runs on a value: no attribute, index or format spec
    of the text can reach into what is filled in. A missing name is a ``KeyError``.
    """
    return Language.fill(text, **fields)
