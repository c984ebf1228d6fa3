"""A maze searched depth first, one step or one take-back at a time: the tutorial's model.

The model answers questions (is_/has_) and carries out actions (make_/take_); it never decides
what to do next. That decision is the control structure: a loop in reference.py, the
automaton of maze.yaml here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from automata import Observer, Spec, execute, load_spec

Cell = tuple[int, int]  # (row, column), counted from 0
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # tried in this order: east, south, west, north


@dataclass(frozen=True)
class MazeResult:
    found: bool
    path: tuple[Cell, ...]  # the path where the search stopped: start to exit, or just the start


class Maze:
    """A grid of text rows: `S` start, `E` exit, `#` wall, `.` open floor."""

    def __init__(self, rows: list[str], observer: Observer) -> None:
        self.rows = rows
        self.observer = observer
        self.exit = self._find("E")
        self.path: list[Cell] = [self._find("S")]
        self.tried: list[int] = [0]  # for each cell of the path, how many directions were tried
        self.visited: set[Cell] = {self.path[0]}

    def _find(self, mark: str) -> Cell:
        cells = [(r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch == mark]
        if len(cells) != 1:
            raise ValueError(f"a maze needs exactly one {mark!r}; this one has {len(cells)}")
        return cells[0]

    def _next_direction(self) -> int | None:
        """The first untried direction from the last cell that leads to an open, unvisited cell."""
        row, col = self.path[-1]
        for d in range(self.tried[-1], len(DIRECTIONS)):
            r, c = row + DIRECTIONS[d][0], col + DIRECTIONS[d][1]
            if 0 <= r < len(self.rows) and 0 <= c < len(self.rows[r]) and self.rows[r][c] != "#" \
                    and (r, c) not in self.visited:
                return d
        return None

    def is_at_exit(self) -> bool:
        return self.path[-1] == self.exit

    def has_untried_step(self) -> bool:
        return self._next_direction() is not None

    def has_steps_to_take_back(self) -> bool:
        return len(self.path) > 1

    def make_step(self) -> None:
        d = self._next_direction()
        assert d is not None, "make_step needs an untried step"
        row, col = self.path[-1]
        cell = (row + DIRECTIONS[d][0], col + DIRECTIONS[d][1])
        self.tried[-1] = d + 1
        self.path.append(cell)
        self.tried.append(0)
        self.visited.add(cell)  # never entered again: a dead end stays a dead end
        self.observer.emit("step", *cell)

    def take_back(self) -> None:
        cell = self.path.pop()
        self.tried.pop()
        self.observer.emit("back", *cell)

    def result(self, found: bool) -> MazeResult:
        return MazeResult(found, tuple(self.path))


class MazeContext:
    """The automaton's inputs (x) and outputs (z): a thin layer over the model."""

    def __init__(self, maze: Maze) -> None:
        self.maze = maze

    # inputs: questions, no side effects
    def is_at_exit(self) -> bool:
        return self.maze.is_at_exit()

    def has_untried_step(self) -> bool:
        return self.maze.has_untried_step()

    def has_steps_to_take_back(self) -> bool:
        return self.maze.has_steps_to_take_back()

    # outputs: actions
    def make_step(self) -> None:
        self.maze.make_step()

    def take_back(self) -> None:
        self.maze.take_back()


SPEC = Path(__file__).with_name("maze.yaml")
EXIT_FOUND = 1  # the spec's final states, by number
NO_WAY_OUT = 2


def solve_with_automaton(rows: list[str], observer: Observer, spec: Spec | Path = SPEC,
                         engine: str = "transitions", sinks: tuple = ()) -> MazeResult:
    """Run the spec over a fresh maze. Whether the exit was found is read from the final state
    the automaton stopped in, so an automaton that stops in the wrong state returns a wrong result."""
    maze = Maze(rows, observer)
    loaded = spec if isinstance(spec, Spec) else load_spec(spec)
    summary = execute(loaded, MazeContext(maze), engine=engine, sinks=sinks)
    return maze.result(found=summary.final_state == EXIT_FOUND)
