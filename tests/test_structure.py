"""The structure's promises, read from the source with ``ast`` (nothing here imports the modules
it checks): private names stay private, no import cycles, the core stays below the app.

The rules, for the modules of ``gammon_elo/``, ``ui/``, ``pages/`` and ``app.py``:

- A private name (one that starts with ``_``, dunders such as ``__version__`` aside) is its
  module's own. No module imports another module's private name (``from m import _x``), nor
  reads it off an imported module (``m._x``), except where both modules lie inside one private
  package (a package whose name starts with ``_``, such as ``gammon_elo/_core/``), whose modules
  share their privates among themselves.
- A private module or package (``gammon_elo._errors``, ``gammon_elo._core.checks``,
  ``gammon_elo.replay._compiled``) is imported, by its public names, only by modules of the
  package it sits in: ``gammon_elo._core.checks`` by any module of ``gammon_elo``,
  ``gammon_elo.replay._compiled`` only by ``gammon_elo.replay``'s; never by ``ui``, ``pages`` or
  ``app``, which use the public modules.
- A private package imports nothing of the project from outside itself (the kernel is the layer
  below everything).
- No import cycles among ``gammon_elo``'s modules, imports inside functions included: an import
  is an arrow to the module it names (``from p import m``, ``m`` a module: to ``p.m``; ``from p
  import name``: to ``p``, its ``__init__`` where ``p`` is a package), and to each package of
  that module's that the importer is not inside (their ``__init__`` runs first; the packages
  the importer lies in are running already, so they are no arrows).
- The core (``gammon_elo``) imports neither Streamlit nor anything of the app.

Each check lists its violations one a line; the checker itself is tested on small trees.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = "gammon_elo"
#: The project's modules: the core, the app's helpers, its pages and its entry file.
TOPS = ("gammon_elo", "server", "ui", "pages", "doors", "app.py", "lab.py")
#: What each layer never imports: the core neither Streamlit nor anything above it; the server's
#: machinery nothing of the app (what it says goes by a catalog's key); the app's UI neither the
#: web server, Dask nor distributed (the server package holds those).
FORBIDDEN = {
    CORE: ("streamlit", "server", "ui", "pages", "doors", "app", "lab"),
    "server": ("ui", "pages", "doors", "app", "lab"),
    "ui": ("starlette", "dask", "distributed"),
}
ABOVE_CORE = FORBIDDEN[CORE]


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    package: bool
    tree: ast.Module


@dataclass(frozen=True)
class Imported:
    """One name one module takes from another: ``name`` None when the module itself is taken."""

    importer: str
    line: int
    module: str
    name: str | None


def project(root: Path) -> dict[str, Module]:
    """Every module under ``root``'s TOPS, by dotted name (``app.py``: ``app``)."""
    found: dict[str, Module] = {}
    paths: list[Path] = []
    for top in TOPS:
        where = root / top
        paths += [where] if where.is_file() else sorted(where.rglob("*.py"))
    for path in paths:
        parts = list(path.relative_to(root).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts.pop()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        found[".".join(parts)] = Module(".".join(parts), path, package, tree)
    return found


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def resolve(module: Module, node: ast.ImportFrom) -> str:
    """The absolute name of the module an ``import from`` reads."""
    if not node.level:
        return node.module or ""
    parts = module.name.split(".")
    base = parts if module.package else parts[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(module: Module, known: dict[str, Module]) -> Iterator[Imported]:
    """Every import of ``module``, at any depth (module level, functions, ``if`` blocks); the
    attribute ``m._x`` of a project module bound by an import counts as importing ``_x``."""
    bound: dict[str, str] = {}  # local name → project module it is bound to
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Imported(module.name, node.lineno, alias.name, None)
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    bound[top] = top
        elif isinstance(node, ast.ImportFrom):
            base = resolve(module, node)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    yield Imported(module.name, node.lineno, full, None)
                    bound[alias.asname or alias.name] = full
                else:
                    yield Imported(module.name, node.lineno, base, alias.name)
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Attribute):
            owner = bound_module(node.value, bound)
            if owner in known:
                if f"{owner}.{node.attr}" in known:
                    yield Imported(module.name, node.lineno, f"{owner}.{node.attr}", None)
                else:
                    yield Imported(module.name, node.lineno, owner, node.attr)


def bound_module(node: ast.expr, bound: dict[str, str]) -> str | None:
    """The module an expression such as ``ui.grids`` names, where its first name is bound by an
    import (None otherwise)."""
    if isinstance(node, ast.Name):
        return bound.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = bound_module(node.value, bound)
        return None if owner is None else f"{owner}.{node.attr}"
    return None


def private_packages(name: str, known: dict[str, Module]) -> list[str]:
    """The private packages ``name`` lies in (itself included, if it is one)."""
    parts = name.split(".")
    prefixes = [".".join(parts[: i + 1]) for i in range(len(parts))]
    return [p for p in prefixes if private(p.rsplit(".")[-1]) and p in known and known[p].package]


def inside(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def privacy_violations(root: Path) -> list[str]:
    """One line per private name or private module taken across the line the rules draw."""
    known = project(root)
    lines = []
    for module in known.values():
        for taken in imports(module, known):
            if taken.module not in known and taken.module.split(".")[0] not in known:
                continue  # not the project's
            where = f"{module.path.relative_to(root)}:{taken.line} {taken.importer}"
            parts = taken.module.split(".")
            for i, part in enumerate(parts[1:], start=1):
                home = ".".join(parts[:i])
                if private(part) and not inside(taken.importer, home):
                    lines.append(f"{where} imports the private module {taken.module}")
                    break
            if taken.name is None or not private(taken.name):
                continue
            shared = set(private_packages(taken.importer, known))
            if not shared & set(private_packages(taken.module, known)):
                lines.append(f"{where} imports {taken.name} from {taken.module}")
    return sorted(set(lines))


def private_package_violations(root: Path) -> list[str]:
    """One line per import by a private package's module of a project module outside it."""
    known = project(root)
    lines = []
    for module in known.values():
        homes = private_packages(module.name, known)
        if not homes:
            continue
        for taken in imports(module, known):
            target = taken.module
            ours = target.split(".")[0] in known or target in known
            if ours and not inside(target, homes[0]):
                where = f"{module.path.relative_to(root)}:{taken.line}"
                lines.append(f"{where} {module.name} (in {homes[0]}) imports {target}")
    return sorted(set(lines))


def import_graph(root: Path, top: str = CORE) -> dict[str, set[str]]:
    """Each module of ``top`` → the modules of ``top`` its imports name (at any depth)."""
    known = project(root)
    graph: dict[str, set[str]] = {}
    for module in known.values():
        if not inside(module.name, top):
            continue
        arrows = graph.setdefault(module.name, set())
        for taken in imports(module, known):
            target = taken.module
            while target not in known and "." in target:  # `import a.b` of a name, not a module
                target = target.rpartition(".")[0]
            if not (inside(target, top) and target in known):
                continue
            arrows.add(target)
            # The target's packages run first, those the importer lies in aside (running).
            parts = target.split(".")
            for i in range(1, len(parts)):
                step = ".".join(parts[:i])
                if step in known and not inside(module.name, step):
                    arrows.add(step)
            arrows.discard(module.name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected group of two or more modules, as one cycle through some of them
    (Tarjan's algorithm, iterative; modules sorted so that the report is the same each run)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
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
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return [shortest_cycle(graph, group) for group in sorted(groups)]


def shortest_cycle(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """A shortest cycle from the group's first module back to it, within the group."""
    first, members = group[0], set(group)
    paths = {first: [first]}
    frontier = [first]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & members):
                if child == first:
                    return [*paths[node], first]
                if child not in paths:
                    paths[child] = [*paths[node], child]
                    following.append(child)
        frontier = following
    raise AssertionError(f"no cycle through {first}")  # a group always has one


def cycle_lines(root: Path) -> list[str]:
    return [" → ".join(cycle) for cycle in cycles(import_graph(root))]


def core_upward_imports(root: Path) -> list[str]:
    """One line per import by the core of Streamlit or of the app."""
    return forbidden_imports(root, CORE)


def forbidden_imports(root: Path, layer: str) -> list[str]:
    """One line per import by a module of ``layer`` of what :data:`FORBIDDEN` keeps from it."""
    known = project(root)
    lines = []
    for module in known.values():
        if not inside(module.name, layer):
            continue
        for taken in imports(module, known):
            if taken.module.split(".")[0] in FORBIDDEN[layer]:
                where = f"{module.path.relative_to(root)}:{taken.line}"
                lines.append(f"{where} {module.name} imports {taken.module}")
    return sorted(set(lines))


# The project itself.


def test_no_module_takes_another_modules_private_names() -> None:
    violations = privacy_violations(ROOT)
    assert not violations, f"{len(violations)} private imports:\n" + "\n".join(violations)


def test_a_private_package_imports_nothing_of_the_project_outside_itself() -> None:
    violations = private_package_violations(ROOT)
    assert not violations, "\n".join(violations)


def test_the_core_has_no_import_cycles_lazy_imports_included() -> None:
    found = cycle_lines(ROOT)
    assert not found, f"{len(found)} cycles:\n" + "\n".join(found)


def test_the_core_imports_neither_streamlit_nor_the_app() -> None:
    violations = core_upward_imports(ROOT)
    assert not violations, "\n".join(violations)


@pytest.mark.parametrize("layer", ["server", "ui"])
def test_the_server_and_the_ui_keep_apart(layer: str) -> None:
    violations = forbidden_imports(ROOT, layer)
    assert not violations, "\n".join(violations)


# The checker, on small trees made for it: each rule catches what it is there for.


def tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_checker_finds_private_names_and_modules_across_the_line(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "gammon_elo/__init__.py": "from .formulas import rating_change\n",
            "gammon_elo/formulas.py": "def _expected(): ...\n__version__ = 1\n",
            "gammon_elo/tables.py": (
                "from .formulas import _expected, __version__\n"
                "from . import formulas\n"
                "def f():\n    return formulas._expected()\n"
            ),
            "gammon_elo/_core/__init__.py": "",
            "gammon_elo/_core/checks.py": "def _integer(): ...\ndef integer(): ...\n",
            "gammon_elo/_core/lookup.py": "from .checks import _integer\n",
            "gammon_elo/games.py": "from ._core.checks import integer\n",
            "gammon_elo/replay/__init__.py": "",
            "gammon_elo/replay/_compiled.py": "def loop(): ...\n",
            "gammon_elo/replay/engine.py": "from ._compiled import loop\n",
            "gammon_elo/calibrate.py": "from .replay._compiled import loop\n",
            "ui/grids.py": "from gammon_elo._core.checks import integer\n",
            "app.py": "import ui.grids\nui.grids._dress()\n",
        },
    )
    assert privacy_violations(root) == [
        "app.py:2 app imports _dress from ui.grids",
        "gammon_elo/calibrate.py:1 gammon_elo.calibrate imports the private module"
        " gammon_elo.replay._compiled",
        "gammon_elo/tables.py:1 gammon_elo.tables imports _expected from gammon_elo.formulas",
        "gammon_elo/tables.py:4 gammon_elo.tables imports _expected from gammon_elo.formulas",
        "ui/grids.py:1 ui.grids imports the private module gammon_elo._core.checks",
    ]


def test_the_checker_finds_a_private_package_reaching_above_itself(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "gammon_elo/__init__.py": "",
            "gammon_elo/formulas.py": "from ._core.errors import InvalidInput\n",
            "gammon_elo/_core/__init__.py": "",
            "gammon_elo/_core/errors.py": "class InvalidInput(ValueError): ...\n",
            "gammon_elo/_core/lookup.py": (
                "import numpy\nfrom .errors import InvalidInput\n"
                "def f():\n    from ..formulas import k\n"
            ),
        },
    )
    assert private_package_violations(root) == [
        "gammon_elo/_core/lookup.py:4 gammon_elo._core.lookup (in gammon_elo._core) imports"
        " gammon_elo.formulas"
    ]


def test_the_checker_finds_cycles_through_lazy_imports(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "gammon_elo/__init__.py": "from .sweep import sweep\n",
            "gammon_elo/rules.py": "",
            "gammon_elo/sweep/__init__.py": "from .run import sweep\n",
            "gammon_elo/sweep/run.py": "from ..calibrate import score\nfrom .. import rules\n",
            "gammon_elo/calibrate/__init__.py": "from .scores import score\n",
            "gammon_elo/calibrate/scores.py": "def fit():\n    from ..sweep.run import sweep\n",
            "gammon_elo/cli.py": "from gammon_elo import CURRENT\nimport gammon_elo.rules\n",
            "gammon_elo/plan.py": "from .calibrate.scores import fit\n",
        },
    )
    assert cycle_lines(root) == [
        "gammon_elo.calibrate → gammon_elo.calibrate.scores → gammon_elo.sweep.run"
        " → gammon_elo.calibrate"
    ]
    graph = import_graph(root)
    assert graph["gammon_elo.cli"] == {"gammon_elo", "gammon_elo.rules"}
    # A package's __init__ runs before its module, unless the importer is inside it already.
    assert graph["gammon_elo.plan"] == {"gammon_elo.calibrate", "gammon_elo.calibrate.scores"}
    assert graph["gammon_elo.calibrate.scores"] == {"gammon_elo.sweep", "gammon_elo.sweep.run"}


def test_the_checker_finds_the_core_importing_streamlit_or_the_app(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "gammon_elo/__init__.py": "",
            "gammon_elo/charts.py": "def f():\n    import streamlit as st\n",
            "gammon_elo/games.py": "from ui.i18n import t\nimport numpy\n",
            "ui/i18n.py": "import streamlit\nimport gammon_elo\n",
        },
    )
    assert core_upward_imports(root) == [
        "gammon_elo/charts.py:2 gammon_elo.charts imports streamlit",
        "gammon_elo/games.py:1 gammon_elo.games imports ui.i18n",
    ]


def test_the_checker_finds_the_server_and_the_ui_crossing(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "server/__init__.py": "",
            "server/runs.py": "from ui.i18n import t\n",
            "ui/__init__.py": "",
            "ui/i18n.py": "def f():\n    import distributed\n",
            "ui/page.py": "from server import runs\n",
        },
    )
    assert forbidden_imports(root, "server") == ["server/runs.py:1 server.runs imports ui.i18n"]
    assert forbidden_imports(root, "ui") == ["ui/i18n.py:2 ui.i18n imports distributed"]


def test_the_layout_names_every_folder_of_code() -> None:
    """docs/layout.md says what each package and module folder holds: each is named there."""
    layout = (ROOT / "docs" / "layout.md").read_text(encoding="utf-8")
    skipped = {".git", "__pycache__", ".hypothesis", ".mypy_cache", ".ruff_cache", "node_modules"}
    folders = {
        path.parent.relative_to(ROOT)
        for path in ROOT.rglob("*.py")
        if not skipped.intersection(path.parts) and path.parent != ROOT
    }
    unnamed = sorted(
        str(f) for f in folders if not f.name.startswith(".") and f"{f.name}/" not in layout
    )
    assert not unnamed, f"folders docs/layout.md does not name: {unnamed}"
