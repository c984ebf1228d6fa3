"""docs/tutorial.md stays true: a reader who types what the page shows, in an empty folder, gets
every output the page prints, and ends with the files of docs/tutorial/.

The page marks what the reader types and runs (tests/tutorial_replay.py lists the marks).
`test_the_page_builds_the_tutorial_folder_and_prints_what_it_shows` replays the page top to
bottom in a temporary folder, from the page's text alone; the other tests check the finished
example in docs/tutorial/ (which the replay must reproduce file for file).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from tutorial_replay import Replay, forget_modules, steps

from automata.analysis.cases import verify_case
from automata.analysis.check import check_file
from automata.io.drawing import stale_diagrams
from automata.runtime.events import Recorder
from automata.runtime.program import load_program

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial.md"
EXAMPLE = ROOT / "docs" / "tutorial"
TYPED = ("maze.py", "maze.yaml", "maze_ways.yaml", "ways.py", "test_maze.py")  # what the reader types

TWO_ROWS = ["S.#",
            "E##"]
TOP_OF_PAGE = ["S..#...",
               ".#.#.#.",
               ".#...#.",
               ".####.#",
               "......E"]
NO_WAY_OUT = ["S.#.",
              "..#.",
              ".#.E"]


@pytest.fixture
def example(monkeypatch):
    """docs/tutorial on the import path (the spec's context is `maze:MazeContext`), imported fresh."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    forget_modules()
    yield
    forget_modules()


def _random_maze(rng: random.Random, rows: int, cols: int) -> list[str]:
    grid = [["#" if rng.random() < 0.3 else "." for _ in range(cols)] for _ in range(rows)]
    start, exit_ = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 2)
    grid[start[0]][start[1]] = "S"
    grid[exit_[0]][exit_[1]] = "E"
    return ["".join(row) for row in grid]


MAZES = [TWO_ROWS, TOP_OF_PAGE, NO_WAY_OUT, ["SE"], ["S#E"]] + [
    _random_maze(random.Random(seed), 5, 6) for seed in range(20)
]


def test_the_spec_passes_every_check(example):
    assert [finding.render() for name in ("maze.yaml", "maze_ways.yaml") for finding in check_file(EXAMPLE / name)] == []


def test_the_automaton_the_generated_code_and_the_reference_agree(example):
    program = load_program(EXAMPLE / "maze.yaml")
    outcomes = set()
    for number, maze in enumerate(MAZES):
        verdict = verify_case(program, f"maze {number}", maze, ["iterative", "automaton", "generated"]).verdict
        assert verdict.agree, f"{maze}: {verdict.divergence.describe()}"
        result = verdict.runs["iterative"].result
        outcomes.add(result.found)
        assert result.path[0] == next((r, c) for r, row in enumerate(maze) for c, ch in enumerate(row) if ch == "S")
    assert outcomes == {True, False}  # the mazes reach both final states


def test_the_numbers_quoted_in_the_prose(example):
    from maze import CASES, Maze, solve_iteratively

    recorder = Recorder()
    solve_iteratively(Maze(TOP_OF_PAGE, recorder))
    kinds = [event[0] for event in recorder.events]
    assert kinds == ["step"] * 12 + ["back"] * 12 + ["step"] * 10  # "34 events agree: twelve ... ten"
    assert ("step", 2, 6) in recorder.events
    text = TUTORIAL.read_text(encoding="utf-8")
    assert "\n".join(TOP_OF_PAGE[1:]) in text and TOP_OF_PAGE[0] in text
    assert CASES["top of the page"] == TOP_OF_PAGE and CASES["two rows"] == TWO_ROWS and CASES["no way out"] == NO_WAY_OUT


def test_a_maze_without_exactly_one_start_and_exit_is_refused(example):
    from maze import Maze

    with pytest.raises(ValueError, match="exactly one 'E'; this one has 0"):
        Maze(["S.."], Recorder())
    with pytest.raises(ValueError, match="exactly one 'S'; this one has 2"):
        Maze(["S.S", "E.."], Recorder())


def test_counting_every_way_matches_a_count_by_brute_force(example):
    from maze import Maze
    from ways import count_ways_iteratively

    def ways(maze: list[str], cell: tuple[int, int], seen: frozenset) -> int:
        if maze[cell[0]][cell[1]] == "E":
            return 1
        total = 0
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            r, c = cell[0] + dr, cell[1] + dc
            if 0 <= r < len(maze) and 0 <= c < len(maze[r]) and maze[r][c] != "#" and (r, c) not in seen:
                total += ways(maze, (r, c), seen | {(r, c)})
        return total

    for maze in MAZES:
        start = next((r, c) for r, row in enumerate(maze) for c, ch in enumerate(row) if ch == "S")
        assert count_ways_iteratively(Maze(maze, Recorder(), every_way=True)) == ways(maze, start, frozenset({start}))


def test_the_committed_diagrams_match_the_spec(example):
    assert stale_diagrams([EXAMPLE / "maze.yaml"], EXAMPLE / "diagrams") == []


# ---------------------------------------------------------------------------------------------
# Replaying the page


def test_the_page_builds_the_tutorial_folder_and_prints_what_it_shows(tmp_path, monkeypatch, capsys):
    page = TUTORIAL.read_text(encoding="utf-8")
    kinds = [step.kind for step in steps(page)]
    assert kinds.count("console") >= 12 and kinds.count("file") >= 5 and "notebook" in kinds and "change" in kinds
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    forget_modules()

    def same(command: str, printed: str, shown: str) -> None:
        assert printed == shown, f"`{command}` no longer prints what the tutorial shows:\n{printed}"

    try:
        Replay(tmp_path, capsys, monkeypatch).all(page, same)
    finally:
        forget_modules()
    for name in TYPED:  # the reader's folder is the finished example
        assert (tmp_path / name).read_text(encoding="utf-8") == (EXAMPLE / name).read_text(encoding="utf-8"), name


def test_the_tutorials_pytest_file_passes():
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_maze.py"],
                          cwd=EXAMPLE, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 passed" in done.stdout
