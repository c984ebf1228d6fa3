"""`automata run|verify|compare knight-tour`: JSON keys, texts, exit codes, mutated specs against the references."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from xml.etree import ElementTree

import pytest

from core_support import run_cli as invoke
from automata.io.loader import load_spec
from solvers.knight_tour.automaton import SPEC_PATH
from automata.analysis.cases import verify_case
from automata.analysis.verify import Verdict
from automata.runtime.program import load_program
from solvers.knight_tour.program import parse_case
from solvers.knight_tour.sweeps import board_cells


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code, out, err = invoke(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


# ---- run ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("impl", ["automaton", "iterative", "recursive"])
def test_run_json_reports_the_tour(capsys: pytest.CaptureFixture[str], impl: str) -> None:
    document = as_json(capsys, "run", "knight-tour", "--board", "6x6", "--start", "3,2", "--impl", impl)
    assert document["found"] is True and document["returns"] == 0 and document["restarts"] == 0
    assert document["path"][0] == [3, 2] and len(document["path"]) == 36


def test_run_all_tours_json_has_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    document = as_json(capsys, "run", "knight-tour", "--board", "5x5", "--start", "1,1", "--all-tours",
                       "--optimizations", "1,2", "--impl", "iterative")
    assert document["count"] == 304 and document["tours"] == 304


def test_run_text_shows_the_board_with_move_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = invoke(capsys, "run", "knight-tour", "--board", "3x4", "--start", "2,4", "--optimizations", "none")
    assert code == 0
    assert "tour found (19 returns, 0 restarts" in out
    assert "2 | 12  9  4  1" in out


def test_run_reports_impossible_start_and_exhausted_search(capsys: pytest.CaptureFixture[str]) -> None:
    assert as_json(capsys, "run", "knight-tour", "--board", "5x5", "--start", "1,2")["impossible_start"] is True
    document = as_json(capsys, "run", "knight-tour", "--board", "3x7", "--start", "2,4")
    assert document["found"] is False and document["outcome"] == "exhausted"


def test_run_without_optimization_4_shows_max_ret_exceeded(capsys: pytest.CaptureFixture[str]) -> None:
    document = as_json(capsys, "run", "knight-tour", "--board", "8x8", "--optimizations", "1,2",
                       "--max-returns", "300", "--impl", "iterative")
    assert document["gave_up"] is True and document["returns"] == 300


def test_run_protocol_prints_the_automaton_steps(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = invoke(capsys, "run", "knight-tour", "--board", "3x4", "--start", "2,4", "--protocol")
    assert code == 0
    assert out.startswith("{ A1: started in state 0 (Start) with event e0")
    assert "* z7: make the next untried move" in out
    assert "} A1: finished in state 2 (Tour found)" in out


def test_run_trace_and_svg_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    trace, picture = tmp_path / "run.jsonl", tmp_path / "tour.svg"
    code, _, err = invoke(capsys, "run", "knight-tour", "--board", "5x5", "--trace", str(trace), "--svg", str(picture))
    assert code == 0, err
    steps = [json.loads(line) for line in trace.read_text().splitlines()]
    assert sum(1 for s in steps if s.get("type") == "step") == 26  # one step per event: start, 24 moves, found
    svg = ElementTree.fromstring(picture.read_text())
    texts = svg.findall("{http://www.w3.org/2000/svg}text")
    assert [int(t.text) for t in texts] == list(range(1, 26))
    (line,) = svg.findall("{http://www.w3.org/2000/svg}polyline")
    assert len(line.get("points").split()) == 25


def test_a_trace_needs_an_automaton(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = invoke(capsys, "run", "knight-tour", "--impl", "iterative", "--trace", "x.jsonl")
    assert code == 2 and not out
    assert len(err.strip().splitlines()) == 1 and "--impl automaton" in err


def test_the_plain_loop_has_the_automatons_protocol(capsys: pytest.CaptureFixture[str]) -> None:
    """The iterative program asks the model the automaton's questions and takes its actions: with the
    lines of the state machine itself left out, the protocols show the same actions in the same
    order and the same questions (the loop asks "all-tours mode?" after recording a tour, the
    automaton before: a difference the two protocols make visible)."""
    argv = ("run", "knight-tour", "--board", "3x4", "--start", "2,4", "--protocol=input,output")
    code, loop, _ = invoke(capsys, *argv, "--impl", "iterative")
    assert code == 0
    code, machine, _ = invoke(capsys, *argv, "--impl", "automaton")
    assert code == 0
    actions = [line for line in loop.splitlines() if line.startswith("* ")]
    assert len(actions) > 10 and actions == [line for line in machine.splitlines() if line.startswith("* ")]
    questions = sorted(line for line in loop.splitlines() if line.startswith("i "))
    assert len(questions) > 30 and questions == sorted(line for line in machine.splitlines() if line.startswith("i "))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--board", "8by8"], "--board"),
        (["--board", "0x5"], "--board"),
        (["--board", "200x2"], "--board"),
        (["--start", "9,1"], "outside the 8x8 board"),
        (["--optimizations", "1,5"], "--optimizations"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = invoke(capsys, "run", "knight-tour", *argv)
    assert code == 2 and not out
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


# ---- verify -------------------------------------------------------------------------------------


def test_verify_json_lists_every_cell(capsys: pytest.CaptureFixture[str]) -> None:
    document = as_json(capsys, "verify", "knight-tour", "--board", "3x4")
    assert document["agree"] is True
    assert len(document["cells"]) == 12
    cell = document["cells"][0]
    assert {"start", "agree", "found", "returns", "restarts"} <= set(cell)
    assert {"iterative", "recursive", "automaton"} <= set(document["impls"])


def test_verify_text_is_laid_out_like_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = invoke(capsys, "verify", "knight-tour", "--board", "3x7", "--optimizations", "1-3")
    assert code == 0
    lines = out.splitlines()
    row2 = next(line for line in lines if line.startswith("2 |"))
    assert row2.split()[2:] == ["x", "0", "x", "-", "x", "0", "x"]  # parity, and no tour from 2,4
    assert "agree:" in out


def test_verify_one_cell_all_tours(capsys: pytest.CaptureFixture[str]) -> None:
    document = as_json(capsys, "verify", "knight-tour", "--board", "5x5", "--start", "3,3", "--all-tours",
                       "--optimizations", "1,2")
    assert document["agree"] is True and document["tours"] == 64 and document["cells"] == [
        {"start": [3, 3], "agree": True, "found": True, "returns": document["cells"][0]["returns"],
         "restarts": 0, "gave_up": False, "impossible_start": False, "tours": 64}
    ]


# ---- compare ------------------------------------------------------------------------------------


def test_compare_json_summarizes_each_set(capsys: pytest.CaptureFixture[str]) -> None:
    document = as_json(capsys, "compare", "knight-tour", "--board", "8x8", "--sets", "1+3,1-3,1-4")
    sets = {s["set"]: s for s in document["sets"]}
    assert set(sets) == {"1+3", "1-3", "1-4"}
    assert sets["1-4"]["zero_returns"] == 64 and sets["1-4"]["max_returns"] == 0
    assert sets["1+3"]["found"] == 64 and sets["1+3"]["zero_returns"] < 64
    assert {"gave_up", "impossible", "total_returns", "with_returns"} <= set(sets["1+3"])


def test_compare_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = invoke(capsys, "compare", "knight-tour", "--board", "5x5", "--sets", "1-4,none",
                          "--max-returns", "2000")
    assert code == 0
    assert out.splitlines()[1].split()[:3] == ["set", "tours", "0"]
    assert any(line.startswith("1-4 ") for line in out.splitlines())


def test_compare_rejects_a_bad_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = invoke(capsys, "compare", "knight-tour", "--sets", "1+7")
    assert code == 2 and "--sets" in err


# ---- a mutated spec against the references (what automata mutate does) ------------------------


def verify_mutant(spec, **params: str) -> Verdict:
    """The iterative reference against the automaton running `spec`, from every start cell of the
    board (or the one given) until one disagrees."""
    program = load_program(SPEC_PATH).with_spec(spec)
    base = parse_case(params)
    cells = [base.start] if "start" in params else board_cells(base.rows, base.cols)
    for cell in cells:
        verdict = verify_case(program, str(cell), base.with_start(cell), ["iterative", "automaton"]).verdict
        if not verdict.agree:
            break
    return verdict


def test_the_real_spec_agrees() -> None:
    verdict = verify_mutant(load_spec(SPEC_PATH), board="5x5")
    assert verdict.agree and set(verdict.runs) == {"iterative", "automaton"}


def test_verify_spec_catches_a_mutant_that_forgets_to_take_back() -> None:
    spec = load_spec(SPEC_PATH)
    arcs = tuple(dataclasses.replace(arc, actions=()) if arc.actions == ("z8",) and arc.source == 1 else arc
                 for arc in spec.arcs)
    verdict = verify_mutant(dataclasses.replace(spec, arcs=arcs), board="3x4", start="2,4", optimizations="none")
    assert not verdict.agree
    assert verdict.divergence.expected[0] == "take_back"


class _SkippingObserver:
    """Drops the first take-back: an automaton that forgot to report one return."""

    def __init__(self, target: object) -> None:
        self.target, self.dropped = target, False

    def emit(self, kind: str, *data: object) -> None:
        if kind == "take_back" and not self.dropped:
            self.dropped = True
            return
        self.target.emit(kind, *data)


def test_verify_exits_1_and_shows_the_first_divergence(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import solvers.knight_tour.program as program

    honest = program.make_context
    calls = []

    def a_faulty_automaton(case, observer):
        calls.append(case)
        # make_context runs once per implementation, the iterative reference first: from the second
        # run of each case on (the automaton's), the model drops its first take-back.
        return honest(case, _SkippingObserver(observer) if len(calls) % 2 == 0 else observer)

    monkeypatch.setattr(program, "make_context", a_faulty_automaton)
    # --jobs 1: the fault is patched into this process; worker processes import the honest module.
    code, out, _ = invoke(capsys, "verify", "knight-tour", "--board", "3x4", "--optimizations", "none",
                          "--impl", "automaton", "--jobs", "1")
    assert code == 1
    assert "DIFFER: first divergence between iterative and automaton" in out
    assert "take_back" in out and "!" in out
    code, out, _ = invoke(capsys, "verify", "knight-tour", "--board", "3x4", "--optimizations", "none",
                          "--impl", "automaton", "--json", "--jobs", "1")
    document = json.loads(out)
    assert code == 1 and document["agree"] is False
    assert document["divergence"]["start"] == [1, 1] and not document["cells"][0]["agree"]


def test_verify_spec_sees_which_final_state_was_reached() -> None:
    spec = load_spec(SPEC_PATH)
    # "Tour found" redirected to "Search exhausted": each final state reports its own outcome.
    arcs = tuple(dataclasses.replace(arc, target=4) if (arc.source, arc.target) == (1, 2) else arc for arc in spec.arcs)
    verdict = verify_mutant(dataclasses.replace(spec, arcs=arcs), board="5x5", start="1,1")
    assert not verdict.agree
    assert (verdict.divergence.expected, verdict.divergence.actual) == (("found",), ("no_tour", "exhausted"))


def test_verify_spec_in_all_tours_mode_catches_a_missing_take_back_after_a_tour() -> None:
    spec = load_spec(SPEC_PATH)
    arcs = tuple(dataclasses.replace(arc, actions=()) if arc.source == 3 and arc.target == 1 else arc for arc in spec.arcs)
    verdict = verify_mutant(dataclasses.replace(spec, arcs=arcs), board="3x4", all_tours="true")
    # Without the take-back the automaton stays on the complete path and counts it again and again;
    # the step budget stops it.
    assert not verdict.agree
    assert (verdict.divergence.expected, verdict.divergence.actual) == (("take_back", 2, 1), ("found",))
