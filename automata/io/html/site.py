"""The documentation site: an index of automata and one page per automaton, presented as the
methodology presents one — connection diagram, transition graph and protocol side by side — with
the tables of states, inputs and outputs, the generated code, and the verification's verdict.

Pages are plain HTML with the style inline: no script, no font, nothing fetched. What a page
shows is gathered by the caller (automata/cli/docs_command.py) into `AutomatonPage`: this module
only lays it out, escaping every text of the spec and of the run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...model.spec import Spec, name_order
from ..diagrams import DrawOptions
from ..labels import arc_text, title_of
from .code import highlight_python, highlight_yaml
from .graph_svg import connections_svg, graph_svg
from .page import document, esc


@dataclass(frozen=True)
class Verification:
    """A verification's outcome as the page shows it."""

    agree: bool
    implementations: tuple[str, ...]
    cases: tuple[tuple[str, bool, int], ...]  # (case, agree, events of the reference)
    coverage: str  # one line: arcs 11/11, states 7/7, ...
    gaps: tuple[str, ...] = ()
    difference: str = ""


@dataclass(frozen=True)
class SystemView:
    """A system's page part: the drawing of how its automata interact, and each automaton's page."""

    svg: str
    members: tuple[tuple[str, str, str | None], ...]  # (automaton, title, its page's file or None)


@dataclass(frozen=True)
class AutomatonPage:
    spec: Spec
    file: str  # this page's file name in the site
    spec_file: str  # the spec as a user names it (never an absolute path of the machine that built it)
    spec_text: str = ""
    generated: str = ""  # the Python generated from the spec
    findings: tuple[tuple[str, str], ...] = ()  # (severity, the finding of `automata check` as it prints it)
    system: SystemView | None = None
    simulator_file: str | None = None
    player_file: str | None = None
    sample_case: str = ""
    protocol: tuple[str, ...] = ()  # an excerpt of the sample run's protocol
    protocol_lines: int = 0  # how many lines the whole protocol has
    sample_summary: str = ""
    verification: Verification | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)  # what could not be shown, and why


def _table(headings: Sequence[str], rows: Sequence[Sequence[str]], name_columns: Sequence[int] = (0,)) -> str:
    head = "".join(f"<th>{esc(heading)}</th>" for heading in headings)
    body = []
    for row in rows:
        cells = "".join(f'<td class="name">{cell}</td>' if index in name_columns else f"<td>{cell}</td>"
                        for index, cell in enumerate(row))
        body.append(f"<tr>{cells}</tr>")
    return f'<table class="data"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


def states_table(spec: Spec) -> str:
    rows = []
    for number, state in sorted(spec.states.items()):
        kind = ("initial, " if number == spec.initial else "") + ("final" if state.final else "")
        rows.append([esc(number), esc(state.name), esc(kind.strip(", ")), esc(", ".join(state.on_enter)), esc(state.doc)])
    return _table(["state", "name", "kind", "on enter", "meaning"], rows)


def inputs_table(spec: Spec) -> str:
    rows = [[esc(name), esc(spec.inputs[name].doc), f"<code>{esc(spec.inputs[name].call)}()</code>"]
            for name in sorted(spec.inputs, key=name_order)]
    return _table(["input", "question", "context method"], rows)


def outputs_table(spec: Spec) -> str:
    rows = [[esc(name), esc(spec.outputs[name].doc), f"<code>{esc(spec.outputs[name].call)}()</code>"]
            for name in sorted(spec.outputs, key=name_order)]
    return _table(["output", "action", "context method"], rows)


def arcs_table(spec: Spec) -> str:
    rows = [[f"#{arc.number}", esc(arc.source), esc(arc.target), esc(arc_text(spec, arc)),
             esc("" if arc.priority is None else arc.priority)] for arc in spec.arcs]
    return _table(["arc", "from", "to", "guard / actions", "priority"], rows)


PART_TITLES = {"connections": "Connection diagram", "graph": "Transition graph", "states": "States",
               "inputs": "Inputs", "outputs": "Outputs", "arcs": "Arcs"}


def part_html(spec: Spec, part: str) -> str:
    """One part of a spec's presentation, without its heading."""
    if part == "connections":
        return (f'<figure class="diagram">{connections_svg(spec, f"{spec.stem}-connections")}'
                "<figcaption>Connection diagram: events and inputs in, outputs out.</figcaption></figure>")
    if part == "graph":
        return (f'<figure class="diagram">{graph_svg(spec, f"{spec.stem}-graph", DrawOptions(legend=True, numbered=True))}'
                "<figcaption>Transition graph: arcs labelled <code>#number guard / actions</code>, tried in "
                "priority order; the legend gives the inputs and outputs.</figcaption></figure>")
    tables = {"states": states_table, "inputs": inputs_table, "outputs": outputs_table, "arcs": arcs_table}
    return tables[part](spec)


def presentation(spec: Spec, parts: Sequence[str] = ("connections", "graph", "states", "inputs", "outputs"),
                 heading_level: int = 2) -> str:
    """The diagrams and tables of a spec as HTML sections (the docs pages and the notebook display)."""
    h = f"h{heading_level}"
    return "\n".join(f'<section class="part part-{part}"><{h}>{PART_TITLES[part]}</{h}>{part_html(spec, part)}</section>'
                     for part in parts if part in PART_TITLES)


def check_failed(page: AutomatonPage) -> bool:
    return any(severity == "error" for severity, _ in page.findings)


def badge(page: AutomatonPage) -> str:
    """What the index says of a spec: a failing check outranks everything, then the verification."""
    if check_failed(page):
        return '<span class="badge bad">check fails</span>'
    warnings = sum(severity == "warning" for severity, _ in page.findings)
    extra = f' <span class="badge warn">{warnings} warning{"s" if warnings != 1 else ""}</span>' if warnings else ""
    if page.verification is None:
        return '<span class="badge plain">checked</span>' + extra
    if page.verification.agree:
        return '<span class="badge ok">verified</span>' + extra
    return '<span class="badge bad">differs</span>' + extra


def _findings(page: AutomatonPage) -> str:
    if not page.findings:
        return '<p class="verdict ok">automata check: no finding.</p>'
    errors = check_failed(page)
    head = ('<p class="verdict bad">automata check rejects this spec:</p>' if errors
            else '<p class="muted">automata check accepts this spec, with warnings:</p>')
    items = "".join(f'<li class="{esc(severity)}"><pre>{esc(text)}</pre></li>' for severity, text in page.findings)
    return f'{head}<ul class="findings">{items}</ul>'


def _system(view: SystemView | None) -> str:
    if view is None:
        return ""
    links = "".join(f'<li><a href="{esc(file)}">{esc(name)}: {esc(title)}</a></li>' if file
                    else f"<li>{esc(name)}: {esc(title)}</li>" for name, title, file in view.members)
    return (f'<section class="system"><h2>The system: how its automata interact</h2><figure class="diagram">{view.svg}'
            "<figcaption>Each box an automaton (the root with a double border); bold arrows nest, plain arrows call, "
            "dashed arrows carry a state to the automaton that tests it.</figcaption></figure>"
            f'<p>The automata of this system:</p><ul class="members">{links}</ul></section>')


def _verification(result: Verification | None) -> str:
    if result is None:
        return '<p class="muted">Not verified in this build (automata docs --no-verify, or no program).</p>'
    verdict = ("<p class=\"verdict ok\">All implementations agree: " + esc(", ".join(result.implementations))
               + " emitted the same events on every case.</p>" if result.agree
               else f'<p class="verdict bad">They differ: {esc(result.difference)}</p>')
    rows = [[esc(name), "yes" if agree else "<strong>NO</strong>", f"{events:,}"] for name, agree, events in result.cases]
    gaps = "".join(f"<li>not exercised: {esc(gap)}</li>" for gap in result.gaps)
    return (verdict + _table(["case", "agree", "events"], rows, name_columns=())
            + f'<p class="coverage">Coverage of the automaton over these cases: {esc(result.coverage)}</p>'
            + (f"<ul>{gaps}</ul>" if gaps else ""))


def automaton_page(page: AutomatonPage, generated_on: str = "") -> str:
    spec = page.spec
    player = (f'<a class="button" href="{esc(page.player_file)}">▶ Step through a run in the player</a>'
              if page.player_file else "")
    if page.simulator_file:
        player += f' <a class="button" href="{esc(page.simulator_file)}">⚙ Simulate: set the inputs yourself</a>'
    check = f'<section><h2>Check</h2>{_findings(page)}</section>'

    protocol = ""
    if page.protocol:
        more = page.protocol_lines - len(page.protocol)
        protocol = (f'<p class="muted">Case <strong>{esc(page.sample_case)}</strong>: {esc(page.sample_summary)}.</p>'
                    f'<pre class="protocol">{esc(chr(10).join(page.protocol))}</pre>'
                    + (f'<p class="muted">… and {more:,} more lines.</p>' if more > 0 else ""))
    notes = "".join(f'<p class="note">{esc(note)}</p>' for note in page.notes)
    body = f"""
<header class="site"><a href="index.html">Automata</a> › {esc(spec.automaton)}</header>
<main class="site">
<h1>{esc(title_of(spec))} {badge(page)}</h1>
<p class="lead">{esc(spec.description)}</p>
<p class="muted">Spec <code>{esc(page.spec_file)}</code>{f" · source: {esc(spec.source)}" if spec.source else ""}
 · {len(spec.states)} states, {len(spec.inputs)} inputs, {len(spec.outputs)} outputs, {len(spec.arcs)} arcs</p>
<p>{player}</p>
{notes}
{check if check_failed(page) else ""}
{_system(page.system)}
<div class="side-by-side">
{presentation(spec, ("connections", "graph"))}
</div>
<section><h2>A sample run: the protocol</h2>{protocol or '<p class="muted">No sample run.</p>'}</section>
<div class="tables">{presentation(spec, ("states", "inputs", "outputs", "arcs"))}</div>
{"" if check_failed(page) else check}
<section><h2>Verification</h2>{_verification(page.verification)}</section>
<section><h2>The code generated from the spec</h2>
<details><summary>Python: the graph as a <code>match</code> on the state ({page.generated.count(chr(10)):,} lines)</summary>
<pre class="code">{highlight_python(page.generated)}</pre></details></section>
<section><h2>The spec</h2><details><summary>YAML</summary><pre class="code">{highlight_yaml(page.spec_text)}</pre></details></section>
</main>
<footer class="site muted">Built by <code>automata docs</code>{f" on {esc(generated_on)}" if generated_on else ""}.</footer>
"""
    return document(title_of(spec), body, ("base.css", "site.css"))


def index_page(pages: Sequence[AutomatonPage], title: str = "Automata", generated_on: str = "") -> str:
    cards = []
    for page in pages:
        spec = page.spec
        verdict = badge(page)
        player = f' · <a href="{esc(page.player_file)}">player</a>' if page.player_file else ""
        if page.simulator_file:
            player += f' · <a href="{esc(page.simulator_file)}">simulate</a>'
        if page.system is not None:
            player += f" · a system of {len(page.system.members)} automata"
        cards.append(f"""<li class="card"><h2><a href="{esc(page.file)}">{esc(title_of(spec))}</a> {verdict}</h2>
<p>{esc(spec.description)}</p><p class="muted"><code>{esc(page.spec_file)}</code> · {len(spec.states)} states,
{len(spec.arcs)} arcs{player}</p></li>""")
    body = f"""
<header class="site">{esc(title)}</header>
<main class="site">
<h1>{esc(title)}</h1>
<p class="lead">Each automaton is a Mealy machine written as a YAML spec: its check, connection diagram, transition
graph, protocol of a sample run, tables, generated code and verification, a player that steps through the run, and a
simulator where you set the inputs yourself.</p>
<ul class="cards">{"".join(cards)}</ul>
</main>
<footer class="site muted">Built by <code>automata docs</code>{f" on {esc(generated_on)}" if generated_on else ""}.</footer>
"""
    return document(title, body, ("base.css", "site.css"))
