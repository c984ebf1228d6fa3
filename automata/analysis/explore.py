"""Finding a case that takes an arc: the search behind `automata cover`.

Coverage (coverage.py) says which arcs a program's CASES never take; this module looks for cases
that take them. A program may offer `explore_cases()`: the space its problem can generate cases
from, as (name, case) pairs, smallest first, possibly without end (docs/own-automaton.md). The
automaton runs on one explored case after another, with coverage recorded, until every target arc
has been taken or the budget of cases is spent; the first case that takes an arc is the smallest
witness the space offers, and the one to add to CASES.

Only the automaton runs (on `transitions`): which arcs a case takes is a property of the spec and
the model, not of the plain implementations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import count, islice
from typing import Any

from ..errors import AutomataError, InputError, UserCodeError
from ..model.spec import ArcDecl
from ..runtime.events import NullObserver
from ..runtime.program import Program
from ..runtime.user_code import running_user_code
from .coverage import CoverageSink, arcs_that_cannot_fire, reachable_states

# A run of an explored case stops after this many steps when the program states no step limit for
# it, so that one endless case cannot stall the search (its arcs taken so far still count).
DEFAULT_CASE_STEPS = 100_000
DEFAULT_MAX_CASES = 2_000


@dataclass(frozen=True)
class Witness:
    """The first explored case that took an arc."""

    arc: ArcDecl
    case_name: str
    case: Any
    tried: int  # how many explored cases had run when it was found (1-based position of the case)


@dataclass(frozen=True)
class Exploration:
    """The outcome of a search: a witness per target arc found, and the arcs no case took."""

    program: Program
    targets: tuple[ArcDecl, ...]
    witnesses: tuple[Witness, ...]  # in the order of `targets`
    missing: tuple[ArcDecl, ...]
    tried: int  # explored cases run
    failed: int  # of them, runs that raised (their arcs up to the failure still count)
    space_exhausted: bool  # the program's space ended before the budget did
    # The first explored case on which the user's code raised, and what it raised: a finding about
    # that code, reported (exit 1) like every other failure of the user's code.
    first_failure: tuple[str, str] | None = None
    # Targets no case can take (not searched): their guard never holds where they are tried, state
    # tests ranging over the states the tested automaton can be in there.
    impossible: tuple[ArcDecl, ...] = ()

    @property
    def complete(self) -> bool:
        return not self.missing and not self.impossible


def untaken_arcs(program: Program, cases: Iterable[tuple[str, Any]] | None = None,
                 max_steps: int = DEFAULT_CASE_STEPS) -> list[ArcDecl]:
    """The reachable arcs that no case of `cases` (default: the program's CASES) takes."""
    items = program.cases.items() if cases is None else cases
    sink = CoverageSink()
    for _, case in items:
        _run(program, case, sink, max_steps)
    reachable = reachable_states(program.spec)
    return [arc for arc in program.spec.arcs if arc.source in reachable and arc.index not in sink.arcs]


def arcs_by_number(program: Program, numbers: Sequence[int]) -> list[ArcDecl]:
    """The arcs named by number, 1 for the spec's first arc (as drawings, messages and JSON name them)."""
    arcs = program.spec.arcs
    chosen: list[ArcDecl] = []
    for number in numbers:
        if not 1 <= number <= len(arcs):
            raise InputError(f"--arc {number}: {program.spec.automaton} has arcs 1..{len(arcs)}")
        if arcs[number - 1] not in chosen:
            chosen.append(arcs[number - 1])
    return chosen


def explored_cases(program: Program) -> Iterator[tuple[str, Any]]:
    """The program's space of cases, checked to be (name, case) pairs as it is read."""
    explore = program.extras.get("explore_cases")
    if explore is None:
        raise InputError(f"{program.module_name} defines no explore_cases(): `cover` needs a space of cases to "
                         "search (a function yielding (name, case) pairs, smallest first; docs/own-automaton.md)")
    items = iter(_user_call(program, explore))
    for position in count(1):
        item = _user_call(program, next, items, None)
        if item is None:
            return
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)):
            raise InputError(f"{program.module_name}.explore_cases() item {position} is not a (name, case) pair: "
                             f"{item!r:.80}")
        yield item


def _user_call(program: Program, function: Callable[..., Any], *args: Any) -> Any:
    """A call into the program's explore_cases(): what it raises is a failure of the user's code."""
    with running_user_code(f"{program.module_name}.explore_cases()", anywhere=True):
        return function(*args)


def explore(program: Program, targets: Sequence[ArcDecl], max_cases: int = DEFAULT_MAX_CASES,
            max_steps: int = DEFAULT_CASE_STEPS, progress: Callable[[int], None] | None = None) -> Exploration:
    """Run the program's explored cases until every target arc is taken or `max_cases` have run;
    an arc that can never fire is not searched for (see Exploration.impossible)."""
    cannot = {arc.index for arc in arcs_that_cannot_fire(program.spec)} if targets else set()
    impossible = tuple(arc for arc in targets if arc.index in cannot)
    targets = [arc for arc in targets if arc.index not in cannot]
    pending = {arc.index: arc for arc in targets}
    found: dict[int, Witness] = {}
    tried = failed = 0
    first_failure: tuple[str, str] | None = None
    space = explored_cases(program) if pending else iter(())
    exhausted = False
    for name, case in islice(space, max_cases):
        tried += 1
        sink = CoverageSink()
        failure = _run(program, case, sink, max_steps)
        if failure is not None:
            failed += 1
            if isinstance(failure, UserCodeError) and first_failure is None:
                first_failure = (name, str(failure))
        for index in sorted(pending.keys() & sink.arcs):
            found[index] = Witness(pending.pop(index), name, case, tried)
        if progress is not None:
            progress(tried)
        if not pending:
            break
    else:
        # The loop ran out: either the space ended or the budget did; one more item tells which.
        exhausted = bool(pending) and (tried < max_cases or next(space, None) is None)
    witnesses = tuple(found[arc.index] for arc in targets if arc.index in found)
    missing = tuple(arc for arc in targets if arc.index not in found)
    return Exploration(program, tuple(targets) + impossible, witnesses, missing, tried, failed, exhausted, first_failure,
                       impossible)


def _run(program: Program, case: Any, sink: CoverageSink, max_steps: int) -> AutomataError | None:
    """Run the automaton on one case; what stopped it when it failed (the arcs it took still count):
    the user's code raising, a step limit, no arc enabled. A bug of the framework is raised."""
    limit = program.max_steps(case) or max_steps
    try:
        program.run_automaton(case, NullObserver(), "transitions", sinks=(sink,), max_steps=limit)
    except AutomataError as failure:  # a case that fails mid-run has still taken the arcs before the failure
        return failure
    return None
