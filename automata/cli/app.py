"""The `automata` command. Errors from anywhere below are rendered here, once.

Exit codes: 0 success; 1 a verification found a difference or a check found a defect;
2 bad input or usage (one line naming what and where, no traceback).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from .. import __version__
from ..errors import AutomataError, SpecErrors
from ..io.files import display_path
from .demo import demo_command
from .derive_command import derive_command
from .equiv_commands import equiv_command, minimize_command
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
    try:
        result = cli.main(args=list(argv) if argv is not None else None, prog_name="automata", standalone_mode=False)
    except click.exceptions.Exit as stop:
        sys.exit(stop.exit_code)
    except click.ClickException as error:
        where = f"{error.ctx.command_path}: " if getattr(error, "ctx", None) is not None else "automata: "
        click.echo(f"{where}error: {error.format_message()}", err=True)
        sys.exit(2)
    except SpecErrors as error:
        click.echo(error.render(), err=True)
        sys.exit(error.exit_code)
    except AutomataError as error:
        click.echo(f"{error.command_path or 'automata'}: error: {error.render()}", err=True)
        sys.exit(error.exit_code)
    except click.Abort:
        click.echo("automata: aborted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("automata: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except OSError as error:
        # A file the command was pointed at could not be read or written: the user's to fix, so one
        # line naming the file, like any other bad input (the commands convert the usual cases).
        where = f"{display_path(error.filename)}: " if error.filename else ""
        click.echo(f"automata: error: {where}{error.strerror or error}", err=True)
        sys.exit(2)
    sys.exit(result if isinstance(result, int) else 0)


if __name__ == "__main__":
    main()
