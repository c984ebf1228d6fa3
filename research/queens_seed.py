"""The queens seed texts' figures that only a computation settles.

    python3 -m research.queens_seed situations        # the MRV text's "about 63 situations", read two ways
    python3 -m research.queens_seed covers [--n N...]  # N solutions covering the N×N board: exact search

**Situations.** The MRV text (seed queens-mrv-forced-moves.ru.txt) fixes a first queen in row IV
(left half) and a second in row III (21 ways), and estimates "on average three" places for the
third queen on the line with the fewest free cells: 21 × 3 = "about 63 situations". Counted by the
project's mrv search with symmetry (solvers/queens/mrv/model.py, `situations`), the third queen
has 60 places when it goes on the tightest row *or column* (the program's rule) and 66 when it
goes on the tightest row only (the text's literal "horizontals").

**Covers.** The N×N text says N solutions can be superimposed to fill the whole board only when
N is divisible by neither 2 nor 3. A cover here is what it is there and in solvers/queens/covers.py:
N solutions that put exactly one queen on every cell. `covers` decides it for each N by an exact
search (solvers/queens/covers.py, `find_cover`): every cell must be covered by one solution, so
the search branches on the free cell the fewest remaining solutions cover, and a branch with a
cell no remaining solution covers is closed. Either a cover is printed and checked, or the
search ends having tried every choice, which proves there is none. Among N = 4..11 it finds covers
for N = 5, 7 and 11 only (seconds). For N = 12 the full search is long (hours on two shared
cores); with `--mirrored` it searches only the covers that the left-right mirror maps onto
themselves and finds one in about 15 s, solvers/queens/covers.py COVER_12: the text's "only" is
wrong at N = 12.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence

from automata.runtime.events import NullObserver
from solvers.queens.covers import find_cover, is_cover
from solvers.queens.mrv import recursive
from solvers.queens.mrv.iterative import search_iteratively
from solvers.queens.mrv.model import MrvSearch


def situations(n: int = 8) -> list[dict[str, object]]:
    """The symmetric mrv search of the MRV text, branching on rows and columns or on rows only,
    with and without look-ahead: its counts, the iterative and recursive programs agreeing."""
    found = []
    for rows_only in (False, True):
        for look_ahead in (False, True):
            def search() -> MrvSearch:
                return MrvSearch(n, NullObserver(), None, look_ahead=look_ahead, symmetry=True, rows_only=rows_only)

            result = search_iteratively(search())
            if recursive.explore_recursively(search()) != result:
                raise AssertionError("the iterative and recursive mrv programs differ")
            found.append({"branch on": "rows only" if rows_only else "rows and columns", "look_ahead": look_ahead,
                          "classes": result.count, **dict(result.stats)})
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python3 -m research.queens_seed", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("situations", help="the MRV text's situations, branching on rows and columns or rows only")
    covers = commands.add_parser("covers", help="N solutions covering the N×N board, by exact search")
    covers.add_argument("--n", type=int, nargs="+", default=list(range(4, 12)), help="board sizes (default 4..11)")
    covers.add_argument("--mirrored", action="store_true",
                        help="only covers the left-right mirror maps onto themselves (finds one for N = 12 in seconds)")
    args = parser.parse_args(argv)
    if args.command == "situations":
        for row in situations():
            print(json.dumps(row))
        return
    for n in args.n:
        started = time.perf_counter()
        cover, nodes = find_cover(n, mirrored=args.mirrored)
        seconds = time.perf_counter() - started
        kind = "mirrored cover" if args.mirrored else "cover"
        print(f"N = {n}: {'a ' + kind if cover else 'no ' + kind} ({nodes:,} search nodes, {seconds:.1f} s)"
              + ("; checked" if cover and is_cover(cover) else ""))
        for rows in cover or ():
            print("  " + ",".join(map(str, rows)))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
