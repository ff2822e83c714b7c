"""The one-pass replay's kernel compiled ahead of time: Numba's ``pycc`` builds
:func:`~.compiled.replay_from` once per machine into a small extension module kept in a cache
folder, and a later process imports that module in milliseconds, without importing Numba (about
half a second) or loading Numba's cache of the same kernel (as long again). The module also
holds :func:`~.compiled.parse_times`, which reads a column of times from their bytes for
:mod:`.isotimes`, and :func:`~.compiled.mark_used` and :func:`~.compiled.code_rows`, which check
and code a typed history's rows for :mod:`.fastcheck`, once the module is built.

The module is the same LLVM code as Numba's just-in-time kernel, built for the generic CPU of
the platform; it needs a C compiler to link, Numba only to build. Its name holds a hash of the
kernel's source file, so an edited kernel is built afresh. The folder is ``NUMBA_CACHE_DIR``
where set, else the package's ``__pycache__`` if it is writable, else the user's cache folder.
Where there is no C compiler, no Numba or the build fails, :func:`load_kernel` gives None and
the caller uses Numba's just-in-time kernel (a failed build is noted in the folder, beside the
module's name, so that it is not tried again; deleting the note retries).

The build runs in a child process (``python -m gammon_elo.replay.ahead_build FOLDER NAME``), so
that the compiler's output and Numba's warnings stay out of the command's own.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from typing import Any, Final, cast

__all__ = [
    "KERNEL_SIGNATURE",
    "NARROW_SIGNATURE",
    "ROWS_SIGNATURE",
    "ROWS_WIDE_SIGNATURE",
    "TIMES_SIGNATURE",
    "USED_SIGNATURE",
    "USED_WIDE_SIGNATURE",
    "builds",
    "built_kernel",
    "can_build",
    "kernel_path",
    "load_kernel",
    "row_coder",
    "time_parser",
]

#: The types :func:`~.isotimes.whole_seconds` passes :func:`~.compiled.parse_times`: the
#: cells' bytes, a row each, and the microseconds out.
TIMES_SIGNATURE: Final = "i8(u1[:, ::1], i8[::1])"

#: The types :mod:`.fastcheck` passes :func:`~.compiled.mark_used` and
#: :func:`~.compiled.code_rows`: names' codes as int16 (``_WIDE``: int32, for more than 32,767
#: names), the other columns' as int16 and their empty cells as booleans, player and prize
#: tables and codes out as int64, cube and type tables and codes out as int8.
USED_SIGNATURE: Final = "i8(i2[::1], i2[::1], b1[::1], b1[::1])"
USED_WIDE_SIGNATURE: Final = USED_SIGNATURE.replace("i2", "i4")
ROWS_SIGNATURE: Final = (
    "i8(i8[::1], i2[::1], i2[::1], i8[::1], i8[::1], i2[::1], b1[::1], i1[::1], i2[::1],"
    " i1[::1], i2[::1], b1[::1], i8[::1], i8[::1], i8[::1], i1[::1], i1[::1], i8[::1])"
)
ROWS_WIDE_SIGNATURE: Final = ROWS_SIGNATURE.replace(
    "i2[::1], i2[::1], i8", "i4[::1], i4[::1], i8", 1
)

#: The types :func:`~.onepass._run` passes the kernel (``intp`` is int64 on the platforms
#: Numba supports): start, forced, time, winner, loser, kind, cube, prize, reach, width,
#: heavy games, ticks, lowest, both change tables, state, window, out.
KERNEL_SIGNATURE: Final = (
    "i8(i8, b1, i8[::1], i8[::1], i8[::1], i1[::1], i1[::1], i8[::1], i8, i8, i8, i8, i8,"
    " i8[::1], i8[::1], i8[:, ::1], i8[::1], i8[:, ::1])"
)

#: The same with ``out`` in int32, for a history whose ratings, changes and counts all fit
#: (:func:`~.onepass._run` says): half the memory to write, a third less time at 10 M games.
NARROW_SIGNATURE: Final = KERNEL_SIGNATURE.replace("i8[:, ::1])", "i4[:, ::1])")

#: Every function's types: they name the module, as its source does.
_SIGNATURES: Final = (
    TIMES_SIGNATURE,
    USED_SIGNATURE,
    USED_WIDE_SIGNATURE,
    ROWS_SIGNATURE,
    ROWS_WIDE_SIGNATURE,
    KERNEL_SIGNATURE,
    NARROW_SIGNATURE,
)

#: Seconds a build may take (about 5 on an idle machine, 30 on a busy one) before it is given
#: up for Numba's kernel, and noted as failed.
_BUILD_SECONDS: Final = 900

#: The kernel's source file: its bytes name the module.
_SOURCE: Final = os.path.join(os.path.dirname(__file__), "compiled.py")

#: Modules built by this process (0 or 1): a first build on a machine, said as a compilation.
_built: list[str] = []
#: The module loaded, by its file (loaded once a process).
_loaded: dict[str, Any] = {}


def builds() -> int:
    """How many kernels this process built (rather than loaded from the cache folder)."""
    return len(_built)


def _name() -> str:
    with open(_SOURCE, "rb") as source:
        digest = hashlib.sha256(source.read())
    for signature in _SIGNATURES:
        digest.update(signature.encode("ascii"))
    digest.update((sys.implementation.cache_tag or "").encode("ascii"))
    return f"gammon_elo_onepass_{digest.hexdigest()[:16]}"


def _folder() -> str:
    """Where the module is kept (see the module's docstring)."""
    numba_cache = os.environ.get("NUMBA_CACHE_DIR")
    if numba_cache:
        return os.path.join(numba_cache, "gammon_elo")
    beside = os.path.join(os.path.dirname(__file__), "__pycache__")
    if os.access(beside if os.path.isdir(beside) else os.path.dirname(beside), os.W_OK):
        return beside
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache, "gammon_elo")


def kernel_path() -> str:
    """The file the module is (or will be) kept in."""
    return os.path.join(_folder(), _name() + (sysconfig.get_config_var("EXT_SUFFIX") or ".so"))


def load_kernel(*, narrow: bool = False) -> Callable[..., int] | None:
    """The kernel from the cache folder (``narrow``: the one writing ``out`` in int32), built
    there first if it is not yet; None where it cannot be had (see the module's docstring)."""
    module = _module(build=True)
    if module is None:
        return None
    return cast(Callable[..., int], module.replay_from_narrow if narrow else module.replay_from)


def built_kernel() -> Callable[..., int] | None:
    """The kernel from the cache folder where it is built already; None elsewhere (nothing is
    built for this)."""
    module = _module(build=False)
    return None if module is None else cast(Callable[..., int], module.replay_from)


def time_parser() -> Callable[..., int] | None:
    """:func:`~.compiled.parse_times` from the module where it is built already (it is never
    built for this: a replay big enough for the compiled pass builds it); None elsewhere."""
    module = _module(build=False)
    return None if module is None else cast(Callable[..., int], module.parse_times)


def row_coder(*, wide: bool = False) -> tuple[Callable[..., int], Callable[..., int]] | None:
    """:func:`~.compiled.mark_used` and :func:`~.compiled.code_rows` (``wide``: for names' codes
    in int32) from the module where it is built already (never built for this, as
    :func:`time_parser`); None elsewhere."""
    module = _module(build=False)
    if module is None:
        return None
    if wide:
        return module.mark_used_wide, module.code_rows_wide
    return module.mark_used, module.code_rows


def _module(*, build: bool) -> Any:
    path = kernel_path()
    if path in _loaded:
        return _loaded[path]
    name = os.path.basename(path).split(".")[0]
    if not os.path.exists(path):
        if not build or os.path.exists(path + ".failed") or not can_build():
            return None
        if not _build(path):
            return None
        _built.append(path)
        _remove_older(path)
    try:
        loader = importlib.machinery.ExtensionFileLoader(name, path)
        spec = importlib.util.spec_from_file_location(name, path, loader=loader)
        if spec is None:  # pragma: no cover (a file path always has a spec)
            return None
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
    except ImportError:
        return None
    _loaded[path] = module
    return module


def _remove_older(path: str) -> None:
    """Modules of earlier kernels beside ``path`` removed (a process that loaded one keeps it)."""
    folder, name = os.path.split(path)
    for other in os.listdir(folder):
        if other.startswith("gammon_elo_onepass_") and not other.startswith(name.split(".")[0]):
            with contextlib.suppress(OSError):
                os.remove(os.path.join(folder, other))


def can_build() -> bool:
    """A C compiler to link with and Numba to build with."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()
    return (
        bool(compiler)
        and shutil.which(compiler[0]) is not None
        and importlib.util.find_spec("numba") is not None
    )


def _build(path: str) -> bool:
    """The module built into ``path`` by a child process; whether it was (a failure noted)."""
    folder, name = os.path.dirname(path), os.path.basename(path).split(".")[0]
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return False
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    try:
        done = subprocess.run(
            [sys.executable, "-m", "gammon_elo.replay.ahead_build", folder, name],
            cwd=root,
            capture_output=True,
            text=True,
            check=False,
            timeout=_BUILD_SECONDS,
        )
        output = done.stdout + done.stderr
        if done.returncode == 0 and os.path.exists(path):
            return True
    except subprocess.TimeoutExpired:
        output = f"the build took more than {_BUILD_SECONDS} s"
    try:
        with open(path + ".failed", "w", encoding="utf-8") as note:
            note.write(output)
    except OSError:
        pass
    return False
