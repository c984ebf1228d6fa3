"""Which first move orders could be the article's? Every order of the eight moves against its 8×8 figures.

    python3 -m research.knight_orders.article --out FILE.json [--jobs N]

Optimizations 1+2, 1+3 and 1-3 use the first move order only, so the article's 8×8 figures are a
fingerprint of its first order (REFERENCE.md §1):

* 1+2: most cells exceed MAX_RET; the fewest returns, 2,502, at (5,5);
* 1+3: every cell toured without a return except (4,1) with 9 and (6,4) with 79;
* 1-3: every cell without a return except (6,4) with 3.

For every one of the 8! = 40,320 orders this sweep computes the 1-3 and 1+3 figures, and the 1+2
search from (5,5), and reports the orders that match each figure and all of them together.
MAX_RET is 10,000 by default, as in the model (the article does not print its value).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from automata.sweep import StderrProgress, run_sweep
from solvers.knight_tour.model import DEFAULT_MAX_RETURNS, MOVE_ORDERS
from research.knight_orders.evaluator import Order, search
from research.knight_orders.search import ALL_ORDERS

ARTICLE_1_3 = {(6, 4): 3}
ARTICLE_1_PLUS_3 = {(4, 1): 9, (6, 4): 79}
ARTICLE_1_PLUS_2_BEST = ((5, 5), 2502)


def _needing_returns(order: Order, max_returns: int, blocked: bool) -> dict[tuple[int, int], int]:
    """The 8×8 cells whose search needs returns (or does not finish: -1), with Warnsdorff's rule."""
    found = {}
    for start in range(64):
        outcome = search(8, 8, start, order, max_returns, blocked=blocked)
        if outcome.returns or outcome.outcome != "found":
            found[(start // 8 + 1, start % 8 + 1)] = outcome.returns if outcome.outcome == "found" else -1
    return found


def fingerprint(case: tuple[int, int]) -> dict:
    """One order's 8×8 figures: 1-3 and 1+3 cells needing returns, 1+2 returns from (5,5)."""
    number, max_returns = case
    order = ALL_ORDERS[number]
    (row, col), _ = ARTICLE_1_PLUS_2_BEST
    plain = search(8, 8, (row - 1) * 8 + col - 1, order, max_returns, warnsdorff=False)
    return {
        "order": number,
        "1-3": sorted(_needing_returns(order, max_returns, blocked=True).items()),
        "1+3": sorted(_needing_returns(order, max_returns, blocked=False).items()),
        "1+2 at (5,5)": plain.returns if plain.outcome == "found" else None,
    }


def plain_profile(case: tuple[int, int, int]) -> tuple[str, int]:
    """Optimization 2 alone (1+2 on an even board) from one 8×8 cell with one order."""
    number, start, max_returns = case
    outcome = search(8, 8, start, ALL_ORDERS[number], max_returns, warnsdorff=False)
    return outcome.outcome, outcome.returns


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python3 -m research.knight_orders.article", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True, help="JSON file for the results")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    parser.add_argument("--max-returns", type=int, default=DEFAULT_MAX_RETURNS)
    parser.add_argument("--long-limit", type=int, default=1_000_000,
                        help="MAX_RET for the 1+2 search of every cell with the project's order 1")
    args = parser.parse_args(argv)
    prints = run_sweep(fingerprint, [(n, args.max_returns) for n in range(len(ALL_ORDERS))], jobs=args.jobs,
                       progress=StderrProgress("8x8 fingerprints"))
    as_dict = lambda pairs: {tuple(cell): n for cell, n in pairs}  # noqa: E731
    match_1_3 = [p["order"] for p in prints if as_dict(p["1-3"]) == ARTICLE_1_3]
    shape_1_plus_3 = [p["order"] for p in prints if set(as_dict(p["1+3"])) == set(ARTICLE_1_PLUS_3)]
    exact_1_plus_3 = [p["order"] for p in prints if as_dict(p["1+3"]) == ARTICLE_1_PLUS_3]
    finish_5_5 = [p["order"] for p in prints if p["1+2 at (5,5)"] is not None]
    both = sorted(set(match_1_3) & set(shape_1_plus_3))
    first = ALL_ORDERS.index(MOVE_ORDERS[0])
    long_run = run_sweep(plain_profile, [(first, start, args.long_limit) for start in range(64)], jobs=args.jobs,
                         progress=StderrProgress("order 1, 1+2, every cell"))
    report = {
        "max_returns": args.max_returns,
        "orders": len(prints),
        "1-3 as the article ((6,4) 3)": len(match_1_3),
        "1+3 cells as the article ((4,1), (6,4))": len(shape_1_plus_3),
        "1+3 exactly as the article (9 and 79)": [list(map(list, ALL_ORDERS[n])) for n in exact_1_plus_3],
        "1-3 and 1+3 cells as the article": [
            {"order": [list(m) for m in ALL_ORDERS[n]], "1+3": prints[n]["1+3"],
             "1+2 at (5,5)": prints[n]["1+2 at (5,5)"]} for n in both],
        "1+2 finishes at (5,5)": len(finish_5_5),
        "1+2 at (5,5) best": sorted((prints[n]["1+2 at (5,5)"], n) for n in finish_5_5)[:10],
        "1+2 at (5,5) and 1-3 as the article": [n for n in finish_5_5 if n in set(match_1_3)],
        "project order 1, 1+2 with MAX_RET " + f"{args.long_limit:,}": {
            f"({start // 8 + 1},{start % 8 + 1})": (outcome, returns)
            for start, (outcome, returns) in enumerate(long_run)},
    }
    args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({key: value for key, value in report.items() if not isinstance(value, (list, dict))}, indent=1))
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    from research.knight_orders.article import main as module_main  # importable by the workers

    module_main()
