"""The problem registry: each search problem plugs its commands into the CLI through an entry point.

`solvers/<problem>/problem.py` defines `PROBLEM = Problem(...)`; `pyproject.toml` registers it in
the entry-point group `automata.problems`. The framework itself knows nothing of any problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import click

ENTRY_POINT_GROUP = "automata.problems"


@dataclass(frozen=True)
class Problem:
    name: str
    summary: str
    specs: tuple[str, ...]  # relative to the project root
    commands: Mapping[str, click.Command]  # verb ("run", "verify", "compare", "space") -> command
    # Command lines (without the leading `automata`) that `automata demo` runs to show the problem off.
    # (What `automata mutate` runs comes from each spec's program: automata.runtime.program.)
    demo: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Registry:
    problems: dict[str, Problem]
    failures: dict[str, str] = field(default_factory=dict)  # entry point name -> why it did not load

    def get(self, name: str) -> Problem:
        from ..errors import InputError

        if name in self.problems:
            return self.problems[name]
        if name in self.failures:
            raise InputError(f"problem '{name}' failed to load: {self.failures[name]}")
        known = ", ".join(sorted(self.problems)) or "none"
        raise InputError(f"unknown problem '{name}'; known problems: {known}")

    def verbs(self) -> list[str]:
        return sorted({verb for problem in self.problems.values() for verb in problem.commands})


def load_problems() -> Registry:
    problems: dict[str, Problem] = {}
    failures: dict[str, str] = {}
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        try:
            problem = entry.load()
        except Exception as error:  # one broken plugin must not take the whole CLI down
            failures[entry.name] = f"{type(error).__name__}: {error}"
            continue
        problems[problem.name] = problem
    return Registry(dict(sorted(problems.items())), failures)
