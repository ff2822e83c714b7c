"""``deploy/replicas.py`` started as a subprocess and read as its output promises (``replica I
pid PID port PORT`` per replica, then ``ready URL``), and the processes it runs read from
``/proc``: what they started, whether they still run, the streams a replica holds.

The replicas' test (``test_replicas.py``) and the readers' benchmark
(``benchmarks/browser/bench_readers.py``) start the script the same way, through this module;
it imports nothing of the project, so both can.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, NamedTuple

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "deploy" / "replicas.py"
#: The script's own start limit is 180 s (deploy/replicas.py); this one only catches a hang.
READY_TIMEOUT_S = 240.0
#: How long the script may take to stop after the context ends.
STOP_TIMEOUT_S = 30.0
ESTABLISHED = "01"  # a TCP socket's state in /proc/net/tcp


class Replica(NamedTuple):
    index: int
    pid: int
    port: int


class Running(NamedTuple):
    process: subprocess.Popen[str]
    url: str
    replicas: list[Replica]
    stderr: IO[str]  #: everything the script, its replicas and nginx wrote there

    def log(self) -> str:
        self.stderr.flush()
        self.stderr.seek(0)
        return self.stderr.read()


@contextmanager
def replicas_script(count: int, port: int) -> Iterator[Running]:
    """``deploy/replicas.py --replicas count --port port``, from its ``ready`` line on; stops its
    process group at the end if the caller has not (its children die with it: the script arms
    the kernel's parent-death signal in each)."""
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as stderr:
        process = subprocess.Popen(
            [sys.executable, str(SCRIPT), "--replicas", str(count), "--port", str(port)],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            start_new_session=True,
        )
        try:
            assert process.stdout is not None
            url, replicas = _ready(process, _lines_of(process.stdout), stderr)
            yield Running(process, url, replicas, stderr)
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=STOP_TIMEOUT_S)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()


def _lines_of(stream: IO[str]) -> queue.Queue[str]:
    """The stream's lines as they come, read by a thread (a pipe read has no timeout)."""
    found: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in stream:
            found.put(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    return found


def _ready(
    process: subprocess.Popen[str], lines: queue.Queue[str], stderr: IO[str]
) -> tuple[str, list[Replica]]:
    """The ``ready`` URL and the replicas the script printed before it."""
    replicas = []
    deadline = time.monotonic() + READY_TIMEOUT_S
    while True:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            stderr.seek(0)
            raise TimeoutError(
                f"no ready line in {READY_TIMEOUT_S:.0f} s:\n{stderr.read()[-3000:]}"
            ) from None
        if found := re.fullmatch(r"replica (\d+) pid (\d+) port (\d+)", line):
            index, pid, port = map(int, found.groups())
            replicas.append(Replica(index, pid, port))
        elif found := re.fullmatch(r"ready (http://127\.0\.0\.1:\d+)", line):
            return found.group(1), replicas
        else:
            stderr.seek(0)
            status = process.poll()
            raise RuntimeError(f"unexpected line {line!r} (exit {status}):\n{stderr.read()}")


def descendants(pid: int) -> list[int]:
    """Every process ``pid`` started that still runs, their own children included."""
    found: list[int] = []
    todo = [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").iterdir():
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except OSError:  # the task ended meanwhile
                continue
            found += children
            todo += children
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie, exited but not yet reaped, counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def streams(replica: Replica) -> int:
    """Established connections the replica's process holds on its own port: its readers'
    streams (nginx keeps no other connection to a replica open)."""
    inodes = set()
    for fd in Path(f"/proc/{replica.pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:  # closed meanwhile
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    held = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            port = int(fields[1].rsplit(":", 1)[1], 16)
            held += fields[3] == ESTABLISHED and fields[9] in inodes and port == replica.port
    return held
