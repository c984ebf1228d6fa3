"""The reference implementations' event streams against the streams pinned in tests/golden/.

All implementations of a problem call one model, so a change of the model changes every stream
alike and `verify` passes; the pinned streams do not move with it. When a change of behaviour is
intended, regenerate them on purpose (`python3 tests/golden/regenerate.py`) and read the diff.
"""

from __future__ import annotations

from typing import Any

import pytest
from golden.regenerate import COMMAND, GOLDEN, program_of, read_golden, stream_of


def first_difference(expected: list[Any], actual: list[Any]) -> str:
    index = next((i for i, (a, b) in enumerate(zip(expected, actual)) if a != b), min(len(expected), len(actual)))

    def at(stream: list[Any]) -> str:
        return str(stream[index]) if index < len(stream) else "(stream ended)"

    return f"event #{index + 1}: pinned {at(expected)}, now {at(actual)}"


def differences(stem: str) -> list[str]:
    """The cases of one spec whose stream is no longer the pinned one (or that have none pinned)."""
    pinned = read_golden(stem)
    program = program_of(stem)
    found = []
    names = []
    for name, case in GOLDEN[stem]():
        names.append(name)
        if name not in pinned:
            found.append(f"{name}: no stream pinned")
            continue
        stream = stream_of(program, case, limit=len(pinned[name]) + 10)
        if stream != pinned[name]:
            found.append(f"{name}: {first_difference(pinned[name], stream)}")
    found += [f"{name}: pinned but no longer a golden case" for name in pinned if name not in names]
    return found


@pytest.mark.parametrize("stem", list(GOLDEN))
def test_the_reference_stream_is_the_pinned_one(stem: str) -> None:
    found = differences(stem)
    assert not found, (f"{len(found)} stream(s) of specs/{stem}.yaml changed; if intended, run {COMMAND} "
                       "and read the diff:\n" + "\n".join(found[:10]))


def test_every_algorithm_and_option_set_is_pinned() -> None:
    pinned = {stem: read_golden(stem) for stem in GOLDEN}
    assert len(pinned["knight_tour"]) == 3 * 16 + 2 * 16 + 4  # each optimization set on 5x5 and 3x4
    assert {len(pinned[stem]) for stem in ("queens_backtracking", "queens_prolog", "queens_mrv")} == {4}
    assert len(pinned["queens_las_vegas"]) == 12 and len(pinned["queens_explicit"]) == 2
    assert len(pinned["eight_puzzle"]) == 12
    # The streams end the way each search ends: a tour, a count, a goal, a placement.
    assert pinned["knight_tour"]["3x4 from 2,4, optimizations 1,2,3,4"][-1] == ["found"]
    assert pinned["knight_tour"]["3x4 from 2,4, all tours, optimizations none"][-1] == ["tour_count", 4, "exhausted"]
    assert pinned["eight_puzzle"]["start1, manhattan"][-1] == ["goal", "123/8_4/765", 4]
