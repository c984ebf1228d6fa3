"""Tests that kill mutants of the N queens models which the rest of the suite let through.

Each test names the mutmut mutants it was written for (bench/mutation_models.py queens and
queens-columns; docs/mutation.md, "Mutants of the solvers' Python models"). Mutant numbers shift
when a model changes; the behaviour each test pins does not.
"""

from __future__ import annotations

import pytest

from automata.errors import InputError
from automata.runtime.events import NullObserver, Recorder
from solvers.queens.algorithms import QueensOptions
from solvers.queens.board import (
    board_text,
    cell_name,
    check_placement,
    is_solution,
    symmetries,
    validate,
)
from solvers.queens.explicit import iterative as explicit_iterative
from solvers.queens.explicit.model import ExplicitModel
from solvers.queens.explicit.plan import construct, plan
from solvers.queens.mrv import iterative as mrv_iterative

# --- board.py: names and pictures --------------------------------------------------------------


def test_attacks_along_diagonals_name_the_diagonals_invariant() -> None:
    # Attack.describe mutants 7 and 10: column - row and column + row swapped.
    ascending = check_placement((1, 2, 4, 3))
    assert ascending is not None
    assert ascending.describe().endswith("along the ascending diagonal column - row = 0")
    descending = check_placement((2, 1, 3, 4))
    assert descending is not None
    assert descending.describe().endswith("along the descending diagonal column + row = 3")


def test_is_solution() -> None:
    # is_solution mutants 1, 2: no test called it.
    assert is_solution((2, 4, 1, 3))
    assert not is_solution((1, 2, 4, 3))


def test_files_have_letters_up_to_26_columns_and_numbers_beyond() -> None:
    # cell_name mutant 1 and _file_label mutants 2, 5, 6: the boundary n <= 26 and the numbers.
    assert cell_name(26, 3, 26) == "z3"
    assert cell_name(27, 3, 27) == "(col 27, row 3)"
    assert board_text(construct(26)).splitlines()[-1] == "   " + " ".join("abcdefghijklmnopqrstuvwxyz")


def test_wide_boards_right_align_every_cell_to_the_widest_file_number() -> None:
    # board_text mutants 12, 14, 15 (the columns whose labels set the width) and 44, 49 (ljust).
    for n, width in ((27, 2), (99, 2), (100, 3)):
        rows = construct(n)
        lines = board_text(rows).splitlines()
        assert lines[-1] == " " * (len(str(n)) + 1) + " ".join(str(col).rjust(width) for col in range(1, n + 1))
        bottom = " ".join(("Q" if rows[col - 1] == 1 else ".").rjust(width) for col in range(1, n + 1))
        assert lines[-2] == "1".rjust(len(str(n))) + " " + bottom


# --- the explicit construction's texts and counters ---------------------------------------------


def test_each_run_is_described_with_its_first_rows_and_its_last() -> None:
    # Run.describe mutants 8, 16-18, 21, 22, 24, 25, 28 (how many rows are shown), 40, 41, 43,
    # 45, 46 (the labels).
    described = {n: [run.describe() for run in plan(n)] for n in (4, 8, 14, 15, 20)}
    assert described == {
        4: ["even rows: 2, 4", "odd rows: 1, 3"],
        8: ["even rows: 2, 4, 6, 8", "odd rows in swapped pairs: 3, 1, 7, 5"],
        14: ["even rows: 2, 4, 6, ..., 14", "rows moved by the remainder rule: 3, 1", "odd rows: 7, 9, 11, 13",
             "rows moved by the remainder rule: 5"],
        15: ["even rows: 4, 6, 8, ..., 14", "rows moved by the remainder rule: 2", "odd rows: 5, 7, 9, ..., 15",
             "rows moved by the remainder rule: 1, 3"],
        20: ["even rows: 2, 4, 6, ..., 20", "odd rows in swapped pairs: 3, 1, 7, ..., 17"],
    }


def test_rows_left_in_run_counts_down_as_queens_are_placed() -> None:
    # ExplicitModel.rows_left_in_run mutant 1 (count + placed): the programs ask only at a run's start.
    model = ExplicitModel(14, NullObserver())
    model.start_next_run()
    assert model.rows_left_in_run() == 7
    model.place_next_queen()
    model.place_next_queen()
    assert model.rows_left_in_run() == 5


def test_the_construction_reports_its_runs_and_remainder() -> None:
    # ExplicitModel.stats mutants 5-10: the names and the remainder N mod 12.
    assert explicit_iterative.solve(QueensOptions(14), NullObserver()).stats == (("nodes", 15), ("runs", 4), ("remainder", 2))
    assert explicit_iterative.solve(QueensOptions(25), NullObserver()).stats == (("nodes", 26), ("runs", 2), ("remainder", 1))


# --- mrv with symmetry ---------------------------------------------------------------------------


def test_mrv_with_symmetry_reports_each_image_it_sets_aside() -> None:
    # MrvSearch.record_solution mutants 8-13: the "image" event's name and placement.
    recorder = Recorder()
    result = mrv_iterative.solve(QueensOptions(8, symmetry=True), recorder)
    images = [event for event in recorder.events if event[0] == "image"]
    assert len(images) == dict(result.stats)["images"] == 34
    orbits = {image for rows in result.solutions for image in symmetries(rows)}
    for _, rows in images:
        assert is_solution(rows) and rows in orbits and rows not in result.solutions


def test_an_empty_placement_is_explained() -> None:
    # validate mutant 9: the message.
    with pytest.raises(InputError, match=r"^a placement needs at least one queen \(the board has at least one column\)$"):
        validate([])
