"""Gammon42's ELO rules, exactly as the server computes them, and the tools built on them.

>>> from gammon_elo import rating_change
>>> rating_change(1500, 1500, winner_recent_games=60, loser_recent_games=10)
Change(winner=8, loser=-16)

The public API is below; the modules behind it are private to the package's layout:

- ``rules``: the rule sets; ``formulas``: one function per equation of the article (scalar);
- ``_core/``: the exact kernel, private: the scalar arithmetic and its array twins, the change
  lookup, Go's ``math.Pow``, argument checks and the errors they raise, shared defaults;
  ``parallel``: the one Dask runner the sweep and the fit share;
- ``article``: the article's tables; ``classic``, ``fibs``: the other calculators;
  ``player/``: a player's questions (one game, break-even, the Planner, "explain my result",
  the performance rating); ``stats``: quantiles, IQR, half within, Spearman;
- ``replay/``: a history of games re-rated; ``simulate/``: a population simulated;
  ``systems/``: Glicko-2 and Weng-Lin Bradley-Terry beside the rule sets, on the same games;
  ``cli/``: the command line, one module per subcommand.

The names that need neither NumPy nor pandas are imported with the package; the others when one
of them is first asked for (:data:`_LATER`), so that a command such as ``gammon-elo change`` loads
neither. A history is re-rated by :func:`gammon_elo.replay.replay`, a population simulated by
:func:`gammon_elo.simulate.simulate`: each function lives in the subpackage of its name.
"""

#: The package's version: pyproject.toml reads it from here (``gammon-elo --version`` prints it).
__version__ = "0.1.0"

import importlib
from typing import TYPE_CHECKING, Any

from ._core.checks import CUBES
from ._core.errors import InvalidHistory, InvalidInput, UnknownRules
from .classic import K_PRESETS, ClassicResult, KPreset, classic_update, team_rating
from .fibs import FibsChange, fibs_change, fibs_k, fibs_underdog_probability
from .formulas import (
    Change,
    ChangeSteps,
    KChoice,
    change_steps,
    cube_multiplier,
    expected_score,
    go_round,
    k_choice,
    k_factor,
    rating_change,
)
from .player.break_even import break_even_win_rate, games_to_target
from .player.exact_opponent import OpponentRange, exact_opponents
from .player.explain import Cause, ChangeCauses, change_causes
from .player.game import (
    Ending,
    Game,
    GameRating,
    GameType,
    Notice,
    PlayerOutcome,
    WhatIf,
    podium_prize,
    rate_game,
    what_if,
)
from .player.performance import Performance, parse_results, performance_rating
from .rules import CURRENT, FIBS_DIVISOR, RULES, STANDARD_DIVISORS, Rules, get_rules

if TYPE_CHECKING:
    from ._core.arrays import go_round_array
    from .article import (
        change_table,
        cube_table,
        divisor_table,
        expected_curves,
        expected_curves_frame,
        expected_table,
        game_divisor_table,
        heavy_week_table,
        points_frame,
    )
    from .player.planner import CUBE_MIX, HoldRow, Plan, hold_table, plan, settling_rating
    from .replay import (
        ChunkedReplay,
        ReplayResult,
        RulesComparison,
        compare_rules,
        neutralize_formulas,
        read_history,
        replay_chunks,
        sample_history,
        trajectories,
    )
    from .simulate import Population, Simulation, strongest_tenth_win_rate
    from .stats import half_within, spearman
    from .systems import (
        Chosen,
        FittedDivisor,
        Glicko2,
        Glicko2Rating,
        SystemsComparison,
        Verdict,
        WengLin,
        compare_systems,
        glicko2_period,
        parse_system,
        verdict_text,
    )

#: The modules whose names need NumPy or pandas, cheapest first.
_LATER = (
    "._core.arrays", ".stats", ".player.planner", ".article", ".replay", ".simulate", ".systems",
)  # fmt: skip


def __getattr__(name: str) -> Any:
    """A public name that needs NumPy or pandas, imported when first asked for (PEP 562)."""
    if name in __all__:
        for module in _LATER:
            found = importlib.import_module(module, __name__)
            if name in found.__all__:
                value = getattr(found, name)
                globals()[name] = value
                return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CUBES",
    "CUBE_MIX",
    "CURRENT",
    "FIBS_DIVISOR",
    "K_PRESETS",
    "RULES",
    "STANDARD_DIVISORS",
    "Cause",
    "Change",
    "ChangeCauses",
    "ChangeSteps",
    "Chosen",
    "ChunkedReplay",
    "ClassicResult",
    "Ending",
    "FibsChange",
    "FittedDivisor",
    "Game",
    "GameRating",
    "GameType",
    "Glicko2",
    "Glicko2Rating",
    "HoldRow",
    "InvalidHistory",
    "InvalidInput",
    "KChoice",
    "KPreset",
    "Notice",
    "OpponentRange",
    "Performance",
    "Plan",
    "PlayerOutcome",
    "Population",
    "ReplayResult",
    "Rules",
    "RulesComparison",
    "Simulation",
    "SystemsComparison",
    "UnknownRules",
    "Verdict",
    "WengLin",
    "WhatIf",
    "break_even_win_rate",
    "change_causes",
    "change_steps",
    "change_table",
    "classic_update",
    "compare_rules",
    "compare_systems",
    "cube_multiplier",
    "cube_table",
    "divisor_table",
    "exact_opponents",
    "expected_curves",
    "expected_curves_frame",
    "expected_score",
    "expected_table",
    "fibs_change",
    "fibs_k",
    "fibs_underdog_probability",
    "game_divisor_table",
    "games_to_target",
    "get_rules",
    "glicko2_period",
    "go_round",
    "go_round_array",
    "half_within",
    "heavy_week_table",
    "hold_table",
    "k_choice",
    "k_factor",
    "neutralize_formulas",
    "parse_results",
    "parse_system",
    "performance_rating",
    "plan",
    "podium_prize",
    "points_frame",
    "rate_game",
    "rating_change",
    "read_history",
    "replay_chunks",
    "sample_history",
    "settling_rating",
    "spearman",
    "strongest_tenth_win_rate",
    "team_rating",
    "trajectories",
    "verdict_text",
    "what_if",
]
