"""The `automata` command. Errors from anywhere below are rendered here, once.

Exit codes: 0 success; 1 a verification found a difference or a check found a defect;
2 bad input or usage (one line naming what and where, no traceback); 3 an internal error
(automata/cli/errors.py lists them all).
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from .. import __version__
from .cover_command import cover_command
from .demo import demo_command
from .derive_command import derive_command
from .docs_command import docs_command
from .equiv_commands import equiv_command, minimize_command
from .new_command import new_command
from .errors import debug_option, exit_with, run_guarded
from .player_command import player_command
from .spec_commands import check_command, draw_command, list_command, schema_command
from .step_command import step_command
from .tools import codegen_command, mutate_command
from .verbs import VERB_HELP, NamesFailingCommand, ProblemVerb


@click.group(cls=NamesFailingCommand,
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
                 demo_command, derive_command, equiv_command, minimize_command, step_command, player_command,
                 docs_command, new_command, cover_command):
    cli.add_command(_command)


def main(argv: Sequence[str] | None = None) -> None:
    """The console script. Every error is rendered once, in automata/cli/errors.py, which also
    documents the exit codes (3: internal error; --debug shows its traceback)."""
    args = list(argv) if argv is not None else None
    exit_with(run_guarded(
        lambda settings: cli.main(args=args, prog_name="automata", standalone_mode=False, obj=settings)))


if __name__ == "__main__":
    main()
