"""The verdict of a comparison of rating systems, as numbers and names (:class:`Verdict`), and in
words (:func:`verdict_text`): which system predicts best, by how much against the current rules
and the runner-up (per 1,000 games, with its standard error, and whether it is clear), how far it
goes from a coin toss to the floor, which systems lose to the current rules, and where settings
were chosen; when every system is worse than a coin toss it names none best. The words come
from templates by key (:data:`TEMPLATES`, English): a page passes its own language's templates
with the same keys and fields, or renders :meth:`Verdict.parts` itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt
import pandas as pd

from ..calibrate.scores import Margin, paired_margin

__all__ = ["COIN_TOSS", "FLOOR", "REFERENCES", "TEMPLATES", "Verdict", "judge", "verdict_text"]

#: The reference rows' names (and kinds).
COIN_TOSS: Final = "coin toss"
FLOOR: Final = "floor"
REFERENCES: Final = (COIN_TOSS, FLOOR)

#: A coin toss's log-loss: ln 2.
_COIN: Final = math.log(2)

#: The verdict's sentences in English, by the keys of :meth:`Verdict.parts`, with their fields.
TEMPLATES: Final[Mapping[str, str]] = {
    "all_worse": (
        "Every system predicts these {games:,} games worse than a coin toss: the least bad,"
        " {system}, scores log-loss {log_loss:.4f} where a coin toss scores ln 2 = {coin:.4f},"
        " so none is named best."
    ),
    "best": (
        "{system} predicts these {games:,} games best: log-loss {log_loss:.4f} (a coin toss"
        " scores {coin:.4f})."
    ),
    "ahead_clear": (
        "It beats {other} by {per_1000:.1f} in log-loss per 1,000 games ({margin:.5f} ±"
        " {se:.5f} a game): a clear difference."
    ),
    "ahead_unclear": (
        "It beats {other} by {per_1000:.1f} in log-loss per 1,000 games ({margin:.5f} ±"
        " {se:.5f} a game): no clear difference."
    ),
    "floor": (
        "It covers {share:.0%} of the way from a coin toss to the floor, where each pair of"
        " levels' actual win rate on these games scores {floor:.4f}."
    ),
    "floor_only": (
        "The floor, each pair of levels' actual win rate on these games, scores {floor:.4f}."
    ),
    "divisor_gap": (
        "It closes {share:.0%} of the way from the best divisor, {divisor}, to the floor."
    ),
    "worse": "Clearly worse than {current}: {systems}.",
    "chosen_half": (
        "Settings chosen on the first half of the games by time ({games:,} games) and scored"
        " on the second: {systems}."
    ),
    "chosen_all": (
        "Settings chosen on the very games they are scored on, which flatters them: {systems}."
    ),
}


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a comparison says. ``best`` is None when every system is worse than a coin toss;
    ``least_bad`` is the lowest log-loss of the systems either way. Margins are paired per
    game: ``versus_current`` is the current rules' log-loss a game minus the least bad's,
    ``versus_runner_up`` the runner-up's minus it (positive: it predicts better). ``share``:
    the share of the distance from a coin toss to the floor it covers; ``divisor_share``: of
    the distance from the best divisor to the floor, where it is no divisor."""

    games: int
    current: str
    best: str | None
    least_bad: str
    log_loss: float
    versus_current: Margin
    runner_up: str | None
    versus_runner_up: Margin | None
    floor: float | None
    share: float | None
    best_divisor: str | None
    divisor_share: float | None
    worse: tuple[str, ...]
    chosen: tuple[str, ...]
    in_sample: tuple[str, ...]
    fit_games: int

    def parts(self) -> tuple[tuple[str, dict[str, object]], ...]:
        """The verdict's sentences: each a key of :data:`TEMPLATES` and its fields (numbers as
        numbers, names as text, lists of names as tuples)."""
        found: list[tuple[str, dict[str, object]]] = []
        head = {"system": self.least_bad, "games": self.games, "log_loss": self.log_loss}
        found.append(("best" if self.best else "all_worse", head | {"coin": _COIN}))
        if self.best is not None:
            if self.best != self.current:
                found.append(_ahead(self.current, self.versus_current))
            if self.runner_up is not None and self.runner_up != self.current:
                assert self.versus_runner_up is not None
                found.append(_ahead(self.runner_up, self.versus_runner_up))
        if self.floor is not None and self.best is not None and self.share is not None:
            found.append(("floor", {"floor": self.floor, "system": self.best,
                                    "share": self.share}))  # fmt: skip
        elif self.floor is not None:
            found.append(("floor_only", {"floor": self.floor}))
        if self.best is not None and self.divisor_share is not None:
            found.append(("divisor_gap", {"system": self.best, "divisor": self.best_divisor,
                                          "share": self.divisor_share}))  # fmt: skip
        if self.worse:
            found.append(("worse", {"current": self.current, "systems": self.worse}))
        if self.chosen:
            found.append(("chosen_half", {"games": self.fit_games, "systems": self.chosen}))
        if self.in_sample:
            found.append(("chosen_all", {"systems": self.in_sample}))
        return tuple(found)


def _ahead(other: str, margin: Margin) -> tuple[str, dict[str, object]]:
    key = "ahead_clear" if margin.clear else "ahead_unclear"
    return key, {"other": other, "per_1000": margin.mean * 1000, "margin": margin.mean,
                 "se": margin.se}  # fmt: skip


def english_list(names: Sequence[str]) -> str:
    """Names as an English sentence lists them.

    >>> english_list(["a"]), english_list(["a", "b"]), english_list(["a", "b", "c"])
    ('a', 'a and b', 'a, b and c')
    """
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def verdict_text(
    verdict: Verdict,
    templates: Mapping[str, str] = TEMPLATES,
    join: Callable[[Sequence[str]], str] = english_list,
) -> str:
    """The verdict in words: each of :meth:`Verdict.parts` filled into its template, lists of
    names joined by ``join``."""
    sentences = []
    for key, fields in verdict.parts():
        values = {k: join(v) if isinstance(v, tuple) else v for k, v in fields.items()}
        sentences.append(templates[key].format(**values))
    return " ".join(sentences)


def judge(
    table: pd.DataFrame,
    losses: Mapping[str, npt.NDArray[np.float64]],
    current: str,
    fit_games: int,
) -> Verdict:
    """The verdict on a comparison's rows (best first) and each row's per-game losses."""
    systems = table[~table["kind"].isin(REFERENCES)]
    least = systems.iloc[0]
    name = str(least["system"])
    runner = str(systems.iloc[1]["system"]) if len(systems) > 1 else None
    floors = table.loc[table["kind"] == FLOOR, "log_loss"]
    floor = float(floors.iloc[0]) if len(floors) else None
    divisors = systems[systems["kind"].isin(("rules", "divisor"))]
    best_divisor = str(divisors.iloc[0]["system"]) if len(divisors) else None
    divisor_share = None
    if floor is not None and best_divisor is not None and least["kind"] not in ("rules", "divisor"):
        gap = float(divisors.iloc[0]["log_loss"]) - floor
        if gap > 0:
            divisor_share = (float(divisors.iloc[0]["log_loss"]) - float(least["log_loss"])) / gap
    return Verdict(
        games=int(least["games"]),
        current=current,
        best=name if float(least["log_loss"]) < _COIN else None,
        least_bad=name,
        log_loss=float(least["log_loss"]),
        versus_current=paired_margin(losses[current], losses[name]),
        runner_up=runner,
        versus_runner_up=None if runner is None else paired_margin(losses[runner], losses[name]),
        floor=floor,
        share=None if floor is None or not floor < _COIN else float(least["share"]),
        best_divisor=best_divisor,
        divisor_share=divisor_share,
        worse=tuple(systems.loc[(systems["margin"] < 0) & systems["clear"], "system"]),
        chosen=tuple(systems.loc[systems["chosen"] & ~systems["fitted"], "system"]),
        in_sample=tuple(systems.loc[systems["fitted"], "system"]),
        fit_games=fit_games,
    )
