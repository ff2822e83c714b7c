"""The old import paths and names, kept for one release: each is the very object of its new home,
so code written against either sees the same function, class or constant."""

from __future__ import annotations

import importlib

import pytest

import gammon_elo

#: Old module → the module that now holds its names.
MOVED = {
    "gammon_elo.tables": "gammon_elo.article",
    "gammon_elo.games": "gammon_elo.player.game",
    "gammon_elo.analysis": "gammon_elo.player.break_even",
    "gammon_elo.planning": "gammon_elo.player.planner",
    "gammon_elo.explaining": "gammon_elo.player.explain",
    "gammon_elo.performance": "gammon_elo.player.performance",
    "gammon_elo.simulate.run": "gammon_elo.simulate.weeks",
    "gammon_elo.sweep.run": "gammon_elo.sweep.gather",
    "gammon_elo.sweep.engine": "gammon_elo.parallel",
}

#: Names an old module re-exports under another name: (old module, old name) → new name.
RENAMED_IN_MODULE = {("gammon_elo.explaining", "Outcome"): "WinOrLoss"}

#: Old name → new name, both in gammon_elo.
RENAMED = {
    "explain_change": "change_steps",
    "explain_result": "change_causes",
    "Explanation": "Cause",
    "Explained": "ChangeCauses",
    "Outcome": "GameRating",
}


@pytest.mark.parametrize(("old", "new"), MOVED.items())
def test_an_old_module_re_exports_its_names_from_the_new_one(old: str, new: str) -> None:
    before, after = importlib.import_module(old), importlib.import_module(new)
    assert before.__doc__ == f"Kept for one release; use :mod:`{new}`."
    assert before.__all__, old
    for name in before.__all__:
        new_name = RENAMED_IN_MODULE.get((old, name), name)
        assert getattr(before, name) is getattr(after, new_name), f"{old}.{name}"


@pytest.mark.parametrize(("old", "new"), RENAMED.items())
def test_an_old_name_is_the_new_one(old: str, new: str) -> None:
    assert getattr(gammon_elo, old) is getattr(gammon_elo, new)
    assert old in gammon_elo.__all__ and new in gammon_elo.__all__


def test_the_names_the_app_and_tests_import_by_their_old_paths_are_there() -> None:
    from gammon_elo import parallel
    from gammon_elo.planning import HOLD_OPPONENTS, recent_games
    from gammon_elo.player import planner
    from gammon_elo.replay.api import SPREAD_COLUMNS, compare_rules, replay
    from gammon_elo.sweep.engine import CONNECT_TIMEOUT, connect, run_tasks
    from gammon_elo.tables import heat_map_frame

    assert (HOLD_OPPONENTS, recent_games) == (planner.HOLD_OPPONENTS, planner.recent_games)
    assert (connect, run_tasks, CONNECT_TIMEOUT) == (
        parallel.connect,
        parallel.run_tasks,
        parallel.CONNECT_TIMEOUT,
    )
    assert (replay, compare_rules) == (gammon_elo.replay, gammon_elo.compare_rules)
    assert "top_to_bottom" in SPREAD_COLUMNS
    assert heat_map_frame is gammon_elo.article.heat_map_frame
