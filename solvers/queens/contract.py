"""What the five queens programs share: the contract's parts that are the same for several of them.

Each algorithm's folder has its spec's program (`backtracking/program.py`, ...), with the names
the contract of automata/runtime/program.py asks for: make_context, IMPLEMENTATIONS, CASES,
result, parse_case, step_limit, picture and explore_cases. A case is a `QueensOptions`. Here are
the parts they share: reading `-p` parameters, the enumerating searches' cases and the space
`automata cover` searches, the outcome each of their final states stands for, and the counting
behind the step limits.

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
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from math import perm
from typing import Any

from automata.io.loader import load_spec
from automata.model.spec import Spec
from automata.runtime.runner import execute

from solvers.queens.algorithms import ENOUGH, EXHAUSTED, QueensOptions, QueensResult, check_board
from solvers.queens.given import PLACING, check_seed_options, parse_cells

PARAMETERS = ("n", "first", "seed", "random_queens", "attempts")
LAS_VEGAS_ONLY = ("seed", "random_queens", "attempts")


def checks_for(algorithm: str, own: Callable[[QueensOptions], None] = check_board) -> Callable[[QueensOptions], None]:
    """A program's check_options: the algorithm's own refusals, then those of the MRV text's
    options it has no use for (exit 2 either way)."""
    def check_options(opts: QueensOptions) -> None:
        own(opts)
        check_seed_options(algorithm, opts)

    return check_options


def case_reader(algorithm: str, check_options: Callable[[QueensOptions], None]) -> Callable[[Mapping[str, str]], QueensOptions]:
    """A program's parse_case: `-p n=8 -p first=3`; for las-vegas also `-p seed=1 -p random_queens=2
    -p attempts=20`; for the searches `-p place=c4,f3`, and for mrv `-p look_ahead=true -p symmetry=true`."""
    def parse_case(params: Mapping[str, str]) -> QueensOptions:
        return options_from_params(algorithm, params, check_options)

    return parse_case


def options_from_params(algorithm: str, params: Mapping[str, str],
                        check_options: Callable[[QueensOptions], None]) -> QueensOptions:
    """The case `-p KEY=VALUE` parameters describe, refused as the command line refuses it."""
    known = PARAMETERS if algorithm == "las-vegas" else tuple(k for k in PARAMETERS if k not in LAS_VEGAS_ONLY)
    # The MRV text's options: `-p place=c4,f3` (the searches), `-p look_ahead=true -p symmetry=true` (mrv).
    known += ("place",) * (algorithm in PLACING) + ("look_ahead", "symmetry") * (algorithm == "mrv")
    known += ("all",) * (algorithm not in ("las-vegas", "explicit"))  # every solution: the searches' default
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
    if _flag(params, "all") and first is not None:
        raise ValueError("all and first exclude each other: pick one")
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


# --- step limits (each program's own is in its folder) ------------------------------------------

def column_placements(n: int) -> int:
    """Partial placements of a column search: k queens in the first k columns of the order, on distinct rows."""
    return sum(perm(n, k) for k in range(n + 1))


def column_step_limit(case: QueensOptions) -> int:
    return 3 * column_placements(case.n) + 2


# --- the enumerating searches (backtracking, prolog, mrv) ----------------------------------------

# The final states of the enumerating searches' specs (backtracking, prolog, mrv), by number.
OUTCOME_OF_FINAL_STATE = {3: EXHAUSTED, 4: ENOUGH}


def run_automaton(spec: Spec | str, context: Any, engine: str,
                  sinks: Sequence[object]) -> QueensResult:
    """Run `spec` (a Spec, or a path relative to the project root) over `context` until a final state.

    The result's outcome is the one that final state stands for, not the model's own, so an
    automaton that stops in the wrong final state returns a different result.
    """
    summary = execute(spec if isinstance(spec, Spec) else load_spec(spec), context, engine=engine, sinks=sinks)
    return result_in_final_state(context, summary.final_state)


def result_in_final_state(context: Any, final_state: int) -> QueensResult:
    """The search's result with the outcome `final_state` stands for (a final state the specs do
    not have, as a mutant may reach, is named as such: a result no reference returns)."""
    outcome = OUTCOME_OF_FINAL_STATE.get(final_state, f"stopped in state {final_state}")
    return replace(context.search.result(), outcome=outcome)


def enumerating_cases() -> dict[str, QueensOptions]:
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


def column_cases() -> dict[str, QueensOptions]:
    return {
        **enumerating_cases(),
        "N = 0 (the command line refuses it): the empty placement": QueensOptions(0),
        "N = 8, queens given on c4 and f3 (the MRV text's example): one solution": QueensOptions(8, placed=SEED_EXAMPLE),
        "N = 6, a queen given on b4, first 1": QueensOptions(6, limit=1, placed=((2, 4),)),
        # Given queens can leave the first free column without a free row: the only way to a dead
        # end with no queen of the search's own on the board (state 0's last arc). Backtracking
        # fills column a first, the Prolog program column d: one placement blocks each.
        "N = 4, queens given on b2 and d1: a dead end before any queen is placed": QueensOptions(4, placed=((2, 2), (4, 1))),
        "N = 4, queens given on a1 and c2: a dead end before any queen is placed": QueensOptions(4, placed=((1, 1), (3, 2))),
    }


def enumerating_space(smallest: int) -> Callable[[], Iterator[tuple[str, QueensOptions]]]:
    """N from `smallest` to 8: every solution, then every first from 1 to N + 1."""
    def explore_cases() -> Iterator[tuple[str, QueensOptions]]:
        for n in range(smallest, 9):
            yield f"N = {n}", QueensOptions(n)
            for first in range(1, n + 2):
                yield f"N = {n}, first {first}", QueensOptions(n, limit=first)

    return explore_cases
