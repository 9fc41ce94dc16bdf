"""The bundled languages, loaded once for the tests that need their words."""

from pnp.language import Language, load_language
from pnp.locate import common_folder


def language(code: str) -> Language:
    """The bundled language ``code`` (``nl``, ``en``)."""
    return load_language(common_folder(), code)


DUTCH = language("nl")
ENGLISH = language("en")
