"""The one Dask cluster of this server process, and the queue in front of it.

Sweeps and fits of every reader go through :func:`runner`: one per server process, started at
the first run and kept. Its cluster is the one :mod:`ui.settings` names and nothing else: the
scheduler the operator configured (the connection and Dask's handshake given up after
``handshake_timeout``), or, when none is, a scheduler in this process with ``workers``
single-threaded worker processes of its own. Those are started as ``dask worker`` commands,
not by ``multiprocessing``: a spawned child re-runs the parent's ``__main__``, which under
Streamlit is the page script, so every worker would run the app at start.

:meth:`Runner.slot` admits ``concurrent_runs`` runs at once, in order of arrival, at most
``runs_per_session`` per reader, each of at most ``tasks_per_run`` tasks; a waiting reader is
told how many runs are ahead. A reader who leaves (Streamlit stops or reruns the script by
raising inside it) gives the slot back in a ``finally``; the engine cancels the run's tasks.
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
from typing import Any, cast

from gammon_elo import InvalidInput
from gammon_elo.parallel import connect

from .. import settings as server_settings
from ..i18n import number, t

__all__ = ["RunRefusedError", "Runner", "runner", "session_id"]

_log = logging.getLogger(__name__)
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

        Terminated at once, a worker still closing took 10 s to end, and was then killed."""
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
        self._sessions: collections.Counter[str] = collections.Counter()
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

    @contextlib.contextmanager
    def slot(
        self, session: str, tasks: int, waiting: Callable[[int], object] = lambda ahead: None
    ) -> Iterator[Any]:
        """A place in the queue for a run of ``tasks`` tasks, then the client to run it on;
        ``waiting(ahead)`` is called while others are ahead (and may raise to leave)."""
        limits = self.settings
        if tasks > limits.tasks_per_run:
            raise RunRefusedError(
                t("designer.queue_too_many", tasks=tasks, limit=limits.tasks_per_run)
            )
        ticket = object()
        with self._changed:
            if self._sessions[session] >= limits.runs_per_session:
                raise RunRefusedError(t("designer.queue_session", limit=limits.runs_per_session))
            self._sessions[session] += 1
            self._queue.append(ticket)
        started = False
        try:
            self._wait_turn(ticket, waiting)
            started = True
            yield self.client()
        finally:
            with self._changed:
                if started:
                    self.running -= 1
                else:
                    self._queue.remove(ticket)
                self._sessions[session] -= 1
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


def session_id() -> str:
    """The reader's Streamlit session (one per browser tab), or one name outside Streamlit."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else "script"
