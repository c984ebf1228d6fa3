"""`automata demo`: the framework at work on every installed problem."""

from __future__ import annotations

import sys

import click

from .problems import load_problems
from .terminal import raw


@click.command("demo")
@click.pass_context
def demo_command(ctx: click.Context) -> None:
    """Show the framework at work: list, check, then each problem's demonstration commands."""
    import shlex

    problems = load_problems().problems.values()
    # The shipped specs by the names that find them from any folder (they travel as package data).
    shipped = tuple(spec for problem in problems for spec in problem.specs)
    scripts: list[tuple[str, ...]] = [("list",), ("check", *shipped)]
    root = ctx.find_root().command
    for problem in problems:
        scripts.extend(problem.demo)
    failures = []
    for argv in scripts:
        click.secho(f"\n$ automata {shlex.join(argv)}", bold=True, file=raw(sys.stdout))
        try:
            root.main(args=list(argv), prog_name="automata", standalone_mode=False)
        except click.exceptions.Exit as stop:
            if stop.exit_code:
                failures.append(argv)
    if failures:
        click.echo(f"\n{len(failures)} demo command(s) failed: " + "; ".join(shlex.join(a) for a in failures), err=True)
        raise click.exceptions.Exit(1)
    click.secho(f"\nDemo complete: {len(scripts)} commands ran.", bold=True, file=raw(sys.stdout))
