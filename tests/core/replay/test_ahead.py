"""The one-pass kernel built ahead of time (:mod:`gammon_elo.replay.ahead`): named after its
source, kept in the cache folder, loaded from there; where it cannot be built, None (and the
replay takes Numba's kernel), a failed build noted and not tried again. Its numbers are checked
beside the other paths' in ``test_compiled`` (the ``compiled`` path)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from gammon_elo.replay import ahead


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder (through NUMBA_CACHE_DIR, as a user would set it), this process's
    record of modules built and loaded put back afterwards."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(ahead, "_built", [])
    monkeypatch.setattr(ahead, "_loaded", {})
    return tmp_path / "gammon_elo"


def test_the_module_is_kept_under_numba_cache_dir_and_named_after_its_source(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = Path(ahead.kernel_path())
    assert path.parent == folder
    assert path.name.startswith("gammon_elo_onepass_")
    edited = tmp_path / "compiled.py"
    edited.write_bytes(Path(ahead._SOURCE).read_bytes() + b"\n# an edit\n")
    monkeypatch.setattr(ahead, "_SOURCE", str(edited))
    assert Path(ahead.kernel_path()).name != path.name  # an edited kernel is built afresh


def test_without_a_compiler_there_is_no_module_and_nothing_is_tried(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ahead.shutil, "which", lambda _name: None)
    tried: list[Any] = []
    monkeypatch.setattr(ahead.subprocess, "run", lambda *a, **k: tried.append(a))
    assert not ahead.can_build()
    assert ahead.load_kernel() is None
    assert tried == []


def test_a_failed_build_is_noted_and_not_tried_again(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tried: list[Any] = []

    def failing(command: list[str], **_options: Any) -> subprocess.CompletedProcess[str]:
        tried.append(command)
        return subprocess.CompletedProcess(command, 1, "", "no linker here\n")

    monkeypatch.setattr(ahead, "can_build", lambda: True)
    monkeypatch.setattr(ahead.subprocess, "run", failing)
    assert ahead.load_kernel() is None
    assert ahead.load_kernel() is None
    assert len(tried) == 1
    note = Path(ahead.kernel_path() + ".failed")
    assert "no linker here" in note.read_text(encoding="utf-8")
    note.unlink()  # deleting the note retries
    assert ahead.load_kernel() is None
    assert len(tried) == 2


def test_the_built_module_is_loaded_from_the_folder_and_runs_the_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The package's own cache folder, where the suite's compiled-path tests keep it.
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    kernel = ahead.load_kernel()
    if not (ahead.can_build() or Path(ahead.kernel_path()).exists()):
        assert kernel is None  # no compiler here: the replay takes Numba's kernel
        return
    assert kernel is not None
    assert Path(ahead.kernel_path()).exists()
    # Two ranked games between players 0 and 1 at equal times, the tables two entries each side
    # around d = 0 (+1 to the winner, -1 to the loser, whatever the K): the ratings move by
    # them, the week counts follow, the befores are written (d, loser's − winner's: 0, then 2).
    width, reach = 5, 2
    table_winner = np.ones(2 * 7 * width, dtype=np.int64)
    table_loser = -table_winner
    state = np.zeros((2, 12), dtype=np.int64)
    state[:, 10] = -1  # no last row yet
    out = np.zeros((6, 2), dtype=np.int64)
    ints = np.zeros(2, dtype=np.int64)
    players = np.array([0, 1], dtype=np.int64)
    codes = np.zeros(2, dtype=np.int8)
    done = kernel(
        0, False, ints, players, players[::-1].copy(), codes, codes, ints, reach, width, 50,
        10, -(2**63), table_winner, table_loser, state, np.zeros(4, dtype=np.int64), out,
    )  # fmt: skip
    assert done == 2
    assert state[:, 0].tolist() == [0, 0]  # +1 -1, then -1 +1
    assert out[2].tolist() == [1, 1] and out[3].tolist() == [-1, -1]
    assert out[4].tolist() == [0, 1]
    assert out[0].tolist() == [0, -1] and out[1].tolist() == [0, 1]


def test_a_new_build_removes_the_modules_of_earlier_kernels(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder.mkdir(parents=True)
    older = folder / ("gammon_elo_onepass_0123456789abcdef" + Path(ahead.kernel_path()).suffix)
    older.write_bytes(b"an earlier kernel")
    other = folder / "notes.txt"
    other.write_text("not ours", encoding="utf-8")

    def building(command: list[str], **_options: Any) -> subprocess.CompletedProcess[str]:
        Path(ahead.kernel_path()).write_bytes(b"not a loadable module")
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(ahead, "can_build", lambda: True)
    monkeypatch.setattr(ahead.subprocess, "run", building)
    assert ahead.load_kernel() is None  # built, but this one cannot be loaded
    assert Path(ahead.kernel_path()).exists()
    assert not older.exists()
    assert other.exists()
