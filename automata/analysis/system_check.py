"""Which states another automaton can be in when a guard tests it: the values `check` enumerates for
a state test `y2 == 4` (docs/checks.md, "State tests").

A state test is a condition over one variable, the tested automaton's state, so the guards of a
state are checked over every input valuation combined with every state the tested automaton can
be in at that moment. That set is computed from the graphs alone, and always contains every state
the automaton can really be in (an over-approximation): a finding may then name a state it never
reaches there (a false alarm, answered by an arc or by `may_stay`), but no overlap or gap is
missed. From the most precise rule to the most general:

1. the tester is nested in the tested automaton (and driven by nothing else): the tested
   automaton is in one of the states that nest it;
2. the tested automaton is nested in the tester's state (and driven by nothing else): it has
   just taken its step, so it is in a state some arc enters, or in its initial state if that
   is final or may stay;
3. the tested automaton is only ever called, and only by the tester: the states its calls end
   in, followed along the tester's graph from the tester's initial state (where the tested one
   is still in its initial state);
4. the tested automaton is only ever called: its initial state or a final state;
5. otherwise: every state reachable from its initial state; its initial state alone when
   nothing ever steps it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from ..model.guards import is_state_test
from ..model.spec import Spec, name_order
from ..model.system import CALLS, NESTS, Link, System


class StateDomains:
    """The states each automaton of a system can be in when another one's guards test it."""

    def __init__(self, system: System) -> None:
        self.system = system
        self.driving: dict[str, list[Link]] = {name: [] for name in system.specs}  # who nests or calls each
        for link in system.links():
            if link.kind in (NESTS, CALLS) and link.target in self.driving:
                self.driving[link.target].append(link)
        self._flows: dict[tuple[str, str], dict[int, set[int]]] = {}

    def of(self, tester: str, state: int, tested: str) -> tuple[int, ...]:
        """The states `tested` can be in when `tester`, in `state`, evaluates its guards (never
        empty: where a rule finds nothing, the tester never gets there, and rule 5 answers)."""
        return self._rule(tester, state, tested) or tuple(sorted(reachable_states(self.system.specs[tested])))

    def of_tests(self, tester: Spec, state: int, names: Iterable[str]) -> dict[str, tuple[int, ...]]:
        """The state tests among `names` (what the guards of `tester` read in `state`): each tested
        variable (`y2`, in the methodology's order) with the states its automaton can be in there."""
        variables = sorted({name.partition("=")[0] for name in names if is_state_test(name)}, key=name_order)
        return {variable: self.of(tester.automaton, state, "A" + variable[1:]) for variable in variables}

    def _rule(self, tester: str, state: int, tested: str) -> tuple[int, ...]:
        spec = self.system.specs[tested]
        everywhere = reachable_states(spec)
        drivers = self.driving[tested]
        if not drivers:
            return (spec.initial,)
        own = self.driving[tester]
        if own and all(link.kind == NESTS and link.source == tested for link in own):  # rule 1
            nesting = {link.state for link in own if link.state is not None}
            return tuple(sorted(nesting & everywhere))
        if all(link.kind == NESTS and link.source == tester for link in drivers) and \
                state in {link.state for link in drivers}:  # rule 2
            return tuple(sorted(self._after_a_step(spec, everywhere)))
        finals = {number for number in everywhere if spec.states[number].final}
        if all(link.kind == CALLS for link in drivers):
            if all(link.source == tester for link in drivers):  # rule 3
                found = self._flow(tester, tested, finals).get(state)
                if found:
                    return tuple(sorted(found))
            return tuple(sorted({spec.initial} | finals))  # rule 4
        return tuple(sorted(everywhere))  # rule 5

    @staticmethod
    def _after_a_step(spec: Spec, everywhere: set[int]) -> set[int]:
        entered = {arc.target for arc in spec.arcs if arc.source in everywhere}
        initial = spec.states[spec.initial]
        if initial.final or initial.may_stay:
            entered.add(spec.initial)
        return entered | {number for number in everywhere if spec.states[number].may_stay}

    def _flow(self, tester: str, tested: str, finals: set[int]) -> dict[int, set[int]]:
        """For each state of the tester, the states its calls can have left `tested` in."""
        key = (tester, tested)
        if key in self._flows:
            return self._flows[key]
        spec = self.system.specs[tester]
        calling = {name for name, decl in spec.outputs.items() if decl.run == tested}
        possible: dict[int, set[int]] = {number: set() for number in spec.states}
        possible[spec.initial].add(self.system.specs[tested].initial)
        changed = True
        while changed:
            changed = False
            for arc in spec.arcs:
                carried = finals if calling & set(spec.outputs_of(arc)) else possible[arc.source]
                if not carried <= possible[arc.target]:
                    possible[arc.target] |= carried
                    changed = True
        self._flows[key] = possible
        return possible


def reachable_states(spec: Spec) -> set[int]:
    """The states a walk along the arcs reaches from the initial state (guards aside: a guard that
    can never hold is a `check` finding of its own)."""
    successors: dict[int, set[int]] = {}
    for arc in spec.arcs:
        successors.setdefault(arc.source, set()).add(arc.target)
    return closure([spec.initial], successors)


def closure(start: Iterable[int], edges: Mapping[int, Iterable[int]]) -> set[int]:
    """The states `start` leads to along `edges` (state -> the states it leads to), `start` included."""
    seen = set(start)
    queue = deque(seen)
    while queue:
        for following in edges.get(queue.popleft(), ()):
            if following not in seen:
                seen.add(following)
                queue.append(following)
    return seen
