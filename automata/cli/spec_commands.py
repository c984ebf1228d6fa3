"""Commands on specs alone: list, check, draw, schema."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from ..errors import SpecErrors
from ..io.files import DIAGRAMS_DIR, display_path
from .discovery import (
    default_spec_paths,
    in_project_root,
    is_project_spec,
    project_specs,
    specs_here,
)
from .problems import load_problems
from .support import check_output_folder


def _spec_paths(files: Sequence[str]) -> list[Path]:
    return [Path(f) for f in files] if files else default_spec_paths()


@click.command("list")
def list_command() -> None:
    """List the problems, the specs in the current folder and the project's own specs."""

    registry = load_problems()
    click.echo("Problems:")
    for name, problem in registry.problems.items():
        verbs = ", ".join(sorted(problem.commands))
        click.echo(f"  {name:<14} {problem.summary}")
        click.echo(f"  {'':<14} commands: {verbs}")
    for name, why in registry.failures.items():
        click.echo(f"  {name:<14} (failed to load: {why})", err=True)
    here = specs_here()
    if here:
        _list_specs("Specs in this folder:", [(display_path(path), path) for path in here])
    if in_project_root():
        _list_specs("Specs of the project:", [(display_path(path), path) for path in project_specs()])
    else:
        shipped = [spec for problem in registry.problems.values() for spec in problem.specs]
        _list_specs("Shipped specs (these names work from any folder):", [(name, Path(name)) for name in shipped])


def _list_specs(heading: str, specs: list[tuple[str, Path]]) -> None:
    from ..io.loader import load_spec

    click.echo(f"\n{heading}")
    width = max((len(name) for name, _ in specs), default=0)
    for name, path in specs:
        try:
            spec = load_spec(path)
        except SpecErrors as error:
            click.echo(f"  {name:<{width}}  (broken: {len(error.errors)} error(s); run automata check)")
            continue
        click.echo(f"  {name:<{width}}  {spec.automaton}: {spec.title} ({len(spec.states)} states, {len(spec.arcs)} arcs)")


@click.command("check")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the findings as one JSON document.")
@click.option("--bindings", is_flag=True,
              help="Also import each spec's context class and check that it has every method the spec calls."
              " This runs that Python code: use it only on specs you trust (docs/security.md).")
def check_command(files: tuple[str, ...], as_json: bool, bindings: bool) -> None:
    """Load and check specs: structure only, the YAML alone (no import of the context).

    Without FILES: the specs in the current folder (and the project's own, in a checkout's root).

    Reports every defect as FILE:LINE:COL: severity: message. Exits 1 when an error is found.
    """
    from ..analysis.check import ERROR, check_file, has_errors
    from ..io.loader import locate_spec

    findings = []
    for path in _spec_paths(files):
        if not locate_spec(path).exists():
            raise click.BadParameter(f"no such file: {path}", param_hint="FILES")
        found = check_file(path)
        if bindings and not has_errors(found):
            found = [*found, *_binding_findings(path)]
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


def _binding_findings(path: Path) -> list:
    """`check --bindings`: what importing the context reveals, as findings with the code `binding`."""
    from ..analysis.check import ERROR, Finding
    from ..io.loader import load_spec
    from ..runtime.context import check_bindings

    spec = load_spec(path)
    if spec.is_pure:  # no context: its `call:` names, if any, bind to nothing
        return []
    try:
        check_bindings(spec)
    except SpecErrors as errors:
        return [Finding(error.loc, ERROR, "binding", error.message, error.hint) for error in errors.errors]
    return []


@click.command("draw")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--format", "formats", default="svg", show_default=True,
              help="Comma-separated: svg, png, pdf, dot, mermaid (the transition graph and the connection diagram).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None, callback=check_output_folder,
              help="Folder for the diagrams [default: the current folder; the project's diagrams/ for its own specs].")
@click.option("--legend", is_flag=True, help="Put a table of the inputs and outputs with their meaning under the graph.")
@click.option("--numbered", is_flag=True, help="Start each arc's label with its number (#3: the spec's third arc).")
def draw_command(files: tuple[str, ...], formats: str, out_dir: str | None, legend: bool, numbered: bool) -> None:
    """Draw the transition graph and the connection diagram of each spec, from its YAML alone.

    Without FILES: the specs in the current folder (and the project's own, in a checkout's root).
    """
    from ..io.diagrams import DrawOptions
    from ..io.drawing import FORMATS, draw_specs

    chosen = tuple(f.strip() for f in formats.split(",") if f.strip())
    unknown = [f for f in chosen if f not in FORMATS]
    if not chosen:
        raise click.BadParameter(f"name at least one format: {', '.join(FORMATS)}", param_hint="--format")
    if unknown:
        raise click.BadParameter(f"unknown format {unknown[0]!r}; choose from {', '.join(FORMATS)}",
                                 param_hint="--format")
    paths = _spec_paths(files)
    if out_dir is not None:
        groups = {Path(out_dir): paths}
    else:
        groups = {}
        for path in paths:
            groups.setdefault(DIAGRAMS_DIR if is_project_spec(path) else Path("."), []).append(path)
    for folder, group in groups.items():
        for written in draw_specs(group, folder, chosen, DrawOptions(numbered=numbered, legend=legend)):
            click.echo(display_path(written))


@click.command("schema")
def schema_command() -> None:
    """Print the JSON Schema of the spec format (for editors)."""
    from ..io.schema import schema_path

    click.echo(schema_path().read_text(encoding="utf-8"), nl=False)
