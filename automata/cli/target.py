"""What `automata step` and `automata player` run: a problem or a spec, and one case of it.

    automata player knight-tour --board 5x5 --start 1,1 -o tour.html
    automata player specs/knight_tour.yaml -p board=5x5 -p start=1,1 -o tour.html
    automata step tests/data/hanoi/hanoi.yaml --case "three disks"

TARGET is a shipped problem (its spec; `--spec STEM` picks one when it ships several) or the path
of a spec with a program module (runtime/program.py). The case is `--case NAME` from the program's
CASES, or parameters for its `parse_case`: `-p KEY=VALUE`, or any other `--key value` option,
which is read as the parameter `key` (dashes become underscores). Without either, the program's
first case runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import click

from ..errors import InputError
from ..io.files import project_path
from ..runtime.program import Program, load_program, parse_params
from .problems import load_problems
from .verbs import looks_like_spec

# The extra `--key value` options become parameters, so the command must let click pass them on.
CASE_CONTEXT = {"ignore_unknown_options": True, "allow_extra_args": True}


@dataclass(frozen=True)
class Target:
    program: Program
    case_name: str
    case: Any


def target_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """TARGET, --spec, --case, -p and --engine; the command also needs `context_settings=CASE_CONTEXT`."""
    for option in (
        click.option("--engine", type=click.Choice(("transitions", "generated")), default="transitions",
                     show_default=True, help="Run the spec on transitions or as the code generated from it."),
        click.option("-p", "--param", "params", multiple=True, metavar="KEY=VALUE",
                     help="A parameter of the case (read by the program's parse_case); repeatable."),
        click.option("--case", "case_name", default=None, metavar="NAME", help="A case of the program's CASES."),
        click.option("--spec", "spec_stem", default=None, metavar="STEM",
                     help="For a problem with several specs: which one, by file name (e.g. queens_mrv)."),
        click.argument("target", metavar="PROBLEM|SPEC"),
    ):
        command = option(command)
    return command


def extra_params(args: Sequence[str]) -> dict[str, str]:
    """`--board 5x5 --start=1,1 --all-tours` as {"board": "5x5", "start": "1,1", "all_tours": "true"}."""
    params: dict[str, str] = {}
    position = 0
    while position < len(args):
        arg = args[position]
        if not arg.startswith("--") or len(arg) < 3:
            raise click.UsageError(f"unexpected argument {arg!r}: case options are --key value, -p KEY=VALUE or --case NAME")
        key, has_value, value = arg[2:].partition("=")
        if not has_value:
            if position + 1 < len(args) and not args[position + 1].startswith("--"):
                position += 1
                value = args[position]
            else:
                value = "true"  # a flag such as --all-tours
        params[key.replace("-", "_")] = value
        position += 1
    return params


def _spec_of_problem(name: str, spec_stem: str | None) -> str:
    problem = load_problems().get(name)
    specs = list(problem.specs)
    if spec_stem is not None:
        chosen = [spec for spec in specs if spec.rsplit("/", 1)[-1].removesuffix(".yaml") == spec_stem]
        if not chosen:
            raise click.BadParameter(f"problem '{name}' has no spec {spec_stem!r}; its specs: "
                                     f"{', '.join(spec.rsplit('/', 1)[-1].removesuffix('.yaml') for spec in specs)}",
                                     param_hint="--spec")
        return chosen[0]
    if len(specs) != 1:
        stems = ", ".join(spec.rsplit("/", 1)[-1].removesuffix(".yaml") for spec in specs)
        raise click.UsageError(f"problem '{name}' ships {len(specs)} specs; choose one with --spec ({stems})")
    return specs[0]


def _program(spec_path: str) -> Program:
    """The spec's program; a pure Mealy machine has none of its own: its case is a word."""
    from ..io.loader import load_spec
    from ..runtime.word_program import word_program

    spec = load_spec(spec_path)
    return word_program(spec) if spec.is_pure else load_program(spec_path)


def resolve_target(target: str, spec_stem: str | None, case_name: str | None, params: Sequence[str],
                   extra: Sequence[str]) -> Target:
    """The program and the case the options name."""
    if looks_like_spec(target):
        if spec_stem is not None:
            raise click.UsageError("--spec chooses among a problem's specs; TARGET is already a spec file")
        spec_path = target
    else:
        spec_path = str(project_path(_spec_of_problem(target, spec_stem)))
    program = _program(spec_path)
    values = {**parse_params(params), **extra_params(extra)}
    if values and case_name is not None:
        raise click.UsageError("give either --case NAME or case parameters, not both")
    if values:
        label = " ".join(f"{key}={value}" for key, value in values.items())
        return Target(program, label, program.case_from_params(values))
    if case_name is not None:
        return Target(program, case_name, program.case(case_name))
    if not program.cases and program.spec.is_pure:
        raise click.UsageError(f"{program.spec.automaton} is a pure Mealy machine: give the word to run, --word A,B,C")
    if not program.cases:
        raise InputError(f"{program.module_name} defines no CASES: describe the case with -p KEY=VALUE")
    name, case = next(iter(program.cases.items()))
    return Target(program, name, case)
