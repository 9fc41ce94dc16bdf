"""A kit's language: the words pnp itself prints, and the small grammar that joins them.

Every word comes from ``cardspecs/common/taal/<code>.toml`` (see ``docs/languages.md``);
this module only knows how to put numbers, nouns and lists together, so a new
language is a new file of words, not new code::

    language = load_language(common_folder, "en")
    language.count_phrase(3, "card", "cards")   # "three cards"
    language.label("played_with", variants="base game")
    language.file("rulebook")                   # "rules"

Any problem of the file -- missing, a key absent or of the wrong type, a format
string with a placeholder that is no plain name -- is a :class:`PnpError` naming
the file and line.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.base.errors import PnpError
from pnp.base.tomlsource import TomlSource

BASE_LANGUAGE = "nl"
"""The language the games' own files are written in (an edition folder holds any other)."""

LANGUAGES = ("nl", "en")
"""The languages a kit can be built in, the base language first."""

LANGUAGE_FOLDER = "taal"
"""The folder of ``cardspecs/common/`` holding one file of words per language."""

_FILE_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*(\.[a-z]+)?$")


def language_file(common: Path, code: str) -> Path:
    """The file of words of language ``code``."""
    return common / LANGUAGE_FOLDER / f"{code}.toml"


def common_words(common: Path, code: str) -> Path:
    """The folder of the shared words (rulebook templates, preview words, the order list) in
    language ``code``: ``common`` itself in the base language, its edition ``common/<code>/``
    in another."""
    return common if code == BASE_LANGUAGE else common / code


@dataclass(frozen=True)
class Language:
    """The words of one language and how they combine (numbers, counts, lists)."""

    code: str
    source: TomlSource
    hyphenation: str
    """The pyphen dictionary that hyphenates the language (``nl_NL``, ``en_GB``)."""
    numbers: tuple[str, ...]
    """Number words from zero on; digits above the last."""
    ordinals: tuple[str, ...]
    """Ordinal words from one on; digits with a suffix above the last."""
    plurals: Mapping[int, str]
    """A card number as a plural noun ("achten", "eights")."""
    grammar: Mapping[str, str]
    labels: Mapping[str, str]
    files: Mapping[str, str]
    suffixes: Mapping[str, tuple[tuple[int, int, str], ...]]
    """The ordinal suffixes of ``[grammar]`` by what they look at (``zero``: the number
    itself, ``last_two``, ``last_digit``): ranges of it, each with its suffix."""

    @property
    def is_base(self) -> bool:
        """Whether this is the language the games' own files are written in."""
        return self.code == BASE_LANGUAGE

    def number_word(self, number: int) -> str:
        """``number`` written out ("three") while the language file has the word; digits above."""
        if 0 <= number < len(self.numbers):
            return self.numbers[number]
        return str(number)

    def ordinal_word(self, number: int) -> str:
        """An ordinal ("third") while the file has the word; above that digits with the ending
        the spoken word has ("13de", "20ste"; "13th", "21st")."""
        if 1 <= number <= len(self.ordinals):
            return self.ordinals[number - 1]
        return f"{number}{self._ordinal_suffix(number)}"

    def _ordinal_suffix(self, number: int) -> str:
        checks = (("zero", number), ("last_two", number % 100), ("last_digit", number % 10))
        for key, value in checks:
            for low, high, suffix in self.suffixes.get(key, ()):
                if low <= value <= high:
                    return suffix
        return self.grammar["ordinal_suffix"]

    def plural_number(self, number: int) -> str:
        """A card number as a plural noun: 8 -> "achten" / "eights"."""
        if number in self.plurals:
            return self.plurals[number]
        return self.fill(self.grammar["plural_digits"], number=number)

    def count_phrase(self, count: int, singular: str, plural: str) -> str:
        """ "three cards", "one card": a count in words with the right noun form."""
        noun = singular if count == 1 else plural
        return self.fill(self.grammar["count"], count=self.number_word(count), noun=noun)

    def all_of(self, count: int, singular: str, plural: str) -> str:
        """All ``count`` of a noun: "all three cards", "both cards", "the card", "no cards"."""
        key = {0: "all_none", 1: "all_one", 2: "all_two"}.get(count, "all_many")
        return self.fill(
            self.grammar[key], count=self.number_word(count), singular=singular, plural=plural
        )

    def join_words(self, items: Sequence[str], last: str = "and") -> str:
        """An enumeration: "a", "a and b", "a, b and c" (``last="or"``: "a, b or c")."""
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        word = self.grammar[last]
        return f"{self.grammar['comma'].join(items[:-1])} {word} {items[-1]}"

    def decimal(self, value: float) -> str:
        """A measure as the language writes it: 63,5 in Dutch, 63.5 in English."""
        return f"{value:g}".replace(".", self.grammar["decimal_point"])

    def label(self, key: str, /, **fields: object) -> str:
        """The label ``key`` of the language file with its placeholders filled."""
        if key not in self.labels:
            raise self._error(f"no label '{key}' in [labels]", "labels")
        return self.fill(self.labels[key], **fields)

    def raw(self, key: str) -> str:
        """The label ``key`` as written, its placeholders left for whoever fills it later."""
        if key not in self.labels:
            raise self._error(f"no label '{key}' in [labels]", "labels")
        return self.labels[key]

    def file(self, key: str) -> str:
        """The output file name ``key`` ("rulebook" -> "spelregels" / "rules"), no extension."""
        if key not in self.files:
            raise self._error(f"no file name '{key}' in [files]", "files")
        return self.files[key]

    @staticmethod
    def fill(text: str, /, **fields: object) -> str:
        """``text`` with each ``{name}`` replaced by ``str(fields[name])``; nothing of
        ``str.format`` runs on a value."""
        pieces = []
        for literal, field, _, _ in string.Formatter().parse(text):
            pieces.append(literal)
            if field is not None:
                pieces.append(str(fields[field]))
        return "".join(pieces)

    def _error(self, message: str, *keys: str) -> PnpError:
        return PnpError.single(message, self.source.path, self.source.line_of(*keys))


def _ranges(text: str) -> list[tuple[int, int, str]]:
    """ "2-7:de 9-19:de" as [(2, 7, "de"), (9, 19, "de")]."""
    found = []
    for part in text.split():
        span, _, suffix = part.partition(":")
        low, _, high = span.partition("-")
        found.append((int(low), int(high or low), suffix))
    return found


_GRAMMAR_KEYS = (
    "and",
    "or",
    "comma",
    "count",
    "all_none",
    "all_one",
    "all_two",
    "all_many",
    "plural_digits",
    "ordinal_suffix",
    "decimal_point",
)
_RANGE = re.compile(r"^(\d+(-\d+)?:\S+)(\s+\d+(-\d+)?:\S+)*$")

_CACHE: dict[tuple[Path, str], tuple[int, Language]] = {}


def load_language(common: Path, code: str) -> Language:
    """Read and check the words of language ``code`` from ``common``'s language folder."""
    if code not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise PnpError.single(f"unknown language '{code}' (known: {known})")
    path = language_file(common, code)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = -1
    cached = _CACHE.get((path, code))
    if cached is not None and cached[0] == stamp:
        return cached[1]
    language = _read(path, code)
    _CACHE[(path, code)] = (stamp, language)
    return language


def _read(path: Path, code: str) -> Language:
    source = TomlSource.read(path)
    data = source.data

    def error(message: str, *keys: str) -> PnpError:
        return PnpError.single(message, source.path, source.line_of(*keys))

    def texts(table: str) -> dict[str, str]:
        value = data.get(table)
        if not isinstance(value, dict):
            raise error(f"[{table}] must be a table", table)
        for key, text in value.items():
            if not isinstance(text, str):
                raise error(f"'{key}' in [{table}] must be text", table, key)
            if problem := format_problem(text):
                raise error(f"'{key}' in [{table}] {problem}", table, key)
        return dict(value)

    def words(key: str) -> tuple[str, ...]:
        value = data.get("numbers", {}).get(key) if isinstance(data.get("numbers"), dict) else None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise error(f"'{key}' in [numbers] must be a list of words", "numbers", key)
        return tuple(value)

    import pyphen  # only here: its dictionaries are listed, not loaded

    hyphenation = data.get("hyphenation")
    if not isinstance(hyphenation, str) or hyphenation not in pyphen.LANGUAGES:
        raise error("'hyphenation' must name a pyphen dictionary (such as nl_NL)", "hyphenation")
    grammar = texts("grammar")
    for key in _GRAMMAR_KEYS:
        if key not in grammar:
            raise error(f"[grammar] needs '{key}'", "grammar")
    for key in ("ordinal_zero", "ordinal_last_two", "ordinal_last_digit"):
        if grammar.get(key) and not _RANGE.match(grammar[key]):
            raise error(f"'{key}' must be ranges such as \"2-7:de 9-19:de\"", "grammar", key)
    plurals_raw = data.get("numbers", {}).get("plurals", {})
    if not isinstance(plurals_raw, dict) or not all(
        key.isdigit() and isinstance(v, str) for key, v in plurals_raw.items()
    ):
        raise error("'plurals' in [numbers] must map numbers to words", "numbers", "plurals")
    files = texts("files")
    for key, name in files.items():
        if not _FILE_NAME.match(name):
            raise error(f"file name '{key}' must be lower case, digits and '-'", "files", key)
    return Language(
        code=code,
        source=source,
        hyphenation=hyphenation,
        numbers=words("words"),
        ordinals=words("ordinals"),
        plurals={int(key): word for key, word in plurals_raw.items()},
        grammar=grammar,
        labels=texts("labels"),
        files=files,
        suffixes={
            key: tuple(_ranges(grammar.get(f"ordinal_{key}", "")))
            for key in ("zero", "last_two", "last_digit")
        },
    )


def format_problem(text: str) -> str:
    """Why ``text`` cannot be filled by name: a placeholder that is no plain name (``{}``,
    ``{0}``, ``{x.y}``, ``{x[0]}``, ``{x!r}``, ``{x:>9}``) or broken braces; ``""`` if it can."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError as exc:
        return f"is not a valid format string: {exc}"
    for _, field, spec, conversion in parsed:
        if field is None:
            continue
        written = field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
        if not field.isidentifier() or spec or conversion:
            return f"has the placeholder {{{written[:40]}}}; use a plain name such as {{name}}"
    return ""
