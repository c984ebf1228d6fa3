"""`automata import` and `automata export`: machines from other tools as specs, and specs for them."""

from __future__ import annotations

from pathlib import Path

import click

from ..io.files import display_path, write_atomically
from ..io.interop import FORMATS
from .support import check_output_file, print_json


@click.command("import")
@click.argument("source_file", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None, callback=check_output_file,
              help="Write the spec here [default: print it].")
@click.option("--format", "format_name", type=click.Choice(FORMATS), default=None,
              help="The file's format [default: recognised from its content].")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (with the spec's text if no -o).")
def import_command(source_file: str, output: str | None, format_name: str | None, as_json: bool) -> None:
    """Import a machine written by another tool as a pure Mealy spec.

    Formats: dot-mealy (LearnLib, AALpy: edges `in / out`), efsm (EFSM tools: `EVENT [guard]
    (z1, z2)`), transitions (the configuration `Machine(**config)` takes, JSON or YAML), scxml (the
    flat subset). The source's names are kept in the docs; an error names the source's line.
    """
    from ..analysis.equiv import spec_text
    from ..io.interop import import_spec, read_text, sniff

    chosen = format_name
    if chosen is None:
        text, shown = read_text(source_file)
        chosen = sniff(text, shown)
    spec = import_spec(source_file, chosen)
    if output:
        spec = _at(spec, output)
    text = spec_text(spec, f"Imported from {display_path(source_file)} ({chosen}) by `automata import`.")
    if output:
        write_atomically(output, text)
    conditions = f", {len(spec.inputs):,} conditions" if spec.inputs else ""
    summary = (f"{display_path(source_file)} ({chosen}): {len(spec.states):,} states, {len(spec.events):,} inputs"
               f"{conditions}, {len(spec.outputs):,} outputs, {len(spec.arcs):,} transitions")
    if as_json:
        print_json({"source": display_path(source_file), "format": chosen, "states": len(spec.states),
                    "inputs": len(spec.events), "conditions": len(spec.inputs), "outputs": len(spec.outputs),
                    "transitions": len(spec.arcs), "output": display_path(output) if output else None,
                    **({} if output else {"text": text})})
        return
    click.echo(summary, err=True)
    click.echo(display_path(output) if output else text, nl=bool(output))


def _at(spec: object, output: str) -> object:
    """The spec as it will be known at its new path (messages of the text's check name that file)."""
    import dataclasses

    return dataclasses.replace(spec, path=display_path(output))  # type: ignore[type-var]


@click.command("export")
@click.argument("spec_file", metavar="SPEC", type=click.Path(dir_okay=False))
@click.option("--format", "format_name", type=click.Choice(FORMATS), required=True, help="The format to write.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None, callback=check_output_file,
              help="Write the file here [default: print it]. A transitions configuration is YAML when the name "
                   "ends in .yaml or .yml, JSON otherwise.")
@click.option("--verify", "verify_export", is_flag=True,
              help="Import what was written and prove it the same Mealy machine as SPEC (exit 1 if not).")
def export_command(spec_file: str, format_name: str, output: str | None, verify_export: bool) -> None:
    """Write a spec for another tool: dot-mealy, efsm, transitions or scxml.

    A format that cannot express the spec (conditions in a DOT Mealy label, a state that fails where
    SCXML stays, a system of automata...) is refused, with every reason. docs/interop.md says what
    each format can express.
    """
    from ..io.interop import export_spec
    from ..io.loader import load_spec

    spec = load_spec(spec_file)
    as_yaml = output is not None and Path(output).suffix.lower() in (".yaml", ".yml")
    text = export_spec(spec, format_name, as_yaml=as_yaml)
    if output:
        write_atomically(output, text)
        click.echo(display_path(output))
    else:
        click.echo(text, nl=False)
    if verify_export:
        _verify(spec, text, format_name, output)


def _verify(spec: object, text: str, format_name: str, output: str | None) -> None:
    import tempfile

    from ..analysis.round_trip import same_machine
    from ..io.interop import import_spec, written_names

    with tempfile.TemporaryDirectory(prefix="automata-export-") as folder:
        copy = Path(folder) / f"export.{'json' if format_name == 'transitions' else 'txt'}"
        copy.write_text(text, encoding="utf-8")
        imported = import_spec(copy, format_name)
    comparison = same_machine(spec, imported, written_names(spec, format_name))  # type: ignore[arg-type]
    where = display_path(output) if output else "the export"
    if comparison.equivalent:
        click.echo(f"verified: {where} imports back as the same Mealy machine "
                   f"({len(comparison.pairs):,} pairs of states compared)", err=True)
        return
    assert comparison.difference is not None
    click.echo(f"NOT the same machine: {where} imports back differently: {comparison.difference.why}", err=True)
    raise click.exceptions.Exit(1)
