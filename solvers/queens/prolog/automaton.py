"""The Prolog program's automaton: specs/queens_prolog.yaml over the column model, last column first.

Its context is backtracking's (solvers/queens/backtracking/automaton.py): the same questions and
actions, over a model that fills the columns in Prolog's order.
"""

from __future__ import annotations

from collections.abc import Sequence

from automata.model.spec import Spec
from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.backtracking.automaton import ColumnSearchContext  # the spec's context: backtracking's
from solvers.queens.backtracking.model import column_search, last_column_first
from solvers.queens.contract import run_automaton

SPEC = "specs/queens_prolog.yaml"


def solve(opts: QueensOptions, observer: Observer, engine: str = "transitions", sinks: Sequence[object] = (),
          spec: Spec | None = None) -> QueensResult:
    """Run the spec (or `spec`, e.g. a mutant) over the same model the references use."""
    return run_automaton(spec or SPEC, ColumnSearchContext(column_search(last_column_first, opts, observer)), engine,
                         sinks)
