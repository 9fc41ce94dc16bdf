"""The package's shape: imports only go down, no cycles, no imports hidden in functions.

The layer order lives in ``pyproject.toml`` (``[tool.importlinter]``) as
import-linter contracts; this test runs them, so a new upward import fails the
suite with the chain that breaks the order.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import grimp

from pnp.draw.art_cache import CACHE_ENV

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pnp"


def test_import_contracts_are_kept() -> None:
    """import-linter: the layer order and the independence of the games."""
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from importlinter.cli import lint_imports; "
            "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"Contracts: (\d+) kept, 0 broken\.", run.stdout), run.stdout
    assert int(re.search(r"Contracts: (\d+) kept", run.stdout)[1]) >= 6  # type: ignore[index]


LAZY = {"api.py"}
"""The command line, the top layer, and the library API below it import what a command runs
when it runs (``pnp --help`` answers at once, and a front end that lists games loads no
renderer). Nothing below imports either, and the layers contract above reads function-level
imports too, so no cycle can hide there."""


def _function_level_imports() -> list[str]:
    """``file:line module`` of every ``pnp`` import inside a function body, outside the CLI."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent == PACKAGE / "cli" or (path.parent == PACKAGE and path.name in LAZY):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith("pnp"):
                    found.append(f"{path.relative_to(ROOT)}:{inner.lineno} {inner.module}")
                elif isinstance(inner, ast.Import):
                    found += [
                        f"{path.relative_to(ROOT)}:{inner.lineno} {alias.name}"
                        for alias in inner.names
                        if alias.name.startswith("pnp")
                    ]
    return found


def test_no_function_level_imports_of_pnp_modules() -> None:
    """Modules import each other at the top, so a cycle cannot hide inside a function (the
    CLI excepted, see ``LAZY``)."""
    assert _function_level_imports() == []


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return groups


def test_no_import_cycles_between_modules() -> None:
    """No module of pnp imports itself back through other modules (typing-only imports aside)."""
    graph = grimp.build_graph("pnp", exclude_type_checking_imports=True)
    edges = {
        module: {
            imported
            for imported in graph.find_modules_directly_imported_by(module)
            # A package and its own submodules are one unit here.
            if not imported.startswith(module + ".") and not module.startswith(imported + ".")
        }
        for module in graph.modules
    }
    assert _cycles(edges) == []


def test_the_checks_would_see_a_cycle_and_a_function_level_import() -> None:
    """The scans above find what they look for (so their empty results mean something)."""
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    source = "def f() -> None:\n    from pnp.catalog.registry import game\n"
    tree = ast.parse(source)
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    assert any(isinstance(node, ast.ImportFrom) for node in ast.walk(function))


def _unguarded_emits(source: str) -> list[int]:
    """Lines of ``.emit(...)`` calls that no enclosing ``if ... log_on`` guards."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "emit"
        ):
            continue
        ancestor: ast.AST = node
        guarded = False
        while ancestor in parents and not guarded:
            ancestor = parents[ancestor]
            guarded = isinstance(ancestor, ast.If) and "log_on" in ast.unparse(ancestor.test)
        if not guarded:
            found.append(node.lineno)
    return found


def test_engines_build_events_only_behind_log_on() -> None:
    """One guard for every event: ``if state.log_on:`` (so with the log off no event object
    is built, on every branch, not only on those the contract tests happen to play)."""
    unguarded = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((PACKAGE / "games").rglob("*.py"))
        if not path.name.startswith("example")
        and "story" not in path.relative_to(PACKAGE / "games").parts[1:-1]
        for line in _unguarded_emits(path.read_text(encoding="utf-8"))
    ]
    assert unguarded == []
    assert _unguarded_emits("def f(state):\n    state.emit(E())\n") == [2]
    assert _unguarded_emits("def f(state):\n    if state.log_on:\n        state.emit(E())\n") == []


def test_a_deck_is_drawn_without_the_rulebook_or_reportlab_graphics(tmp_path: Path) -> None:
    """Drawing cards (``pnp check``, the peer benchmark's deck) loads only the card layers:
    not the build, the rulebook, the examples, platypus or pypdf; and once its art is in the
    disk cache, not reportlab's graphics package either (svglib needs it to convert)."""
    probe = (
        "import sys\n"
        "from bench.pnp_deck import deck_pdf\n"
        "pdf, cards = deck_pdf()\n"
        "assert pdf.startswith(b'%PDF') and cards == 90\n"
        "heavy = ('pnp.kit.build', 'pnp.rulebook', 'pnp.kit.examples', 'reportlab.platypus',"
        " 'reportlab.graphics', 'svglib', 'jinja2', 'pypdf')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy) and m != 'pnp.kit.build_options'))\n"
    )
    env = {**os.environ, CACHE_ENV: str(tmp_path / "cache")}
    root = Path(__file__).resolve().parents[1]
    runs = [
        subprocess.run(
            [sys.executable, "-c", probe],
            capture_output=True,
            text=True,
            check=True,
            env=env,
            cwd=root,
        )
        for _ in range(2)
    ]
    assert "svglib" in runs[0].stdout  # an empty cache: the art was converted
    assert runs[1].stdout.strip() == "[]"


GAME_SHAPE = {"__init__", "game", "rules", "view", "policies", "story", "kit"}
"""The top-level names of every game package, one role each (docs/adding-a-game.md)."""


def _top_level_names(folder: Path) -> set[str]:
    return {
        path.stem if path.suffix == ".py" else path.name
        for path in folder.iterdir()
        if path.suffix == ".py" or (path / "__init__.py").is_file()
    }


def test_every_game_has_the_one_shape() -> None:
    """Every bundled game has the same module names, a role each; what one game alone needs
    sits inside a role (a package of that name), never beside the roles. A role's package
    ``__init__`` holds only its docstring, so importing a role imports nothing else."""
    folders = sorted(p for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())
    assert len(folders) >= 4
    for folder in folders:
        assert _top_level_names(folder) == GAME_SHAPE, folder.name
        for init in folder.glob("*/__init__.py"):
            body = ast.parse(init.read_text(encoding="utf-8")).body
            assert len(body) == 1 and isinstance(body[0], ast.Expr), init


def test_no_import_cycle_inside_a_game_type_checking_imports_included() -> None:
    """Inside a game, modules import each other in one direction, even for annotations only:
    the rule modules take the state's fields (a base class low in the game), and the state
    that dispatches to them sits above them. (No on-disk cache: it is shared by graphs with
    and without type-checking imports, so one could read the other's stale data.)"""
    graph = grimp.build_graph("pnp", exclude_type_checking_imports=False, cache_dir=None)
    games = [m for m in graph.modules if m.startswith("pnp.games.")]
    edges = {
        module: {
            imported
            for imported in graph.find_modules_directly_imported_by(module)
            if imported.startswith("pnp.games.")
            and not imported.startswith(module + ".")
            and not module.startswith(imported + ".")
        }
        for module in games
    }
    assert _cycles(edges) == []
