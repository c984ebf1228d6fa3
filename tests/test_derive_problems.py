"""The automata derived from the shipped problems' programs (docs/derive.md), kept honest.

tests/data/derive/regenerate.py lists them: the knight's tour's, the queens' (column searches,
their recursion, fewest free cells) and the eight puzzle's loops, the tutorial's maze, and for
each hand-written spec a variant of its program from which derive makes that very automaton.
Each committed spec must be what derive makes now, pass `automata check` with no finding, be
minimal, and verify equal to its programs on their cases through the program contract; each
variant must be equivalent to its hand-written spec (`automata equiv`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from core_support import run_cli

from automata.analysis.cases import case_items, verify_program
from automata.analysis.check import check_file
from automata.io.drawing import stale_diagrams
from automata.runtime.program import load_program

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "derive"
for folder in (DATA, ROOT / "docs" / "tutorial"):
    if str(folder) not in sys.path:
        sys.path.append(str(folder))

import regenerate  # tests/data/derive/regenerate.py

NAMES = list(regenerate.TARGETS)

# derived spec -> the hand-written spec it is equivalent to, and the names to match by hand
# (the derived queens specs call the model's place_next_queen, the hand-written ones the
# context's place_queen: the same action under two names)
EQUIVALENT = {
    "maze": ("docs/tutorial/maze.yaml", ()),
    "knight_tour_like_the_spec": ("specs/knight_tour.yaml", ()),
    "queens_backtracking_like_the_spec": ("specs/queens_backtracking.yaml", ("--map", "z3=z1")),
    "queens_prolog_like_the_spec": ("specs/queens_prolog.yaml", ("--map", "z3=z1")),
    "queens_mrv_like_the_spec": ("specs/queens_mrv.yaml", ()),
    "eight_puzzle": ("specs/eight_puzzle.yaml", ()),
}


def spec_path(name: str) -> Path:
    return regenerate.DERIVED / f"{name}.yaml"


@pytest.mark.parametrize("name", NAMES)
def test_the_committed_spec_is_what_derive_makes_of_its_program(name: str) -> None:
    assert spec_path(name).read_text(encoding="utf-8") == regenerate.derived_text(name), (
        f"{spec_path(name).name} is out of date: run `python3 tests/data/derive/regenerate.py` and commit")


@pytest.mark.parametrize("name", NAMES)
def test_the_derived_spec_passes_check_and_is_minimal(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert check_file(spec_path(name)) == []
    code, out, err = run_cli(capsys, "minimize", "--json", str(spec_path(name)))
    assert code == 0, err
    report = json.loads(out)
    assert report["minimal_states"] == report["states"] and report["unreachable"] == []


@pytest.mark.parametrize("name", NAMES)
def test_the_derived_spec_verifies_equal_to_its_programs(name: str) -> None:
    program = load_program(spec_path(name))
    report = verify_program(program, case_items(program))
    assert len(program.implementation_names()) >= 3  # a plain program at least, and the two engines
    difference = report.first_difference
    assert difference is None, f"{name}: case {difference.name}: {difference.verdict.divergence.describe()}"


@pytest.mark.parametrize("name", list(EQUIVALENT))
def test_the_variant_derives_the_hand_written_automaton(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    hand_written, options = EQUIVALENT[name]
    code, out, err = run_cli(capsys, "equiv", "--by-call", *options, str(spec_path(name)), str(ROOT / hand_written))
    assert code == 0, out + err
    assert " are equivalent " in out


def test_the_pictures_of_the_derived_specs_are_up_to_date() -> None:
    stale = stale_diagrams([spec_path(name) for name in regenerate.DRAWN], regenerate.IMAGES)
    assert not stale, f"run `python3 tests/data/derive/regenerate.py` and commit docs/images/derive: {stale}"
