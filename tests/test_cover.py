"""`automata cover`: a case found for every arc a program's cases leave untaken (issue 10, part 1)."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest
from core_support import run_cli

from automata.analysis.coverage import CoverageSink
from automata.analysis.explore import explore, untaken_arcs
from automata.runtime.events import NullObserver
from automata.runtime.program import load_program

ROOT = Path(__file__).parents[1]
HANOI = Path(__file__).parent / "data" / "hanoi"
SPECS = sorted(path.name for path in (ROOT / "specs").glob("*.yaml"))
# The column searches' dead end on an empty board (state 0 -> 3, `!x1 & !x2 & !x3`): with no
# queen placed, the column to fill is the first and all its rows are free, so no case of the
# explored space takes it. Only queens given in advance do (the programs' CASES have two).
DEAD_END = 4  # the arc's number, as drawn (the fourth arc of the column searches)
INFEASIBLE = {"queens_backtracking.yaml": {DEAD_END}, "queens_prolog.yaml": {DEAD_END}}

EXPLORE_HANOI = '''

CASES = {"no disk": {"disks": 0}}  # takes only the arcs that finish at once


def explore_cases():
    disks = 0
    while True:  # endless: cover stops when every arc is taken
        yield f"{disks} disks", {"disks": disks}
        disks += 1
'''


@pytest.fixture
def thin_hanoi(tmp_path: Path) -> Path:
    """The Tower of Hanoi of tests/data/hanoi with one case that never moves a disk, and a space of cases."""
    # A module name of its own: the plain tests/data/hanoi may already be imported as `hanoi`.
    spec = tmp_path / "thin_hanoi.yaml"
    spec.write_text((HANOI / "hanoi.yaml").read_text().replace("context: hanoi:Hanoi", "context: thin_hanoi:Hanoi"))
    (tmp_path / "thin_hanoi.py").write_text((HANOI / "hanoi.py").read_text() + EXPLORE_HANOI)
    return spec


def test_an_arc_the_cases_miss_is_found_with_the_smallest_case_that_takes_it(capsys, thin_hanoi: Path) -> None:
    code, out, err = run_cli(capsys, "verify", str(thin_hanoi), "--require-coverage")
    assert code == 1 and "never taken" in out  # the gap cover is for
    code, out, err = run_cli(capsys, "cover", str(thin_hanoi))
    assert code == 0, out + err
    assert "2 arcs the program's 1 case never take" in out
    assert "arc 3: 0 -> 0 (line 29) [x1 & !x2 & x3 / z2]: taken by explored case #2 '1 disks'" in out
    assert "arc 4: 0 -> 0 (line 30) [x1 & !x2 & !x3 / z3]: taken by explored case #2 '1 disks'" in out
    assert "  case: {'disks': 1}" in out and "cover: 2 of 2 arcs found after 2 explored cases" in out
    code, out, _ = run_cli(capsys, "cover", str(thin_hanoi), "--json")
    document = json.loads(out)
    assert code == 0 and document["complete"] and document["targets"] == [3, 4] and document["not_found"] == []
    assert [(found["arc"], found["case_name"], found["case"]) for found in document["found"]] == \
        [(3, "1 disks", {"disks": 1}), (4, "1 disks", {"disks": 1})]


def test_an_arc_no_case_can_take_is_reported_not_found(capsys) -> None:
    code, out, err = run_cli(capsys, "cover", "specs/queens_backtracking.yaml", "--arc", str(DEAD_END))
    assert code == 1
    assert "arc 4: 0 -> 3 (line 41) [!x1 & !x2 & !x3 / z4]: NOT FOUND" in out and "space of cases ended" in out
    assert "arcs not found" in err
    code, out, _ = run_cli(capsys, "cover", "specs/queens_prolog.yaml", "--arc", str(DEAD_END), "--json")
    document = json.loads(out)
    assert code == 1 and not document["complete"] and document["found"] == [] and document["space_exhausted"]
    assert [(arc["arc"], arc["source"], arc["target"], arc["guard"]) for arc in document["not_found"]] == \
        [(DEAD_END, 0, 3, "!x1 & !x2 & !x3")]


def test_named_arcs_and_the_budget_of_cases(capsys) -> None:
    # The take-back after a counted tour needs all tours on 3x4: far beyond ten cases.
    code, out, _ = run_cli(capsys, "cover", "specs/knight_tour.yaml", "--arc", "10", "--max-cases", "10")
    assert code == 1 and "NOT FOUND in 10 explored cases (the --max-cases budget ran out)" in out
    code, out, _ = run_cli(capsys, "cover", "specs/knight_tour.yaml", "--arc", "6", "--arc", "3", "--json")
    document = json.loads(out)
    assert code == 0 and document["targets"] == [6, 3]
    gives_up, move = document["found"]  # in the order asked for
    assert gives_up["case"]["max_returns"] == 1 and move["guard"] == "!x2 & !x6 & x5"
    assert gives_up["tried"] > move["tried"]
    code, _, err = run_cli(capsys, "cover", "specs/knight_tour.yaml", "--arc", "12")
    assert code == 2 and "arcs 1..11" in err


def test_nothing_to_find_and_a_program_without_a_space(capsys, tmp_path: Path) -> None:
    code, out, _ = run_cli(capsys, "cover", "specs/eight_puzzle.yaml")
    assert code == 0 and "nothing to find" in out
    for name in ("hanoi.yaml", "hanoi.py"):
        shutil.copy(HANOI / name, tmp_path / name)
    code, _, _ = run_cli(capsys, "cover", str(tmp_path / "hanoi.yaml"))
    assert code == 0  # its CASES take every arc: no space needed
    code, _, err = run_cli(capsys, "cover", str(tmp_path / "hanoi.yaml"), "--arc", "1")
    assert code == 2 and "defines no explore_cases()" in err


@pytest.mark.parametrize("spec", SPECS)
def test_every_shipped_space_reaches_every_feasible_arc_from_no_case_at_all(spec: str) -> None:
    program = load_program(ROOT / "specs" / spec)
    assert "explore_cases" in program.extras
    bare = dataclasses.replace(program, cases={})
    targets = untaken_arcs(bare)
    outcome = explore(bare, targets)
    assert {arc.number for arc in outcome.missing} == INFEASIBLE.get(spec, set())
    assert outcome.failed == 0
    for witness in outcome.witnesses:  # each witness really takes its arc
        sink = CoverageSink()
        program.run_automaton(witness.case, NullObserver(), sinks=(sink,), max_steps=program.max_steps(witness.case))
        assert witness.arc.index in sink.arcs


def test_a_shipped_program_missing_a_case_gets_it_back() -> None:
    program = load_program(ROOT / "specs" / "knight_tour.yaml")
    without = {name: case for name, case in program.cases.items() if "all tours" not in name}
    thin = dataclasses.replace(program, cases=without)
    targets = untaken_arcs(thin)
    assert [(arc.source, arc.target) for arc in targets] == [(1, 3), (3, 1), (3, 4)]
    outcome = explore(thin, targets)
    assert outcome.complete and {witness.case.all_tours for witness in outcome.witnesses} == {True}
