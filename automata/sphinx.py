"""A Sphinx extension: `.. automaton:: path/to/spec.yaml` presents an automaton in a Sphinx site.

    extensions = ["automata.sphinx"]          # conf.py (pip install automata-search[docs])

    .. automaton:: specs/knight_tour.yaml
       :show: connections, graph, states, inputs, outputs
       :code:
       :player: 5x5 from 1,1: a tour
       :simulate:

The same presentation as `automata docs` pages, as real sections (the table of contents lists
the automaton and each of its parts): the connection diagram and the transition graph as inline
SVG, tables of states, inputs, outputs (and arcs), with `:code:` the Python generated from the
spec, with `:player:` a run in the player (the program's first case, or the case named), with
`:simulate:` the simulator of the spec alone. The findings of `automata check`, if any, are shown
at the top. `:show:` picks the parts and their order (default: all but arcs). In Markdown with
MyST the directive is a fenced block: ```` ```{automaton} specs/knight_tour.yaml ````.

The path is looked up beside the document, then in the Sphinx source folder, then as `automata`
finds specs (the working directory, the project, the installed specs package). A spec that does not
load is reported as a Sphinx error at the directive, and the build goes on. Only `:player:` runs
the spec's program (it imports the user's module, as `automata player` does).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from .analysis.check import check_spec
from .errors import AutomataError
from .io.codegen import generate_source
from .io.html.graph_svg import safe_id
from .io.files import write_atomically
from .io.html.page import asset, esc
from .io.html.simulate import simulate_html
from .io.html.site import PART_TITLES, part_html
from .io.loader import load_spec, locate_spec
from .model.spec import Spec
from .runtime.playback import player_page, record_case
from .runtime.program import load_program

PARTS = tuple(PART_TITLES)
DEFAULT_PARTS = ("connections", "graph", "states", "inputs", "outputs")
STYLE_FILE = "automata.css"
PLAYER_STEPS = 20_000  # steps recorded for an embedded player


def _parts(argument: str | None) -> list[str]:
    chosen = [part.strip() for part in (argument or "").replace(",", " ").split() if part.strip()]
    unknown = [part for part in chosen if part not in PARTS]
    if unknown:
        raise ValueError(f"unknown part {unknown[0]!r}; choose from {', '.join(PARTS)}")
    return chosen


def _embedded(page: str, title: str, kind: str) -> nodes.raw:
    """A whole page (player or simulator) inside the document: its own scripts run in the frame."""
    return nodes.raw("", f'<iframe class="automaton-{kind}" title="{esc(title)}" srcdoc="{esc(page)}" loading="lazy">'
                         "</iframe>", format="html")


class AutomatonDirective(SphinxDirective):
    """`.. automaton:: SPEC` with options :show: PARTS, :code:, :player: [CASE], :simulate:, :no-title:."""

    required_arguments = 1
    final_argument_whitespace = True  # a spec's file name may hold spaces
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"show": _parts, "code": directives.flag, "no-title": directives.flag,
                                             "player": directives.unchanged, "simulate": directives.flag}

    def _spec_path(self) -> Path:
        argument = self.arguments[0]
        _, absolute = self.env.relfn2path(argument, self.env.docname)
        for candidate in (Path(absolute), Path(self.env.srcdir) / argument):
            if candidate.is_file():
                return candidate
        return locate_spec(argument)

    def _section(self, title: str, ident: str, *children: nodes.Node) -> nodes.section:
        """A real section (the table of contents lists it), its id unique in the document."""
        document = self.state.document
        unique, number = ident, 2
        while unique in document.ids:
            unique, number = f"{ident}-{number}", number + 1
        section = nodes.section(ids=[unique])
        document.ids[unique] = section
        section += nodes.title(text=title)
        for child in children:
            section += child
        return section

    def _findings(self, spec: Spec, path: Path) -> list[nodes.Node]:
        found = check_spec(spec)
        if not found:
            return []
        text = "\n".join(finding.render().replace(str(path), path.name) for finding in found)
        box = nodes.warning()
        box += nodes.paragraph(text="automata check finds:")
        box += nodes.literal_block(text=text, language="text")
        return [box]

    def _player(self, path: Path, spec: Spec) -> nodes.Node:
        try:
            program = load_program(path)
            wanted = self.options["player"].strip()
            case_name = wanted or next(iter(program.cases), "")
            if not case_name:
                raise AutomataError(f"{program.module_name} defines no CASES: name one after :player:")
            case = program.case(case_name)
            recording = record_case(program, case, max_steps=PLAYER_STEPS)
        except AutomataError as error:
            raise self.error(f"automaton: {error.render()}") from None
        return _embedded(player_page(program, case, case_name, recording), f"{spec.automaton}: the player", "player")

    def run(self) -> list[nodes.Node]:
        path = self._spec_path()
        try:
            spec = load_spec(path)
        except AutomataError as error:
            raise self.error(f"automaton: {error.render()}") from None
        if path.is_file():
            self.env.note_dependency(str(path))  # rebuild the page when the spec changes
        stem = safe_id(spec.stem)
        body: list[nodes.Node] = []
        if spec.description and "no-title" not in self.options:
            body.append(nodes.paragraph(text=spec.description))
        body += self._findings(spec, path)
        for part in self.options.get("show") or DEFAULT_PARTS:
            html = f'<div class="automaton">{part_html(spec, part)}</div>'
            body.append(self._section(PART_TITLES[part], f"{stem}-{part}", nodes.raw("", html, format="html")))
        if "code" in self.options:
            text = path.read_text(encoding="utf-8") if path.is_file() else None
            code = nodes.literal_block(text=generate_source(spec, text), language="python")
            body.append(self._section("The code generated from the spec", f"{stem}-code", code))
        if "player" in self.options:
            body.append(self._section("A run in the player", f"{stem}-player", self._player(path, spec)))
        if "simulate" in self.options:
            body.append(self._section("Simulate it", f"{stem}-simulate",
                                      _embedded(simulate_html(spec), f"{spec.automaton}: the simulator", "simulator")))
        if "no-title" in self.options:
            return body
        return [self._section(f"{spec.automaton}: {spec.title}", f"automaton-{stem}", *body)]


def _write_style(app: Sphinx, error: Exception | None) -> None:
    """The few rules the presentation needs, beside the theme's own (HTML builders only)."""
    if error is not None or app.builder.format != "html":
        return
    write_atomically(Path(app.outdir) / "_static" / STYLE_FILE, asset("sphinx.css"))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("automaton", AutomatonDirective)
    app.add_css_file(STYLE_FILE)
    app.connect("build-finished", _write_style)
    from . import __version__

    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
