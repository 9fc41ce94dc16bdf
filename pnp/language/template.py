"""The tiny template language of layouts: ``{field}`` is replaced by a row's value.

Deliberately not ``str.format``: a layout must not reach attributes or Python
internals, only the named fields of the row.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_BAD_BRACE = re.compile(r"\{(?![A-Za-z_][A-Za-z0-9_]*\})")


def template_fields(template: str) -> set[str]:
    """The field names a template refers to."""
    return set(_FIELD.findall(template))


def check_template(template: str) -> str | None:
    """A message if the template has a malformed ``{...}``, else None."""
    if _BAD_BRACE.search(template):
        return f"malformed placeholder in {template!r} (use {{field}} with a plain field name)"
    return None


def fill_template(template: str, values: Mapping[str, object]) -> str:
    """Replace each ``{field}``; raise ``KeyError`` naming the first unknown field."""

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise KeyError(name)
        return str(values[name])

    return _FIELD.sub(replace, template)
