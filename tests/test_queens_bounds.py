"""The queens bounds (solvers/queens/bounds.py): per mode and implementation, refused before any
work with what would reach the board instead, and documented as the code has them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core_support import run_cli
from solvers.queens.bounds import AUTOMATON, EVERY, FEW, FEW_SOLUTIONS, LARGEST_N, PLAIN, bound_problem, mode_of

SECURITY = Path(__file__).resolve().parent.parent / "docs" / "security.md"


def test_the_documented_table_is_the_code_s():
    rows = {}
    for line in SECURITY.read_text(encoding="utf-8").splitlines():
        found = re.fullmatch(r"\| (backtracking|prolog|mrv) \| 1\.\.(\d+) \| 1\.\.(\d+) \| 1\.\.(\d+) \| 1\.\.(\d+) \|", line)
        if found:
            rows[found[1]] = tuple(int(found[i]) for i in range(2, 6))
    assert rows == {algorithm: (LARGEST_N[algorithm, EVERY, AUTOMATON], LARGEST_N[algorithm, EVERY, PLAIN],
                                LARGEST_N[algorithm, FEW, AUTOMATON], LARGEST_N[algorithm, FEW, PLAIN])
                    for algorithm in ("backtracking", "prolog", "mrv")}


def test_the_mode_is_every_solution_unless_a_few_are_asked_for():
    assert mode_of(None) == EVERY and mode_of(1) == FEW and mode_of(FEW_SOLUTIONS) == FEW
    assert mode_of(FEW_SOLUTIONS + 1) == EVERY


def test_inside_the_bounds_nothing_is_refused_and_one_past_them_everything_is():
    for (algorithm, mode, family), largest in LARGEST_N.items():
        limit = None if mode == EVERY else 1
        implementations = ("iterative", "automaton") if family == AUTOMATON else ("iterative", "generated")
        assert bound_problem(algorithm, largest, limit, implementations) is None
        assert bound_problem(algorithm, largest + 1, limit, implementations) is not None


@pytest.mark.parametrize("argv, offered", [
    (("run", "queens", "--n", "30", "--count"), "explicit"),
    (("run", "queens", "--n", "13"), "--impl iterative or generated (up to N = 14)"),
    (("run", "queens", "--n", "20", "--first", "500"), "--first K, K up to 10 (up to N = 28)"),
    (("verify", "queens", "--n", "13", "--algorithm", "prolog"), "--first K"),
    (("compare", "queens", "--n", "14"), "mrv finds every solution with plain code"),
])
def test_a_board_past_the_bound_is_refused_in_one_line_saying_what_reaches_it(capsys, argv, offered):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--n" in err and offered in err, err
