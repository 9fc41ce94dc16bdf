"""Option values converted without pydantic: the command line's common cases, typer's results.

typer converts every parameter through a pydantic ``TypeAdapter``, built when the parameter
is first processed, even when its value is the default. Importing pydantic and building the
adapters of ``pnp build``'s options costs more CPU than deciding that the kit is up to date.
:func:`convert_quickly` gives each parameter a converter that handles the plain cases pnp's
options have (a string, a choice, a path, a list of strings, a custom parser: every whole
number has one, ``pnp.cli.options.WholeNumber``) the way typer's adapters do, and hands
anything else to typer's own conversion, so every unusual value and every error message is
still typer's.

If typer's conversion ever looks different from what this module expects, parameters are
left as they are: the command line stays right, only slower.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

from typer._click import Command, Context
from typer.core import TyperGroup

try:  # typer's private conversion layer (0.29): if it moves, typer converts on its own
    from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
    from typer._param_types import coerce_cli_choice, coerce_cli_path
except ImportError:  # pragma: no cover - another typer
    RuntimeParam = None  # type: ignore[assignment, misc]


class _Unsure(Exception):
    """The value is not a plain case: typer's own conversion decides."""


def convert_quickly(command: Command, parent: Context | None = None) -> None:
    """Give every parameter of ``command`` and its subcommands, ``--help`` included, the quick
    converter (``parent``: the context of the group ``command`` belongs to)."""
    if RuntimeParam is None:  # pragma: no cover - another typer
        return
    # The --help option is made (and kept) on first use, from a context's option names.
    ctx = command.context_class(command, parent=parent, **command.context_settings)
    help_option = command.get_help_option(ctx)
    for param in [*command.params, *([help_option] if help_option is not None else [])]:
        descriptor = getattr(param, "type_descriptor", None)
        if isinstance(descriptor, TypeDescriptor) and getattr(param, "_runtime_param", 0) is None:
            param._runtime_param = _Quick(  # type: ignore[attr-defined]
                descriptor.parameter_info, descriptor.annotation, descriptor
            )
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            convert_quickly(sub, ctx)


if RuntimeParam is not None:

    @dataclass(frozen=True)
    class _Quick(RuntimeParam):
        """Converts the plain cases; typer's converter, built only when needed, the rest."""

        descriptor: TypeDescriptor

        def _coerce_value(self, value: Any, param: Any, ctx: Context) -> Any:
            try:
                return _plain(self.descriptor, value, param, ctx)
            except Exception:  # any doubt, any error: typer's result and typer's message
                full = build_runtime_param(self.descriptor)
                return full._coerce_value(value, param=param, ctx=ctx)


def _plain(descriptor: TypeDescriptor, value: Any, param: Any, ctx: Context) -> Any:
    """``value`` converted as typer's adapter converts it, or :class:`_Unsure`."""
    info = descriptor.parameter_info
    annotation: Any = descriptor.annotation
    if descriptor.file_annotation is not None:
        raise _Unsure
    if info.parser is not None:
        return info.parser(value)  # typer's adapter calls the parser and keeps its result
    if get_origin(annotation) is list and isinstance(value, list | tuple):
        (item,) = get_args(annotation)
        return list(_items(item, value))
    return _one(annotation, info, value, param, ctx)


def _items(annotation: Any, values: Iterable[Any]) -> Iterable[Any]:
    for value in values:
        if annotation is not str or not isinstance(value, str):
            raise _Unsure
        yield value


def _one(annotation: Any, info: Any, value: Any, param: Any, ctx: Context) -> Any:
    if annotation is str and isinstance(value, str):
        return value
    if annotation is bool and isinstance(value, bool):
        return value
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return coerce_cli_choice(
            value, choices=list(annotation), case_sensitive=info.case_sensitive, ctx=ctx
        )
    if annotation is Path and info.path_type is None and isinstance(value, str | Path):
        # typer turns the text into a Path (with pydantic) before checking it: same Path
        path = value if isinstance(value, Path) else Path(value)
        if isinstance(value, str) and (not value or "\0" in value):
            raise _Unsure
        return coerce_cli_path(path, info, path_type=Path, param=param, ctx=ctx)
    raise _Unsure
