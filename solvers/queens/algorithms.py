"""The shared interface of every N-queens search, and the registry of the algorithms by name.

A placement is written the way the source documents write it: a tuple whose i-th entry is the
row (1..n) of the queen standing in column i + 1. Every algorithm module exposes

    SPEC: str                                        the automaton's spec, relative to the project root
    check_options(opts) -> None                      raise InputError for options the algorithm refuses
    iterative(opts, observer) -> QueensResult        loop with an explicit stack
    recursive(opts, observer) -> QueensResult        the textbook recursion
    automaton(opts, observer, engine="transitions", sinks=(), spec=None) -> QueensResult

and all three report the same events to the observer (the enumerating searches' vocabulary is in
`solvers.queens.tally`, Las Vegas's in `solvers.queens.lv_model`, the construction's in
`solvers.queens.explicit_model`). The commands call `check_options` before running anything, so
refused options are bad input (exit 2) even under `verify`, where an implementation that raises
would otherwise count as a failed verification. What `automata run|verify|mutate` run for each
spec (the context, the implementations as functions of it, the default cases) is the algorithm's
program in `solvers.queens.programs`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

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


# name -> module; imported on first use so that one missing module does not break the others
ALGORITHMS: dict[str, str] = {
    "backtracking": "solvers.queens.backtracking",
    "prolog": "solvers.queens.prolog",
    "mrv": "solvers.queens.mrv",
    "las-vegas": "solvers.queens.las_vegas",
    "explicit": "solvers.queens.explicit",
}

# the algorithms that enumerate every solution (and therefore share the counting tests and `compare`)
ENUMERATING = ("backtracking", "prolog", "mrv")


def algorithm_module(name: str) -> ModuleType:
    """The module implementing the algorithm `name`, with a clear error if it is unknown or missing."""
    if name not in ALGORITHMS:
        known = ", ".join(ALGORITHMS)
        raise InputError(f"unknown queens algorithm {name!r}; choose one of: {known}")
    module_name = ALGORITHMS[name]
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise InputError(
            f"the queens algorithm {name!r} is not available: module {module_name} is not installed in this checkout"
        ) from None
