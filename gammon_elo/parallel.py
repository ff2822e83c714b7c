"""Running many independent tasks (a sweep's, a fit's): in this process (``serial``), on a Dask
``LocalCluster`` of worker processes started and closed for the run (the default), on an
existing Dask cluster
(``scheduler="tcp://HOST:PORT"``), or through a Dask client the caller already holds
(``client=``, which is left open). Results come back in task order whatever ran them, so a
table of results never depends on which worker ran which task.

A worker that dies mid-run loses nothing: the scheduler runs its tasks again elsewhere. A
scheduler that cannot be reached, or that accepts the connection and never completes Dask's
handshake, is reported within :data:`CONNECT_TIMEOUT` seconds (:func:`connect`); a run left by
an exception (an interrupted caller's among them) cancels its tasks on the cluster.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, TypeVar, cast

from ._core.errors import InvalidInput
from .extras import require

__all__ = [
    "CONNECT_TIMEOUT",
    "DEFAULT_WORKERS",
    "MAX_WORKERS",
    "WORKER_CONFIG",
    "Progress",
    "connect",
    "local_cluster",
    "run_tasks",
]

#: Seconds an existing scheduler has to accept the connection and complete Dask's handshake.
CONNECT_TIMEOUT: Final = 3

#: Worker processes of the embedded LocalCluster (one per core of a small machine).
DEFAULT_WORKERS: Final = 2
#: The most local worker processes: more than a machine's cores only share them, and each is a
#: Python process with its own memory.
MAX_WORKERS: Final = 64

#: Dask configuration the embedded cluster's workers start under: without the
#: ``MALLOC_TRIM_THRESHOLD_=65536`` Dask's Nanny otherwise puts in each worker's environment
#: (``distributed.nanny.pre-spawn-environ``). Setting any of glibc's malloc thresholds turns
#: off its dynamic mmap threshold, so every NumPy array over 128 KiB is mapped afresh and
#: unmapped when freed, and each task's temporaries page-fault in again, on every task (the
#: faults and the CPU time they cost: benchmarks/README.md, "sweep overhead", ``--dask-malloc``).
#: Without it a worker allocates as the calling process does, under glibc's defaults.
#: And without Dask's statistical profiler: a thread in each worker that takes the GIL every
#: 10 ms to sample the task's stack, for a dashboard these clusters do not show; with it two
#: workers fell short of the sweep's goal, 1.7× one worker's throughput (benchmarks/README.md,
#: "sweep").
WORKER_CONFIG: Final[Mapping[str, object]] = MappingProxyType(
    {
        "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
        "distributed.worker.profile.enabled": False,
    }
)

#: Called after each finished task with (finished, total).
Progress = Callable[[int, int], object]

T = TypeVar("T")
R = TypeVar("R")


def run_tasks(
    function: Callable[..., R],
    tasks: Sequence[T],
    *,
    shared: tuple[Any, ...] = (),
    scheduler: str | None = None,
    workers: int = DEFAULT_WORKERS,
    serial: bool = False,
    progress: Progress | None = None,
    client: Any = None,
) -> list[R]:
    """``function(*shared, task)`` for every task, results in task order; ``shared`` (a large
    argument every task needs, such as a history) is sent to each worker once. With ``client``
    (a ``distributed.Client``), the tasks run on its cluster and the client stays open."""
    total = len(tasks)
    if serial:
        results: list[R] = []
        for task in tasks:
            results.append(function(*shared, task))
            if progress is not None:
                progress(len(results), total)
        return results
    if not tasks:
        return []
    # Imported here: the package imports without Dask (the 'dask' extra); only a run on it needs it.
    distributed = require("distributed", "dask", "a sweep or fit on Dask (serial=True needs none)")

    # distributed's functions are not annotated: typed here as what they are used as.
    client_type = cast(Any, distributed.Client)
    as_completed = cast(Any, distributed.as_completed)

    if client is not None:
        return _collect(client, as_completed, function, shared, tasks, progress)
    cluster = None
    if scheduler is None:
        cluster = local_cluster(workers)
        client = client_type(cluster)
    else:
        client = connect(scheduler)
    try:
        return _collect(client, as_completed, function, shared, tasks, progress)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def local_cluster(workers: int = DEFAULT_WORKERS) -> Any:
    """The embedded cluster (a ``distributed.LocalCluster``, for the caller to close):
    ``workers`` single-threaded worker processes on this machine, each started under
    :data:`WORKER_CONFIG`."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidInput("workers", workers, "must be a whole number of at least 1")
    if workers > MAX_WORKERS:
        raise InvalidInput("workers", workers, f"must be at most {MAX_WORKERS} (MAX_WORKERS)")
    distributed = require("distributed", "dask", "a sweep or fit on Dask (serial=True needs none)")
    import dask.config  # installed with distributed

    # The Nanny reads the configuration once, when it is made (a worker it restarts after a
    # crash starts under the same), so the setting need only hold while the cluster starts.
    with dask.config.set(WORKER_CONFIG):
        return cast(Any, distributed.LocalCluster)(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            # Its small HTTP server on any free port (the default 8787 may be taken).
            dashboard_address="127.0.0.1:0",
            # Workers log a lost heartbeat at ERROR while the cluster shuts down: noise in the
            # CLI's output, not a fault (a real failure reaches the caller as an exception).
            silence_logs=logging.CRITICAL,
        )


def _collect(
    client: Any,
    as_completed: Any,
    function: Callable[..., R],
    shared: tuple[Any, ...],
    tasks: Sequence[T],
    progress: Progress | None,
) -> list[R]:
    """Every task submitted under a key of its own, the results put back in task order. The
    shared data too: under its content's hash, two runs in a row on one client would share a
    key, and the first run's release could drop the data under the second."""
    scattered = [
        value if value is None else client.scatter(value, broadcast=True, hash=False)
        for value in shared
    ]
    run = uuid.uuid4().hex[:12]
    futures = [
        client.submit(function, *scattered, task, key=f"gammon-elo-{run}-{i}", pure=False)
        for i, task in enumerate(tasks)
    ]
    index = {future.key: i for i, future in enumerate(futures)}
    collected: dict[int, R] = {}
    try:
        for future in as_completed(futures, loop=client.loop):
            collected[index[future.key]] = future.result()
            if progress is not None:
                progress(len(collected), len(tasks))
    except BaseException:
        # Left early (a failed task, or the caller interrupted inside ``progress``): the
        # cluster need not finish work nobody will read, whoever else shares it.
        client.cancel(futures)  # not the shared data: another run may hold the same key
        raise
    return [collected[i] for i in range(len(tasks))]


def connect(address: str, *, timeout: float = CONNECT_TIMEOUT, security: Any = None) -> Any:
    """A ``distributed.Client`` to the scheduler at ``address``, or InvalidInput naming
    ``scheduler`` within ``timeout`` seconds. ``security`` (a ``distributed.security.Security``)
    holds the TLS certificates for a ``tls://`` address; without it, Dask's configuration's.

    ``distributed.Client(timeout=...)`` bounds only the TCP connection: a server that accepts
    and stays silent holds it for ever in Dask's handshake. So the handshake is first tried on
    a connection of our own, under the deadline, and that connection is aborted whatever
    happens; a server that answers something other than Dask is reported as such, rather than
    as whatever its bytes made the decoder do (an HTTP reply reads as a 3-EiB frame).
    """
    if not isinstance(address, str) or not address.startswith(("tcp://", "tls://")):
        raise InvalidInput("scheduler", address, "must be an address like tcp://HOST:PORT")
    began = time.monotonic()
    distributed = require("distributed", "dask", "a Dask scheduler")
    if address.startswith("tls://"):
        from distributed.security import Security

        security = security or cast(Any, Security)()
        tls = security.get_tls_config_for_role("client")
        if not (tls["ca_file"] and tls["cert"]):
            raise InvalidInput(
                "scheduler", address, "is a tls:// address, and no TLS certificate is set"
            )

    _try_handshake(address, timeout, began + timeout, security)
    left = max(began + timeout - time.monotonic(), 0.5)
    try:
        return cast(Any, distributed.Client)(
            address, timeout=f"{left}s", set_as_default=False, security=security
        )
    except Exception as error:  # it answered the handshake a moment ago: report, not crash
        raise InvalidInput(
            "scheduler", address, f"cannot be reached within {timeout:g} s ({error})"
        ) from None


def _try_handshake(address: str, timeout: float, deadline: float, security: Any) -> None:
    """Dask's handshake with ``address`` on a connection of its own, in a thread of its own
    (the caller may already run an event loop), given up at ``deadline`` (``time.monotonic``);
    ``timeout`` is the figure the message states."""
    outcome: list[BaseException | None] = []

    def attempt() -> None:
        try:
            left = max(deadline - time.monotonic(), 0.01)
            asyncio.run(asyncio.wait_for(_handshake(address, security), left))
            outcome.append(None)
        except BaseException as error:
            outcome.append(error)

    thread = threading.Thread(target=attempt, name="gammon-elo-handshake", daemon=True)
    thread.start()
    thread.join(max(deadline - time.monotonic(), 0) + 1)  # wait_for gave up by then
    error = outcome[0] if outcome else TimeoutError()
    if error is None:
        return
    if isinstance(error, TimeoutError):
        reason = f"did not complete Dask's handshake within {timeout:g} s"
    elif isinstance(error, OSError):
        reason = f"cannot be reached ({error})"
    else:  # bytes that are not Dask's: any decoder error, MemoryError among them
        reason = f"does not answer as a Dask scheduler ({type(error).__name__})"
    raise InvalidInput("scheduler", address, reason)


async def _handshake(address: str, security: Any) -> None:
    """Connect, send our handshake, read the scheduler's; the connection aborted at the end
    (also when the deadline cancels this coroutine)."""
    from distributed.comm.addressing import parse_address
    from distributed.comm.registry import get_backend
    from distributed.security import Security

    scheme, location = parse_address(address)
    arguments = (security or cast(Any, Security)()).get_connection_args("client")
    connector = cast(Any, get_backend(scheme)).get_connector()
    comm = None
    try:
        while comm is None:  # a closed port is retried until the deadline, as Dask does
            try:
                comm = await connector.connect(location, deserialize=False, **arguments)
            except OSError:
                await asyncio.sleep(0.2)
        await comm.write(comm.handshake_info())
        reply = await comm.read()
        if not isinstance(reply, dict) or "compression" not in reply:
            raise ValueError("not a Dask handshake")
    finally:
        if comm is not None:
            comm.abort()
