"""The problem registry: each search problem plugs its commands into the CLI through an entry point.

`solvers/<problem>/problem.py` defines `PROBLEM = Problem(...)`; `pyproject.toml` registers it in
the entry-point group `automata.problems`. The framework itself knows nothing of any problem.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import click

    from ..analysis.verify import Verdict
    from ..model.spec import Spec

ENTRY_POINT_GROUP = "automata.problems"


@dataclass(frozen=True)
class Problem:
    name: str
    summary: str
    specs: tuple[str, ...]  # relative to the project root
    commands: Mapping[str, click.Command]  # verb ("run", "verify", "compare", "space") -> command
    # `verify_spec(spec, argv, sinks=())`: parse `argv` as the problem's verify options, run the
    # reference against the automaton built from `spec` (perhaps a mutant), with `sinks` attached
    # to every automaton run, and return the Verdict. `automata mutate` needs it.
    verify_spec: Callable[..., Verdict] | None = None
    # Command lines (without the leading `automata`) that `automata demo` runs to show the problem off.
    demo: tuple[tuple[str, ...], ...] = ()
    # For each spec (its path, as in `specs`), the verify option sets (argv for verify_spec) that
    # `automata mutate` runs when given none: together they should take every arc and reach every
    # final state of that spec.
    mutation_suite: Mapping[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)

    def suite_for(self, spec: Spec) -> tuple[tuple[str, ...], ...]:
        """The mutation suite of `spec`, matched by file name so that a copy of a spec finds it too."""
        for path, cases in self.mutation_suite.items():
            if PurePosixPath(path).stem == spec.stem:
                return cases
        return ()


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

    def owner_of(self, spec_file: str | Path) -> Problem:
        """The problem that ships `spec_file` (listed in its `specs`)."""
        from ..errors import InputError
        from ..io.files import project_relative
        from ..io.loader import locate_spec

        wanted = project_relative(locate_spec(spec_file))
        for problem in self.problems.values():
            if wanted in problem.specs:
                return problem
        raise InputError(f"no problem ships {spec_file}; name the problem that should judge it with --problem NAME")

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
