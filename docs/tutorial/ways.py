"""The exercise's program: every way out of a maze, counted (maze_ways.yaml)."""

from maze import CASES as SEARCH_CASES
from maze import Maze


def count_ways_iteratively(maze: Maze) -> int:
    """Every path from S that does not cross itself, counted each time it reaches E."""
    while True:
        if maze.is_at_exit():
            maze.count_way()
            maze.take_back()
        elif maze.has_untried_step():
            maze.make_step()
        elif maze.has_steps_to_take_back():
            maze.take_back()
        else:
            return maze.ways


def make_context(case: list[str], observer) -> Maze:
    return Maze(case, observer, every_way=True)


def result(maze: Maze, final_state: int) -> int:
    return maze.ways


IMPLEMENTATIONS = {"iterative": count_ways_iteratively}
CASES = {"around a pillar": ["S..",
                             ".#.",
                             "..E"], **SEARCH_CASES}
