"""Running a sweep's tasks: in this process (``serial``), on a Dask ``LocalCluster`` of worker
processes started and closed for the sweep (the default), or on an existing Dask cluster
(``scheduler="tcp://HOST:PORT"``). Results come back in task order whatever ran them, so a
sweep's table never depends on which worker ran which task.

A worker that dies mid-sweep loses nothing: the scheduler runs its tasks again elsewhere. A
scheduler that cannot be reached is reported within :data:`CONNECT_TIMEOUT` seconds.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar, cast

from .._errors import InvalidInput

__all__ = ["CONNECT_TIMEOUT", "DEFAULT_WORKERS", "Progress", "run_tasks"]

#: Seconds to wait for an existing scheduler to answer.
CONNECT_TIMEOUT: Final = 3

#: Worker processes of the embedded LocalCluster (one per core of a small machine).
DEFAULT_WORKERS: Final = 2

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
) -> list[R]:
    """``function(*shared, task)`` for every task, results in task order; ``shared`` (a large
    argument every task needs, such as a history) is sent to each worker once."""
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
    # Imported here: the package imports without Dask; only a distributed sweep needs it.
    import distributed

    # distributed's functions are not annotated: typed here as what they are used as.
    client_type = cast(Any, distributed.Client)
    cluster_type = cast(Any, distributed.LocalCluster)
    as_completed = cast(Any, distributed.as_completed)

    cluster = None
    if scheduler is None:
        cluster = _local_cluster(workers, cluster_type)
        client = client_type(cluster)
    else:
        client = _connect(scheduler, client_type)
    try:
        return _collect(client, as_completed, function, shared, tasks, progress)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _local_cluster(workers: int, cluster_type: Any) -> Any:
    """The embedded cluster: ``workers`` single-threaded worker processes on this machine."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidInput("workers", workers, "must be a whole number of at least 1")
    return cluster_type(
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
    """Every task submitted under a key of its own, the results put back in task order."""
    scattered = [
        value if value is None else client.scatter(value, broadcast=True) for value in shared
    ]
    run = uuid.uuid4().hex[:12]
    futures = [
        client.submit(function, *scattered, task, key=f"gammon-elo-{run}-{i}", pure=False)
        for i, task in enumerate(tasks)
    ]
    index = {future.key: i for i, future in enumerate(futures)}
    collected: dict[int, R] = {}
    for future in as_completed(futures):
        collected[index[future.key]] = future.result()
        if progress is not None:
            progress(len(collected), len(tasks))
    return [collected[i] for i in range(len(tasks))]


def _connect(address: str, client_type: Any) -> Any:
    if not isinstance(address, str) or not address.startswith(("tcp://", "tls://")):
        raise InvalidInput("scheduler", address, "must be an address like tcp://HOST:PORT")
    try:
        return client_type(address, timeout=f"{CONNECT_TIMEOUT}s")
    except (OSError, TimeoutError) as error:
        raise InvalidInput(
            "scheduler", address, f"cannot be reached within {CONNECT_TIMEOUT} s ({error})"
        ) from None
