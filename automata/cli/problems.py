"""The problem registry: each search problem plugs its commands into the CLI through an entry point.

`solvers/<problem>/problem.py` defines `PROBLEM = Problem(...)`; `pyproject.toml` registers it in
the entry-point group `automata.problems`. The framework itself knows nothing of any problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import click

ENTRY_POINT_GROUP = "automata.problems"


@dataclass(frozen=True)
class SpecChoice:
    """The case option that picks one of a problem's specs: `--algorithm mrv` for the queens."""

    option: str  # as a case parameter: "algorithm"
    specs: Mapping[str, str]  # the option's value -> the spec, relative to the project root
    default: str  # the value when the option is not given (as `automata run` has it)


@dataclass(frozen=True)
class Problem:
    name: str
    summary: str
    specs: tuple[str, ...]  # relative to the project root
    commands: Mapping[str, click.Command]  # verb ("run", "verify", "compare", "space") -> command
    # Command lines (without the leading `automata`) that `automata demo` runs to show the problem off.
    # (What `automata mutate` runs comes from each spec's program: automata.runtime.program.)
    demo: tuple[tuple[str, ...], ...] = ()
    # For a problem with several specs: the case option that chooses one (step, player, docs).
    spec_choice: SpecChoice | None = None


class Registry:
    """The installed problems, each imported only when asked for: a command on one problem never
    waits for the others (nor for a broken one) to import."""

    def __init__(self, entries: Mapping[str, Any]) -> None:
        self._entries = dict(sorted(entries.items()))  # entry point name -> importlib.metadata.EntryPoint
        self._loaded: dict[str, Problem] = {}
        self.failures: dict[str, str] = {}  # entry point name -> why it did not load

    def _load(self, name: str) -> Problem | None:
        if name in self._loaded:
            return self._loaded[name]
        if name in self.failures or name not in self._entries:
            return None
        try:
            problem = self._entries[name].load()
        except Exception as error:  # one broken plugin must not take the whole CLI down
            self.failures[name] = f"{type(error).__name__}: {error}"
            return None
        self._loaded[name] = problem
        return problem

    @property
    def names(self) -> list[str]:
        return list(self._entries)

    @property
    def problems(self) -> dict[str, Problem]:
        """Every problem that loads, by name (this imports them all)."""
        loaded = {name: self._load(name) for name in self._entries}
        return {name: problem for name, problem in loaded.items() if problem is not None}

    def get(self, name: str) -> Problem:
        from ..errors import InputError

        problem = self._load(name)
        if problem is not None:
            return problem
        if name in self.failures:
            raise InputError(f"problem '{name}' failed to load: {self.failures[name]}")
        known = ", ".join(self._entries) or "none"
        raise InputError(f"unknown problem '{name}'; known problems: {known}")

    def verbs(self) -> list[str]:
        return sorted({verb for problem in self.problems.values() for verb in problem.commands})


def load_problems() -> Registry:
    from importlib.metadata import entry_points

    return Registry({entry.name: entry for entry in entry_points(group=ENTRY_POINT_GROUP)})
