"""Pólya's doubly periodic covers: N solutions that together occupy every cell once."""

from __future__ import annotations

import pytest

from automata.errors import InputError
from solvers.queens.board import check_placement
from solvers.queens.covers import covering_solutions, multiplier


@pytest.mark.parametrize("n", [1, 5, 7, 11, 13, 25])
def test_covers_tile_the_board(n):
    solutions = covering_solutions(n)
    assert len(solutions) == n
    assert all(check_placement(rows) is None for rows in solutions)
    cells = [(col, row) for rows in solutions for col, row in enumerate(rows, start=1)]
    assert len(cells) == len(set(cells)) == n * n


def test_the_five_by_five_cover_matches_the_document():
    # The document: five of the ten 5x5 solutions, superimposed, fill all 25 cells.
    assert len(set(covering_solutions(5))) == 5


@pytest.mark.parametrize("n, factor", [(4, 2), (6, 2), (8, 2), (9, 3), (12, 2), (15, 3)])
def test_no_periodic_cover_when_n_shares_a_factor_with_6(n, factor):
    with pytest.raises(InputError, match=f"divisible by {factor}"):
        covering_solutions(n)


def test_multiplier_is_two_for_n_prime_to_6():
    assert {multiplier(n) for n in (5, 7, 11, 13, 17, 19, 23, 25, 35, 49)} == {2}
