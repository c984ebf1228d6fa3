"""`automata <verb> <problem|SPEC>`: the verbs whose subcommand is a problem or a spec path.

A name that looks like a spec file (`hanoi.yaml`, `specs/x.yaml`, an existing file) runs the
generic command of cli/spec_run.py on it; any other name is a problem of the registry, loaded only
then, so that a user's spec never waits for the shipped problems to import.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..errors import AutomataError

if TYPE_CHECKING:
    from .problems import Registry

VERB_HELP = {
    "run": "Run one case of a problem or of a spec's program, with one implementation.",
    "verify": "Run the implementations of a problem or spec side by side and compare their event streams.",
    "compare": "Compare variants of a problem side by side (optimizations, algorithms, heuristics).",
    "space": "Explore a problem's whole state space.",
}


class NamesFailingCommand(click.Group):
    """Records which subcommand was running when an AutomataError escaped it (the innermost wins)."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except AutomataError as error:
            if error.command_path is None and ctx.invoked_subcommand:
                error.command_path = f"{ctx.command_path} {ctx.invoked_subcommand}"
            raise


class ProblemVerb(NamesFailingCommand):
    """One subcommand per problem that offers the verb, or the generic command for a spec path."""

    def __init__(self, verb: str) -> None:
        help_text = VERB_HELP.get(verb, "")
        if verb in ("run", "verify"):
            help_text += "\n\nPROBLEM is a shipped problem (see `automata list`) or the path of a spec file."
        super().__init__(name=verb, help=help_text, subcommand_metavar="PROBLEM|SPEC [OPTIONS]", no_args_is_help=False)
        self.verb = verb

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args:  # one line saying what is missing, not the whole help (`automata run --help` has it)
            raise click.UsageError(f"name a problem (see `automata list`) or a spec file: automata {self.verb} "
                                   "PROBLEM|SPEC [OPTIONS]", ctx)
        return super().parse_args(ctx, args)

    def _registry(self, ctx: click.Context) -> Registry:
        from .problems import load_problems

        root = ctx.find_root()
        root.meta.setdefault("registry", None)
        if root.meta["registry"] is None:
            root.meta["registry"] = load_problems()
        return root.meta["registry"]

    def list_commands(self, ctx: click.Context) -> list[str]:
        registry = self._registry(ctx)
        return [name for name, problem in registry.problems.items() if self.verb in problem.commands]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if looks_like_spec(name):
            from .spec_run import spec_command

            return spec_command(self.verb, name)
        problem = self._registry(ctx).get(name)
        command = problem.commands.get(self.verb)
        if command is None:
            offered = ", ".join(sorted(problem.commands))
            raise click.UsageError(f"problem '{name}' has no '{self.verb}' command; it offers: {offered}")
        return command


def looks_like_spec(name: str) -> bool:
    """A subcommand name that is a spec path rather than a problem's name."""
    return name.endswith((".yaml", ".yml")) or "/" in name or Path(name).is_file()
