"""The five classes of bugs that once escaped every check (issue 10), each put in on purpose and
caught: the tests show that the framework now notices them.

(a) cases that never take an arc: `verify --require-coverage` names the arc;
(b) no budget: a spec that never stops is a divergence with its last events, not a hang;
(c) the shared model: a bug in it changes every implementation alike, so verification agrees,
    and an independent oracle or a golden stream catches it;
(d) mutants the operators once did not make: each caught by the verification over the cases;
(e) the headline mutation score counts unproved survivors as missed.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from core_support import run_cli
from test_golden_streams import differences
from test_oracle_knight import mismatches as knight_mismatches
from test_oracle_queens import BRUTE, solutions_of

from automata.analysis.cases import case_items, verify_case, verify_program
from automata.analysis.mutate.report import report_json, report_summary
from automata.analysis.mutate.results import (
    CAUGHT_BY_VERIFY,
    EQUIVALENT,
    SURVIVED,
    UNOBSERVED,
    Mutant,
    MutantResult,
    Observation,
    Report,
)
from automata.errors import Loc
from automata.model.guards import And, Not, Var
from automata.model.spec import ArcDecl, Spec
from automata.runtime.program import Program, load_program
from solvers.knight_tour import program as knight_program
from solvers.knight_tour.model import KnightTour
from solvers.puzzle8 import program as puzzle_program
from solvers.puzzle8.model import Node
from solvers.queens.algorithms import QueensOptions
from solvers.queens.bitboard import BitBoard

ROOT = Path(__file__).parents[1]


# --- (a) cases that never take an arc --------------------------------------------------------

@pytest.mark.parametrize(("module", "spec", "dropped", "arc"), [
    (knight_program, "knight_tour.yaml", "5x5 from 2,4: restart with the next move order",
     "arc 5 (1 -> 1, line 52) [!x2 & x6 & x7 / z4] never taken"),
    (puzzle_program, "eight_puzzle.yaml", "start3, manhattan, limit 109: stopped one expansion short",
     "arc 6 (2 -> 4, line 46) [!x2 & x3 / z4] never taken"),
])
def test_a_case_removed_from_the_shipped_cases_leaves_a_named_arc(capsys, monkeypatch, module: Any, spec: str,
                                                                  dropped: str, arc: str) -> None:
    code, out, _ = run_cli(capsys, "verify", f"specs/{spec}", "--require-coverage")
    assert code == 0 and "never taken" not in out
    monkeypatch.setattr(module, "CASES", {name: case for name, case in module.CASES.items() if name != dropped})
    code, out, err = run_cli(capsys, "verify", f"specs/{spec}", "--require-coverage")
    assert code == 1 and f"not exercised: {arc}" in out and "--require-coverage" in err
    assert "agree:" in out  # every implementation still agrees: only coverage tells


# --- (b) no budget ------------------------------------------------------------------------------

TICKER = '''\
"""Counts to a limit."""


class Ticker:
    def __init__(self, limit, observer):
        self.limit, self.count, self.observer = limit, 0, observer

    def is_done(self):
        return self.count >= self.limit

    def tick(self):
        self.count += 1
        self.observer.emit("tick", self.count)


def make_context(case, observer):
    return Ticker(case["limit"], observer)


def count(ticker):
    while not ticker.is_done():
        ticker.tick()


IMPLEMENTATIONS = {"iterative": count}
CASES = {"three": {"limit": 3}}
'''

TICKER_SPEC = '''\
automaton: A1
title: Ticker
description: Ticks up to the limit.
context: ticker:Ticker
initial: 0
events:
  e0: {{doc: "next step"}}
inputs:
  x1: {{doc: "the limit is reached?", call: is_done}}
outputs:
  z1: {{doc: "tick", call: tick}}
states:
  0: {{name: Ticking, doc: "counting"}}
  1: {{name: Done, final: true, doc: "the limit is reached"}}
  2: {{name: Waiting, doc: "waits for nothing"}}
arcs:
  - {{from: 0, to: 0, guard: "!x1", actions: [z1]}}
  - {{from: 0, to: {target}, guard: "x1"}}
  - {{from: 2, to: 2, guard: "1"}}
'''


def test_a_users_spec_that_never_stops_is_a_divergence_within_the_budget(capsys, tmp_path: Path) -> None:
    (tmp_path / "ticker.py").write_text(TICKER)
    (tmp_path / "ticker.yaml").write_text(TICKER_SPEC.format(target=1))
    # The bug: at the limit the automaton goes to Waiting instead of Done, and waits there forever,
    # silently: its events are the reference's, and only the budget ends the run.
    (tmp_path / "ticker_loops.yaml").write_text(TICKER_SPEC.format(target=2))
    code, out, _ = run_cli(capsys, "verify", str(tmp_path / "ticker.yaml"))
    assert code == 0
    code, out, _ = run_cli(capsys, "verify", str(tmp_path / "ticker_loops.yaml"), "--json")
    document = json.loads(out)
    (case,) = document["cases"]
    assert code == 1 and not document["agree"] and case["divergence"]["kind"] == "error"
    text = case["divergence"]["text"]
    assert text.startswith("automaton failed after 3 events that agree with iterative")
    assert "its last events: tick(1), tick(2), tick(3)" in text
    # What stopped it: the step budget derived from the reference's run, far below the engine's default.
    program = load_program(tmp_path / "ticker_loops.yaml")
    result = verify_case(program, "three", {"limit": 3}, ["iterative", "automaton"])
    assert str(result.budget.steps) in result.verdict.runs["automaton"].error.replace(",", "")
    assert result.budget.steps < 2_000


def test_a_shipped_problem_whose_spec_never_stops_is_a_divergence(capsys, tmp_path: Path) -> None:
    # The knight's tour without its take-back after a tour in all-tours mode: the automaton stays on
    # the complete path and counts it again and again. The program has no step limit for all tours.
    text = (ROOT / "specs" / "knight_tour.yaml").read_text()
    looping = text.replace('{from: 3, to: 1, guard: "!x4", actions: [z8]}', '{from: 3, to: 1, guard: "!x4"}')
    assert looping != text
    (tmp_path / "knight_loops.yaml").write_text(looping)
    code, out, _ = run_cli(capsys, "verify", str(tmp_path / "knight_loops.yaml"), "--case", "3x4 from 2,4: all tours",
                           "--impl", "automaton")
    assert code == 1 and "first divergence between iterative and automaton at event #52" in out
    assert "take_back(2, 1)   (iterative)" in out and "found   (automaton)  then found, found, found" in out


# --- (c) the shared model -------------------------------------------------------------------

def _verify_all(spec_name: str) -> bool:
    program = load_program(ROOT / "specs" / spec_name)
    return verify_program(program, case_items(program)).agree


def test_weaker_knight_pruning_passes_verification_and_fails_the_oracle(monkeypatch) -> None:
    def without_the_pair_rule(tour: KnightTour, target: int, free_after_move: int) -> bool:
        """Optimization 2 with its blocked-pair half dropped: only single dead-end cells count."""
        for cell in tour._neighbours[target]:
            if not tour._visited[cell] and tour._free_degree[cell] == 1 and free_after_move != 1:
                return True
        return False

    monkeypatch.setattr(KnightTour, "_blocks_a_cell", without_the_pair_rule)
    assert _verify_all("knight_tour.yaml")  # every implementation calls the same weaker model
    found = knight_mismatches()
    assert found and "optimizations [2]" in found[0]


def test_another_mrv_tie_break_passes_verification_and_the_set_oracle_but_not_the_golden_streams(monkeypatch) -> None:
    original = BitBoard.open_columns
    # Among columns with equally few free cells, the last one is branched on instead of the first.
    monkeypatch.setattr(BitBoard, "open_columns", lambda board: original(board)[::-1])
    assert _verify_all("queens_mrv.yaml")
    assert set(solutions_of("mrv", QueensOptions(6))) == set(BRUTE[6])  # the same solutions, in another order
    assert differences("queens_mrv")


def test_a_weaker_cycle_check_in_the_puzzle_passes_verification_but_not_the_golden_streams(monkeypatch) -> None:
    def parent_only(node: Node, position: tuple[int, ...]) -> bool:
        """The cycle check against the node and its parent only, not the whole path."""
        return node.position == position or (node.parent is not None and node.parent.position == position)

    monkeypatch.setattr(Node, "is_on_path", parent_only)
    program = load_program(ROOT / "specs" / "eight_puzzle.yaml")
    solved = [(name, case) for name, case in case_items(program) if "2x2" not in name]
    assert verify_program(program, solved).agree
    assert [found.split(":")[0] for found in differences("eight_puzzle")] == \
        ["2x2 21/3_ (the goal's other half)"]


# --- (d) the mutants the operators once did not make ----------------------------------------

def _changed(spec: Spec, chosen: Callable[[ArcDecl], bool], **changes: Any) -> Spec:
    """`spec` with `changes` made to every arc `chosen` picks."""
    return dataclasses.replace(spec, arcs=tuple(dataclasses.replace(arc, **changes) if chosen(arc) else arc
                                                for arc in spec.arcs))


def _from_to(source: int, target: int) -> Callable[[ArcDecl], bool]:
    return lambda arc: (arc.source, arc.target) == (source, target)


def _running(action: str) -> Callable[[ArcDecl], bool]:
    return lambda arc: arc.source == 1 and arc.actions == (action,)


def _negated(name: str) -> Not:
    return Not(Var(name))


def _relying_on_priorities(spec: Spec) -> Spec:
    """The knight's spec with restart (1 -> 1 on x6 & x7) and give up (1 -> 6 on x6 & !x7) told
    apart by priority instead of by x7: the same program, and the base of the priority mutant (the
    shipped spec's guards never overlap, so no priority of it matters)."""
    spec = _changed(spec, _running("z4"), priority=1)
    return _changed(spec, _from_to(1, 6), priority=2, guard=And((_negated("x2"), Var("x6"))))


def _knight_mutants(spec: Spec) -> dict[str, Spec]:
    """One hand-made mutant of the knight's spec of each kind the operators once did not make."""
    x4, x5 = spec.inputs["x4"], spec.inputs["x5"]
    swapped = {**spec.inputs, "x4": dataclasses.replace(x4, call=x5.call), "x5": dataclasses.replace(x5, call=x4.call)}
    no_entry_action = {**spec.states, 4: dataclasses.replace(spec.states[4], on_enter=())}
    return {
        # the take-back guard without !x6: it also fires when the return limit calls for a restart
        "guard weakened (a literal dropped)": _changed(
            spec, _running("z8"), guard=And((_negated("x2"), _negated("x5"), _negated("x4")))),
        # the move guard with !x4 added: no move from the start cell any more
        "guard strengthened (a literal added)": _changed(
            spec, _running("z7"), guard=And((_negated("x2"), _negated("x6"), Var("x5"), _negated("x4")))),
        "priorities changed": _changed(_relying_on_priorities(spec), _from_to(1, 6), priority=0),
        "an action duplicated": _changed(spec, _from_to(3, 1), actions=("z8", "z8")),
        "an action replaced by another": _changed(spec, _running("z4"), actions=("z8",)),
        "two call: bindings swapped": dataclasses.replace(spec, inputs=swapped),
        "an on_enter action moved onto one arc": dataclasses.replace(
            _changed(spec, _from_to(1, 4), actions=("z6",)), states=no_entry_action),
    }


def _caught_by(program: Program, spec: Spec) -> str | None:
    """The first of the program's cases on which the automaton of `spec` differs from the reference."""
    judged = program.with_spec(spec)
    for name, case in case_items(program):
        if not verify_case(judged, name, case, [program.reference, "automaton"]).agree:
            return name
    return None


def test_each_new_kind_of_mutant_of_the_knights_spec_is_caught_by_its_cases() -> None:
    program = load_program(ROOT / "specs" / "knight_tour.yaml")
    assert _caught_by(program, _relying_on_priorities(program.spec)) is None  # the same program
    caught = {kind: _caught_by(program, mutant) for kind, mutant in _knight_mutants(program.spec).items()}
    assert all(caught.values()), [kind for kind, case in caught.items() if case is None]
    assert caught["priorities changed"] == "5x5 from 2,4: restart with the next move order"
    assert caught["an on_enter action moved onto one arc"] == "1x1: all tours"


# --- (e) the strict score --------------------------------------------------------------------

def _report(*explanations: str) -> Report:
    spec = load_program(ROOT / "specs" / "knight_tour.yaml").spec
    loc = Loc(spec.path, 1, 1)
    results = [MutantResult(Mutant("target", "caught one", loc, spec), CAUGHT_BY_VERIFY, "differs", 0)]
    results += [MutantResult(Mutant("negate", f"survivor {number}", loc, spec), SURVIVED, "", None, explanation, "why")
                for number, explanation in enumerate(explanations)]
    observation = Observation(frozenset(), frozenset(), {}, (), (), 0.0)
    return Report(spec.path, "knight", (("a case",),), tuple(results), 1.0, observation)


def test_an_unproved_survivor_scores_below_100_percent() -> None:
    report = _report(UNOBSERVED)
    assert report.score == 0.5 and report.score_observable == 1.0
    assert report_json(report)["score"] == 0.5
    assert "mutation score: 1/2 = 50.0%" in "\n".join(report_summary(report))
    proved = _report(EQUIVALENT)  # a survivor proved equivalent is no bug: it leaves the score whole
    assert proved.score == 1.0 and "mutation score: 1/1 = 100.0%" in "\n".join(report_summary(proved))
