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

from typer._click import Command, Context
from typer.core import TyperArgument, TyperGroup, TyperOption

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


def readable_metavars(command: Command, parent: Context | None = None) -> None:
    """Name every value in ``command``'s help (and its subcommands') as people read it.

    typer shows a value by its Python type (``<str>``, ``<list[str]>``, ``<bool>`` even for
    a flag that takes none) and puts a required argument in braces. Here an argument is its
    name in capitals (``GAME``), an option's value its name (``--variant VARIANT``, ``--out
    DIR``) or its choices (``a4|letter``), and a flag shows no value. Names an option sets
    itself (``X,Y``) stay.
    """
    ctx = command.context_class(command, parent=parent, **command.context_settings)
    help_option = command.get_help_option(ctx)
    for param in [*command.params, *([help_option] if help_option is not None else [])]:
        if isinstance(param, TyperArgument):
            if param.metavar is None and param.name:
                param.metavar = param.name.upper()
            _plain_argument(param)
        elif isinstance(param, TyperOption):
            if "--show-completion" in param.opts:
                param.help = (
                    "Print the completion script of the shell pnp runs in, or of the one named "
                    "after it: bash, zsh, fish, powershell or pwsh."
                )
            if param.is_flag:
                param.metavar = ""
            elif param.metavar is None or param.metavar.startswith("<"):
                param.metavar = _value_name(param)
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            readable_metavars(sub, ctx)


def _value_name(option: TyperOption) -> str:
    descriptor = option.type_descriptor
    if descriptor.is_choice:
        return "|".join(str(getattr(c, "value", c)) for c in descriptor.choices or ())
    if descriptor.is_path or option.metavar in ("<path>", "<dir>"):
        return "DIR"
    longest = max(option.opts, key=len)
    return longest.lstrip("-").replace("-", "_").upper()


def _plain_argument(argument: TyperArgument) -> None:
    """An argument shown by its name alone: no type beside it, no braces in the usage line."""
    name = argument.metavar or ""
    usage = name if argument.required else f"[{name}]"
    # typer has no setting for either: the two are overridden on this one parameter.
    setattr(argument, "display_type_rich", lambda ctx: None)  # noqa: B010
    setattr(argument, "_usage_display_name", lambda: usage)  # noqa: B010
