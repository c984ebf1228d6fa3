"""A maze searched depth first, one step or one take-back at a time: the tutorial's program.

The model answers questions (is_/has_) and carries out actions (make_/take_); it never decides
what to do next. That decision is the control structure: the automaton of maze.yaml, and the
loop `solve_iteratively`. The rest of the module is what the `automata` command needs to run,
show and verify the spec.
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]  # (row, column), counted from 0
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # tried in this order: east, south, west, north


@dataclass(frozen=True)
class MazeResult:
    found: bool
    path: tuple[Cell, ...]  # the path where the search stopped: start to exit, or just the start


class Maze:
    """A grid of text rows: `S` start, `E` exit, `#` wall, `.` open floor."""

    def __init__(self, rows: list[str], observer, every_way: bool = False) -> None:
        self.rows = rows
        self.observer = observer
        self.every_way = every_way  # count every way out instead of stopping at the first
        self.ways = 0
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

    # questions: no side effects
    def is_at_exit(self) -> bool:
        return self.path[-1] == self.exit

    def has_untried_step(self) -> bool:
        return self._next_direction() is not None

    def has_steps_to_take_back(self) -> bool:
        return len(self.path) > 1

    # actions: each reports what it did
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
        if self.every_way:
            self.visited.discard(cell)  # another way may pass through this cell again
        self.observer.emit("back", *cell)

    def count_way(self) -> None:
        self.ways += 1
        self.observer.emit("way", self.ways)

    def result(self, found: bool) -> MazeResult:
        return MazeResult(found, tuple(self.path))


EXIT_FOUND = 1  # the spec's final state "Exit found"


def make_context(case: list[str], observer) -> Maze:
    """A case is a maze: its rows of text."""
    return Maze(case, observer)


def result(maze: Maze, final_state: int) -> MazeResult:
    """An automaton run's result. Whether the exit was found is read from the final state the
    automaton stopped in, so an automaton that stops in the wrong state returns a wrong result."""
    return maze.result(found=final_state == EXIT_FOUND)


def parse_case(params: dict[str, str]) -> list[str]:
    """A maze from `-p rows=S.#/E##` on the command line: rows separated by slashes."""
    return params["rows"].split("/")


CASES = {
    "two rows": ["S.#",
                 "E##"],
    "top of the page": ["S..#...",
                        ".#.#.#.",
                        ".#...#.",
                        ".####.#",
                        "......E"],
    "no way out": ["S.#.",
                   "..#.",
                   ".#.E"],
}


def picture(maze: Maze) -> str:
    """The maze as it stands: walls dark, cells tried grey, the path orange, the search's cell ringed."""
    size = 32
    shapes = []
    for r, row in enumerate(maze.rows):
        for c, mark in enumerate(row):
            on_path, tried = (r, c) in maze.path, (r, c) in maze.visited
            fill = "#333" if mark == "#" else "#f4a261" if on_path else "#ddd" if tried else "#fff"
            shapes.append(f'<rect x="{c * size}" y="{r * size}" width="{size}" height="{size}" fill="{fill}" stroke="#999"/>')
            if mark in "SE":
                shapes.append(f'<text x="{c * size + 16}" y="{r * size + 22}" font-size="18" text-anchor="middle">{mark}</text>')
    r, c = maze.path[-1]
    shapes.append(f'<circle cx="{c * size + 16}" cy="{r * size + 16}" r="11" fill="none" stroke="#e65100" stroke-width="3"/>')
    width, height = max(map(len, maze.rows)) * size, len(maze.rows) * size
    return "\n".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">', *shapes, "</svg>"])


def solve_iteratively(maze: Maze) -> MazeResult:
    """The same search as a plain loop, over the same model."""
    while not maze.is_at_exit():
        if maze.has_untried_step():
            maze.make_step()
        elif maze.has_steps_to_take_back():
            maze.take_back()
        else:
            return maze.result(found=False)
    return maze.result(found=True)


IMPLEMENTATIONS = {"iterative": solve_iteratively}
