"""`automata run|verify|compare|space puzzle8` through the real CLI entry point."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree

import pytest

from core_support import run_cli as invoke


@pytest.mark.parametrize("impl", ["iterative", "recursive", "automaton"])
def test_run_json(capsys, impl):
    code, out, _ = invoke(capsys, "run", "puzzle8", "--start", "start3", "--heuristic", "manhattan", "--impl", impl, "--json")
    assert code == 0
    document = json.loads(out)
    assert document["moves"] == 18 and len(document["path"]) == 19
    assert document["path"][0] == "216/4_8/753" and document["path"][-1] == "123/8_4/765"
    assert (document["generated"], document["expanded"]) == (193, 110)


def test_run_text_svg_and_protocol(capsys, tmp_path):
    svg = tmp_path / "path.svg"
    trace = tmp_path / "trace.jsonl"
    code, out, _ = invoke(capsys, "run", "puzzle8", "--start", "[2/1,1/2,1/3,3/3,3/2,3/1,2/2,1/1,2/3]",
                          "--heuristic", "bratko", "--svg", str(svg), "--protocol", "--trace", str(trace))
    assert code == 0
    assert "solved in 5 moves; 12 nodes generated, 5 expanded" in out
    assert "i x2: the chosen node is the goal position? - YES" in out
    assert "1 2 3\n" in out.replace("   ", "\n")  # the boards of the path
    root = ElementTree.parse(svg).getroot()
    assert root.tag.endswith("svg")
    assert sum(1 for element in root.iter() if element.tag.endswith("text") and (element.text or "").startswith("move")) == 5
    assert trace.read_text().count('"type":"step"') > 0


def test_run_with_another_goal_and_a_grid_start(capsys):
    code, out, _ = invoke(capsys, "run", "puzzle8", "--start", "1_3/425/786", "--goal", "123/456/78_", "--heuristic", "linear-conflict", "--json")
    assert code == 0
    assert json.loads(out)["moves"] == 3


@pytest.mark.parametrize("argv, fragment", [
    (["--start", "213/8_4/765"], "can never reach"),
    (["--start", "123/8_4/766"], "tile 6 appears twice"),
    (["--start", "12/34"], "tile 4 does not fit a 2×2 board"),
    (["--start", "[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1]"], "lists 8 cells"),
    (["--start", "start3", "--goal", "123/456/78_"], "can never reach"),
    (["--start", "start1", "--goal", "123/456/78_", "--heuristic", "bratko"], "can never reach"),
    (["--start", "1_3/425/786", "--goal", "123/456/78_", "--heuristic", "bratko"], "bratko"),
])
def test_bad_positions_exit_2_with_one_line(capsys, argv, fragment):
    code, out, err = invoke(capsys, "run", "puzzle8", *argv)
    assert code == 2
    assert fragment in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert out == ""


def test_verify_agrees_and_reports_each_implementation(capsys):
    code, out, _ = invoke(capsys, "verify", "puzzle8", "--start", "start3", "--heuristic", "bratko", "--impl", "all", "--json")
    assert code == 0
    document = json.loads(out)
    assert document["agree"] and document["divergence"] is None
    assert {"iterative", "recursive", "automaton"} <= set(document["implementations"])
    for run in document["implementations"].values():
        assert run["by_kind"] == {"generate": 53, "expand": 28, "goal": 1}
        assert run["result"]["moves"] == 18


def test_verify_text(capsys):
    code, out, _ = invoke(capsys, "verify", "puzzle8", "--start", "start1", "--heuristic", "zero", "--impl", "recursive")
    assert code == 0
    assert "agree: iterative, recursive" in out


def test_compare_table(capsys):
    code, out, _ = invoke(capsys, "compare", "puzzle8", "--heuristics", "bratko,manhattan,misplaced,linear-conflict", "--json")
    assert code == 0
    rows = json.loads(out)["rows"]
    assert len(rows) == 12
    by_key = {(row["start"], row["heuristic"]): row for row in rows}
    assert by_key["start3", "manhattan"]["generated"] == 193 and by_key["start3", "misplaced"]["generated"] == 2632
    assert all(row["optimal"] for row in rows if row["admissible"])
    assert [by_key[s, "bratko"]["moves"] for s in ("start1", "start2", "start3")] == [4, 5, 18]


def test_compare_extra_start_in_list_notation(capsys):
    code, out, _ = invoke(capsys, "compare", "puzzle8", "--starts", "start1,[2/1,1/2,1/3,3/3,3/2,3/1,2/2,1/1,2/3]",
                          "--heuristics", "zero")
    assert code == 0
    assert "start1" in out and "283/164/7_5" in out  # positions other than the named ones are shown as grids
    assert "NO" not in out


@pytest.mark.parametrize("goal, maximum, hardest", [(None, 30, 148), ("123/456/78_", 31, 2)])
def test_space(capsys, goal, maximum, hardest):
    code, out, _ = invoke(capsys, "space", "puzzle8", *(["--goal", goal] if goal else []), "--json")
    assert code == 0
    document = json.loads(out)
    assert document["positions"] == 181_440
    assert document["max_distance"] == maximum
    assert document["distribution"][str(maximum)] == hardest
    assert sum(document["distribution"].values()) == 181_440
    assert document["distribution"]["0"] == 1
    if goal:  # the two positions farthest from 123/456/78_ (a known fact of the eight puzzle)
        assert document["hardest"] == ["647/85_/321", "867/254/3_1"]


def test_space_refuses_the_fifteen_puzzle(capsys):
    code, _, err = invoke(capsys, "space", "puzzle8", "--goal", "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,_")
    assert code == 2 and "too many" in err


def test_verify_exits_1_and_shows_the_divergence(capsys, monkeypatch):
    from automata.io.files import PROJECT_ROOT
    from automata.io.loader import spec_from_text
    from automata.runtime.program import load_program
    from solvers.puzzle8 import automaton, problem

    text = (PROJECT_ROOT / automaton.SPEC_PATH).read_text(encoding="utf-8")
    mutant = spec_from_text(text.replace('actions: [z2]}', 'actions: [z2, z2]}'), "mutant.yaml")
    monkeypatch.setattr(problem, "program", lambda: load_program(automaton.SPEC_PATH).with_spec(mutant))
    code, out, _ = invoke(capsys, "verify", "puzzle8", "--start", "start2", "--heuristic", "misplaced", "--impl", "automaton")
    assert code == 1
    assert "DIFFER: first divergence between iterative and automaton" in out


def test_verify_reports_the_coverage_of_one_position(capsys):
    code, out, _ = invoke(capsys, "verify", "puzzle8", "--start", "start1", "--impl", "automaton", "--json")
    assert code == 0
    coverage = json.loads(out)["coverage"]
    assert coverage["arcs"]["covered"] == 4 and coverage["final_states"]["missed"] == [4, 5]
    code, out, _ = invoke(capsys, "verify", "puzzle8", "--start", "start1", "--impl", "automaton")
    assert "coverage: arcs 4/6" in out and "final state 5 (No solution) never ended a run" in out


@pytest.mark.parametrize("impl", ["iterative", "recursive", "automaton"])
def test_run_the_spec_with_parameters(capsys, impl):
    code, out, _ = invoke(capsys, "run", "specs/eight_puzzle.yaml", "-p", "start=start1", "-p", "heuristic=bratko",
                          "--impl", impl, "--json")
    assert code == 0
    result = json.loads(out)["result"]
    assert result["status"] == "solved" and len(result["path"]) == 5


def test_the_loops_protocol_is_the_automatons(capsys):
    """The iterative program asks the automaton's questions and takes its actions, in the same order."""
    def lines(impl):
        code, out, _ = invoke(capsys, "run", "puzzle8", "--start", "start2", "--heuristic", "misplaced", "--impl", impl,
                              "--protocol=input,output")
        assert code == 0
        return [line for line in out.splitlines() if line.startswith(("i ", "* "))]

    automaton = lines("automaton")
    assert len(automaton) > 20 and lines("iterative") == automaton


@pytest.mark.parametrize("params, fragment", [
    (["-p", "start=21/3_", "-p", "goal=12/3_"], "can never reach"),
    (["-p", "max_expanded=lots"], "max_expanded"),
    (["-p", "board=3x3"], "unknown parameter 'board'"),
])
def test_run_the_spec_refuses_bad_parameters(capsys, params, fragment):
    code, out, err = invoke(capsys, "run", "specs/eight_puzzle.yaml", *params)
    assert code == 2 and out == "" and fragment in err


def test_svg_is_not_written_without_a_solution(capsys, tmp_path):
    svg = tmp_path / "path.svg"
    code, out, err = invoke(capsys, "run", "puzzle8", "--start", "start1", "--max-expanded", "1", "--svg", str(svg))
    assert code == 0
    assert "stopped at the node limit" in out
    assert f"no solution to draw; {svg} not written" in err
    assert not svg.exists()
