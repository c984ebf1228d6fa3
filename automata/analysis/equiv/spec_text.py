"""Writing a Spec back as YAML, in the layout of the shipped specs (one line per declaration,
state and arc), for the specs `automata minimize` makes.

Every scalar goes through PyYAML's safe dumper, which quotes whatever needs quoting (a guard's
`!`, a doc's colon), so the text reads back as the same values; `spec_text` checks that it does.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from typing import Any

import yaml

from ...errors import SpecErrors
from ...io.loader import spec_from_text
from ...model.guards import ALWAYS
from ...model.spec import ArcDecl, Spec, StateDecl, name_order


def _quoted(text: str) -> str:
    """A double-quoted YAML scalar, escaped by PyYAML itself."""
    dumped = yaml.safe_dump(text, default_style='"', width=10**9, allow_unicode=True)
    return dumped.removesuffix("\n...\n").strip()


def _name(text: str) -> str:
    """A name as YAML reads it back: plain, or quoted when YAML 1.1 would read it as something else
    (a method may be called `NO` or `on`)."""
    return text if yaml.safe_load(text) == text else _quoted(text)


def _flow(fields: Mapping[str, str]) -> str:
    """Fields already written as YAML, on one line: `{name: "Start", final: true}`."""
    return "{" + ", ".join(f"{key}: {value}" for key, value in fields.items()) + "}"


def _names(names: Iterable[str]) -> str:
    return "[" + ", ".join(names) + "]"  # inputs, outputs and events are plain names (checked by the loader)


def _top(key: str, value: str) -> str:
    """A top-level text: folded onto several lines when it is one plain paragraph, quoted otherwise."""
    text = value.strip()
    if len(text) > 90 and text.isprintable() and "  " not in text and not text.startswith(("#", "-", "'", '"')):
        return f"{key}: >\n" + "\n".join(f"  {line}" for line in textwrap.wrap(text, 96, break_long_words=False,
                                                                                  break_on_hyphens=False))
    return f"{key}: {_quoted(text)}"


def _state(state: StateDecl) -> str:
    fields = {"name": _quoted(state.name)}
    if state.final:
        fields["final"] = "true"
    if state.on_enter:
        fields["on_enter"] = _names(state.on_enter)
    if state.may_stay:
        fields["may_stay"] = "true"
    if state.nested:
        fields["nested"] = _names(state.nested)  # automaton names (checked by the loader)
    if state.doc:
        fields["doc"] = _quoted(state.doc)
    return _flow(fields)


def _arc(arc: ArcDecl, step_event: str) -> str:
    fields = {"from": str(arc.source), "to": str(arc.target)}
    if arc.event != step_event:
        fields["event"] = arc.event
    if arc.guard != ALWAYS:
        fields["guard"] = _quoted(arc.guard_text or str(arc.guard))
    if arc.actions:
        fields["actions"] = _names(arc.actions)
    if arc.priority is not None:
        fields["priority"] = str(arc.priority)
    return _flow(fields)


def _declarations(title: str, declared: Mapping[str, Any]) -> list[str]:
    if not declared:
        return []
    lines = ["", f"{title}:"]
    for name in sorted(declared, key=name_order):
        decl = declared[name]
        fields = {"doc": _quoted(decl.doc)} if decl.doc or not getattr(decl, "call", "") else {}
        if getattr(decl, "run", ""):
            fields["run"] = decl.run  # an automaton of the system (checked by the loader)
            if decl.event:
                fields["event"] = decl.event
        elif getattr(decl, "call", ""):  # none in a pure Mealy machine
            fields["call"] = _name(decl.call)  # a method name (checked by the loader)
        lines.append(f"  {name}: {_flow(fields)}")
    return lines


def spec_text(spec: Spec, comment: str = "") -> str:
    """The spec as YAML text that loads back into the same automaton (raises SpecErrors otherwise)."""
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    lines.append(f"automaton: {spec.automaton}")
    for key in ("title", "description", "source"):
        if getattr(spec, key) or key == "title":
            lines.append(_top(key, getattr(spec, key)))
    if spec.context:  # none in a pure Mealy machine
        lines.append(f"context: {spec.context}")  # a module path (checked by the loader)
    if getattr(spec, "program", ""):
        lines.append(f"program: {spec.program}")
    lines += [f"initial: {spec.initial}", f"step_event: {spec.step_event}"]
    if spec.automata:
        lines += ["", "automata:"]
        lines += [f"  {name}: {_quoted(spec.automata[name].path)}" for name in spec.automata]
    lines += _declarations("events", spec.events)
    lines += _declarations("inputs", spec.inputs)
    lines += _declarations("outputs", spec.outputs)
    lines += ["", "states:"]
    lines += [f"  {number}: {_state(spec.states[number])}" for number in sorted(spec.states)]
    lines += ["", "arcs:" if spec.arcs else "arcs: []"]
    lines += [f"  - {_arc(arc, '' if spec.is_pure else spec.step_event)}" for arc in spec.arcs]
    text = "\n".join(lines) + "\n"
    # What is written must read back. If it does not, the positions are those of the text written,
    # not of the user's file: said as such (they once read as `spec.yaml:30:118` on a shorter line).
    try:
        spec_from_text(text, f"<text written for {spec.path}>")
    except SpecErrors as errors:
        raise RuntimeError(f"the spec text written for {spec.path} does not load back (a bug of the writer):\n"
                           + errors.render()) from None
    return text
