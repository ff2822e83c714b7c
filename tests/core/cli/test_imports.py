"""A command imports only what its path needs: each runs in a fresh interpreter (the one-game
commands one after the other in one), as a user's shell starts it, and the modules it loaded are
read from ``sys.modules`` afterwards."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from gammon_elo.replay import SAMPLE_HISTORY

ROOT = Path(__file__).resolve().parents[3]

#: The optional parts and the big libraries a quick command must not pay for.
HEAVY = ("numpy", "pandas", "pyarrow", "numba", "llvmlite", "dask", "distributed", "streamlit")


def modules_after(*argv: str) -> set[str]:
    """Every module a fresh ``gammon-elo ARGV…`` has loaded when it ends (the command must
    succeed)."""
    script = (
        "import contextlib, io, json, sys\n"
        "from gammon_elo.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main({list(argv)!r})\n"
        "print(json.dumps([status, sorted(sys.modules)]))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    status, modules = json.loads(ran.stdout)
    assert status == 0, ran.stderr
    return set(modules)


def loaded_after(*argv: str) -> set[str]:
    """The top-level modules a fresh ``gammon-elo ARGV…`` has loaded when it ends."""
    return {module.split(".")[0] for module in modules_after(*argv)}


#: The one-game commands, one after the other in one fresh interpreter.
ONE_GAME = [
    ("change", "--winner", "1500", "--loser", "1600", "--cube", "4"),
    ("change", "--winner", "1500", "--loser", "1500", "--winner-games", "60", "--json"),
    ("explain", "--rating", "1500", "--opponent", "1600", "--change", "18"),
    ("classic", "--a", "1500", "--b", "1600", "--score", "1"),
]


def test_a_one_game_command_imports_no_heavy_library() -> None:
    """The modules loaded so far after each command: the first to load a heavy library is
    named (nothing a command imports is unloaded, so each command's own set is in its row)."""
    script = (
        "import contextlib, io, json, sys\n"
        "from gammon_elo.cli import main\n"
        "rows = []\n"
        f"for argv in {[list(argv) for argv in ONE_GAME]!r}:\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        status = main(argv)\n"
        "    rows.append([status, sorted({m.split('.')[0] for m in sys.modules})])\n"
        "print(json.dumps(rows))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    rows = json.loads(ran.stdout)
    assert len(rows) == len(ONE_GAME)
    for argv, (status, modules) in zip(ONE_GAME, rows, strict=True):
        loaded = set(modules)
        assert status == 0, (argv, ran.stderr)
        assert "gammon_elo" in loaded  # the command did run in that interpreter
        assert not loaded & set(HEAVY), f"{argv[0]} imported {sorted(loaded & set(HEAVY))}"


def test_a_small_replay_loads_neither_numba_nor_dask() -> None:
    # The sample history is far below the size from which compiled code replays a history.
    loaded = loaded_after("replay", SAMPLE_HISTORY)
    assert "pandas" in loaded
    assert not loaded & {"numba", "llvmlite", "dask", "distributed", "streamlit"}


def test_the_compiled_pass_loads_without_scipys_linear_algebra() -> None:
    # Numba loads SciPy's BLAS only to learn whether np.correlate may use it; the replay's
    # pass does no linear algebra. The sample is replayed in a fresh interpreter by the plain
    # pass, then forced through the compiled one, which must print the same.
    script = (
        "import contextlib, io, json, sys\n"
        "from gammon_elo.cli import main\n"
        "from gammon_elo.replay import engine\n"
        "outputs = []\n"
        "for compiled_from in (2**62, 0):\n"
        "    engine.COMPILED_FROM = compiled_from\n"
        "    with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"        assert main(['replay', {SAMPLE_HISTORY!r}, '--top', '100']) == 0\n"
        "    outputs.append(out.getvalue())\n"
        "assert engine.loaded(), 'the pass did not run'\n"
        "print(json.dumps([outputs[0] == outputs[1], 'numba' in sys.modules,"
        " 'scipy.linalg' in sys.modules]))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert ran.returncode == 0, ran.stderr
    same, numba_loaded, linalg_loaded = json.loads(ran.stdout)
    assert numba_loaded, "the compiled pass did not run"
    assert same, "the compiled pass and the plain pass disagree"
    assert not linalg_loaded


def test_the_calculators_use_of_the_replay_loads_no_numba() -> None:
    # The public calculator's tables import gammon_elo.replay (ui/grids.py); the compiled pass,
    # Numba and LLVM, is loaded only when a history large enough for it is replayed.
    script = (
        "import sys\n"
        "import gammon_elo.replay, ui.grids\n"
        "print(sorted({'numba', 'llvmlite'} & set(sys.modules)))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "[]"
