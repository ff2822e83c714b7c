"""Kept for one release; use :mod:`gammon_elo.parallel`."""

from ..parallel import CONNECT_TIMEOUT, DEFAULT_WORKERS, Progress, connect, run_tasks

__all__ = ["CONNECT_TIMEOUT", "DEFAULT_WORKERS", "Progress", "connect", "run_tasks"]
