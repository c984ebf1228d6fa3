"""The `automata` command. Errors from anywhere below are rendered here, once.

Exit codes: 0 success; 1 a verification found a difference or a check found a defect;
2 bad input or usage (one line naming what and where, no traceback).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

from . import __version__
from .cli_tools import codegen_command, mutate_command
from .errors import AutomataError, SpecErrors
from .paths import DIAGRAMS_DIR, SPECS_DIR, display_path, project_relative
from .problem import Registry, load_problems

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
cli.add_command(codegen_command)
cli.add_command(mutate_command)


def _spec_paths(files: Sequence[str]) -> list[Path]:
    if files:
        return [Path(f) for f in files]
    paths = sorted(SPECS_DIR.glob("*.yaml"))
    if not paths:
        raise click.UsageError(f"no specs found in {display_path(SPECS_DIR)}")
    return paths


@cli.command("list")
def list_command() -> None:
    """List the problems and the specs of their automata."""
    from .spec import load_spec

    registry = load_problems()
    click.echo("Problems:")
    for name, problem in registry.problems.items():
        verbs = ", ".join(sorted(problem.commands))
        click.echo(f"  {name:<14} {problem.summary}")
        click.echo(f"  {'':<14} commands: {verbs}")
    for name, why in registry.failures.items():
        click.echo(f"  {name:<14} (failed to load: {why})", err=True)
    click.echo("\nSpecs:")
    paths = sorted(SPECS_DIR.glob("*.yaml"))
    width = max((len(project_relative(path)) for path in paths), default=0)
    for path in paths:
        name = project_relative(path)
        try:
            spec = load_spec(path)
        except SpecErrors as error:
            click.echo(f"  {name:<{width}}  (broken: {len(error.errors)} error(s); run automata check)")
            continue
        click.echo(f"  {name:<{width}}  {spec.automaton}: {spec.title} ({len(spec.states)} states, {len(spec.arcs)} arcs)")


@cli.command("check")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the findings as one JSON document.")
def check_command(files: tuple[str, ...], as_json: bool) -> None:
    """Load and check specs (all of specs/ by default).

    Reports every defect as FILE:LINE:COL: severity: message. Exits 1 when an error is found.
    """
    from .check import ERROR, check_file, has_errors

    findings = []
    for path in _spec_paths(files):
        if not path.exists():
            raise click.BadParameter(f"no such file: {path}", param_hint="FILES")
        found = check_file(path)
        findings.extend(found)
        if not as_json and not found:
            click.echo(f"{display_path(path)}: ok", err=True)
    if as_json:
        from .cli_support import print_json

        print_json({"findings": [
            {"file": f.loc.file, "line": f.loc.line, "col": f.loc.col, "severity": f.severity, "code": f.code,
             "message": f.message, "hint": f.hint} for f in findings],
                    "errors": sum(f.severity == ERROR for f in findings)})
    else:
        for finding in findings:
            click.echo(finding.render())
    if has_errors(findings):
        raise click.exceptions.Exit(1)


@cli.command("draw")
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False))
@click.option("--format", "formats", default="svg", show_default=True,
              help="Comma-separated: svg, png, pdf, dot, mermaid.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=str(DIAGRAMS_DIR),
              show_default=True, help="Folder for the diagrams.")
def draw_command(files: tuple[str, ...], formats: str, out_dir: str) -> None:
    """Draw the transition graph and the connection diagram of each spec (all of specs/ by default)."""
    from .render import FORMATS, draw_specs

    chosen = tuple(f.strip() for f in formats.split(",") if f.strip())
    unknown = [f for f in chosen if f not in FORMATS]
    if not chosen:
        raise click.BadParameter(f"name at least one format: {', '.join(FORMATS)}", param_hint="--format")
    if unknown:
        raise click.BadParameter(f"unknown format {unknown[0]!r}; choose from {', '.join(FORMATS)}",
                                 param_hint="--format")
    written = draw_specs(_spec_paths(files), Path(out_dir), chosen)
    for path in written:
        click.echo(display_path(path))


@cli.command("schema")
def schema_command() -> None:
    """Print the JSON Schema of the spec format (for editors)."""
    from .schema_file import schema_path

    click.echo(schema_path().read_text(encoding="utf-8"), nl=False)


@cli.command("demo")
@click.pass_context
def demo_command(ctx: click.Context) -> None:
    """Show the framework at work: list, check, then each problem's demonstration commands."""
    import shlex

    scripts: list[tuple[str, ...]] = [("list",), ("check",)]
    for problem in load_problems().problems.values():
        scripts.extend(problem.demo)
    failures = []
    for argv in scripts:
        click.secho(f"\n$ automata {shlex.join(argv)}", bold=True)
        try:
            cli.main(args=list(argv), prog_name="automata", standalone_mode=False)
        except click.exceptions.Exit as stop:
            if stop.exit_code:
                failures.append(argv)
    if failures:
        click.echo(f"\n{len(failures)} demo command(s) failed: " + "; ".join(shlex.join(a) for a in failures), err=True)
        raise click.exceptions.Exit(1)
    click.secho(f"\nDemo complete: {len(scripts)} commands ran.", bold=True)


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
