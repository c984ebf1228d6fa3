"""The MRV text's own method (queens-mrv-forced-moves.ru.txt): queens given in advance, the
look-ahead that rejects a placement emptying a line, and the symmetric search with its
"situations" (issue 11, part 3)."""

from __future__ import annotations

import functools
import itertools
import json

import pytest
from core_support import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from automata.analysis.cases import verify_case
from automata.errors import InputError
from automata.runtime.events import NullObserver, Recorder
from automata.runtime.program import load_program

from solvers.queens.algorithms import QueensOptions
from solvers.queens.board import half_board_representative, symmetries
from solvers.queens.given import cells_text, parse_cells
from solvers.queens.contract import SEED_EXAMPLE
from solvers.queens.mrv.model import degrees, looked_ahead, new_search

THE_SOLUTION = (5, 2, 4, 6, 8, 3, 1, 7)  # a5 b2 c4 d6 e8 f3 g1 h7: the text's figure 5.16
FUNDAMENTAL_COUNTS = (1, 0, 0, 1, 2, 1, 6, 12, 46)  # OEIS A002562, N = 1..9
IMPLEMENTATIONS = ("iterative", "recursive", "automaton", "generated")


@functools.cache
def every_solution(n: int) -> frozenset[tuple[int, ...]]:
    return frozenset(rows for rows in itertools.permutations(range(1, n + 1))
                     if all(abs(rows[a] - rows[b]) != b - a for a, b in itertools.combinations(range(n), 2)))


@functools.cache
def program(algorithm: str):
    return load_program(f"specs/queens_{algorithm}.yaml")


def run(algorithm: str, opts: QueensOptions, impl: str = "iterative", observer=None):
    return program(algorithm).run(impl, opts, observer or NullObserver())


# --- the notation --------------------------------------------------------------------------

def test_cells_are_read_as_file_letter_and_row_or_as_column_slash_row():
    assert parse_cells("c4,f3") == parse_cells("C4, 3/3".replace("3/3", "6/3")) == SEED_EXAMPLE == ((3, 4), (6, 3))
    assert cells_text(SEED_EXAMPLE, 8) == "c4,f3"
    assert cells_text(((27, 4),), 30) == "27/4" and parse_cells("27/4") == ((27, 4),)


@pytest.mark.parametrize("text", ["", "c", "4c", "c4;f3", "ab4", "c-1"])
def test_an_unreadable_cell_is_bad_input(text):
    with pytest.raises(InputError, match="cannot read"):
        parse_cells(text)


# --- the worked example: (IV, c) and (III, f) given ------------------------------------------

def test_the_line_degrees_after_the_two_given_queens_are_the_texts():
    columns, rows = degrees(QueensOptions(8, placed=SEED_EXAMPLE))
    # "the degrees of freedom of the remaining rows are 4, 3, then 3, 4, 5 and finally 4"
    assert [rows[row] for row in sorted(rows)] == [4, 3, 3, 4, 5, 4] and sorted(rows) == [1, 2, 5, 6, 7, 8]
    assert columns == {1: 3, 2: 4, 4: 4, 5: 4, 7: 4, 8: 4}
    # "one of the three lines with the fewest degrees of freedom is row V": rows II and V, column a
    fewest = min([*rows.values(), *columns.values()])
    assert ([f"row {r}" for r, free in rows.items() if free == fewest] + [f"column {c}" for c, free in columns.items() if free == fewest]
            == ["row 2", "row 5", "column 1"])


@pytest.mark.parametrize(("algorithm", "look_ahead"), [("mrv", False), ("mrv", True), ("backtracking", False), ("prolog", False)])
def test_exactly_one_solution_extends_the_given_queens(algorithm, look_ahead):
    opts = QueensOptions(8, placed=SEED_EXAMPLE, look_ahead=look_ahead)
    results = {impl: run(algorithm, opts, impl) for impl in IMPLEMENTATIONS}
    assert {result.solutions for result in results.values()} == {(THE_SOLUTION,)}
    assert len({result.stats for result in results.values()}) == 1


def test_run_prints_the_one_solution_and_the_degrees(capsys):
    code, out, err = run_cli(capsys, "run", "queens", "--algorithm", "mrv", "--place", "c4,f3", "--all", "--degrees",
                             "--notation", "list")
    assert code == 0, err
    assert "1 solution" in out.splitlines()[0] and "5,2,4,6,8,3,1,7" in out.splitlines()
    assert "free cells by row:    1 (I) 4, 2 (II) 3, 5 (V) 3, 6 (VI) 4, 7 (VII) 5, 8 (VIII) 4" in out
    code, out, _ = run_cli(capsys, "run", "queens", "--algorithm", "mrv", "--place", "c4,f3", "--degrees", "--json")
    document = json.loads(out)
    assert document["count"] == 1 and document["solutions"] == [list(THE_SOLUTION)] and document["placed"] == "c4,f3"
    assert document["degrees"]["rows"] == {"1": 4, "2": 3, "5": 3, "6": 4, "7": 5, "8": 4}


@pytest.mark.parametrize("algorithm", ["backtracking", "prolog"])
def test_given_queens_may_leave_the_first_column_of_the_order_no_row(algorithm):
    # b2 and d1 attack all of column a, backtracking's first; c2 and a1 all of column d, prolog's
    opts = QueensOptions(4, placed=((2, 2), (4, 1)) if algorithm == "backtracking" else ((3, 2), (1, 1)))
    outcome = verify_case(program(algorithm), "blocked", opts, list(IMPLEMENTATIONS[1:]))
    assert outcome.agree, outcome.verdict.divergence
    assert run(algorithm, opts).solutions == () and run(algorithm, opts).stat("dead_ends") == 1


def test_given_queens_are_never_taken_back():
    recorder = Recorder()
    run("mrv", QueensOptions(8, placed=SEED_EXAMPLE), observer=recorder)
    assert ("remove", 3, 4) not in recorder.events and ("remove", 6, 3) not in recorder.events


@settings(max_examples=40, deadline=None)
@given(n=st.integers(4, 7), data=st.data())
def test_the_searches_find_exactly_the_solutions_extending_the_given_queens(n, data):
    solution = data.draw(st.sampled_from(sorted(every_solution(n))))
    # the given queens: some of a solution's (so they never attack each other), in any order
    cols = data.draw(st.lists(st.integers(1, n), unique=True, max_size=3))
    placed = tuple((col, solution[col - 1]) for col in cols)
    expected = {rows for rows in every_solution(n) if all(rows[col - 1] == row for col, row in placed)}
    for algorithm, look_ahead in (("backtracking", False), ("prolog", False), ("mrv", False), ("mrv", True)):
        found = run(algorithm, QueensOptions(n, placed=placed, look_ahead=look_ahead)).solutions
        assert sorted(found) == sorted(expected), (algorithm, look_ahead, placed)


# --- look-ahead ------------------------------------------------------------------------------

def test_look_ahead_rejects_the_cell_that_empties_column_e():
    # after c4, f3 and the third queen on a5: column d keeps d6 and d7 free, but a queen on d7 would
    # take both cells left in column e (e7 along the row, e8 along the diagonal)
    search = new_search(QueensOptions(8, placed=(*SEED_EXAMPLE, (1, 5))), NullObserver())
    columns, rows = search.free_cells()
    assert columns[4] == 0b1100000 and columns[5] == 0b11000000  # d6, d7; e7, e8
    kept_columns, kept_rows = looked_ahead(columns, rows)
    assert kept_columns[4] == 0b100000 and not kept_rows[7] & 0b1000  # d6 only; (VII, d) rejected


def test_look_ahead_forces_the_fourth_queen_as_the_text_does():
    def after_a5(look_ahead: bool) -> list[tuple]:
        recorder = Recorder()
        run("mrv", QueensOptions(8, placed=SEED_EXAMPLE, look_ahead=look_ahead), observer=recorder)
        start = recorder.events.index(("place", 1, 5))
        return recorder.events[start + 1:start + 7]

    # "the placement of the fourth queen is forced", then e8; b2 and h7 follow, and the eighth on g1
    assert after_a5(True) == [("force", 4, 6), ("force", 2, 2), ("force", 5, 8), ("force", 7, 1), ("force", 8, 7),
                              ("solution", THE_SOLUTION)]
    assert after_a5(False)[0][0] == "place"  # without it, a choice between d6 and d7


@pytest.mark.parametrize("n", range(1, 10))
def test_look_ahead_finds_the_same_solutions_with_fewer_nodes(n):
    plain = run("mrv", QueensOptions(n))
    ahead = run("mrv", QueensOptions(n, look_ahead=True))
    assert set(ahead.solutions) == set(plain.solutions) == every_solution(n)
    assert ahead.stat("nodes") <= plain.stat("nodes")


def test_what_look_ahead_saves_on_eight_queens():
    plain, ahead = run("mrv", QueensOptions(8)), run("mrv", QueensOptions(8, look_ahead=True))
    keys = ("nodes", "choices", "forced", "dead_ends", "situations")
    assert [plain.stat(key) for key in keys] == [1199, 588, 610, 254, 138]
    assert [ahead.stat(key) for key in keys] == [741, 346, 394, 130, 138]


# --- symmetry --------------------------------------------------------------------------------

@pytest.mark.parametrize("look_ahead", [False, True])
@pytest.mark.parametrize("n", range(1, 10))
def test_symmetry_finds_one_solution_per_class_and_their_orbits_are_every_solution(n, look_ahead):
    result = run("mrv", QueensOptions(n, symmetry=True, look_ahead=look_ahead))
    assert result.count == FUNDAMENTAL_COUNTS[n - 1]
    assert all(half_board_representative(rows) == rows for rows in result.solutions)
    assert {image for rows in result.solutions for image in symmetries(rows)} == every_solution(n)


def test_symmetry_reproduces_the_texts_count_of_situations():
    recorder = Recorder()
    result = run("mrv", QueensOptions(8, symmetry=True), observer=recorder)
    # The chosen queens on the board before each choice: the text's first queen (row IV, left
    # half), its second (row III), then the third, whose placements are the text's "situations".
    chosen: list[tuple[int, int]] = []
    by_depth: dict[int, list[tuple[int, int]]] = {}
    for event in recorder.events:
        if event[0] == "place":
            by_depth.setdefault(len(chosen), []).append(event[1:])
            chosen.append(event[1:])
        elif event[0] == "remove" and event[1:] in chosen:
            chosen.remove(event[1:])
    assert by_depth[0] == [(1, 4), (2, 4), (3, 4), (4, 4)]  # a4..d4: left of the vertical axis
    assert {row for _, row in by_depth[1]} == {3} and len(by_depth[1]) == 6 + 5 + 5 + 5 == 21
    assert len(by_depth[2]) == result.stat("situations") == 60  # the text: 21 x 3 = 63
    assert result.stat("images") == 34 and result.count == 12  # 46 placements reached: one of each mirror pair


def test_run_with_symmetry_expands_the_classes_to_all_92(capsys):
    code, out, err = run_cli(capsys, "run", "queens", "--algorithm", "mrv", "--symmetry", "--look-ahead", "--check", "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["count"] == 12 and document["orbits"]["expanded"] == 92 and document["check"]["checked"] == 92
    assert sorted(item["orbit"] for item in document["orbits"]["classes"]) == [4] + [8] * 11
    assert document["stats"]["situations"] == 60


# --- verification and refusals -----------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ("--algorithm", "mrv", "--place", "c4,f3", "--look-ahead"),
    ("--algorithm", "mrv", "--symmetry", "--look-ahead", "--n", "7"),
    ("--algorithm", "prolog", "--place", "c4,f3"),
])
def test_verify_queens_agrees_with_the_options(capsys, argv):
    code, out, err = run_cli(capsys, "verify", "queens", *argv, "--json")
    assert code == 0, err
    assert json.loads(out)["agree"]


def test_the_programs_cases_include_the_options():
    cases = program("mrv").cases.values()
    assert any(case.placed == SEED_EXAMPLE for case in cases)
    assert any(case.look_ahead and case.symmetry for case in cases) and any(case.look_ahead and case.placed for case in cases)
    assert all(any(case.placed for case in program(name).cases.values()) for name in ("backtracking", "prolog"))


def test_spec_parameters_build_the_same_case(capsys):
    code, _, err = run_cli(capsys, "verify", "specs/queens_mrv.yaml", "-p", "place=c4,f3", "-p", "look_ahead=true")
    assert code == 0, err
    program = load_program("specs/queens_mrv.yaml")
    case = program.case_from_params({"place": "c4,f3", "symmetry": "false", "look_ahead": "yes"})
    assert case == QueensOptions(8, placed=SEED_EXAMPLE, look_ahead=True)
    assert verify_case(program, "seed", case, ["automaton"]).agree
    assert run_cli(capsys, "verify", "specs/queens_mrv.yaml", "-p", "symmetry=maybe")[0] == 2
    assert run_cli(capsys, "verify", "specs/queens_backtracking.yaml", "-p", "look_ahead=true")[0] == 2


@pytest.mark.parametrize(("argv", "message"), [
    (("--algorithm", "explicit", "--place", "c4"), "computes its one placement from N alone"),
    (("--algorithm", "las-vegas", "--place", "c4"), "empty board"),
    (("--algorithm", "backtracking", "--look-ahead"), "--look-ahead is an option of the fewest-free-cells search"),
    (("--algorithm", "prolog", "--symmetry"), "--symmetry is an option"),
    (("--algorithm", "mrv", "--symmetry", "--place", "c4"), "drop --place or --symmetry"),
    (("--algorithm", "mrv", "--place", "c4,d5"), "c4 and d5 share a diagonal"),
    (("--algorithm", "mrv", "--place", "c4,c6"), "share a column"),
    (("--algorithm", "mrv", "--place", "c9"), "c9 is off the 8x8 board"),
    (("--algorithm", "backtracking", "--place", "c4;f3"), "cannot read"),
])
def test_options_that_mean_nothing_are_refused_with_exit_2(capsys, argv, message):
    for command in ("run", "verify"):
        code, _, err = run_cli(capsys, command, "queens", *argv)
        assert code == 2 and message in err and "Traceback" not in err, (command, err)


def test_the_texts_63_situations_are_60_by_rows_and_columns_and_66_by_rows_only() -> None:
    """21 starts (rows IV and III) times "on average three" places for the third queen: counted,
    60 when it goes on the tightest row or column, 66 on the tightest row (the text's "horizontals")."""
    from research.queens_seed import situations

    counts = {(row["branch on"], row["look_ahead"]): row for row in situations()}
    assert {key: row["situations"] for key, row in counts.items()} == {
        ("rows and columns", False): 60, ("rows and columns", True): 60,
        ("rows only", False): 66, ("rows only", True): 66}
    assert all(row["classes"] == 12 for row in counts.values())  # either way, the 12 fundamental solutions
