"""`automata derive MODULE:FUNCTION`: the spec of an automaton read off a plain program."""

from __future__ import annotations

from pathlib import Path

import click

from ..io.files import display_path, write_atomically, writing
from .support import check_output_file


@click.command("derive")
@click.argument("target", metavar="MODULE:FUNCTION")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None, callback=check_output_file,
              help="Write the spec to this file (default: print it).")
@click.option("--context", "context", metavar="MODULE:CLASS", default=None,
              help="The context class, when the function's parameter is not annotated with it.")
@click.option("--program", "program", metavar="MODULE", default=None,
              help="The module with the program contract (make_context, CASES...) `automata verify` uses"
              " (default: the function's module, or a `program` module beside it, whichever defines make_context).")
@click.option("--automaton", default="A1", show_default=True, help="The automaton's name in the spec.")
@click.option("--title", default=None, help="The spec's title (default: the function's docstring's first line).")
def derive_command(target: str, output: str | None, context: str | None, program: str | None, automaton: str,
                   title: str | None) -> None:
    """Derive an automaton from a plain program over a context object.

    MODULE:FUNCTION names a function `def f(ctx): ...` written in the subset of Python described
    in docs/derive.md (while/if/break/continue/return over calls of the context's methods, and
    self-calls). Its source is read, never run. Control points become states, conditions guards,
    action calls outputs; the spec passes `automata check` and names the module as its program,
    so `automata verify SPEC` compares the automaton with the function. MODULE may also be a path
    to a .py file.
    """
    from ..analysis.derive import derive

    # A spec written elsewhere than its program names the program's module relative to itself (..hanoi).
    spec_folder = Path(output).parent if output is not None else None
    derivation = derive(target, context=context, automaton=automaton, title=title, program=program,
                        spec_folder=spec_folder)
    for note in derivation.notes:
        click.echo(f"note: {note}", err=True)
    machine = derivation.machine
    finals = sum(state.final for state in machine.states)
    summary = (f"{automaton}: {len(machine.states)} states ({finals} final), {len(machine.arcs)} arcs,"
               f" {len(machine.inputs)} inputs, {len(machine.outputs)} outputs, from {derivation.function}()"
               f" in {display_path(derivation.file)}")
    if output is None:
        click.echo(derivation.text, nl=False)
        click.echo(summary, err=True)
        return
    path = Path(output)
    with writing(path):
        write_atomically(path, derivation.text)
    click.echo(f"{display_path(path)}: {summary}", err=True)
