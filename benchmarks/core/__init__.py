"""Benchmarks of the pure core: ``bench_core`` (``rating_change`` and the expected-score curves),
``bench_replay`` (a history's replay) and ``bench_simulate`` (the population simulator), each
against a plain-Python baseline; the replay's and the simulator's baselines are the tests' own
game-by-game oracles (``tests/oracles.py``)."""
