"""Commands on specs alone: list, check, draw, schema."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from ..errors import SpecErrors
from ..io.files import DIAGRAMS_DIR, SPECS_DIR, display_path, project_relative
from .problems import load_problems


def _spec_paths(files: Sequence[str]) -> list[Path]:
    if files:
        return [Path(f) for f in files]
    paths = sorted(SPECS_DIR.glob("*.yaml"))
    if not paths:
        raise click.UsageError(f"no specs found in {display_path(SPECS_DIR)}")
    return paths


@click.command("list")
def list_command() -> None:
    """List the problems and the specs of their automata."""
    from ..io.loader import load_spec

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


@click.command("check")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the findings as one JSON document.")
def check_command(files: tuple[str, ...], as_json: bool) -> None:
    """Load and check specs (all of specs/ by default).

    Reports every defect as FILE:LINE:COL: severity: message. Exits 1 when an error is found.
    """
    from ..analysis.check import ERROR, check_file, has_errors

    findings = []
    for path in _spec_paths(files):
        if not path.exists():
            raise click.BadParameter(f"no such file: {path}", param_hint="FILES")
        found = check_file(path)
        findings.extend(found)
        if not as_json and not found:
            click.echo(f"{display_path(path)}: ok", err=True)
    if as_json:
        from .support import print_json

        print_json({"findings": [
            {"file": f.loc.file, "line": f.loc.line, "col": f.loc.col, "severity": f.severity, "code": f.code,
             "message": f.message, "hint": f.hint} for f in findings],
                    "errors": sum(f.severity == ERROR for f in findings)})
    else:
        for finding in findings:
            click.echo(finding.render())
    if has_errors(findings):
        raise click.exceptions.Exit(1)


@click.command("draw")
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False))
@click.option("--format", "formats", default="svg", show_default=True,
              help="Comma-separated: svg, png, pdf, dot, mermaid.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=str(DIAGRAMS_DIR),
              show_default=True, help="Folder for the diagrams.")
def draw_command(files: tuple[str, ...], formats: str, out_dir: str) -> None:
    """Draw the transition graph and the connection diagram of each spec (all of specs/ by default)."""
    from ..io.drawing import FORMATS, draw_specs

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


@click.command("schema")
def schema_command() -> None:
    """Print the JSON Schema of the spec format (for editors)."""
    from ..io.schema import schema_path

    click.echo(schema_path().read_text(encoding="utf-8"), nl=False)
