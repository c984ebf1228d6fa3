"""The Sphinx extension: the sample project (docs/example-sphinx) builds, without a warning, and
its pages carry the transition graph; a broken directive is reported where it is written."""

from __future__ import annotations

import html
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

if importlib.util.find_spec("sphinx") is None:
    pytest.skip("sphinx is not installed: pip install -e '.[docs]' (sphinx, myst-parser)", allow_module_level=True)

SAMPLE = Path(__file__).resolve().parents[1] / "docs" / "example-sphinx"
HAS_MYST = importlib.util.find_spec("myst_parser") is not None


def sphinx_build(source: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", *extra, str(source), str(out / "html"),
                           "-d", str(out / "doctrees")], capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sphinx")
    done = sphinx_build(SAMPLE, out, "-W", "--keep-going")  # a warning fails the build
    assert done.returncode == 0, done.stderr
    return out / "html"


def test_the_sample_project_shows_the_transition_graph(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    knight = page[page.index('id="automaton-knight_tour"'):page.index('id="automaton-queens_backtracking"')]
    assert knight.count('class="node" data-state=') == 7 and knight.count('class="edge" data-arc=') == 11
    assert '<section id="knight_tour-states">' in knight and "is_start_impossible()" in knight
    queens = page[page.index('id="automaton-queens_backtracking"'):page.index('class="toctree-wrapper')]
    assert "Connection diagram" not in queens and '<section id="queens_backtracking-arcs">' in queens, ":show: picks the parts"
    assert "def stepper(context" in re.sub(r"<[^>]+>", "", queens), ":code: adds the generated code"
    assert (built / "_static" / "automata.css").is_file() and "automata.css" in page
    # each automaton and each of its parts is a section: headings with their anchors, and the table
    # of contents lists them (the toctree entry of the MyST page shows its automaton and parts)
    anchors = set(re.findall(r'<a class="headerlink" href="#([^"]+)"', page))
    assert {"automaton-knight_tour", "knight_tour-graph", "knight_tour-player", "queens_backtracking-code"} <= anchors
    if HAS_MYST:
        contents = re.findall(r'<li class="toctree-l\d"><a class="reference internal" href="myst.html#([^"]+)">', page)
        assert contents[:3] == ["automaton-eight_puzzle", "eight_puzzle-connections", "eight_puzzle-graph"]
    # :player: embeds the knight's first case, :simulate: the simulator; both pages are self-contained
    frames = re.findall(r'<iframe class="automaton-(player|simulator)" title="[^"]*" srcdoc="([^"]*)"', page)
    assert [kind for kind, _ in frames] == ["player", "simulator"]
    player = html.unescape(frames[0][1])
    assert "Case: <strong>5x5 from 1,1: a tour</strong>" in player and 'id="run-data"' in player
    assert not re.search(r'(?:src|href)\s*=\s*"(?:https?:)?//', player) and "<script src" not in player
    # the theme's link styles do not reach the labels inside the drawings
    assert "div.automaton svg a" in (built / "_static" / "automata.css").read_text(encoding="utf-8")


@pytest.mark.skipif(not HAS_MYST, reason="myst-parser is not installed: pip install -e '.[docs]'")
def test_the_myst_page_uses_the_same_directive(built):
    page = (built / "myst.html").read_text(encoding="utf-8")
    assert page.count('class="node" data-state=') == 6 and "A1: Eight puzzle" in page


def test_check_findings_are_shown_on_the_page(tmp_path):
    from core_support import COUNTER_SPEC

    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["automata.sphinx"]\n')
    (source / "counter.yaml").write_text(COUNTER_SPEC.replace('guard: "!x1 & x2"', 'guard: "x2"'))
    (source / "index.rst").write_text("Title\n=====\n\n.. automaton:: counter.yaml\n")
    done = sphinx_build(source, tmp_path / "out")
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "out" / "html" / "index.html").read_text(encoding="utf-8")
    assert "automata check finds:" in page and "counter.yaml:" in page and "are both enabled when" in page
    assert str(source) not in page


def test_a_spec_that_does_not_load_is_an_error_at_the_directive(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["automata.sphinx"]\n')
    (source / "index.rst").write_text("Title\n=====\n\n.. automaton:: no/such/spec.yaml\n\n"
                                      ".. automaton:: specs/knight_tour.yaml\n   :show: graph, bogus\n")
    done = sphinx_build(source, tmp_path / "out")
    assert done.returncode == 0
    assert "index.rst:4: ERROR: automaton:" in done.stderr and "no/such/spec.yaml" in done.stderr
    assert "unknown part 'bogus'" in done.stderr
