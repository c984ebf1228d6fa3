"""Coverage of a spec by runs: which arcs were taken, states reached, outputs run, and guard
literals seen with each value, and what no run exercised.

A verification is only as strong as its cases: an arc no case takes cannot be wrong in any way the
verification would notice. `verify` therefore reports coverage with every result, and names what
was missed, so that a user adds the case that takes it.

A system of automata (docs/systems.md) is covered automaton by automaton: every arc, state and
output of each automaton that takes steps, and each final state reached.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from ..io.loader import load_system
from ..model.guards import And, Const, Guard, Not, Or, Var, atom, is_state_test, variables_of
from ..model.spec import ArcDecl, Spec, name_order
from ..runtime.trace import StepRecord, TraceSink
from .check import MAX_INPUTS_PER_STATE, TruthTables
from .system_check import StateDomains, reachable_states

Literal = tuple[int, str, bool]  # (state, input, value): the input read in that state with that value


class CoverageSink(TraceSink):
    """Collects what one or more automaton runs exercised (in a system, each automaton apart)."""

    whole_system = True

    def __init__(self) -> None:
        self.arcs: set[int] = set()
        self.states: set[int] = set()
        self.outputs: set[str] = set()
        self.finals: set[int] = set()
        self.literals: set[Literal] = set()
        self.others: dict[str, CoverageSink] = {}  # the other automata of a system, by name

    def started(self, spec: Spec, state: int, event: str) -> None:
        self.states.add(state)

    def step(self, record: StepRecord) -> None:
        if record.depth:  # another automaton of a system: it starts where its first step starts
            other = self.others.setdefault(record.automaton, CoverageSink())
            other.states.add(record.state_before)
            other._take(record)
        else:
            self._take(record)

    def _take(self, record: StepRecord) -> None:
        if record.arc is not None:
            self.arcs.add(record.arc)
        self.states.add(record.state_after)
        self.outputs.update(record.outputs)
        before = record.state_before
        self.literals.update((before, name, value) for name, value in record.inputs)

    def failed(self, spec: Spec, record: StepRecord | None, error: BaseException) -> None:
        if record is not None:
            self.step(record)

    def finished(self, spec: Spec, state: int, steps: int) -> None:
        if spec.states[state].final:
            self.finals.add(state)

    def coverage(self) -> Coverage:
        others = tuple((name, sink.coverage()) for name, sink in sorted(self.others.items()))
        return Coverage(frozenset(self.arcs), frozenset(self.states), frozenset(self.outputs),
                        frozenset(self.finals), frozenset(self.literals), others)


@dataclass(frozen=True)
class Coverage:
    arcs: frozenset[int] = frozenset()
    states: frozenset[int] = frozenset()
    outputs: frozenset[str] = frozenset()
    finals: frozenset[int] = frozenset()
    literals: frozenset[Literal] = frozenset()
    others: tuple[tuple[str, Coverage], ...] = ()  # a system's other automata, by name

    def other(self, name: str) -> Coverage:
        return dict(self.others).get(name, Coverage())

    def __or__(self, other: Coverage) -> Coverage:
        names = sorted({name for name, _ in (*self.others, *other.others)})
        others = tuple((name, self.other(name) | other.other(name)) for name in names)
        return Coverage(self.arcs | other.arcs, self.states | other.states, self.outputs | other.outputs,
                        self.finals | other.finals, self.literals | other.literals, others)

    def to_json(self) -> dict[str, Any]:
        document = {"arcs": sorted(self.arcs), "states": sorted(self.states), "outputs": sorted(self.outputs, key=name_order),
                    "finals": sorted(self.finals), "literals": [list(literal) for literal in sorted(self.literals)]}
        if self.others:
            document["automata"] = {name: coverage.to_json() for name, coverage in self.others}
        return document

    @staticmethod
    def from_json(document: dict[str, Any]) -> Coverage:
        others = tuple((name, Coverage.from_json(part)) for name, part in sorted(document.get("automata", {}).items()))
        return Coverage(frozenset(document["arcs"]), frozenset(document["states"]), frozenset(document["outputs"]),
                        frozenset(document["finals"]), frozenset(tuple(item) for item in document["literals"]), others)


def _literals_of(spec: Spec, arcs: Iterable[ArcDecl], readings: StateReadings | None = None) -> set[Literal]:
    """The guard literals the arcs read: each input with both values, and in a system each state
    test with the values it can really take there (`readings`)."""
    literals = set()
    for arc in arcs:
        for name in arc.guard.variables():
            for value in (False, True):
                if readings is None or not is_state_test(name) or readings.can_read(arc.source, name, value):
                    literals.add((arc.source, name, value))
    return literals


class StateReadings:
    """What a system's automaton can read in a state, with every state test a condition over the
    tested automaton's state (automata/analysis/system_check.py): which readings of a state test
    occur (with two states, `y2 == 0` is never read as false once `y2 == 1` has been read as
    false), and which arcs can fire at all."""

    def __init__(self, spec: Spec, domains: StateDomains | None) -> None:
        self.spec = spec
        self.domains = domains
        self._groups: dict[int, tuple[list[tuple[TruthTables | None, dict[str, int]]], set[int]]] = {}

    def can_read(self, state: int, name: str, value: bool) -> bool:
        groups, _ = self._group(state)
        for tables, read in groups:
            if tables is None:
                return True  # too many valuations to decide: every reading counts
            if name in read:
                table = tables.of(atom(name))
                if read[name] & (table if value else ~table & tables.full):
                    return True
        return False

    def can_fire(self, arc: ArcDecl) -> bool:
        groups, firing = self._group(arc.source)
        return arc.index in firing or any(tables is None for tables, _ in groups)

    def _group(self, state: int) -> tuple[list[tuple[TruthTables | None, dict[str, int]]], set[int]]:
        """For each event the state has arcs on: its truth tables and where each name is read; and
        the arcs that can fire."""
        if state in self._groups:
            return self._groups[state]
        groups: list[tuple[TruthTables | None, dict[str, int]]] = []
        firing: set[int] = set()
        for event in sorted(self.spec.events_from(state)):
            arcs = self.spec.arcs_from(state, event)
            names = variables_of(arc.guard for arc in arcs)
            inputs = [name for name in names if not is_state_test(name)]
            domains = self.domains.of_tests(self.spec, state, names) if self.domains is not None else {}
            size = 1 << len(inputs)
            for states in domains.values():
                size *= len(states)
            if size > 1 << MAX_INPUTS_PER_STATE:
                groups.append((None, {}))
                continue
            tables = TruthTables(inputs, domains)
            read: dict[str, int] = {}
            taken = 0
            for arc in arcs:  # tried in order: each guard is evaluated where no earlier arc fired
                holds = _reading(arc.guard, tables.full & ~taken, tables, read)
                if holds:
                    firing.add(arc.index)
                taken |= holds
            groups.append((tables, read))
        self._groups[state] = (groups, firing)
        return self._groups[state]


def arcs_that_cannot_fire(spec: Spec) -> list[ArcDecl]:
    """The arcs no run takes whatever its inputs: those of final states, and those whose guard never
    holds where it is tried (never true, or always beaten by an arc tried before it), in a system
    with each state test over the states its automaton can be in there (what `check` reports)."""
    readings = StateReadings(spec, StateDomains(load_system(spec)) if spec.is_system else None)
    return [arc for arc in spec.arcs if spec.states[arc.source].final or not readings.can_fire(arc)]


def _reading(guard: Guard, within: int, tables: TruthTables, read: dict[str, int]) -> int:
    """The valuations of `within` on which `guard` holds, evaluated left to right with short-circuit;
    records in `read` the valuations on which each name is read."""
    if isinstance(guard, Const):
        return within if guard.value else 0
    if isinstance(guard, Var):
        read[guard.name] = read.get(guard.name, 0) | within
        return within & tables.of(guard)
    if isinstance(guard, Not):
        return within & ~_reading(guard.operand, within, tables, read)
    if isinstance(guard, And):
        for operand in guard.operands:
            within = _reading(operand, within, tables, read)
        return within
    assert isinstance(guard, Or)
    holds = 0
    for operand in guard.operands:
        found = _reading(operand, within, tables, read)
        holds |= found
        within &= ~found
    return holds


@dataclass(frozen=True)
class CoverageReport:
    """Coverage set against what the spec could do: the reachable arcs, states, outputs and finals."""

    spec: Spec
    covered: Coverage
    arcs: tuple[ArcDecl, ...]  # reachable
    states: tuple[int, ...]
    outputs: tuple[str, ...]
    finals: tuple[int, ...]
    literals: tuple[Literal, ...]
    missed_arcs: tuple[ArcDecl, ...] = field(default=())
    missed_states: tuple[int, ...] = ()
    missed_outputs: tuple[str, ...] = ()
    missed_finals: tuple[int, ...] = ()
    missed_literals: tuple[Literal, ...] = ()
    parts: tuple[CoverageReport, ...] = ()  # a system's other automata, each with its own report
    missed_final_means: str = "never ended a run"  # "never reached" for a system's other automata

    @property
    def complete(self) -> bool:
        """Every reachable arc, state, output and final state exercised (literals are reported, not
        required), in every automaton of a system."""
        own = not (self.missed_arcs or self.missed_states or self.missed_outputs or self.missed_finals)
        return own and all(part.complete for part in self.parts)

    def _counts(self) -> str:
        return ", ".join([f"arcs {len(self.arcs) - len(self.missed_arcs)}/{len(self.arcs)}",
                          f"states {len(self.states) - len(self.missed_states)}/{len(self.states)}",
                          f"final states {len(self.finals) - len(self.missed_finals)}/{len(self.finals)}",
                          f"outputs {len(self.outputs) - len(self.missed_outputs)}/{len(self.outputs)}",
                          f"guard literals {len(self.literals) - len(self.missed_literals)}/{len(self.literals)}"])

    def line(self) -> str:
        if not self.parts:
            return "coverage: " + self._counts()
        return "coverage: " + "; ".join(f"{report.spec.automaton}: {report._counts()}" for report in (self, *self.parts))

    def gaps(self) -> list[str]:
        """One line per thing no case exercised, in the spec's order (in a system, each line names
        the automaton)."""
        spec = self.spec
        lines = [f"{arc.title} [{arc.label}] never taken" for arc in self.missed_arcs]
        lines += [f"state {number} ({spec.states[number].name}) never reached" for number in self.missed_states]
        lines += [f"final state {number} ({spec.states[number].name}) {self.missed_final_means}"
                  for number in self.missed_finals]
        lines += [f"output {name} ({spec.outputs[name].doc}) never run" for name in self.missed_outputs]
        if self.parts:
            lines = [f"{spec.automaton}: {line}" for line in lines]
            lines += [f"{part.spec.automaton}: {line}" for part in self.parts for line in part.gaps()]
        return lines

    def literal_gaps(self) -> list[str]:
        own = [f"{name} never read as {'true' if value else 'false'} in state {state}"
               for state, name, value in self.missed_literals]
        if not self.parts:
            return own
        return [f"{self.spec.automaton}: {line}" for line in own] + [
            f"{part.spec.automaton}: {line}" for part in self.parts for line in part.literal_gaps()]

    def to_json(self) -> dict[str, Any]:
        document = self._json()
        if self.parts:
            document["automata"] = {part.spec.automaton: part._json() for part in self.parts}
        return document

    def _json(self) -> dict[str, Any]:
        return {
            "complete": self.complete,
            "arcs": {"covered": len(self.arcs) - len(self.missed_arcs), "total": len(self.arcs),
                     # by number, 1 for the spec's first arc, as drawings, messages and traces name arcs
                     "missed": [arc.number for arc in self.missed_arcs]},
            "states": {"covered": len(self.states) - len(self.missed_states), "total": len(self.states),
                       "missed": list(self.missed_states)},
            "final_states": {"covered": len(self.finals) - len(self.missed_finals), "total": len(self.finals),
                             "missed": list(self.missed_finals)},
            "outputs": {"covered": len(self.outputs) - len(self.missed_outputs), "total": len(self.outputs),
                        "missed": list(self.missed_outputs)},
            "guard_literals": {"covered": len(self.literals) - len(self.missed_literals), "total": len(self.literals),
                               "missed": [list(literal) for literal in self.missed_literals]},
        }


def coverage_report(spec: Spec, covered: Coverage) -> CoverageReport:
    """Compare what runs exercised with what the spec offers from its reachable states; for a
    system, the same for every other automaton that takes steps (its final states count as
    covered when some run reached them)."""
    if not spec.is_system:
        return _report(spec, covered)
    system = load_system(spec)
    domains = StateDomains(system)
    report = _report(spec, covered, StateReadings(spec, domains))
    parts = []
    for name in system.driven()[1:]:
        other = system.specs[name]
        seen = covered.other(name)
        finals = frozenset(number for number in seen.states if other.states[number].final)
        parts.append(replace(_report(other, replace(seen, finals=finals), StateReadings(other, domains)),
                             missed_final_means="never reached"))
    return replace(report, parts=tuple(parts))


def _report(spec: Spec, covered: Coverage, readings: StateReadings | None = None) -> CoverageReport:
    reachable = reachable_states(spec)
    arcs = tuple(arc for arc in spec.arcs if arc.source in reachable)
    states = tuple(sorted(reachable))
    outputs = tuple(sorted({name for arc in arcs for name in spec.outputs_of(arc)}, key=name_order))
    finals = tuple(number for number in states if spec.states[number].final)
    literals = tuple(sorted(_literals_of(spec, arcs, readings)))
    return CoverageReport(
        spec, covered, arcs, states, outputs, finals, literals,
        missed_arcs=tuple(arc for arc in arcs if arc.index not in covered.arcs),
        missed_states=tuple(number for number in states if number not in covered.states),
        missed_outputs=tuple(name for name in outputs if name not in covered.outputs),
        missed_finals=tuple(number for number in finals if number not in covered.finals),
        missed_literals=tuple(literal for literal in literals if literal not in covered.literals),
    )
