"""What `automata step` and `automata player` run: a problem or a spec, and one case of it.

    automata player knight-tour --board 5x5 --start 1,1 -o tour.html
    automata player specs/knight_tour.yaml -p board=5x5 -p start=1,1 -o tour.html
    automata step tests/data/hanoi/hanoi.yaml --case "three disks"

TARGET is a shipped problem (its spec; `--spec STEM` picks one when it ships several, and so does
the case option a problem names for it: `automata player queens --n 8 --algorithm mrv`) or the
path of a spec with a program module (runtime/program.py). The case is `--case NAME` from the program's
CASES, or parameters for its `parse_case`: `-p KEY=VALUE`, or any other `--key value` option,
which is read as the parameter `key` (dashes become underscores). Without either, the program's
first case runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import click

from ..io.files import project_path
from ..runtime.program import Program, load_program
from .case_options import CASE_CONTEXT, case_options, case_values, chosen_cases
from .problems import load_problems
from .verbs import looks_like_spec

__all__ = ["CASE_CONTEXT", "Target", "resolve_target", "spec_of_target", "target_options"]


@dataclass(frozen=True)
class Target:
    program: Program
    case_name: str
    case: Any


def target_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """TARGET, --spec, --case, -p and --engine; the command also needs `context_settings=CASE_CONTEXT`
    and receives `case_names` (at most one) and `params`."""
    command = case_options(repeatable=False)(command)
    for option in (
        click.option("--engine", type=click.Choice(("transitions", "generated")), default="transitions",
                     show_default=True, help="Run the spec on transitions or as the code generated from it."),
        click.option("--spec", "spec_stem", default=None, metavar="STEM",
                     help="For a problem with several specs: which one, by file name (e.g. queens_mrv)."),
        click.argument("target", metavar="PROBLEM|SPEC"),
    ):
        command = option(command)
    return command


def _stem(spec: str) -> str:
    return spec.rsplit("/", 1)[-1].removesuffix(".yaml")


def _spec_of_problem(name: str, spec_stem: str | None, values: dict[str, str]) -> str:
    """The spec of problem `name` the options choose: `--spec STEM`, or the case option the problem
    picks its spec by (queens: `--algorithm mrv`), which is then no parameter of the case."""
    problem = load_problems().get(name)
    specs = list(problem.specs)
    choice = problem.spec_choice
    if choice is not None and choice.option in values:
        if spec_stem is not None:
            raise click.UsageError(f"give either --spec or --{choice.option.replace('_', '-')}, not both")
        wanted = values.pop(choice.option)
        if wanted not in choice.specs:
            raise click.BadParameter(f"{wanted!r} is not one of {', '.join(choice.specs)}",
                                     param_hint=f"--{choice.option.replace('_', '-')}")
        return choice.specs[wanted]
    if spec_stem is not None:
        chosen = [spec for spec in specs if _stem(spec) == spec_stem]
        if not chosen:
            raise click.BadParameter(f"problem '{name}' has no spec {spec_stem!r}; its specs: "
                                     f"{', '.join(_stem(spec) for spec in specs)}", param_hint="--spec")
        return chosen[0]
    if choice is not None:
        return choice.specs[choice.default]
    if len(specs) != 1:
        raise click.UsageError(f"problem '{name}' ships {len(specs)} specs; choose one with --spec "
                               f"({', '.join(_stem(spec) for spec in specs)})")
    return specs[0]


def spec_of_target(target: str, spec_stem: str | None, values: dict[str, str]) -> str:
    """The path of the spec TARGET names (a spec file, or a shipped problem's spec); the option
    that chose a problem's spec is taken out of `values`."""
    if looks_like_spec(target):
        if spec_stem is not None:
            raise click.UsageError("--spec chooses among a problem's specs; TARGET is already a spec file")
        return target
    return str(project_path(_spec_of_problem(target, spec_stem, values)))


def _program(spec_path: str) -> Program:
    """The spec's program; a pure Mealy machine has none of its own: its case is a word."""
    from ..io.loader import load_spec
    from ..runtime.word_program import word_program

    spec = load_spec(spec_path)
    return word_program(spec) if spec.is_pure else load_program(spec)


def resolve_target(target: str, spec_stem: str | None, case_names: Sequence[str], params: Sequence[str],
                   extra: Sequence[str], command: click.Command | None = None) -> Target:
    """The program and the case the options name (`extra`: the command's unknown --key value options)."""
    values = case_values(params, extra, command)  # bad options are refused before the program is imported
    program = _program(spec_of_target(target, spec_stem, values))
    if program.spec.is_pure and not values and not case_names:
        raise click.UsageError(f"{program.spec.automaton} is a pure Mealy machine: give the word to run, --word A,B,C")
    (name, case), = chosen_cases(program, case_names, values, one=True)
    return Target(program, name, case)
