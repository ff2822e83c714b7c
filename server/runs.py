"""The one Dask cluster of this server process, and the queue in front of every lab run.

Sweeps, fits and live leagues of every reader run on :func:`runner`'s cluster: one per server
process, started at the first run and kept. Its cluster is the one :mod:`server.settings` names and
nothing else: the scheduler the operator configured (the connection and Dask's handshake given
up after ``handshake_timeout``, with the TLS certificates ``scheduler_ca``, ``scheduler_cert``
and ``scheduler_key`` where they are set), or, when none is, the lab's own cluster
(:mod:`server.cluster`: a scheduler and ``workers`` worker processes of its own, on loopback,
speaking only TLS). Simulations, History's replays and the Rule designer's calibration run in
the server's own process, but through the same queue.

:meth:`Runner.slot` prices a run before anything else (:mod:`server.cost`: at most
``run_games`` games, ``tasks_per_run`` tasks), then admits ``concurrent_runs`` runs at once, in
order of arrival, with at most ``queue_length`` waiting and at most ``runs_per_reader`` per
reader (:func:`ui.lab.access.reader_id`: a designer, whatever their tabs); a waiting reader is
told how many runs are ahead. A reader who leaves (Streamlit stops or reruns the script by
raising inside it, in a progress callback) gives the slot back in a ``finally``; the engine
cancels the run's tasks, and a simulation ends at the end of its week, its result dropped. A
refusal names its reason by a catalog key and fields, which the app writes in the reader's
language (:func:`ui.lab.run.refusal_text`): the server imports nothing of the app.
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import logging
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar, cast

from gammon_elo import InvalidInput
from gammon_elo.parallel import connect

from . import settings as server_settings
from .cluster import Cluster
from .cost import ENGINE_GAME, Cost
from .memory import return_memory

__all__ = ["RunRefusedError", "Runner", "in_process", "runner"]

_log = logging.getLogger(__name__)
T = TypeVar("T")


class RunRefusedError(Exception):
    """A run the server will not take now: the catalog's line ``key`` says why, then each of
    ``also`` (how to make the run smaller), all with ``fields`` filled in."""

    def __init__(self, key: str, *also: str, **fields: object) -> None:
        super().__init__(key, *also, fields)
        self.key = key
        self.also = also
        self.fields = fields


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
        self._cluster: Cluster | None = None
        self._client: Any = None

    def client(self) -> Any:
        """The cluster's client, started or connected at the first call and kept."""
        with self._start:
            if self.settings.scheduler is None:
                if self._cluster is not None and not self._cluster.alive():
                    self._cluster.close()
                    self._cluster = None
                if self._cluster is None:
                    self._cluster = Cluster(self.settings.workers)
                else:
                    self._cluster.revive()
                return self._cluster.client
            if self._client is None or self._client.status in ("closing", "closed"):
                self._client = self._connect(self.settings.scheduler)
            return self._client

    def _connect(self, address: str) -> Any:
        timeout = self.settings.handshake_timeout
        try:
            return connect(address, timeout=timeout, security=self._security())
        except InvalidInput as error:
            _log.error("the configured Dask scheduler (GAMMON_ELO_SCHEDULER): %s", error)
            raise RunRefusedError("designer.cluster_unavailable", seconds=float(timeout)) from None

    def _security(self) -> Any:
        """The TLS certificates the operator named for their scheduler, or None (Dask's own
        configuration's, if any)."""
        limits = self.settings
        files = (limits.scheduler_ca, limits.scheduler_cert, limits.scheduler_key)
        if not any(files):
            return None
        from distributed.security import Security

        ca, cert, key = files
        return cast(Any, Security)(
            tls_ca_file=ca, tls_client_cert=cert, tls_client_key=key, require_encryption=True
        )

    def refusal(self, cost: Cost) -> RunRefusedError | None:
        """Why a run of this price is refused whatever the queue holds, or None."""
        limits = self.settings
        if cost.tasks > limits.tasks_per_run:
            return RunRefusedError(
                "designer.queue_too_many", tasks=cost.tasks, limit=limits.tasks_per_run
            )
        if cost.games > limits.run_games:
            return RunRefusedError(
                "designer.run_too_costly",
                f"designer.smaller_{cost.kind}",
                games=cost.games,
                limit=limits.run_games,
                weight=ENGINE_GAME,
            )
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
            raise refused
        limits = self.settings
        ticket = object()
        with self._changed:
            if self._readers[reader] >= limits.runs_per_reader:
                raise RunRefusedError("designer.queue_reader", limit=limits.runs_per_reader)
            if len(self._queue) >= limits.queue_length:
                raise RunRefusedError("designer.queue_full", limit=limits.queue_length)
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
            if self._cluster is not None:
                self._cluster.close()
                self._cluster = None
            if self._client is not None:
                self._client.close()
                self._client = None


_runners: dict[server_settings.Settings, Runner] = {}
_runners_lock = threading.Lock()


def runner() -> Runner:
    """This server process's runner, for its settings (:func:`server.settings.current`)."""
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
