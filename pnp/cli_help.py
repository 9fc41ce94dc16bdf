"""The help text without the two rich modules it never uses: ``pnp --help`` answers at once.

typer draws help with ``typer.rich_utils``, which imports ``rich.markdown`` (markdown-it,
linkify) and ``rich.traceback`` (rich's pretty printer, attrs, pygments) at its top: for
help written in Markdown and for pretty tracebacks, neither of which pnp uses. Importing
them is a third of the CPU time of ``pnp --help``. :func:`defer_help_extras` imports
``typer.rich_utils`` with a stand-in for each of the two classes it takes from them; a
stand-in imports the real class the first time it is called or asked for an attribute, so
the help is drawn by the same code, and Markdown or a traceback would still work.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

DEFERRED = {"rich.markdown": "Markdown", "rich.traceback": "Traceback"}
"""The modules ``typer.rich_utils`` imports only for what pnp does not use, and the class
it takes from each."""


class _StandIn(type):
    """The type of a class standing in for a rich class until it is first used."""

    _module: str

    def real(cls) -> Any:
        """The rich class itself (imported now if it was not yet)."""
        return getattr(importlib.import_module(cls._module), cls.__name__)

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        return cls.real()(*args, **kwargs)

    def __getattr__(cls, name: str) -> Any:
        return getattr(cls.real(), name)


def defer_help_extras() -> None:
    """Import ``typer.rich_utils`` (unless it is imported) without rich's Markdown and
    traceback modules; they are imported when first used."""
    if "typer.rich_utils" in sys.modules or any(name in sys.modules for name in DEFERRED):
        return
    for module, name in DEFERRED.items():
        stub = types.ModuleType(module)
        setattr(stub, name, _StandIn(name, (), {"_module": module}))
        sys.modules[module] = stub
    try:
        importlib.import_module("typer.rich_utils")
    finally:
        for module in DEFERRED:  # a later import of either module gets the real one
            del sys.modules[module]
