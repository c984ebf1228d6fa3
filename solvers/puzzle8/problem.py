"""The `puzzle8` problem: click commands run, verify, compare and space.

`run` and `verify` only turn their options into a case (`PuzzleCase`) and go through the
program of specs/eight_puzzle.yaml (`solvers.puzzle8.program`), the same machinery as
`automata run|verify specs/eight_puzzle.yaml`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import click

from automata.analysis.cases import verify_case
from automata.analysis.coverage import coverage_report
from automata.cli.problems import Problem
from automata.cli.spec_run import run_case
from automata.cli.support import (
    AUTOMATON_IMPLEMENTATIONS,
    BoundedInt,
    check_output_file,
    impl_option,
    impls_to_verify,
    open_sinks,
    print_json,
    progress,
    require_automaton_for_traces,
    trace_options,
    verdict_text,
)
from automata.errors import InputError
from automata.io.files import write_atomically
from automata.runtime.events import NullObserver
from automata.runtime.program import Program, load_program

from . import automaton
from .compare import compare, format_table
from .heuristics import HEURISTICS
from .model import SOLVED, SearchResult
from .notation import START_NAMES, format_grid, format_xy, parse_position
from .program import DEFAULT_MAX_EXPANDED, PuzzleCase
from .puzzle import Puzzle, read_goal
from .render import svg_strip, text_boards
from .space import explore

LARGEST_EXPANDED = 10_000_000  # nodes one search may expand (the 3x3 space has 181,440 positions)


def program() -> Program:
    """The program of the spec: the case runs on it, whatever implementation is chosen."""
    return load_program(automaton.SPEC_PATH)


def _case(start: str, heuristic: str, goal: str | None, max_expanded: int) -> tuple[PuzzleCase, Puzzle]:
    """The case the options describe, and its puzzle: a position the search cannot take is refused here."""
    case = PuzzleCase(start, heuristic, goal, max_expanded)
    return case, case.puzzle()


# -- shared options ---------------------------------------------------------------------------------

def _position_options(command: Callable[..., object]) -> Callable[..., object]:
    command = click.option("--max-expanded", type=BoundedInt(0, LARGEST_EXPANDED), default=DEFAULT_MAX_EXPANDED, show_default=True,
                           help="Stop after expanding this many nodes (all implementations stop at the same node).")(command)
    command = click.option("--goal", default=None,
                           help="Goal position (default: the document's 123/8_4/765 on 3×3, tiles in order with the blank last otherwise).")(command)
    command = click.option("--heuristic", type=click.Choice(list(HEURISTICS)), default="manhattan", show_default=True,
                           help="h(position); bratko is the document's totdist + 3·seq (not admissible).")(command)
    command = click.option("--start", default="start3", show_default=True,
                           help="start1|start2|start3, a grid like 163/8_2/754 (rows top to bottom, '_' the blank, "
                                "',' between tiles above 9) or the document's list \"[2/2,2/3,...]\" (X column, Y row from the bottom).")(command)
    return command


def _describe(puzzle: Puzzle) -> str:
    admissible = "admissible" if HEURISTICS[puzzle.heuristic].admissible else "not admissible"
    return (f"start {puzzle.grid(puzzle.start)} {format_xy(puzzle.board, puzzle.start)}\n"
            f"goal  {puzzle.grid(puzzle.goal)} {format_xy(puzzle.board, puzzle.goal)}\n"
            f"heuristic {puzzle.heuristic} ({admissible}), h(start) = {puzzle.estimate(puzzle.start)}")


def _outcome_line(result: SearchResult) -> str:
    counts = f"{result.generated:,} nodes generated, {result.expanded:,} expanded"
    if result.status == SOLVED:
        return f"solved in {result.moves} moves; {counts}"
    if result.status == "limit":
        return f"stopped at the node limit without a solution; {counts} (raise --max-expanded)"
    return f"no solution: every branch was exhausted; {counts}"


# -- run ------------------------------------------------------------------------------------------

@click.command("puzzle8")
@_position_options
@impl_option(default="automaton")
@trace_options
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), default=None, callback=check_output_file, help="Write the solution path as an SVG strip.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def run_command(start: str, heuristic: str, goal: str | None, max_expanded: int, impl: str,
                trace: str | None, protocol: bool, svg_path: str | None, as_json: bool) -> None:
    """Solve one eight-puzzle position by best-first search (f = g + h)."""
    require_automaton_for_traces(impl, trace, None)  # a plain implementation has a protocol too
    case, puzzle = _case(start, heuristic, goal, max_expanded)
    automaton_protocol = protocol if impl in AUTOMATON_IMPLEMENTATIONS else None
    with open_sinks(trace, automaton_protocol, json_mode=as_json) as sinks:
        result, _ = run_case(program(), case, impl, sinks, NullObserver(), protocol, as_json)
    path = [parse_position(grid)[1] for grid in result.path]
    if svg_path and not path:
        click.echo(f"no solution to draw; {svg_path} not written", err=True)
    elif svg_path:
        title = f"{puzzle.grid(puzzle.start)} → {puzzle.grid(puzzle.goal)}: {result.moves} moves ({heuristic})"
        write_atomically(svg_path, svg_strip(puzzle.board, path, title))
    if as_json:
        print_json({"start": puzzle.grid(puzzle.start), "goal": puzzle.grid(puzzle.goal), "heuristic": heuristic,
                    "impl": impl, **result.to_json()})
        return
    click.echo(_describe(puzzle))
    click.echo(f"{impl}: {_outcome_line(result)}")
    if path:
        click.echo("")
        click.echo(text_boards(puzzle.board, path))
    if svg_path and path:
        click.echo(f"wrote {svg_path}")


# -- verify ---------------------------------------------------------------------------------------

def _event_counts(events: Sequence[tuple]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for event in events:
        counts[event[0]] = counts.get(event[0], 0) + 1
    return counts


@click.command("puzzle8")
@_position_options
@impl_option(default="all", allow_all=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def verify_command(start: str, heuristic: str, goal: str | None, max_expanded: int, impl: str, as_json: bool) -> None:
    """Run the implementations side by side; exit 1 if their event streams or results differ."""
    case, puzzle = _case(start, heuristic, goal, max_expanded)
    the_program = program()
    outcome = verify_case(the_program, start, case, impls_to_verify(impl))
    verdict = outcome.verdict
    coverage = coverage_report(the_program.spec, outcome.coverage)
    runs = {
        name: {"events": len(run.events), "by_kind": _event_counts(run.events),
               "result": run.result.to_json() if run.result else None, "error": run.error}
        for name, run in verdict.runs.items()
    }
    if as_json:
        print_json({"agree": verdict.agree, "reference": verdict.reference, "implementations": runs,
                    "divergence": None if verdict.agree else verdict.divergence.describe(),
                    "coverage": coverage.to_json()})
    else:
        click.echo(_describe(puzzle))
        for name, run in verdict.runs.items():
            kinds = ", ".join(f"{count:,} {kind}" for kind, count in _event_counts(run.events).items())
            outcome_text = run.error or _outcome_line(run.result)
            click.echo(f"  {name:<10} {len(run.events):>8,} events ({kinds}); {outcome_text}")
        click.echo(coverage.line())
        for gap in coverage.gaps():
            click.echo(f"  not exercised by this position: {gap}")
        if coverage.gaps():
            click.echo(f"  (for the default cases of the spec's program: automata verify {automaton.SPEC_PATH})")
        click.echo(verdict_text(verdict))
    if not verdict.agree:
        raise click.exceptions.Exit(1)


# -- compare --------------------------------------------------------------------------------------

def _split_list(text: str) -> list[str]:
    """Split on commas outside brackets, so X/Y lists stay whole."""
    items, depth, current = [], 0, []
    for char in text:
        depth += (char == "[") - (char == "]")
        if char == "," and depth == 0:
            items.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    items.append("".join(current).strip())
    return [item for item in items if item]


@click.command("puzzle8")
@click.option("--starts", default=",".join(START_NAMES), show_default=True,
              help="Comma-separated start positions: names, 3×3 grids or bracketed X/Y lists.")
@click.option("--start", "extra_starts", multiple=True,
              help="One more start position in any notation (repeatable; use it for grids with ',').")
@click.option("--heuristics", default=",".join(HEURISTICS), show_default=True, help="Comma-separated heuristic names.")
@click.option("--goal", default=None, help="Goal position (default: the document's 123/8_4/765).")
@click.option("--max-expanded", type=BoundedInt(0, LARGEST_EXPANDED), default=DEFAULT_MAX_EXPANDED, show_default=True,
              help="Stop a search after expanding this many nodes.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def compare_command(starts: str, extra_starts: tuple[str, ...], heuristics: str, goal: str | None,
                    max_expanded: int, as_json: bool) -> None:
    """Exercise 12.2: nodes generated and expanded per heuristic and start, with optimality against BFS."""
    start_list = _split_list(starts) + list(extra_starts)
    heuristic_list = _split_list(heuristics)
    for name in heuristic_list:
        if name not in HEURISTICS:
            raise click.BadParameter(f"unknown heuristic {name!r}; choose among {', '.join(HEURISTICS)}",
                                     param_hint="--heuristics")
    if not start_list or not heuristic_list:
        raise InputError("compare needs at least one start position and one heuristic")
    total = len(start_list) * len(heuristic_list)
    with progress(range(total), "searching") as ticks:
        rows = compare(start_list, heuristic_list, goal, max_expanded, on_row=lambda: next(ticks, None))
    if as_json:
        goal_board, goal_position = read_goal(goal, parse_position(start_list[0], "start")[0])
        print_json({"goal": format_grid(goal_board, goal_position), "max_expanded": max_expanded,
                    "rows": [row.to_json() for row in rows]})
        return
    click.echo(format_table(rows))
    click.echo("\nadmissible heuristics never overestimate, so their first solution is a shortest one;"
               " generated counts the start node; repeated positions are cut only along a path (tree search).")


# -- space ----------------------------------------------------------------------------------------

@click.command("puzzle8")
@click.option("--goal", default=None, help="Goal position (default: the document's 123/8_4/765).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def space_command(goal: str | None, as_json: bool) -> None:
    """Breadth-first search from the goal over every reachable position: how many at each distance."""
    board, goal_position = read_goal(goal)
    space = explore(board, goal_position)
    hardest_grids = sorted(format_grid(board, position) for position in space.positions_at(space.max_distance))
    if as_json:
        document = space.to_json()
        document["goal"] = format_grid(board, goal_position)
        document["hardest"] = hardest_grids if len(hardest_grids) <= 20 else len(hardest_grids)
        print_json(document)
        return
    click.echo(f"goal {format_grid(board, goal_position)}: {space.positions:,} reachable positions, "
               f"the farthest {space.max_distance} moves away")
    click.echo("distance  positions")
    for distance, count in space.distribution().items():
        click.echo(f"{distance:>8}  {count:>9,}")
    shown = ", ".join(hardest_grids[:20]) + (" ..." if len(hardest_grids) > 20 else "")
    click.echo(f"{len(hardest_grids)} hardest position(s): {shown}")


PROBLEM = Problem(
    name="puzzle8",
    summary="Eight puzzle by best-first search (Bratko §12.2): iterative, recursive and automaton; heuristics compared",
    specs=("specs/eight_puzzle.yaml",),
    commands={"run": run_command, "verify": verify_command, "compare": compare_command, "space": space_command},
    demo=(
        ("run", "puzzle8", "--start", "start1", "--heuristic", "bratko"),
        ("verify", "puzzle8", "--start", "start3", "--heuristic", "bratko", "--impl", "all"),
        ("compare", "puzzle8"),
        ("space", "puzzle8", "--goal", "123/456/78_"),
    ),
)
