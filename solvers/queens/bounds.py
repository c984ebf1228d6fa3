"""How large a board each queens algorithm is offered, per mode and implementation: what a user
can wait for, measured rather than guessed.

A search's work is its number of nodes (every queen put on the board), which depends on the
algorithm, on N and on how many solutions are asked for, never on the implementation; each
implementation then spends a roughly constant time per node. The automaton on `transitions` is
the slowest (about 20 times the iterative reference), the iterative, recursive and generated
code are close to each other. So the largest N offered is the largest whose run ends within
about a minute on one core, for:

* the mode: **every solution** (`--all`, `--count`, and what the enumerating searches do by
  default) or **a few** (`--first K` with K up to `FEW`: the first solutions come early; beyond
  that, asking for K solutions costs nearly what asking for all does);
* the implementation family: the **automaton** (`--impl automaton`, the default of `run`; `verify`
  runs it too) or **plain** code (`iterative`, `recursive`, `generated`).

The node counts are not monotone in N (the first solution of 30 queens takes 56 million nodes
with backtracking, that of 31 only 13 million), so each bound is the end of the range in which
every N ends in time. `bench/queens_bounds.py` measures the time at each bound and one past it.
"""

from __future__ import annotations

from collections.abc import Iterable

EVERY = "every solution"
FEW = "a few solutions"
FEW_SOLUTIONS = 10  # --first K up to this many counts as "a few"
AUTOMATON = "the automaton"
PLAIN = "plain code (iterative, recursive, generated)"

# (algorithm, mode, family) -> the largest N offered
LARGEST_N: dict[tuple[str, str, str], int] = {
    ("backtracking", EVERY, AUTOMATON): 12, ("backtracking", EVERY, PLAIN): 14,
    ("backtracking", FEW, AUTOMATON): 28, ("backtracking", FEW, PLAIN): 29,
    # Prolog program 1 fills the columns from the last: the mirror image, the same node counts.
    ("prolog", EVERY, AUTOMATON): 12, ("prolog", EVERY, PLAIN): 14,
    ("prolog", FEW, AUTOMATON): 28, ("prolog", FEW, PLAIN): 29,
    # Fewest free cells first: far fewer nodes, each dearer.
    ("mrv", EVERY, AUTOMATON): 13, ("mrv", EVERY, PLAIN): 13,
    ("mrv", FEW, AUTOMATON): 56, ("mrv", FEW, PLAIN): 56,
}


def mode_of(limit: int | None) -> str:
    """The mode a solution limit (`--first K`, None for every solution) asks for."""
    return FEW if limit is not None and limit <= FEW_SOLUTIONS else EVERY


def family_of(implementations: Iterable[str]) -> str:
    """The slowest family among the implementations a command will run."""
    return AUTOMATON if "automaton" in implementations else PLAIN


def bound_problem(algorithm: str, n: int, limit: int | None, implementations: Iterable[str]) -> str | None:
    """Why N is too large for this run, with what to do instead; None when it is offered."""
    mode, family = mode_of(limit), family_of(implementations)
    largest = LARGEST_N.get((algorithm, mode, family))
    if largest is None or n <= largest:
        return None
    if limit is None:
        asked = "every solution"
    elif mode == FEW:
        asked = "the first solution" if limit == 1 else f"the first {limit} solutions"
    else:
        asked = f"{limit:,} solutions (more than {FEW_SOLUTIONS} cost nearly what every solution does)"
    options = []
    if family == AUTOMATON and LARGEST_N[algorithm, mode, PLAIN] >= n:
        options.append(f"--impl iterative or generated (up to N = {LARGEST_N[algorithm, mode, PLAIN]})")
    if mode == EVERY and LARGEST_N[algorithm, FEW, family] >= n:
        options.append(f"--first K, K up to {FEW_SOLUTIONS} (up to N = {LARGEST_N[algorithm, FEW, family]})")
    if algorithm != "mrv" and LARGEST_N["mrv", mode, family] >= n:
        options.append(f"--algorithm mrv (up to N = {LARGEST_N['mrv', mode, family]})")
    options.append("--algorithm las-vegas or explicit for one solution of a larger board")
    return (f"{algorithm} finds {asked} with {family} for N up to {largest}; N = {n} would run for minutes "
            f"or longer. Try {'; or '.join(options)}")
