"""An oracle for the N queens written without the queens model: brute force over permutations.

Every implementation of an algorithm calls the same model, so a bug in the model changes every
stream alike and verification cannot see it (issue 10, "shared model"). These tests compare the
searches' results, obtained through their public entry points only, with a second source of truth:
every permutation of rows checked by its own diagonal test, in lexicographic order.
"""

from __future__ import annotations

from itertools import combinations, permutations

import pytest

from automata.runtime.events import NullObserver
from solvers.queens.algorithms import QueensOptions, find_algorithm

Placement = tuple[int, ...]  # the row (1..n) of the queen in column i + 1, as the searches return it


def attacks_nowhere(rows: Placement) -> bool:
    """The O(N^2) check: no two queens share a row or a diagonal (columns differ by construction)."""
    return all(rows[a] != rows[b] and abs(rows[a] - rows[b]) != b - a for a, b in combinations(range(len(rows)), 2))


def brute_force(n: int) -> list[Placement]:
    """Every solution, in lexicographic order of the rows (permutations of a sorted range come so)."""
    return [rows for rows in permutations(range(1, n + 1))
            if len({row + column for column, row in enumerate(rows)}) == n
            and len({row - column for column, row in enumerate(rows)}) == n]


def prolog_order(solutions: list[Placement]) -> list[Placement]:
    """The Prolog program's order, from its definition: `solution([X/Y|Others])` solves Others
    first and then tries Y = 1..n, so the last column is the outermost loop and the first column
    the innermost: lexicographic order of the rows read from the last column to the first."""
    return sorted(solutions, key=lambda rows: rows[::-1])


def solutions_of(algorithm: str, opts: QueensOptions) -> tuple[Placement, ...]:
    return find_algorithm(algorithm).iterative(opts, NullObserver()).solutions


BRUTE = {n: brute_force(n) for n in range(1, 9)}


def test_the_brute_force_itself_counts_what_the_literature_counts() -> None:
    assert [len(BRUTE[n]) for n in range(1, 9)] == [1, 0, 0, 2, 10, 4, 40, 92]  # OEIS A000170
    assert all(attacks_nowhere(rows) for rows in BRUTE[8])


@pytest.mark.parametrize("n", range(1, 9))
def test_backtracking_finds_every_solution_in_lexicographic_order(n: int) -> None:
    assert list(solutions_of("backtracking", QueensOptions(n))) == BRUTE[n]
    for first in (1, 2, 5):
        assert list(solutions_of("backtracking", QueensOptions(n, limit=first))) == BRUTE[n][:first]


@pytest.mark.parametrize("n", range(1, 9))
def test_the_prolog_program_finds_every_solution_in_prolog_order(n: int) -> None:
    assert list(solutions_of("prolog", QueensOptions(n))) == prolog_order(BRUTE[n])
    assert list(solutions_of("prolog", QueensOptions(n, limit=3))) == prolog_order(BRUTE[n])[:3]


def test_the_prolog_order_is_the_one_the_document_prints() -> None:
    # The seed's first three solutions for N = 8, [1/4,2/2,3/7,4/3,5/6,6/8,7/5,8/1], ...
    assert prolog_order(BRUTE[8])[:3] == [(4, 2, 7, 3, 6, 8, 5, 1), (5, 2, 4, 7, 3, 8, 6, 1), (3, 5, 2, 8, 6, 4, 7, 1)]


@pytest.mark.parametrize("n", range(1, 9))
def test_mrv_finds_every_solution_once(n: int) -> None:
    found = solutions_of("mrv", QueensOptions(n))
    assert len(found) == len(set(found)) and set(found) == set(BRUTE[n])


def test_the_explicit_construction_is_a_solution_up_to_200() -> None:
    for n in (1, *range(4, 201)):
        (rows,) = solutions_of("explicit", QueensOptions(n))
        assert sorted(rows) == list(range(1, n + 1)), n
        assert attacks_nowhere(rows), n


def test_every_las_vegas_success_is_a_solution() -> None:
    solutions = set(BRUTE[8])
    found = 0
    for seed in range(1, 21):
        for random_queens in (None, 0, 3, 6):
            for rows in solutions_of("las-vegas", QueensOptions(8, seed=seed, random_queens=random_queens, attempts=3)):
                assert rows in solutions, (seed, random_queens, rows)
                found += 1
    assert found > 40  # the check saw many successes, not a handful
    for n in (4, 5, 6, 12, 20):
        rows, = solutions_of("las-vegas", QueensOptions(n, seed=7))
        assert attacks_nowhere(rows) and sorted(rows) == list(range(1, n + 1))
