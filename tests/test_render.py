"""Diagrams: the transition graph, the connection diagram, Mermaid text and the files drawn."""

from __future__ import annotations

import os
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from automata.io import diagrams as render
from automata.io import drawing, labels
from automata.errors import InputError
from automata.io.labels import arc_text
from automata.io.diagrams import DrawOptions, connection_diagram, dot_source, transition_graph
from automata.io.drawing import draw_specs, stale_diagrams
from automata.io.mermaid import mermaid, mermaid_connections
from automata.io.loader import load_spec

DATA = Path(__file__).parent / "data"
SEARCH = DATA / "render_search.yaml"  # one event, priorities, parallel arcs, two self-loops, on_enter
EVENTS = DATA / "render_events.yaml"  # two events, characters that DOT and Mermaid treat specially

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="the graphviz program `dot` is not installed")

_EDGE = re.compile(r'^\s*(\w+)(?::\w+)* -> (\w+)(?::\w+)*(?: \[(.*)\])?$')


def edges(source: str) -> list[tuple[str, str, str]]:
    """(tail, head, label as one line) of every edge in a DOT text."""
    found = []
    for line in source.splitlines():
        match = _EDGE.match(line)
        if match:
            label = re.search(r'(?:^| )label="((?:[^"\\]|\\.)*)"', match.group(3) or "")
            text = label.group(1).replace("\\n", " ").strip() if label else ""
            found.append((match.group(1), match.group(2), text))
    return found


def node_line(source: str, node: str) -> str:
    return next(line for line in source.splitlines() if line.strip().startswith(f"{node} ["))


# ---------------------------------------------------------------------------------------------
# The transition graph


def test_every_arc_is_its_own_labelled_edge_with_its_priority():
    source = transition_graph(load_spec(SEARCH)).source
    assert Counter(edges(source)) == Counter([
        ("start", "s0", ""),
        ("s0", "s1", "1 / z1"),
        ("s1", "s2", "1: x1"),
        ("s1", "s1", "2: x2 / z1"),
        ("s1", "s1", "3: !x2 & !x3 / z2"),
        ("s1", "s3", "4: !x2 & x3"),
        ("s1", "s3", "5: x1 & x2 & x3 / z2, z4"),
    ])


def test_states_are_numbered_and_named_with_their_on_enter_actions():
    source = transition_graph(load_spec(SEARCH)).source
    for number, name in [(0, "Start"), (1, "Choosing a move"), (2, "Solution found"), (3, "No solution")]:
        assert f"<B>{number}. {name}</B>" in node_line(source, f"s{number}")
    assert "on enter: z3" in node_line(source, "s2")
    assert "on enter: z4" in node_line(source, "s3")
    assert "on enter" not in node_line(source, "s1")


def test_initial_state_has_an_arrow_from_a_point_and_final_states_a_double_border():
    source = transition_graph(load_spec(SEARCH)).source
    assert "shape=point" in node_line(source, "start")
    assert ("start", "s0", "") in edges(source)
    assert "peripheries=2" in node_line(source, "s2")
    assert "peripheries=2" in node_line(source, "s3")
    assert "peripheries=1" in node_line(source, "s0")
    assert "peripheries=1" in node_line(source, "s1")


def test_graph_title_names_the_automaton():
    source = transition_graph(load_spec(SEARCH)).source
    assert 'label="A7: Backtracking search"' in source


def test_self_loops_leave_and_enter_at_different_corners():
    source = transition_graph(load_spec(SEARCH)).source
    loops = [line for line in source.splitlines() if line.strip().startswith("s1 -> s1")]
    assert len(loops) == 2
    assert all("tailport=ne" in line and "headport=se" in line for line in loops)


def test_arcs_name_their_event_when_the_automaton_has_several():
    spec = load_spec(EVENTS)
    assert sorted(label for _, _, label in edges(transition_graph(spec).source)) == [
        "", "e0", "e1 & !x1 & !x2", "e1 & (x1 | x2) / z1",
    ]


def test_long_arc_labels_break_after_the_slash(monkeypatch):
    spec = load_spec(SEARCH)
    longest = spec.arcs[-1]
    assert arc_text(spec, longest, wrap=True) == "5: x1 & x2 & x3 / z2, z4"
    monkeypatch.setattr(labels, "_ARC_LABEL_WIDTH", 10)
    assert arc_text(spec, longest, wrap=True) == "5: x1 & x2 & x3 /\nz2, z4"
    assert arc_text(spec, longest) == "5: x1 & x2 & x3 / z2, z4"


def test_special_characters_are_escaped():
    source = transition_graph(load_spec(EVENTS)).source
    assert "1. Locked &lt;safe&gt;" in node_line(source, "s1")
    assert 'label="A2: Door \\"lock\\"; #2"' in source


@needs_dot
def test_escaped_labels_survive_graphviz():
    svg = transition_graph(load_spec(EVENTS)).pipe(format="svg").decode("utf-8")
    assert "1. Locked &lt;safe&gt;" in svg
    assert "e1 &amp; (x1 | x2) / z1" in svg


# ---------------------------------------------------------------------------------------------
# The connection diagram


def test_connection_diagram_has_inputs_left_outputs_right_with_their_docs():
    spec = load_spec(SEARCH)
    source = connection_diagram(spec).source
    arrows = {(tail, head) for tail, head, _ in edges(source)}
    assert arrows == {("sources", "automaton"), ("automaton", "targets")}
    for name in [*spec.events, *spec.inputs]:
        assert f"sources:{name}:e -> automaton:{name}:w" in source
    for name in spec.outputs:
        assert f"automaton:{name}:e -> targets:{name}:w" in source
    for decl in [*spec.inputs.values(), *spec.outputs.values()]:
        assert f'PORT="{decl.name}"' in source
        assert decl.doc in source
    assert "next step of the search (event)" in node_line(source, "sources")
    assert "make the next untried move" in node_line(source, "targets")
    assert "<B>A7</B>" in node_line(source, "automaton")


def test_connection_diagram_wraps_long_descriptions_and_keeps_rows_aligned():
    source = connection_diagram(load_spec(EVENTS)).source
    sources = node_line(source, "sources")
    assert "the key that was turned fits the lock and<BR/>the lock is not jammed?" in sources
    # The wrapped row is taller; the block's row beside it has the same height.
    heights = re.findall(r'PORT="x1" HEIGHT="(\d+)"', source)
    assert len(heights) == 2 and heights[0] == heights[1] and int(heights[0]) > render._ROW_PITCH_POINTS


# ---------------------------------------------------------------------------------------------
# DOT sources


def test_dot_source_does_not_depend_on_where_the_spec_was_loaded_from(tmp_path, monkeypatch):
    spec = load_spec(SEARCH)
    monkeypatch.chdir(tmp_path)
    moved = load_spec(SEARCH.resolve())
    assert spec.path != moved.path
    for kind in render.KINDS:
        assert dot_source(spec, kind) == dot_source(moved, kind)


def test_unknown_diagram_kind_is_an_input_error():
    with pytest.raises(InputError, match="unknown diagram kind 'state'"):
        dot_source(load_spec(SEARCH), "state")


# ---------------------------------------------------------------------------------------------
# Mermaid

# Mermaid replaces entity codes (#58;) before it parses, so they are the only `#` and `;` allowed.
_MERMAID_TEXT = r'(?:[^:;#"<>{}]|#\w+;)+'
_MERMAID_LINE = re.compile(
    rf'^    (%% .*|state "{_MERMAID_TEXT}" as s\d+|s\d+ : {_MERMAID_TEXT}'
    rf'|\[\*\] --> s\d+|s\d+ --> \[\*\]|s\d+ --> s\d+ : {_MERMAID_TEXT})$'
)


def test_mermaid_is_a_state_diagram_with_start_and_end_markers():
    text = mermaid(load_spec(SEARCH))
    lines = text.splitlines()
    assert lines[0] == "stateDiagram-v2"
    assert all(_MERMAID_LINE.match(line) for line in lines[1:]), text
    assert "    [*] --> s0" in lines
    assert "    s2 --> [*]" in lines and "    s3 --> [*]" in lines
    assert '    state "1. Choosing a move" as s1' in lines
    assert "    s1 --> s3 : 5#58; x1 & x2 & x3 / z2, z4" in lines
    assert sum(" --> s" in line and "[*]" not in line for line in lines) == 6


def test_mermaid_escapes_what_its_grammar_reserves():
    text = mermaid(load_spec(EVENTS))
    lines = text.splitlines()
    assert all(_MERMAID_LINE.match(line) for line in lines[1:]), text
    assert '    state "1. Locked #lt;safe#gt;" as s1' in lines
    assert '    %% A2: Door "lock"; #2' in lines  # a comment runs to the end of its line


# ---------------------------------------------------------------------------------------------
# Files


def test_draw_specs_writes_dot_and_mermaid_without_the_dot_program(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))
    written = draw_specs([SEARCH], tmp_path / "out", formats=("dot", "mermaid"))
    assert sorted(path.name for path in written) == [
        "render_search.connections.gv", "render_search.connections.mmd", "render_search.gv", "render_search.mmd",
    ]
    spec = load_spec(SEARCH)
    assert (tmp_path / "out" / "render_search.gv").read_text(encoding="utf-8") == dot_source(spec, "graph")
    assert (tmp_path / "out" / "render_search.mmd").read_text(encoding="utf-8") == mermaid(spec)
    connections = (tmp_path / "out" / "render_search.connections.mmd").read_text(encoding="utf-8")
    assert connections == mermaid_connections(spec)


def test_the_mermaid_connection_diagram_links_every_input_and_output_to_the_automaton():
    spec = load_spec(SEARCH)
    text = mermaid_connections(spec)
    assert text.startswith("flowchart LR\n")
    for name, decl in spec.inputs.items():
        assert f'    {name}["{name}: {" ".join(decl.doc.split())}"] --> A' in text
    for name, decl in spec.outputs.items():
        assert f'    A --> {name}["{name}: {" ".join(decl.doc.split())}"]' in text


def test_a_legend_under_the_graph_explains_every_input_and_output():
    spec = load_spec(SEARCH)
    plain = dot_source(spec, "graph")
    with_legend = dot_source(spec, "graph", DrawOptions(legend=True))
    assert "legend" not in plain and "rank=sink" in with_legend
    for name, decl in {**spec.inputs, **spec.outputs}.items():
        assert f"<TD ALIGN=\"LEFT\">{name}</TD><TD ALIGN=\"LEFT\">{decl.doc}</TD>" in with_legend


def test_numbered_arcs_carry_their_number_in_the_file():
    spec = load_spec(SEARCH)
    numbered = dot_source(spec, "graph", DrawOptions(numbered=True))
    for arc in spec.arcs:
        assert f'label=" #{arc.index + 1} ' in numbered
    assert "#1 " not in dot_source(spec, "graph")


def test_draw_on_the_command_line_takes_legend_and_numbering(tmp_path, capsys):
    from core_support import run_cli

    code, out, _ = run_cli(capsys, "draw", str(SEARCH), "--format", "dot", "--legend", "--numbered", "--out",
                           str(tmp_path))
    assert code == 0
    text = (tmp_path / "render_search.gv").read_text(encoding="utf-8")
    assert "rank=sink" in text and "#1 " in text


def test_rendering_without_the_dot_program_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))
    with pytest.raises(InputError, match=r"apt-get install graphviz"):
        draw_specs([SEARCH], tmp_path / "out", formats=("svg",))
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_unknown_format_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="unknown diagram format 'jpeg'"):
        draw_specs([SEARCH], tmp_path, formats=("jpeg",))


def test_a_failed_render_leaves_the_folder_as_it_was(tmp_path, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    (out / "render_search.gv").write_text("old graph", encoding="utf-8")
    calls = []

    def failing_render(graph, fmt):
        calls.append(fmt)
        if len(calls) == 2:
            raise RuntimeError("layout crashed")
        return b"<svg/>"

    monkeypatch.setattr(drawing, "_render", failing_render)
    with pytest.raises(RuntimeError, match="layout crashed"):
        draw_specs([SEARCH, EVENTS], out, formats=("svg",))
    assert sorted(path.name for path in out.iterdir()) == ["render_search.gv"]
    assert (out / "render_search.gv").read_text(encoding="utf-8") == "old graph"


def test_a_failed_write_leaves_no_partial_file(tmp_path, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    (out / "render_search.gv").write_text("old graph", encoding="utf-8")

    def failing_replace(source, target):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(InputError, match="cannot write .*render_search.gv: disk full"):
        draw_specs([SEARCH], out, formats=("dot",))
    monkeypatch.undo()
    assert sorted(path.name for path in out.iterdir()) == ["render_search.gv"]
    assert (out / "render_search.gv").read_text(encoding="utf-8") == "old graph"


def test_written_files_are_readable_by_everyone(tmp_path):
    written = draw_specs([SEARCH], tmp_path, formats=("dot",))
    assert all(path.stat().st_mode & 0o044 == 0o044 for path in written)


@needs_dot
def test_rendered_formats(tmp_path):
    written = {path.name: path for path in draw_specs([SEARCH], tmp_path, formats=("svg", "png", "pdf"))}
    assert set(written) == {
        f"render_search{middle}.{ext}" for middle in ("", ".connections") for ext in ("gv", "svg", "png", "pdf")
    }
    svg = written["render_search.svg"].read_text(encoding="utf-8")
    assert "<svg" in svg and "1. Choosing a move" in svg and "3: !x2 &amp; !x3 / z2" in svg
    assert "make the next untried move" in written["render_search.connections.svg"].read_text(encoding="utf-8")
    assert written["render_search.png"].read_bytes().startswith(b"\x89PNG")
    assert written["render_search.connections.pdf"].read_bytes().startswith(b"%PDF")


def test_stale_diagrams_names_missing_and_outdated_files(tmp_path):
    assert stale_diagrams([SEARCH], tmp_path / "nothing") == [
        "render_search.gv", "render_search.connections.gv", "render_search.svg", "render_search.connections.svg",
    ]
    draw_specs([SEARCH], tmp_path, formats=("dot",))
    for name in ("render_search.svg", "render_search.connections.svg"):
        (tmp_path / name).write_text("<svg/>", encoding="utf-8")  # SVG bytes are not compared
    assert stale_diagrams([SEARCH], tmp_path) == []
    graph = tmp_path / "render_search.gv"
    graph.write_text(graph.read_text(encoding="utf-8").replace("1: x1", "1: x2"), encoding="utf-8")
    (tmp_path / "render_search.connections.svg").unlink()
    assert stale_diagrams([SEARCH], tmp_path) == ["render_search.gv", "render_search.connections.svg"]
