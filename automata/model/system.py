"""A system of automata: a root spec and the specs it reaches through `automata:`, with the three
ways they interact (docs/systems.md).

- **Nesting**: a state of A1 lists A2 under `nested:`. While A1 is in that state, each step of A1
  first makes A2 take one step on the same event.
- **Calling**: an output of A1 says `run: A2`. Running it starts A2 afresh in its initial state
  and makes it take steps (on the output's `event:`, by default A2's step event) until it is in a
  final state.
- **State exchange**: a guard of A1 tests `y2 == 4`, "A2 is in state 4".

Every automaton of a system exists once, whoever names it: one state per automaton name. This
module only describes the system; automata.io.system_loader builds and checks it, the runtimes in
automata.runtime run it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from ..errors import Loc
from .guards import And, Guard, Not, Or, StateTest, variables_of
from .spec import Spec

NESTS = "nests"
CALLS = "calls"
TESTS = "tests"


@dataclass(frozen=True)
class Link:
    """One interaction: `source` nests, calls or tests the state of `target`."""

    source: str
    target: str
    kind: str  # NESTS, CALLS or TESTS
    detail: str  # where: "state 3 (Searching)", "z9 with e0", "y2 == 4, y2 == 5"
    loc: Loc = field(compare=False)
    state: int | None = None  # NESTS: the state that nests
    output: str = ""  # CALLS: the output that calls
    event: str = ""  # CALLS: the event sent to the called automaton at each of its steps


def state_tests(spec: Spec) -> dict[str, StateTest]:
    """Every state test the spec's guards make, by name (`y2=4`), in order of first appearance."""
    tests: dict[str, StateTest] = {}
    for arc in spec.arcs:
        _collect_tests(arc.guard, tests)
    return tests


def tests_in(guard: Guard) -> list[StateTest]:
    """The state tests of one guard, each once, in order of first appearance."""
    tests: dict[str, StateTest] = {}
    _collect_tests(guard, tests)
    return list(tests.values())


def _collect_tests(guard: Guard, into: dict[str, StateTest]) -> None:
    if isinstance(guard, StateTest):
        into.setdefault(guard.name, guard)
    elif isinstance(guard, Not):
        _collect_tests(guard.operand, into)
    elif isinstance(guard, (And, Or)):
        for operand in guard.operands:
            _collect_tests(operand, into)


def call_event(spec: Spec, output: str, callee: Spec) -> str:
    """The event an output that runs `callee` sends at each of its steps."""
    return spec.outputs[output].event or callee.step_event


def links_of(spec: Spec, specs: Mapping[str, Spec] | None = None) -> list[Link]:
    """The interactions `spec` starts: what it nests (by state), calls (by output) and tests."""
    links = []
    for number, state in sorted(spec.states.items()):
        for position, name in enumerate(state.nested):
            loc = state.nested_locs[position] if position < len(state.nested_locs) else state.loc
            links.append(Link(spec.automaton, name, NESTS, f"state {number} ({state.name})", loc, state=number))
    for name, output in spec.outputs.items():
        if output.run:
            callee = specs.get(output.run) if specs is not None else None
            event = output.event or (callee.step_event if callee is not None else "")
            detail = f"{name} with {event}" if event else name
            links.append(Link(spec.automaton, output.run, CALLS, detail, output.run_loc or output.loc,
                              output=name, event=event))
    tested: dict[str, list[StateTest]] = {}
    for test in state_tests(spec).values():
        tested.setdefault(test.automaton, []).append(test)
    for name, tests in tested.items():
        ref = spec.automata.get(name)
        links.append(Link(spec.automaton, name, TESTS, ", ".join(str(test) for test in tests),
                          ref.loc if ref is not None else spec.loc))
    return links


@dataclass(frozen=True)
class System:
    """The root spec and every spec it reaches through `automata:`, keyed by automaton name."""

    root: str
    specs: Mapping[str, Spec]  # the root first, then in the order they were reached

    @property
    def root_spec(self) -> Spec:
        return self.specs[self.root]

    def links(self) -> list[Link]:
        return list(self._links)

    @cached_property
    def _links(self) -> tuple[Link, ...]:  # a System never changes: worked out once
        return tuple(link for spec in self.specs.values() for link in links_of(spec, self.specs))

    def links_from(self, name: str) -> list[Link]:
        return [link for link in self._links if link.source == name]

    def driven(self) -> list[str]:
        return list(self._driven)

    @cached_property
    def _driven(self) -> tuple[str, ...]:
        """The automata that ever take a step: the root and what it nests or calls, transitively;
        each comes before every automaton it drives (nesting and calling form no cycle)."""
        finished: list[str] = []
        seen: set[str] = set()

        def visit(name: str) -> None:
            seen.add(name)
            for link in self.links_from(name):
                if link.kind in (NESTS, CALLS) and link.target in self.specs and link.target not in seen:
                    visit(link.target)
            finished.append(name)

        visit(self.root)
        return tuple(finished[::-1])

    def events_received(self) -> dict[str, set[str]]:
        """The events each automaton is stepped with: the root its step event, a called automaton
        its callers' events, a nested automaton whatever its parent is stepped with."""
        received: dict[str, set[str]] = {name: set() for name in self.specs}
        received[self.root].add(self.root_spec.step_event)
        # Nesting and calling form no cycle (the loader refuses one), so a pass in driving order
        # sees every automaton's events before it passes them on.
        for name in self._driven:
            for link in self.links_from(name):
                if link.target not in received:
                    continue
                if link.kind == CALLS:
                    received[link.target].add(link.event)
                elif link.kind == NESTS:
                    received[link.target] |= received[name]
        return received

    def inputs_of(self, name: str) -> tuple[str, ...]:
        """Every input and state test the automaton's guards read."""
        return variables_of(arc.guard for arc in self.specs[name].arcs)

    def __iter__(self) -> Iterator[Spec]:
        return iter(self.specs.values())
