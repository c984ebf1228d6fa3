"""The case options, the same on every command that runs a case of a spec's program.

    automata run hanoi.yaml --case "three disks"
    automata verify bsearch.yaml --items 1,2 --target 2      # any other --key value: a parameter
    automata step bsearch.yaml -p items=1,2 -p target=2      # the same case, spelt with -p

A case is `--case NAME` (from the program's CASES; repeatable where a command takes several), or
parameters for the program's `parse_case`: `-p KEY=VALUE`, or any `--key value` option the command
does not know itself, read as the parameter `key` (dashes become underscores; a bare `--flag` is
`flag=true`). Without either, run, step and player take the program's first case and verify and
mutate take all of them. An unknown option that looks like a misspelling of one of the command's
own (`--imp`, `--max-step`) is refused rather than taken as a parameter.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import click

from ..analysis.cases import case_items
from ..runtime.program import Program, parse_params
from .support import BoundedInt

# The extra `--key value` options become parameters, so the command must let click pass them on.
CASE_CONTEXT = {"ignore_unknown_options": True, "allow_extra_args": True}


# The automaton's step limit, on every command that runs a case on it (run, verify, step).
max_steps_option = click.option(
    "--max-steps", type=BoundedInt(1, 10**12), default=None,
    help="Stop an automaton run after this many steps [default: the program's step_limit(case), else 10^9].")


def case_options(repeatable: bool) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """--case NAME (repeatable when the command takes several cases) and -p KEY=VALUE; the command
    receives `case_names` (a tuple) and `params`, and needs `context_settings=CASE_CONTEXT`."""

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        command = click.option("-p", "--param", "params", multiple=True, metavar="KEY=VALUE",
                               help="A parameter of the case, read by the program's parse_case (repeatable); "
                                    "any other --key value option is one too.")(command)
        return click.option("--case", "case_names", multiple=True, metavar="NAME",
                            help="A case of the program's CASES" + (" (repeatable)." if repeatable else "."))(command)

    return decorate


def extra_params(args: Sequence[str], command: click.Command | None = None) -> dict[str, str]:
    """`--board 5x5 --start=1,1 --all-tours` as {"board": "5x5", "start": "1,1", "all_tours": "true"};
    an option close to one of `command`'s own is refused as a misspelling."""
    own = _own_options(command)
    params: dict[str, str] = {}
    position = 0
    while position < len(args):
        arg = args[position]
        if not arg.startswith("--") or len(arg) < 3:
            raise click.UsageError(f"unexpected argument {arg[:60]!r}: case options are --key value, -p KEY=VALUE "
                                   "or --case NAME")
        key, has_value, value = arg[2:].partition("=")
        close = difflib.get_close_matches(f"--{key}", own, n=1, cutoff=0.75)
        if close:
            raise click.UsageError(f"no such option --{key[:40]}; did you mean {close[0]}? (to pass a case parameter "
                                   f"of that name, write -p {key[:40]}=VALUE)")
        if not has_value:
            if position + 1 < len(args) and not args[position + 1].startswith("--"):
                position += 1
                value = args[position]
            else:
                value = "true"  # a flag such as --all-tours
        params[key.replace("-", "_")] = value
        position += 1
    return params


def _own_options(command: click.Command | None) -> list[str]:
    if command is None:
        return []
    return [name for param in command.params if isinstance(param, click.Option)
            for name in (*param.opts, *param.secondary_opts) if name.startswith("--")]


def case_values(params: Sequence[str], extra: Sequence[str], command: click.Command | None = None) -> dict[str, str]:
    """The parameters `-p KEY=VALUE` and the extra `--key value` options give together."""
    return {**parse_params(params), **extra_params(extra, command)}


def chosen_cases(program: Program, case_names: Sequence[str], values: Mapping[str, str],
                 one: bool) -> list[tuple[str, Any]]:
    """The cases the options name: parameters make one case, `--case` picks from CASES, nothing
    means the first case (`one`) or every case."""
    if values and case_names:
        raise click.UsageError("give either --case NAME or case parameters (--key value, -p KEY=VALUE), not both")
    if values:
        return [(params_label(values), program.case_from_params(values))]
    if one and len(case_names) > 1:
        raise click.UsageError("this command runs one case: give one --case")
    if one and not case_names:
        return case_items(program)[:1]
    return case_items(program, case_names)


def params_label(values: Mapping[str, str]) -> str:
    """A case made of parameters, named after them: `items=1,2 target=2`."""
    return " ".join(f"{key}={value}" for key, value in values.items())
