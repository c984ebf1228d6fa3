"""The automata docs/derive.md shows: derived from their programs, written to derived/, drawn.

    python3 tests/data/derive/regenerate.py

tests/test_derive_problems.py fails when a committed spec here is no longer what `automata
derive` makes of its program (a program or derive changed): run this script and commit the
result. Each entry is the command line `automata derive` would take, with tests/data/derive and
docs/tutorial on the path.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
DERIVED = HERE / "derived"
IMAGES = ROOT / "docs" / "images" / "derive"
ROOTS = (HERE, ROOT / "docs" / "tutorial")

# name of the derived spec -> (MODULE:FUNCTION, options)
TARGETS: dict[str, tuple[str, dict[str, str]]] = {
    "maze": ("maze:solve_iteratively", {}),
    "maze_recursive": ("maze_program:recursive", {}),
    "knight_tour": ("solvers.knight_tour.iterative:search", {"title": "Knight's tour, derived from its loop"}),
    "knight_tour_like_the_spec": ("knight_variant:search", {"program": "solvers.knight_tour.program"}),
    "queens_backtracking": ("queens_programs:fill", {"program": "queens_programs:BACKTRACKING"}),
    "queens_prolog": ("queens_programs:fill", {"program": "queens_programs:PROLOG"}),
    "queens_backtracking_like_the_spec": ("queens_programs:fill_like_the_spec",
                                          {"program": "queens_programs:BACKTRACKING_LIKE_THE_SPEC"}),
    "queens_prolog_like_the_spec": ("queens_programs:fill_like_the_spec",
                                    {"program": "queens_programs:PROLOG_LIKE_THE_SPEC"}),
    "queens_backtracking_recursive": ("solvers.queens.backtracking.recursive:fill_from_current_column",
                                      {"program": "queens_programs:BACKTRACKING_RECURSIVE",
                                       "context": "queens_programs:Columns",
                                       "title": "N queens by backtracking, derived from the recursion"}),
    "queens_mrv": ("solvers.queens.mrv.iterative:search_iteratively",
                   {"program": "queens_programs:MRV", "title": "N queens, fewest free cells first, derived from its loop"}),
    "queens_mrv_like_the_spec": ("queens_programs:search_like_the_spec", {"program": "queens_programs:MRV_LIKE_THE_SPEC"}),
    "eight_puzzle": ("puzzle_program:iterative", {}),
}

# The pictures of docs/derive.md (the prolog specs have the backtracking's graph).
DRAWN = ("maze_recursive", "knight_tour", "knight_tour_like_the_spec", "queens_backtracking",
         "queens_backtracking_like_the_spec", "queens_backtracking_recursive", "queens_mrv",
         "queens_mrv_like_the_spec", "eight_puzzle")


def derived_text(name: str) -> str:
    from automata.analysis.derive import derive

    target, options = TARGETS[name]
    return derive(target, roots=ROOTS, **options).text


def main() -> None:
    from automata.io.drawing import draw_specs

    for name in TARGETS:
        (DERIVED / f"{name}.yaml").write_text(derived_text(name), encoding="utf-8")
    draw_specs([DERIVED / f"{name}.yaml" for name in DRAWN], IMAGES)
    print(f"derived {len(TARGETS)} specs into {DERIVED}, drew {len(DRAWN)} into {IMAGES}")


if __name__ == "__main__":
    sys.path[:0] = [str(root) for root in ROOTS]
    main()
