"""`automata cover SPEC`: find, for each arc a program's cases never take, a case that takes it.

    automata cover specs/knight_tour.yaml                  # the arcs CASES leave untaken
    automata cover specs/queens_backtracking.yaml --arc 4  # one arc, by its number (as drawn)
    automata cover hanoi.yaml --max-cases 500 --json

The cases come from the program's `explore_cases()` (docs/own-automaton.md), smallest first, and
run on the automaton only; the first case that takes an arc is printed with its name and value,
ready to be added to CASES. Arcs no explored case took are listed, and the command exits 1.
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any

import click

from ..analysis.explore import (
    DEFAULT_CASE_STEPS,
    DEFAULT_MAX_CASES,
    Exploration,
    arcs_by_number,
    explore,
    untaken_arcs,
)
from ..io.files import display_path
from ..model.spec import ArcDecl
from ..runtime.program import load_program
from .support import jsonable, print_json


def _arc_text(arc: ArcDecl) -> str:
    return f"arc {arc.number}: {arc.source} -> {arc.target} (line {arc.loc.line}) [{arc.label}]"


def _arc_json(arc: ArcDecl) -> dict[str, Any]:
    return {"arc": arc.number, "source": arc.source, "target": arc.target, "guard": arc.guard_text,
            "actions": list(arc.actions), "line": arc.loc.line}


@click.command("cover")
@click.argument("spec_file", metavar="SPEC", type=click.Path(dir_okay=False))
@click.option("--arc", "arcs", multiple=True, type=click.IntRange(min=1), metavar="N",
              help="An arc to find a case for, by its number (1 for the spec's first arc, as drawn) (repeatable) "
                   "[default: every reachable arc the program's CASES never take].")
@click.option("--max-cases", type=click.IntRange(min=1), default=DEFAULT_MAX_CASES, show_default=True,
              help="Explored cases to run at most before giving up on the arcs still missing.")
@click.option("--max-steps", type=click.IntRange(min=1), default=DEFAULT_CASE_STEPS, show_default=True,
              help="Steps one explored case may take when the program's step_limit states none.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
def cover_command(spec_file: str, arcs: tuple[int, ...], max_cases: int, max_steps: int, as_json: bool) -> None:
    """Find a case that takes each arc the program's cases leave untaken.

    The program's explore_cases() yields (name, case) pairs, smallest first; the automaton runs on
    them, with coverage recorded, until every target arc is taken or --max-cases have run. Exit 0
    when a case was found for every target arc, 1 when some arc was not.
    """
    program = load_program(spec_file)
    if arcs:
        targets = arcs_by_number(program, arcs)
        origin = "named by --arc"
    else:
        targets = untaken_arcs(program, max_steps=max_steps)
        count = len(program.cases)
        origin = f"the program's {count} case{'s' if count != 1 else ''} never take"
    with contextlib.ExitStack() as stack:
        bars: list[Any] = []

        def advance(tried: int) -> None:
            if not sys.stderr.isatty():
                return
            if not bars:
                bars.append(stack.enter_context(click.progressbar(length=max_cases, label="cases", file=sys.stderr,
                                                                  show_pos=True)))
            bars[0].update(1)

        outcome = explore(program, targets, max_cases, max_steps, advance)
    if as_json:
        _print_json(spec_file, outcome)
    else:
        _print_text(spec_file, outcome, origin)
    if outcome.first_failure is not None:  # the user's code failed on an explored case: exit 1, as everywhere
        name, message = outcome.first_failure
        click.echo(f"cover: on explored case {name!r}, {message}", err=True)
    if not outcome.complete or outcome.first_failure is not None:
        raise click.exceptions.Exit(1)


def _print_text(spec_file: str, outcome: Exploration, origin: str) -> None:
    program = outcome.program
    where = f"{display_path(spec_file)} ({program.module_name})"
    if not outcome.targets:
        click.echo(f"{where}: every reachable arc is taken by the program's cases; nothing to find")
        return
    count = len(outcome.targets)
    click.echo(f"{where}: {count} arc{'s' if count != 1 else ''} {origin}")
    for witness in outcome.witnesses:
        click.echo(f"{_arc_text(witness.arc)}: taken by explored case #{witness.tried} {witness.case_name!r}")
        click.echo(f"  case: {witness.case!r}")
    why = "the program's space of cases ended" if outcome.space_exhausted else "the --max-cases budget ran out"
    for arc in outcome.missing:
        click.echo(f"{_arc_text(arc)}: NOT FOUND in {outcome.tried:,} explored cases ({why})")
    for arc in outcome.impossible:
        click.echo(f"{_arc_text(arc)}: no case can take it: its guard never holds where the arc is tried "
                   "(automata check says why)")
    failed = f"; {outcome.failed:,} of them failed mid-run" if outcome.failed else ""
    click.echo(f"cover: {len(outcome.witnesses)} of {count} arcs found after {outcome.tried:,} explored cases{failed}")
    if outcome.missing or outcome.impossible:
        click.echo("cover: arcs not found: add a case that takes each, or show that none can (an invariant of the "
                   "model rules it out)", err=True)


def _print_json(spec_file: str, outcome: Exploration) -> None:
    print_json({
        "spec": display_path(spec_file), "program": outcome.program.module_name, "complete": outcome.complete,
        "targets": [arc.number for arc in outcome.targets], "cases_tried": outcome.tried,
        "failed_runs": outcome.failed, "space_exhausted": outcome.space_exhausted,
        "first_failure": None if outcome.first_failure is None else dict(zip(("case_name", "error"), outcome.first_failure)),
        "found": [{**_arc_json(witness.arc), "case_name": witness.case_name, "case": jsonable(witness.case),
                   "case_repr": repr(witness.case), "tried": witness.tried} for witness in outcome.witnesses],
        "not_found": [_arc_json(arc) for arc in outcome.missing],
        "cannot_fire": [_arc_json(arc) for arc in outcome.impossible],
    })
