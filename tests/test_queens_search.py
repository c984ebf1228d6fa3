"""The three enumerating queens searches: counts, orders, node counts and the shared event stream."""

from __future__ import annotations

import functools
import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from automata.runtime.events import NullObserver, Recorder
from automata.analysis.verify import verify
from solvers.queens.algorithms import ENUMERATING, QueensOptions, QueensResult, find_algorithm
from solvers.queens.bitboard import BitBoard

MODULES = {name: find_algorithm(name) for name in ENUMERATING}
IMPLEMENTATIONS = ("iterative", "recursive", "automaton")

# OEIS A000170 (all solutions) and A002562 (modulo rotations and reflections), N = 1..12
ALL_COUNTS = (1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200)
FUNDAMENTAL_COUNTS = (1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787)

PROLOG_FIRST_THREE = (
    (4, 2, 7, 3, 6, 8, 5, 1),  # [1/4,2/2,3/7,4/3,5/6,6/8,7/5,8/1]
    (5, 2, 4, 7, 3, 8, 6, 1),  # [1/5,2/2,3/4,4/7,5/3,6/8,7/6,8/1]
    (3, 5, 2, 8, 6, 4, 7, 1),  # [1/3,2/5,3/2,4/8,5/6,6/4,7/7,8/1]
)


def run(algorithm: str, impl: str, n: int, limit: int | None = None, observer=None) -> QueensResult:
    module = MODULES[algorithm]
    return getattr(module, impl)(QueensOptions(n=n, limit=limit), observer or NullObserver())


@functools.cache
def all_solutions(algorithm: str, n: int) -> QueensResult:
    return run(algorithm, "iterative", n)


def is_valid(rows: tuple[int, ...]) -> bool:
    return all(
        rows[a] != rows[b] and abs(rows[a] - rows[b]) != b - a for a, b in itertools.combinations(range(len(rows)), 2)
    )


# --- counts --------------------------------------------------------------------------------

@pytest.mark.parametrize("algorithm", ENUMERATING)
@pytest.mark.parametrize("n", range(1, 13))
def test_counts_match_oeis_a000170(algorithm, n):
    result = all_solutions(algorithm, n)
    assert result.count == len(result.solutions) == ALL_COUNTS[n - 1]
    assert len(set(result.solutions)) == result.count


@pytest.mark.parametrize("algorithm", ENUMERATING)
@pytest.mark.parametrize("n", range(1, 13))
def test_fundamental_counts_match_oeis_a002562(algorithm, n):
    from solvers.queens.board import fundamental

    classes = fundamental(all_solutions(algorithm, n).solutions)
    assert len(classes) == FUNDAMENTAL_COUNTS[n - 1]
    assert sum(orbit for _, orbit in classes) == ALL_COUNTS[n - 1]


def test_eight_queens_have_eleven_plain_and_one_symmetric_class():
    from solvers.queens.board import fundamental

    orbits = sorted(orbit for _, orbit in fundamental(all_solutions("mrv", 8).solutions))
    assert orbits == [4] + [8] * 11


@pytest.mark.parametrize("algorithm", ENUMERATING)
@pytest.mark.parametrize("n", range(1, 9))
def test_every_solution_is_a_valid_placement(algorithm, n):
    assert all(is_valid(rows) and len(rows) == n for rows in all_solutions(algorithm, n).solutions)


# --- orders --------------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(4, 11))
def test_backtracking_lists_solutions_in_natural_order(n):
    solutions = all_solutions("backtracking", n).solutions
    assert list(solutions) == sorted(solutions)


@pytest.mark.parametrize("n", range(4, 11))
def test_prolog_order_fixes_the_last_column_first(n):
    solutions = all_solutions("prolog", n).solutions
    assert list(solutions) == sorted(solutions, key=lambda rows: rows[::-1])


@pytest.mark.parametrize("impl", IMPLEMENTATIONS)
def test_prolog_first_three_solutions_are_the_books(impl):
    assert run("prolog", impl, 8, limit=3).solutions == PROLOG_FIRST_THREE


@pytest.mark.parametrize("n", range(1, 11))
def test_mrv_finds_the_same_set_as_backtracking(n):
    assert set(all_solutions("mrv", n).solutions) == set(all_solutions("backtracking", n).solutions)


# --- nodes ---------------------------------------------------------------------------------

@pytest.mark.parametrize("impl", IMPLEMENTATIONS)
def test_backtracking_needs_114_nodes_to_the_first_solution(impl):
    result = run("backtracking", impl, 8, limit=1)
    assert result.solutions == ((1, 5, 8, 6, 3, 7, 2, 4),)
    assert result.stat("nodes") == 114


def test_full_backtracking_tree_of_eight_queens_has_2057_nodes():
    # 1 + 8 + 42 + 140 + 344 + 568 + 550 + 312 + 92: the empty board plus every queen placed
    assert all_solutions("backtracking", 8).stat("nodes") == 2057
    assert all_solutions("prolog", 8).stat("nodes") == 2057  # the mirror image of the same tree


@pytest.mark.parametrize("n", range(1, 11))
def test_nodes_are_the_empty_board_plus_every_queen_placed(n):
    for algorithm in ENUMERATING:
        recorder = Recorder()
        result = run(algorithm, "iterative", n, observer=recorder)
        placed = sum(1 for event in recorder.events if event[0] in ("place", "force"))
        assert result.stat("nodes") == 1 + placed == 1 + result.stat("choices") + result.stat("forced")


def test_mrv_reports_choices_and_forced_placements_for_eight_queens():
    result = all_solutions("mrv", 8)
    stats = dict(result.stats)
    assert set(stats) == {"nodes", "choices", "forced", "dead_ends", "branch_points", "situations"}
    # fixed by the tie rule (columns 1..n, then rows 1..n): a regression guard for the heuristic
    assert (stats["choices"], stats["forced"], stats["branch_points"], stats["situations"]) == (588, 610, 243, 138)
    assert stats["choices"] * 60 < math.factorial(8)  # 8! = 40,320 permutations
    assert stats["nodes"] < all_solutions("backtracking", 8).stat("nodes")


@pytest.mark.parametrize("n", range(5, 11))
def test_mrv_explores_fewer_nodes_than_backtracking(n):
    assert all_solutions("mrv", n).stat("nodes") < all_solutions("backtracking", n).stat("nodes")


# --- the event stream ------------------------------------------------------------------------

@pytest.mark.parametrize("algorithm", ENUMERATING)
@pytest.mark.parametrize("n", range(1, 9))
def test_three_implementations_emit_the_same_events(algorithm, n):
    opts = QueensOptions(n=n)
    module = MODULES[algorithm]
    verdict = verify({impl: functools.partial(getattr(module, impl), opts) for impl in IMPLEMENTATIONS})
    assert verdict.agree, verdict.divergence.describe()
    assert verdict.result.count == ALL_COUNTS[n - 1]


@pytest.mark.parametrize("algorithm", ENUMERATING)
@pytest.mark.parametrize("n", range(1, 9))
def test_code_generated_from_the_spec_emits_the_same_events(algorithm, n):
    pytest.importorskip("automata.io.codegen")
    opts = QueensOptions(n=n)
    module = MODULES[algorithm]
    verdict = verify({
        "iterative": functools.partial(module.iterative, opts),
        "generated": functools.partial(module.automaton, opts, engine="generated"),
    })
    assert verdict.agree, verdict.divergence.describe()


@pytest.mark.parametrize("algorithm", ENUMERATING)
@pytest.mark.parametrize("limit", (1, 2, 5))
def test_implementations_agree_when_stopping_at_a_limit(algorithm, limit):
    opts = QueensOptions(n=8, limit=limit)
    module = MODULES[algorithm]
    verdict = verify({impl: functools.partial(getattr(module, impl), opts) for impl in IMPLEMENTATIONS})
    assert verdict.agree, verdict.divergence.describe()
    assert verdict.result.count == limit
    assert verdict.runs["iterative"].events[-1][0] == "solution"  # nothing is taken back after the last one


def test_backtracking_on_two_by_two_reports_both_dead_ends():
    recorder = Recorder()
    result = run("backtracking", "automaton", 2, observer=recorder)
    assert recorder.events == [
        ("place", 1, 1), ("dead_end",), ("remove", 1, 1),
        ("place", 1, 2), ("dead_end",), ("remove", 1, 2),
    ]
    assert result.count == 0 and result.stat("nodes") == 3


def test_mrv_on_one_by_one_forces_the_only_queen():
    recorder = Recorder()
    result = run("mrv", "automaton", 1, observer=recorder)
    assert recorder.events == [("force", 1, 1), ("solution", (1,))]
    assert result.stat("forced") == 1 and result.stat("choices") == 0


@pytest.mark.parametrize("algorithm", ENUMERATING)
def test_events_follow_a_stack_discipline(algorithm):
    """Every `remove` takes back the queen placed last; a `solution` shows exactly the queens on the board."""
    recorder = Recorder()
    run(algorithm, "recursive", 7, observer=recorder)
    kinds = {event[0] for event in recorder.events}
    assert kinds <= {"place", "force", "remove", "solution", "dead_end"}
    stack: list[tuple[int, int]] = []
    for kind, *data in recorder.events:
        if kind in ("place", "force"):
            assert tuple(data) not in stack
            stack.append(tuple(data))
        elif kind == "remove":
            assert stack.pop() == tuple(data)
        elif kind == "solution":
            (rows,) = data
            assert sorted(stack) == [(col, row) for col, row in enumerate(rows, start=1)]


@settings(max_examples=30, deadline=None)
@given(algorithm=st.sampled_from(ENUMERATING), n=st.integers(1, 9), limit=st.integers(1, 6))
def test_a_limit_gives_a_prefix_of_the_full_enumeration(algorithm, n, limit):
    full = all_solutions(algorithm, n).solutions
    assert run(algorithm, "recursive", n, limit=limit).solutions == full[:limit]


def test_algorithms_are_found_by_name():
    for name in ENUMERATING:
        found = find_algorithm(name)
        assert found == MODULES[name] and found.name == name
        assert found.spec_path.endswith(f"queens_{name}.yaml")


# --- the board model -------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(data=st.data(), n=st.integers(1, 10))
def test_bitboard_free_cells_match_a_direct_attack_check(data, n):
    board = BitBoard(n)
    queens: list[tuple[int, int]] = []
    for col in data.draw(st.lists(st.integers(1, n), unique=True, max_size=n)):
        row = data.draw(st.integers(1, n))
        if board.free_rows_mask(col) >> (row - 1) & 1:
            board.place(col, row)
            queens.append((col, row))

    def attacked(col: int, row: int) -> bool:
        return any(c == col or r == row or abs(c - col) == abs(r - row) for c, r in queens)

    for line in range(1, n + 1):
        free_rows = {row for row in range(1, n + 1) if not attacked(line, row)}
        free_cols = {col for col in range(1, n + 1) if not attacked(col, line)}
        assert {row for row in range(1, n + 1) if board.free_rows_mask(line) >> (row - 1) & 1} == free_rows
        assert {col for col in range(1, n + 1) if board.free_cols_mask(line) >> (col - 1) & 1} == free_cols
        first = board.next_free_row(line, 0)
        assert first == (min(free_rows) if free_rows else 0)
