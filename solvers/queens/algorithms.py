"""The shared interface of every N-queens search, and the registry of the algorithms by name.

A placement is written the way the source documents write it: a tuple whose i-th entry is the
row (1..n) of the queen standing in column i + 1. Every algorithm has a folder of the same shape
(solvers/queens/README.md):

    model.py          the model the three programs drive (prolog uses backtracking's)
    iterative.py      solve(opts, observer) -> QueensResult: a loop with an explicit stack
    recursive.py      solve(opts, observer) -> QueensResult: the textbook recursion
    automaton.py      SPEC, the automaton's context, and solve(opts, observer, engine, sinks, spec)
    program.py        the spec's program (automata/runtime/program.py), and check_options(opts),
                      which raises InputError for options the algorithm refuses

and all three programs report the same events to the observer (the enumerating searches'
vocabulary is in `solvers.queens.tally`, Las Vegas's in `las_vegas/model.py`, the construction's
in `explicit/model.py`). The commands call `check_options` before running anything, so refused
options are bad input (exit 2) even under `verify`, where an implementation that raises would
otherwise count as a failed verification. `find_algorithm(name)` reads a folder into an
`Algorithm`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from automata.errors import InputError


@dataclass(frozen=True)
class QueensOptions:
    n: int
    limit: int | None = None  # stop after this many solutions (None = all)
    seed: int | None = None  # las-vegas only
    random_queens: int | None = None  # las-vegas hybrid: k queens at random, then backtracking
    attempts: int | None = None  # las-vegas: attempts to simulate (None = until the first success)
    # Queens placed in advance, as (column, row) cells: every implementation starts from them
    # (backtracking, prolog, mrv; see solvers.queens.given for the notation and the checks).
    placed: tuple[tuple[int, int], ...] = ()
    look_ahead: bool = False  # mrv: a cell whose queen would leave some line with no free cell is not free
    symmetry: bool = False  # mrv: search half the board, keep one solution of each symmetry class


# Why an enumerating search stopped.
EXHAUSTED = "exhausted"  # every placement has been tried
ENOUGH = "enough"  # the requested number of solutions has been found


@dataclass(frozen=True)
class QueensResult:
    solutions: tuple[tuple[int, ...], ...]  # each: the row of the queen in column 1..n, in the order found
    count: int
    stats: tuple[tuple[str, int], ...]  # e.g. (("nodes", 114), ("choices", 7), ("forced", 20))
    # EXHAUSTED or ENOUGH for the enumerating searches; "" for the algorithms with one way to end.
    # Their automata take it from the final state they stop in, so stopping in the wrong one is a
    # different result, which verification sees.
    outcome: str = ""

    def stat(self, name: str, default: int = 0) -> int:
        """One counter of `stats` by name (`default` when the algorithm does not keep it)."""
        return dict(self.stats).get(name, default)


def check_board(opts: QueensOptions) -> None:
    """The check every algorithm needs: a board of at least one square."""
    if opts.n < 1:
        raise InputError(f"the board size must be at least 1; got {opts.n}")


# name -> the algorithm's folder (its package); imported on first use so that one missing folder
# does not break the others
ALGORITHMS: dict[str, str] = {
    "backtracking": "solvers.queens.backtracking",
    "prolog": "solvers.queens.prolog",
    "mrv": "solvers.queens.mrv",
    "las-vegas": "solvers.queens.las_vegas",
    "explicit": "solvers.queens.explicit",
}

# the algorithms that enumerate every solution (and therefore share the counting tests and `compare`)
ENUMERATING = ("backtracking", "prolog", "mrv")


@dataclass(frozen=True)
class Algorithm:
    """One algorithm's folder, read: its spec, its refusals and its three programs, each a function
    of (options, observer) returning a `QueensResult` (the automaton's also takes engine, sinks and
    a replacement spec)."""

    name: str
    package: str
    spec_path: str
    check_options: Callable[[QueensOptions], None]
    iterative: Callable[..., QueensResult]
    recursive: Callable[..., QueensResult]
    automaton: Callable[..., QueensResult]


def find_algorithm(name: str) -> Algorithm:
    """The algorithm `name` from its folder, with a clear error if it is unknown or missing."""
    if name not in ALGORITHMS:
        known = ", ".join(ALGORITHMS)
        raise InputError(f"unknown queens algorithm {name!r}; choose one of: {known}")
    package = ALGORITHMS[name]
    try:
        program, iterative, recursive, automaton = (
            importlib.import_module(f"{package}.{part}") for part in ("program", "iterative", "recursive", "automaton"))
    except ModuleNotFoundError as error:
        if not (error.name or "").startswith(package):
            raise
        raise InputError(
            f"the queens algorithm {name!r} is not available: {error.name} is not installed in this checkout"
        ) from None
    return Algorithm(name, package, automaton.SPEC, program.check_options, iterative.solve, recursive.solve,
                     automaton.solve)
