"""The Prolog program's iterative program: Prolog's depth-first execution written as one loop.

It is backtracking's loop (solvers/queens/backtracking/iterative.py) over the same column model
with the last column first: Prolog solves the rest of the list before the list's first column.
"""

from __future__ import annotations

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.backtracking.iterative import fill_iteratively
from solvers.queens.backtracking.model import column_search, last_column_first


def solve(opts: QueensOptions, observer: Observer) -> QueensResult:
    return fill_iteratively(column_search(last_column_first, opts, observer))
