"""Each shipped spec's default cases (its program's CASES) exercise everything the spec can do:
every reachable arc, state, output and final state, boundaries included (issue 10)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from core_support import run_cli

SPECS = sorted(path.name for path in (Path(__file__).parents[1] / "specs").glob("*.yaml"))


def test_every_shipped_spec_is_checked() -> None:
    assert len(SPECS) == 10


@pytest.mark.parametrize("spec", SPECS)
def test_the_default_cases_cover_every_reachable_arc_and_final_state(capsys: pytest.CaptureFixture[str], spec: str) -> None:
    code, out, err = run_cli(capsys, "verify", f"specs/{spec}", "--json", "--require-coverage")
    document = json.loads(out)
    assert document["agree"], err
    coverage = document["coverage"]
    for part in ("arcs", "states", "final_states", "outputs"):
        assert coverage[part]["missed"] == [], (part, coverage[part])
    assert coverage["complete"] is True and code == 0
