"""`automata run|verify|compare queens` and `automata run|verify SPEC` on the queens' programs:
JSON keys, texts, exit codes, coverage, and the judge `automata mutate` uses."""

from __future__ import annotations

import dataclasses
import json

import pytest

from core_support import run_cli as invoke
from automata.cli.spec_run import program_judge
from automata.io.loader import load_spec


def run_json(capsys, *argv: str) -> dict:
    code, out, err = invoke(capsys, "run", "queens", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


# --- run ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("algorithm", ["backtracking", "prolog", "mrv"])
def test_run_json_lists_every_solution_with_stats(capsys, algorithm):
    document = run_json(capsys, "--n", "8", "--algorithm", algorithm, "--impl", "iterative")
    assert document["count"] == 92
    assert len(document["solutions"]) == 92
    assert all(len(rows) == 8 for rows in document["solutions"])
    assert {"nodes", "choices", "forced", "dead_ends"} <= set(document["stats"])


def test_run_count_omits_the_solutions(capsys):
    document = run_json(capsys, "--n", "6", "--count")
    assert document["count"] == 4 and "solutions" not in document


def test_run_first_solution_of_backtracking_costs_114_nodes(capsys):
    document = run_json(capsys, "--n", "8", "--first", "1")
    assert document["solutions"] == [[1, 5, 8, 6, 3, 7, 2, 4]]
    assert document["stats"]["nodes"] == 114


def test_run_prints_the_prolog_order_in_prolog_notation(capsys):
    code, out, _ = invoke(capsys, "run", "queens", "--algorithm", "prolog", "--first", "3", "--notation", "prolog")
    assert code == 0
    lines = [line for line in out.splitlines() if line.startswith("[")]
    assert lines == [
        "[1/4,2/2,3/7,4/3,5/6,6/8,7/5,8/1]",
        "[1/5,2/2,3/4,4/7,5/3,6/8,7/6,8/1]",
        "[1/3,2/5,3/2,4/8,5/6,6/4,7/7,8/1]",
    ]


def test_run_fundamental_gives_orbit_sizes(capsys):
    document = run_json(capsys, "--n", "8", "--algorithm", "mrv", "--fundamental", "--check")
    orbits = [item["orbit"] for item in document["fundamental"]]
    assert len(orbits) == 12 and sum(orbits) == 92
    assert document["check"] == {"checked": 92, "valid": True, "invalid": []}


def test_run_draws_one_solution_as_a_grid(capsys):
    code, out, _ = invoke(capsys, "run", "queens", "--n", "4", "--first", "1", "--algorithm", "mrv", "--impl", "recursive")
    assert code == 0
    grid = [line for line in out.splitlines() if "Q" in line]
    assert len(grid) == 4 and all(line.count("Q") == 1 for line in grid)


def test_run_writes_svg_boards(capsys, tmp_path):
    document = run_json(capsys, "--n", "4", "--svg", str(tmp_path / "boards"))
    assert len(document["svg"]) == 2
    assert all((tmp_path / "boards").joinpath(name).read_text().startswith("<svg") for name in
               [p.rsplit("/", 1)[-1] for p in document["svg"]])


def test_run_trace_and_protocol_come_from_the_automaton(capsys, tmp_path):
    trace = tmp_path / "trace.jsonl"
    code, out, _ = invoke(capsys, "run", "queens", "--n", "4", "--algorithm", "mrv", "--trace", str(trace), "--protocol")
    assert code == 0
    assert "A1" in out
    assert trace.read_text().count("\n") > 10


def test_trace_needs_an_automaton(capsys, tmp_path):
    code, _, err = invoke(capsys, "run", "queens", "--impl", "iterative", "--trace", str(tmp_path / "t.jsonl"))
    assert code == 2 and "--trace" in err


# --- checking placements -------------------------------------------------------------------------

def test_a_valid_placement_passes(capsys):
    code, out, _ = invoke(capsys, "run", "queens", "--placement", "1,5,8,6,3,7,2,4", "--check")
    assert code == 0 and "valid" in out


def test_an_attacked_placement_names_both_queens_and_exits_1(capsys):
    code, out, _ = invoke(capsys, "run", "queens", "--placement", "2,4,6,8,1,3,5,7", "--check")
    assert code == 1
    assert "INVALID" in out and "b4" in out and "e1" in out


def test_placement_check_in_json(capsys):
    code, out, _ = invoke(capsys, "run", "queens", "--placement", "1,2,3,4", "--check", "--json")
    document = json.loads(out)
    assert code == 1
    assert document["valid"] is False
    assert document["attack"]["first"] == [1, 1] and document["attack"]["second"] == [2, 2]


def test_a_large_explicit_construction_is_summarised_and_checked(capsys):
    code, out, _ = invoke(capsys, "run", "queens", "--n", "5000", "--algorithm", "explicit", "--check")
    assert code == 0
    assert "(5000 queens)" in out and "Q" not in out
    assert "valid" in out


def test_covers_of_a_board_prime_to_six(capsys):
    document = run_json(capsys, "--covers", "--n", "5", "--check")
    assert document["count"] == 5 and document["check"]["valid"]
    cells = {(col, row) for rows in document["covers"] for col, row in enumerate(rows, start=1)}
    assert len(cells) == 25


def test_las_vegas_run_with_exact_figures(capsys):
    document = run_json(capsys, "--algorithm", "las-vegas", "--seed", "7", "--exact", "--impl", "iterative")
    assert document["count"] == 1
    assert round(document["exact"]["p"], 4) == 0.1293


# --- bad input: one line, exit 2 ----------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["run", "queens", "--n", "0"],
    ["run", "queens", "--n", "-3"],
    ["run", "queens", "--n", "eight"],
    ["verify", "queens", "--n", "0"],
    ["compare", "queens", "--n", "0"],
    ["run", "queens", "--count", "--all"],
    ["run", "queens", "--first", "0"],
    ["run", "queens", "--seed", "3"],
    ["run", "queens", "--placement", "1,9,3"],
    ["run", "queens", "--placement", "1,x"],
    ["run", "queens", "--n", "3", "--algorithm", "explicit"],
    ["run", "queens", "--covers", "--n", "8"],
    ["compare", "queens", "--algorithms", "backtracking,bogus"],
])
def test_bad_input_exits_2_with_one_line(capsys, argv):
    code, out, err = invoke(capsys, *argv)
    assert code == 2
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


# --- verify and compare -------------------------------------------------------------------------

@pytest.mark.parametrize("algorithm", ["backtracking", "prolog", "mrv"])
def test_verify_json_reports_agreement(capsys, algorithm):
    code, out, _ = invoke(capsys, "verify", "queens", "--n", "6", "--algorithm", algorithm, "--json")
    document = json.loads(out)
    assert code == 0 and document["agree"] is True
    implementations = document["implementations"]
    assert {"iterative", "recursive", "automaton"} <= set(implementations)
    assert len({info["events"] for info in implementations.values()}) == 1
    assert {info["count"] for info in implementations.values()} == {4}


def test_verify_text(capsys):
    code, out, _ = invoke(capsys, "verify", "queens", "--n", "5", "--algorithm", "mrv", "--impl", "automaton")
    assert code == 0 and "agree" in out


def test_compare_puts_the_searches_side_by_side(capsys):
    code, out, _ = invoke(capsys, "compare", "queens", "--n", "8", "--first", "1", "--json")
    rows = {row["algorithm"]: row for row in json.loads(out)["algorithms"]}
    assert code == 0
    assert set(rows) == {"backtracking", "prolog", "mrv"}
    assert rows["backtracking"]["nodes"] == 114
    assert rows["mrv"]["forced"] > 0 and rows["backtracking"]["forced"] == 0
    code, out, _ = invoke(capsys, "compare", "queens", "--n", "6")
    assert code == 0 and "mrv" in out and "forced" in out


def test_verify_reports_the_automatons_coverage(capsys):
    code, out, _ = invoke(capsys, "verify", "queens", "--n", "4", "--algorithm", "backtracking", "--impl", "automaton")
    assert code == 0
    assert "coverage: arcs" in out
    code, out, _ = invoke(capsys, "verify", "queens", "--n", "4", "--algorithm", "mrv", "--json")
    coverage = json.loads(out)["coverage"]
    assert coverage["final_states"] == {"covered": 1, "total": 2, "missed": [4]}  # without --first: never "enough"


# --- the programs behind the specs (automata run|verify|mutate SPEC) ----------------------------------

@pytest.mark.parametrize("algorithm", ["backtracking", "prolog", "mrv", "las_vegas", "explicit"])
def test_each_spec_runs_a_case_from_parameters(capsys, algorithm):
    code, out, err = invoke(capsys, "run", f"specs/queens_{algorithm}.yaml", "-p", "n=5", "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["result"]["count"] >= 1 and all(len(rows) == 5 for rows in document["result"]["solutions"])


def test_parameters_the_algorithm_refuses_exit_2(capsys):
    for argv in (["specs/queens_las_vegas.yaml", "-p", "n=3"], ["specs/queens_explicit.yaml", "-p", "n=8", "-p", "first=2"],
                 ["specs/queens_mrv.yaml", "-p", "seed=1"], ["specs/queens_backtracking.yaml", "-p", "n=0"]):
        code, out, err = invoke(capsys, "run", *argv)
        assert code == 2 and out == "", argv
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_plain_las_vegas_run_has_the_automatons_protocol(capsys):
    """The loop drives the automaton's context, so its questions and actions are the automaton's, in order."""
    def lines(impl):
        code, out, _ = invoke(capsys, "run", "queens", "--algorithm", "las-vegas", "--n", "5", "--seed", "3",
                              "--impl", impl, "--protocol=input,output")
        assert code == 0
        return [line for line in out.splitlines() if line.startswith(("i ", "* "))]

    automaton = lines("automaton")
    assert automaton and lines("iterative") == automaton


def test_the_judge_accepts_the_real_spec_and_catches_a_mutant():
    program, verify_spec, cases = program_judge("specs/queens_backtracking.yaml", (), ())
    assert program.reference == "iterative" and len(cases) == len(program.cases)
    spec = load_spec("specs/queens_backtracking.yaml")
    assert all(verify_spec(spec, case).agree for case in cases)
    # drop the dead-end report from the arcs leaving a column without a free row
    arcs = tuple(
        dataclasses.replace(arc, actions=tuple(a for a in arc.actions if a != "z4")) if arc.source == 0 else arc
        for arc in spec.arcs
    )
    verdict = verify_spec(dataclasses.replace(spec, arcs=arcs), ("N = 3: no solution",))
    assert not verdict.agree
    assert verdict.divergence.expected == ("dead_end",)


def test_the_judge_sees_the_final_state_reached():
    """Stopping in 'Search exhausted' instead of 'Enough solutions' emits the same events: only the
    outcome the automaton takes from its final state tells them apart."""
    _, verify_spec, _ = program_judge("specs/queens_mrv.yaml", (), ())
    spec = load_spec("specs/queens_mrv.yaml")
    arcs = tuple(dataclasses.replace(arc, target=3) if arc.target == 4 else arc for arc in spec.arcs)
    verdict = verify_spec(dataclasses.replace(spec, arcs=arcs), ("N = 6, first 4: enough at the last solution",))
    assert not verdict.agree and verdict.divergence.kind == "result"


# --- options the algorithm refuses are bad input under every command ------------------------------

@pytest.mark.parametrize("argv", [
    ("--algorithm", "las-vegas", "--random-queens", "20"),
    ("--algorithm", "las-vegas", "--n", "3"),
    ("--algorithm", "explicit", "--n", "2"),
    ("--algorithm", "explicit", "--first", "2"),
])
def test_verify_refuses_bad_options_with_exit_2_not_a_divergence(capsys, argv):
    code, out, err = invoke(capsys, "verify", "queens", *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "DIFFER" not in err


def test_run_refuses_bad_options_before_opening_the_trace(capsys, tmp_path):
    trace = tmp_path / "run.jsonl"
    code, _, err = invoke(capsys, "run", "queens", "--algorithm", "explicit", "--n", "3", "--trace", str(trace))
    assert code == 2 and "no solution exists for N = 3" in err
    assert not trace.exists()

