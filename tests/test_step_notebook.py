"""Notebooks: a running automaton shows itself with the current state highlighted, and the IPython
extension makes a Spec display itself (through IPython's own formatters when IPython is there)."""

from __future__ import annotations

import importlib.util
from types import SimpleNamespace

import pytest
from core_support import COUNTER_SPEC, Counter

from automata.io.loader import spec_from_text
from automata.io.notebook import load_ipython_extension, spec_html, spec_svg
from automata.runtime.stepwise import STEPPING_ENGINES, open_automaton


@pytest.fixture
def spec():
    return spec_from_text(COUNTER_SPEC, "counter.yaml")


@pytest.mark.parametrize("engine", STEPPING_ENGINES)
def test_a_running_automaton_highlights_where_it_is(spec, engine):
    automaton = open_automaton(spec, Counter(limit=1), engine=engine)
    assert 'class="node current" data-state="0"' in automaton._repr_svg_() and 'class="edge taken"' not in automaton._repr_svg_()
    automaton.step()
    html = automaton._repr_html_()
    assert "step 1: state 0 (Counting)" in html
    assert 'class="node current" data-state="0"' in html and 'class="edge taken" data-arc="1"' in html
    automaton.step()
    svg = automaton._repr_svg_()
    assert svg.startswith("<svg") and "<style>" in svg
    assert 'class="node current" data-state="1"' in svg and 'class="edge taken" data-arc="0"' in svg
    assert ", final" in automaton._repr_html_()


def test_the_extension_registers_the_spec_pictures_by_name(spec):
    registered = {}

    class Formatter:
        def __init__(self, mime: str) -> None:
            self.mime = mime

        def for_type_by_name(self, module: str, name: str, function) -> None:
            registered[self.mime] = (module, name, function)

    fake = SimpleNamespace(display_formatter=SimpleNamespace(
        formatters={mime: Formatter(mime) for mime in ("text/html", "image/svg+xml")}))
    load_ipython_extension(fake)
    assert registered["text/html"][:2] == ("automata.model.spec", "Spec")
    assert registered["image/svg+xml"][2](spec) == spec_svg(spec)
    html = registered["text/html"][2](spec)
    assert "A7: Counter" in html and html.count('class="node" data-state=') == 2 and ">Inputs</h4>" in html


@pytest.mark.skipif(importlib.util.find_spec("IPython") is None, reason="IPython is not installed")
def test_ipython_displays_a_spec_once_the_extension_is_loaded(spec):
    from IPython.core.formatters import DisplayFormatter

    formatter = DisplayFormatter()
    assert "text/html" not in formatter.format(spec)[0]
    load_ipython_extension(SimpleNamespace(display_formatter=formatter))
    shown = formatter.format(spec)[0]
    assert shown["text/html"] == spec_html(spec) and shown["image/svg+xml"].startswith("<svg")


def test_a_spec_and_a_running_automaton_print_as_one_useful_line(spec):
    import dataclasses

    text = repr(spec)
    assert "\n" not in text and len(text) < 200
    assert text == "<Spec A7: 'Counter' from 'counter.yaml': 2 states, 2 inputs, 3 outputs, 3 arcs>"
    assert spec == dataclasses.replace(spec) and hash(spec.states[0]) == hash(dataclasses.replace(spec.states[0]))
    automaton = open_automaton(spec, Counter(limit=1))
    automaton.step()
    assert repr(automaton) == "<Automaton A7 (Counter): state 0 (Counting), after 1 step>"


def test_the_running_display_shows_what_the_last_step_read_and_ran(spec):
    automaton = open_automaton(spec, Counter(limit=1))
    assert "No step taken yet" in automaton._repr_html_()
    automaton.step()
    html = automaton._repr_html_()
    assert "arc 2: !x1 &amp; x2 / z2, z1" in html
    assert '<td class="name">x1</td><td>the limit is reached?</td><td>0 (no)</td>' in html
    assert '<td class="name">z2</td><td>note an even count</td><td>ran</td>' in html


def test_one_line_shows_a_problems_run_with_its_picture():
    import html
    import re

    import automata

    run = automata.show("knight-tour", board="5x5", start=(1, 1))
    assert repr(run).startswith("<run of A1, case board=5x5 start=1,1: finished in state 2 (Tour found) after 26 steps")
    frame = re.fullmatch(r'<iframe title="A1: the player" srcdoc="([^"]*)" style="[^"]*"></iframe>', run._repr_html_())
    assert frame and 'id="run-data"' in html.unescape(frame.group(1))
    shown = run.at(10)._repr_html_()
    assert "step 10: state 1 (Choosing a move)" in shown and 'class="node current" data-state="1"' in shown
    assert '<img alt="the problem after step 10"' in shown and "ran</td>" in shown
    assert repr(run.step(3)) == "<step 3: A1 from state 1 to state 1>"
