"""The iterative reference: the same model as the automaton, driven by a plain loop."""

from __future__ import annotations

from automata import Observer

from maze import Maze, MazeResult


def solve_iteratively(rows: list[str], observer: Observer) -> MazeResult:
    maze = Maze(rows, observer)
    while not maze.is_at_exit():
        if maze.has_untried_step():
            maze.make_step()
        elif maze.has_steps_to_take_back():
            maze.take_back()
        else:
            return maze.result(found=False)
    return maze.result(found=True)
