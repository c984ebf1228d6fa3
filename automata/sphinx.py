"""A Sphinx extension: `.. automaton:: path/to/spec.yaml` presents an automaton in a Sphinx site.

    extensions = ["automata.sphinx"]          # conf.py (pip install automata-search[docs])

    .. automaton:: specs/knight_tour.yaml
       :show: connections, graph, states, inputs, outputs
       :code:

The same presentation as `automata docs` pages: the connection diagram and the transition graph as
inline SVG, tables of states, inputs, outputs (and arcs), and with `:code:` the Python generated
from the spec. `:show:` picks the parts and their order (default: all but arcs). In Markdown with
MyST the directive is a fenced block: ```` ```{automaton} specs/knight_tour.yaml ````.

The path is looked up beside the document, then in the Sphinx source folder, then as `automata`
finds specs (the working directory, the project, the installed specs package). A spec that does not
load is reported as a Sphinx error at the directive, and the build goes on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from .errors import AutomataError
from .io.codegen import generate_source
from .io.files import write_atomically
from .io.html.page import asset, esc
from .io.html.site import presentation
from .io.loader import load_spec, locate_spec

PARTS = ("connections", "graph", "states", "inputs", "outputs", "arcs")
DEFAULT_PARTS = ("connections", "graph", "states", "inputs", "outputs")
STYLE_FILE = "automata.css"


def _parts(argument: str | None) -> list[str]:
    chosen = [part.strip() for part in (argument or "").replace(",", " ").split() if part.strip()]
    unknown = [part for part in chosen if part not in PARTS]
    if unknown:
        raise ValueError(f"unknown part {unknown[0]!r}; choose from {', '.join(PARTS)}")
    return chosen


class AutomatonDirective(SphinxDirective):
    """`.. automaton:: SPEC` with options :show: PARTS, :code:, :no-title:."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"show": _parts, "code": directives.flag, "no-title": directives.flag}

    def _spec_path(self) -> Path:
        argument = self.arguments[0]
        _, absolute = self.env.relfn2path(argument, self.env.docname)
        for candidate in (Path(absolute), Path(self.env.srcdir) / argument):
            if candidate.is_file():
                return candidate
        return locate_spec(argument)

    def run(self) -> list[nodes.Node]:
        path = self._spec_path()
        try:
            spec = load_spec(path)
        except AutomataError as error:
            raise self.error(f"automaton: {error.render()}") from None
        if path.is_file():
            self.env.note_dependency(str(path))  # rebuild the page when the spec changes
        parts = self.options.get("show") or list(DEFAULT_PARTS)
        result: list[nodes.Node] = []
        if "no-title" not in self.options:
            result.append(nodes.rubric(text=f"{spec.automaton}: {spec.title}"))
            if spec.description:
                result.append(nodes.paragraph(text=spec.description))
        html = presentation(spec, parts, heading_level=4)
        result.append(nodes.raw("", f'<div class="automaton" id="automaton-{esc(spec.stem)}">{html}</div>', format="html"))
        if "code" in self.options:
            text = path.read_text(encoding="utf-8") if path.is_file() else None
            code = nodes.literal_block(text=generate_source(spec, text), language="python")
            result.append(nodes.container("", nodes.caption(text="The code generated from the spec"), code,
                                          literal_block=True))
        return result


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
