"""`automata run SPEC` and `automata verify SPEC`: any spec with a program module beside it.

These commands know nothing of any problem: the case comes from the program's CASES (`--case`) or
from parameters (`-p KEY=VALUE`, or any other `--key value`: cli/case_options.py), the
implementations from its IMPLEMENTATIONS (docs/own-automaton.md).
The shipped problems' own commands build their cases from richer options and reuse the same
machinery (`run_case`, `report_verification`).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

import click

from ..analysis.cases import (
    CaseResult,
    ProgramReport,
    program_report,
    verify_case,
    verify_case_job,
    verify_program,
)
from ..errors import InputError
from ..io.files import display_path
from ..model.spec import Spec
from ..runtime.events import Recorder, format_event
from ..runtime.instrument import PlainProtocol
from ..runtime.program import AUTOMATON_ENGINES, Program, load_program
from ..runtime.trace import TraceSink
from .case_options import CASE_CONTEXT, case_options, case_values, chosen_cases, max_steps_option
from .support import (
    jsonable,
    open_sinks,
    print_json,
    progress,
    protocol_kinds,
    sweep_options,
    sweep_settings,
    trace_options,
)


@contextlib.contextmanager
def _protocol_for_plain(program: Program, impl: str, protocol: str | None, json_mode: bool) -> Iterator[PlainProtocol | None]:
    if not protocol:
        yield None
        return
    watcher = PlainProtocol(program.spec, impl, sys.stderr if json_mode else sys.stdout, protocol_kinds(protocol))
    try:
        yield watcher
    finally:
        watcher.finished()


def run_case(program: Program, case: Any, impl: str, sinks: Sequence[TraceSink], observer: Recorder,
             protocol: str | None = None, json_mode: bool = False, max_steps: int | None = None) -> tuple[Any, Any]:
    """Run one implementation on one case: (result, the automaton's RunSummary or None)."""
    if impl in AUTOMATON_ENGINES:
        return program.run_automaton(case, observer, AUTOMATON_ENGINES[impl], sinks, max_steps)
    if impl not in program.implementations:
        raise click.BadParameter(f"{impl!r} is not an implementation of {program.module_name}; choose from "
                                 f"{', '.join(program.implementation_names())}", param_hint="--impl")
    with _protocol_for_plain(program, impl, protocol, json_mode) as watcher:
        value = program.run_plain(impl, case, observer, watcher.attach if watcher else None)
    return value, None


def make_run_command(spec_path: str, loaded: Spec) -> click.Command:
    @click.command("run", context_settings=CASE_CONTEXT)
    @case_options(repeatable=False)
    @click.option("--impl", default="automaton", show_default=True,
                  help="Which implementation runs: automaton (transitions), generated, or one of the program's own.")
    @trace_options
    @max_steps_option
    @click.option("--events", "show_events", is_flag=True, help="Print every event the run reported.")
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
    @click.pass_context
    def run(ctx: click.Context, case_names: tuple[str, ...], params: tuple[str, ...], impl: str, trace: str | None,
            protocol: str | None, max_steps: int | None, show_events: bool, as_json: bool) -> None:
        """Run one implementation of a spec's program on one case.

        The case is --case NAME, -p KEY=VALUE parameters or any other --key value option (read by the
        program's parse_case); without them, the program's first case.
        """
        values = case_values(params, ctx.args, ctx.command)
        program = load_program(loaded)  # the spec read once, by spec_command
        (name, case), = chosen_cases(program, case_names, values, one=True)
        if trace and impl not in AUTOMATON_ENGINES:
            raise click.UsageError("--trace records an automaton's steps: use it with --impl automaton or generated")
        observer = Recorder()
        automaton_protocol = protocol if impl in AUTOMATON_ENGINES else None
        if automaton_protocol:
            protocol_kinds(automaton_protocol)  # a bad --protocol value is refused before anything runs
        with open_sinks(trace, automaton_protocol, json_mode=as_json) as sinks:
            value, summary = run_case(program, case, impl, sinks, observer, protocol, as_json, max_steps)
        spec = program.spec
        if as_json:
            document: dict[str, Any] = {"spec": display_path(spec.path), "program": program.module_name, "case": name,
                                        "impl": impl, "events": len(observer.events), "result": jsonable(value)}
            if summary is not None:
                document |= {"final_state": summary.final_state, "steps": summary.steps}
                if summary.steps_by_automaton:
                    document["steps_by_automaton"] = dict(summary.steps_by_automaton)
            if show_events:
                document["event_stream"] = [jsonable(list(event)) for event in observer.events]
            print_json(document)
            return
        if show_events:
            for event in observer.events:
                click.echo(format_event(event))
        where = ""
        if summary is not None:
            state = spec.states[summary.final_state]
            where = f"; final state {summary.final_state} ({state.name}) after {summary.steps:,} steps"
            if summary.steps_by_automaton:
                where += " (" + ", ".join(f"{name}: {steps:,}" for name, steps in summary.steps_by_automaton) + ")"
        click.echo(f"{spec.automaton} ({spec.title}), case {name!r}, {impl}: {len(observer.events):,} events{where}")
        if program.compares_results():
            click.echo(f"result: {value!r}")

    return run


def report_verification(report: ProgramReport, as_json: bool, require_coverage: bool,
                        extra: dict[str, Any] | None = None) -> int:
    """Print a verification (table or JSON) and return its exit code."""
    coverage = report.coverage
    gaps = coverage.gaps()
    program = report.program
    if as_json:
        print_json({
            "spec": display_path(program.spec.path), "program": program.module_name, "agree": report.agree,
            "reference": program.reference, "implementations": list(report.implementations),
            "results_compared": program.compares_results(),
            "cases": [_case_json(result) for result in report.results],
            "coverage": coverage.to_json(), **(extra or {}),
        })
    else:
        rows = [("case", "agree", "events", "result")]
        for result in report.results:
            reference = result.verdict.runs[result.verdict.reference]
            shown = repr(reference.result) if program.compares_results() else "(not compared)"
            rows.append((result.name, "yes" if result.agree else "NO", f"{reference.event_count:,}", _cut(shown, 60)))
        widths = [max(len(row[column]) for row in rows) for column in range(3)]
        for row in rows:
            click.echo(f"{row[0]:<{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]:>{widths[2]}}  {row[3]}".rstrip())
        click.echo(coverage.line())
        for gap in gaps:
            click.echo(f"  not exercised: {gap}")
        difference = report.first_difference
        if difference is not None:
            click.echo(f"case {difference.name!r}: DIFFER: {difference.verdict.divergence.describe()}")
        else:
            names = ", ".join(report.implementations)
            count = len(report.results)
            click.echo(f"agree: {names} emitted the same events"
                       + (" and returned the same results" if program.compares_results() else "")
                       + f" on {count} case{'s' if count != 1 else ''}")
    if not report.agree:
        return 1
    if require_coverage and not coverage.complete:
        if not as_json:
            click.echo("coverage is incomplete (--require-coverage): add cases that exercise what is listed above",
                       err=True)
        return 1
    return 0


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _case_json(result: CaseResult) -> dict[str, Any]:
    verdict = result.verdict
    reference = verdict.runs[verdict.reference]
    document: dict[str, Any] = {"name": result.name, "agree": result.agree, "events": reference.event_count,
                                "result": jsonable(reference.result)}
    failures = {name: run.error for name, run in verdict.runs.items() if run.error}
    if failures:  # why each failing implementation's run ended: the exception and the user's file:line, a limit
        document["failures"] = failures
    if verdict.divergence is not None:
        document["divergence"] = {"kind": verdict.divergence.kind, "other": verdict.divergence.other,
                                  "index": verdict.divergence.index, "text": verdict.divergence.describe()}
    return document


def make_verify_command(spec_path: str, loaded: Spec) -> click.Command:
    @click.command("verify", context_settings=CASE_CONTEXT)
    @case_options(repeatable=True)
    @click.option("--impl", "impls", multiple=True, metavar="NAME",
                  help="Implementations to compare with the reference (repeatable) [default: all].")
    @click.option("--require-coverage", is_flag=True,
                  help="Exit 1 when some reachable arc, state, final state or output was not exercised.")
    @max_steps_option
    @sweep_options
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of the table.")
    @click.pass_context
    def verify(ctx: click.Context, case_names: tuple[str, ...], params: tuple[str, ...], impls: tuple[str, ...],
               require_coverage: bool, max_steps: int | None, jobs: int | None, scheduler: str | None,
               as_json: bool) -> None:
        """Verify every implementation of a spec's program against its reference, case by case.

        The cases are --case NAME (repeatable), or the one case that -p KEY=VALUE parameters or any other
        --key value options describe; without them, every case of the program's CASES.
        """
        values = case_values(params, ctx.args, ctx.command)
        program = load_program(loaded)  # the spec read once, by spec_command
        cases = chosen_cases(program, case_names, values, one=False)
        chosen = [name for name in impls if name != "all"] or None
        for name in chosen or ():
            if name not in program.implementation_names():
                raise click.BadParameter(f"{name!r} is not an implementation of {program.module_name}; choose from "
                                         f"{', '.join(program.implementation_names())}", param_hint="--impl")
        names = tuple(chosen or program.implementation_names())
        if (jobs == 1 or len(cases) <= 1) and scheduler is None:
            with progress(range(len(cases)), label="verifying", length=len(cases)) as ticks:
                report = verify_program(program, cases, names, progress=lambda _: next(ticks, None), max_steps=max_steps)
        else:  # each case in a worker process, which loads the program again from the spec's path
            sweep = sweep_settings(jobs, scheduler, "verifying")
            jobs_list = [(spec_path, name, case, names, max_steps) for name, case in cases]
            report = program_report(program, names, sweep.map(verify_case_job, jobs_list))
        code = report_verification(report, as_json, require_coverage)
        if code:
            raise click.exceptions.Exit(code)

    return verify


def program_judge(spec_file: str | Spec, case_names: Sequence[str],
                  values: Mapping[str, str]) -> tuple[Program, Callable[..., Any], list[tuple[str]]]:
    """What `automata mutate` needs from a spec's program: the program, a `verify_spec(spec, case,
    sinks)` that verifies a mutant of the spec on one named case against the reference, and the cases
    (`--case` names, or the case parameters `values` describe: cli/case_options.py).
    A program without plain implementations is judged against its own original automaton."""
    program = load_program(spec_file)
    items = chosen_cases(program, case_names, values, one=False)
    by_name = dict(items)
    judge = program
    if not program.implementations:
        original = program.spec

        def run_original(context: object) -> Any:
            from ..runtime.runner import execute

            summary = execute(original, context)
            return program.result_of(context, summary.final_state)

        judge = replace(program, implementations={"original": run_original})

    def verify_spec(spec: Any, case: Sequence[str], sinks: Sequence[TraceSink] = ()) -> Any:
        name = case[0]
        return verify_case(judge.with_spec(spec), name, by_name[name], [judge.reference, "automaton"], sinks).verdict

    return program, verify_spec, [(name,) for name, _ in items]


def classify_mutant_job(job: tuple[str, tuple[str, ...], dict[str, str], Any, Any, Any]) -> Any:
    """One mutant of a spec through its program's cases, in a cluster's worker: the job names the
    spec by path and the cases by name (or parameters), so the worker rebuilds the judge itself."""
    from ..analysis.mutate.scoring import classify

    spec_file, case_names, values, mutant, cases, budgets = job
    _, verify_spec, _ = program_judge(spec_file, case_names, values)
    return classify(verify_spec, mutant, cases, budgets)


SPEC_VERBS: dict[str, Callable[[str, Spec], click.Command]] = {"run": make_run_command, "verify": make_verify_command}


def spec_command(verb: str, spec_path: str) -> click.Command:
    if verb not in SPEC_VERBS:
        raise InputError(f"'{verb}' works on the shipped problems only; for a spec, use: {', '.join(SPEC_VERBS)}")
    from ..io.loader import load_spec

    spec = load_spec(spec_path)  # read once here and handed down
    if spec.is_pure:  # no context, no program: it runs on words (cli/word_commands.py)
        from .word_commands import make_word_run_command, make_word_verify_command

        return {"run": make_word_run_command, "verify": make_word_verify_command}[verb](spec_path, spec)
    return SPEC_VERBS[verb](spec_path, spec)
