"""Verifying a program over its cases: every implementation against the reference, case by case,
each under a budget derived from the reference's own run, with the automaton's coverage.

The reference runs first and unbudgeted. What it did sets the others' budgets: an automaton may
take BUDGET_FACTOR times as many steps as the reference made events and calls (plus a margin), a
plain implementation as many calls of the spec's methods, and any implementation as many events.
A wrong implementation that loops is then reported as a divergence with its last events, never as
a hang.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import AutomataError, InputError, RunError, StepLimitReached, UserCodeError
from ..runtime.events import Event
from ..runtime.instrument import CallBudget
from ..runtime.program import AUTOMATON_ENGINES, Program
from ..runtime.trace import TraceSink
from ..runtime.user_code import failure_text, implementation_subject, users_error
from .coverage import Coverage, CoverageReport, CoverageSink, coverage_report
from .verify import ImplRun, Verdict, compare_runs

BUDGET_FACTOR = 10
BUDGET_MARGIN = 1_000


class EventBudgetExceeded(RunError):
    """An implementation reported more events than its budget allows."""


class BudgetedRecorder:
    """Records events like `Recorder`, and stops a run that reports more than `limit` of them."""

    __slots__ = ("events", "limit", "name")

    def __init__(self, name: str, limit: int | None = None) -> None:
        self.events: list[Event] = []
        self.limit = limit
        self.name = name

    def emit(self, kind: str, *data: object) -> None:
        events = self.events
        events.append((kind, *data))
        if self.limit is not None and len(events) > self.limit:
            raise EventBudgetExceeded(f"{self.name} reported more than {self.limit:,} events (its budget, from the "
                                      "reference's own run): it does not stop")


class _Counter(CallBudget):
    """Counts a plain reference's calls of the spec's methods, without a limit."""

    def __init__(self, program: Program, name: str) -> None:
        super().__init__(program.spec, limit=1 << 62, implementation=name)


@dataclass(frozen=True)
class Budget:
    events: int
    calls: int  # for plain implementations: calls of the spec's questions and actions
    steps: int  # for automata


def budget_from(events: int, calls: int, steps: int) -> Budget:
    work = events + calls + steps
    return Budget(BUDGET_FACTOR * events + BUDGET_MARGIN, BUDGET_FACTOR * work + BUDGET_MARGIN,
                  BUDGET_FACTOR * work + BUDGET_MARGIN)


@dataclass(frozen=True)
class CaseResult:
    name: str
    verdict: Verdict
    coverage: Coverage
    budget: Budget

    @property
    def agree(self) -> bool:
        return self.verdict.agree

    def slim(self) -> CaseResult:
        return CaseResult(self.name, self.verdict.slim(), self.coverage, self.budget)


def verify_case_job(job: tuple[Any, ...]) -> CaseResult:
    """`verify_case` for a sweep's worker: the job (spec path, case name, case, implementations,
    optionally max_steps) names the spec by path (the worker loads its program, once per process)
    and the result comes back slim."""
    from ..runtime.program import load_program

    spec_path, name, case, implementations, *rest = job
    max_steps = rest[0] if rest else None
    return verify_case(load_program(spec_path), name, case, implementations, max_steps=max_steps).slim()


def _run(name: str, body: Callable[[BudgetedRecorder], Any], recorder: BudgetedRecorder) -> ImplRun:
    """One implementation's run. Its failure is a verification finding, not a crash: the user's
    code raising (with the exception, its message and the user's file:line), a step limit or a
    budget reached, a method the spec calls missing. A bug of the framework is not: it is raised."""
    try:
        value = body(recorder)
    except UserCodeError as error:
        detail = error.detail if error.subject == implementation_subject(name) else str(error)
        return ImplRun(name, recorder.events, None, detail)
    except AutomataError as error:
        return ImplRun(name, recorder.events, None, failure_text(error))
    except (Exception, SystemExit) as error:
        found = users_error(implementation_subject(name), error)
        if found is None:
            raise
        return ImplRun(name, recorder.events, None, found.detail)
    return ImplRun(name, recorder.events, value)


def _budgeted(name: str, budget_limits: bool, own_hint: str,
              body: Callable[[BudgetedRecorder], Any]) -> Callable[[BudgetedRecorder], Any]:
    """An automaton's run under a step limit, whose stop says where the limit came from: its budget
    (`budget_limits`), or the program's step limit or --max-steps (`own_hint` says how to raise it)."""
    def run(recorder: BudgetedRecorder) -> Any:
        try:
            return body(recorder)
        except StepLimitReached as stop:
            hint = (f"that is {name}'s budget ({BUDGET_FACTOR} times the reference's events, calls and steps, plus "
                    f"{BUDGET_MARGIN:,}): it does not stop where the reference does") if budget_limits else own_hint
            raise stop.with_hint(hint) from None
    return run


def verify_case(program: Program, name: str, case: Any, implementations: Sequence[str],
                sinks: Sequence[TraceSink] = (), context: int = 3, max_steps: int | None = None) -> CaseResult:
    """Run `implementations` (names; the program's reference first, whether listed or not) on one
    case and compare them. `sinks` are attached to every automaton run; `max_steps` replaces the
    program's step limit (an automaton other than the reference also stays within its budget)."""
    reference = program.reference
    names = [reference, *(n for n in implementations if n != reference)]
    unknown = [n for n in names if n not in program.implementation_names()]
    if unknown:
        raise InputError(f"unknown implementation {unknown[0]!r}; {program.module_name} offers: "
                         f"{', '.join(program.implementation_names())}")
    coverage = CoverageSink()
    runs: dict[str, ImplRun] = {}
    steps_of: dict[str, int] = {}

    def automaton(engine_name: str, max_steps: int | None) -> Callable[[BudgetedRecorder], Any]:
        def body(recorder: BudgetedRecorder) -> Any:
            # Coverage is recorded on one engine only: both produce the same records.
            extra = (coverage,) if engine_name == coverage_engine else ()
            value, summary = program.run_automaton(case, recorder, AUTOMATON_ENGINES[engine_name],
                                                   sinks=(*extra, *sinks), max_steps=max_steps)
            steps_of[engine_name] = summary.steps
            return value
        return body

    automata = [n for n in names if n in AUTOMATON_ENGINES]
    coverage_engine = "automaton" if "automaton" in automata else (automata[0] if automata else "")
    # The reference: unbudgeted (beyond the program's own step limit), its calls counted.
    counter = _Counter(program, reference)
    if reference in AUTOMATON_ENGINES:
        runs[reference] = _run(reference, automaton(reference, max_steps), BudgetedRecorder(reference))
    else:
        runs[reference] = _run(reference, lambda recorder: program.run_plain(reference, case, recorder, counter.attach),
                               BudgetedRecorder(reference))
    budget = budget_from(len(runs[reference].events), counter.calls, steps_of.get(reference, 0))
    for other in names[1:]:
        recorder = BudgetedRecorder(other, budget.events)
        if other in AUTOMATON_ENGINES:
            limit = budget.steps
            own = max_steps if max_steps is not None else program.max_steps(case)
            body = automaton(other, min(limit, own) if own else limit)
            runs[other] = _run(other, _budgeted(other, not own or limit < own, program.limit_hint(max_steps), body),
                               recorder)
        else:
            calls = CallBudget(program.spec, budget.calls, other)
            runs[other] = _run(other, lambda rec, name=other, watch=calls: program.run_plain(name, case, rec, watch.attach),
                               recorder)
    return CaseResult(name, compare_runs(runs, reference, context), coverage.coverage(), budget)


@dataclass(frozen=True)
class ProgramReport:
    """The verification of a program over several cases."""

    program: Program
    implementations: tuple[str, ...]
    results: tuple[CaseResult, ...]
    coverage: CoverageReport

    @property
    def agree(self) -> bool:
        return all(result.agree for result in self.results)

    @property
    def first_difference(self) -> CaseResult | None:
        return next((result for result in self.results if not result.agree), None)


def case_items(program: Program, names: Sequence[str] = ()) -> list[tuple[str, Any]]:
    """The cases to verify: those named, or every case of the program."""
    if names:
        return [(name, program.case(name)) for name in names]
    if not program.cases:
        raise InputError(f"{program.module_name} defines no CASES: name a case with -p KEY=VALUE, or add "
                         "CASES = {'name': case, ...} to the module")
    return list(program.cases.items())


def verify_program(program: Program, cases: Sequence[tuple[str, Any]], implementations: Sequence[str] | None = None,
                   progress: Callable[[CaseResult], None] | None = None, max_steps: int | None = None) -> ProgramReport:
    """Verify every case, one after another in this process; the coverage is the union over them."""
    chosen = tuple(implementations or program.implementation_names())
    results = []
    for name, case in cases:
        result = verify_case(program, name, case, chosen, max_steps=max_steps)
        results.append(result)
        if progress is not None:
            progress(result)
    return program_report(program, chosen, results)


def program_report(program: Program, implementations: Sequence[str], results: Sequence[CaseResult]) -> ProgramReport:
    """The report of case results (made here or sent back by a sweep's workers, in case order)."""
    covered = Coverage()
    for result in results:
        covered = covered | result.coverage
    return ProgramReport(program, tuple(implementations), tuple(results), coverage_report(program.spec, covered))
