"""What `automata step` and `automata player` run: a problem or a spec, and one case of it.

    automata player knight-tour --board 5x5 --start 1,1 -o tour.html
    automata player specs/knight_tour.yaml -p board=5x5 -p start=1,1 -o tour.html
    automata step tests/data/hanoi/hanoi.yaml --case "three disks"

TARGET is a shipped problem (its spec; `--spec STEM` picks one when it ships several) or the path
of a spec with a program module (runtime/program.py). The case options are those of every command
that runs a case (cli/case_options.py): `--case NAME`, `-p KEY=VALUE`, or any other `--key value`.
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

__all__ = ["CASE_CONTEXT", "Target", "resolve_target", "target_options"]


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


def resolve_target(target: str, spec_stem: str | None, case_names: Sequence[str], params: Sequence[str],
                   extra: Sequence[str], command: click.Command | None = None) -> Target:
    """The program and the case the options name (`extra`: the command's unknown --key value options)."""
    if looks_like_spec(target):
        if spec_stem is not None:
            raise click.UsageError("--spec chooses among a problem's specs; TARGET is already a spec file")
        spec_path = target
    else:
        spec_path = str(project_path(_spec_of_problem(target, spec_stem)))
    values = case_values(params, extra, command)  # bad options are refused before the program is imported
    program = load_program(spec_path)
    (name, case), = chosen_cases(program, case_names, values, one=True)
    return Target(program, name, case)
