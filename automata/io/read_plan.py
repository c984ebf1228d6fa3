"""Which tests of an input are its first reading in a step: decided at generation time.

The generated code reads each input at most once per step, as the engine does. For each state,
every valuation of its inputs is simulated through its guards in the order they are tried: a test
that is the input's first reading on every path is written `(x2 := read_x2())`, a later one just
`x2`, and the rare test that is a first reading on some paths only checks the UNREAD marker.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..model.guards import And, Const, Guard, Not, Or, Var, variables_of
from ..model.spec import ArcDecl, name_order

# A state testing more inputs than this is not simulated (2**12 valuations): every test of an
# input is then written in the general form that checks the UNREAD marker. Still exact, just longer.
MAX_ANALYSED_INPUTS = 12

Path_ = tuple[int, ...]  # a node's position in a state's guards: (arc position, child index, ...)

# How a test of an input is written: the input is surely read already in this step, this test is surely
# its first reading, or either, depending on the path taken through the guards before it.
ALREADY_READ, FIRST_READING, EITHER = "already read", "first reading", "either"


# ---------------------------------------------------------------------------------------------
# Which tests of an input are its first reading in the step


@dataclass(frozen=True)
class ReadPlan:
    """For one state: how each input test is written, and what the no-arc branch must read."""

    occurrence: dict[Path_, str]  # position of a Var in the guards -> ALREADY_READ, FIRST_READING or EITHER
    tests: tuple[tuple[str, str], ...]  # (input, status) of every Var in the guards
    at_fallthrough: dict[str, str]  # input -> ALREADY_READ, FIRST_READING or EITHER when no arc is enabled
    complete: bool  # some arc is enabled for every valuation: no fall-through branch needed
    last_always_enabled: bool = False  # the last arc's test, once reached, is true and reads nothing new

    def needs_marker(self) -> list[str]:
        """Inputs that some test finds read on some paths and unread on others: they start the step UNREAD."""
        names = {name for name, status in (*self.tests, *self.at_fallthrough.items()) if status == EITHER}
        return sorted(names, key=name_order)


def _var_occurrences(guard: Guard, path: Path_) -> Iterable[tuple[Path_, Var]]:
    if isinstance(guard, Var):
        yield path, guard
    elif isinstance(guard, Not):
        yield from _var_occurrences(guard.operand, path + (0,))
    elif isinstance(guard, (And, Or)):
        for position, operand in enumerate(guard.operands):
            yield from _var_occurrences(operand, path + (position,))


def plan_reads(arcs: Sequence[ArcDecl]) -> ReadPlan:
    tested = variables_of(arc.guard for arc in arcs)
    occurrences = [(path, var) for position, arc in enumerate(arcs) for path, var in _var_occurrences(arc.guard, (position,))]
    if len(tested) > MAX_ANALYSED_INPUTS:
        return ReadPlan({path: EITHER for path, _ in occurrences}, tuple((var.name, EITHER) for _, var in occurrences),
                         {name: EITHER for name in tested}, False)

    seen: dict[Path_, set[str]] = {path: set() for path, _ in occurrences}
    at_end: dict[str, set[str]] = {name: set() for name in tested}
    complete = True
    last_always_enabled = bool(arcs)
    last = len(arcs) - 1
    for bits in itertools.product((False, True), repeat=len(tested)):
        values = dict(zip(tested, bits))
        read: set[str] = set()

        def evaluate(guard: Guard, path: Path_) -> bool:
            if isinstance(guard, Const):
                return guard.value
            if isinstance(guard, Var):
                seen[path].add(ALREADY_READ if guard.name in read else FIRST_READING)
                read.add(guard.name)
                return values[guard.name]
            if isinstance(guard, Not):
                return not evaluate(guard.operand, path + (0,))
            if isinstance(guard, And):
                return all(evaluate(operand, path + (i,)) for i, operand in enumerate(guard.operands))
            return any(evaluate(operand, path + (i,)) for i, operand in enumerate(guard.operands))

        enabled = False
        for position, arc in enumerate(arcs):
            if position == last:
                known = set(read)
                enabled = evaluate(arc.guard, (position,))
                if not enabled or not read <= known:
                    last_always_enabled = False
            else:
                enabled = evaluate(arc.guard, (position,))
            if enabled:
                break
        if not enabled:
            complete = False
            for name in tested:
                at_end[name].add(ALREADY_READ if name in read else FIRST_READING)

    def status(found: set[str]) -> str:
        return found.pop() if len(found) == 1 else EITHER  # never evaluated: any form is right, pick the safe one

    occurrence = {path: status(set(found)) for path, found in seen.items()}
    tests = tuple((var.name, occurrence[path]) for path, var in occurrences)
    fallthrough = {} if complete else {name: status(set(found)) for name, found in at_end.items()}
    return ReadPlan(occurrence, tests, fallthrough, complete, last_always_enabled)
