"""The lab's runs as a reader meets them: where they go, the note while others are ahead, and
why one is refused, in the reader's language. The queue, the cluster and the prices are the
server's (:mod:`server.runs`, :mod:`server.cost`); this module only words them.
"""

from __future__ import annotations

from collections.abc import Callable

from server.runs import Runner, RunRefusedError

from ..i18n import number, t
from ..params import Where

__all__ = ["cluster_caption", "refusal_text", "waiting_note"]


def cluster_caption(runner: Runner) -> str:
    """Where the runs go, for any reader: never the configured address itself."""
    runs = runner.settings.concurrent_runs
    if runner.settings.scheduler is not None:
        return t("designer.cluster_configured", runs=runs)
    return t("designer.cluster_local", workers=runner.settings.workers, runs=runs)


def refusal_text(refusal: RunRefusedError) -> str:
    """Why the server refused a run, naming the setting it met, and how to make it smaller."""
    fields = {
        name: number(value, 1) if isinstance(value, float) else value
        for name, value in refusal.fields.items()
    }
    return " ".join(t(key, **fields) for key in (refusal.key, *refusal.also))


def waiting_note(note: Where) -> Callable[[int], object]:
    """What a reader sees in ``note`` while other runs are ahead of theirs."""

    def show(ahead: int) -> object:
        if ahead == 1:
            return note.info(t("designer.queue_waiting_one"), icon=":material/hourglass_top:")
        text = t("designer.queue_waiting", ahead=ahead)
        return note.info(text, icon=":material/hourglass_top:")

    return show
