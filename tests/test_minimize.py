"""`automata minimize`: the minimal spec equivalent to a spec, step for step."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from core_support import run_cli
from hypothesis import HealthCheck, given, settings

from automata.analysis.check import ERROR, check_spec
from automata.analysis.equiv import SAME_NUMBERS, compare, minimize, spec_text
from automata.analysis.random_machines import machines
from automata.io.loader import load_spec, spec_from_text
from automata.model.spec import Spec

SPECS = ["specs/knight_tour.yaml", "specs/queens_backtracking.yaml", "specs/queens_prolog.yaml", "specs/queens_mrv.yaml",
         "specs/queens_las_vegas.yaml", "specs/queens_explicit.yaml", "specs/eight_puzzle.yaml"]


def with_duplicate(spec: Spec, original: int, copy: int, name: str, entered_from: int) -> Spec:
    """`spec` with state `original` duplicated as `copy`: the same arcs (its loops going round the
    copy), and the arcs from state `entered_from` into `original` sent to the copy instead."""
    states = dict(spec.states)
    states[copy] = dataclasses.replace(spec.states[original], number=copy, name=name)
    arcs = [dataclasses.replace(arc, target=copy) if arc.source == entered_from and arc.target == original else arc
            for arc in spec.arcs]
    for arc in spec.arcs:
        if arc.source == original:
            target = copy if arc.target == original else arc.target
            arcs.append(dataclasses.replace(arc, source=copy, target=target, index=len(arcs)))
    return dataclasses.replace(spec, states=states, arcs=tuple(arcs))


@pytest.mark.parametrize("spec_path", SPECS)
def test_every_shipped_spec_is_already_minimal(spec_path: str) -> None:
    spec = load_spec(spec_path)
    result = minimize(spec)
    assert len(result.spec.states) == len(spec.states) and not result.merged and not result.unreachable


def test_a_duplicated_state_is_merged_back(tmp_path: Path, capsys) -> None:
    spec = load_spec("specs/knight_tour.yaml")
    doubled = with_duplicate(spec, 1, 7, "Choosing again", entered_from=0)  # the knight placed, the search goes on in 7
    assert len(doubled.states) == 8 and compare(spec, doubled, skip_silent=False, finals=SAME_NUMBERS).equivalent
    source = tmp_path / "doubled.yaml"
    source.write_text(spec_text(doubled), encoding="utf-8")
    out_file = tmp_path / "minimal.yaml"
    code, out, err = run_cli(capsys, "minimize", str(source), "-o", str(out_file))
    assert code == 0 and out.strip().endswith("minimal.yaml")
    assert "8 states, 8 reachable, 7 in the minimal spec (merged: 1 + 7)" in err
    minimal = load_spec(out_file)
    assert len(minimal.states) == len(spec.states)
    assert minimal.states[1].name == "Choosing a move + Choosing again"
    assert not [finding for finding in check_spec(minimal) if finding.severity == ERROR]
    code, out, _ = run_cli(capsys, "equiv", "specs/knight_tour.yaml", str(out_file), "--lock-step", "--final-numbers")
    assert code == 0, out


def test_final_states_are_never_merged() -> None:
    spec = load_spec("specs/queens_backtracking.yaml")  # Search exhausted and Enough solutions: no entry actions
    assert [number for number, state in minimize(spec).spec.states.items() if state.final] == [3, 4]


def test_unreachable_states_and_dead_arcs_are_left_out(capsys) -> None:
    text = """\
automaton: A1
title: Dead weight
context: dead:Context
initial: 0
events:
  e0: {doc: step}
inputs:
  x1: {doc: "a?", call: a}
  x2: {doc: "b?", call: b}
outputs:
  z1: {doc: "one", call: one}
  z2: {doc: "two", call: two}
states:
  0: {name: Start}
  1: {name: Done, final: true}
  2: {name: Nowhere}
arcs:
  - {from: 0, to: 1, guard: "x1", actions: [z1]}
  - {from: 0, to: 0, guard: "!x1"}
  - {from: 0, to: 2, guard: "x1 & x2", actions: [z2]}
  - {from: 2, to: 1, guard: "1"}
"""
    result = minimize(spec_from_text(text, "dead.yaml"))
    assert result.unreachable == (2,) and sorted(result.spec.states) == [0, 1]
    assert len(result.spec.arcs) == 2  # the shadowed arc to Nowhere cannot fire
    assert set(result.spec.inputs) == {"x1"} and set(result.spec.outputs) == {"z1"}  # x2 and z2 no longer used


def test_merged_states_with_different_entry_actions_keep_every_output() -> None:
    """A state entering with z1 on_enter and one whose incoming arcs run z1 themselves behave alike:
    merged, the outputs every arc runs stay the same."""
    text = """\
automaton: A1
title: Entry actions
context: entry:Context
initial: 0
events:
  e0: {doc: step}
inputs:
  x1: {doc: "a?", call: a}
outputs:
  z1: {doc: "one", call: one}
  z2: {doc: "two", call: two}
states:
  0: {name: Start}
  1: {name: Left, on_enter: [z1]}
  2: {name: Right}
  3: {name: Done, final: true}
arcs:
  - {from: 0, to: 1, guard: "x1", actions: [z2]}
  - {from: 0, to: 2, guard: "!x1", actions: [z1]}
  - {from: 1, to: 3, guard: "1", actions: [z2]}
  - {from: 2, to: 3, guard: "1", actions: [z2]}
"""
    spec = spec_from_text(text, "entry.yaml")
    result = minimize(spec)
    assert result.merged == [(1, 2)] and result.spec.states[1].name == "Left + Right"
    assert compare(spec, result.spec, skip_silent=False, finals=SAME_NUMBERS).equivalent
    assert spec_from_text(spec_text(result.spec), "minimal.yaml")  # it reads back


def test_the_json_document_carries_the_spec_without_an_output_file(capsys) -> None:
    code, out, _ = run_cli(capsys, "minimize", "specs/queens_mrv.yaml", "--json")
    document = json.loads(out)
    assert code == 0 and document["states"] == document["minimal_states"] == 5 and document["merged"] == []
    written = spec_from_text(document["text"], "minimal.yaml")
    assert compare(load_spec("specs/queens_mrv.yaml"), written, skip_silent=False, finals=SAME_NUMBERS).equivalent


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(machines())
def test_random_machines_minimize_to_an_equivalent_minimal_spec(machine) -> None:
    spec = spec_from_text(machine.spec_text, "random_machine.yaml")
    result = minimize(spec)
    assert compare(spec, result.spec, skip_silent=False, finals=SAME_NUMBERS).equivalent
    again = minimize(result.spec)
    assert len(again.spec.states) == len(result.spec.states) and not again.merged
    written = spec_from_text(spec_text(result.spec), "minimal.yaml")
    assert compare(result.spec, written, skip_silent=False, finals=SAME_NUMBERS).equivalent
