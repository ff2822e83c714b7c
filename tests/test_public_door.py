"""The public calculator's promise, read from the source with ``ast`` (nothing here imports the
modules it checks), in the style of test_structure.py and with its readers of the source.

The public calculator loads nothing of the lab: no module it runs on import (``app.py`` and
``doors/calculator.py``, the pages of ``pages/`` outside ``pages/lab/``, ``ui``'s modules outside
``ui/lab/``, and every project module those import on import, in turn) imports ``ui.lab``,
``pages.lab`` or the lab's requirements (Dask, Numba, the engine) when it is imported. What runs
on import is the module's body, ``if``, ``try``, ``with`` and class bodies included, but not a
function's body (``ui.navigation.route`` imports ``ui.lab.access`` when it opens the lab's door,
which the calculator never does) nor an ``if TYPE_CHECKING:`` block. Nothing here can see a
module named by a string (``gammon_elo.extras.require("distributed")``):
tests/browser/test_public_process.py reads the running server's modules for that. The checker
itself is tested on a small tree.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from test_structure import ROOT, Module, inside, project, resolve, tree

#: What the public calculator's modules never import on import: the lab's UI and pages, and the
#: lab's own requirements (requirements-lab.txt) by their import names.
LAB_ONLY = ("ui.lab", "pages.lab", "distributed", "dask", "numba", "llvmlite", "bgsage")


def on_import(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements a module's ``body`` runs when it is imported: at any depth of
    ``if``/``try``/``with``/loop/class blocks, not in a function (nor a lambda: expressions hold
    no statements), not under ``if TYPE_CHECKING:`` (its ``else`` does run)."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        elif isinstance(node, ast.If) and type_checking(node.test):
            yield from on_import(node.orelse)
        else:
            for name in ("body", "orelse", "finalbody"):
                yield from on_import(getattr(node, name, []))
            for block in (*getattr(node, "handlers", ()), *getattr(node, "cases", ())):
                yield from on_import(block.body)


def type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING``."""
    name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", None)
    return name == "TYPE_CHECKING"


def imported_on_import(module: Module) -> Iterator[tuple[int, str]]:
    """(line, absolute name) of each module or name ``module`` imports on import; ``from p
    import m`` gives ``p.m`` (a module or a name of ``p``: both are checked against LAB_ONLY)."""
    for node in on_import(module.tree.body):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        else:
            base = resolve(module, node)
            yield node.lineno, base
            yield from ((node.lineno, f"{base}.{alias.name}") for alias in node.names)


def public_door_violations(root: Path) -> list[str]:
    """One line per import of the lab on import, by a module the public calculator runs."""
    known = project(root)
    lab = ("ui.lab", "pages.lab")
    todo = [
        name
        for name in known
        if name in ("app", "doors.calculator")
        or (name.startswith("pages.") and name.count(".") == 1)
        or (inside(name, "ui") and not inside(name, "ui.lab"))
    ]
    seen: set[str] = set()
    lines = []
    while todo:
        name = todo.pop()
        if name in seen or any(inside(name, door) for door in lab):
            continue
        seen.add(name)
        module = known[name]
        flagged: set[int] = set()  # one line per statement: `from dask import delayed`
        for line, target in imported_on_import(module):
            if line not in flagged and any(inside(target, banned) for banned in LAB_ONLY):
                flagged.add(line)
                lines.append(f"{module.path.relative_to(root)}:{line} {name} imports {target}")
            # The imported module runs, and each package above it (its __init__) first.
            parts = target.split(".")
            steps = (".".join(parts[:i]) for i in range(1, len(parts) + 1))
            todo += [step for step in steps if step in known]
    return sorted(set(lines))


# The project itself.


def test_the_public_calculator_imports_nothing_of_the_lab_on_import() -> None:
    violations = public_door_violations(ROOT)
    assert not violations, "\n".join(violations)


# The checker, on a small tree made for it.


def test_the_checker_finds_the_lab_on_the_public_door(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "app.py": "from ui import frame\n",
            "ui/__init__.py": "",
            "ui/navigation.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from .lab import kept\nelse:\n    import numba\n"
                "def route():\n    from .lab import access\n"
            ),
            "ui/cached.py": "try:\n    from . import lab\nexcept ImportError:\n    pass\n",
            "ui/lab/__init__.py": "import distributed\n",
            "ui/lab/access.py": "import dask\n",
            "pages/home.py": "from gammon_elo import sweep\nclass A:\n    import llvmlite.ir\n",
            "pages/lab/history.py": "import bgsage\n",
            "gammon_elo/__init__.py": "",
            "gammon_elo/sweep/__init__.py": "from .run import go\n",
            "gammon_elo/sweep/run.py": (
                "def go():\n    import distributed\nfrom dask import delayed\n"
            ),
            "gammon_elo/league.py": "import bgsage\n",
        },
    )
    assert public_door_violations(root) == [
        "gammon_elo/sweep/run.py:3 gammon_elo.sweep.run imports dask",
        "pages/home.py:3 pages.home imports llvmlite.ir",
        "ui/cached.py:2 ui.cached imports ui.lab",
        "ui/navigation.py:5 ui.navigation imports numba",
    ]
