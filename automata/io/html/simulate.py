"""Simulate mode: the spec alone, no context, the student sets the inputs and fires the arcs.

`automata player SPEC --simulate -o sim.html` writes one self-contained page. It shows the
transition graph with the current state lit, a switch for every input (`data-input="x1"`), a
choice of the event when the automaton reacts to several (`data-event="e1"`), and a choice of
the tested automaton's state for each state test (`data-test="y2"`). Every arc of the current
state is listed in the order it is tried, with each literal of its guard evaluated; the arc that
would fire is marked, and the Fire button (`data-action="fire"`) takes it: the state moves to
its target and its outputs are listed. Back undoes a step. For a system of automata, the page
simulates one automaton at a time (the root first); the others' states are the tests' choices.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...model.spec import Spec
from ..loader import load_system
from ..labels import title_of
from .page import esc
from .player import graphs_html, page, view_controls
from .player_data import automaton_data

SIMULATE_SCRIPTS = ("view.js", "simulate.js")


def simulate_html(spec: Spec, specs: Mapping[str, Spec] | None = None) -> str:
    """The simulator page of `spec`; `specs`: every automaton of its system, when the caller has
    loaded it already (None: the system `spec` heads is loaded here, if it heads one)."""
    if specs is None and spec.is_system:
        specs = load_system(spec).specs
    specs = dict(specs) if specs else {spec.automaton: spec}
    choose = ""
    if len(specs) > 1:
        options = "".join(f'<option value="{esc(name)}">{esc(title_of(other))}</option>' for name, other in specs.items())
        choose = f'<label class="group">automaton <select id="automaton-choice">{options}</select></label>'
    body = f"""
<header class="player">
  <h1>{esc(title_of(spec))}</h1>
  <p class="muted">{esc(spec.description)}</p>
  <p>Simulation of the spec alone: set the inputs, read which arc fires and why, then fire it.
     Nothing of the program runs; the outputs are only named.</p>
</header>
<nav class="controls" aria-label="simulation controls">
  <div class="group">
    <button id="undo" type="button" data-action="back" title="undo the last step (←)">◀ Back</button>
    <button id="fire" type="button" data-action="fire" title="take the arc that fires (→ or Enter)">Fire ▶</button>
    <button id="reset" type="button" data-action="reset" title="back to the initial state (Home)">Reset</button>
  </div>
  {choose}
  <span id="status" role="status"></span>
</nav>
<main class="player">
  <div class="stack">
    <section class="card" id="graph-card">
      <dl class="now"><dt>now in</dt><dd id="state-now"></dd><dt>steps fired</dt><dd id="fired-count">0</dd></dl>
      {view_controls()}
      <div id="graph">{graphs_html(specs, spec.automaton)}</div>
      <p class="keys"><kbd>→</kbd>/<kbd>Enter</kbd> fire · <kbd>←</kbd> back · <kbd>1</kbd>…<kbd>9</kbd> switch x1…x9 ·
         <kbd>Home</kbd> reset · <kbd>P</kbd> projector · <kbd>+</kbd>/<kbd>−</kbd>/<kbd>0</kbd> zoom ·
         click a state (or Tab to it, Enter) to put the automaton there</p>
    </section>
  </div>
  <div class="stack">
    <section class="card"><h2>Inputs</h2>
      <div id="events" class="switches" role="radiogroup" aria-label="the event"></div>
      <div id="switches" class="switches"></div></section>
    <section class="card"><h2>Arcs of this state, in the order they are tried</h2><ol id="arcs" class="arcs"></ol></section>
    <section class="card"><h2>The last step</h2><ul id="outputs" class="outputs"></ul></section>
    <section class="card"><h2>Steps so far</h2><ol id="history" class="protocol"></ol></section>
  </div>
</main>
"""
    data = {"mode": "simulate", "root": spec.automaton,
            "automata": {name: automaton_data(other, specs) for name, other in specs.items()}}
    return page(f"{title_of(spec)} — simulation", body, data, SIMULATE_SCRIPTS, spec)
