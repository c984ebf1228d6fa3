"""The `automata codegen` and `automata mutate` commands (mounted by automata/cli.py)."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import Any

import click

from ..io.files import display_path
from .case_options import CASE_CONTEXT, case_options, case_values
from .support import check_output_file, print_json
from .terminal import raw
from .word_commands import word_case_options


@click.command("codegen")
@click.argument("spec_file", required=False, type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None,
              callback=check_output_file, help="Write the module here (default: print it).")
@click.option("--all", "all_specs", is_flag=True, help="Regenerate generated/ from every spec in specs/.")
@click.option("--check", "check_only", is_flag=True,
              help="With --all: write nothing, exit 1 if a committed module is stale or missing.")
def codegen_command(spec_file: str | None, output: str | None, all_specs: bool, check_only: bool) -> None:
    """Generate Python code from a spec: a `match` on the state, one branch per arc.

    `automata codegen SPEC -o FILE.py` writes one module; `automata codegen --all` rewrites the
    committed package generated/ (one module per spec in specs/).
    """
    from ..io.codegen import (
        GENERATED_DIR,
        source_of_file,
        stale_modules,
        write_all,
        write_module,
    )

    if all_specs == bool(spec_file):
        raise click.UsageError("give either one SPEC file or --all")
    if check_only and not all_specs:
        raise click.UsageError("--check goes with --all")
    if all_specs:
        if output:
            raise click.UsageError("--all writes into generated/; -o is for one SPEC")
        if check_only:
            problems = stale_modules()
            for problem in problems:
                click.echo(f"{display_path(GENERATED_DIR)}/{problem}")
            if problems:
                click.echo("run `automata codegen --all` to regenerate", err=True)
                raise click.exceptions.Exit(1)
            click.echo(f"{display_path(GENERATED_DIR)}: up to date", err=True)
            return
        for path in write_all():
            click.echo(display_path(path))
        return
    assert spec_file is not None
    if output:
        click.echo(display_path(write_module(spec_file, Path(output))))
    else:
        click.echo(source_of_file(spec_file), nl=False)


@click.command("mutate", context_settings=CASE_CONTEXT)
@click.argument("spec_file", type=click.Path(dir_okay=False))
@case_options(repeatable=True)
@click.option("--jobs", type=click.IntRange(1, 1024), default=None,
              help="Mutants verified at the same time, each in its own process [default: every core].")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Verify the mutants on a Dask cluster (tcp://HOST:8786, or 'local'); there the step budgets, "
                   "not --timeout, stop a mutant that does not end.")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=None,
              help="Seconds one mutant's suite may take [default: 30 times the original's, at least 5].")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of the table.")
@word_case_options
@click.pass_context
def mutate_command(ctx: click.Context, spec_file: str, case_names: tuple[str, ...], params: tuple[str, ...],
                   jobs: int | None, scheduler: str | None, timeout: float | None, as_json: bool,
                   words: tuple[str, ...], words_file: str | None, scenarios_file: str | None,
                   random_count: int | None, length: int, seed: int) -> None:
    """Score a spec's single-point mutants against the static checks and its program's verification.

    Each mutant goes through `automata check`, then through the verification of the spec's program
    (docs/own-automaton.md) on its cases, the reference against the mutated automaton; a mutant is
    caught by the first case that tells it apart. The cases are --case NAME (repeatable), or the one
    case that -p KEY=VALUE parameters or any other --key value options describe; without them,
    every case of the program's CASES.
    """
    from ..analysis.mutate import (
        coverage_warnings,
        mutants,
        report_json,
        report_table,
        score,
    )
    from ..io.loader import load_spec
    from .spec_run import program_judge

    values = case_values(params, ctx.args, ctx.command)  # a misspelt option of mutate's own is refused before any work
    spec = load_spec(spec_file)
    if spec.is_pure:  # no program: the cases are words, judged against the original's outputs
        from ..analysis.words import word_judge
        from .word_commands import chosen_cases

        if scheduler is not None:
            raise click.UsageError("--scheduler needs a spec with a program; a pure Mealy machine's mutants run here")
        if case_names or values:
            raise click.UsageError(f"{spec.automaton} is a pure Mealy machine: its cases are words (--word, --words, "
                                   "--scenarios, --random), not --case or parameters")
        verify_spec, cases = word_judge(spec, chosen_cases(spec, words, words_file, scenarios_file, random_count,
                                                           length, seed))
        judge = "its words"
    else:
        program, verify_spec, cases = program_judge(spec, case_names, values)
        spec, judge = program.spec, program.module_name
    with contextlib.ExitStack() as stack:
        bars: list[Any] = []

        def advance(result: object) -> None:
            # Opened at the first mutant, so that an error in the verify options prints alone.
            if not bars:
                bars.append(stack.enter_context(click.progressbar(
                    length=len(mutants(spec)), label="mutants", file=raw(sys.stderr), show_pos=True)))
            bars[0].update(1)

        classify_many = None
        if scheduler is not None:
            from .spec_run import classify_mutant_job
            from .support import sweep_settings

            sweep = sweep_settings(jobs, scheduler, "mutants on the cluster")

            def classify_many(specs: Any, suite: Any, budgets: Any) -> Any:
                return sweep.map(classify_mutant_job, [(spec_file, case_names, values, mutant, suite, budgets)
                                                       for mutant in specs])

        report = score(spec, verify_spec, judge, cases, jobs=jobs or (os.cpu_count() or 1),
                       timeout=timeout, progress=advance, classify_many=classify_many)
    # A suite that never takes an arc cannot catch that arc's mutants: say so where it is seen.
    for warning in coverage_warnings(spec, report.observation):
        click.echo(f"warning: {warning}", err=True)
    if as_json:
        print_json(report_json(report))
    else:
        click.echo(report_table(report))
