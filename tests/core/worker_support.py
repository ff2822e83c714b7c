"""What a Dask worker reports about how it allocates memory, for the tests that start workers
(the embedded LocalCluster's, the app's ``dask worker`` processes): run :func:`malloc_report`
as a task there, and here, and compare."""

from __future__ import annotations

import os
import resource

import numpy as np

#: A NumPy array of 1 MiB: above glibc's initial mmap threshold (128 KiB), below the 4 MiB
#: from which NumPy asks for huge pages, so each fresh mapping of it faults in 256 pages.
ARRAY_FLOATS = 2**20 // 8

#: The pages of one such array: what a mapping made afresh faults in.
PAGES = 2**20 // os.sysconf("SC_PAGE_SIZE")

#: Rounds of making and dropping the array before the counted ones: glibc raises its dynamic
#: thresholds on the first frees (a new thread's arena took up to three rounds to settle).
WARM_ROUNDS = 4

#: Rounds counted: an allocator that reuses freed memory faults in next to nothing in them;
#: one that maps every array afresh (glibc with any malloc threshold set) about every page.
COUNTED_ROUNDS = 4


def malloc_report() -> tuple[str | None, int]:
    """The glibc malloc setting Dask's Nanny would add (``MALLOC_TRIM_THRESHOLD_``, None when
    unset), and the minor page faults of this thread while it makes and drops a 1-MiB array
    :data:`COUNTED_ROUNDS` times, after :data:`WARM_ROUNDS` rounds."""
    for _ in range(WARM_ROUNDS):
        np.ones(ARRAY_FLOATS)
    before = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
    for _ in range(COUNTED_ROUNDS):
        np.ones(ARRAY_FLOATS)
    faults = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - before
    return os.environ.get("MALLOC_TRIM_THRESHOLD_"), faults


def profiling() -> bool:
    """Whether the Dask worker running this task samples its stacks (Dask's statistical
    profiler, a callback on the worker's event loop every 10 ms)."""
    from distributed import get_worker

    return "profile" in get_worker().periodic_callbacks
