"""The words of a kit's language (see :mod:`pnp.language.words` and ``docs/languages.md``)."""

from pnp.language.words import (
    BASE_LANGUAGE,
    LANGUAGES,
    Language,
    common_words,
    format_problem,
    language_file,
    load_language,
)

__all__ = [
    "BASE_LANGUAGE",
    "LANGUAGES",
    "Language",
    "common_words",
    "format_problem",
    "language_file",
    "load_language",
]
