"""The committed diagrams match the specs. DOT sources are compared byte for byte; SVG files only
have to exist, because their bytes change with the graphviz version."""

from __future__ import annotations

import pytest

from automata.io.files import DIAGRAMS_DIR, SPECS_DIR, display_path
from automata.io.drawing import stale_diagrams

SPECS = sorted(SPECS_DIR.glob("*.yaml"))


@pytest.mark.parametrize("spec_path", SPECS, ids=lambda path: path.stem)
def test_committed_diagrams_match_the_spec(spec_path):
    stale = stale_diagrams([spec_path], DIAGRAMS_DIR)
    assert not stale, (
        f"diagrams of {display_path(spec_path)} are missing or out of date: {', '.join(stale)}; "
        "run `automata draw` and commit the diagrams/ folder"
    )
