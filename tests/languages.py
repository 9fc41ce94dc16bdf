"""The bundled languages, loaded once for the tests that need their words."""

from pnp.catalog.locate import common_folder
from pnp.language import Language, load_language


def language(code: str) -> Language:
    """The bundled language ``code`` (``nl``, ``en``)."""
    return load_language(common_folder(), code)


DUTCH = language("nl")
ENGLISH = language("en")
