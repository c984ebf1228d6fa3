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


@pytest.mark.parametrize("n, factor", [(4, 2), (6, 2), (8, 2), (9, 3), (10, 2), (15, 3)])
def test_no_periodic_cover_when_n_shares_a_factor_with_6(n, factor):
    with pytest.raises(InputError, match=f"divisible by {factor}"):
        covering_solutions(n)


def test_multiplier_is_two_for_n_prime_to_6():
    assert {multiplier(n) for n in (5, 7, 11, 13, 17, 19, 23, 25, 35, 49)} == {2}


@pytest.mark.parametrize("n, exists", [(4, False), (5, True), (6, False), (8, False), (9, False), (10, False), (11, True)])
def test_an_exact_search_finds_a_cover_exactly_when_one_exists(n, exists):
    from solvers.queens.covers import find_cover, is_cover

    cover, nodes = find_cover(n)
    assert (cover is not None) == exists and nodes >= 1
    if cover is not None:
        assert len(cover) == n and is_cover(cover)


def test_is_cover_refuses_overlaps_and_non_solutions():
    from solvers.queens.covers import is_cover

    five = covering_solutions(5)
    assert is_cover(five)
    assert not is_cover(five[:-1] + [five[0]])  # a solution twice: cells covered twice, others not at all
    assert not is_cover(five[:-1] + [(1, 2, 3, 4, 5)])  # not a solution (one diagonal)


def test_twelve_solutions_cover_the_12x12_board_against_the_texts_only_prime_to_6():
    from solvers.queens.covers import COVER_12, is_cover

    assert covering_solutions(12) == list(COVER_12) and is_cover(list(COVER_12))
    assert set(COVER_12[6:]) == {rows[::-1] for rows in COVER_12[:6]}  # the search's mirrored shape
    with pytest.raises(InputError, match="divisible by 2"):
        multiplier(12)  # not Pólya's periodic kind
