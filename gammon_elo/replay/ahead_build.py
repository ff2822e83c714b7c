"""Builds the module :mod:`.ahead` loads: ``python -m gammon_elo.replay.ahead_build FOLDER NAME``,
run by :mod:`.ahead` in a child process. Apart from it, because it imports the kernels
(:mod:`.compiled`), which import :mod:`.ahead` to load them.
"""

from __future__ import annotations

import importlib
import os
import shutil
import sys
import tempfile
from typing import Any

from .ahead import (
    KERNEL_SIGNATURE,
    NARROW_SIGNATURE,
    ROWS_SIGNATURE,
    ROWS_WIDE_SIGNATURE,
    TIMES_SIGNATURE,
    USED_SIGNATURE,
    USED_WIDE_SIGNATURE,
)
from .compiled import code_rows, mark_used, parse_times, replay_from

__all__ = ["build"]


def build(folder: str, name: str) -> None:
    """Build the module ``name`` into ``folder`` (in a scratch folder there, then moved into
    place at once, so that a process building it beside this one never loads half a file)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc's pending deprecation, distutils'
        pycc: Any = importlib.import_module("numba.pycc")

        scratch = tempfile.mkdtemp(prefix=name, dir=folder)
        try:
            cc = pycc.CC(name)
            cc.output_dir = scratch
            cc.use_nrt = False  # the kernel allocates nothing
            cc.export("replay_from", KERNEL_SIGNATURE)(replay_from)
            cc.export("replay_from_narrow", NARROW_SIGNATURE)(replay_from)
            cc.export("parse_times", TIMES_SIGNATURE)(parse_times)
            cc.export("mark_used", USED_SIGNATURE)(mark_used)
            cc.export("mark_used_wide", USED_WIDE_SIGNATURE)(mark_used)
            cc.export("code_rows", ROWS_SIGNATURE)(code_rows)
            cc.export("code_rows_wide", ROWS_WIDE_SIGNATURE)(code_rows)
            cc.compile()
            os.replace(os.path.join(scratch, cc.output_file), os.path.join(folder, cc.output_file))
        finally:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    build(sys.argv[1], sys.argv[2])
