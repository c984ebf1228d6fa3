import sys

from automata import load_spec, verify

from maze import solve_with_automaton
from reference import solve_iteratively

MAZE = ["S..#...",
        ".#.#.#.",
        ".#...#.",
        ".####.#",
        "......E"]

spec = load_spec(sys.argv[1] if len(sys.argv) > 1 else "maze.yaml")
verdict = verify({
    "iterative": lambda observer: solve_iteratively(MAZE, observer),
    "automaton": lambda observer: solve_with_automaton(MAZE, observer, spec),
    "generated": lambda observer: solve_with_automaton(MAZE, observer, spec, engine="generated"),
}, reference="iterative")
print("agree" if verdict.agree else verdict.divergence.describe())
print(verdict.runs["automaton"].result)
