"""docs/tutorial.md stays true: its example is correct, and every command it shows prints what it says.

The tutorial marks what it shows: `<!-- excerpt: FILE -->` before a code block copied from a file of
docs/tutorial/, and `<!-- console -->` before a block of `$ command` lines, each followed by its
output. `test_every_command_of_the_tutorial_prints_what_it_shows` replays the page top to bottom in
a copy of docs/tutorial/, so a change to the framework or to the example that alters an output
fails here instead of leaving the page wrong.
"""

from __future__ import annotations

import random
import re
import runpy
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from automata.analysis.check import check_file
from automata.cli import main
from automata.runtime.events import Recorder
from automata.io.drawing import stale_diagrams
from automata.analysis.cases import verify_case
from automata.runtime.program import load_program

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial.md"
EXAMPLE = ROOT / "docs" / "tutorial"
EXAMPLE_MODULES = ("maze", "gen", "test_maze")

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


def _forget_example_modules() -> None:
    for name in EXAMPLE_MODULES:
        sys.modules.pop(name, None)


@pytest.fixture
def example(monkeypatch):
    """docs/tutorial on the import path (the spec's context is `maze:MazeContext`), imported fresh."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    _forget_example_modules()
    yield
    _forget_example_modules()


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
    assert [finding.render() for finding in check_file(EXAMPLE / "maze.yaml")] == []


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


@pytest.mark.parametrize("mistake", ["maze_overlap.yaml", "maze_gives_up.yaml"])
def test_each_mistake_changes_only_line_31(mistake):
    good = (EXAMPLE / "maze.yaml").read_text(encoding="utf-8").splitlines()
    bad = (EXAMPLE / mistake).read_text(encoding="utf-8").splitlines()
    assert len(good) == len(bad)
    assert [number for number, (a, b) in enumerate(zip(good, bad), start=1) if a != b] == [31]
    assert bad[30] in TUTORIAL.read_text(encoding="utf-8")


def test_the_committed_diagrams_match_the_spec(example):
    assert stale_diagrams([EXAMPLE / "maze.yaml"], EXAMPLE / "diagrams") == []


# ---------------------------------------------------------------------------------------------
# Replaying the page

BLOCK = re.compile(r"<!-- (excerpt: (?P<file>\S+)|console) -->\n```\w*\n(?P<body>.*?)\n```", re.DOTALL)


def _shown_blocks() -> list[tuple[str | None, str]]:
    """(file, text) of each excerpt and (None, text) of each console block, in page order."""
    return [(match["file"], match["body"]) for match in BLOCK.finditer(TUTORIAL.read_text(encoding="utf-8"))]


def _console_commands(body: str) -> list[tuple[str, str]]:
    """The `$ command` lines of a console block, each with the output printed under it."""
    commands: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            assert commands, f"console block does not start with a command: {line!r}"
            commands[-1][1].append(line)
    return [(command, "\n".join(output)) for command, output in commands]


def _run(command: str, capsys, monkeypatch) -> str:
    """What `command` prints (stdout, then stderr), run in-process in the current folder."""
    argv = shlex.split(command)
    capsys.readouterr()
    if argv[0] == "automata":
        with pytest.raises(SystemExit):
            main(argv[1:])
    elif argv[0] == "cat":
        print(Path(argv[1]).read_text(encoding="utf-8"), end="")
    elif argv[:2] == ["python", "-c"]:
        exec(compile(argv[2], "<python -c>", "exec"), {"__name__": "__main__"})
    elif argv[0] == "python":
        monkeypatch.setattr(sys, "argv", argv[1:])
        runpy.run_path(argv[1], run_name="__main__")
    else:
        raise AssertionError(f"the tutorial shows a command this test cannot replay: {command}")
    captured = capsys.readouterr()
    return (captured.out + captured.err).rstrip("\n")


def test_every_command_of_the_tutorial_prints_what_it_shows(tmp_path, monkeypatch, capsys):
    for source in EXAMPLE.iterdir():
        if source.suffix in (".py", ".yaml"):
            shutil.copy(source, tmp_path / source.name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    _forget_example_modules()
    blocks = _shown_blocks()
    assert sum(file is None for file, _ in blocks) >= 8 and sum(file is not None for file, _ in blocks) >= 6
    try:
        for file, body in blocks:
            if file is not None:
                # gen.py exists only once the page's codegen command has run, as for a reader.
                assert body in (tmp_path / file).read_text(encoding="utf-8"), f"excerpt not found in {file}:\n{body}"
                continue
            for command, shown in _console_commands(body):
                assert _run(command, capsys, monkeypatch) == shown, f"`{command}` no longer prints what the tutorial shows"
    finally:
        _forget_example_modules()


def test_the_tutorials_pytest_file_passes():
    import subprocess

    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_maze.py"],
                          cwd=EXAMPLE, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 passed" in done.stdout
