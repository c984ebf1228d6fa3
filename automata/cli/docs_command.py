"""`automata docs`: a static documentation site of specs, with a player of a sample run for each."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from datetime import date
from pathlib import Path

import click

from ..analysis.cases import case_items, verify_program
from ..analysis.check import check_spec
from ..errors import AutomataError
from ..io.codegen import generate_source
from ..io.files import PROJECT_ROOT, display_path, require_output_folder, write_files
from ..io.html.graph_svg import system_svg
from ..io.html.player import ending
from ..io.html.simulate import simulate_html
from ..io.html.site import AutomatonPage, SystemView, Verification, automaton_page, index_page
from ..io.loader import load_spec, load_system, locate_spec
from ..io.packaged import packaged_folder
from ..model.spec import Spec
from ..runtime.program import Program, load_program
from ..runtime.trace import ProtocolSink
from .discovery import local_spec_paths
from .player_command import player_page, record_target
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


# The pages a spec may have: its own, its simulator, the player of its sample run.
PAGE_KINDS = (".html", ".simulate.html", ".player.html")


def _page_names(paths: Sequence[Path]) -> list[str]:
    """One file stem per spec, unique in the site (two specs may share a file name); only
    [A-Za-z0-9_.-] survive, so no file name can break out of an attribute or a link."""
    taken: set[str] = set()
    names = []
    for path in paths:
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", path.stem).strip(".") or "spec"
        name, number = stem, 2
        while name in taken or name == "index":
            name, number = f"{stem}-{number}", number + 1
        taken.add(name)
        names.append(name)
    return names


def site_name(path: str | Path) -> str:
    """A spec as its page names it: relative to the working folder, as the project names its own
    (specs/knight_tour.yaml), else by its file name alone: never an absolute path of the machine."""
    file = locate_spec(path).resolve()
    for base in (Path.cwd().resolve(), PROJECT_ROOT):
        try:
            return file.relative_to(base).as_posix()
        except ValueError:
            continue
    return file.name


def _unrooted(text: str, spec: Spec, system_specs: Sequence[Spec]) -> str:
    """`text` with the absolute paths of the spec's files (and their folders) written as the site names them."""
    for other in (spec, *system_specs):
        where = Path(other.path)
        if where.is_absolute():
            text = text.replace(repr(str(where)), repr(site_name(where))).replace(str(where), site_name(where))
    folder = str(Path(spec.path).resolve().parent)
    return text.replace(folder + "/", "").replace(folder, ".")


def _findings(spec: Spec) -> tuple[tuple[str, str], ...]:
    shown = []
    for finding in check_spec(spec):
        loc = f"{site_name(finding.loc.file)}:{finding.loc.line}:{finding.loc.col}"
        text = f"{loc}: {finding.severity}: {finding.message}" + (f"\n  hint: {finding.hint}" if finding.hint else "")
        shown.append((finding.severity, text))
    return tuple(shown)


def with_members(paths: Sequence[Path]) -> list[Path]:
    """The specs, and the automata of each system among them (each system's page links theirs)."""
    listed: dict[Path, Path] = {locate_spec(path).resolve(): path for path in paths}
    for path in list(listed.values()):
        spec = load_spec(path)
        if spec.is_system:
            for member in load_system(spec).specs.values():
                listed.setdefault(Path(member.path).resolve(), Path(member.path))
    return list(listed.values())


def build_page(path: Path, name: str, verify: bool, max_steps: int,
               pages: dict[Path, str] | None = None) -> tuple[AutomatonPage, dict[str, str]]:
    """A spec's page, and its other pages by file name (the simulator, and the player when the spec
    has a program to run). `pages`: the page of each documented spec, by its resolved path."""
    spec = load_spec(path)
    text = locate_spec(path).read_text(encoding="utf-8")
    system = load_system(spec) if spec.is_system else None
    members = tuple(other for other in system.specs.values() if other is not spec) if system else ()
    fields: dict = {"spec": spec, "file": f"{name}.html", "spec_file": site_name(path), "spec_text": text,
                    "generated": _unrooted(generate_source(spec, text), spec, members), "findings": _findings(spec),
                    "simulator_file": f"{name}{PAGE_KINDS[1]}"}
    extra = {f"{name}.simulate.html": simulate_html(spec, system.specs if system else None)}
    if system is not None:
        known = pages or {}
        fields["system"] = SystemView(system_svg(system, f"{name}-system"), tuple(
            (other.automaton, other.title, known.get(Path(other.path).resolve())) for other in system.specs.values()))
    notes: list[str] = []
    try:
        program = load_program(path)
    except AutomataError as error:
        program = None
        notes.append(f"No sample run and no verification: the spec's program could not be loaded ({error.render()}).")
    if program is not None and program.cases:
        case_name, case = next(iter(program.cases.items()))
        protocol = io.StringIO()
        try:
            target = Target(program, case_name, case)
            recording = record_target(target, max_steps=max_steps, sinks=[ProtocolSink(protocol)])
        except AutomataError as error:
            notes.append(f"The sample run could not be recorded: {error.render()}")
        else:
            lines = protocol.getvalue().splitlines()
            fields |= {"sample_case": case_name, "protocol": tuple(lines[:PROTOCOL_EXCERPT]),
                       "protocol_lines": len(lines), "sample_summary": ending(spec, recording),
                       "player_file": f"{name}.player.html"}
            extra[f"{name}.player.html"] = player_page(
                target, recording, links=(("index.html", "all automata"), (f"{name}.html", "this automaton's page")))
    elif program is not None:
        notes.append(f"{program.module_name} defines no CASES: no sample run and no verification.")
    if verify and program is not None and program.cases:
        try:
            fields["verification"] = _verification(program)
        except AutomataError as error:
            notes.append(f"The verification could not run: {error.render()}")
    notes = [_unrooted(note, spec, members) for note in notes]
    return AutomatonPage(**fields, notes=tuple(notes)), extra


def default_paths() -> list[Path]:
    """The specs of the working folder; where there is none, the specs the package ships."""
    here = local_spec_paths()
    if here:
        return here
    shipped = packaged_folder("specs")
    found = sorted(shipped.glob("*.yaml")) if shipped is not None else []
    if not found:
        raise click.UsageError("no spec files here and no shipped specs installed: name the specs to document "
                               "(automata docs SPEC.yaml -o site/), or run in a folder with *.yaml specs")
    click.echo(f"no spec files in this folder: documenting the {len(found)} specs shipped with automata "
               "(name your own: automata docs SPEC.yaml ... -o site/)", err=True)
    return found


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

    Without SPECS: the specs of the current folder (and the project's own at a checkout's root);
    in a folder with none, the specs shipped with automata. A system's automata are documented
    with it, and its page links theirs.
    Plain HTML and CSS, every page self-contained; open index.html.
    """
    paths = with_members([Path(spec) for spec in specs] if specs else default_paths())
    folder = Path(output)
    names = _page_names(paths)
    # Every page the site may have is checked against the output policy before the first spec is built.
    require_output_folder(folder, ["index.html", *(f"{name}{kind}" for name in names for kind in PAGE_KINDS)])
    files: dict[str, str] = {}
    pages = []
    known = {locate_spec(path).resolve(): f"{name}.html" for path, name in zip(paths, names)}
    for path, name in zip(paths, names):
        click.echo(f"documenting {display_path(path)} ...", err=True)
        page, extra = build_page(path, name, verify=not no_verify, max_steps=max_steps, pages=known)
        pages.append(page)
        files[page.file] = automaton_page(page, date.today().isoformat())
        files |= extra
    files["index.html"] = index_page(pages, title, date.today().isoformat())
    write_files(folder, files)
    for page in pages:
        for note in page.notes:
            click.echo(f"{page.spec_file}: {note}", err=True)
    click.echo(display_path(folder / "index.html"))
