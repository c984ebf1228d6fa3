"""The knight's tour's program: what `automata run|verify|mutate specs/knight_tour.yaml` need.

The same contract any user's spec follows (docs/own-automaton.md): the model is the context the
automaton drives, the iterative and recursive programs are loops over the same model, and CASES
is the default verification set. Together the cases take every arc of A1 and end in every final
state, including the return limit's boundary: a start cell that needs 27 returns is toured with
MAX_RET 28 and given up with MAX_RET 27.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from itertools import combinations

from solvers.knight_tour import iterative, recursive
from solvers.knight_tour.model import (
    ALL_OPTIMIZATIONS,
    DEFAULT_GOOD_RETURNS,
    DEFAULT_MAX_RETURNS,
    MOVE_ORDERS,
    KnightTour,
    KnightTourInstance,
    Observer,
    TourResult,
)
from solvers.knight_tour.picture import board_picture


def make_context(case: KnightTourInstance, observer: Observer) -> KnightTour:
    return KnightTour(case, observer)


picture = board_picture  # the board with the path so far, after each step of `automata player`
KEY_EVENTS = ("found", "tour_count")  # the player keeps the board of every tour, however long the run


def result(tour: KnightTour, final_state: int) -> TourResult:
    return tour.result()


IMPLEMENTATIONS = {"iterative": iterative.search, "recursive": recursive.search}


def _case(board: tuple[int, int], start: tuple[int, int], optimizations: frozenset[int] = ALL_OPTIMIZATIONS,
          max_returns: int | None = DEFAULT_MAX_RETURNS, all_tours: bool = False) -> KnightTourInstance:
    return KnightTourInstance(board[0], board[1], start, optimizations, DEFAULT_GOOD_RETURNS, max_returns, all_tours)


CASES = {
    "5x5 from 1,1: a tour": _case((5, 5), (1, 1)),
    "5x5 from 1,2: impossible start": _case((5, 5), (1, 2)),
    "5x5 from 2,4: restart with the next move order": _case((5, 5), (2, 4)),
    "5x6 from 1,4, Warnsdorff only, MAX_RET 28: toured after 27 returns": _case((5, 6), (1, 4), frozenset({3}), 28),
    "5x6 from 1,4, Warnsdorff only, MAX_RET 27: gives up": _case((5, 6), (1, 4), frozenset({3}), 27),
    "3x3 from 1,1, no optimization: exhausted": _case((3, 3), (1, 1), frozenset()),
    "3x4 from 2,4: all tours": _case((3, 4), (2, 4), frozenset(), None, all_tours=True),
    # Gives up after a tour was counted: a take-back run twice after counting is seen here only.
    "3x4 from 2,4: all tours, MAX_RET 20": _case((3, 4), (2, 4), frozenset(), 20, all_tours=True),
    "1x1: all tours": _case((1, 1), (1, 1), frozenset(), None, all_tours=True),
}


def explore_cases() -> Iterator[tuple[str, KnightTourInstance]]:
    """The space `automata cover` searches, smallest first: the 1x1 board, then the boards with
    sides 3 to 6 by number of cells (narrower boards hardly let the knight move); on each, MAX_RET
    at its default, then at 1 and 5; one tour, then all of them (with the default MAX_RET only on
    boards of at most 16 cells, where the exhaustive search is short); every set of optimizations,
    fewest first; every start cell."""
    sides = range(3, 7)
    boards = [(1, 1), *sorted(((rows, cols) for rows in sides for cols in sides), key=lambda b: (b[0] * b[1], b))]
    option_sets = [frozenset(chosen) for size in range(5) for chosen in combinations((1, 2, 3, 4), size)]
    for rows, cols in boards:
        for max_returns in (DEFAULT_MAX_RETURNS, 1, 5):
            for all_tours in (False, True):
                if all_tours and max_returns == DEFAULT_MAX_RETURNS and rows * cols > 16:
                    continue
                for optimizations in option_sets:
                    options = ",".join(map(str, sorted(optimizations))) or "none"
                    for start in ((row, col) for row in range(1, rows + 1) for col in range(1, cols + 1)):
                        yield (f"{rows}x{cols} from {start[0]},{start[1]}, optimizations {options}, MAX_RET {max_returns}"
                               + (", all tours" if all_tours else ""),
                               _case((rows, cols), start, optimizations, max_returns, all_tours))


def step_limit(case: KnightTourInstance) -> int | None:
    """A run takes one step per move, take-back or restart, plus a few: bounded by MAX_RET and
    GOOD_RET per attempt. An exhaustive all-tours search has no such bound."""
    if case.max_returns is None:
        return None
    attempts = len(MOVE_ORDERS) if case.uses_restarts else 1
    slack = attempts if case.rules.limit == "exceeded" else 0  # one more return per attempt
    returns = case.good_returns * (attempts - 1) + case.max_returns + slack
    # a return is one take-back, or with returns counted as dead ends a run of up to a path's length
    take_backs = returns * (case.cells if case.rules.returns == "dead-ends" else 1)
    return 2 * take_backs + case.cells * attempts + attempts + 16


def parse_case(params: Mapping[str, str]) -> KnightTourInstance:
    """`-p board=8x8 -p start=1,1 -p optimizations=1-4 -p max_returns=10000 -p all_tours=false
    -p rules=project` (rules: as `--rules`, solvers/knight_tour/rules.py)."""
    from solvers.knight_tour.rules import parse_rules
    from solvers.knight_tour.sweeps import parse_set

    known = {"board", "start", "optimizations", "good_returns", "max_returns", "all_tours", "rules"}
    unknown = sorted(set(params) - known)
    if unknown:
        raise ValueError(f"unknown parameter {unknown[0]!r}; known: {', '.join(sorted(known))}")
    board = re.fullmatch(r"([0-9]{1,3})x([0-9]{1,3})", params.get("board", "8x8"))
    start = re.fullmatch(r"([0-9]{1,3}),([0-9]{1,3})", params.get("start", "1,1"))
    if board is None or start is None:
        raise ValueError("board is ROWSxCOLUMNS (e.g. 8x8) and start is ROW,COLUMN (e.g. 1,1)")
    all_tours = params.get("all_tours", "false").lower() in ("1", "true", "yes")
    default_max = None if all_tours else DEFAULT_MAX_RETURNS
    max_returns = int(params["max_returns"]) if "max_returns" in params and len(params["max_returns"]) < 10 else default_max
    good = int(params["good_returns"]) if "good_returns" in params and len(params["good_returns"]) < 10 else DEFAULT_GOOD_RETURNS
    return KnightTourInstance(int(board[1]), int(board[2]), (int(start[1]), int(start[2])),
                              parse_set(params.get("optimizations", "1-4")), good, max_returns, all_tours,
                              parse_rules(params.get("rules", "project")))
