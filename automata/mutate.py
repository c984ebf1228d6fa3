"""Mutation score: how many single-point defects of a spec do the checks and the verification catch?

`mutants(spec)` makes every single-point mutant of a spec: an arc sent to another state, a literal
of a guard negated, an action dropped, two adjacent actions swapped, two arcs of a state tried in the
opposite order, another initial state. `score(spec, problem, argv)` then puts each mutant through
the static checks (automata.check) and, when they find nothing new, through the problem's
verification (`problem.verify_spec(mutant, argv)`, the reference against the mutated automaton).

A surviving mutant is either equivalent to the spec or a gap in the verification. Equivalence is
decided with the interpreter's step function: starting from the two initial states, every pair of
states the two automata can be in together is explored on every valuation of the inputs they test,
and the two must run the same outputs, stop in the same final states and fail on the same
valuations. That proof assumes what the methodology asks of inputs: they are questions without side
effects. A survivor that is not proved equivalent is reported as a gap: either the verification's
instances never exercise the difference, or the difference is impossible for reasons the graph
alone does not show (an invariant of the model).

Each verification runs in a forked child process with a time limit, so a mutant that loops forever
or exhausts memory costs a timeout and nothing more.
"""

from __future__ import annotations

import dataclasses
import itertools
import multiprocessing
import multiprocessing.connection
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import InputError, Loc, RunError
from .guards import And, Guard, Not, Or, Var
from .interpreter import take_step, tested_inputs, try_order
from .problem import Problem
from .spec import ArcDecl, Spec

CAUGHT_BY_CHECK = "caught by check"
CAUGHT_BY_VERIFY = "caught by verify"
CAUGHT_BY_RUN_ERROR = "caught by run error"
SURVIVED = "survived"
OUTCOMES = (CAUGHT_BY_CHECK, CAUGHT_BY_VERIFY, CAUGHT_BY_RUN_ERROR, SURVIVED)

EQUIVALENT = "equivalent (proved: same step function)"
EQUIVALENT_BISIMILAR = "equivalent (proved: bisimilar states)"
GAP = "gap in verification"

# Pairs of states whose arcs test more inputs than this together are not enumerated (2**16 valuations).
MAX_PROOF_INPUTS = 16


@dataclass(frozen=True)
class Mutant:
    kind: str  # "target", "negate", "drop-action", "swap-actions", "swap-arcs", "initial"
    description: str
    loc: Loc
    spec: Spec = field(repr=False, compare=False)


@dataclass(frozen=True)
class MutantResult:
    mutant: Mutant
    outcome: str  # one of OUTCOMES
    detail: str  # the finding, the divergence or the error that caught it; "" for survivors
    equivalence: str = ""  # for survivors: EQUIVALENT, EQUIVALENT_BISIMILAR or GAP


@dataclass(frozen=True)
class Report:
    spec_path: str
    problem: str
    argv: tuple[str, ...]
    results: tuple[MutantResult, ...]
    timeout: float

    def count(self, outcome: str) -> int:
        return sum(result.outcome == outcome for result in self.results)

    @property
    def equivalent(self) -> int:
        return sum(result.equivalence in (EQUIVALENT, EQUIVALENT_BISIMILAR) for result in self.results)

    @property
    def gaps(self) -> list[MutantResult]:
        return [result for result in self.results if result.equivalence == GAP]

    @property
    def killed(self) -> int:
        return len(self.results) - self.count(SURVIVED)

    @property
    def score(self) -> float:
        """Killed mutants among those that are not equivalent (1.0 when every such mutant is caught)."""
        relevant = len(self.results) - self.equivalent
        return self.killed / relevant if relevant else 1.0


# ---------------------------------------------------------------------------------------------
# Making the mutants


def _with_arc(spec: Spec, arc: ArcDecl, **changes: Any) -> Spec:
    arcs = tuple(dataclasses.replace(other, **changes) if other is arc else other for other in spec.arcs)
    return dataclasses.replace(spec, arcs=arcs)


def _arc_name(arc: ArcDecl) -> str:
    return f"arc {arc.index} ({arc.source} -> {arc.target}, line {arc.loc.line})"


def _negations(guard: Guard) -> Iterator[tuple[Guard, str]]:
    """Every guard obtained by negating one literal (one occurrence of an input) of `guard`."""
    if isinstance(guard, Var):
        yield Not(guard), guard.name
    elif isinstance(guard, Not):
        if isinstance(guard.operand, Var):
            yield guard.operand, f"!{guard.operand.name}"
        else:
            for inner, literal in _negations(guard.operand):
                yield Not(inner), literal
    elif isinstance(guard, (And, Or)):
        for position, operand in enumerate(guard.operands):
            for changed, literal in _negations(operand):
                operands = guard.operands[:position] + (changed,) + guard.operands[position + 1:]
                yield type(guard)(operands), literal


def _swapped(items: tuple[str, ...], position: int) -> tuple[str, ...]:
    return items[:position] + (items[position + 1], items[position]) + items[position + 2:]


def mutants(spec: Spec) -> list[Mutant]:
    """Every single-point mutant of `spec`, in file order within each kind."""
    found: list[Mutant] = []
    numbers = sorted(spec.states)
    for arc in spec.arcs:
        for target in numbers:
            if target != arc.target:
                found.append(Mutant("target", f"{_arc_name(arc)} goes to state {target} instead",
                                    arc.loc, _with_arc(spec, arc, target=target)))
    for arc in spec.arcs:
        for guard, literal in _negations(arc.guard):
            found.append(Mutant("negate", f"{_arc_name(arc)}: literal {literal} negated, guard \"{guard}\"",
                                arc.guard_loc, _with_arc(spec, arc, guard=guard, guard_text=str(guard))))
    for arc in spec.arcs:
        for position, action in enumerate(arc.actions):
            actions = arc.actions[:position] + arc.actions[position + 1:]
            found.append(Mutant("drop-action", f"{_arc_name(arc)}: action {action} dropped",
                                arc.loc, _with_arc(spec, arc, actions=actions)))
        for position in range(len(arc.actions) - 1):
            if arc.actions[position] != arc.actions[position + 1]:
                first, second = arc.actions[position:position + 2]
                found.append(Mutant("swap-actions", f"{_arc_name(arc)}: actions {first} and {second} swapped",
                                    arc.loc, _with_arc(spec, arc, actions=_swapped(arc.actions, position))))
    for number in numbers:
        state = spec.states[number]
        for position, action in enumerate(state.on_enter):
            on_enter = state.on_enter[:position] + state.on_enter[position + 1:]
            found.append(Mutant("drop-action", f"state {number}: on_enter action {action} dropped",
                                state.loc, _with_state(spec, number, on_enter=on_enter)))
        for position in range(len(state.on_enter) - 1):
            if state.on_enter[position] != state.on_enter[position + 1]:
                first, second = state.on_enter[position:position + 2]
                found.append(Mutant("swap-actions", f"state {number}: on_enter actions {first} and {second} swapped",
                                    state.loc, _with_state(spec, number, on_enter=_swapped(state.on_enter, position))))
    for number in numbers:
        for event in sorted({arc.event for arc in spec.arcs if arc.source == number}):
            ordered = spec.arcs_from(number, event)
            for first, second in zip(ordered, ordered[1:]):
                found.append(Mutant(
                    "swap-arcs", f"{_arc_name(first)} and {_arc_name(second)} tried in the opposite order",
                    second.loc, _swap_arcs(spec, first, second)))
    for number in numbers:
        if number != spec.initial:
            found.append(Mutant("initial", f"initial state {number} instead of {spec.initial}",
                                spec.states[spec.initial].loc, dataclasses.replace(spec, initial=number)))
    return found


def _with_state(spec: Spec, number: int, **changes: Any) -> Spec:
    states = dict(spec.states)
    states[number] = dataclasses.replace(states[number], **changes)
    return dataclasses.replace(spec, states=states)


def _swap_arcs(spec: Spec, first: ArcDecl, second: ArcDecl) -> Spec:
    """Exchange the two arcs' places in the try order: each takes the other's priority and file position."""
    moved = {
        first.index: dataclasses.replace(first, priority=second.priority, index=second.index),
        second.index: dataclasses.replace(second, priority=first.priority, index=first.index),
    }
    arcs = [moved.get(arc.index, arc) for arc in spec.arcs]
    return dataclasses.replace(spec, arcs=tuple(sorted(arcs, key=lambda arc: arc.index)))


# ---------------------------------------------------------------------------------------------
# Equivalence of a survivor


def equivalence(original: Spec, mutant: Spec) -> str:
    """EQUIVALENT or EQUIVALENT_BISIMILAR when no run can tell the two apart (inputs being side-effect
    free questions), GAP otherwise (including when the proof would need too many valuations)."""
    start = (original.initial, mutant.initial)
    seen = {start}
    pending = [start]
    while pending:
        mine, theirs = pending.pop()
        final_mine, final_theirs = original.states[mine].final, mutant.states[theirs].final
        if final_mine or final_theirs:
            if mine != theirs or not (final_mine and final_theirs):
                return GAP
            continue
        names = tested_inputs(try_order(original, mine))
        names += [name for name in tested_inputs(try_order(mutant, theirs)) if name not in names]
        if len(names) > MAX_PROOF_INPUTS:
            return GAP
        for bits in itertools.product((False, True), repeat=len(names)):
            valuation = dict(zip(names, bits))
            step = take_step(original, mine, valuation.__getitem__)
            other = take_step(mutant, theirs, valuation.__getitem__)
            if step.stuck != other.stuck or step.outputs != other.outputs:
                return GAP
            if step.stuck:
                continue
            following = (step.state_after, other.state_after)
            if following not in seen:
                seen.add(following)
                pending.append(following)
    return EQUIVALENT if all(mine == theirs for mine, theirs in seen) else EQUIVALENT_BISIMILAR


# ---------------------------------------------------------------------------------------------
# Scoring


Verify = Callable[[Spec, Sequence[str]], Any]


def _classify(verify_spec: Verify, spec: Spec, argv: Sequence[str]) -> tuple[str, str]:
    """Run the verification on one mutant: (outcome, detail)."""
    try:
        verdict = verify_spec(spec, argv)
    except RunError as error:
        return CAUGHT_BY_RUN_ERROR, str(error)
    except Exception as error:  # a mutant may break the problem's code in any way: that is a catch too
        return CAUGHT_BY_RUN_ERROR, f"{type(error).__name__}: {error}"
    divergence = verdict.divergence
    if divergence is None:
        return SURVIVED, ""
    # A run that failed (step limit, no arc enabled, a crash) is the sharper finding, even when its
    # shorter event stream already differs from the reference's.
    failed = [run.error for name, run in verdict.runs.items() if name != verdict.reference and run.error]
    if failed:
        return CAUGHT_BY_RUN_ERROR, failed[0]
    return CAUGHT_BY_VERIFY, divergence.describe().splitlines()[0].rstrip(":")


def _child(verify_spec: Verify, spec: Spec, argv: Sequence[str], connection: multiprocessing.connection.Connection) -> None:
    connection.send(_classify(verify_spec, spec, argv))
    connection.close()


def _verify_all(verify_spec: Verify, specs: Sequence[Spec], argv: Sequence[str], timeout: float, jobs: int,
                done: Callable[[int, tuple[str, str]], None]) -> None:
    """Classify every spec, each in a forked child with a time limit; `done(position, result)` as they end."""
    if "fork" not in multiprocessing.get_all_start_methods():
        for position, spec in enumerate(specs):  # no fork (not Linux/macOS): in process, without a time limit
            done(position, _classify(verify_spec, spec, argv))
        return
    forking = multiprocessing.get_context("fork")
    waiting = list(enumerate(specs))
    running: dict[Any, tuple[int, Any, float]] = {}  # connection -> (position, process, deadline)
    while waiting or running:
        while waiting and len(running) < jobs:
            position, spec = waiting.pop(0)
            receiver, sender = forking.Pipe(duplex=False)
            process = forking.Process(target=_child, args=(verify_spec, spec, argv, sender), daemon=True)
            process.start()
            sender.close()
            running[receiver] = (position, process, time.monotonic() + timeout)
        nearest = min(deadline for _, _, deadline in running.values())
        ready = multiprocessing.connection.wait(list(running), timeout=max(0.0, nearest - time.monotonic()))
        for receiver in list(running):
            position, process, deadline = running[receiver]
            if receiver in ready:
                try:
                    result = receiver.recv()
                except EOFError:  # the child died without answering (killed, out of memory, crashed)
                    result = (CAUGHT_BY_RUN_ERROR, f"the verification process died (exit code {process.exitcode})")
            elif time.monotonic() >= deadline:
                process.kill()
                result = (CAUGHT_BY_RUN_ERROR, f"timeout: the verification did not finish within {timeout:.1f} s")
            else:
                continue
            process.join()
            receiver.close()
            del running[receiver]
            done(position, result)


def _check_errors(spec: Spec) -> dict[tuple[str, str], str]:
    from .check import ERROR, check_spec

    return {(finding.code, finding.message): finding.render().splitlines()[0]
            for finding in check_spec(spec) if finding.severity == ERROR}


def score(spec: Spec, problem: Problem, argv: Sequence[str], *, jobs: int = 1, timeout: float | None = None,
          progress: Callable[[MutantResult], None] | None = None) -> Report:
    """Classify every mutant of `spec` with the checks and `problem.verify_spec(mutant, argv)`."""
    if problem.verify_spec is None:
        raise InputError(f"problem '{problem.name}' does not offer verify_spec, which automata mutate needs")
    verify_spec = problem.verify_spec
    started = time.monotonic()
    verdict = verify_spec(spec, list(argv))
    elapsed = time.monotonic() - started
    if not verdict.agree:
        assert verdict.divergence is not None
        raise InputError(f"{spec.path} itself fails this verification, so mutants cannot be scored: "
                         f"{verdict.divergence.describe().splitlines()[0]}")
    limit = timeout if timeout is not None else max(5.0, 30 * elapsed)

    candidates = mutants(spec)
    results: list[MutantResult | None] = [None] * len(candidates)
    known = _check_errors(spec)

    def finish(position: int, result: MutantResult) -> None:
        results[position] = result
        if progress is not None:
            progress(result)

    to_verify: list[int] = []
    for position, mutant in enumerate(candidates):
        new = [text for key, text in _check_errors(mutant.spec).items() if key not in known]
        if new:
            finish(position, MutantResult(mutant, CAUGHT_BY_CHECK, new[0]))
        else:
            to_verify.append(position)

    def verified(index: int, outcome: tuple[str, str]) -> None:
        position = to_verify[index]
        mutant = candidates[position]
        kind, detail = outcome
        proof = equivalence(spec, mutant.spec) if kind == SURVIVED else ""
        finish(position, MutantResult(mutant, kind, detail, proof))

    _verify_all(verify_spec, [candidates[p].spec for p in to_verify], list(argv), limit, max(1, jobs), verified)
    final = tuple(result for result in results if result is not None)
    assert len(final) == len(candidates)
    return Report(spec.path, problem.name, tuple(argv), final, limit)


# ---------------------------------------------------------------------------------------------
# Presenting a report


def report_table(report: Report) -> str:
    rows = [("line", "kind", "mutant", "outcome")]
    for result in report.results:
        outcome = result.outcome if result.outcome != SURVIVED else f"survived: {result.equivalence}"
        rows.append((str(result.mutant.loc.line), result.mutant.kind, result.mutant.description, outcome))
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    lines = [f"{row[0]:>{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]:<{widths[2]}}  {row[3]}" for row in rows]
    lines.append("")
    lines.extend(report_summary(report))
    return "\n".join(lines)


def report_summary(report: Report) -> list[str]:
    options = " ".join(report.argv) or "(default options)"
    lines = [f"{report.spec_path} with {report.problem} {options}: {len(report.results)} mutants"]
    for outcome in OUTCOMES:
        lines.append(f"  {outcome:<20} {report.count(outcome):>5}")
    lines.append(f"  {'of the survivors':<20} {report.equivalent:>5} proved equivalent, {len(report.gaps)} gaps in verification")
    relevant = len(report.results) - report.equivalent
    lines.append(f"mutation score: {report.killed}/{relevant} = {100 * report.score:.1f}% (caught / not equivalent)")
    for gap in report.gaps:
        lines.append(f"  gap: line {gap.mutant.loc.line}: {gap.mutant.description}")
    return lines


def report_json(report: Report) -> dict[str, Any]:
    return {
        "spec": report.spec_path,
        "problem": report.problem,
        "argv": list(report.argv),
        "timeout_seconds": report.timeout,
        "mutants": len(report.results),
        "counts": {outcome: report.count(outcome) for outcome in OUTCOMES},
        "equivalent": report.equivalent,
        "gaps": len(report.gaps),
        "score": round(report.score, 4),
        "results": [
            {"kind": r.mutant.kind, "line": r.mutant.loc.line, "col": r.mutant.loc.col, "description": r.mutant.description,
             "outcome": r.outcome, "detail": r.detail, "equivalence": r.equivalence or None}
            for r in report.results
        ],
    }
