"""Each shipped spec's default cases (its program's CASES) exercise everything the spec can do:
every reachable arc, state, output and final state, boundaries included (issue 10)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from core_support import run_cli

from automata.io.loader import load_spec

SPECS = sorted(path.name for path in (Path(__file__).parents[1] / "specs").glob("*.yaml"))

# Arcs no case can take, as (source, target, guard), with the invariant that rules each out: the
# graph must be complete (an arc for every valuation of a state's inputs).
DEAD_END_ON_AN_EMPTY_BOARD = (0, 3, "!x1 & !x2 & !x3")  # with no queen on the board the column to
# fill is the first, and every row of it is free
INFEASIBLE = {
    "queens_backtracking.yaml": {DEAD_END_ON_AN_EMPTY_BOARD},
    "queens_prolog.yaml": {DEAD_END_ON_AN_EMPTY_BOARD},
}


def test_every_shipped_spec_is_checked() -> None:
    assert len(SPECS) == 7 and set(INFEASIBLE) <= set(SPECS)


@pytest.mark.parametrize("spec", SPECS)
def test_the_default_cases_cover_every_reachable_arc_and_final_state(capsys: pytest.CaptureFixture[str], spec: str) -> None:
    code, out, err = run_cli(capsys, "verify", f"specs/{spec}", "--json", "--require-coverage")
    document = json.loads(out)
    assert document["agree"], err
    coverage = document["coverage"]
    for part in ("states", "final_states", "outputs"):
        assert coverage[part]["missed"] == [], (part, coverage[part])
    arcs = load_spec(f"specs/{spec}").arcs
    missed = {(arcs[index].source, arcs[index].target, arcs[index].guard_text) for index in coverage["arcs"]["missed"]}
    assert missed == INFEASIBLE.get(spec, set())
    assert code == (1 if spec in INFEASIBLE else 0)
