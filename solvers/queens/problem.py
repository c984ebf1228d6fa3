"""The `queens` problem on the command line: `automata run|verify|compare queens ...`.

Five algorithms (see `solvers.queens.algorithms`), each with an iterative reference, a recursive
reference and an automaton that report the same events. `run` solves (or checks a placement),
`verify` proves the implementations equivalent on one board, `compare` puts the enumerating
searches side by side. The options only build a case (`QueensOptions`): running and verifying
go through each algorithm's program (`solvers/queens/<algorithm>/program.py`, named by its spec's
`program:` key), the same machinery as `automata run|verify SPEC`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from automata.analysis.cases import verify_case
from automata.analysis.coverage import CoverageReport, coverage_report
from automata.analysis.verify import Verdict
from automata.cli.problems import Problem, SpecChoice
from automata.cli.spec_run import run_case
from automata.cli.support import (
    AUTOMATON_IMPLEMENTATIONS,
    IMPLEMENTATIONS,
    BoundedInt,
    check_output_folder,
    impl_option,
    impls_to_verify,
    open_sinks,
    parse_int_list,
    print_json,
    require_automaton_for_traces,
    trace_options,
    verdict_text,
)
from automata.runtime.events import NullObserver
from automata.runtime.program import Program, load_program
from solvers.queens.algorithms import (
    ALGORITHMS,
    ENUMERATING,
    QueensOptions,
    QueensResult,
    find_algorithm,
)
from solvers.queens.board import check_placement, fundamental
from solvers.queens.covers import covering_solutions
from solvers.queens.given import cells_text, parse_cells
from solvers.queens.seed_views import (
    degrees_document,
    degrees_lines,
    orbits_document,
    orbits_line,
)
from solvers.queens.svg import board_svg
from solvers.queens.views import (
    NOTATIONS,
    default_notation,
    placement_text,
    stats_line,
    table,
)

DEFAULT_N = 8
# The automaton takes one step per queen; beyond this many queens `run` uses the iterative
# reference for the explicit construction unless --impl is given (the events are the same).
LARGEST_AUTOMATON_CONSTRUCTION = 100_000

ALGORITHM_HELP = ("backtracking (columns in order), prolog (Prolog program 1: the last column first), mrv (fewest free "
                  "cells first), las-vegas (random placements), explicit (the O(N) construction).")


# --- shared pieces ---------------------------------------------------------------------------

def checked_program(algorithm: str, opts: QueensOptions) -> Program:
    """The algorithm's program, once the algorithm has accepted the options: refused options are
    bad input (exit 2) before anything runs, even under `verify`, where an implementation that
    raises would count as a failed verification."""
    found = find_algorithm(algorithm)
    found.check_options(opts)  # the algorithm's own refusals and those of the MRV text's options
    return load_program(found.spec_path)


# The largest N each algorithm is offered, measured on this project's machines (docs/security.md):
# beyond it a run takes minutes or gigabytes. The explicit construction is linear.
LARGEST_N = {"backtracking": 32, "prolog": 32, "mrv": 56, "las-vegas": 200, "explicit": 10_000_000}
LARGEST_COUNT = 1_000_000  # --first and --attempts


def _check_n(n: int, algorithm: str | None = None) -> None:
    """Every algorithm needs a board; the ones that cannot solve some N (2, 3) say so themselves."""
    if n < 1:
        raise click.BadParameter(f"the board needs N >= 1, got {n}", param_hint="--n")
    largest = LARGEST_N.get(algorithm or "", max(LARGEST_N.values()))
    if n > largest:
        raise click.BadParameter(f"{algorithm or 'the queens'} takes N up to {largest:,} (a larger board runs for "
                                 f"minutes or fills the memory), got {n:,}", param_hint="--n")


def _limit_for(algorithm: str, count: bool, all_: bool, first: int | None) -> int | None:
    """The solution limit the mode options ask for, refusing combinations that mean nothing."""
    chosen = [flag for flag, given in (("--count", count), ("--all", all_), ("--first", first is not None)) if given]
    if len(chosen) > 1:
        raise click.UsageError(f"{' and '.join(chosen)} exclude each other: pick one")
    if first is not None and first < 1:
        raise click.BadParameter(f"must be at least 1, got {first}", param_hint="--first")
    if algorithm == "explicit" and (all_ or (first or 1) > 1):
        raise click.UsageError(f"the explicit construction gives exactly one solution: drop {chosen[0]}")
    if algorithm == "las-vegas" and all_:
        raise click.UsageError("las-vegas draws solutions at random and never runs out: use --first K or --attempts N")
    return first


def _options(algorithm: str, n: int, limit: int | None, seed: int | None, random_queens: int | None, attempts: int | None,
             place: str | None = None, look_ahead: bool = False, symmetry: bool = False) -> QueensOptions:
    lv_only = [flag for flag, value in (("--seed", seed), ("--random-queens", random_queens), ("--attempts", attempts)) if value is not None]
    if lv_only and algorithm != "las-vegas":
        raise click.UsageError(f"{', '.join(lv_only)} only {'applies' if len(lv_only) == 1 else 'apply'} to --algorithm las-vegas")
    placed = parse_cells(place) if place is not None else ()  # InputError (exit 2) names the cell it cannot read
    return QueensOptions(n=n, limit=limit, seed=seed, random_queens=random_queens, attempts=attempts, placed=placed,
                         look_ahead=look_ahead, symmetry=symmetry)


# The MRV text's options (solvers.queens.given): the same on run, verify and compare.
PLACE_HELP = ("Queens placed in advance, e.g. c4,f3 (file letter and row number, row 1 at the bottom; or column/row, "
              "3/4): every implementation starts from them. The text's (IV, c) is c4. backtracking, prolog, mrv.")
LOOK_AHEAD_HELP = "mrv: a free cell whose queen would leave some row or column with no free cell does not count as free."
SYMMETRY_HELP = ("mrv: the first queen in the left half of the middle row, the second in the row below; one solution "
                 "of each symmetry class is kept and expanded to its orbit.")


def _check_solutions(solutions: Sequence[tuple[int, ...]]) -> dict[str, Any]:
    """Check every solution with the independent O(N) checker of `solvers.queens.board`."""
    invalid = []
    for index, rows in enumerate(solutions, start=1):
        attack = check_placement(rows)
        if attack is not None:
            invalid.append({"solution": index, "attack": attack.describe()})
    return {"checked": len(solutions), "valid": not invalid, "invalid": invalid}


def _fundamental(solutions: Sequence[tuple[int, ...]]) -> list[dict[str, Any]]:
    return [{"solution": list(rows), "orbit": orbit} for rows, orbit in fundamental(solutions)]


def _write_svgs(directory: str, n: int, placements: Sequence[Sequence[int]], label: str) -> list[str]:
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise click.BadParameter(f"cannot create {directory}: {error.strerror}", param_hint="--svg") from None
    written = []
    width = len(str(len(placements)))
    for index, rows in enumerate(placements, start=1):
        path = folder / f"queens-{n}-{label}-{index:0{width}d}.svg"
        path.write_text(board_svg(rows, title=f"{n} queens, {label} {index}"), encoding="utf-8")
        written.append(str(path))
    return written


def _solutions_text(count: int) -> str:
    return f"{count:,} solution" + ("" if count == 1 else "s")


def _echo_placements(placements: Sequence[Sequence[int]], notation: str | None) -> None:
    chosen = notation or default_notation(len(placements))
    for rows in placements:
        click.echo(placement_text(rows, chosen))
        if chosen == "grid" and len(placements) > 1:
            click.echo()


# --- run -------------------------------------------------------------------------------------

@click.command("run")
@click.option("--n", "n", type=BoundedInt(0, 10**12), default=None, help=f"Board size N (N queens on N×N); default {DEFAULT_N}, or the length of --placement.")
@click.option("--algorithm", type=click.Choice(list(ALGORITHMS)), default="backtracking", show_default=True,
              help=ALGORITHM_HELP)
@click.option("--impl", type=click.Choice(IMPLEMENTATIONS), default=None,
              help="iterative or recursive reference, the automaton on transitions, or the generated code"
              " [default: automaton; iterative for explicit constructions above 100,000 queens].")
@click.option("--count", is_flag=True, help="Only count the solutions (no list).")
@click.option("--all", "all_", is_flag=True, help="Every solution (the default for the enumerating searches).")
@click.option("--first", type=BoundedInt(0, LARGEST_COUNT), default=None, metavar="K", help="Stop after K solutions.")
@click.option("--notation", type=click.Choice(NOTATIONS), default=None,
              help="grid (a diagram), prolog ([1/4,2/2,...]) or list (rows by column: 4,2,7,...). Default: grid for one solution, list for more.")
@click.option("--fundamental", is_flag=True, help="Also reduce the solutions modulo rotations and reflections (orbit sizes).")
@click.option("--svg", "svg_dir", type=click.Path(file_okay=False), default=None, callback=check_output_folder, metavar="DIR", help="Write each solution shown as an SVG board into DIR.")
@click.option("--seed", type=BoundedInt(0, 10**12 - 1), default=None, help="las-vegas: seed of the random source.")
@click.option("--random-queens", type=BoundedInt(0, LARGEST_N["las-vegas"]), default=None, metavar="K", help="las-vegas: K queens at random, then backtracking (default: all at random).")
@click.option("--exact", is_flag=True, help="las-vegas: also print the exact p, s, e, t of Brassard & Bratley.")
@click.option("--attempts", type=BoundedInt(1, LARGEST_COUNT), default=None, help="las-vegas: simulate this many attempts and summarise them.")
@click.option("--check", is_flag=True, help="Check every solution with the independent O(N) checker (exit 1 if one fails).")
@click.option("--placement", default=None, metavar="R1,R2,...", help="Check this placement (rows by column) instead of searching; implies --check.")
@click.option("--covers", is_flag=True, help="Show N solutions that together cover the board (N prime to 6, or 12).")
@click.option("--place", default=None, metavar="CELLS", help=PLACE_HELP)
@click.option("--look-ahead", is_flag=True, help=LOOK_AHEAD_HELP)
@click.option("--symmetry", is_flag=True, help=SYMMETRY_HELP)
@click.option("--degrees", is_flag=True, help="Also print the free cells of every open row and column of the starting board (with --place: after the given queens).")
@trace_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def run_command(
    n: int | None, algorithm: str, impl: str | None, count: bool, all_: bool, first: int | None, notation: str | None,
    fundamental: bool, svg_dir: str | None, seed: int | None, random_queens: int | None, exact: bool,
    attempts: int | None, check: bool, placement: str | None, covers: bool, place: str | None, look_ahead: bool,
    symmetry: bool, degrees: bool, trace: str | None, protocol: bool, as_json: bool,
) -> None:
    """Solve N queens with one algorithm and implementation, or check a given placement."""
    if placement is not None:
        _run_placement_check(placement, n, notation, svg_dir, as_json)
        return
    n = DEFAULT_N if n is None else n
    if covers:
        _run_covers(n, notation, check, svg_dir, as_json)
        return
    _check_n(n, algorithm)
    if exact and algorithm != "las-vegas":
        raise click.UsageError("--exact applies to --algorithm las-vegas")
    limit = _limit_for(algorithm, count, all_, first)
    if fundamental and limit is not None and algorithm in ENUMERATING:
        raise click.UsageError("--fundamental reduces the complete set of solutions: drop --first")
    opts = _options(algorithm, n, limit, seed, random_queens, attempts, place, look_ahead, symmetry)
    if impl is None:
        impl = "iterative" if algorithm == "explicit" and n > LARGEST_AUTOMATON_CONSTRUCTION and not (trace or protocol) else "automaton"
    require_automaton_for_traces(impl, trace, None)  # a plain implementation has a protocol too
    program = checked_program(algorithm, opts)

    started = time.perf_counter()
    automaton_protocol = protocol if impl in AUTOMATON_IMPLEMENTATIONS else None
    with open_sinks(trace, automaton_protocol, json_mode=as_json) as sinks:
        result, _ = run_case(program, opts, impl, sinks, NullObserver(), protocol, as_json)
    seconds = time.perf_counter() - started

    document: dict[str, Any] = {"n": n, "algorithm": algorithm, "impl": impl, "count": result.count}
    if opts.placed:
        document["placed"] = cells_text(opts.placed, n)
    if look_ahead or symmetry:
        document["look_ahead"], document["symmetry"] = look_ahead, symmetry
    if degrees:
        # the degrees are the mrv model's free-cell counts, whatever the algorithm
        from solvers.queens.mrv.model import degrees as free_cells

        plain = free_cells(replace(opts, look_ahead=False, symmetry=False))
        document["degrees"] = degrees_document(n, plain, free_cells(opts) if look_ahead else None)
    if not count:
        document["solutions"] = [list(rows) for rows in result.solutions]
    document["stats"] = dict(result.stats)
    document["seconds"] = round(seconds, 6)
    if fundamental:
        document["fundamental"] = _fundamental(result.solutions)
    if symmetry:  # one solution per class was found: each stands for its orbit
        document["orbits"] = orbits_document(result.solutions)
    if algorithm == "las-vegas":
        from solvers.queens.las_vegas.exact import exact as exact_figures
        from solvers.queens.las_vegas.simulation import simulate

        if exact:
            document["exact"] = exact_figures(n, random_queens).as_dict()
        if attempts is not None:
            document["simulation"] = simulate(opts)
    if check:
        document["check"] = _check_solutions(
            [tuple(rows) for rows in document["orbits"]["expanded_solutions"]] if symmetry else result.solutions)
    if svg_dir:
        shown = [item["solution"] for item in document["fundamental"]] if fundamental else list(result.solutions)
        document["svg"] = _write_svgs(svg_dir, n, shown, "fundamental" if fundamental else "solution")

    if as_json:
        print_json(document)
    else:
        _echo_run(document, result, notation, count)
    if check and not document["check"]["valid"]:
        raise click.exceptions.Exit(1)


def _echo_run(document: dict[str, Any], result: QueensResult, notation: str | None, count_only: bool) -> None:
    n, count = document["n"], document["count"]
    found = _solutions_text(count).replace("solution", "fundamental solution") if "orbits" in document else _solutions_text(count)
    options = [f"from {document['placed']}" for _ in ("placed",) if "placed" in document] + [
        name for name in ("look_ahead", "symmetry") if document.get(name)]
    scope = f" [{', '.join(option.replace('_', '-') for option in options)}]" if options else ""
    click.echo(f"{n} queens, {document['algorithm']} ({document['impl']}){scope}: {found} in {document['seconds']:.3f} s")
    click.echo(stats_line(document["stats"]))
    if "orbits" in document:
        click.echo(orbits_line(document["orbits"]))
    if "degrees" in document:
        for line in degrees_lines(n, document["degrees"]):
            click.echo(line)
    if not count_only and not document.get("fundamental"):
        _echo_placements(result.solutions, notation)
    if "fundamental" in document:
        reps = document["fundamental"]
        orbits: dict[int, int] = {}
        for item in reps:
            orbits[item["orbit"]] = orbits.get(item["orbit"], 0) + 1
        parts = ", ".join(f"{number} with {orbit} images" for orbit, number in sorted(orbits.items(), reverse=True))
        click.echo(f"fundamental solutions: {len(reps)}" + (f" ({parts})" if parts else ""))
        if not count_only:
            _echo_placements([item["solution"] for item in reps], notation)
    if "exact" in document:
        exact = document["exact"]
        attempts = "-" if exact.get("attempts") is None else f"{exact['attempts']:.4f}"
        click.echo("exact (Brassard & Bratley): " + ", ".join(
            f"{key} = {exact[key]:.4f}" if exact[key] is not None else f"{key} = -" for key in ("p", "s", "e", "t"))
            + f"; attempts to the first success 1/p = {attempts}")
        click.echo(EXACT_LEGEND)
        if (exact["n"], exact["random_queens"]) == (8, 8):
            click.echo(TEXT_6_971)
    if "simulation" in document:
        click.echo("simulation: " + ", ".join(
            f"{key.replace('_', ' ')} {value:.4f}" if isinstance(value, float) else f"{key.replace('_', ' ')} {value}"
            for key, value in document["simulation"].items()))
    if "check" in document:
        checked = document["check"]
        if checked["valid"]:
            what = "the placement is" if checked["checked"] == 1 else f"all {checked['checked']:,} placements are"
            click.echo(f"check: {what} valid (no two queens attack each other)")
        for item in checked["invalid"]:
            click.echo(f"check: solution {item['solution']} is INVALID: {item['attack']}")
    if "svg" in document:
        click.echo(f"wrote {len(document['svg'])} SVG file(s) to {Path(document['svg'][0]).parent}" if document["svg"] else "no SVG written")


EXACT_LEGEND = "  p: an attempt's chance of success; s, e: nodes of a successful, of a failed attempt; t: nodes to the first success"
TEXT_6_971 = "  (the N×N text's \"about 6.971 repetitions\" is e, nodes per failed attempt, not a number of attempts)"


def _run_placement_check(text: str, n: int | None, notation: str | None, svg_dir: str | None, as_json: bool) -> None:
    rows = parse_int_list(text, param_hint="--placement")
    if n is not None and n != len(rows):
        raise click.BadParameter(f"--n {n} but the placement has {len(rows)} row{'' if len(rows) == 1 else 's'}", param_hint="--placement")
    attack = check_placement(rows)  # InputError (exit 2) for a row outside 1..N
    document: dict[str, Any] = {
        "n": len(rows), "placement": rows, "valid": attack is None,
        "attack": None if attack is None else {
            "first": list(attack.first), "second": list(attack.second), "line": attack.line, "text": attack.describe()},
    }
    if svg_dir:
        document["svg"] = _write_svgs(svg_dir, len(rows), [rows], "placement")
    if as_json:
        print_json(document)
    else:
        click.echo(placement_text(rows, notation or "grid"))
        click.echo("valid: no two queens attack each other" if attack is None else f"INVALID: {attack.describe()}")
    if attack is not None:
        raise click.exceptions.Exit(1)


def _run_covers(n: int, notation: str | None, check: bool, svg_dir: str | None, as_json: bool) -> None:
    _check_n(n)
    solutions = covering_solutions(n)  # InputError (exit 2) explains why N has no cover here
    document: dict[str, Any] = {"n": n, "count": len(solutions), "covers": [list(rows) for rows in solutions]}
    if check:
        document["check"] = _check_solutions(solutions)
    if svg_dir:
        document["svg"] = _write_svgs(svg_dir, n, solutions, "cover")
    if as_json:
        print_json(document)
    else:
        click.echo(f"{n} solutions covering every cell of the {n}x{n} board once:")
        _echo_placements(solutions, notation)
        if check:
            click.echo(f"check: all {n} placements valid" if document["check"]["valid"] else "check: INVALID placement found")
    if check and not document["check"]["valid"]:
        raise click.exceptions.Exit(1)


# --- verify ----------------------------------------------------------------------------------

@click.command("verify")
@click.option("--n", "n", type=BoundedInt(0, 10**12), default=DEFAULT_N, show_default=True, help="Board size N.")
@click.option("--algorithm", type=click.Choice(list(ALGORITHMS)), default="backtracking", show_default=True,
              help=ALGORITHM_HELP)
@impl_option(default="all", allow_all=True)
@click.option("--first", type=BoundedInt(0, LARGEST_COUNT), default=None, metavar="K", help="Stop after K solutions.")
@click.option("--seed", type=BoundedInt(0, 10**12 - 1), default=None, help="las-vegas: seed of the random source (default 1, so runs repeat).")
@click.option("--random-queens", type=BoundedInt(0, LARGEST_N["las-vegas"]), default=None, metavar="K", help="las-vegas: K queens at random, then backtracking.")
@click.option("--attempts", type=BoundedInt(1, LARGEST_COUNT), default=None, help="las-vegas: number of attempts.")
@click.option("--place", default=None, metavar="CELLS", help=PLACE_HELP)
@click.option("--look-ahead", is_flag=True, help=LOOK_AHEAD_HELP)
@click.option("--symmetry", is_flag=True, help=SYMMETRY_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def verify_command(
    n: int, algorithm: str, impl: str, first: int | None, seed: int | None, random_queens: int | None,
    attempts: int | None, place: str | None, look_ahead: bool, symmetry: bool, as_json: bool,
) -> None:
    """Run the implementations of one algorithm and compare their event streams with the iterative reference."""
    _check_n(n, algorithm)
    limit = _limit_for(algorithm, count=False, all_=False, first=first)
    if algorithm == "las-vegas" and seed is None:
        seed = 1
    opts = _options(algorithm, n, limit, seed, random_queens, attempts, place, look_ahead, symmetry)
    program = checked_program(algorithm, opts)
    outcome = verify_case(program, f"N = {n}", opts, impls_to_verify(impl))
    _echo_verdict(outcome.verdict, n, algorithm, as_json, coverage_report(program.spec, outcome.coverage),
                  find_algorithm(algorithm).spec_path)
    if not outcome.agree:
        raise click.exceptions.Exit(1)


def _echo_verdict(verdict: Verdict, n: int, algorithm: str, as_json: bool, coverage: CoverageReport,
                  spec_path: str) -> None:
    implementations = {
        name: {"events": len(run.events), "count": None if run.result is None else run.result.count, "error": run.error}
        for name, run in verdict.runs.items()
    }
    if as_json:
        print_json({
            "n": n, "algorithm": algorithm, "agree": verdict.agree, "reference": verdict.reference,
            "implementations": implementations,
            "divergence": None if verdict.divergence is None else verdict.divergence.describe(),
            "coverage": coverage.to_json(),
        })
        return
    click.echo(f"{n} queens, {algorithm}:")
    for name, info in implementations.items():
        outcome = f"error: {info['error']}" if info["error"] else _solutions_text(info["count"])
        click.echo(f"  {name:<10} {info['events']:>10,} events, {outcome}")
    click.echo(coverage.line())
    for gap in coverage.gaps():
        click.echo(f"  not exercised on this board: {gap}")
    if coverage.gaps():
        click.echo(f"  (for the default cases of the spec's program: automata verify {spec_path})")
    click.echo(verdict_text(verdict))


# --- compare ---------------------------------------------------------------------------------

COMPARED_STATS = ("nodes", "choices", "forced", "dead_ends")


@click.command("compare")
@click.option("--n", "n", type=BoundedInt(0, 10**12), default=DEFAULT_N, show_default=True, help="Board size N.")
@click.option("--algorithms", default=",".join(ENUMERATING), show_default=True, help="Comma-separated algorithm names.")
@click.option("--impl", type=click.Choice(IMPLEMENTATIONS), default="iterative", show_default=True,
              help="Which implementation of each algorithm runs (all give the same counts).")
@click.option("--first", type=BoundedInt(0, LARGEST_COUNT), default=None, metavar="K", help="Stop each search after K solutions (nodes to the first solution: --first 1).")
@click.option("--seed", type=BoundedInt(0, 10**12 - 1), default=1, show_default=True, help="las-vegas: seed of the random source.")
@click.option("--place", default=None, metavar="CELLS", help=PLACE_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def compare_command(n: int, algorithms: str, impl: str, first: int | None, seed: int, place: str | None,
                    as_json: bool) -> None:
    """Nodes, choices, forced placements, dead ends and solutions of several algorithms, side by side."""
    names = [name.strip() for name in algorithms.split(",") if name.strip()]
    if not names:
        raise click.BadParameter("name at least one algorithm", param_hint="--algorithms")
    unknown = [name for name in names if name not in ALGORITHMS]
    if unknown:
        raise click.BadParameter(f"unknown algorithm {unknown[0]!r}; choose from {', '.join(ALGORITHMS)}", param_hint="--algorithms")
    if first is not None and first < 1:
        raise click.BadParameter(f"must be at least 1, got {first}", param_hint="--first")
    for name in names:
        _check_n(n, name)
    runs = []
    for name in names:  # every algorithm's options are checked before the first one runs
        opts = QueensOptions(n=n, limit=first, seed=seed if name == "las-vegas" else None,
                             placed=parse_cells(place) if place is not None else ())
        runs.append((name, checked_program(name, opts), opts))
    rows = []
    for name, program, opts in runs:
        started = time.perf_counter()
        result = program.run(impl, opts, NullObserver())
        seconds = time.perf_counter() - started
        stats = dict(result.stats)
        rows.append({"algorithm": name, "solutions": result.count, **{key: stats.get(key) for key in COMPARED_STATS},
                     "stats": stats, "seconds": round(seconds, 6)})
    if as_json:
        print_json({"n": n, "impl": impl, "first": first, "algorithms": rows})
        return
    scope = "every solution" if first is None else f"first {first} solution(s)"
    click.echo(f"{n} queens, {scope} ({impl}):")
    header = ["algorithm", "solutions", *(key.replace("_", " ") for key in COMPARED_STATS), "seconds"]
    click.echo(table(header, [[row["algorithm"], row["solutions"], *(row[key] for key in COMPARED_STATS), row["seconds"]] for row in rows]))


PROBLEM = Problem(
    name="queens",
    summary="N queens: backtracking, Prolog order, fewest free cells first, Las Vegas, explicit construction",
    specs=(
        "specs/queens_backtracking.yaml",
        "specs/queens_prolog.yaml",
        "specs/queens_mrv.yaml",
        "specs/queens_las_vegas.yaml",
        "specs/queens_explicit.yaml",
    ),
    commands={"run": run_command, "verify": verify_command, "compare": compare_command},
    # `automata step|player queens --algorithm mrv ...` pick the spec as `automata run queens` does.
    spec_choice=SpecChoice("algorithm", {name: f"specs/queens_{name.replace('-', '_')}.yaml" for name in ALGORITHMS},
                           "backtracking"),
    demo=(
        ("run", "queens", "--n", "8", "--algorithm", "prolog", "--first", "3", "--notation", "prolog"),
        ("verify", "queens", "--n", "8", "--algorithm", "mrv", "--impl", "all"),
        ("compare", "queens", "--n", "8"),
        ("run", "queens", "--n", "8", "--algorithm", "las-vegas", "--seed", "1", "--exact"),
        ("run", "queens", "--n", "1000000", "--algorithm", "explicit", "--check"),
    ),
)
