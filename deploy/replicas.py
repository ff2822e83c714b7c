"""Replicas of the public calculator behind Debian's nginx, on this machine.

    python deploy/replicas.py --replicas N --port P

Starts N ``streamlit run app.py`` on free loopback ports, printing ``replica I pid PID port
PORT`` as each starts, and once every replica's ``/_stcore/health`` answers, nginx on
127.0.0.1:P in front of them, serving the site ``deploy/calculator.conf`` as it stands (this
script writes only nginx's main file and the two files the site reads, into a private temporary
prefix, and removes them at the end). When nginx answers ``/_stcore/health`` too it prints
``ready http://127.0.0.1:P`` and stays in the foreground. On SIGTERM or SIGINT it stops nginx,
then every replica, each by its process id (each leads a process group of its own), and exits
with 0. A replica that exits meanwhile is reported on stderr and nginx passes its readers to the
others; when nginx exits, or the last replica, everything stops and the script exits with 1.
The kernel sends every child SIGTERM if this script dies, even killed outright. The replicas'
and nginx's own messages go to stderr; stdout holds only the lines above.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import types
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parents[1]
#: The site nginx serves, reusable as it stands (it says how).
SITE = Path(__file__).resolve().with_name("calculator.conf")
#: A guard against a typo: each replica is a whole Python process of its own.
MAX_REPLICAS = 32
#: How long cold replicas and nginx may take to answer their health checks on a busy machine.
START_TIMEOUT_S = 180.0
#: How long a stopped process may take to exit before it is killed.
STOP_TIMEOUT_S = 15.0
HOST = "127.0.0.1"
#: Debian puts nginx in /usr/sbin, which is not on every user's PATH.
SEARCH_PATH = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])
PR_SET_PDEATHSIG = 1  #: prctl(2): the signal a process gets when its parent dies

#: nginx's main file for one run: the site as it stands, everything else under the prefix.
MAIN_CONF = """\
daemon off;
# One worker holds thousands of streams: the cores are for the replicas.
worker_processes 1;
pid nginx.pid;
error_log stderr warn;
events {{}}
http {{
    access_log off;
    client_body_temp_path client_body;
    proxy_temp_path proxy;
    fastcgi_temp_path fastcgi;
    uwsgi_temp_path uwsgi;
    scgi_temp_path scgi;
    include {site};
}}
"""


class Stop(BaseException):
    """A stop signal (SIGTERM, SIGINT) arrived: like KeyboardInterrupt, no `except Exception`
    on the way up catches it."""


def count(low: int, high: int, limit: str) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, or a message naming the value
    and the limit (argparse names the option)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low} to {high} ({limit}), got {text!r}"
            )
        return value

    return parse


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="deploy/replicas.py", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument(
        "--replicas",
        type=count(1, MAX_REPLICAS, "MAX_REPLICAS in deploy/replicas.py"),
        required=True,
        help=f"how many `streamlit run app.py` to start (1 to {MAX_REPLICAS})",
    )
    parser.add_argument(
        "--port",
        type=count(1, 65_535, "a TCP port"),
        required=True,
        help=f"the port nginx listens on, on {HOST}",
    )
    args = parser.parse_args(argv)
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((HOST, args.port))
        except OSError as error:
            parser.error(f"--port {args.port} is not free on {HOST}: {error.strerror}")
    return args


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def _die_with_parent(parent: int) -> Callable[[], None]:
    def arm() -> None:
        """In the child before it runs its program: SIGTERM when this script dies."""
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != parent:  # the script died before the line above
            os._exit(1)

    return arm


def start(command: Sequence[str]) -> subprocess.Popen[bytes]:
    """``command`` in a session (and process group) of its own, its output on stderr."""
    return subprocess.Popen(
        list(command),
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=sys.stderr,
        stderr=sys.stderr,
        start_new_session=True,
        preexec_fn=_die_with_parent(os.getpid()),
    )


def replica(port: int) -> list[str]:
    """One replica: the public calculator on loopback. Its file watcher is off: a replica
    serves the code it started with."""
    return [
        *(sys.executable, "-m", "streamlit", "run", "app.py"),
        *("--server.address", HOST, "--server.port", str(port)),
        *("--server.headless", "true", "--server.fileWatcherType", "none"),
    ]


def write_configuration(prefix: Path, port: int, ports: Sequence[int]) -> Path:
    """nginx's main file and the two files the site reads, in ``prefix``; the main file."""
    (prefix / "calculator_listen.conf").write_text(f"listen {HOST}:{port};\n", encoding="utf-8")
    servers = "".join(f"server {HOST}:{p} max_fails=1 fail_timeout=10s;\n" for p in ports)
    (prefix / "calculator_replicas.conf").write_text(servers, encoding="utf-8")
    main = prefix / "nginx.conf"
    main.write_text(MAIN_CONF.format(site=SITE), encoding="utf-8")
    return main


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


def wait_healthy(named: dict[str, tuple[subprocess.Popen[bytes], str]], deadline: float) -> None:
    """Until each process's health URL answers 200; an error naming any that exits first or
    is still not answering at ``deadline``."""
    waiting = dict(named)
    while waiting:
        for name, (process, url) in list(waiting.items()):
            if process.poll() is not None:
                raise RuntimeError(f"{name} exited with {process.returncode} before answering")
            if healthy(url):
                del waiting[name]
        if waiting and time.monotonic() > deadline:
            late = ", ".join(waiting)
            raise RuntimeError(f"{late} did not answer within {START_TIMEOUT_S:.0f} s")
        if waiting:
            time.sleep(0.2)


def stop(processes: Sequence[subprocess.Popen[bytes]]) -> None:
    """SIGTERM to each running process's group, in order; SIGKILL to any still running after
    STOP_TIMEOUT_S."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_IGN)  # the stop itself is not interrupted
    for process in processes:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_TIMEOUT_S
    for process in processes:
        try:
            process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):  # it exited meanwhile
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def watch(nginx: subprocess.Popen[bytes], replicas: list[subprocess.Popen[bytes]]) -> NoReturn:
    """Wait for the children; report each replica that exits. Raises RuntimeError when nginx or
    the last replica has exited (a stop signal raises Stop meanwhile)."""
    index = {process.pid: i for i, process in enumerate(replicas, start=1)}
    running = set(index)
    while True:
        pid, status = os.wait()
        code = os.waitstatus_to_exitcode(status)
        if pid == nginx.pid:
            nginx.returncode = code
            raise RuntimeError(f"nginx exited with {code}")
        if pid in running:
            replicas[index[pid] - 1].returncode = code
            running.discard(pid)
            say(f"replica {index[pid]} pid {pid} exited with {describe(code)}")
            if not running:
                raise RuntimeError("every replica has exited")


def describe(code: int) -> str:
    return f"signal {-code} ({signal.Signals(-code).name})" if code < 0 else f"status {code}"


def say(message: str) -> None:
    print(f"deploy/replicas.py: {message}", file=sys.stderr, flush=True)


def _stop_signal(signum: int, frame: types.FrameType | None) -> None:
    raise Stop(signal.Signals(signum).name)


def serve(args: argparse.Namespace, nginx_path: str, prefix: Path) -> int:
    """Start, report, watch and stop; the exit status."""
    children: list[subprocess.Popen[bytes]] = []  # in stopping order: nginx first
    try:
        ports = [free_port() for _ in range(args.replicas)]
        replicas = []
        for i, port in enumerate(ports, start=1):
            replicas.append(start(replica(port)))
            children.append(replicas[-1])
            print(f"replica {i} pid {replicas[-1].pid} port {port}", flush=True)
        deadline = time.monotonic() + START_TIMEOUT_S
        wait_healthy(
            {
                f"replica {i}": (process, f"http://{HOST}:{port}/_stcore/health")
                for i, (process, port) in enumerate(zip(replicas, ports, strict=True), start=1)
            },
            deadline,
        )
        main = write_configuration(prefix, args.port, ports)
        nginx = start([nginx_path, "-p", str(prefix), "-c", str(main), "-e", "stderr"])
        children.insert(0, nginx)
        url = f"http://{HOST}:{args.port}"
        wait_healthy({"nginx": (nginx, f"{url}/_stcore/health")}, deadline)
        print(f"ready {url}", flush=True)
        watch(nginx, replicas)
    except Stop as stopped:
        say(f"{stopped}: stopping nginx and the replicas")
        return 0
    except RuntimeError as error:
        say(f"{error}; stopping")
        return 1
    finally:
        stop(children)


def main(argv: Sequence[str] | None = None) -> int:
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _stop_signal)
    args = arguments(argv)
    nginx_path = shutil.which("nginx", path=SEARCH_PATH)
    if nginx_path is None:
        say("nginx was not found on PATH nor in /usr/sbin (Debian: apt-get install nginx)")
        return 1
    with tempfile.TemporaryDirectory(prefix="calculator-nginx-") as prefix:
        # nginx's workers run as another user when it is started as root: they must reach the
        # temporary files it makes (it makes them theirs).
        os.chmod(prefix, 0o755)
        return serve(args, nginx_path, Path(prefix))


if __name__ == "__main__":
    sys.exit(main())
