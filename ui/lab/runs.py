"""The one Dask cluster of this server process, and the queue in front of every lab run.

Sweeps, fits and live leagues of every reader run on :func:`runner`'s cluster: one per server
process, started at the first run and kept. Its cluster is the one :mod:`ui.settings` names and
nothing else: the scheduler the operator configured (the connection and Dask's handshake given
up after ``handshake_timeout``), or, when none is, a scheduler in this process with ``workers``
single-threaded worker processes of its own, every socket of theirs on loopback. Those are
started as ``dask worker`` commands, not by ``multiprocessing``: a spawned child re-runs the
parent's ``__main__``, which under Streamlit is the page script, so every worker would run the
app at start. Simulations run in the server's own process, but through the same queue.

:meth:`Runner.slot` prices a run before anything else (:mod:`ui.lab.cost`: at most
``run_games`` games, ``tasks_per_run`` tasks), then admits ``concurrent_runs`` runs at once, in
order of arrival, with at most ``queue_length`` waiting and at most ``runs_per_reader`` per
reader (:func:`ui.lab.access.reader_id`: a designer, whatever their tabs); a waiting reader is
told how many runs are ahead. A reader who leaves (Streamlit stops or reruns the script by
raising inside it, in a progress callback) gives the slot back in a ``finally``; the engine
cancels the run's tasks, and a simulation ends at the end of its week, its result dropped.
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import logging
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

from gammon_elo import InvalidInput
from gammon_elo.parallel import connect

from .. import settings as server_settings
from ..i18n import number, t
from ..memory import return_memory
from ..params import Where
from .cost import ENGINE_GAME, Cost

__all__ = ["RunRefusedError", "Runner", "in_process", "runner", "waiting_note"]

_log = logging.getLogger(__name__)
T = TypeVar("T")
_ROOT = Path(__file__).resolve().parents[1]
#: Seconds the embedded cluster's workers have to join its scheduler, and to end once it closes.
_WORKERS_START = 60.0
_WORKERS_STOP = 5.0


class RunRefusedError(Exception):
    """A run the server will not take now; ``str()`` is the reader's message."""


class _Workers:
    """The embedded cluster: a scheduler in this process, ``count`` worker commands."""

    def __init__(self, count: int) -> None:
        import distributed

        self.count = count
        self.cluster: Any = cast(Any, distributed.LocalCluster)(
            n_workers=0,
            processes=False,
            protocol="tcp://",  # not in-process: the workers are processes of their own
            host="127.0.0.1",
            scheduler_port=0,
            # The scheduler's HTTP server (health, metrics) starts whatever this says: on
            # loopback, on a free port, rather than Dask's default of port 8787.
            dashboard_address="127.0.0.1:0",
            silence_logs=logging.CRITICAL,
        )
        self.processes: list[subprocess.Popen[bytes]] = []
        self.client: Any = cast(Any, distributed.Client)(self.cluster, set_as_default=False)
        self.revive()

    def revive(self) -> None:
        """Start a worker for every one missing (at start, or one that died), and wait for
        them to join."""
        self.processes = [p for p in self.processes if p.poll() is None]
        address = self.cluster.scheduler_address
        path = os.pathsep.join(filter(None, [str(_ROOT), os.environ.get("PYTHONPATH")]))
        env = {**os.environ, "PYTHONPATH": path, "DASK_LOGGING__DISTRIBUTED": "warning"}
        # Without the statistical profiler, as the embedded cluster's workers (WORKER_CONFIG).
        env["DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED"] = "False"
        command = [sys.executable, "-m", "distributed.cli.dask_worker", address]
        # No Nanny: it would start the worker with the MALLOC_TRIM_THRESHOLD_ that makes a
        # task fault its arrays' pages in again (gammon_elo.parallel.WORKER_CONFIG says why);
        # without it the worker allocates as this server does, under glibc's defaults.
        command += ["--no-nanny", "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard"]
        # A worker serves HTTP (health, metrics) even without its dashboard, by default on
        # every interface: on loopback here, as everything else of this cluster.
        command += ["--dashboard-address", "127.0.0.1:0"]
        command += ["--death-timeout", "30"]  # an orphan (server killed) ends by itself
        while len(self.processes) < self.count:
            self.processes.append(subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL))
        self.client.wait_for_workers(self.count, timeout=_WORKERS_START)

    def close(self) -> None:
        """Close the scheduler, which tells each worker to close; a worker that has not ended
        by itself within :data:`_WORKERS_STOP` seconds is ended by its PID.

        Not terminated at once: a worker signalled while still closing did not end promptly,
        and had to be killed anyway."""
        self.client.close()
        self.cluster.close()
        deadline = time.monotonic() + _WORKERS_STOP
        for process in self.processes:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=max(0.0, deadline - time.monotonic()))
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


class Runner:
    """The cluster and the queue of one server process (see the module's docstring)."""

    def __init__(self, config: server_settings.Settings) -> None:
        self.settings = config
        self._changed = threading.Condition()
        self._queue: collections.deque[object] = collections.deque()
        self._readers: collections.Counter[str] = collections.Counter()
        self.running = 0
        #: The most runs ever running at once (the tests read it).
        self.peak = 0
        self._start = threading.Lock()
        self._workers: _Workers | None = None
        self._client: Any = None

    def caption(self) -> str:
        """Where the runs go, for any reader: never the configured address itself."""
        runs = self.settings.concurrent_runs
        if self.settings.scheduler is not None:
            return t("designer.cluster_configured", runs=runs)
        return t("designer.cluster_local", workers=self.settings.workers, runs=runs)

    def client(self) -> Any:
        """The cluster's client, started or connected at the first call and kept."""
        with self._start:
            if self.settings.scheduler is None:
                if self._workers is None:
                    self._workers = _Workers(self.settings.workers)
                else:
                    self._workers.revive()
                return self._workers.client
            if self._client is None or self._client.status in ("closing", "closed"):
                self._client = self._connect(self.settings.scheduler)
            return self._client

    def _connect(self, address: str) -> Any:
        timeout = self.settings.handshake_timeout
        try:
            return connect(address, timeout=timeout)
        except InvalidInput as error:
            _log.error("the configured Dask scheduler (GAMMON_ELO_SCHEDULER): %s", error)
            raise RunRefusedError(
                t("designer.cluster_unavailable", seconds=number(timeout, 1))
            ) from None

    def refusal(self, cost: Cost) -> str | None:
        """Why a run of this price is refused whatever the queue holds, or None."""
        limits = self.settings
        if cost.tasks > limits.tasks_per_run:
            return t("designer.queue_too_many", tasks=cost.tasks, limit=limits.tasks_per_run)
        if cost.games > limits.run_games:
            smaller = t(f"designer.smaller_{cost.kind}", weight=ENGINE_GAME)
            text = t("designer.run_too_costly", games=cost.games, limit=limits.run_games)
            return f"{text} {smaller}"
        return None

    @contextlib.contextmanager
    def slot(
        self,
        reader: str,
        cost: Cost,
        waiting: Callable[[int], object] = lambda ahead: None,
        *,
        cluster: bool = True,
    ) -> Iterator[Any]:
        """A place in the queue for ``reader``'s run of ``cost``, then the client to run it on
        (None without ``cluster``: a run in this process). Refused up front, before any work or
        wait, over a limit; ``waiting(ahead)`` is called while others are ahead (and may raise
        to leave)."""
        refused = self.refusal(cost)
        if refused is not None:
            raise RunRefusedError(refused)
        limits = self.settings
        ticket = object()
        with self._changed:
            if self._readers[reader] >= limits.runs_per_reader:
                raise RunRefusedError(t("designer.queue_reader", limit=limits.runs_per_reader))
            if len(self._queue) >= limits.queue_length:
                raise RunRefusedError(t("designer.queue_full", limit=limits.queue_length))
            self._readers[reader] += 1
            self._queue.append(ticket)
        started = False
        try:
            self._wait_turn(ticket, waiting)
            started = True
            yield self.client() if cluster else None
        finally:
            with self._changed:
                if started:
                    self.running -= 1
                else:
                    self._queue.remove(ticket)
                self._readers[reader] -= 1
                if not self._readers[reader]:
                    del self._readers[reader]
                self._changed.notify_all()

    def _wait_turn(self, ticket: object, waiting: Callable[[int], object]) -> None:
        """Until ``ticket`` is first and a run may start; ``waiting`` called at once and then
        every half second or so, so that a reader who left is noticed while still queued."""
        while True:
            with self._changed:
                if self._queue[0] is ticket and self.running < self.settings.concurrent_runs:
                    self._queue.popleft()
                    self.running += 1
                    self.peak = max(self.peak, self.running)
                    self._changed.notify_all()
                    return
                ahead = self.running + self._queue.index(ticket)
            waiting(ahead)  # outside the lock: Streamlit may raise here to stop the script
            with self._changed:
                self._changed.wait(0.5)

    def close(self) -> None:
        with self._start:
            if self._workers is not None:
                self._workers.close()
                self._workers = None
            if self._client is not None:
                self._client.close()
                self._client = None


_runners: dict[server_settings.Settings, Runner] = {}
_runners_lock = threading.Lock()


def runner() -> Runner:
    """This server process's runner, for its settings (:func:`ui.settings.current`)."""
    config = server_settings.current()
    with _runners_lock:
        if config not in _runners:
            _runners[config] = Runner(config)
        return _runners[config]


@atexit.register
def _close_all() -> None:
    with _runners_lock:
        for each in _runners.values():
            each.close()
        _runners.clear()


def waiting_note(note: Where) -> Callable[[int], object]:
    """What a reader sees in ``note`` while other runs are ahead of theirs."""

    def show(ahead: int) -> object:
        if ahead == 1:
            return note.info(t("designer.queue_waiting_one"), icon=":material/hourglass_top:")
        text = t("designer.queue_waiting", ahead=ahead)
        return note.info(text, icon=":material/hourglass_top:")

    return show


def in_process(work: Callable[[], T]) -> T:
    """``work()`` in this process (a simulation, in the slot it holds), its memory given back to
    the system once it ends, whether it finished or its reader left.

    Streamlit ends the script of a reader who left by raising inside it (an exception that is
    not an ``Exception``): its traceback would keep every frame of the run, and so its arrays,
    for as long as the exception lives; it is dropped here. The run's arrays are freed then,
    but into the malloc arena of the script's thread, which glibc keeps: a simulation left
    after its third week of 20,000 players still held hundreds of MB until trimmed."""
    try:
        return work()
    except Exception:
        raise  # a fault: its traceback is the report
    except BaseException as left:
        left.__traceback__ = None  # the run's frames go now, not when Streamlit drops it
        raise
    finally:
        return_memory()
