"""Rule sweeps on Dask: a LocalCluster sweep equals the same grid run serially, bit for bit; a
real ``dask scheduler`` with two ``dask worker`` processes on loopback runs the CLI's sweep,
loses a worker mid-sweep (killed by its PID) and still gives the same results; an unreachable
scheduler exits with status 2 within 10 s, one that accepts and stays silent within the
connect timeout, one that answers HTTP with a clear message; bad grids are refused naming the
field.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from gammon_elo import InvalidInput
from gammon_elo.calibrate import fit, score
from gammon_elo.cli import main
from gammon_elo.cli.sweep import json_rows
from gammon_elo.parallel import CONNECT_TIMEOUT, connect
from gammon_elo.replay import sample_history
from gammon_elo.sweep import MAX_TASKS, Grid, sweep

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = str(ROOT / "gammon_elo" / "data" / "sample_history.csv")
TINY = Grid(divisors=(800, 1200), ks=(16, 32), seeds=2, players=40, weeks=2)


def _main(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(list(argv))
    return status, out.getvalue()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_local_cluster_equals_serial_bit_for_bit() -> None:
    history = sample_history()
    seen: list[tuple[int, int]] = []
    parallel = sweep(TINY, history=history, workers=2, progress=lambda d, t: seen.append((d, t)))
    serial = sweep(TINY, history=history, serial=True)
    pd.testing.assert_frame_equal(parallel, serial, check_exact=True)
    total = TINY.tasks + len(TINY.rule_sets())  # and one replay per rule set
    assert [d for d, _ in seen] == list(range(1, total + 1))
    assert {t for _, t in seen} == {total}
    assert len(serial) == TINY.tasks
    assert serial[["divisor", "k", "seed"]].values.tolist()[:3] == [
        [800.0, 16, 0],
        [800.0, 16, 1],
        [800.0, 32, 0],
    ]


def test_a_task_depends_only_on_its_rule_set_and_seed() -> None:
    whole = sweep(TINY, serial=True)
    part = sweep(
        Grid(divisors=(1200,), ks=(32,), seeds=1, first_seed=1, players=40, weeks=2), serial=True
    )
    row = whole[(whole["divisor"] == 1200) & (whole["k"] == 32) & (whole["seed"] == 1)]
    pd.testing.assert_frame_equal(row.reset_index(drop=True), part, check_exact=True)


def _start(*argv: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        list(argv),
        cwd=ROOT,
        env=_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


#: The sweep the CLI runs on the cluster while one of its workers is killed.
FAULT_GRID = Grid(divisors=(600, 1200), ks=(16, 32), seeds=2, players=300, weeks=3)


def _start_cluster(port: int, started: list[subprocess.Popen[bytes]]) -> None:
    """A scheduler on loopback and two workers without a nanny (a killed one stays dead), each
    appended to ``started`` as it starts, for the caller to stop."""
    dask = str(Path(sys.executable).with_name("dask"))
    started.append(
        _start(dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard")
    )
    worker = ("--no-nanny", "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard")
    for _ in range(2):
        started.append(_start(dask, "worker", f"tcp://127.0.0.1:{port}", *worker))


def _monitor(address: str) -> Any:
    """A client of the scheduler once it answers (within a minute), with both workers in."""
    from distributed import Client

    deadline = time.monotonic() + 60
    while True:
        try:
            monitor = Client(address, timeout="2s")
            break
        except OSError:
            assert time.monotonic() < deadline, "the scheduler did not start"
    monitor.wait_for_workers(2, timeout=60)
    return monitor


def _sweep_process(address: str) -> subprocess.Popen[str]:
    """``python -m gammon_elo sweep`` of :data:`FAULT_GRID` on the cluster, as JSON."""
    grid = FAULT_GRID
    argv = ["--divisors", *(f"{d:g}" for d in grid.divisors), "--k", *map(str, grid.ks)]
    argv += ["--seeds", str(grid.seeds), "--players", str(grid.players)]
    argv += ["--weeks", str(grid.weeks), "--json", "--scheduler", address]
    return subprocess.Popen(
        [sys.executable, "-m", "gammon_elo", "sweep", *argv],
        cwd=ROOT,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _kill_a_busy_worker(
    monitor: Any, pid_of: dict[str, int], cli: subprocess.Popen[str]
) -> int | None:
    """Kills the first worker seen running a task while the sweep runs (within a minute): its
    process id, or None if none was ever seen busy."""
    deadline = time.monotonic() + 60
    while cli.poll() is None and time.monotonic() < deadline:
        for worker, tasks in monitor.processing().items():
            pid = pid_of.get(worker)
            if tasks and pid is not None:
                os.kill(pid, signal.SIGKILL)
                return pid
        time.sleep(0.05)
    return None


def test_sweep_on_a_real_cluster_survives_a_killed_worker() -> None:
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    started: list[subprocess.Popen[bytes]] = []
    monitor = None
    cli = None
    try:
        _start_cluster(port, started)
        monitor = _monitor(address)
        pid_of = monitor.run(os.getpid)  # worker address → its process id
        assert set(pid_of.values()) == {p.pid for p in started[1:]}
        cli = _sweep_process(address)
        killed = _kill_a_busy_worker(monitor, pid_of, cli)
        assert killed is not None, "no task ever ran on a worker"
        out, err = cli.communicate(timeout=120)
        assert cli.returncode == 0, err
        assert next(p for p in started if p.pid == killed).wait(timeout=10) != 0
        # The fit of the calibration goes to the same cluster (one worker left) the same way.
        status, fit_out = _main(
            "calibrate", SAMPLE, "--rules", "1.3.1", "--fit", "divisor", "--scheduler", address,
            "--json",
        )  # fmt: skip
        assert status == 0
    finally:
        if cli is not None and cli.poll() is None:
            os.kill(cli.pid, signal.SIGKILL)
            cli.wait(timeout=10)
        if monitor is not None:
            monitor.close()
        for process in reversed(started):
            _stop(process)
    with_fault = json.loads(out)
    serial = sweep(FAULT_GRID, serial=True)
    assert len(with_fault) == len(serial) == 8
    assert with_fault == json.loads(json.dumps(json_rows(serial)))
    fitted = json.loads(fit_out)
    expected_fit = fit(sample_history(), base="1.3.1", serial=True)
    assert (fitted["fit"]["divisor"], fitted["fit"]["k"]) == (expected_fit.divisor, 32)
    assert fitted["fit"]["log_loss"] == expected_fit.log_loss
    assert fitted["rule_sets"]["1.3.1"]["log_loss"] == score(sample_history(), "1.3.1").log_loss


def test_unreachable_scheduler_exits_2_well_before_dasks_own_timeout() -> None:
    """The command gives up after its own connect deadline (3 s), not Dask's 30 s: the bound
    leaves room for the interpreter's start and Dask's imports, which a busy machine slows."""
    address = f"tcp://127.0.0.1:{_free_port()}"
    began = time.monotonic()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "gammon_elo",
            "sweep",
            "--divisors",
            "800",
            "--k",
            "32",
            "--players",
            "40",
            "--weeks",
            "1",
            "--scheduler",
            address,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    elapsed = time.monotonic() - began
    assert result.returncode == 2
    assert "scheduler" in result.stderr and address in result.stderr
    assert "Traceback" not in result.stderr
    assert elapsed < 25, elapsed


class _Listener:
    """A loopback TCP server that accepts every connection and, per ``reply``, stays silent
    (None) or answers each with those bytes (an HTTP server's reply, say); it records them."""

    def __init__(self, reply: bytes | None) -> None:
        self.reply = reply
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.1)
        self.address = f"tcp://127.0.0.1:{self.server.getsockname()[1]}"
        self.connections: list[socket.socket] = []
        #: When each connection was accepted (time.monotonic()).
        self.accepted: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            with contextlib.suppress(TimeoutError):
                connection = self.server.accept()[0]
                self.accepted.append(time.monotonic())
                self.connections.append(connection)
                if self.reply is not None:
                    connection.sendall(self.reply)

    def __enter__(self) -> _Listener:
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        for connection in self.connections:
            connection.close()
        self.server.close()


HTTP_REPLY = b"HTTP/1.1 400 Bad Request\r\nContent-Length: 11\r\n\r\nBad Request" * 4


def _sweep_cli(address: str) -> tuple[subprocess.CompletedProcess[str], float]:
    argv = ["--divisors", "800", "--k", "32", "--players", "40", "--weeks", "1"]
    began = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "gammon_elo", "sweep", *argv, "--scheduler", address],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    return result, time.monotonic() - began


def test_a_silent_scheduler_is_given_up_within_the_stated_time() -> None:
    with _Listener(reply=None) as silent:
        began = time.monotonic()
        with pytest.raises(InvalidInput, match=r"did not complete Dask's handshake within 1\.5 s"):
            connect(silent.address, timeout=1.5)
        assert 1.5 - 0.1 < time.monotonic() - began < 1.5 + 0.5
        assert len(silent.connections) == 1
        # Our end of the connection is closed, not left open with a thread waiting on it.
        silent.connections[0].settimeout(5)
        while silent.connections[0].recv(65536):
            pass
        result, _ = _sweep_cli(silent.address)
        ended = time.monotonic()
    assert result.returncode == 2
    assert f"within {CONNECT_TIMEOUT} s" in result.stderr and silent.address in result.stderr
    assert "Traceback" not in result.stderr
    # From the command's connection to its exit: the deadline, then the interpreter's exit (its
    # start, however slow on a loaded machine, comes before the connection).
    assert len(silent.accepted) == 2
    assert ended - silent.accepted[1] < CONNECT_TIMEOUT + 3, ended - silent.accepted[1]


def test_a_server_that_answers_garbage_is_reported_as_not_dask() -> None:
    with _Listener(reply=HTTP_REPLY) as http:
        with pytest.raises(InvalidInput, match=r"does not answer as a Dask scheduler"):
            connect(http.address, timeout=2)
        result, _ = _sweep_cli(http.address)
        assert len(http.connections) == 2
    assert result.returncode == 2
    assert result.stderr.startswith("error: scheduler does not answer as a Dask scheduler")
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["--divisors", "800", "0", "--k", "32"], "divisors"),
        (["--divisors", "800", "800", "--k", "32"], "divisors"),
        (["--divisors", "800", "--k", "0"], "k"),
        (["--divisors", "800", "--k", "32", "--heavy-k", "16"], "heavy_games"),
        (["--divisors", "800", "--k", "32", "--seeds", "0"], "seeds"),
        (["--divisors", "800", "--k", "32", "--players", "1"], "players"),
        (["--divisors", "800", "--k", "32", "--seeds", str(MAX_TASKS + 1)], "grid"),
        (["--divisors", "800", "--k", "32", "--scheduler", "localhost:8786"], "scheduler"),
        (["--divisors", "800", "--k", "32", "--out", "table.xlsx"], "out"),
    ],
)
def test_bad_grids_are_refused_naming_the_field(
    argv: list[str], field: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sweep", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {field} ")


def test_grid_of_too_many_tasks_names_the_grid() -> None:
    divisors = tuple(range(100, 10_200, 100))  # 101 divisors × 100 K = 10,100 rule sets
    with pytest.raises(ValueError, match=r"^grid must have at most 10,000 tasks"):
        Grid(divisors=divisors, ks=tuple(range(1, 101)))
