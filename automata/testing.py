"""Testing one's own automaton with pytest: equivalence in one line, a fixture for a spec's cases,
and a hypothesis strategy for generated cases.

    from automata.testing import assert_equivalent

    def test_the_loop_the_recursion_and_the_automaton_agree():
        assert_equivalent("hanoi.yaml")                # every case of the program's CASES

A failing assertion's message is the first divergence: the case, the event where the streams part
and a few events either side. The pytest plugin (registered through the `pytest11` entry point,
so installing the package is enough) adds a marker and a fixture:

    @pytest.mark.automaton("hanoi.yaml")               # relative to the test file's folder
    def test_each_case(automaton_case):                 # one test per case, named after it
        automaton_case.assert_equivalent()

Relative spec paths are read from the folder of the calling test file when they are not found in
the working directory, so a test runs the same from anywhere.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported when used: pytest loads this module as a plugin in every run
    from .analysis.cases import ProgramReport
    from .runtime.program import Program

__all__ = ["AutomatonCase", "assert_equivalent", "case_strategy", "load", "spec_cases"]


def _resolve(spec: str | Path) -> Path:
    """A spec path as given, or relative to the folder of the test file that named it."""
    path = Path(spec)
    if path.is_absolute() or path.exists():
        return path
    here = Path(__file__).resolve()
    frame = inspect.currentframe()
    while frame is not None and Path(frame.f_code.co_filename).resolve() == here:
        frame = frame.f_back
    if frame is None:
        return path
    beside = Path(frame.f_code.co_filename).resolve().parent / path
    return beside if beside.exists() else path


def load(spec: str | Path | Program) -> Program:
    """The program of a spec (a path, found beside the calling test file if needed)."""
    from .runtime.program import Program, load_program

    return spec if isinstance(spec, Program) else load_program(_resolve(spec))


def _named_cases(program: Program, cases: Any) -> list[tuple[str, Any]]:
    from .analysis.cases import case_items

    if cases is None:
        return case_items(program)
    if isinstance(cases, Mapping):
        return list(cases.items())
    if isinstance(cases, str):
        return [(cases, program.case(cases))]
    items = list(cases)
    if all(isinstance(item, str) and item in program.cases for item in items):
        return [(name, program.case(name)) for name in items]
    return [(f"case {number}", case) for number, case in enumerate(items, start=1)]


def assert_equivalent(spec: str | Path | Program, cases: Any = None, *, implementations: Sequence[str] | None = None,
                      require_coverage: bool = False) -> ProgramReport:
    """Verify every implementation of the spec's program against its reference on `cases`: None
    (all of CASES), a case name, a list of names, a dict of named cases, or a list of case values.
    Raises AssertionError with the first divergence; returns the report when all agree."""
    from .analysis.cases import verify_program

    program = load(spec)
    report = verify_program(program, _named_cases(program, cases), implementations)
    difference = report.first_difference
    if difference is not None:
        assert difference.verdict.divergence is not None
        raise AssertionError(f"{program.spec.path}, case {difference.name!r}: "
                             f"{difference.verdict.divergence.describe()}")
    if require_coverage and not report.coverage.complete:
        gaps = "\n  ".join(report.coverage.gaps())
        raise AssertionError(f"{program.spec.path}: {report.coverage.line()}; not exercised:\n  {gaps}")
    return report


@dataclass(frozen=True)
class AutomatonCase:
    """One case of a spec's program, as the `automaton_case` fixture hands it to a test."""

    program: Program
    name: str
    case: Any

    def assert_equivalent(self, implementations: Sequence[str] | None = None) -> ProgramReport:
        return assert_equivalent(self.program, {self.name: self.case}, implementations=implementations)


def spec_cases(spec: str | Path | Program) -> list[Any]:
    """The program's cases as pytest parameters with their names as ids, for
    `@pytest.mark.parametrize("case", spec_cases("hanoi.yaml"))`."""
    import pytest

    program = load(spec)
    return [pytest.param(AutomatonCase(program, name, case), id=name) for name, case in _named_cases(program, None)]


def case_strategy(spec: str | Path | Program, **parameters: Any) -> Any:
    """A hypothesis strategy of cases: each keyword names a parameter and gives a strategy for its
    value. With a parse_case, the drawn values reach it exactly as `-p key=value` would give them:
    as text, numbers in digits, booleans as true/false and a flat list or tuple as its items joined
    by commas (`[3, 1, 2]` as "3,1,2"); anything else is refused with the parameter named. Without
    parse_case, the drawn values make a dictionary as they are. Use with
    `assert_equivalent(spec, [case])` inside `@given`."""
    from hypothesis import strategies

    program = load(spec)

    def build(values: Mapping[str, Any]) -> Any:
        if program.parse_case is not None:
            return program.parse_case({key: _text(value, key) for key, value in values.items()})
        return dict(values)

    return strategies.fixed_dictionaries(parameters).map(build)


def _text(value: Any, key: str) -> str:
    """A drawn value as the text of `-p key=value` (runtime/program.param_text)."""
    from .runtime.program import param_text

    text = param_text(value)
    if text is None:
        raise TypeError(f"case_strategy: parameter {key!r} drew {value!r:.80}, which `-p {key}=VALUE` cannot spell; "
                        "draw text, numbers, booleans or flat lists of numbers and text for a program with parse_case")
    return text


# ---------------------------------------------------------------------------------------------
# The pytest plugin (entry point `pytest11`: automata = automata.testing)


def pytest_configure(config: Any) -> None:
    config.addinivalue_line(
        "markers", "automaton(spec): the spec whose program's cases parametrize the automaton_case fixture")


def pytest_generate_tests(metafunc: Any) -> None:
    if "automaton_case" not in metafunc.fixturenames:
        return
    marker = metafunc.definition.get_closest_marker("automaton")
    if marker is None or not marker.args:
        raise ValueError(f"{metafunc.definition.nodeid}: the automaton_case fixture needs "
                         "@pytest.mark.automaton('SPEC.yaml')")
    spec = Path(marker.args[0])
    if not spec.is_absolute() and not spec.exists():
        spec = Path(str(metafunc.definition.fspath)).parent / spec
    program = load(spec)
    cases = _named_cases(program, marker.kwargs.get("cases"))
    metafunc.parametrize("automaton_case", [AutomatonCase(program, name, case) for name, case in cases],
                         ids=[name for name, _ in cases])
