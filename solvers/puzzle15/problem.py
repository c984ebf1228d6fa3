"""The `puzzle15` problem: click commands run, verify and compare.

`run` and `verify` only turn their options into a case (`PuzzleCase`) and go through the program
of specs/fifteen_puzzle.yaml (`solvers.puzzle15.program`), the same machinery as `automata
run|verify specs/fifteen_puzzle.yaml`. `compare` makes Korf's table again (tables.py).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from automata.cli.problems import Problem
from automata.cli.support import (
    AUTOMATON_IMPLEMENTATIONS,
    BoundedInt,
    check_output_file,
    check_output_folder,
    impl_option,
    impls_to_verify,
    open_sinks,
    print_json,
    require_automaton_for_traces,
    sweep_options,
    sweep_settings,
    trace_options,
    verdict_text,
)
from automata.errors import InputError
from automata.runtime.events import NullObserver
from automata.runtime.program import Program, load_program

from . import automaton
from .korf100 import BY_NUMBER, easiest
from .model import SearchResult, manhattan
from .pdb import HEURISTICS
from .position import format_grid_of, format_korf
from .program import PuzzleCase

# verify keeps every event of every implementation in memory: a Korf instance above this many
# nodes (in the paper's count) is refused there, with compare suggested instead.
VERIFY_MAX_NODES = 3_000_000


def program() -> Program:
    return load_program(automaton.SPEC_PATH)


def _case(instance: int | None, start: str | None, heuristic: str) -> PuzzleCase:
    if instance is not None and start is not None:
        raise click.UsageError("give --instance or --start, not both")
    case = PuzzleCase(f"korf{instance}" if instance is not None else start or "korf79", heuristic)
    case.position()  # a position the search cannot take is refused here (exit 2)
    return case


heuristic_option = click.option(
    "--heuristic", type=click.Choice(HEURISTICS), default="manhattan", show_default=True,
    help="h: the Manhattan distance (the paper's) or an additive pattern database (5-5-5 on 4×4; its tables take "
         "about half a minute to make, once per process).")


def _position_options(command: Callable[..., Any]) -> Callable[..., Any]:
    command = heuristic_option(command)
    command = click.option("--start", default=None,
                           help="A start position: korf1..korf100, Korf's list of the tile on each cell (0 the blank, "
                                "e.g. '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3') or a grid like "
                                "14,13,15,7/11,12,9,5/6,_,2,1/4,8,10,3; 2×2 to 4×4.")(command)
    command = click.option("--instance", type=BoundedInt(1, 100), default=None,
                           help="One of Korf's 100 instances, by its number in the paper [default: 79, the easiest].")(command)
    return command


def _describe(case: PuzzleCase) -> str:
    position = case.position()
    size = round(len(position) ** 0.5)
    name = f"Korf's instance {case.start[4:]}: " if case.start.lower().startswith("korf") else ""
    return (f"{name}{format_grid_of(position)} ({format_korf(position)}), Manhattan distance "
            f"{manhattan(position, size)}" + ("; h from the pattern database" if case.heuristic == "pdb" else ""))


def _outcome(result: SearchResult) -> str:
    thresholds = ", ".join(str(threshold) for threshold, _ in result.iterations)
    return f"solved in {result.length} moves; {result.generated:,} nodes generated; thresholds {thresholds}"


def _paper_line(case: PuzzleCase, result: SearchResult) -> str | None:
    if not case.start.lower().startswith("korf"):
        return None
    paper = BY_NUMBER[int(case.start[4:])]
    if case.heuristic != "manhattan":
        return f"the paper (Manhattan distance): {paper.length} moves, {paper.nodes:,} nodes generated"
    same = "equal" if (result.length, result.generated) == (paper.length, paper.nodes) else "DIFFERENT"
    return f"the paper: {paper.length} moves, {paper.nodes:,} nodes generated ({same})"


# -- run ------------------------------------------------------------------------------------------

@click.command("puzzle15")
@_position_options
@impl_option(default="iterative")
@trace_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def run_command(instance: int | None, start: str | None, heuristic: str, impl: str, trace: str | None,
                protocol: str | None, as_json: bool) -> None:
    """Solve one position optimally by IDA* (Korf's order and counting); a Korf instance is checked against the paper."""
    from automata.cli.spec_run import run_case

    require_automaton_for_traces(impl, trace, None)  # a plain implementation has a protocol too
    case = _case(instance, start, heuristic)
    automaton_protocol = protocol if impl in AUTOMATON_IMPLEMENTATIONS else None
    with open_sinks(trace, automaton_protocol, json_mode=as_json) as sinks:
        result, _ = run_case(program(), case, impl, sinks, NullObserver(), protocol, as_json)
    if as_json:
        print_json({"start": format_korf(result.start), "impl": impl, "heuristic": heuristic, **result.to_json()})
        return
    click.echo(_describe(case))
    click.echo(f"{impl}: {_outcome(result)}")
    paper = _paper_line(case, result)
    if paper:
        click.echo(paper)
    click.echo("tiles slid: " + " ".join(str(tile) for tile in result.moves))


# -- verify ---------------------------------------------------------------------------------------

@click.command("puzzle15")
@_position_options
@impl_option(default="all", allow_all=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def verify_command(instance: int | None, start: str | None, heuristic: str, impl: str, as_json: bool) -> None:
    """Run the implementations side by side; exit 1 if their event streams (every generated node) or results differ."""
    from automata.analysis.cases import verify_case
    from automata.analysis.coverage import coverage_report

    case = _case(instance, start, heuristic)
    if instance is not None and BY_NUMBER[instance].nodes > VERIFY_MAX_NODES:
        raise InputError(f"instance {instance} generates {BY_NUMBER[instance].nodes:,} nodes, each an event kept in memory "
                         f"by every implementation; verify takes instances up to {VERIFY_MAX_NODES:,} nodes (79, 12, "
                         f"42, 55, 97, 19, 94, 47, 93, 9). Compare node counts instead: automata compare puzzle15 "
                         f"--instances {instance} --impl IMPL")
    the_program = program()
    outcome = verify_case(the_program, case.start, case, impls_to_verify(impl))
    verdict = outcome.verdict
    coverage = coverage_report(the_program.spec, outcome.coverage)
    if as_json:
        print_json({"agree": verdict.agree, "reference": verdict.reference,
                    "implementations": {name: {"events": len(run.events), "error": run.error,
                                               "result": run.result.to_json() if run.result else None}
                                        for name, run in verdict.runs.items()},
                    "divergence": None if verdict.agree else verdict.divergence.describe(),
                    "coverage": coverage.to_json()})
    else:
        click.echo(_describe(case))
        for name, run in verdict.runs.items():
            click.echo(f"  {name:<10} {len(run.events):>10,} events; {run.error or _outcome(run.result)}")
        click.echo(coverage.line())
        click.echo(verdict_text(verdict))
    if not verdict.agree:
        raise click.exceptions.Exit(1)


# -- compare --------------------------------------------------------------------------------------

def parse_instances(text: str) -> list[int]:
    """`1-100`, `79`, `1-10,42,88`: instance numbers of Korf's table."""
    numbers: list[int] = []
    for part in (item.strip() for item in text.split(",")):
        if not part:
            continue
        low, dash, high = part.partition("-")
        if not (low.strip().isdigit() and (not dash or high.strip().isdigit())) or len(part) > 12:
            raise click.BadParameter(f"{part[:40]!r} is not an instance number or range like 1-30", param_hint="--instances")
        first, last = int(low), int(high) if dash else int(low)
        if not 1 <= first <= last <= 100:
            raise click.BadParameter(f"{part!r}: instances are numbered 1 to 100, a range low-high", param_hint="--instances")
        numbers.extend(range(first, last + 1))
    if not numbers:
        raise click.BadParameter("name at least one instance, e.g. 1-100 or 79", param_hint="--instances")
    return sorted(set(numbers))


def _command_line(instances: str | None, easiest_count: int | None, heuristic: str, impl: str, out: str | None,
                  jobs: int | None, scheduler: str | None) -> str:
    words = ["automata", "compare", "puzzle15"]
    if easiest_count is not None:
        words += ["--easiest", str(easiest_count)]
    else:
        words += ["--instances", "1-100" if instances is None else instances]
    words += ["--heuristic", heuristic] if heuristic != "manhattan" else []
    words += ["--impl", impl] if impl != "iterative" else []
    words += ["--jobs", str(jobs)] if jobs is not None else []
    words += ["--scheduler", scheduler] if scheduler is not None else []
    words += ["--out", str(out)] if out is not None else []
    return shlex.join(words)


@click.command("puzzle15")
@click.option("--instances", default=None, metavar="LIST",
              help="Korf's instances by number: ranges and numbers such as 1-100 or 1-10,42 [default: 1-100].")
@click.option("--easiest", "easiest_count", type=BoundedInt(1, 100), default=None, metavar="N",
              help="Instead of --instances: the N instances with the fewest nodes in the paper's table.")
@heuristic_option
@impl_option(default="iterative")
@click.option("--out", default=None, metavar="FOLDER", callback=check_output_folder,
              help="Also write puzzle15.json (every instance with its iterations, the time, the workers, the command) "
                   "and puzzle15.md (the table) into FOLDER; puzzle15-pdb.* with --heuristic pdb.")
@sweep_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document: a row per instance.")
def compare_command(instances: str | None, easiest_count: int | None, heuristic: str, impl: str, out: str | None,
                    jobs: int | None, scheduler: str | None, as_json: bool) -> None:
    """Korf's table made again: length and nodes generated per instance against the paper's, each instance a sweep job.

    With --heuristic pdb the same instances with the pattern database, its counts beside Manhattan's."""
    from automata.sweep import Interrupted

    from .tables import compare, summary_line, text_table, write_out

    if instances is not None and easiest_count is not None:
        raise click.UsageError("give --instances or --easiest, not both")
    numbers = ([instance.number for instance in easiest(easiest_count)] if easiest_count is not None
               else parse_instances("1-100" if instances is None else instances))
    settings = sweep_settings(jobs, scheduler, "puzzle15")
    command = _command_line(instances, easiest_count, heuristic, impl, out, jobs, scheduler)
    comparison = compare(numbers, impl, heuristic, jobs=jobs, scheduler=scheduler, progress=settings.progress,
                         command=command)
    if as_json:
        print_json(comparison.to_json())
    else:
        click.echo(text_table(comparison))
        click.echo(summary_line(comparison))
    if out is not None:
        for path in write_out(Path(out), comparison):
            click.echo(f"wrote {path}", err=True)
    click.echo(f"{len(comparison.rows)} instances in {comparison.seconds:,.1f} s on {comparison.workers}", err=True)
    if comparison.interrupted:
        raise Interrupted({index: row for index, row in enumerate(comparison.rows)}, len(comparison.requested))


PROBLEM = Problem(
    name="puzzle15",
    summary="Fifteen puzzle by IDA* (Korf 1985): iterative, recursive and automaton; Korf's 100 instances against the paper",
    specs=(automaton.SPEC_PATH,),
    commands={"run": run_command, "verify": verify_command, "compare": compare_command},
    demo=(
        ("run", "puzzle15", "--instance", "79"),
        ("verify", "puzzle15", "--start", "5 2 4 3 1 8 12 7 9 13 11 15 14 6 10 0"),
        ("compare", "puzzle15", "--easiest", "3"),
    ),
)
