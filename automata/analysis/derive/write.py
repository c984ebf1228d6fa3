"""The YAML text of a derived spec, in the layout of the hand-written ones.

Every name that reaches the text is checked against the spec format's patterns first, and every
free text (titles, docs, state names) is written as a double-quoted YAML scalar by PyYAML's own
emitter, so nothing read from a program can change the structure of the spec.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

from ...errors import InputError
from ...model.names import AUTOMATON_NAME, CONTEXT_PATH, METHOD_NAME, PROGRAM_PATH
from .build import DerivedArc, Machine, Path
from .flow import Method


@dataclass(frozen=True)
class Header:
    """What the spec says about itself and where its program is."""

    automaton: str
    title: str
    description: str
    source: str
    program: str  # the module holding the function (the contract's `program:`)
    context: str  # module:Class
    comment: str  # the first line of the file, after "# "


def spec_text(machine: Machine, header: Header, docs: dict[str, str] | None) -> str:
    _check_name(AUTOMATON_NAME, header.automaton, "automaton name")
    _check_name(PROGRAM_PATH, header.program, "program module")
    _check_name(CONTEXT_PATH, header.context, "context")
    inputs = {method.name: f"x{number}" for number, method in enumerate(machine.inputs, start=1)}
    outputs = {method.name: f"z{number}" for number, method in enumerate(machine.outputs, start=1)}
    lines = [
        f"# {_printable(header.comment)}",
        f"automaton: {header.automaton}",
        f"title: {quote(header.title)}",
        f"description: {quote(header.description)}",
        f"source: {quote(header.source)}",
        f"program: {header.program}",
        f"context: {header.context}",
        "initial: 0",
        "step_event: e0",
        "",
        "events:",
        '  e0: {doc: "next step of the program"}',
    ]
    for title, methods, names in (("inputs", machine.inputs, inputs), ("outputs", machine.outputs, outputs)):
        if methods:
            lines += ["", f"{title}:"]
            lines += [f"  {names[method.name]}: {{doc: {quote(_doc(method, docs))}, call: {_call(method)}}}"
                      for method in methods]
    lines += ["", "states:"]
    for state in machine.states:
        final = ", final: true" if state.final else ""
        doc = f", doc: {quote(state.doc)}" if state.doc else ""
        lines.append(f"  {state.number}: {{name: {quote(state.name)}{final}{doc}}}")
    lines += ["", "arcs:"]
    lines += [_arc(arc, inputs, outputs) for arc in machine.arcs]
    return "\n".join(lines) + "\n"


def guard_text(paths: tuple[Path, ...], inputs: dict[str, str]) -> str:
    """A disjunction of paths, each a conjunction of answers in the order they are asked."""
    terms = [" & ".join(("" if answer else "!") + inputs[question] for question, answer in path) for path in paths]
    if any(not term for term in terms):
        return "1"
    return " | ".join(terms)


def quote(text: str) -> str:
    """`text` as one double-quoted YAML scalar, escaped by PyYAML's emitter."""
    dumped = yaml.safe_dump(text, default_style='"', allow_unicode=True, width=1 << 30).rstrip("\n")
    if dumped.endswith("\n..."):
        dumped = dumped[:-4].rstrip("\n")
    if "\n" in dumped:  # the emitter folds nothing this wide; a line break here is a bug
        raise InputError(f"cannot write {text!r} on one line of YAML")
    return dumped


def _arc(arc: DerivedArc, inputs: dict[str, str], outputs: dict[str, str]) -> str:
    text = f"  - {{from: {arc.source}, to: {arc.target}, guard: {quote(guard_text(arc.paths, inputs))}"
    if arc.actions:
        text += f", actions: [{', '.join(outputs[action] for action in arc.actions)}]"
    return text + "}"


def _doc(method: Method, docs: dict[str, str] | None) -> str:
    if method.doc:
        return method.doc
    return (docs or {}).get(method.name) or method.name


def _call(method: Method) -> str:
    return _check_name(METHOD_NAME, method.name, f"method name (line {method.line})")


def _check_name(pattern: re.Pattern[str], value: str, what: str) -> str:
    if not pattern.fullmatch(value):
        raise InputError(f"the {what} {value!r} cannot be used in a spec: it must match {pattern.pattern}")
    return value


def _printable(text: str) -> str:
    return "".join(char if char.isprintable() else "?" for char in text)
