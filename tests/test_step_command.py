"""`automata step`: the terminal stepper, driven over plain stdin."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from core_support import run_cli

HANOI = Path(__file__).parent / "data" / "hanoi" / "hanoi.yaml"


def step(capsys, monkeypatch, keys: str, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(keys))
    return run_cli(capsys, "step", *argv)


def records(out: str) -> list[str]:
    return re.findall(r"^step (\d+): .*$", out, re.MULTILINE)


def test_two_steps_then_quit_over_a_pipe():
    """The issue's own check, through the installed console script."""
    # The script installed beside this Python (.venv/bin/automata), whatever PATH says.
    script = Path(sys.executable).with_name("automata")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "automata.cli"]
    done = subprocess.run([*command, "step", "knight-tour", "--board", "5x5", "--start", "1,1"],
                          check=False, input="n\nn\nq\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert records(done.stdout) == ["1", "2"]
    assert "step 1: state 0 (Start) -> state 1 (Choosing a move) by arc 2: !x1 / z2" in done.stdout
    assert "read x1 = 0" in done.stdout and "ran  z2" in done.stdout and "events: start(1, 1)" in done.stdout


def test_it_previews_the_next_step_exactly(capsys, monkeypatch):
    code, out, _ = step(capsys, monkeypatch, "n\n", "knight-tour", "--board", "5x5", "--start", "1,1")
    assert code == 0
    preview = re.findall(r"^next: reads (.*); takes (arc \d+)", out, re.MULTILINE)
    # the second preview is of step 2: what step 2 then did
    assert preview[1] == ("x2=0 x6=0 x5=1", "arc 3")  # arcs counted from 1, as drawn


def test_run_to_a_state_back_and_go_to(capsys, monkeypatch):
    code, out, err = step(capsys, monkeypatch, "s 1\nb\ng 5\nb\nn\nr\nn\n", str(HANOI), "--case", "three disks")
    assert code == 0, err
    assert "23 steps taken; the last one:\nstep 23: state 0 (Working) -> state 1 (Done)" in out
    assert "at step 22" in out and "at step 5" in out and "at step 4" in out
    assert records(out)[-2] == "5", "after going back to 4, n shows step 5 again"
    assert out.rstrip().endswith("the run is over: state 1 (Done) is final")
    assert "no step left: the run is over" in out


def test_bad_commands_are_explained_and_the_stepper_goes_on(capsys, monkeypatch):
    code, out, err = step(capsys, monkeypatch, "jump\ns x\ns 9\nn\n", str(HANOI), "--case", "one disk")
    assert code == 0
    assert "unknown command 'jump'" in err and "state needs a number" in err and "has no state 9" in err
    assert records(out) == ["1"]


def test_end_of_input_quits_and_the_generated_code_steps_alike(capsys, monkeypatch):
    outputs = []
    for engine in ("transitions", "generated"):
        code, out, _ = step(capsys, monkeypatch, "n\nn\nn\n", str(HANOI), "--case", "three disks", "--engine", engine)
        assert code == 0
        outputs.append(out)
    assert outputs[0] == outputs[1] and records(outputs[0]) == ["1", "2", "3"]


@pytest.mark.parametrize("argv, message", [
    (("knight-tour", "--board", "5x5", "stray"), "unexpected argument 'stray'"),
    ((str(HANOI), "--case", "one disk", "-p", "n=2"), "either --case NAME or case parameters"),
    (("queens", "--spec", "nope"), "has no spec 'nope'"),
])
def test_bad_targets_exit_2(capsys, monkeypatch, argv, message):
    code, _, err = step(capsys, monkeypatch, "q\n", *argv)
    assert code == 2 and message in err


def test_a_system_steps_into_over_and_out_of_the_called_automaton(capsys, monkeypatch):
    """specs/knight_tour_system.yaml: A0 calls A1 and then tests A1's state (y1 == 1)."""
    code, out, err = step(capsys, monkeypatch, "n\nu\nn\nb\nb\no\n", "specs/knight_tour_system.yaml")
    assert code == 0, err
    lines = out.splitlines()
    # at the start: what A0's step does, and that its call can be stepped into or over
    assert "next: A0 takes arc 2: !x1 / z2, z6 to state 1 (Attempt over); on the way 25 steps of A1" in out
    # n steps into A1: its first step, said to be inside A0's
    assert "step 1: A1 state 0 (Choosing a move) -> state 0 (Choosing a move) by arc 1: !x1 & !x5 & x4 / z2  [A0 › A1]" in lines
    # u finishes A1's work and shows A0's step that called it; then A0 tests A1's state as one value
    assert "step 26: A0 state 0 (Start) -> state 1 (Attempt over) by arc 2: !x1 / z2, z6" in lines
    assert "next: A0 reads y1 = 1; takes arc 3: y1 == 1 to state 2 (Tour found)" in lines
    assert "  read y1 = 1  A1 is in state 1 (Tour found)" in lines
    # back twice (to step 25, inside A1), then o: over to the end of A0's step
    assert "at step 25" in out and out.count("step 26: A0") == 2
    assert "internal error" not in err


def test_state_tests_read_as_one_variable():
    from automata.model.guards import readings_text

    assert readings_text([("x1", False), ("y1=1", False), ("y1=3", True), ("y2=0", False)]) == ["x1=0", "y1 = 3", "y2 ≠ 0"]
    assert readings_text([("y1=1", False), ("y1=4", False)]) == ["y1 ∉ {1, 4}"]
