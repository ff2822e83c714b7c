"""The package installs what it runs: ``pip install .`` in a fresh virtual environment (no site
packages; the declared dependencies resolved by pip, pinned by requirements.txt as a constraint
file), then the console script as a user runs it. Without an extra, each command that needs
one prints one line naming it and exits 2, never a traceback; the commands without extras work,
the compiled replay falls back to the plain pass. The extras' metadata is checked against the pins.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
OPTIONAL = ("pyarrow", "numba", "llvmlite", "dask", "distributed", "streamlit", "altair", "bgsage")


def pins(*files: str) -> dict[str, str]:
    """The pins of requirements files (the calculator's by default), name → version; a file's
    ``-r`` line is left to the caller."""
    found = {}
    lines = [
        line
        for name in files or ("requirements.txt",)
        for line in (ROOT / name).read_text(encoding="utf-8").splitlines()
    ]
    for line in lines:
        line = line.split("#")[0].strip()
        if line and not line.startswith("-r"):
            requirement = Requirement(line)
            (version,) = [s.version for s in requirement.specifier]
            found[requirement.name.lower()] = version
    return found


def source_version() -> str:
    """``__version__`` as gammon_elo/__init__.py writes it (read, not imported)."""
    tree = ast.parse((ROOT / "gammon_elo" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == [
            "__version__"
        ]:
            assert isinstance(node.value, ast.Constant)
            return str(node.value.value)
    raise AssertionError("gammon_elo/__init__.py sets no __version__")


@dataclass(frozen=True)
class Fresh:
    """A fresh virtual environment with the package installed, and a folder to work in."""

    bin: Path
    work: Path

    def run(self, *argv: str) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        env["PYTHONNOUSERSITE"] = "1"
        program = str(self.bin / argv[0])
        return subprocess.run(
            [program, *argv[1:]],
            cwd=self.work,  # not the repository: only the installed package can be imported
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Fresh:
    base = tmp_path_factory.mktemp("fresh")
    # The project's files as a clone has them, built outside the work tree (no build/ left).
    source = base / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "gammon_elo", source / "gammon_elo", ignore=ignore)
    venv = base / "venv"
    # No pip inside (this one installs into it, a few seconds sooner), no site packages.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    constraints = str(ROOT / "requirements.txt")
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            python,
            "install",
            "-q",
            source,
            "-c",
            constraints,
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    work = base / "work"
    work.mkdir()
    return Fresh(venv / "bin", work)


def assert_needs_extra(done: subprocess.CompletedProcess[str], what: str, extra: str) -> None:
    assert done.returncode == 2, done.stderr
    line = f"error: {what} needs the '{extra}' extra: pip install 'gammon-elo[{extra}]'\n"
    assert done.stderr == line
    assert done.stdout == ""


def test_the_fresh_install_has_the_dependencies_and_none_of_the_extras(fresh: Fresh) -> None:
    done = fresh.run(
        "python",
        "-c",
        "import importlib.metadata as m, importlib.util as u, gammon_elo, numpy, pandas;"
        f"print(gammon_elo.__file__); print([n for n in {OPTIONAL!r} if u.find_spec(n)]);"
        "print(numpy.__version__, pandas.__version__, m.version('gammon-elo'));"
        "print(sorted(m.metadata('gammon-elo').get_all('Provides-Extra')))",
    )
    assert done.returncode == 0, done.stderr
    where, extras, versions, provided = done.stdout.splitlines()
    # What pip reads for `pip install '.[NAME]'`: the installed metadata offers each extra.
    assert provided == "['all', 'app', 'compiled', 'dask', 'engine', 'lab', 'parquet']"
    assert Path(where).is_relative_to(fresh.bin.parent)  # the installed copy, not the source
    assert extras == "[]"
    pinned = pins()
    assert versions.split() == [pinned["numpy"], pinned["pandas"], source_version()]
    # The package data came along: the sample history is installed beside the code.
    assert (Path(where).parent / "data" / "sample_history.csv").is_file()


def test_the_console_script_prints_its_version(fresh: Fresh) -> None:
    done = fresh.run("gammon-elo", "--version")
    assert (done.returncode, done.stdout) == (0, f"gammon-elo {source_version()}\n")


def test_a_command_without_extras_works(fresh: Fresh) -> None:
    done = fresh.run(
        "gammon-elo", "change", "--winner", "1500", "--loser", "1500", "--winner-games", "60"
    )
    assert done.returncode == 0, done.stderr
    # HAND: E = 0.5; the winner's K is 16 (60 games ≥ 50): 16 × 0.5 = +8; the loser's 32: −16.
    assert "1500 → 1508  (+8)" in done.stdout and "1500 → 1484  (-16)" in done.stdout
    usage = fresh.run("gammon-elo", "change")
    assert usage.returncode == 2 and usage.stderr.startswith("usage: gammon-elo change ")


def test_a_sweep_without_dask_names_the_extra(fresh: Fresh) -> None:
    done = fresh.run("gammon-elo", "sweep", "--divisors", "800", "--k", "32")
    assert_needs_extra(done, "gammon-elo sweep", "dask")


def test_a_fit_without_dask_names_the_extra(fresh: Fresh) -> None:
    sample = fresh.work / "sample.csv"
    shutil.copy(ROOT / "gammon_elo" / "data" / "sample_history.csv", sample)
    done = fresh.run("gammon-elo", "calibrate", str(sample), "--fit", "divisor")
    assert_needs_extra(done, "gammon-elo calibrate --fit", "dask")
    # Called from Python, fit() raises the same one-line error (an InvalidInput).
    done = fresh.run(
        "python",
        "-c",
        "import gammon_elo as g; from gammon_elo.calibrate import fit\n"
        "try: fit(g.sample_history())\nexcept g.InvalidInput as e: print(e)",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "a sweep or fit on Dask (serial=True needs none) needs the 'dask' extra:"
        " pip install 'gammon-elo[dask]'\n"
    )


def test_parquet_without_pyarrow_names_the_extra(fresh: Fresh) -> None:
    history = fresh.work / "x.parquet"
    pd.read_csv(ROOT / "gammon_elo" / "data" / "sample_history.csv").to_parquet(history)
    assert_needs_extra(
        fresh.run("gammon-elo", "replay", str(history)), "gammon-elo replay", "parquet"
    )
    out = fresh.work / "rated.parquet"
    sample = ROOT / "gammon_elo" / "data" / "sample_history.csv"
    done = fresh.run("gammon-elo", "replay", str(sample), "--out", str(out))
    assert_needs_extra(done, "gammon-elo replay --out FILE.parquet", "parquet")
    assert not out.exists()


def test_a_csv_replay_works_and_the_compiled_path_falls_back_to_the_plain_pass(
    fresh: Fresh,
) -> None:
    sample = ROOT / "gammon_elo" / "data" / "sample_history.csv"
    done = fresh.run("gammon-elo", "replay", str(sample), "--out", str(fresh.work / "rated.csv"))
    assert done.returncode == 0, done.stderr
    assert "346 rows read, 346 replayed, 0 rejected; 12 players" in done.stdout
    # A history large enough for compiled code is replayed by the plain pass without Numba.
    check = (
        "from gammon_elo.replay.engine import COMPILED_FROM as n, use_compiled as u; print(u(n))"
    )
    done = fresh.run("python", "-c", check)
    assert (done.returncode, done.stdout) == (0, "False\n"), done.stderr


def test_rating_systems_are_compared_without_any_extra(fresh: Fresh) -> None:
    # Glicko-2 and Weng-Lin are the package's own: no extra, the plain passes without Numba.
    sample = ROOT / "gammon_elo" / "data" / "sample_history.csv"
    done = fresh.run(
        "gammon-elo", "systems", str(sample), "--systems", "1.3.1", "glicko2", "weng-lin:beta=1x|2x"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{sample}: 158 games scored")


def test_the_extras_cover_the_pins_and_all_gives_everything() -> None:
    project = PYPROJECT["project"]
    assert "version" in project["dynamic"]
    required = [Requirement(r) for r in project["dependencies"]]
    extras = {
        name: [Requirement(r) for r in rs] for name, rs in project["optional-dependencies"].items()
    }
    assert sorted(extras) == ["all", "app", "compiled", "dask", "engine", "lab", "parquet"]
    assert {r.name for r in required} == {"numpy", "pandas"}
    named = {name: {r.name.lower() for r in rs} for name, rs in extras.items()}
    assert named["parquet"] == {"pyarrow"}
    assert named["compiled"] == {"numba", "llvmlite"}
    assert named["dask"] == {"dask", "distributed"}
    assert named["engine"] == {"bgsage"}
    # The calculator's extra is what requirements.txt pins beyond the package's own needs.
    calculator = pins()
    assert named["app"] | {"numpy", "pandas"} == set(calculator)
    # The lab's: the calculator's, every other extra's, and the sign-in's Authlib.
    others = set().union(*(names for name, names in named.items() if name not in ("all", "lab")))
    assert named["lab"] == others | {"authlib"}
    assert [str(r) for r in extras["all"]] == ["gammon-elo[lab]"]
    # Everything the two requirements files pin is declared, and every pin is within its range.
    pinned = pins("requirements.txt", "requirements-lab.txt")
    declared = required + [r for name, rs in extras.items() if name != "all" for r in rs]
    assert {r.name.lower() for r in declared} == set(pinned)
    for requirement in declared:
        assert requirement.specifier.contains(pinned[requirement.name.lower()]), requirement
