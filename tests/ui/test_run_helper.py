"""The lab's one run helper (:func:`ui.lab.run.kept_or_run`) on its own, in a script of its own
under AppTest, with a result kept in the reader's session: a run over ``run_games`` is refused by
the setting's name and runs nothing; a bad input is said by its field's name and value; a run
whose reader leaves midway (Streamlit raises in its progress report) keeps nothing and gives its
slot back; a run to its end is kept, and served again without asking for a slot."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from apptest_support import admit_locally
from plain_support import shows
from streamlit.testing.v1 import AppTest

from server import runs, settings
from ui.catalogs import EN


def _script() -> None:
    """A run whose behaviour ``st.session_state["mode"]`` picks: ``refused`` (over run_games),
    ``invalid`` (its plan refuses an input), ``leave`` (its reader leaves after the first of its
    two parts), else ``run`` (to its end)."""
    # The script runs apart from this module, its annotations evaluated: Any must be there.
    from typing import Any  # noqa: F401

    import streamlit as st
    from streamlit.runtime.scriptrunner_utils.exceptions import StopException

    from gammon_elo import InvalidInput
    from server.cost import Cost
    from ui.lab.run import Plan, in_session, kept_or_run

    mode = st.session_state.get("mode", "run")

    def work(progress: Any, client: Any) -> str:
        progress(1, 2)
        if mode == "leave":
            raise StopException()  # what Streamlit raises there in the script of a reader who left
        progress(2, 2)
        return f"ran to its end ({mode})"

    def plan() -> Any:
        if mode == "invalid":
            raise InvalidInput("players", -5, "must be at least 10")
        games = 500_000_001 if mode == "refused" else 10
        return Plan(Cost(games, 1, "simulation"), work, "lab.rerating")

    result = kept_or_run(in_session("probe"), "these inputs", plan)
    st.text(f"result: {result}")


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The games of every run that asked the queue for a slot, with the server's default
    settings."""
    settings.current.cache_clear()
    calls: list[int] = []
    slot = runs.Runner.slot

    def counted(self: runs.Runner, reader: str, cost: Any, *args: Any, **options: Any) -> Any:
        calls.append(cost.games)
        return slot(self, reader, cost, *args, **options)

    monkeypatch.setattr(runs.Runner, "slot", counted)
    yield calls
    settings.current.cache_clear()


def _run(at: AppTest, mode: str) -> AppTest:
    at.session_state["mode"] = mode
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _shown(at: AppTest) -> list[str]:
    return [text.value for text in at.text]


def test_one_run_refused_left_kept_and_served(asked: list[int]) -> None:
    admit_locally()
    runner = runs.runner()
    at = AppTest.from_function(_script, default_timeout=60)

    _run(at, "refused")
    (refusal,) = [w.value for w in at.warning]
    assert "would rate 500,000,001 games" in refusal and "at most 500,000,000" in refusal
    assert "(run_games)" in refusal and EN["designer.smaller_simulation"] in refusal
    assert _shown(at) == ["result: None"] and not at.get("progress")
    assert not at.session_state["probe"]

    _run(at, "invalid")
    (error,) = [e.value for e in at.error]
    assert shows(error, "players must be at least 10, got -5")
    assert _shown(at) == ["result: None"]
    assert asked == [500_000_001]  # the bad input was refused before any price or slot

    _run(at, "leave")
    assert _shown(at) == []  # the script ended in the run
    assert not at.session_state["probe"]  # nothing kept of it
    assert runner.running == 0 and not runner._queue  # its slot given back
    assert asked == [500_000_001, 10]

    _run(at, "run")
    assert _shown(at) == ["result: ran to its end (run)"]
    assert not at.get("progress")  # the bar goes once the run is over
    assert asked == [500_000_001, 10, 10]

    _run(at, "leave")  # kept: served as it is, the work never called
    assert _shown(at) == ["result: ran to its end (run)"]
    assert asked == [500_000_001, 10, 10]
    assert runner.running == 0 and not runner._queue
