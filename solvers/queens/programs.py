"""The queens' programs: what `automata run|verify|mutate specs/queens_*.yaml` need.

One program per algorithm, named by its spec's `program:` key (`solvers.queens.programs:MRV`),
with the attributes of the contract every spec's program has (automata/runtime/program.py):
make_context, IMPLEMENTATIONS, CASES, result, parse_case and step_limit. A case is a
`QueensOptions`.

**The plain implementations are functions of the automaton's context.**
- backtracking, prolog: the iterative program is `columns.fill_iteratively` on the context's own
  model (`context.search`). The recursive one carries its state in its parameters (the Prolog
  program in a chain of generators) and is written over a model it builds itself, so it runs as
  `recursive(context.case, context.observer)`: make_context records the case and the observer on
  the context for that reason only. Neither drives the context, so a plain protocol of them shows
  no question or action (the automaton's protocol does).
- mrv: the loop and the recursion run on the context's own model (`context.search`).
- las-vegas, explicit: the loop and the recursion run on the context itself (its methods have the
  model's names), so their protocols show the spec's questions and actions, as the automaton's do.

**Cases.** Together each program's cases take every reachable arc of its spec and end in every
final state, boundaries included: N with no solution (2, 3), N = 1, a solution limit equal to the
number of solutions and one below it (the "enough" path against exhaustion), las-vegas's random
and hybrid modes with fixed seeds, one N of every remainder mod 12 for the explicit construction.
The searches that take the MRV text's options have cases with them too: queens given in advance
(the text's worked example, c4 and f3) for backtracking, prolog and mrv, and mrv's look-ahead and
symmetry, alone and together, so `verify SPEC` proves every implementation equal on them.
One case the command line refuses: the column searches' N = 0, whose one solution is the empty
placement; only it takes the arc that finds the board complete with no queen on it. And only
given queens (b2 and d1, or a1 and c2, on 4x4) reach a dead end before the search has placed a queen of its own.

**Step limits.** A search tree's nodes are partial placements, so their number bounds the
automaton's steps: every step of a column search places a queen, takes one back or records a
solution, except the last; mrv's steps also open, drop and report at most once per node; an
attempt of las-vegas is at most one backtracking search plus its N random queens. Las-vegas
without an attempt budget has no bound (it draws until it succeeds) and keeps the engine's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from itertools import chain, count
from math import comb, perm
from typing import Any

from automata.errors import InputError
from automata.runtime.events import Observer

from solvers.queens import backtracking, explicit, las_vegas, mrv, prolog
from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.columns import fill_iteratively, last_column_first, natural_order
from solvers.queens.contexts import ColumnSearchContext, MrvContext, result_in_final_state
from solvers.queens.explicit_context import ExplicitContext
from solvers.queens.given import PLACING, check_seed_options, column_search, parse_cells, recursive_from_given
from solvers.queens.lv_context import LasVegasContext
from solvers.queens.mrv_model import search_iteratively
from solvers.queens.picture import queens_picture

PARAMETERS = ("n", "first", "seed", "random_queens", "attempts")
LAS_VEGAS_ONLY = ("seed", "random_queens", "attempts")


class QueensProgram:
    """One algorithm's program: the module-level names of the contract, as attributes."""

    def __init__(self, algorithm: str, make_context: Callable[[QueensOptions, Observer], object],
                 implementations: Mapping[str, Callable[[Any], QueensResult]], cases: Mapping[str, QueensOptions],
                 result: Callable[[Any, int], QueensResult], step_limit: Callable[[QueensOptions], int | None],
                 check_options: Callable[[QueensOptions], None],
                 explore_cases: Callable[[], Iterator[tuple[str, QueensOptions]]] | None = None) -> None:
        self.algorithm = algorithm
        self.make_context = make_context
        self.IMPLEMENTATIONS = dict(implementations)
        self.CASES = dict(cases)
        self.result = result
        self.step_limit = step_limit
        self.check_options = _with_seed_checks(algorithm, check_options)
        self.picture = queens_picture  # the board after each step of `automata player`
        self.explore_cases = explore_cases  # the space `automata cover` searches, smallest first

    def parse_case(self, params: Mapping[str, str]) -> QueensOptions:
        """`-p n=8 -p first=3` (for las-vegas `-p seed=1 -p random_queens=2 -p attempts=20`; for the
        searches `-p place=c4,f3`, and for mrv `-p look_ahead=true -p symmetry=true`)."""
        return options_from_params(self.algorithm, params, self.check_options)

    def __repr__(self) -> str:
        return f"<queens program {self.algorithm}>"


def _with_seed_checks(algorithm: str, check_options: Callable[[QueensOptions], None]) -> Callable[[QueensOptions], None]:
    """The algorithm's own refusals, then those of the MRV text's options (exit 2 either way)."""
    def check(opts: QueensOptions) -> None:
        check_options(opts)
        check_seed_options(algorithm, opts)

    return check


def options_from_params(algorithm: str, params: Mapping[str, str],
                        check_options: Callable[[QueensOptions], None]) -> QueensOptions:
    """The case `-p KEY=VALUE` parameters describe, refused as the command line refuses it."""
    known = PARAMETERS if algorithm == "las-vegas" else tuple(k for k in PARAMETERS if k not in LAS_VEGAS_ONLY)
    # The MRV text's options: `-p place=c4,f3` (the searches), `-p look_ahead=true -p symmetry=true` (mrv).
    known += ("place",) * (algorithm in PLACING) + ("look_ahead", "symmetry") * (algorithm == "mrv")
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise ValueError(f"unknown parameter {unknown[0]!r} for {algorithm}; known: {', '.join(known)}")
    values: dict[str, int | None] = {}
    for key in PARAMETERS:  # the whole numbers
        text = params.get(key)
        if text is None:
            values[key] = None
        elif re.fullmatch(r"-?[0-9]{1,12}", text.strip()):
            values[key] = int(text)
        else:
            raise ValueError(f"{key} must be a whole number, got {text[:40]!r}")
    first = values["first"]
    if first is not None and first < 1:
        raise ValueError(f"first must be at least 1, got {first}")
    if algorithm == "explicit" and (first or 1) > 1:
        raise ValueError("the explicit construction gives exactly one solution: drop first")
    opts = QueensOptions(n=8 if values["n"] is None else values["n"], limit=first, seed=values["seed"],
                         random_queens=values["random_queens"], attempts=values["attempts"],
                         placed=parse_cells(params["place"], "-p place") if params.get("place") else (),
                         look_ahead=_flag(params, "look_ahead"), symmetry=_flag(params, "symmetry"))
    check_options(opts)  # InputError: the algorithm's own refusals, worded as for the command line
    return opts


def _flag(params: Mapping[str, str], key: str) -> bool:
    text = params.get(key, "false").strip().lower()
    if text not in ("true", "false", "1", "0", "yes", "no"):
        raise ValueError(f"{key} must be true or false, got {text[:40]!r}")
    return text in ("true", "1", "yes")


# --- step limits -----------------------------------------------------------------------------

def _column_placements(n: int) -> int:
    """Partial placements of a column search: k queens in the first k columns of the order, on distinct rows."""
    return sum(perm(n, k) for k in range(n + 1))


def _line_placements(n: int) -> int:
    """Partial placements of mrv: k queens on k distinct columns and k distinct rows."""
    return sum(comb(n, k) * perm(n, k) for k in range(n + 1))


def column_step_limit(case: QueensOptions) -> int:
    return 3 * _column_placements(case.n) + 2


def mrv_step_limit(case: QueensOptions) -> int:
    return 5 * _line_placements(case.n) + 5


def las_vegas_step_limit(case: QueensOptions) -> int | None:
    if case.attempts is None:
        return None
    return case.attempts * (2 * _column_placements(case.n) + case.n + 3) + 1


def explicit_step_limit(case: QueensOptions) -> int:
    return case.n + 8  # one step per run (at most five) and per queen, one to finish


# --- backtracking and the Prolog program --------------------------------------------------------

def _column_context(order: Callable[[int], tuple[int, ...]]) -> Callable[[QueensOptions, Observer], ColumnSearchContext]:
    def make_context(case: QueensOptions, observer: Observer) -> ColumnSearchContext:
        return ColumnSearchContext(column_search(order, case, observer), case, observer)

    return make_context


def _fill_iteratively(context: ColumnSearchContext) -> QueensResult:
    return fill_iteratively(context.search)


def _column_recursive(module: Any) -> Callable[[ColumnSearchContext], QueensResult]:
    def recursive(context: ColumnSearchContext) -> QueensResult:
        if context.case.placed:  # the module's recursion, over a model that starts from the given queens
            return recursive_from_given(module, context.case, context.observer)
        return module.recursive(context.case, context.observer)

    return recursive


def _enumerating_cases() -> dict[str, QueensOptions]:
    return {
        "N = 1: one queen": QueensOptions(1),
        "N = 2: no solution": QueensOptions(2),
        "N = 3: no solution": QueensOptions(3),
        "N = 6: all 4 solutions, the search exhausted": QueensOptions(6),
        "N = 6, first 4: enough at the last solution": QueensOptions(6, limit=4),
        "N = 6, first 3: enough one solution before the last": QueensOptions(6, limit=3),
    }


# The MRV text's worked example: queens given on (IV, c) and (III, f); one solution extends them.
SEED_EXAMPLE = ((3, 4), (6, 3))


def _column_cases() -> dict[str, QueensOptions]:
    return {
        **_enumerating_cases(),
        "N = 0 (the command line refuses it): the empty placement": QueensOptions(0),
        "N = 8, queens given on c4 and f3 (the MRV text's example): one solution": QueensOptions(8, placed=SEED_EXAMPLE),
        "N = 6, a queen given on b4, first 1": QueensOptions(6, limit=1, placed=((2, 4),)),
        # Given queens can leave the first free column without a free row: the only way to a dead
        # end with no queen of the search's own on the board (state 0's last arc). Backtracking
        # fills column a first, the Prolog program column d: one placement blocks each.
        "N = 4, queens given on b2 and d1: a dead end before any queen is placed": QueensOptions(4, placed=((2, 2), (4, 1))),
        "N = 4, queens given on a1 and c2: a dead end before any queen is placed": QueensOptions(4, placed=((1, 1), (3, 2))),
    }


def _mrv_cases() -> dict[str, QueensOptions]:
    return {
        **_enumerating_cases(),
        "N = 8, queens given on c4 and f3 (the MRV text's example): one solution": QueensOptions(8, placed=SEED_EXAMPLE),
        "N = 8, c4 and f3 given, look-ahead": QueensOptions(8, placed=SEED_EXAMPLE, look_ahead=True),
        "N = 4, a queen given on a1: a line is blocked before the first step": QueensOptions(4, placed=((1, 1),)),
        "N = 6, look-ahead: all 4 solutions": QueensOptions(6, look_ahead=True),
        "N = 7, symmetry: the 6 classes, one solution each": QueensOptions(7, symmetry=True),
        "N = 6, symmetry and look-ahead, first 1: enough": QueensOptions(6, limit=1, look_ahead=True, symmetry=True),
    }


def _enumerating_space(smallest: int) -> Callable[[], Iterator[tuple[str, QueensOptions]]]:
    """N from `smallest` to 8: every solution, then every first from 1 to N + 1."""
    def explore_cases() -> Iterator[tuple[str, QueensOptions]]:
        for n in range(smallest, 9):
            yield f"N = {n}", QueensOptions(n)
            for first in range(1, n + 2):
                yield f"N = {n}, first {first}", QueensOptions(n, limit=first)

    return explore_cases


def _las_vegas_space() -> Iterator[tuple[str, QueensOptions]]:
    """N from 1 to 8; all queens at random, then k = 0..N-1; attempts until success, then 1 to 3;
    every solution wanted, then the first 1 or 2; seeds 1 to 3. Options the command line refuses
    (no attempt budget where no solution exists) are left out."""
    for n in range(1, 9):
        for random_queens in (None, *range(n)):
            for attempts in (None, 1, 2, 3):
                for first in (None, 1, 2):
                    for seed in (1, 2, 3):
                        opts = QueensOptions(n, limit=first, seed=seed, random_queens=random_queens, attempts=attempts)
                        try:
                            las_vegas.check_options(opts)
                        except InputError:
                            continue
                        randomly = "all" if random_queens is None else random_queens
                        name = (f"N = {n}, {randomly} at random, attempts {attempts or 'until a success'}, "
                                f"first {first or 'all'}, seed {seed}")
                        yield name, opts


def _explicit_space() -> Iterator[tuple[str, QueensOptions]]:
    """N = 1, then every N from 4 up, without end."""
    for n in chain((1,), count(4)):
        yield f"N = {n} (N mod 12 = {n % 12})", QueensOptions(n)


BACKTRACKING = QueensProgram(
    "backtracking", _column_context(natural_order),
    {"iterative": _fill_iteratively, "recursive": _column_recursive(backtracking)},
    _column_cases(), result_in_final_state, column_step_limit, backtracking.check_options, _enumerating_space(0),
)

PROLOG = QueensProgram(
    "prolog", _column_context(last_column_first),
    {"iterative": _fill_iteratively, "recursive": _column_recursive(prolog)},
    _column_cases(), result_in_final_state, column_step_limit, prolog.check_options, _enumerating_space(0),
)


# --- fewest free cells first ---------------------------------------------------------------------

def _mrv_iterative(context: MrvContext) -> QueensResult:
    return search_iteratively(context.search)


def _mrv_recursive(context: MrvContext) -> QueensResult:
    return mrv.explore_recursively(context.search)


MRV = QueensProgram(
    "mrv", mrv.new_context, {"iterative": _mrv_iterative, "recursive": _mrv_recursive},
    _mrv_cases(), result_in_final_state, mrv_step_limit, mrv.check_options, _enumerating_space(1),
)


# --- Las Vegas -----------------------------------------------------------------------------------

def _lv_iterative(context: LasVegasContext) -> QueensResult:
    las_vegas.attempt_iteratively(context)
    return las_vegas.result_of(context)


def _lv_recursive(context: LasVegasContext) -> QueensResult:
    las_vegas.attempt_recursively(context, context.model.n)
    return las_vegas.result_of(context)


def _lv_result(context: LasVegasContext, final_state: int) -> QueensResult:
    return las_vegas.result_of(context)


LAS_VEGAS = QueensProgram(
    "las-vegas", las_vegas.new_context, {"iterative": _lv_iterative, "recursive": _lv_recursive},
    {
        "N = 8, all at random, seed 1: attempts until a solution": QueensOptions(8, seed=1),
        "N = 8, 3 at random then backtracking, seed 1, 20 attempts": QueensOptions(8, seed=1, random_queens=3, attempts=20),
        "N = 8, 3 at random, seed 1, first 2: enough before the budget": QueensOptions(8, limit=2, seed=1, random_queens=3,
                                                                                      attempts=20),
        "N = 6, none at random: plain backtracking": QueensOptions(6, seed=1, random_queens=0),
        "N = 1: one queen at random": QueensOptions(1, seed=1),
        "N = 2, 2 attempts: every random attempt dead-ends": QueensOptions(2, seed=1, attempts=2),
        "N = 3, 1 at random, 3 attempts: backtracking runs out": QueensOptions(3, seed=1, random_queens=1, attempts=3),
    },
    _lv_result, las_vegas_step_limit, las_vegas.check_options, _las_vegas_space,
)


# --- the explicit construction -------------------------------------------------------------------

def _explicit_iterative(context: ExplicitContext) -> QueensResult:
    explicit.place_iteratively(context)
    return explicit.result_of(context)


def _explicit_recursive(context: ExplicitContext) -> QueensResult:
    explicit.place_recursively(context)
    return explicit.result_of(context)


def _explicit_result(context: ExplicitContext, final_state: int) -> QueensResult:
    return explicit.result_of(context)


EXPLICIT = QueensProgram(
    "explicit", explicit.new_context, {"iterative": _explicit_iterative, "recursive": _explicit_recursive},
    # The plan depends on N mod 12 (and on N < 4): N = 1 and one N of every remainder.
    {f"N = {n} (N mod 12 = {n % 12})": QueensOptions(n) for n in (1, *range(4, 16))},
    _explicit_result, explicit_step_limit, explicit.check_options, _explicit_space,
)

PROGRAMS: dict[str, QueensProgram] = {program.algorithm: program for program in
                                      (BACKTRACKING, PROLOG, MRV, LAS_VEGAS, EXPLICIT)}


def program_of(algorithm: str) -> QueensProgram:
    if algorithm not in PROGRAMS:
        raise InputError(f"unknown queens algorithm {algorithm!r}; choose one of: {', '.join(PROGRAMS)}")
    return PROGRAMS[algorithm]
