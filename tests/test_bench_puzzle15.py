"""bench/puzzle15_speed.py: its plain IDA* counts like the project, its rows, its docs section."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import puzzle15_speed  # noqa: E402
from automata.runtime.events import NullObserver  # noqa: E402
from solvers.puzzle15 import iterative  # noqa: E402


def test_the_plain_ida_star_generates_the_projects_nodes():
    for start in ((0, 1, 6, 3, 8, 2, 4, 7, 5), (5, 2, 4, 3, 1, 8, 12, 7, 9, 13, 11, 15, 14, 6, 10, 0), (3, 2, 1, 0)):
        result = iterative.solve(start, NullObserver())
        assert puzzle15_speed.plain_ida_star(start) == (result.length, result.generated)


def test_rows_and_the_table():
    rows = puzzle15_speed.rows([79], rounds=1, skip=("recursive", "automaton"))
    assert [(row.implementation, row.reference, row.goal) for row in rows] == [
        ("plain", None, None), ("iterative", "plain", 1.5), ("generated", "iterative", 1.3)]
    assert all(row.seconds > 0 and row.case == "Korf 79 (540,860 nodes)" for row in rows)
    table = puzzle15_speed.markdown(rows)
    assert table.splitlines()[0] == "| instance | plain | iterative (vs plain) | generated (vs iterative) |"
    assert "| Korf 79 (540,860 nodes) |" in table
    assert set(puzzle15_speed.TABLES) == {"korf"}  # docs/performance.md's region names it
