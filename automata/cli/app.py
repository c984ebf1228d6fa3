"""The `automata` command. Errors from anywhere below are rendered here, once.

Exit codes: 0 success; 1 a verification found a difference or a check found a defect;
2 bad input or usage (one line naming what and where, no traceback); 3 an internal error
(automata/cli/errors.py lists them all).
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from .. import __version__
from .errors import debug_option, exit_with, run_guarded
from .lazy import LazyGroup
from .verbs import VERB_HELP, ProblemVerb

# name -> (module, command, one-line help): a command's module is imported only when it runs
# (tests/test_cli_startup.py keeps each help line equal to the command's own).
COMMANDS = {
    "list": ("automata.cli.spec_commands", "list_command",
             "List the problems, the specs in the current folder and the project's own specs."),
    "check": ("automata.cli.spec_commands", "check_command",
              "Load and check specs: structure only, the YAML alone (no import of the context)."),
    "draw": ("automata.cli.spec_commands", "draw_command",
             "Draw the transition graph and the connection diagram of each spec, from its YAML alone."),
    "schema": ("automata.cli.spec_commands", "schema_command", "Print the JSON Schema of the spec format (for editors)."),
    "codegen": ("automata.cli.tools", "codegen_command",
                "Generate Python code from a spec: a `match` on the state, one branch per arc."),
    "mutate": ("automata.cli.tools", "mutate_command",
               "Score a spec's single-point mutants against the static checks and its program's verification."),
    "campaign": ("automata.cli.campaign_command", "campaign_command",
                 "Run random machines on the engine, the generated code and the interpreter; report any disagreement."),
    "cover": ("automata.cli.cover_command", "cover_command",
              "Find a case that takes each arc the program's cases leave untaken."),
    "equiv": ("automata.cli.equiv_commands", "equiv_command", "Decide whether two specs are the same Mealy machine."),
    "minimize": ("automata.cli.equiv_commands", "minimize_command",
                 "Write the minimal spec equivalent to SPEC, step for step."),
    "import": ("automata.cli.interop_commands", "import_command",
               "Import a machine written by another tool as a pure Mealy spec."),
    "export": ("automata.cli.interop_commands", "export_command",
               "Write a spec for another tool: dot-mealy, efsm, transitions or scxml."),
    "replay": ("automata.cli.word_commands", "replay_command",
               "Run scenarios on a pure Mealy machine and report the first step whose outputs differ."),
    "derive": ("automata.cli.derive_command", "derive_command",
               "Derive an automaton from a plain program over a context object."),
    "step": ("automata.cli.step_command", "step_command",
             "Step through one run in the terminal, one command per line of input."),
    "player": ("automata.cli.player_command", "player_command",
               "Write a step-through player of one run: a single HTML file with no outside resources."),
    "docs": ("automata.cli.docs_command", "docs_command",
             "Build a static documentation site: an index, and per spec a page with its connection diagram, "
             "transition graph, tables, generated code, a protocol excerpt of a sample run (the program's first "
             "case), the verification over the program's cases, and a player of the sample run."),
    "new": ("automata.cli.new_command", "new_command",
            "Make a folder NAME with a working automaton of one's own: spec, model, plain programs, cases, a "
            "pytest file and a README listing the commands to try."),
    "demo": ("automata.cli.demo", "demo_command",
             "Show the framework at work: list, check, then each problem's demonstration commands."),
}


@click.group(cls=LazyGroup, lazy_commands=COMMANDS,
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


def main(argv: Sequence[str] | None = None) -> None:
    """The console script. Every error is rendered once, in automata/cli/errors.py, which also
    documents the exit codes (3: internal error; --debug shows its traceback)."""
    args = list(argv) if argv is not None else None
    exit_with(run_guarded(
        lambda settings: cli.main(args=args, prog_name="automata", standalone_mode=False, obj=settings)))


if __name__ == "__main__":
    main()
