"""The `automata` command. Errors from anywhere below are rendered here, once.

Exit codes: 0 success; 1 a verification found a difference or a check found a defect;
2 bad input or usage (one line naming what and where, no traceback); 3 an internal error
(automata/cli/errors.py lists them all).
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from .. import __version__
from ..errors import AutomataError
from .demo import demo_command
from .derive_command import derive_command
from .equiv_commands import equiv_command, minimize_command
from .errors import debug_option, exit_with, run_guarded
from .problems import Registry, load_problems
from .spec_commands import check_command, draw_command, list_command, schema_command
from .tools import codegen_command, mutate_command

VERB_HELP = {
    "run": "Solve one instance of a problem with one implementation.",
    "verify": "Run the implementations of a problem side by side and compare their event streams.",
    "compare": "Compare variants of a problem side by side (optimizations, algorithms, heuristics).",
    "space": "Explore a problem's whole state space.",
}


class _NamesFailingCommand(click.Group):
    """Records which subcommand was running when an AutomataError escaped it (the innermost wins)."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except AutomataError as error:
            if error.command_path is None and ctx.invoked_subcommand:
                error.command_path = f"{ctx.command_path} {ctx.invoked_subcommand}"
            raise


class ProblemVerb(_NamesFailingCommand):
    """`automata <verb> <problem>`: one subcommand per problem that offers the verb, loaded lazily."""

    def __init__(self, verb: str) -> None:
        super().__init__(name=verb, help=VERB_HELP.get(verb, ""))
        self.verb = verb

    def _registry(self, ctx: click.Context) -> Registry:
        root = ctx.find_root()
        root.meta.setdefault("registry", None)
        if root.meta["registry"] is None:
            root.meta["registry"] = load_problems()
        return root.meta["registry"]

    def list_commands(self, ctx: click.Context) -> list[str]:
        registry = self._registry(ctx)
        return [name for name, problem in registry.problems.items() if self.verb in problem.commands]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        problem = self._registry(ctx).get(name)
        command = problem.commands.get(self.verb)
        if command is None:
            offered = ", ".join(sorted(problem.commands))
            raise click.UsageError(f"problem '{name}' has no '{self.verb}' command; it offers: {offered}")
        return command


@click.group(cls=_NamesFailingCommand,
             context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="automata")
@debug_option
def cli() -> None:
    """Automata-based programming of search algorithms.

    Each problem is written three ways (iterative, recursive, and a Mealy automaton defined in a
    YAML spec and run by the `transitions` library); the framework verifies they are the same
    program and draws the automata.
    """


for _verb in VERB_HELP:
    cli.add_command(ProblemVerb(_verb))
for _command in (list_command, check_command, draw_command, schema_command, codegen_command, mutate_command,
                 demo_command, equiv_command, minimize_command, derive_command):
    cli.add_command(_command)


def main(argv: Sequence[str] | None = None) -> None:
    """The console script. Every error is rendered once, in automata/cli/errors.py, which also
    documents the exit codes (3: internal error; --debug shows its traceback)."""
    args = list(argv) if argv is not None else None
    exit_with(run_guarded(
        lambda settings: cli.main(args=args, prog_name="automata", standalone_mode=False, obj=settings)))


if __name__ == "__main__":
    main()
