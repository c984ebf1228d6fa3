"""SCXML, the flat subset a Mealy machine needs, read and written.

Read: `<state>` and `<final>` children of `<scxml>` (the initial state is `initial=` or the first),
`<transition event cond target>` (several events in `event` give one arc each; no target: the
machine stays without leaving the state), `<onentry>` and `<onexit>`, and in them and in
transitions the executable content `<raise event>`, `<send event>` and `<log label|expr>`, each an
output symbol. A `cond` that is a boolean formula over names (`ready && !busy`) is a guard over
inputs named by them; any other `cond` is kept whole as one named input. SCXML discards an event
no transition takes, so every imported state may stay. Anything outside the subset (compound,
parallel and history states, `<invoke>`, `<script>`, `<assign>`, `<if>`, eventless transitions,
wildcard events, delayed sends) is refused at its line.

The XML is parsed with the standard library's expat, refusing any DOCTYPE (no entity, internal or
external, is ever expanded), and bounded in size by the caller.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.parsers import expat
from xml.sax.saxutils import escape, quoteattr

from ...model.guards import ALWAYS, Guard, Var
from ...model.spec import Spec
from ..printable import one_line
from .conditions import condition_text, read_condition
from .expressible import TOKEN, moves, system_problems, token_symbols, unexpressed_failures
from .machine import SourceMachine, SourceTransition, source_error

NAMESPACE = "http://www.w3.org/2005/07/scxml"
_NCNAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*", re.ASCII)
_DOCTYPE = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
MAX_XML_DEPTH = 64
_REFUSED = {"parallel": "parallel states", "history": "history states", "invoke": "invoked services",
            "script": "scripts", "assign": "assignments", "if": "conditional content", "foreach": "loops",
            "cancel": "cancelled sends", "initial": "compound states", "state": "compound states",
            "final": "compound states", "donedata": "done data", "param": "send parameters",
            "content": "send content"}


@dataclass
class Element:
    """An XML element as the reader needs it: its tag, attributes, children and line."""

    tag: str
    attrib: dict[str, str]
    line: int
    children: list[Element] = field(default_factory=list)

    def __iter__(self) -> Iterator[Element]:
        return iter(self.children)

    def __len__(self) -> int:
        return len(self.children)

    def __getitem__(self, index: int) -> Element:
        return self.children[index]


def parse_xml(text: str, file: str) -> Element:
    """The element tree of an XML text, with expat: a DOCTYPE or an entity declaration is refused
    (so no entity, internal or external, is ever expanded)."""
    match = _DOCTYPE.search(text)
    if match:
        raise source_error(file, text.count("\n", 0, match.start()) + 1, "a DOCTYPE or entity declaration",
                           "SCXML needs none; remove it (entities are never expanded)")
    parser = expat.ParserCreate(namespace_separator="}")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[Element] = []
    roots: list[Element] = []

    def refuse(*_: object) -> None:
        raise source_error(file, parser.CurrentLineNumber, "a DOCTYPE or entity declaration",
                           "SCXML needs none; remove it (entities are never expanded)")

    def start(tag: str, attributes: dict[str, str]) -> None:
        element = Element(tag, {key.rsplit("}", 1)[-1]: value for key, value in attributes.items()},
                          parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(element)
        stack.append(element)
        if len(stack) > MAX_XML_DEPTH:
            raise source_error(file, element.line, f"the XML nests deeper than {MAX_XML_DEPTH} levels")

    def end(tag: str) -> None:
        stack.pop()

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(text, True)
    except expat.ExpatError as error:
        raise source_error(file, error.lineno, f"not well-formed XML: {expat.ErrorString(error.code)}") from None
    if not roots:
        raise source_error(file, 1, "no XML element in the file")
    return roots[0]


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


class _Reader:
    def __init__(self, file: str) -> None:
        self.file = file

    def line(self, element: Element) -> int:
        return element.line

    def fail(self, element: Element, message: str, hint: str = "") -> Exception:
        return source_error(self.file, self.line(element), message, hint)

    def refuse(self, element: Element, where: str) -> Exception:
        tag = _local(element.tag)
        what = _REFUSED.get(tag, f"<{tag}>")
        return self.fail(element, f"<{tag}> {where}: {what} are outside the flat SCXML subset automata imports",
                         "docs/interop.md lists the subset")

    def outputs(self, element: Element) -> list[str]:
        """The output symbols of executable content, in order."""
        found = []
        for child in element:
            tag = _local(child.tag)
            if tag in ("raise", "send"):
                for key in ("eventexpr", "delay", "delayexpr", "targetexpr", "idlocation"):
                    if key in child.attrib:
                        raise self.fail(child, f"<{tag} {key}=...> is outside the flat SCXML subset",
                                        "name the event with event=\"...\"")
                if "event" not in child.attrib:
                    raise self.fail(child, f"<{tag}> without an event")
                found.append(child.attrib["event"])
                if len(child):
                    raise self.refuse(child[0], f"inside <{tag}>")
            elif tag == "log":
                text = child.attrib.get("label") or child.attrib.get("expr", "")
                if not text:
                    raise self.fail(child, "<log> without a label or expr")
                found.append(text)
            else:
                raise self.refuse(child, f"in <{_local(element.tag)}>")
        return found


def read_scxml(text: str, file: str, title: str) -> SourceMachine:
    root = parse_xml(text, file)
    reader = _Reader(file)
    if _local(root.tag) != "scxml":
        raise reader.fail(root, f"the root element is <{_local(root.tag)}>, not <scxml>")
    machine = SourceMachine(file=file, format="scxml", title=title, name=root.attrib.get("name", ""))
    pending: list[tuple[str, Element]] = []
    for child in root:
        tag = _local(child.tag)
        if tag == "datamodel":
            for data in child:
                if _local(data.tag) != "data":
                    raise reader.refuse(data, "in <datamodel>")
            continue
        if tag not in ("state", "final"):
            raise reader.refuse(child, "in <scxml>")
        name = child.attrib.get("id", "")
        if not name:
            raise reader.fail(child, f"<{tag}> without an id", "give every state an id")
        if name in machine.states:
            raise reader.fail(child, f"a second state with id {name[:40]!r}")
        state = machine.state(name, reader.line(child))
        state.final = tag == "final"
        state.may_stay = not state.final  # SCXML discards an event no transition takes
        for part in child:
            part_tag = _local(part.tag)
            if part_tag == "onentry":
                state.on_enter += reader.outputs(part)
            elif part_tag == "onexit":
                state.on_exit += reader.outputs(part)
            elif part_tag == "transition" and tag == "state":
                pending.append((name, part))
            elif part_tag == "datamodel":
                continue
            else:
                raise reader.refuse(part, f"in <{tag}>")
    for name, transition in pending:
        _transition(reader, machine, name, transition)
    machine.initial = root.attrib.get("initial", "")
    if machine.initial and machine.initial not in machine.states:
        raise reader.fail(root, f"the initial state {machine.initial[:40]!r} is not a state of the document")
    return machine


def _transition(reader: _Reader, machine: SourceMachine, source: str, element: Element) -> None:
    events = element.attrib.get("event", "").split()
    if not events:
        raise reader.fail(element, "a transition without an event (eventless transitions fire on their own, "
                                   "outside the flat subset)", "give it an event")
    for event in events:
        if "*" in event:
            raise reader.fail(element, f"the event descriptor {event[:40]!r} is a wildcard", "name each event")
    targets = element.attrib.get("target", "").split()
    if len(targets) > 1:
        raise reader.fail(element, "a transition with several targets", "a flat machine has one target")
    target = targets[0] if targets else source
    if target not in machine.states:
        raise reader.fail(element, f"the target {target[:40]!r} is not a state of the document")
    cond = element.attrib.get("cond", "").strip()
    guard: Guard = ALWAYS
    if cond:
        read = read_condition(cond)
        guard = read if read is not None else Var(cond)  # a condition of its own language: one named input
    outputs = reader.outputs(element)
    for event in events:
        machine.transitions.append(SourceTransition(source, target, event, reader.line(element), guard, list(outputs),
                                                    internal=not targets))


def write_scxml(spec: Spec, problems: list[str]) -> str:
    """The spec as a flat SCXML document: events and outputs by their symbols where those are names
    (else by their names), conditions as `&&`, `||`, `!` over the inputs' names."""
    problems += system_problems(spec) + unexpressed_failures(spec, "SCXML", undefined_too=True)
    events = token_symbols(spec, spec.events)
    outputs = token_symbols(spec, spec.outputs)
    names = {number: state.name for number, state in spec.states.items()}
    usable = all(_NCNAME.fullmatch(name) for name in names.values()) and len(set(names.values())) == len(names)
    ids = {number: name if usable else f"s{number}" for number, name in names.items()}
    problems += [f"input {name} is not a plain name" for name in spec.inputs if not TOKEN.fullmatch(name)]
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<scxml xmlns="{NAMESPACE}" version="1.0" initial={quoteattr(ids[spec.initial])} '
             f'name={quoteattr(spec.automaton)}>']
    by_state: dict[int, list[str]] = {number: [] for number in spec.states}
    for move in moves(spec):
        attributes = f"event={quoteattr(events[move.event])}"
        if move.guard != ALWAYS:
            attributes += f" cond={quoteattr(condition_text(move.guard, {}, ' && ', ' || ', '!'))}"
        if not move.stays:
            attributes += f" target={quoteattr(ids[move.target])}"
        actions = move.outputs[:len(move.outputs) - len(spec.states[move.target].on_enter)] if not move.stays else ()
        if actions:
            sends = "".join(f"<send event={quoteattr(outputs[name])}/>" for name in actions)
            by_state[move.source].append(f"    <transition {attributes}>{sends}</transition>")
        else:
            by_state[move.source].append(f"    <transition {attributes}/>")
    for number, state in sorted(spec.states.items()):
        tag = "final" if state.final else "state"
        lines.append(f"  <!-- {escape(_comment(state.label))} -->")
        lines.append(f"  <{tag} id={quoteattr(ids[number])}>")
        if state.on_enter:
            sends = "".join(f"<send event={quoteattr(outputs[name])}/>" for name in state.on_enter)
            lines.append(f"    <onentry>{sends}</onentry>")
        lines += by_state[number]
        lines.append(f"  </{tag}>")
    lines.append("</scxml>")
    return "\n".join(lines) + "\n"


def _comment(text: str) -> str:
    """Text for an XML comment: printable and on one line (XML forbids most control characters), and
    without `--` (which would end it)."""
    flat = one_line(text)
    return re.sub(r"-{2,}", "-", flat).rstrip("-")
