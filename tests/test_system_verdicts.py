"""equiv, minimize, mutate and cover on systems of automata (issue 17, items 1-3 and 10).

The fixture tests/data/merge_system is a merge sort as three automata: A0 calls A1 to merge each
pair of runs, nests the step-budget watchdog A2 in its Sorting state and tests A2's state
(`y2 == 1`); A2 has two states, so `y2 != 0` says the same.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from core_support import run_cli

from automata.analysis.check import ERROR, check_spec
from automata.analysis.equiv import (
    BY_CALL,
    SAME_NUMBERS,
    compare_systems,
    minimize,
    system_of,
)
from automata.analysis.mutate import PROVED, SURVIVED, score
from automata.io.loader import load_spec, load_system

DATA = Path(__file__).parent / "data" / "merge_system"
ROOT = "merge_sort.yaml"


@pytest.fixture
def copy(tmp_path: Path):
    """A fresh copy of the merge sort system, with `edits` applied: {file: [(old, new), ...]}."""
    made = []

    def make(name: str = "edited", **edits: list[tuple[str, str]]) -> Path:
        folder = tmp_path / name
        shutil.copytree(DATA, folder)
        for stem, replacements in edits.items():
            path = folder / f"{stem}.yaml"
            text = path.read_text(encoding="utf-8")
            for old, new in replacements:
                assert old in text, (stem, old)
                text = text.replace(old, new)
            path.write_text(text, encoding="utf-8")
        made.append(folder)
        return folder / ROOT

    return make


def test_equiv_finds_a_difference_in_a_called_automaton(copy, capsys) -> None:
    # A1 takes the right run's item first when the left's comes first: the roots are the same file.
    broken = copy(merge_pair=[('guard: "x1 & x2 & x3", actions: [z1]', 'guard: "x1 & x2 & x3", actions: [z2]')])
    code, out, _ = run_cli(capsys, "equiv", str(DATA / ROOT), str(broken))
    assert code == 1, out
    assert "not equivalent as systems: they run different outputs" in out
    assert "A1.z1" in out and "A1.z2" in out  # the callee's outputs, named by automaton
    code, out, _ = run_cli(capsys, "equiv", str(DATA / ROOT), str(broken), "--json")
    document = json.loads(out)
    assert code == 1 and document["system"] is True and not document["equivalent"]
    last = document["difference"]["sequence"][-1]
    assert last["first"] != last["second"] and last["inputs"]["A1.x3"] is True


def test_a_difference_in_a_nested_automaton_is_found_too(copy, capsys) -> None:
    broken = copy(watchdog=[('guard: "x1", actions: [z1]', 'guard: "x1"')])  # the budget is never spent
    code, out, _ = run_cli(capsys, "equiv", str(DATA / ROOT), str(broken), "--lock-step")
    assert code == 1 and "A2.z1" in out, out


def test_a_state_test_of_a_two_state_automaton_is_one_variable(copy, capsys) -> None:
    negated = copy(merge_sort=[('guard: "y2 == 1"', 'guard: "y2 != 0"'), ('"y2 == 0 & x1"', '"y2 != 1 & x1"')])
    code, out, _ = run_cli(capsys, "equiv", str(DATA / ROOT), str(negated), "--lock-step", "--final-numbers")
    assert code == 0, out
    assert "are equivalent (systems of automata, compared as a whole; step by step" in out


def test_with_a_third_state_the_negation_says_something_else(copy, capsys) -> None:
    # A2 may now stop in state 2 as well: `y2 != 0` is no longer `y2 == 1`.
    three = {"watchdog": [("  1: {name: Spent, final: true}", "  1: {name: Spent, final: true}\n  2: {name: Exact, final: true}"),
                          ('guard: "!x1"}', 'guard: "!x1 & !x2"}\n  - {from: 0, to: 2, guard: "!x1 & x2"}'),
                          ("outputs:", "  x2: {doc: \"a pair is left?\", call: has_pair}\noutputs:")],
             "merge_sort": [('guard: "y2 == 0 & !x1 & !x2"}', 'guard: "y2 == 0 & !x1 & !x2"}\n  - {from: 1, to: 2, guard: "y2 == 2"}')]}
    first = copy("first", **three)
    second = copy("second", watchdog=three["watchdog"],
                  merge_sort=three["merge_sort"] + [('guard: "y2 == 1"', 'guard: "y2 != 0"')])
    assert not [finding for finding in check_spec(load_spec(first)) if finding.severity == ERROR]
    code, out, _ = run_cli(capsys, "equiv", str(first), str(second))
    assert code == 1 and "A0.z5" in out, out


def test_final_numbers_report_the_final_states_met(capsys) -> None:
    for spec in ("specs/knight_tour.yaml", "specs/knight_tour_system.yaml"):
        code, out, _ = run_cli(capsys, "equiv", spec, spec, "--final-numbers")
        assert code == 0 and "final states 2=2" in out and "never reached" not in out, out
        code, out, _ = run_cli(capsys, "equiv", spec, spec, "--final-numbers", "--json")
        assert json.loads(out)["final_states"]["2"] == 2


def test_the_shipped_system_minimizes_and_compares(tmp_path: Path, capsys) -> None:
    target = Path("specs") / f".minimized-{tmp_path.name}.yaml"  # beside A1, which the root names
    try:
        code, out, err = run_cli(capsys, "minimize", "specs/knight_tour_system.yaml", "-o", str(target))
        assert code == 0, err
        assert "6 states, 6 reachable, 6 in the minimal spec" in err
        minimal = load_spec(target)
        assert minimal.automata["A1"].path == "knight_tour_attempt.yaml" and minimal.outputs["z6"].run == "A1"
        code, out, _ = run_cli(capsys, "equiv", "specs/knight_tour_system.yaml", str(target), "--lock-step",
                               "--final-numbers")
        assert code == 0, out
    finally:
        target.unlink(missing_ok=True)
    code, out, err = run_cli(capsys, "minimize", "specs/knight_tour_system.yaml", "-o", str(tmp_path / "min.yaml"))
    assert code == 2 and "would lie outside the new spec's folder" in err and not (tmp_path / "min.yaml").exists()


def test_minimize_merges_a_system_roots_states_and_keeps_its_automata(copy, capsys) -> None:
    # Two equal detours (5 and 6) before sorting, and a copy (7) of the nesting state 1: the detours
    # merge; 1 and 7 nest A2 and stay apart (merging them would change when A2 restarts).
    root = copy(merge_sort=[
        ("  - {from: 0, to: 1, actions: [z1]}",
         '  - {from: 0, to: 5, guard: "x2", actions: [z1]}\n  - {from: 0, to: 6, guard: "!x2", actions: [z1]}\n'
         '  - {from: 5, to: 1, guard: "x1"}\n  - {from: 5, to: 7, guard: "!x1"}\n'
         '  - {from: 6, to: 1, guard: "x1"}\n  - {from: 6, to: 7, guard: "!x1"}\n'
         '  - {from: 7, to: 3, guard: "y2 == 1"}\n  - {from: 7, to: 7, guard: "y2 == 0 & x1", actions: [z2, z3]}\n'
         '  - {from: 7, to: 7, guard: "y2 == 0 & !x1 & x2", actions: [z4]}\n'
         '  - {from: 7, to: 2, guard: "y2 == 0 & !x1 & !x2"}'),
        ("  3: {name: Out of budget, final: true, on_enter: [z5]}",
         "  3: {name: Out of budget, final: true, on_enter: [z5]}\n  5: {name: Ready}\n  6: {name: Set}\n"
         "  7: {name: Sorting too, nested: [A2]}")])
    result = minimize(load_spec(root))
    assert result.merged == [(5, 6)]
    assert result.spec.states[5].name == "Ready + Set" and result.spec.states[7].nested == ("A2",)
    out_file = root.parent / "minimal.yaml"
    code, _, err = run_cli(capsys, "minimize", str(root), "-o", str(out_file))
    assert code == 0 and "(merged: 5 + 6)" in err, err
    code, out, _ = run_cli(capsys, "equiv", str(root), str(out_file), "--lock-step", "--final-numbers")
    assert code == 0, out
    code, out, _ = run_cli(capsys, "verify", str(out_file))
    assert code == 0, out


def test_minimize_merges_states_that_differ_only_on_impossible_valuations(copy) -> None:
    # 8 and 9 differ only where A2 would be in neither of its two states: with each state test a
    # free yes/no input, 9 would fail there (no arc enabled) where 8 goes on, and they would stay apart.
    root = copy(merge_sort=[
        ('  - {from: 1, to: 3, guard: "y2 == 1"}',
         '  - {from: 1, to: 8, guard: "y2 == 1 & x1"}\n  - {from: 1, to: 9, guard: "y2 == 1 & !x1"}\n'
         '  - {from: 8, to: 3, guard: "y2 == 1"}\n  - {from: 8, to: 2, guard: "y2 != 1"}\n'
         '  - {from: 9, to: 3, guard: "y2 == 1"}\n  - {from: 9, to: 2, guard: "y2 == 0"}'),
        ("  3: {name: Out of budget, final: true, on_enter: [z5]}",
         "  3: {name: Out of budget, final: true, on_enter: [z5]}\n  8: {name: Judge}\n  9: {name: Judge too}")])
    spec = load_spec(root)
    assert not [finding for finding in check_spec(spec) if finding.severity == ERROR]
    result = minimize(spec)
    assert result.merged == [(8, 9)]
    assert compare_systems(system_of(spec), system_of(result.spec), skip_silent=False, finals=SAME_NUMBERS)[1].equivalent


def test_mutate_leaves_no_survivor_that_needs_an_impossible_valuation() -> None:
    from automata.cli.spec_run import program_judge  # what `automata mutate SPEC` verifies mutants with

    program, verify_spec, cases = program_judge(str(DATA / ROOT), (), ())
    spec = program.spec
    report = score(spec, verify_spec, program.module_name, cases, jobs=2)
    survivors = [result for result in report.results if result.outcome == SURVIVED]
    assert survivors and all(result.explanation in PROVED for result in survivors), [
        (result.mutant.description, result.explanation, result.why) for result in survivors]
    descriptions = {result.mutant.description for result in survivors}
    # What main called "unobserved", needing y2=0 and y2=1 at once:
    assert 'arc 2 (1 -> 3, line 30): literal y2 != 0 added, guard "y2 == 1 & y2 != 0"' in descriptions
    assert report.score == 1.0
    # z3 runs A1: it has no call to exchange with another output's.
    swaps = [result.mutant.description for result in report.results if result.mutant.kind == "swap-calls"]
    assert swaps and not [description for description in swaps if " z3 " in description or "z3 exchange" in description]


def test_a_systems_comparison_pairs_automata_and_names_as_told(copy, capsys) -> None:
    system = load_system(load_spec(DATA / ROOT))
    matching, comparison = compare_systems(system, system, by=BY_CALL)
    assert comparison.equivalent and ("A1.x3", "A1.x3") in matching.matching.pairs
    renamed = copy(merge_pair=[("x3:", "x7:"), ("x3", "x7")])
    code, out, _ = run_cli(capsys, "equiv", str(DATA / ROOT), str(renamed))
    assert code == 1 and "only the first declares: A1.x3" in out, out
    code, out, _ = run_cli(capsys, "equiv", str(DATA / ROOT), str(renamed), "--map", "A1.x3=A1.x7")
    assert code == 0 and "matched names (first=second): A1.x3=A1.x7" in out, out
    code, out, _ = run_cli(capsys, "equiv", str(DATA / ROOT), str(renamed), "--by-call")
    assert code == 0, out
    code, _, err = run_cli(capsys, "equiv", str(DATA / ROOT), str(renamed), "--map", "A1.x9=A1.x7")
    assert code == 2 and "has no input or output A1.x9" in err


def test_cover_and_coverage_read_a_state_test_as_one_variable(copy, capsys) -> None:
    # Once `y2 == 1` is read as false, A2 (two states) is in state 0: `y2 == 0` is never read as false.
    code, out, _ = run_cli(capsys, "verify", str(DATA / ROOT))
    assert code == 0 and "A0: arcs 5/5, states 4/4, final states 2/2, outputs 5/5, guard literals 7/7" in out, out
    # An arc for A2 in neither state can never fire: cover says so instead of searching for it.
    root = copy(merge_sort=[('guard: "y2 == 0 & !x1 & !x2"}', 'guard: "y2 == 0 & !x1 & !x2"}\n'
                                                              '  - {from: 1, to: 3, guard: "y2 != 0 & y2 != 1"}')])
    code, out, _ = run_cli(capsys, "cover", str(root), "--json")
    document = json.loads(out)
    assert code == 1 and [arc["arc"] for arc in document["cannot_fire"]] == [6] and document["cases_tried"] == 0
    code, out, _ = run_cli(capsys, "cover", str(root), "--arc", "6")  # arcs are numbered from 1
    assert code == 1 and "no case can take it" in out, out
