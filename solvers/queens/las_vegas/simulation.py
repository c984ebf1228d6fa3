"""Many seeded Las Vegas attempts, summarised as the sample versions of Brassard & Bratley's p, s, e, t
(`automata run queens --algorithm las-vegas --attempts N`); las_vegas/exact.py computes them exactly."""

from __future__ import annotations

import math

from automata.runtime.events import NullObserver

from solvers.queens.algorithms import QueensOptions
from solvers.queens.las_vegas import iterative


def simulate(opts: QueensOptions) -> dict[str, object]:
    """Run `opts.attempts` attempts (default 10,000) with the iterative implementation and summarise.

    The estimates are the sample versions of Brassard & Bratley's p, s, e and t; `standard_error`
    is that of the success rate, sqrt(p (1 - p) / attempts).
    """
    attempts = opts.attempts if opts.attempts is not None else 10_000
    run = QueensOptions(n=opts.n, seed=opts.seed, random_queens=opts.random_queens, attempts=attempts, limit=opts.limit)
    result = iterative.solve(run, NullObserver())
    stats = dict(result.stats)
    made = stats["attempts"]
    successes = stats["successes"]
    failures = made - successes
    rate = successes / made
    mean_success = stats["success_nodes"] / successes if successes else None
    mean_failure = stats["failure_nodes"] / failures if failures else None
    if successes == 0:
        expected_total = None
    elif failures == 0:
        expected_total = mean_success
    else:
        expected_total = mean_success + mean_failure * (1 - rate) / rate
    return {
        "n": opts.n,
        "random_queens": opts.n if opts.random_queens is None else opts.random_queens,
        "seed": opts.seed,
        "attempts": made,
        "successes": successes,
        "success_rate": rate,
        "standard_error": math.sqrt(rate * (1 - rate) / made),
        "mean_nodes_per_attempt": stats["nodes"] / made,
        "mean_nodes_success": mean_success,
        "mean_nodes_failure": mean_failure,
        "estimated_expected_nodes": expected_total,
        "dead_ends": stats["dead_ends"],
        "random_draws": stats["random_draws"],
    }
