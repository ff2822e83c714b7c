"""A player's questions, each answered from the exact formulas: one game rated with its
notices and what-ifs (:mod:`.game`), the win rate that holds a rating and the games a climb takes
(:mod:`.break_even`), the Planner's simulated paths (:mod:`.planner`), "explain my result",
backwards from a change to the games that give it (:mod:`.explain`), and the performance rating
of a tournament (:mod:`.performance`); the opponents against whom a change no game against the
one typed gives would be exact (:mod:`.exact_opponent`). Their public names are re-exported by
:mod:`gammon_elo`.
"""
