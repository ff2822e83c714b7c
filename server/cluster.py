"""The lab's own Dask cluster: a ``dask scheduler`` process and ``workers`` single-threaded
``dask worker`` processes, every socket of theirs on loopback, speaking only Dask's TLS.

Nothing of the cluster runs in the server's process, so a task never reaches the server's
memory (its secrets, the sign-in's ``cookie_secret`` among them). At its start the cluster makes
a certificate of its own (Dask's ``Security.temporary()``, in memory) and hands it, with its
key, to the scheduler and the workers as files in a private directory (mode 0700, each file
0600), removed when the cluster closes. Dask's TLS is mutual: the scheduler, each worker and
the server's client present that certificate and require it of the other end, so a plain
``tcp://`` client, or a TLS client without the certificate, is refused at the handshake. The
HTTP server each process runs (for a dashboard, health and metrics) listens on loopback and
serves no route.

They are started as commands, not by ``multiprocessing``: a spawned child re-runs the parent's
``__main__``, which under Streamlit is the page script. The scheduler reads its standard input
until the server's end of it closes (:func:`dask_setup`, loaded with ``--preload``), then
closes: a server that is killed leaves no scheduler behind, and its workers end by their
``--death-timeout``. A server that exits closes its cluster first (``atexit``).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, cast

__all__ = ["Cluster", "dask_setup"]

#: The project's folder: the processes import the package (and the tasks' functions) from it.
_ROOT = Path(__file__).resolve().parents[2]
#: Seconds the scheduler has to write its address, and the workers to join it.
START = 60.0
#: Seconds the processes have to end by themselves once the scheduler is told to close.
STOP = 5.0
#: The environment of every process of the cluster: Dask's log at warnings, no statistical
#: profiler (gammon_elo.parallel.WORKER_CONFIG says why), and no route on the HTTP servers.
_ENVIRONMENT = {
    "DASK_LOGGING__DISTRIBUTED": "warning",
    "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
    "DASK_DISTRIBUTED__SCHEDULER__HTTP__ROUTES": "[]",
    "DASK_DISTRIBUTED__WORKER__HTTP__ROUTES": "[]",
}


class Cluster:
    """The cluster, started: ``client`` is the server's own TLS client to its scheduler."""

    def __init__(self, workers: int) -> None:
        import distributed
        from distributed.security import Security

        self.count = workers
        self.folder = Path(tempfile.mkdtemp(prefix="gammon-elo-cluster-"))  # mode 0700
        self.credentials = self._write_credentials(cast(Any, Security).temporary())
        ca, cert, key = self.credentials
        #: The server's side of the cluster's TLS: a client presenting the cluster's certificate.
        self.security: Any = cast(Any, Security)(
            tls_ca_file=ca, tls_client_cert=cert, tls_client_key=key, require_encryption=True
        )
        self.scheduler = self._start_scheduler()
        self.processes: list[subprocess.Popen[bytes]] = []
        try:
            self.address = self._wait_for_address()
            self.client: Any = cast(Any, distributed.Client)(
                self.address, security=self.security, set_as_default=False, timeout=START
            )
            self.revive()
        except BaseException:
            self._end_processes()
            raise
        # A server that exits (Streamlit stopped, a test's process ending) closes its cluster:
        # the scheduler would close once its standard input ends, but a worker still starting
        # then was left running, and the credentials' folder on disk.
        atexit.register(self.close)

    def _write_credentials(self, security: Any) -> list[str]:
        """The certificate authority, certificate and key of ``security`` as files only this
        user may read: the ``--tls-ca-file``, ``--tls-cert`` and ``--tls-key`` of every
        process, and the server's client's own."""
        files = []
        for name, text in (
            ("ca.pem", security.tls_ca_file),
            ("cert.pem", security.tls_scheduler_cert),
            ("key.pem", security.tls_scheduler_key),
        ):
            path = self.folder / name
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w", encoding="ascii") as file:
                file.write(text)
            files.append(str(path))
        return files

    def _tls(self) -> list[str]:
        ca, cert, key = self.credentials
        return ["--tls-ca-file", ca, "--tls-cert", cert, "--tls-key", key]

    def _environment(self) -> dict[str, str]:
        path = os.pathsep.join(filter(None, [str(_ROOT), os.environ.get("PYTHONPATH")]))
        return {**os.environ, "PYTHONPATH": path, **_ENVIRONMENT}

    def _start_scheduler(self) -> subprocess.Popen[bytes]:
        command = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
        command += ["--protocol", "tls", "--host", "127.0.0.1", "--port", "0", *self._tls()]
        command += ["--no-dashboard", "--dashboard-address", "127.0.0.1:0"]
        command += ["--scheduler-file", str(self.folder / "scheduler.json")]
        command += ["--preload", __name__]
        return subprocess.Popen(command, env=self._environment(), stdin=subprocess.PIPE)

    def _wait_for_address(self) -> str:
        """The scheduler's address, once it has written it (a RuntimeError if it ended or
        took longer than :data:`START`)."""
        written = self.folder / "scheduler.json"
        deadline = time.monotonic() + START
        while time.monotonic() < deadline and self.scheduler.poll() is None:
            with contextlib.suppress(FileNotFoundError, json.JSONDecodeError):
                return str(json.loads(written.read_text(encoding="utf-8"))["address"])
            time.sleep(0.1)
        raise RuntimeError(f"the lab's Dask scheduler did not start (exit {self.scheduler.poll()})")

    def alive(self) -> bool:
        return self.scheduler.poll() is None

    def revive(self) -> None:
        """Start a worker for every one missing (at start, or one that died), and wait for
        them to join."""
        self.processes = [p for p in self.processes if p.poll() is None]
        command = [sys.executable, "-m", "distributed.cli.dask_worker", self.address, *self._tls()]
        # No Nanny: it would start the worker with the MALLOC_TRIM_THRESHOLD_ that makes a
        # task fault its arrays' pages in again (gammon_elo.parallel.WORKER_CONFIG says why);
        # without it the worker allocates as this server does, under glibc's defaults.
        command += ["--no-nanny", "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard"]
        # A worker serves HTTP even without its dashboard, by default on every interface.
        command += ["--dashboard-address", "127.0.0.1:0"]
        command += ["--death-timeout", "30"]  # an orphan (server killed) ends by itself
        while len(self.processes) < self.count:
            process = subprocess.Popen(command, env=self._environment(), stdin=subprocess.DEVNULL)
            self.processes.append(process)
        self.client.wait_for_workers(self.count, timeout=START)

    def close(self) -> None:
        """Close the scheduler (:meth:`_end_processes`), which closes each worker."""
        atexit.unregister(self.close)
        with contextlib.suppress(Exception):
            self.client.close()
        self._end_processes()

    def _end_processes(self) -> None:
        """Close the scheduler's standard input, its signal to close (:func:`dask_setup`), which
        closes each worker; a process that has not ended by itself within :data:`STOP` seconds
        is ended by its PID, then the credentials go.

        Not terminated at once: a worker signalled while still closing did not end promptly,
        and had to be killed anyway."""
        everyone = [self.scheduler, *self.processes]
        if self.scheduler.stdin is not None:
            with contextlib.suppress(OSError):
                self.scheduler.stdin.close()
        deadline = time.monotonic() + STOP
        for process in everyone:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=max(0.0, deadline - time.monotonic()))
        for process in everyone:
            if process.poll() is None:
                process.terminate()
        for process in everyone:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)


def dask_setup(scheduler: Any) -> None:
    """Dask's preload hook, run by the scheduler process at its start: close the scheduler
    once its standard input ends (the server closed it, or the server is gone)."""

    def watch() -> None:
        # The file descriptor itself: a thread blocked in Python's buffered reader when the
        # interpreter shuts down aborts the process.
        with contextlib.suppress(OSError):
            while os.read(0, 1 << 12):
                pass
        scheduler.loop.add_callback(scheduler.close)

    threading.Thread(target=watch, name="gammon-elo-parent", daemon=True).start()
