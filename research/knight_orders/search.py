"""Search for move orders with which optimizations 1-4 tour every start cell without giving up.

    python3 -m research.knight_orders.search search --work DIR [--jobs N] [--keep 2]
    python3 -m research.knight_orders.search check [--orders FILE] [--jobs N]

With optimization 4 and GOOD_RET = 1, a start cell is toured when the greedy walk (Warnsdorff's
rule, blocked cells refused, ties in move order) of one of orders 1-4 covers the board, or when the
search with returns of order 5 finds a tour within MAX_RET returns.  The search keeps the first
``--keep`` orders of `MOVE_ORDERS` and fills the other slots in stages, each a sweep over every
core (`automata.sweep`) whose result is saved in the work folder, so an interrupted search resumes
where it stopped:

1. ``residual.json``: the cells of the target boards (the article's five and every n×m with
   5 <= n <= m <= 30) that no kept order's greedy walk tours;
2. ``greedy.json``: for every order of the eight moves (8! = 40,320; or a random sample of them
   with ``--orders``), the residual cells of the small boards (up to 30×30) its greedy walk tours;
3. ``search.json``: for the orders whose walks tour the most of them, the cells its search with
   returns tours within MAX_RET;
4. ``choice.json``: the orders for the free slots, the last one searching with returns, that leave
   the fewest small-board cells untoured, checked on the big boards' residual cells.

``check`` runs a set of orders over every target cell and lists every cell that is not toured.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from automata.io.files import write_atomically
from automata.sweep import Interrupted, StderrProgress, run_sweep
from solvers.knight_tour.model import DEFAULT_MAX_RETURNS, MOVE_ORDERS
from research.knight_orders.evaluator import Order, greedy_walk, possible_starts, search, solve_with_orders

KNIGHT_MOVES: tuple[tuple[int, int], ...] = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))
ALL_ORDERS: tuple[Order, ...] = tuple(itertools.permutations(KNIGHT_MOVES))
ARTICLE_BOARDS = ((8, 8), (9, 9), (50, 50), (77, 77), (100, 100))
SMALL = 900  # boards up to 30×30 cells: cheap enough to try every order on
BLOCK = 2000  # orders per saved block of a table

Cell = tuple[int, int, int]  # rows, columns, flat start index (row-major, 0-based)


def target_boards(min_side: int = 5, max_side: int = 30) -> list[tuple[int, int]]:
    boards = list(ARTICLE_BOARDS)
    boards += [(n, m) for n in range(min_side, max_side + 1) for m in range(n, max_side + 1) if (n, m) not in boards]
    return boards


def cell_name(cell: Cell) -> str:
    rows, cols, index = cell
    return f"{rows}x{cols} ({index // cols + 1},{index % cols + 1})"


# ---- the sweeps' cases (module-level functions, so that worker processes can import them) --------

def untoured_by_walks(case: tuple[int, int, tuple[int, ...], tuple[Order, ...]]) -> list[int]:
    """The start cells of one board that no order's greedy walk tours."""
    rows, cols, starts, orders = case
    return [s for s in starts if not any(greedy_walk(rows, cols, s, order) for order in orders)]


def walk_row(case: tuple[tuple[Cell, ...], Order]) -> int:
    """Bit i set when the order's greedy walk tours cell i of the list."""
    cells, order = case
    return sum(1 << i for i, (rows, cols, start) in enumerate(cells) if greedy_walk(rows, cols, start, order))


def search_row(case: tuple[tuple[Cell, ...], Order, int]) -> int:
    """Bit i set when the order's search with returns tours cell i of the list within MAX_RET."""
    cells, order, max_returns = case
    return sum(1 << i for i, (rows, cols, start) in enumerate(cells)
               if search(rows, cols, start, order, max_returns).outcome == "found")


def board_outcomes(case: tuple[int, int, tuple[int, ...], tuple[Order, ...], int]) -> list[tuple[int, int, str, int]]:
    """Optimizations 1-4 from start cells of one board: (start, order used, outcome, returns),
    for the cells the first order does not tour alone."""
    rows, cols, starts, orders, max_returns = case
    found = []
    for start in starts:
        outcome = solve_with_orders(rows, cols, start, orders, max_returns)
        if outcome.order != 1:
            found.append((start, outcome.order, outcome.outcome, outcome.returns))
    return found


# ---- stages --------------------------------------------------------------------------------------

def board_cases(orders: tuple[Order, ...], boards: Sequence[tuple[int, int]], extra: tuple = ()) -> list[tuple]:
    """Start cells split into cases of roughly equal work (a case's cost grows with its board's area)."""
    cases = []
    for rows, cols in boards:
        starts = possible_starts(rows, cols)
        step = max(1, 4000 // (rows * cols))
        cases += [(rows, cols, tuple(starts[i:i + step]), orders, *extra) for i in range(0, len(starts), step)]
    cases.sort(key=lambda case: -case[0] * case[1] * len(case[2]))  # the longest first: no straggler at the end
    return cases


def residual(kept: tuple[Order, ...], boards: Sequence[tuple[int, int]], jobs: int | None) -> list[Cell]:
    cases = board_cases(kept, boards)
    results = run_sweep(untoured_by_walks, cases, jobs=jobs, chunksize=1, progress=StderrProgress("residual cells"))
    cells = [(case[0], case[1], start) for case, starts in zip(cases, results) for start in starts]
    return sorted(cells)


def table(work: Path, name: str, function: Callable[[Any], int], cells: tuple[Cell, ...], orders: Sequence[int],
          jobs: int | None, extra: tuple = ()) -> dict[int, int]:
    """A bitset per order (by number in ALL_ORDERS), saved after every block of orders."""
    path = work / f"{name}.json"
    rows: dict[int, int] = {}
    if path.exists():
        rows = {int(k): int(v, 16) for k, v in json.loads(path.read_text())["rows"].items()}
    todo = [number for number in orders if number not in rows]
    for first in range(0, len(todo), BLOCK):
        block = todo[first:first + BLOCK]
        label = f"{name}: orders {len(rows) + 1:,}-{len(rows) + len(block):,} of {len(rows) + len(todo) - first:,}"
        try:
            results = run_sweep(function, [(cells, ALL_ORDERS[n], *extra) for n in block], jobs=jobs,
                                progress=StderrProgress(label))
            rows.update(zip(block, results))
        except Interrupted as stop:
            rows.update((block[i], result) for i, result in stop.finished.items())
            _save_table(path, cells, rows)
            raise
        _save_table(path, cells, rows)
    return rows


def _save_table(path: Path, cells: tuple[Cell, ...], rows: dict[int, int]) -> None:
    document = {"cells": [list(cell) for cell in cells], "rows": {str(k): format(v, "x") for k, v in sorted(rows.items())}}
    _write(path, document)


def _write(path: Path, document: object) -> None:
    write_atomically(path, json.dumps(document) + "\n")  # a search stopped mid-write keeps the previous file


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _exact_covers(left: int, slots: int, walks: dict[int, int], coverers: dict[int, list[int]],
                  avoid: set[int], limit: int) -> list[tuple[int, ...]]:
    """Up to ``limit`` sets of ``slots`` walk orders that together tour every cell of ``left``.

    Branches on the cell the fewest orders tour: every cover holds one of them.
    """
    if not left:
        return [()]
    if not slots:
        return []
    rarest = min(_bits(left), key=lambda cell: len(coverers.get(cell, ())))
    found: list[tuple[int, ...]] = []
    for number in coverers.get(rarest, ()):
        if number in avoid:
            continue
        for rest in _exact_covers(left & ~walks[number], slots - 1, walks, coverers, avoid | {number}, limit - len(found)):
            found.append((number, *rest))
            if len(found) >= limit:
                return found
    return found


def best_covers(walks: dict[int, int], searches: dict[int, int], universe: int, slots: int,
                avoid: set[int], wanted: int) -> list[tuple[int, tuple[int, ...]]]:
    """Choices of ``slots`` walk orders and one search order, fewest untoured cells first.

    For every search order, the walk orders that tour all the cells it leaves are found exactly;
    when there are none, the walk orders are picked greedily (the one touring most of what is left).
    """
    coverers: dict[int, list[int]] = {}
    for number, mask in walks.items():
        for cell in _bits(mask):
            coverers.setdefault(cell, []).append(number)
    found: list[tuple[int, tuple[int, ...]]] = []
    for last in sorted(searches, key=lambda n: -(searches[n] & universe).bit_count()):
        if last in avoid:
            continue
        left = universe & ~searches[last]
        exact = _exact_covers(left, slots, walks, coverers, avoid | {last}, wanted)
        if exact:
            found += [(0, (*walks_chosen, last)) for walks_chosen in exact]
            continue
        chosen: list[int] = []
        for _ in range(slots):
            pick = max((n for n in walks if n not in avoid and n != last and n not in chosen),
                       key=lambda n: (walks[n] & left).bit_count())
            chosen.append(pick)
            left &= ~walks[pick]
        found.append((left.bit_count(), (*chosen, last)))
    found.sort()
    return found[:wanted]


def run_search(work: Path, keep: int, jobs: int | None, sample: int | None, search_orders: int, max_returns: int,
               max_side: int) -> dict:
    work.mkdir(parents=True, exist_ok=True)
    kept = tuple(MOVE_ORDERS[:keep])
    boards = target_boards(max_side=max_side)
    residual_path = work / "residual.json"
    if residual_path.exists():
        cells = [tuple(cell) for cell in json.loads(residual_path.read_text())["cells"]]
    else:
        cells = residual(kept, boards, jobs)
        _write(residual_path, {"kept": [list(map(list, o)) for o in kept], "cells": [list(c) for c in cells]})
    small = tuple(c for c in cells if c[0] * c[1] <= SMALL)
    big = tuple(c for c in cells if c[0] * c[1] > SMALL)
    print(f"{len(cells):,} cells left by the {keep} kept orders: {len(small):,} on small boards, {len(big):,} on big ones",
          file=sys.stderr)
    kept_numbers = {ALL_ORDERS.index(order) for order in kept}
    candidates = [n for n in range(len(ALL_ORDERS)) if n not in kept_numbers]
    random.Random(8).shuffle(candidates)  # so that the first orders of the table are a fair sample
    walks = table(work, "greedy", walk_row, small, candidates[:sample], jobs)
    ranked = sorted(walks, key=lambda n: -walks[n].bit_count())
    searches = table(work, "search", search_row, small, ranked[:search_orders], jobs, (max_returns,))
    universe = (1 << len(small)) - 1
    covers = best_covers(walks, searches, universe, 4 - keep, kept_numbers, wanted=40)
    checked = []
    for missed, combination in covers:
        orders = kept + tuple(ALL_ORDERS[n] for n in combination)
        untoured = check_cells(orders, big, max_returns, jobs)
        checked.append({"orders": list(combination), "missed_small": missed, "missed_big": len(untoured),
                        "untoured": [list(c) for c in untoured]})
        print(f"orders {combination}: {missed} small-board cells and {len(untoured)} big-board cells untoured",
              file=sys.stderr)
        if missed == 0 and not untoured:
            break
    checked.sort(key=lambda entry: entry["missed_small"] + entry["missed_big"])
    choice = {"kept": keep, "max_returns": max_returns, "search_orders": search_orders, "tried": checked,
              "best": [list(map(list, kept + tuple(ALL_ORDERS[n] for n in checked[0]["orders"])))] if checked else []}
    _write(work / "choice.json", choice)
    return choice


def single_cell(case: tuple[Cell, tuple[Order, ...], int]) -> tuple[str, int]:
    (rows, cols, start), orders, max_returns = case
    outcome = solve_with_orders(rows, cols, start, orders, max_returns)
    return outcome.outcome, outcome.returns


def check_cells(orders: tuple[Order, ...], cells: Sequence[Cell], max_returns: int, jobs: int | None) -> list[Cell]:
    """The cells that optimizations 1-4 with ``orders`` do not tour."""
    results = run_sweep(single_cell, [(cell, orders, max_returns) for cell in cells], jobs=jobs, chunksize=1)
    return [cell for cell, (outcome, _returns) in zip(cells, results) if outcome != "found"]


def check_orders(orders: tuple[Order, ...], boards: Sequence[tuple[int, int]], max_returns: int,
                 jobs: int | None) -> dict[str, Any]:
    """Optimizations 1-4 with ``orders`` on every possible start cell of ``boards``."""
    cases = board_cases(orders, boards, (max_returns,))
    results = run_sweep(board_outcomes, cases, jobs=jobs, chunksize=1, progress=StderrProgress("check"))
    by_order = [0] * len(orders)
    untoured, with_returns = [], []
    total = sum(len(possible_starts(rows, cols)) for rows, cols in boards)
    for case, found in zip(cases, results):
        for start, order, outcome, returns in found:
            cell = (case[0], case[1], start)
            if outcome != "found":
                untoured.append({"cell": cell_name(cell), "outcome": outcome, "returns": returns})
            else:
                by_order[order - 1] += 1
                if returns:
                    with_returns.append({"cell": cell_name(cell), "returns": returns})
    by_order[0] = total - sum(by_order) - len(untoured)
    return {"boards": len(boards), "cells": total, "toured_by_order": by_order, "untoured": sorted(untoured, key=str),
            "with_returns": with_returns}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python3 -m research.knight_orders.search", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    parser.add_argument("--max-returns", type=int, default=DEFAULT_MAX_RETURNS, help="MAX_RET of the last order")
    parser.add_argument("--max-side", type=int, default=30, help="the largest side of the n×m boards searched")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("search", help="search orders for the free slots (resumable)")
    run.add_argument("--work", type=Path, required=True, help="folder for the stages' results")
    run.add_argument("--keep", type=int, default=2, choices=(1, 2, 3), help="leading MOVE_ORDERS kept")
    run.add_argument("--orders", type=int, default=None,
                     help="walk only this many orders, a random sample (default: all 40,320)")
    run.add_argument("--search-orders", type=int, default=400, help="orders whose search with returns is tried")
    check = commands.add_parser("check", help="every target cell with a set of five orders")
    check.add_argument("--orders", type=Path, help="JSON list of five orders (default: MOVE_ORDERS)")
    check.add_argument("--sample", type=int, help="only this many boards, picked at random (seed 1)")
    args = parser.parse_args(argv)
    try:
        if args.command == "search":
            choice = run_search(args.work, args.keep, args.jobs, args.orders, args.search_orders, args.max_returns,
                                args.max_side)
            print(json.dumps(choice["tried"][:1] + [{"best": choice["best"]}], indent=1))
        else:
            orders = MOVE_ORDERS if args.orders is None else tuple(
                tuple(tuple(move) for move in order) for order in json.loads(args.orders.read_text()))
            boards = target_boards(max_side=args.max_side)
            if args.sample:
                boards = random.Random(1).sample(boards, args.sample)
            print(json.dumps(check_orders(orders, boards, args.max_returns, args.jobs), indent=1))
    except Interrupted as stop:
        print(f"{stop}; run the same command again to resume", file=sys.stderr)
        raise SystemExit(130) from None


if __name__ == "__main__":
    # Run the importable module's main, not this __main__ copy: worker processes and Dask workers
    # find the sweep's functions by module name.
    from research.knight_orders.search import main as module_main

    module_main()
