"""The random-machine equivalence campaign: many random machines, each run by the transitions
engine, the generated code and the interpreter, in chunks that run anywhere (automata/sweep.py).

A campaign of N examples with seed S is cut into chunks of at most `CHUNK_EXAMPLES` machines; chunk
k draws its machines with its own seed, derived from S and k alone. Each chunk is one hypothesis
search (`hypothesis.find` with `random=Random(chunk seed)`, no example database, generate and shrink
phases only): the same (seed, chunk) draws the same machines in the same order in any process, so
the machines tried, the counts and the report are the same whatever `--jobs` is. The search stops
at the chunk's first disagreement and shrinks it to the smallest machine that still disagrees.
(Shrinking is the only part bounded by wall-clock time, hypothesis's five minutes; a shrink that
long is itself worth reporting.)
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, find, settings
from hypothesis.errors import NoSuchExample

from .random_machines import Difference, Machine, check_machine, machines
from .random_systems import RandomSystem, check_system, systems

CHUNK_EXAMPLES = 50  # machines per chunk: fixed, so that the chunks do not depend on --jobs


@dataclass(frozen=True)
class Chunk:
    """One independent part of a campaign: what a worker needs to run it."""

    index: int
    seed: int  # the chunk's own seed, derived from the campaign's
    examples: int
    systems: bool = False


@dataclass(frozen=True)
class Disagreement:
    """The smallest machine of a chunk on which a runtime differs from the reference."""

    chunk: int
    files: tuple[tuple[str, str], ...]  # (file name, spec text): one file, or a system's three
    answers: str  # repr of the inputs' answers, given in turn and cyclically
    max_steps: int
    difference: Difference
    shrink_candidates: int  # machines run while hypothesis shrank the first one found


@dataclass(frozen=True)
class ChunkResult:
    index: int
    machines: int  # machines checked until the chunk ended or found a disagreement
    steps: int  # the reference's step records over those machines
    disagreement: Disagreement | None = None


def chunk_seed(seed: int, index: int) -> int:
    """A 64-bit seed for chunk `index` of the campaign seeded `seed` (stable across processes and
    Python versions, unlike hash())."""
    digest = hashlib.sha256(f"automata campaign {seed} chunk {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def plan(examples: int, seed: int, systems: bool = False) -> list[Chunk]:
    """The chunks of a campaign: `examples` machines in chunks of `CHUNK_EXAMPLES`, the last smaller."""
    count = math.ceil(examples / CHUNK_EXAMPLES)
    return [Chunk(index, chunk_seed(seed, index), min(CHUNK_EXAMPLES, examples - index * CHUNK_EXAMPLES), systems)
            for index in range(count)]


def search_settings(examples: int) -> settings:
    """Every setting that decides what a search draws is spelled out: a hypothesis profile loaded
    elsewhere (tests/conftest.py) changes nothing here."""
    return settings(max_examples=examples, deadline=None, database=None, derandomize=False,
                    phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck),
                    report_multiple_bugs=False, verbosity=Verbosity.quiet, print_blob=False,
                    backend="hypothesis")


def run_chunk(chunk: Chunk) -> ChunkResult:
    """Check a chunk's machines (in a worker: a top-level function of a picklable case)."""
    strategy: Any
    check: Callable[[Any], tuple[int, Difference | None]]
    strategy, check = (systems(), check_system) if chunk.systems else (machines(), check_machine)
    tally = _Tally()

    def disagrees(machine: Any) -> bool:
        steps, difference = check(machine)
        if tally.found:
            tally.shrink_candidates += 1
        else:
            tally.machines += 1
            tally.steps += steps
            tally.found = difference is not None
        return difference is not None

    try:
        smallest = find(strategy, disagrees, settings=search_settings(chunk.examples), random=Random(chunk.seed))
    except NoSuchExample:
        return ChunkResult(chunk.index, tally.machines, tally.steps)
    _, difference = check(smallest)
    assert difference is not None  # find returns a machine its condition held for
    return ChunkResult(chunk.index, tally.machines, tally.steps,
                       _disagreement(chunk.index, smallest, difference, tally.shrink_candidates))


@dataclass
class _Tally:
    machines: int = 0
    steps: int = 0
    found: bool = False
    shrink_candidates: int = 0


def _disagreement(index: int, machine: Machine | RandomSystem, difference: Difference, shrinks: int) -> Disagreement:
    files = machine.texts if isinstance(machine, RandomSystem) else (("random_machine.yaml", machine.spec_text),)
    return Disagreement(index, files, repr(machine.answers), machine.max_steps, difference, shrinks)


@dataclass(frozen=True)
class CampaignReport:
    """A campaign's chunks, in chunk order (those that finished, when it was interrupted)."""

    examples: int
    seed: int
    systems: bool
    chunks: int
    results: list[ChunkResult] = field(default_factory=list)

    @property
    def interrupted(self) -> bool:
        return len(self.results) < self.chunks

    @property
    def machines(self) -> int:
        return sum(result.machines for result in self.results)

    @property
    def steps(self) -> int:
        return sum(result.steps for result in self.results)

    @property
    def disagreements(self) -> list[Disagreement]:
        return [result.disagreement for result in self.results if result.disagreement is not None]

    def as_json(self) -> dict[str, Any]:
        return {
            "examples": self.examples,
            "seed": self.seed,
            "systems": self.systems,
            "chunks": self.chunks,
            "chunks_done": len(self.results),
            "machines": self.machines,
            "steps": self.steps,
            "disagreements": [_disagreement_json(found) for found in self.disagreements],
        }


def _disagreement_json(found: Disagreement) -> dict[str, Any]:
    difference = found.difference
    return {
        "chunk": found.chunk,
        "files": {name: text for name, text in found.files},
        "answers": found.answers,
        "max_steps": found.max_steps,
        "runtime": difference.runtime,
        "traced": difference.traced,
        "what": difference.what,
        "position": difference.position,
        "expected": difference.expected,
        "got": difference.got,
        "shrink_candidates": found.shrink_candidates,
    }
