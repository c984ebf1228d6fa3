"""Exact static checks of a spec: the defects `automata check` reports.

A state tests few inputs, so every question about its arcs (can two guards hold at once? does
some guard hold for every input valuation? can a guard hold at all?) is decided exactly by
looking at all valuations. In a system of automata, a state test `y2 == 4` is a condition over
A2's state: the valuations then combine the inputs with every state A2 can be in at that moment
(automata/analysis/system_check.py says which). Each guard becomes a *truth table*: a Python int whose bit `v` is set
when the guard holds for valuation number `v`. Conjunction, disjunction and negation of guards
are then `&`, `|` and `^ full` of ints, which handles the 2**20 valuations of the largest state
we accept in well under a second. Every finding names a valuation a reader can try by hand.

The finding codes, their severities and how to fix each one are documented in docs/checks.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import Loc, SpecErrors
from ..io.loader import load_spec, load_system
from ..model.guards import (
    And,
    Const,
    Guard,
    Not,
    StateTest,
    Var,
    is_state_test,
    shown_value,
)
from ..model.spec import ArcDecl, Spec, StateDecl, name_order
from .system_check import StateDomains, closure

ERROR = "error"
WARNING = "warning"

# Every finding code and its severity, in one place (docs/checks.md has a section for each).
# Errors are defects that make a run misbehave or a graph lie to its reader; warnings are dead
# weight that changes nothing at run time.
SEVERITY = {
    "load": ERROR,
    "overlap": ERROR,
    "incomplete": ERROR,
    "never-true": ERROR,
    "shadowed": ERROR,
    "no-final": ERROR,
    "cannot-finish": ERROR,
    "unreachable": WARNING,
    "silent-loop": WARNING,
    "unused-input": WARNING,
    "unused-output": WARNING,
    "too-many-inputs": WARNING,
    "partial": WARNING,
}

# 2**20 valuations is about a million bits per truth table: still instant. A state testing more
# inputs than that is not checked for consistency and completeness (a warning says so).
MAX_INPUTS_PER_STATE = 20


@dataclass(frozen=True)
class Finding:
    """One defect (or doubtful spot) in a spec, with the position a reader should look at."""

    loc: Loc
    severity: str  # ERROR or WARNING
    code: str  # stable short id, see docs/checks.md
    message: str
    hint: str = ""

    def render(self) -> str:
        text = f"{self.loc}: {self.severity}: {self.message}"
        return f"{text}\n  hint: {self.hint}" if self.hint else text


def _finding(loc: Loc, code: str, message: str, hint: str) -> Finding:
    return Finding(loc, SEVERITY[code], code, message, hint)


def has_errors(findings: Iterable[Finding]) -> bool:
    """The CLI's exit-code rule: any finding of severity error fails the check (exit 1)."""
    return any(finding.severity == ERROR for finding in findings)


def check_file(path: str | Path) -> list[Finding]:
    """Load a spec and check it. A spec that does not load gives one `load` error per loading defect."""
    try:
        spec = load_spec(path)
    except SpecErrors as errors:
        return [_finding(error.loc, "load", error.message, error.hint) for error in errors.errors]
    return check_spec(spec)


def check_spec(spec: Spec) -> list[Finding]:
    """Every static check on a loaded spec, findings sorted by position in the file."""
    findings: list[Finding] = []
    firing: list[ArcDecl] = []  # arcs that can actually fire: the edges of the reachability graph
    if spec.is_system:
        try:
            domains: StateDomains | None = StateDomains(load_system(spec))
        except SpecErrors as errors:
            return [_finding(error.loc, "load", error.message, error.hint) for error in errors.errors]
    else:
        domains = None
    for state in sorted(spec.states):
        undefined: list[str] = []  # a pure machine's events this state does not define (at all, or for some inputs)
        for event in _events_to_check(spec, state):
            group = _check_arc_group(spec, state, event, domains)
            findings.extend(group.findings)
            firing.extend(group.firing)
            undefined.extend(group.undefined)
        if undefined:
            findings.append(_partial(spec, state, undefined))
    findings.extend(_check_reachability(spec, firing))
    findings.extend(_check_silent_loops(spec, firing))
    findings.extend(_check_unused(spec))
    return sorted(findings, key=lambda finding: (finding.loc.line, finding.loc.col, finding.code))


# ---------------------------------------------------------------------------------------------
# Truth tables over the inputs one state tests


class TruthTables:
    """Truth tables over a fixed, ordered list of inputs, and of automata whose state is tested.

    A valuation gives each input a digit 0 or 1 and each tested automaton (`y2`) the position of
    its state in `domains["y2"]`, the states it can be in. Valuation number `v` writes the digits
    with the first input most significant, so the smallest set bit of a table is its
    lexicographically first valuation (x1=0 before x1=1): messages are stable. A state test whose
    automaton has no domain here is a free yes/no input named `y2=4` like any other (mutation
    proofs over every valuation do that: more valuations, so what they prove still holds).
    """

    def __init__(self, inputs: Sequence[str], domains: dict[str, tuple[int, ...]] | None = None) -> None:
        self.inputs = tuple(inputs)
        self.domains = dict(domains or {})
        self.digits = [(name, 2) for name in self.inputs] + [(name, len(states)) for name, states in self.domains.items()]
        self.count = 1
        for _, radix in self.digits:
            self.count *= radix
        self.full = (1 << self.count) - 1
        self._strides: dict[str, int] = {}
        stride = 1
        for name, radix in reversed(self.digits):
            self._strides[name] = stride
            stride *= radix
        self._var_tables = {name: self._digit_table(name, 1) for name in self.inputs}

    def _digit_table(self, name: str, value: int) -> int:
        """The valuations in which digit `name` has `value`: one run per block, repeated."""
        stride = self._strides[name]
        block = stride * (2 if name in self.inputs else len(self.domains[name]))
        blocks = self.count // block
        pattern = ((1 << stride) - 1) << (value * stride)
        return pattern * (((1 << (blocks * block)) - 1) // ((1 << block) - 1))

    def of(self, guard: Guard) -> int:
        if isinstance(guard, Const):
            return self.full if guard.value else 0
        if isinstance(guard, StateTest) and guard.variable in self.domains:
            states = self.domains[guard.variable]
            return self._digit_table(guard.variable, states.index(guard.state)) if guard.state in states else 0
        if isinstance(guard, Var):
            return self._var_tables[guard.name]
        if isinstance(guard, Not):
            return self.of(guard.operand) ^ self.full
        tables = [self.of(operand) for operand in guard.operands]
        result = tables[0]
        for table in tables[1:]:
            result = result & table if isinstance(guard, And) else result | table
        return result

    def first_valuation(self, table: int, shown: Iterable[str] | None = None) -> str:
        """The first valuation in `table` as `x1=1 x2=0`, limited to the inputs in `shown`
        ("" when no input is shown: the guards involved are constants)."""
        number = (table & -table).bit_length() - 1
        names = [name for name, _ in self.digits] if shown is None else shown
        # A state test `y2=4` shows its automaton's state `y2=...`, or itself when it is a free input.
        wanted = {name.partition("=")[0] if name.partition("=")[0] in self.domains else name for name in names}
        parts = []
        for name, radix in self.digits:
            if name in wanted:
                digit = number // self._strides[name] % radix
                parts.append(f"{name}={self.domains[name][digit]}" if name in self.domains else shown_value(name, digit == 1))
        return " ".join(parts)


# ---------------------------------------------------------------------------------------------
# The arcs leaving one state on one event: never-true, shadowed, overlap, incomplete


@dataclass(frozen=True)
class _GroupResult:
    findings: list[Finding]
    firing: list[ArcDecl]
    undefined: tuple[str, ...] = ()  # a pure machine's event, and when, this state does not define


def _events_to_check(spec: Spec, state: int) -> list[str]:
    """The step event for every non-final state (the run loop sends it), plus any event it has arcs
    for; in a pure Mealy machine, every event for every non-final state (a word may bring any)."""
    events = set(spec.events_from(state))
    if not spec.states[state].final:
        events |= set(spec.events) if spec.is_pure else {spec.step_event}
    return sorted(events, key=lambda event: (event != spec.step_event, name_order(event)))


def _partial(spec: Spec, state: int, undefined: Sequence[str]) -> Finding:
    """A pure Mealy machine may leave inputs undefined in a state; a run that brings one stops there."""
    decl = spec.states[state]
    shown = ", ".join(undefined[:20]) + (f" and {len(undefined) - 20} more" if len(undefined) > 20 else "")
    return _finding(decl.loc, "partial",
                    f"{_state_name(decl)} does not define input{'s' if len(undefined) > 1 else ''} {shown}",
                    "a word that brings it there stops with an error; add an arc if it should be defined")


def _check_arc_group(spec: Spec, state: int, event: str, domains: StateDomains | None = None) -> _GroupResult:
    arcs = spec.arcs_from(state, event)
    decl = spec.states[state]
    read = {name for arc in arcs for name in arc.guard.variables()}
    inputs = sorted((name for name in read if not is_state_test(name)), key=name_order)
    states = domains.of_tests(spec, state, read) if domains else {}
    on_event = f" on {event}" if event != spec.step_event or len(spec.events) > 1 else ""
    valuations = 1 << len(inputs)
    for possible in states.values():
        valuations *= max(len(possible), 1)
    if valuations > 1 << MAX_INPUTS_PER_STATE:
        if states:
            message = (f"{_state_name(decl)}{on_event} tests {len(inputs)} inputs and the states of {len(states)} "
                       f"automata; consistency and completeness are checked only up to 2**{MAX_INPUTS_PER_STATE} "
                       "valuations per state")
        else:
            message = (f"{_state_name(decl)}{on_event} tests {len(inputs)} inputs; consistency and completeness "
                       f"are checked only up to {MAX_INPUTS_PER_STATE} inputs per state")
        hint = "split the state so that each tests fewer inputs"
        firing = [] if decl.final else list(arcs)
        return _GroupResult([_finding(decl.loc, "too-many-inputs", message, hint)], firing)

    tables = TruthTables(inputs, states)
    findings: list[Finding] = []
    firing: list[ArcDecl] = []
    guard_tables = [tables.of(arc.guard) for arc in arcs]
    covered = 0  # valuations for which an earlier arc (in try order) is enabled
    for position, (arc, table) in enumerate(zip(arcs, guard_tables)):
        earlier = list(zip(arcs[:position], guard_tables[:position]))
        if table == 0:
            findings.append(_finding(
                arc.guard_loc, "never-true",
                f"the guard \"{arc.guard}\" of {_arc_name(arc)} can never be true, so the arc never fires",
                "fix the guard, or delete the arc",
            ))
        elif table & ~covered == 0:
            winners = [other for other, other_table in earlier if other_table & table]
            shown = _variables_of(arc, *winners)
            findings.append(_finding(
                arc.guard_loc, "shadowed",
                f"{_arc_name(arc)} can never fire: whenever its guard \"{arc.guard}\" is true "
                f"({_example(tables.first_valuation(table, shown))}) an arc tried before it is enabled: "
                + ", ".join(_arc_name(other) for other in winners),
                "make its guard exclusive of theirs, give it a smaller priority number than theirs, or delete it",
            ))
        else:
            if not decl.final:
                firing.append(arc)
            for other, other_table in earlier:
                both = other_table & table
                if both and not _ordered_by_priority(other, arc):
                    findings.append(_finding(
                        arc.guard_loc, "overlap",
                        f"{_arc_name(arc)} and {_arc_name(other)} are both enabled "
                        + _when(tables.first_valuation(both, _variables_of(arc, other)), "always"),
                        "make the guards exclusive (e.g. add a negated input to one of them), "
                        "or give both arcs different priorities to say which one wins",
                    ))
        covered |= table

    uncovered = tables.full & ~covered
    if uncovered and not decl.final and not decl.may_stay and spec.is_pure:
        valuation = tables.first_valuation(uncovered) if arcs else ""
        named = f"{event} ({spec.events[event].doc})" if spec.events[event].doc else event
        return _GroupResult(findings, firing, (f"{named} when {valuation}" if valuation else named,))
    if uncovered and not decl.final and not decl.may_stay:
        if arcs:
            valuation = tables.first_valuation(uncovered)
            message = f"{_state_name(decl)} has no enabled arc{on_event} {_when(valuation, 'at all')}"
        else:
            message = f"{_state_name(decl)} is not final and no arc leaves it{on_event}"
        findings.append(_finding(
            decl.loc, "incomplete", message,
            "add an arc for this case, or write `may_stay: true` in the state if staying put is intended",
        ))
    return _GroupResult(findings, firing)


def _when(valuation: str, otherwise: str) -> str:
    return f"when {valuation}" if valuation else otherwise


def _example(valuation: str) -> str:
    return f"e.g. {valuation}" if valuation else "always"


def _ordered_by_priority(first: ArcDecl, second: ArcDecl) -> bool:
    """Overlapping guards are allowed only when both arcs carry different priorities."""
    return first.priority is not None and second.priority is not None and first.priority != second.priority


def _variables_of(*arcs: ArcDecl) -> set[str]:
    return {name for arc in arcs for name in arc.guard.variables()}


def _state_name(decl: StateDecl) -> str:
    return f"state {decl.number} ({decl.name})"


def _arc_name(arc: ArcDecl) -> str:
    return arc.title


# ---------------------------------------------------------------------------------------------
# The transition graph: unreachable states, no way to finish


def _check_reachability(spec: Spec, firing: Sequence[ArcDecl]) -> list[Finding]:
    successors: dict[int, set[int]] = {state: set() for state in spec.states}
    predecessors: dict[int, set[int]] = {state: set() for state in spec.states}
    for arc in firing:
        successors[arc.source].add(arc.target)
        predecessors[arc.target].add(arc.source)

    findings = []
    reachable = closure([spec.initial], successors)
    for state in sorted(set(spec.states) - reachable):
        decl = spec.states[state]
        findings.append(_finding(
            decl.loc, "unreachable",
            f"{_state_name(decl)} cannot be reached from the initial state {spec.initial}",
            "add an arc that leads into it (with a guard that can be true), or delete the state",
        ))

    finals = [state for state, decl in spec.states.items() if decl.final]
    if spec.is_pure:  # a pure Mealy machine reacts to words as long as they last: it need not stop
        return findings
    if not finals:
        findings.append(_finding(
            spec.loc, "no-final", "the spec has no final state, so a run can never stop",
            "mark the state where the search ends with `final: true`",
        ))
        return findings
    can_finish = closure(finals, predecessors)
    for state in sorted(reachable - can_finish):
        decl = spec.states[state]
        findings.append(_finding(
            decl.loc, "cannot-finish",
            f"no final state can be reached from {_state_name(decl)}, so a run that gets there never stops",
            "add an arc (or a path of arcs) from it towards a final state",
        ))
    return findings


# ---------------------------------------------------------------------------------------------
# Declarations nobody uses


def _check_silent_loops(spec: Spec, firing: Sequence[ArcDecl]) -> list[Finding]:
    """Arcs that loop on their state and run nothing: once one is taken the run never ends, since an
    input has no side effect and nothing else changes (`automata run` would go on to its step limit)."""
    can_fire = set(firing)
    return [_finding(
        arc.loc, "silent-loop",
        f"{_arc_name(arc)} loops on {_state_name(spec.states[arc.source])} and runs no action: once its guard "
        f"\"{arc.guard}\" holds, nothing changes and it holds at every step, so the run never ends",
        "give the arc the action that makes progress, or send it to another state; an automaton nested in "
        "another may wait this way (the outer one changes the world between its steps): then ignore this warning",
    ) for arc in spec.silent_loops() if arc in can_fire]


def _check_unused(spec: Spec) -> list[Finding]:
    tested = {name for arc in spec.arcs for name in arc.guard.variables()}
    run = {name for arc in spec.arcs for name in arc.actions}
    run |= {name for decl in spec.states.values() for name in decl.on_enter}
    findings = []
    for name, decl in spec.inputs.items():
        if name not in tested:
            findings.append(_finding(
                decl.loc, "unused-input", f"input {name} is declared but no guard tests it",
                "test it in a guard, or delete the declaration",
            ))
    for name, decl in spec.outputs.items():
        if name not in run:
            findings.append(_finding(
                decl.loc, "unused-output", f"output {name} is declared but no arc or state runs it",
                "list it in an arc's `actions` or a state's `on_enter`, or delete the declaration",
            ))
    return findings
