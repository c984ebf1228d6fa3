"""Drawing specs into files: every diagram of a spec, rendered by `dot`, written atomically.

Everything is drawn before anything is written, and each file replaces its old version in one
step, so a failure leaves the folder as it was.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path

import graphviz

from ..errors import InputError
from ..model.spec import Spec
from .diagrams import CONNECTIONS, GRAPH, KINDS, DrawOptions, diagram, dot_source
from .files import write_files
from .loader import load_spec, load_system
from .mermaid import mermaid, mermaid_connections
from .system_diagrams import SYSTEM, mermaid_system

RENDERED_FORMATS = ("svg", "png", "pdf")  # need the `dot` program
TEXT_FORMATS = ("dot", "mermaid")  # written by this package alone
FORMATS = RENDERED_FORMATS + TEXT_FORMATS

def diagram_files(stem: str, system: bool = False) -> dict[str, str]:
    """The files every spec always has in the diagrams folder, by role (and a system's root, its
    system diagram)."""
    files = {
        "graph_source": f"{stem}.gv",
        "connections_source": f"{stem}.connections.gv",
        "graph_svg": f"{stem}.svg",
        "connections_svg": f"{stem}.connections.svg",
    }
    if system:
        files |= {"system_source": f"{stem}.{SYSTEM}.gv", "system_svg": f"{stem}.{SYSTEM}.svg"}
    return files


# `dot` lays out a chain of thousands of states in seconds but a tangle of a few hundred arcs in
# minutes: specs with more arcs than this are drawn only as text (dot source, mermaid), and a
# layout that still takes too long is stopped.
MAX_DRAWN_ARCS = 300
DOT_SECONDS = 60


def render_with_dot(graph: graphviz.Digraph, fmt: str, what: str = "the diagram") -> bytes:
    """Lay out and render a diagram with the `dot` program, within DOT_SECONDS; any failure of
    dot is an InputError naming `what` and dot's own first line of complaint."""
    executable = shutil.which(graph.engine or "dot")
    if executable is None:
        raise _no_dot_error(fmt)
    try:
        finished = subprocess.run([executable, f"-T{fmt}"], input=graph.source.encode("utf-8"),
                                  capture_output=True, timeout=DOT_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        raise InputError(f"graphviz took more than {DOT_SECONDS} s to lay out {what}; draw it with"
                         " --format dot or mermaid and lay it out with another tool") from None
    except OSError as error:
        raise InputError(f"cannot run graphviz `dot` for {what}: {error.strerror or error}") from None
    if finished.returncode != 0:
        complaint = next((line.strip() for line in finished.stderr.decode("utf-8", "replace").splitlines()
                          if line.strip()), f"exit code {finished.returncode}")
        raise InputError(f"graphviz could not draw {what}: {complaint[:200]}")
    return finished.stdout


def _render(graph: graphviz.Digraph, fmt: str) -> bytes:
    return render_with_dot(graph, fmt, f"the diagram {graph.name}" if graph.name else "the diagram")


def _no_dot_error(fmt: str) -> InputError:
    return InputError(
        f"drawing {fmt} needs the graphviz program `dot`, which is not installed: "
        "install graphviz (apt-get install graphviz) or ask only for the dot and mermaid formats"
    )


def _spec_outputs(spec: Spec, formats: Sequence[str], options: DrawOptions = DrawOptions()) -> dict[str, bytes]:
    """Every file drawn for one spec, by file name."""
    rendered = [fmt for fmt in formats if fmt in RENDERED_FORMATS]
    if rendered and len(spec.arcs) > MAX_DRAWN_ARCS:
        raise InputError(f"{spec.path} has {len(spec.arcs):,} arcs; graphviz lays out at most {MAX_DRAWN_ARCS}"
                         f" in reasonable time: ask for --format dot or mermaid instead of {rendered[0]}")
    outputs: dict[str, bytes] = {}
    for kind in KINDS + ((SYSTEM,) if spec.is_system else ()):
        graph = diagram(spec, kind, options)
        base = spec.stem if kind == GRAPH else f"{spec.stem}.{kind}"
        outputs[f"{base}.gv"] = graph.source.encode("utf-8")
        for fmt in formats:
            if fmt in RENDERED_FORMATS:
                outputs[f"{base}.{fmt}"] = _render(graph, fmt)
    if "mermaid" in formats:
        outputs[f"{spec.stem}.mmd"] = mermaid(spec).encode("utf-8")
        outputs[f"{spec.stem}.connections.mmd"] = mermaid_connections(spec).encode("utf-8")
        if spec.is_system:
            outputs[f"{spec.stem}.{SYSTEM}.mmd"] = mermaid_system(load_system(spec)).encode("utf-8")
    return outputs


def draw_specs(spec_paths: Iterable[str | Path], out_dir: str | Path, formats: Sequence[str] = ("svg",),
               options: DrawOptions = DrawOptions()) -> list[Path]:
    """Draw each spec into `out_dir`: `<stem>.<fmt>` (transition graph) and `<stem>.connections.<fmt>`
    for each rendered format, `<stem>.mmd` for "mermaid", and always the DOT sources `<stem>.gv` and
    `<stem>.connections.gv`. Everything is drawn before anything is written, and each file is
    replaced atomically, so a failure leaves the folder as it was. Returns the files written."""
    unknown = [fmt for fmt in formats if fmt not in FORMATS]
    if unknown:
        raise InputError(f"unknown diagram format '{unknown[0]}': choose from {', '.join(FORMATS)}")
    needs_dot = [fmt for fmt in formats if fmt in RENDERED_FORMATS]
    if needs_dot and shutil.which("dot") is None:
        raise _no_dot_error(needs_dot[0])
    drawn: dict[str, bytes] = {}
    for spec_path in spec_paths:
        drawn.update(_spec_outputs(load_spec(spec_path), formats, options))
    return write_files(out_dir, drawn)


def stale_diagrams(spec_paths: Iterable[str | Path], out_dir: str | Path) -> list[str]:
    """Names of diagram files in `out_dir` that are missing, or whose DOT source differs from what
    the current spec produces (SVG files are only required to exist: their bytes depend on the
    graphviz version)."""
    folder = Path(out_dir)
    stale = []
    for spec_path in spec_paths:
        spec = load_spec(spec_path)
        files = diagram_files(spec.stem, spec.is_system)
        expected = {files["graph_source"]: dot_source(spec, GRAPH), files["connections_source"]: dot_source(spec, CONNECTIONS)}
        if spec.is_system:
            expected[files["system_source"]] = dot_source(spec, SYSTEM)
        for name, source in expected.items():
            path = folder / name
            if not path.is_file() or path.read_text(encoding="utf-8") != source:
                stale.append(name)
        stale += [files[role] for role in ("graph_svg", "connections_svg", "system_svg")
                  if role in files and not (folder / files[role]).is_file()]
    return stale
