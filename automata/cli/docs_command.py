"""`automata docs`: a static documentation site of specs, with a player of a sample run for each."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from datetime import date
from pathlib import Path

import click

from ..analysis.cases import case_items, verify_program
from ..errors import AutomataError
from ..io.codegen import generate_source
from ..io.files import display_path, project_relative, require_output_folder, write_files
from ..io.html.player import ending, player_html
from ..io.html.site import AutomatonPage, Verification, automaton_page, index_page
from ..io.loader import load_spec, locate_spec
from ..runtime.program import Program, load_program
from ..runtime.trace import ProtocolSink
from .discovery import default_spec_paths
from .player_command import record_target
from .support import check_output_folder
from .target import Target

PROTOCOL_EXCERPT = 60  # lines of the sample run's protocol shown on a page
DEFAULT_PLAYER_STEPS = 20_000


def _verification(program: Program) -> Verification:
    report = verify_program(program, case_items(program))
    difference = report.first_difference
    return Verification(
        agree=report.agree,
        implementations=tuple(report.implementations),
        cases=tuple((result.name, result.agree, result.verdict.runs[result.verdict.reference].event_count)
                    for result in report.results),
        coverage=report.coverage.line().removeprefix("coverage: "),
        gaps=tuple(report.coverage.gaps()),
        difference=f"case {difference.name!r}: {difference.verdict.divergence.describe()}" if difference else "",
    )


def _page_names(paths: Sequence[Path]) -> list[str]:
    """One file stem per spec, unique in the site (two specs may share a file name)."""
    taken: set[str] = set()
    names = []
    for path in paths:
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", path.stem) or "spec"
        name, number = stem, 2
        while name in taken or name == "index":
            name, number = f"{stem}-{number}", number + 1
        taken.add(name)
        names.append(name)
    return names


def build_page(path: Path, name: str, verify: bool, max_steps: int) -> tuple[AutomatonPage, str | None]:
    """A spec's page, and its player page (None when the spec has no program to run)."""
    spec = load_spec(path)
    text = locate_spec(path).read_text(encoding="utf-8")
    fields: dict = {"spec": spec, "file": f"{name}.html", "spec_file": project_relative(locate_spec(path)),
                    "spec_text": text, "generated": generate_source(spec, text)}
    notes: list[str] = []
    player = None
    try:
        program = load_program(path)
    except AutomataError as error:
        program = None
        notes.append(f"No sample run and no verification: the spec's program could not be loaded ({error.render()}).")
    if program is not None and program.cases:
        case_name, case = next(iter(program.cases.items()))
        protocol = io.StringIO()
        try:
            recording = record_target(Target(program, case_name, case), max_steps=max_steps,
                                      sinks=[ProtocolSink(protocol)])
        except AutomataError as error:
            notes.append(f"The sample run could not be recorded: {error.render()}")
        else:
            lines = protocol.getvalue().splitlines()
            fields |= {"sample_case": case_name, "protocol": tuple(lines[:PROTOCOL_EXCERPT]),
                       "protocol_lines": len(lines), "sample_summary": ending(spec, recording),
                       "player_file": f"{name}.player.html"}
            player = player_html(spec, recording, case=case_name,
                                 links=(("index.html", "all automata"), (f"{name}.html", "this automaton's page")))
    elif program is not None:
        notes.append(f"{program.module_name} defines no CASES: no sample run and no verification.")
    if verify and program is not None and program.cases:
        try:
            fields["verification"] = _verification(program)
        except AutomataError as error:
            notes.append(f"The verification could not run: {error.render()}")
    return AutomatonPage(**fields, notes=tuple(notes)), player


@click.command("docs")
@click.argument("specs", nargs=-1, type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(file_okay=False, writable=True), required=True, callback=check_output_folder,
              help="The folder to write the site into (made if missing).")
@click.option("--no-verify", is_flag=True, help="Skip running the verification of each spec's program.")
@click.option("--max-steps", type=click.IntRange(1, 10_000_000), default=DEFAULT_PLAYER_STEPS, show_default=True,
              help="Steps recorded for each player.")
@click.option("--title", default="Automata", show_default=True, help="The site's title.")
def docs_command(specs: tuple[str, ...], output: str, no_verify: bool, max_steps: int, title: str) -> None:
    """Build a static documentation site: an index, and per spec a page with its connection diagram,
    transition graph, tables, generated code, a protocol excerpt of a sample run (the program's
    first case), the verification over the program's cases, and a player of the sample run.

    Without SPECS: the specs of the current folder (and the project's own at a checkout's root).
    Plain HTML and CSS, every page self-contained; open index.html.
    """
    paths = [Path(spec) for spec in specs] if specs else default_spec_paths()
    folder = Path(output)
    names = _page_names(paths)
    # Every page the site may have is checked against the output policy before the first spec is built.
    require_output_folder(folder, ["index.html", *(f"{name}{kind}" for name in names for kind in (".html", ".player.html"))])
    files: dict[str, str] = {}
    pages = []
    for path, name in zip(paths, names):
        click.echo(f"documenting {display_path(path)} ...", err=True)
        page, player = build_page(path, name, verify=not no_verify, max_steps=max_steps)
        pages.append(page)
        files[page.file] = automaton_page(page, date.today().isoformat())
        if player is not None and page.player_file:
            files[page.player_file] = player
    files["index.html"] = index_page(pages, title, date.today().isoformat())
    write_files(folder, files)
    for page in pages:
        for note in page.notes:
            click.echo(f"{page.spec_file}: {note}", err=True)
    click.echo(display_path(folder / "index.html"))
