"""The step-through player: one self-contained HTML page replaying a recorded run.

The page holds the transition graph (inline SVG, states and arcs marked for highlighting), the
run as compact arrays in a JSON block, the problem's pictures as base64 SVG images (shown through
<img>, where an SVG can run no script and fetch nothing), and the player's script and style
inline. The script (assets/player.js) keeps the page's root element's `data-step` and
`data-state` current, so tests and scripts can read where the replay is.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from typing import Protocol

from ...model.spec import Spec, name_order
from ..labels import arc_text, title_of
from .graph_svg import graph_svg
from .page import asset, document, esc, script_json


class StepLike(Protocol):
    """A step record (automata.runtime.trace.StepRecord) as far as the player reads it."""

    event: str
    state_before: int
    inputs: tuple[tuple[str, bool], ...]
    arc: int | None
    state_after: int


class RunLike(Protocol):
    """A recorded run (automata.runtime.recording.Recording) as far as the player reads it."""

    records: Sequence[StepLike]
    final_state: int | None
    error: str
    truncated: bool
    pictures: Sequence[str]
    frames: Sequence[tuple[int, int]]
    stride: int


def ending(spec: Spec, run: RunLike) -> str:
    """How the run ended, in words."""
    steps = len(run.records)
    if run.error:
        return f"the run failed: {run.error}"
    if run.truncated or run.final_state is None:
        return f"the recording stops after {steps:,} steps; the run had not ended"
    state = spec.states[run.final_state]
    return f"finished in state {run.final_state} ({state.name}) after {steps:,} steps"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def player_data(spec: Spec, run: RunLike) -> dict:
    """The run as the player's script reads it: per step, the index of the inputs read (the same
    few combinations recur), the arc and the state after, as flat arrays."""
    input_sets: dict[tuple[tuple[str, bool], ...], int] = {}
    events = list(spec.events)
    inputs, arcs, after, event_ids = [], [], [], []
    for record in run.records:
        inputs.append(input_sets.setdefault(record.inputs, len(input_sets)))
        arcs.append(-1 if record.arc is None else record.arc)
        after.append(record.state_after)
        event_ids.append(events.index(record.event) if record.event in events else 0)
    steps: dict[str, list[int]] = {"inputs": inputs, "arc": arcs, "after": after}
    if len(events) > 1:
        steps["event"] = event_ids
    return {
        "automaton": spec.automaton,
        "initial": spec.initial,
        "event": spec.step_event,
        "events": events,
        "states": [[number, state.name, state.final] for number, state in sorted(spec.states.items())],
        "inputs": {name: decl.doc for name, decl in spec.inputs.items()},
        "outputs": {name: decl.doc for name, decl in spec.outputs.items()},
        "arcs": {arc.index: [arc.source, arc.target, arc_text(spec, arc), list(spec.outputs_of(arc))] for arc in spec.arcs},
        "inputSets": [[[name, int(value)] for name, value in key] for key in input_sets],
        "steps": steps,
        "pictures": [base64.b64encode(text.encode("utf-8")).decode("ascii") for text in run.pictures],
        "frames": [list(frame) for frame in run.frames],
        "stride": run.stride,
        "end": {"final": run.final_state, "error": run.error, "truncated": run.truncated, "summary": ending(spec, run)},
    }


def _input_rows(spec: Spec) -> str:
    rows = []
    for name in sorted(spec.inputs, key=name_order):
        rows.append(f'<tr data-input="{esc(name)}" class="unread"><td class="name">{esc(name)}</td>'
                    f'<td>{esc(spec.inputs[name].doc)}</td><td class="value">not read</td></tr>')
    return "".join(rows)


def player_html(spec: Spec, run: RunLike, case: str = "", links: Sequence[tuple[str, str]] = ()) -> str:
    """The player page for `run` of `spec`; `case` says what was run, `links` are (href, text)
    pairs shown in the header (e.g. back to the documentation page)."""
    title = f"{title_of(spec)} — player"
    state_options = "".join(f'<option value="{number}">{number}. {esc(state.name)}</option>'
                            for number, state in sorted(spec.states.items()))
    has_pictures = bool(run.pictures)
    picture = (
        '<section class="card"><h2>The problem</h2><img id="picture" alt="the problem at the current step">'
        '<p id="picture-caption"></p></section>' if has_pictures else ""
    )
    link_items = " · ".join(f'<a href="{esc(href)}">{esc(text)}</a>' for href, text in links)
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
    <button id="next" type="button" title="one step on (→)">Next ▶</button>
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
    <select id="visit-state">{state_options}</select><button id="visit" type="button">Find ▶</button></div>
  <input id="scrubber" type="range" min="0" value="0" aria-label="position in the run">
  <span id="status" role="status"></span>
</nav>
<main class="player">
  <div class="stack">
    <section class="card">
      <dl class="now"><dt>now in</dt><dd id="state-now"></dd><dt>arc just taken</dt><dd id="arc-now"></dd></dl>
      <div id="graph">{graph_svg(spec)}</div>
      <p class="keys"><kbd>→</kbd> next step · <kbd>←</kbd> back · <kbd>Space</kbd> play/pause ·
         <kbd>Home</kbd>/<kbd>End</kbd> first/last · click a state to find its next visit</p>
    </section>
  </div>
  <div class="stack">
    {picture}
    <section class="card"><h2>Protocol of this step</h2><ol id="protocol" class="protocol"></ol></section>
    <section class="card"><h2>Inputs read</h2>
      <table id="inputs" class="data"><thead><tr><th>input</th><th>meaning</th><th>value</th></tr></thead>
      <tbody>{_input_rows(spec)}</tbody></table></section>
    <section class="card"><h2>Outputs run</h2><ul id="outputs" class="outputs"></ul></section>
  </div>
</main>
"""
    scripts = (f'<script type="application/json" id="run-data">{script_json(player_data(spec, run))}</script>\n'
               f"<script>\n{asset('player.js')}\n</script>\n")
    return document(title, body, ("base.css", "player.css"), ' data-step="0" data-state="' + str(spec.initial) + '"',
                    scripts)
