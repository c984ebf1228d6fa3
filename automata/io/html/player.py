"""The step-through player: one self-contained HTML page replaying a recorded run.

The page holds the transition graph of every automaton of the run (inline SVG, states and arcs
marked for highlighting), the run as compact arrays in a JSON block (automata/io/html/player_data.py),
the problem's pictures (shown through <img>, where an SVG can run no script and fetch nothing),
the plain program's listing beside the automaton's protocol, and the player's script and style
inline. The script keeps the page's root element's attributes current, for tests and tools:
`data-step` (the position: steps taken, of every automaton), `data-state` (the shown automaton's
state), `data-automaton` (the automaton shown, `A1` inside a call) and `data-picture-step` (the
step whose situation the picture shows).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...model.spec import Spec
from ..labels import title_of
from .graph_svg import graph_svg, safe_id
from .page import asset, document, esc, script_json
from .player_data import LoopLike, RunLike, automaton_data, run_data, state_name

# The scripts of the replay page, in order, sharing one scope (each file says what it adds).
REPLAY_SCRIPTS = ("view.js", "replay.js", "quiz.js", "beside.js", "replay-controls.js")
STYLES = ("base.css", "player.css")


def ending(spec: Spec, run: RunLike) -> str:
    """How the run ended, in words."""
    steps = len(run.records)
    system = len(run.specs) > 1
    counted = f"{run.root_steps:,} steps of {spec.automaton} ({steps:,} in all)" if system else f"{steps:,} steps"
    if run.error:
        return f"the run failed: {run.error}"
    if run.truncated or run.final_state is None:
        return f"the recording stops after {steps:,} steps; the run had not ended"
    return f"finished in {state_name(run.specs or {spec.automaton: spec}, spec.automaton, run.final_state)} after {counted}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def graphs_html(specs: Mapping[str, Spec], shown: str) -> str:
    """One transition graph per automaton; all but `shown` hidden until the script shows them."""
    return "".join(
        f'<div class="automaton-graph" data-automaton="{esc(name)}"{"" if name == shown else " hidden"}>'
        f'{graph_svg(spec, f"graph-{safe_id(name)}", interactive=True)}</div>'
        for name, spec in specs.items())


def view_controls() -> str:
    """Zoom, fit and projector mode: shared by the replay and the simulator."""
    return """<div class="view-controls" role="group" aria-label="view">
      <button type="button" data-action="zoom-in" title="zoom in (+)">+</button>
      <button type="button" data-action="zoom-out" title="zoom out (−)">−</button>
      <button type="button" data-action="fit" title="the whole graph (0)">fit</button>
      <button type="button" data-action="projector" aria-pressed="false" title="large type for a projector (P)">projector</button>
    </div>"""


def player_html(spec: Spec, run: RunLike, case: str = "", links: Sequence[tuple[str, str]] = (),
                loop: LoopLike | None = None) -> str:
    """The player page for `run` of `spec` (the root of a system, or a single automaton); `case`
    says what was run, `links` are (href, text) pairs shown in the header, `loop` the plain
    program's listing shown beside the protocol."""
    specs = dict(run.specs) if run.specs else {spec.automaton: spec}
    title = f"{title_of(spec)} — player"
    system = len(specs) > 1
    link_items = " · ".join(f'<a href="{esc(href)}">{esc(text)}</a>' for href, text in links)
    picture = ('<section class="card" id="picture-card"><h2>The problem</h2>'
               '<img id="picture" alt="the problem at the current step"><p id="picture-caption"></p></section>'
               if run.album.frames else "")
    nesting = ("""<button id="over" type="button" title="step over the called or nested automata's steps (↓)">Over ⤼</button>
    <button id="out" type="button" title="on to the end of the step that runs this automaton (↑)">Out ⤴</button>"""
               if system else "")
    beside = ""
    if loop is not None or run.events:
        heading = f"The same events: the automaton and the {esc(loop.implementation)} program" if loop else "Events so far"
        beside = f"""<section class="card wide" id="beside"><h2>{heading}</h2>
  <div class="beside"><div><h3>Events the automaton reported <span id="event-count" class="muted"></span></h3>
  <ol id="events" class="protocol"></ol></div>
  {f'<div><h3>The {esc(loop.implementation)} program: its questions, actions and events</h3><ol id="loop" class="protocol"></ol><p id="loop-note" class="muted"></p></div>' if loop else ""}
  </div></section>"""
    body = f"""
<header class="player">
  <h1>{esc(title_of(spec))}</h1>
  <p class="muted">{esc(spec.description)}</p>
  <p>{f"Case: <strong>{esc(case)}</strong>. " if case else ""}{esc(_sentence(ending(spec, run)))}.
     {f'<span class="muted">{link_items}</span>' if link_items else ""}</p>
</header>
<nav class="controls" aria-label="replay controls">
  <div class="group">
    <button id="first" type="button" title="first step (Home)">« First</button>
    <button id="back" type="button" title="one step back (←)">◀ Back</button>
    <button id="play" type="button" title="play or pause (Space)" aria-pressed="false">▶ Play</button>
    <button id="next" type="button" title="one step on{' (into a called automaton)' if system else ''} (→)">Next ▶</button>
    {nesting}
    <button id="last" type="button" title="last step (End)">Last »</button>
  </div>
  <label class="group">speed
    <select id="speed" title="steps per second">
      <option value="1">1 step/s</option><option value="2">2 steps/s</option><option value="5" selected>5 steps/s</option>
      <option value="20">20 steps/s</option><option value="100">100 steps/s</option>
      <option value="1000">1,000 steps/s</option><option value="10000">10,000 steps/s</option>
    </select>
  </label>
  <form id="jump" class="group"><label for="step-number">step</label>
    <input id="step-number" type="number" min="0" value="0"><button type="submit">Go</button></form>
  <div class="group"><label for="visit-state">next visit of</label>
    <select id="visit-state"></select><button id="visit" type="button">Find ▶</button></div>
  <button id="quiz-toggle" type="button" aria-pressed="false" title="ask which arc fires before each step (Q)">Quiz</button>
  <input id="scrubber" type="range" min="0" value="0" aria-label="position in the run">
  <span id="status" role="status"></span>
</nav>
<main class="player">
  <div class="stack">
    <section class="card" id="graph-card">
      <p id="where" class="where" aria-label="where the run is"></p>
      <dl class="now"><dt>now in</dt><dd id="state-now"></dd><dt>arc just taken</dt><dd id="arc-now"></dd></dl>
      {view_controls()}
      <div id="graph">{graphs_html(specs, spec.automaton)}</div>
      <p class="keys"><kbd>→</kbd> next step · <kbd>←</kbd> back{' · <kbd>↓</kbd> over · <kbd>↑</kbd> out' if system else ''} ·
         <kbd>Space</kbd> play/pause · <kbd>Home</kbd>/<kbd>End</kbd> first/last · <kbd>Q</kbd> quiz · <kbd>P</kbd> projector ·
         <kbd>+</kbd>/<kbd>−</kbd>/<kbd>0</kbd> zoom · drag to pan · click a state (or Tab to it, Enter) to find its next visit</p>
    </section>
  </div>
  <div class="stack">
    <section class="card" id="quiz" hidden><h2>Which arc fires next?</h2>
      <p id="quiz-question"></p><div id="quiz-choices" class="choices" role="group" aria-label="the arcs that could fire"></div>
      <p id="quiz-verdict" role="status"></p>
      <p class="score">Score: <strong id="quiz-score" data-right="0" data-wrong="0">0 of 0</strong></p></section>
    {picture}
    <section class="card"><h2>Protocol of this step</h2><ol id="protocol" class="protocol"></ol></section>
    <section class="card"><h2>Inputs read</h2>
      <table id="inputs" class="data"><thead><tr><th>input</th><th>meaning</th><th>value</th></tr></thead>
      <tbody></tbody></table></section>
    <section class="card"><h2>Outputs run</h2><ul id="outputs" class="outputs"></ul></section>
  </div>
  {beside}
</main>
"""
    data = {"mode": "replay", "root": spec.automaton,
            "automata": {name: automaton_data(other, specs) for name, other in specs.items()},
            **run_data(specs, run, ending(spec, run), loop)}
    return page(title, body, data, REPLAY_SCRIPTS, spec)


def page(title: str, body: str, data: dict, scripts: Sequence[str], spec: Spec) -> str:
    """The document around a player's body: its data, its scripts in one scope, its root's hooks."""
    code = "\n".join(asset(name) for name in scripts)
    tail = (f'<script type="application/json" id="run-data">{script_json(data)}</script>\n'
            f'<script>\n(function () {{\n"use strict";\n{code}\n}})();\n</script>\n')
    hooks = (f' data-step="0" data-state="{spec.initial}" data-automaton="{esc(spec.automaton)}"'
             f' data-picture-step=""')
    return document(title, body, STYLES, hooks, tail)
