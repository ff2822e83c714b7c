"""The embedded cluster's workers allocate memory as the calling process does and run no
profiler: started by :func:`gammon_elo.parallel.local_cluster`, a worker on loopback reports no
glibc malloc threshold in its environment and reuses a freed array without faulting its pages
in again, as this process does, and samples no stacks for Dask's dashboard; a worker under
Dask's own settings (the control) faults in every page and runs the profiler, so the checks can
tell the two apart. No timing: page faults are counted."""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Iterator
from typing import Any

import dask.config
from distributed import Client, LocalCluster

from gammon_elo.parallel import WORKER_CONFIG, local_cluster
from tests.core.worker_support import COUNTED_ROUNDS, PAGES, malloc_report, profiling

#: Fewer faults than this: freed memory reused; more than twice it: every array mapped afresh.
REUSED = COUNTED_ROUNDS * PAGES // 4
#: The Nanny's pre-spawn setting the embedded cluster leaves out.
MALLOC = "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_"


@contextlib.contextmanager
def _environment_kept() -> Iterator[None]:
    """This process's environment as it was: a Nanny writes its pre-spawn settings into the
    environment of the process that starts it, and leaves them there for later workers."""
    saved = dict(os.environ)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def _reported(cluster: Any) -> list[tuple[str | None, int, bool]]:
    """:func:`malloc_report` run as a task on each of two runs on the cluster's worker, and
    whether the worker runs Dask's profiler."""
    with Client(cluster, set_as_default=False) as client:
        return [
            (*client.submit(malloc_report, pure=False).result(), client.submit(profiling).result())
            for _ in range(2)
        ]


def test_the_embedded_clusters_worker_allocates_as_this_process_does() -> None:
    setting, faults = malloc_report()
    assert setting is None and faults < REUSED  # glibc's defaults, as Python starts
    configured = {key: dask.config.get(key) for key in WORKER_CONFIG}
    with _environment_kept(), local_cluster(1) as cluster:
        # Set only while the workers start.
        assert {key: dask.config.get(key) for key in WORKER_CONFIG} == configured
        reports = _reported(cluster)
    assert [setting for setting, _, _ in reports] == [None, None]
    assert all(faults < REUSED for _, faults, _ in reports), reports
    # Nor does the worker sample its task's stacks for a dashboard nobody sees.
    assert [profiled for _, _, profiled in reports] == [False, False]


def test_a_worker_under_a_malloc_threshold_faults_every_page_in_again() -> None:
    threshold = {MALLOC: 65536}  # Dask's own pre-spawn value
    with _environment_kept(), dask.config.set(threshold):
        cluster = LocalCluster(
            n_workers=1,
            threads_per_worker=1,
            processes=True,
            dashboard_address="127.0.0.1:0",
            silence_logs=logging.CRITICAL,
        )
        with cluster:
            reports = _reported(cluster)
    assert [setting for setting, _, _ in reports] == ["65536", "65536"]
    assert all(faults > 2 * REUSED for _, faults, _ in reports), reports
    # Dask's own default, the control of the check above.
    assert [profiled for _, _, profiled in reports] == [True, True]
