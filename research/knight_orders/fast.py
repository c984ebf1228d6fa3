"""The C evaluator (rules_eval.c), compiled with gcc on first use and called through ctypes.

The shared library is built into a cache folder named after a digest of the source and the
compiler flags, never into the repository, so every run uses a build of the source beside it:

    ${AUTOMATA_RESEARCH_CACHE:-$TMPDIR/automata-research}/rules_eval-<digest>.so

`sweep` runs one search per (order, start cell), each order alone (optimizations 1+2, 1+3, 1-3 on
an even board); `solve` runs optimizations 1-4 with a list of orders. Optimization 1 is the
caller's business: it never searches, so the start cells given are the ones it lets through.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from solvers.knight_tour.rules import Rules

SOURCE = Path(__file__).with_name("rules_eval.c")
FLAGS = ("-O2", "-shared", "-fPIC", "-std=c99")
OUTCOMES = ("found", "gave up", "exhausted")

Move = tuple[int, int]
Order = Sequence[Move]


class CompilerMissing(RuntimeError):
    """gcc is needed to build the evaluator."""


def cache_folder() -> Path:
    return Path(os.environ.get("AUTOMATA_RESEARCH_CACHE") or Path(tempfile.gettempdir()) / "automata-research")


@lru_cache(maxsize=1)
def library() -> ctypes.CDLL:
    """Build (once per source digest) and load the evaluator."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        raise CompilerMissing("the research evaluator needs gcc (or cc) on PATH")
    source = SOURCE.read_bytes()
    digest = hashlib.sha256(source + " ".join(FLAGS).encode()).hexdigest()[:16]
    folder = cache_folder()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"rules_eval-{digest}.so"
    if not target.exists():
        # Built beside the target and renamed over it: two processes building at once both succeed.
        handle, partial = tempfile.mkstemp(dir=folder, suffix=".so")
        os.close(handle)
        try:
            subprocess.run([compiler, *FLAGS, "-o", partial, str(SOURCE)], check=True, capture_output=True)
            os.replace(partial, target)
        finally:
            if os.path.exists(partial):
                os.unlink(partial)
    lib = ctypes.CDLL(str(target))
    common = [ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.c_int,
              ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
    lib.ks_sweep.argtypes = common + [ctypes.c_long, ctypes.POINTER(ctypes.c_byte), ctypes.POINTER(ctypes.c_long)]
    lib.ks_sweep.restype = ctypes.c_int
    lib.ks_solve.argtypes = common + [ctypes.c_long, ctypes.c_long, ctypes.POINTER(ctypes.c_byte),
                                      ctypes.POINTER(ctypes.c_long), ctypes.POINTER(ctypes.c_int)]
    lib.ks_solve.restype = ctypes.c_int
    return lib


def _ints(values: Sequence[int]) -> ctypes.Array:
    return (ctypes.c_int * len(values))(*values)


def _orders(orders: Sequence[Order]) -> ctypes.Array:
    return _ints([step for order in orders for move in order for step in move])


def _mask(optimizations: Sequence[int] | frozenset[int]) -> int:
    return sum(1 << n for n in set(optimizations))


@dataclass(frozen=True)
class Outcome:
    outcome: str  # "found", "gave up" or "exhausted"
    returns: int
    restarts: int = 0


def sweep(rows: int, cols: int, starts: Sequence[int], orders: Sequence[Order], optimizations: frozenset[int],
          rules: Rules, max_returns: int | None) -> list[list[Outcome]]:
    """For each order, the search from each start cell (flat row-major index) with that order alone."""
    if not orders or not starts:
        return [[] for _ in orders]
    count = len(orders) * len(starts)
    outcomes = (ctypes.c_byte * count)()
    returns = (ctypes.c_long * count)()
    status = library().ks_sweep(rows, cols, _ints(starts), len(starts), _orders(orders), len(orders),
                                _mask(optimizations), _ints(rules.codes()),
                                -1 if max_returns is None else max_returns, outcomes, returns)
    if status:
        raise MemoryError("the evaluator could not allocate its board")
    return [[Outcome(OUTCOMES[outcomes[o * len(starts) + s]], returns[o * len(starts) + s]) for s in range(len(starts))]
            for o in range(len(orders))]


def sweep_returns(rows: int, cols: int, starts: Sequence[int], orders: Sequence[Order], optimizations: frozenset[int],
                  rules: Rules, max_returns: int | None) -> list[list[int]]:
    """As `sweep`, each outcome as one number: the returns of a tour, -1 for gave up, -2 for exhausted."""
    code = {"gave up": -1, "exhausted": -2}
    return [[o.returns if o.outcome == "found" else code[o.outcome] for o in row]
            for row in sweep(rows, cols, starts, orders, optimizations, rules, max_returns)]


def solve(rows: int, cols: int, starts: Sequence[int], orders: Sequence[Order], optimizations: frozenset[int],
          rules: Rules, good_returns: int, max_returns: int | None) -> list[Outcome]:
    """Optimizations with several orders from each start cell: GOOD_RET per attempt but the last."""
    count = len(starts)
    outcomes = (ctypes.c_byte * count)()
    returns = (ctypes.c_long * count)()
    restarts = (ctypes.c_int * count)()
    used = orders if 4 in optimizations else orders[:1]
    status = library().ks_solve(rows, cols, _ints(starts), count, _orders(used), len(used), _mask(optimizations),
                                _ints(rules.codes()), good_returns, -1 if max_returns is None else max_returns,
                                outcomes, returns, restarts)
    if status:
        raise MemoryError("the evaluator could not allocate its board")
    return [Outcome(OUTCOMES[outcomes[i]], returns[i], restarts[i]) for i in range(count)]
