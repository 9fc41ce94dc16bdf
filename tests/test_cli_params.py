"""The command line's quick option conversion gives typer's own results and typer's own errors,
for every parameter of every command and plain, odd and wrong values alike."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer._click import Command, Context
from typer._coercion import build_runtime_param

from pnp.base.back_mode import BackMode
from pnp.cli import app
from pnp.cli.options import BackOffset, PaperName
from pnp.cli.params import _Quick, convert_quickly

TEXTS = ["twaalf-dagen", "", "ü", " spaced ", "-", "a//b/"]
NUMBERS: list[Any] = [
    "0",
    "1",
    "7",
    "12",
    "13",
    "64",
    "65",
    "1000000",
    "1000001",
    "007",
    "-3",
    "+3",
]
NUMBERS += [" 3", "3.0", "1_000", "x", "", "99999999999999999999", 0, 1, 4, 1000, True]
CHOICES: list[Any] = ["a4", "A4", "letter", "long-edge", "Short-Edge", "none", "nope", ""]
CHOICES += [PaperName.LETTER, BackMode.GUTTERFOLD, 3]
PATHS: list[Any] = ["out", "a//b/", "", ".", "-", "x\0y", Path("kits"), Path("/nonexistent")]
OFFSETS = ["1,2", "-1.5,0.5", "bad", "21,0", "nan,0", "1,2,3", BackOffset(1.0, 2.0)]
LISTS: list[Any] = [("kort",), ["a", "b"], (), ("a", 3)]


def _commands() -> list[tuple[str, Command, Context]]:
    """Every command of ``pnp`` with a context, the group first."""
    group = typer.main.get_command(app)
    convert_quickly(group)
    root = Context(group, info_name="pnp")
    assert isinstance(group, typer.core.TyperGroup)
    subs = [
        (name, cmd, Context(cmd, parent=root, info_name=name))
        for name, cmd in group.commands.items()
    ]
    return [("pnp", group, root), *subs]


def _samples(annotation: Any, parser: bool) -> list[Any]:
    if parser and annotation is BackOffset:
        return OFFSETS
    if annotation is str:
        return TEXTS
    if annotation is int:
        return NUMBERS
    if annotation is bool:
        return [True, False]
    if annotation is Path:
        return PATHS
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return CHOICES
    return LISTS


def _outcome(convert: Any, value: Any, param: Any, ctx: Context) -> tuple[str, Any]:
    """What a converter makes of ``value``: its result with its type, or its error."""
    try:
        result = convert(value, param=param, ctx=ctx)
    except Exception as exc:
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        return (type(exc).__name__, message)
    return (type(result).__name__, result)


def test_every_parameter_converts_quickly() -> None:
    """Each typer parameter, --help included, has the quick converter before parsing."""
    for _, command, ctx in _commands():
        params = [*command.params, command.get_help_option(ctx)]
        typed = [p for p in params if hasattr(p, "type_descriptor")]
        assert typed, command
        assert all(isinstance(getattr(p, "_runtime_param", None), _Quick) for p in typed)


@pytest.mark.parametrize("name", [name for name, _, _ in _commands()])
def test_quick_conversion_is_typers_conversion(name: str, tmp_path: Path) -> None:
    """For every parameter of the command and every sample value, the quick converter and
    typer's own (pydantic) converter give equal results of one type, or the same error."""
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    command, ctx = next((cmd, ctx) for n, cmd, ctx in _commands() if n == name)
    compared = 0
    for param in command.params:
        descriptor = param.type_descriptor  # type: ignore[attr-defined]
        info = descriptor.parameter_info
        values = _samples(descriptor.annotation, info.parser is not None)
        if descriptor.annotation is Path:
            values = [*values, str(tmp_path), str(tmp_path / "a-file"), str(tmp_path / "none")]
        full = build_runtime_param(descriptor)
        quick = param._runtime_param  # type: ignore[attr-defined]
        for value in values:
            ours = _outcome(quick._coerce_value, value, param, ctx)
            typers = _outcome(full._coerce_value, value, param, ctx)
            assert ours == typers, (param.name, value)
            compared += 1
    assert compared >= len(command.params)
