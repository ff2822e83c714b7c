"""The lab's runs as a reader meets them, every one through :func:`kept_or_run`: a result kept
by the inputs it came from is served as it is; any other run is priced, takes its place in the
lab's queue (a note while others are ahead), shows its progress bar, works in this process or
on the cluster, and is kept once it ran to its end; a refusal, a bad input or a bad history is
said in the reader's language instead. Results are kept in a :class:`Kept`, for every reader
(:func:`shared`) or in the reader's session (:func:`in_session`). The queue, the cluster and
the prices are the server's (:mod:`server.runs`, :mod:`server.cost`); this module only words
them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

import streamlit as st

from gammon_elo import InvalidHistory, InvalidInput
from server import runs
from server.cost import Cost
from server.runs import Runner, RunRefusedError

from .. import grids
from ..cached import TTL
from ..i18n import number, percent, t
from ..params import Where
from . import access, uploads

__all__ = [
    "Kept", "Plan", "Progress", "cluster_caption", "in_session", "kept_or_run", "refusal_text",
    "shared",
]  # fmt: skip

T = TypeVar("T")
#: Told a run's progress: ``done`` of ``total`` (a fraction of 1, for a run that counts no
#: parts). Streamlit raises there in the script of a reader who left or reran.
Progress = Callable[[float, float], None]


@dataclass(frozen=True, slots=True)
class Plan(Generic[T]):
    """A run as the queue takes it: its ``price``; its ``work``, told its progress and given
    the cluster's client (None in this process); its progress bar's text, a catalog key with
    ``{done}`` and ``{total}`` or ``{percent}``, counting to ``total`` (the run's tasks unless
    given); and whether it runs on the ``cluster``, else in this process."""

    price: Cost
    work: Callable[[Progress, Any], T]
    text: str
    cluster: bool = False
    total: int | None = None


class Kept:
    """Results kept by the inputs they came from, the least recently used forgotten past
    ``entries`` (thread-safe): every reader's (:func:`shared`), or one reader's, in their
    session (:func:`in_session`). A result is handed back only for the very inputs it
    came from, so it never shows beside inputs it does not belong to."""

    def __init__(self, entries: int) -> None:
        self._max = entries
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any | None:
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._max:
                self._items.popitem(last=False)

    def values(self) -> list[Any]:
        """Every result kept, the least recently used first."""
        with self._lock:
            return list(self._items.values())

    def __len__(self) -> int:
        return len(self._items)


@st.cache_resource(ttl=TTL)
def shared(name: str, _entries: int) -> Kept:
    """The results kept under ``name`` for every reader of this server, at most ``_entries``
    (Streamlit keeps one store per name: an argument whose name starts with ``_`` is not part
    of its cache's key), made at its first use."""
    return Kept(_entries)


def in_session(name: str, entries: int = 1) -> Kept:
    """The results kept under ``name`` in this reader's session, made at its first use: with
    one entry, a result run for other inputs than the page's now is one the page says is
    stale (the store holds it, :meth:`Kept.get` does not hand it back)."""
    kept = st.session_state.get(name)
    if not isinstance(kept, Kept):
        kept = st.session_state[name] = Kept(entries)
    return kept


def kept_or_run(
    kept: Kept,
    key: Hashable,
    plan: Callable[[], Plan[T]],
    *,
    invalid: str = "designer.invalid",
    bad_history: str | None = None,
) -> T | None:
    """The result ``kept`` holds for ``key`` (its inputs), as it is: no run, no place in the
    queue. Else ``plan()``, what the run costs and does, worked out only now (a history read,
    a grid built), then run in the reader's place in the lab's queue and kept once it ran to
    its end. None where it did not, said in its place on the page: a refusal by
    :func:`refusal_text`; a bad input by the catalog key ``invalid`` (its ``{message}`` names
    the field and the value); a history's bad rows by ``bad_history`` and the table of them
    (without it, as a bad input). A reader who leaves or reruns stops the run where it next
    reports progress (Streamlit raises there): the slot is given back and nothing is kept."""
    found = kept.get(key)
    if found is not None:
        return cast(T, found)
    note, bar = st.empty(), st.empty()
    try:
        return _run(kept, key, plan(), note, bar)
    except RunRefusedError as refusal:
        note.empty()
        bar.empty()
        st.warning(refusal_text(refusal), icon=":material/block:")
    except InvalidInput as error:
        note.empty()
        bar.empty()
        if isinstance(error, InvalidHistory) and bad_history is not None:
            rows = {"rejected": error.rows_rejected, "rows": error.rows_read}
            st.error(t(bad_history, **rows), icon=":material/error:")
            grids.show(uploads.rejected(error.report), download="rejected_rows.csv")
        else:
            st.error(t(invalid, message=error), icon=":material/error:")
    return None


def _run(kept: Kept, key: Hashable, plan: Plan[T], note: Where, bar: Where) -> T:
    """``plan`` run in the reader's slot (refused over a limit before any work or wait), its
    progress in ``bar`` and the queue's note in ``note``, and kept in ``kept``."""

    def progress(done: float, total: float) -> None:
        fraction = done / total
        words = t(plan.text, done=done, total=total, percent=percent(fraction, 0))
        bar.progress(min(1.0, fraction), text=words)

    total = plan.total or plan.price.tasks

    def waiting(ahead: int) -> None:
        """What the reader sees while other runs are ahead of theirs: how many, above the bar
        their run will fill."""
        if ahead == 1:
            note.info(t("designer.queue_waiting_one"), icon=":material/hourglass_top:")
        else:
            note.info(t("designer.queue_waiting", ahead=ahead), icon=":material/hourglass_top:")
        progress(0, total)

    reader = access.reader_id()
    with runs.runner().slot(reader, plan.price, waiting, cluster=plan.cluster) as client:
        note.empty()
        result = kept.get(key)  # another reader's run of the same may have ended meanwhile
        if result is None:
            progress(0, total)
            if plan.cluster:
                result = plan.work(progress, client)
            else:
                result = runs.in_process(lambda: plan.work(progress, None))
            kept.put(key, result)
    bar.empty()
    return cast(T, result)


def cluster_caption(runner: Runner) -> str:
    """Where the runs go, for any reader: never the configured address itself."""
    at_once = runner.settings.concurrent_runs
    if runner.settings.scheduler is not None:
        return t("designer.cluster_configured", runs=at_once)
    return t("designer.cluster_local", workers=runner.settings.workers, runs=at_once)


def refusal_text(refusal: RunRefusedError) -> str:
    """Why the server refused a run, naming the setting it met, and how to make it smaller."""
    fields = {
        name: number(value, 1) if isinstance(value, float) else value
        for name, value in refusal.fields.items()
    }
    return " ".join(t(key, **fields) for key in (refusal.key, *refusal.also))
