"""The modelling assumptions the questions share, each written once: how often a game ends at
each cube and how many players play a heavy week. They come from no published data; they are
the designer's guesses, kept in one place so the simulator, the Planner and "explain my result"
cannot drift apart.
"""

from __future__ import annotations

from typing import Final

__all__ = ["CUBE_MIX", "HEAVY_SHARE"]

#: How often a game ends at each cube value, as (cube, weight) pairs: most single games end
#: undoubled or at 2. The simulator's default, and the Planner's "mixed cubes".
CUBE_MIX: Final = ((1, 0.50), (2, 0.30), (4, 0.13), (8, 0.05), (16, 0.02))

#: Share of players who play a heavy week (hundreds of ranked games, K at the heavy-week K).
HEAVY_SHARE: Final = 0.05
