"""Loading a spec from YAML.

The loader works on PyYAML's node tree (safe loader, nothing is ever evaluated) so that every
value keeps its line and column, and every defect found here or later can point into the file.
All defects of one file are collected and reported together.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import Loc, SpecError, SpecErrors
from ..model.guards import ALWAYS, Guard, GuardSyntaxError, parse_guard
from ..model.names import AUTOMATON_NAME, DECLARED_NAME, METHOD_NAME
from ..model.spec import ArcDecl, EventDecl, InputDecl, OutputDecl, Spec, StateDecl
from .files import display_path, project_path

_TOP_KEYS = {
    "automaton", "title", "description", "source", "context", "initial", "step_event",
    "events", "inputs", "outputs", "states", "arcs",
}
_REQUIRED_TOP = ("automaton", "title", "context", "initial", "events", "states", "arcs")
_EVENT_KEYS = {"doc"}
_IO_KEYS = {"doc", "call"}
_STATE_KEYS = {"name", "doc", "final", "on_enter", "may_stay"}
_ARC_KEYS = {"from", "to", "event", "guard", "actions", "priority"}
_YAML11_BOOLEANS = {"y", "yes", "n", "no", "on", "off", "true", "false"}


def load_spec(path: str | Path) -> Spec:
    """Load and check a spec file. Relative paths are resolved against the working directory first,
    then against the project root. Raises SpecErrors listing every defect found.

    Specs are immutable, so a file that has not changed since it was last loaded is not parsed
    again: solvers load their spec once per run, and sweeps run thousands of times.
    """
    candidate = locate_spec(path)
    try:
        stat = candidate.stat()
    except OSError:
        return _load_spec_file(candidate, None)
    # The working directory is part of the key: locations in messages are shown relative to it.
    return _load_spec_file(candidate.resolve(), (stat.st_mtime_ns, stat.st_size), Path.cwd())


def locate_spec(path: str | Path) -> Path:
    """The file `load_spec(path)` reads: `path` itself, or a relative path found under the project
    root. A file found in neither place is named as given, so that the error shows what was typed."""
    given = Path(path)
    if given.is_absolute() or given.exists():
        return given
    in_project = project_path(given)
    return in_project if in_project.exists() else given


@functools.lru_cache(maxsize=64)
def _load_spec_file(candidate: Path, version: tuple[int, int] | None, cwd: Path | None = None) -> Spec:
    shown = display_path(candidate)
    try:
        text = candidate.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpecErrors([SpecError(Loc(shown, 1, 1), "no such spec file", "check the path; specs live in specs/")])
    except (OSError, UnicodeDecodeError) as error:
        raise SpecErrors([SpecError(Loc(shown, 1, 1), f"cannot read the spec: {error}")])
    return spec_from_text(text, shown)


def spec_from_text(text: str, filename: str = "<spec>") -> Spec:
    """Build a Spec from YAML text; `filename` is used in error locations."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        raise SpecErrors([_yaml_error(error, text, filename)])
    builder = _Builder(filename)
    if root is None:
        raise SpecErrors([SpecError(Loc(filename, 1, 1), "the spec is empty", "see docs/spec-format.md")])
    spec = builder.build(root)
    if builder.errors or spec is None:
        raise SpecErrors(builder.errors)
    return spec


def _yaml_error(error: yaml.MarkedYAMLError, text: str, filename: str) -> SpecError:
    mark = error.problem_mark or error.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    message = f"YAML syntax: {error.problem or error.context}"
    hint = "check indentation and quoting around this point"
    source_line = text.splitlines()[line - 1] if mark and line - 1 < len(text.splitlines()) else ""
    if re.search(r":\s*[!&*]", source_line):
        hint = "a value starting with !, & or * is YAML syntax (tag, anchor, alias): quote guards, e.g. guard: \"!x1 & x2\""
    return SpecError(Loc(filename, line, col), message, hint)


def _loc(filename: str, node: Node) -> Loc:
    return Loc(filename, node.start_mark.line + 1, node.start_mark.column + 1)


class _Builder:
    """Turns the YAML node tree into a Spec, collecting every defect with its position."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.errors: list[SpecError] = []
        self._constructor = SafeConstructor()

    # -- small helpers ----------------------------------------------------------------------------

    def loc(self, node: Node) -> Loc:
        return _loc(self.filename, node)

    def error(self, node: Node, message: str, hint: str = "") -> None:
        self.errors.append(SpecError(self.loc(node), message, hint))

    def scalar(self, node: Node) -> Any:
        return self._constructor.construct_object(node, deep=True)

    def mapping(self, node: Node, what: str) -> list[tuple[Node, Node]] | None:
        if not isinstance(node, MappingNode):
            self.error(node, f"{what} must be a mapping (key: value)", "see docs/spec-format.md")
            return None
        seen: dict[Any, Node] = {}
        pairs = []
        for key_node, value_node in node.value:
            key = self.scalar(key_node) if isinstance(key_node, ScalarNode) else None
            if key in seen:
                first = seen[key]
                self.error(
                    key_node,
                    f"duplicate key {key_node.value!r} in {what}",
                    f"it is already defined at line {first.start_mark.line + 1}; keep one definition",
                )
                continue
            seen[key] = key_node
            pairs.append((key_node, value_node))
        return pairs

    def keyed(self, node: Node, what: str, allowed: set[str]) -> dict[str, tuple[Node, Node]]:
        """A mapping with string keys from a known set; unknown keys are reported with a suggestion."""
        result: dict[str, tuple[Node, Node]] = {}
        for key_node, value_node in self.mapping(node, what) or []:
            key = self.scalar(key_node)
            if not isinstance(key, str):
                self.name_error(key_node, key, f"key in {what}")
                continue
            if key not in allowed:
                close = difflib.get_close_matches(key, sorted(allowed), n=1)
                hint = f"did you mean '{close[0]}'?" if close else f"allowed keys: {', '.join(sorted(allowed))}"
                self.error(key_node, f"unknown key '{key}' in {what}", hint)
                continue
            result[key] = (key_node, value_node)
        return result

    def name_error(self, node: Node, value: Any, what: str) -> None:
        raw = node.value if isinstance(node, ScalarNode) else ""
        if isinstance(value, bool) and str(raw).lower() in _YAML11_BOOLEANS:
            self.error(
                node,
                f"{what} {raw!r} is read by YAML 1.1 as the boolean {str(value).lower()}",
                f"quote it: '{raw}'",
            )
        else:
            self.error(node, f"{what} must be text, found {_describe(node, value)}")

    def text(self, node: Node | None, what: str, default: str | None = None) -> str | None:
        if node is None:
            return default
        if not isinstance(node, ScalarNode):
            self.error(node, f"{what} must be text, found a {'list' if isinstance(node, SequenceNode) else 'mapping'}")
            return default
        self.check_tag(node, what)
        value = self.scalar(node)
        if isinstance(value, bool) or value is None:
            self.name_error(node, value, what)
            return default
        return str(value)

    def integer(self, node: Node | None, what: str) -> int | None:
        if node is None:
            return None
        value = self.scalar(node) if isinstance(node, ScalarNode) else None
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(node, f"{what} must be a whole number, found {_describe(node, value)}")
            return None
        return value

    def flag(self, node: Node | None, what: str) -> bool:
        if node is None:
            return False
        value = self.scalar(node) if isinstance(node, ScalarNode) else None
        if not isinstance(value, bool):
            self.error(node, f"{what} must be true or false, found {_describe(node, value)}")
            return False
        return value

    def check_tag(self, node: Node, what: str) -> None:
        if node.tag.startswith("!"):
            self.error(
                node,
                f"{what} starts with {node.tag!r}, which YAML reads as a tag",
                f"quote the whole value, e.g. \"{node.tag} {node.value}\"",
            )

    def name_list(self, node: Node | None, what: str) -> tuple[tuple[str, Node], ...]:
        if node is None:
            return ()
        items = node.value if isinstance(node, SequenceNode) else [node]
        names = []
        for item in items:
            name = self.text(item, what)
            if name is not None:
                names.append((name, item))
        return tuple(names)

    # -- sections -------------------------------------------------------------------------------

    def build(self, root: Node) -> Spec | None:
        top = self.keyed(root, "the spec", _TOP_KEYS)
        if not isinstance(root, MappingNode):
            return None
        for key in _REQUIRED_TOP:
            if key not in top:
                hint = "name the initial state's number, e.g. `initial: 0`" if key == "initial" else "see docs/spec-format.md"
                what = "no initial state: missing key 'initial'" if key == "initial" else f"missing required key '{key}'"
                self.error(root, what, hint)

        def value(key: str) -> Node | None:
            return top[key][1] if key in top else None

        automaton = self.text(value("automaton"), "automaton name", "A1") or "A1"
        if value("automaton") is not None and not AUTOMATON_NAME.fullmatch(automaton):
            self.error(value("automaton"), f"automaton name {automaton!r} is not a plain name",
                       "use a letter then letters, digits or _, at most 64 characters, e.g. A1")
        title = self.text(value("title"), "title", "") or ""
        description = self.text(value("description"), "description", "") or ""
        source = self.text(value("source"), "source", "") or ""
        context = self.text(value("context"), "context", "") or ""
        events = self.declarations(value("events"), "event", EventDecl)
        inputs = self.declarations(value("inputs"), "input", InputDecl)
        outputs = self.declarations(value("outputs"), "output", OutputDecl)
        states = self.states(value("states"), outputs)
        step_event = self.text(value("step_event"), "step_event", "e0") or "e0"
        if value("events") is not None and step_event not in events:
            node = value("step_event") or value("events")
            self.error(node, f"the step event '{step_event}' is not declared under `events:`",
                       f"add `{step_event}: {{doc: \"next step\"}}` under `events:`")
        initial = self.integer(value("initial"), "initial")
        if initial is not None and states and initial not in states:
            self.error(value("initial"), f"initial state {initial} is not declared",
                       f"declared states are {_listing(states)}")
        arcs = self.arcs(value("arcs"), states, events, inputs, outputs, step_event)
        if value("context") is not None and context and ":" not in context:
            self.error(value("context"), f"context '{context}' is not of the form package.module:Class",
                       "e.g. solvers.knight_tour.context:KnightTourContext")
        if self.errors:
            return None
        return Spec(
            path=self.filename, automaton=automaton, title=title, description=description, source=source,
            context=context, initial=initial if initial is not None else 0, step_event=step_event,
            events=events, inputs=inputs, outputs=outputs, states=states, arcs=arcs, loc=self.loc(root),
            context_loc=self.loc(value("context")) if value("context") is not None else self.loc(root),
        )

    def declarations(self, node: Node | None, kind: str, factory: Callable[..., Any]) -> dict[str, Any]:
        declared: dict[str, Any] = {}
        if node is None:
            return declared
        if isinstance(node, ScalarNode) and node.value == "":
            return declared
        keys = _EVENT_KEYS if kind == "event" else _IO_KEYS
        for key_node, value_node in self.mapping(node, f"{kind}s") or []:
            name = self.text(key_node, f"{kind} name")
            if name is None:
                continue
            if not DECLARED_NAME[kind].fullmatch(name):
                letter = DECLARED_NAME[kind].pattern[0]
                self.error(key_node, f"{kind} name '{name}' does not follow the methodology's naming",
                           f"name {kind}s {letter}0, {letter}1, ...; describe them with `doc`")
                continue
            fields = self.keyed(value_node, f"{kind} {name}", keys)
            doc = self.text(fields["doc"][1], "doc", "") if "doc" in fields else ""
            if kind == "event":
                declared[name] = factory(name=name, doc=doc or "", loc=self.loc(key_node))
                continue
            if "call" not in fields:
                self.error(key_node, f"{kind} {name} has no `call`",
                           "name the context method it calls, e.g. call: is_complete")
                continue
            call = self.text(fields["call"][1], "call", "")
            if call and not METHOD_NAME.fullmatch(call):
                self.error(fields["call"][1], f"call {call!r} is not a public method name",
                           "use a letter then ASCII letters, digits or _ (a name starting with _ is private)")
                continue
            declared[name] = factory(name=name, doc=doc or "", call=call or "", loc=self.loc(key_node))
        return declared

    def states(self, node: Node | None, outputs: Mapping[str, OutputDecl]) -> dict[int, StateDecl]:
        states: dict[int, StateDecl] = {}
        if node is None:
            return states
        for key_node, value_node in self.mapping(node, "states") or []:
            number = self.integer(key_node, "state number")
            if number is None:
                continue
            fields = self.keyed(value_node, f"state {number}", _STATE_KEYS)
            if "name" not in fields:
                self.error(key_node, f"state {number} has no name", "give it a name a student understands, e.g. name: Searching")
            name = self.text(fields["name"][1], "state name", "") if "name" in fields else ""
            doc = self.text(fields["doc"][1], "doc", "") if "doc" in fields else ""
            on_enter = self.name_list(fields["on_enter"][1] if "on_enter" in fields else None, "output")
            for output, output_node in on_enter:
                self.require_declared(output_node, output, outputs, "output")
            states[number] = StateDecl(
                number=number, name=name or "", doc=doc or "",
                final=self.flag(fields["final"][1], "final") if "final" in fields else False,
                on_enter=tuple(output for output, _ in on_enter),
                may_stay=self.flag(fields["may_stay"][1], "may_stay") if "may_stay" in fields else False,
                loc=self.loc(key_node),
            )
        if not states and not self.errors:
            self.error(node, "the spec declares no states", "declare states under `states:`")
        return states

    def arcs(self, node: Node | None, states: Mapping[int, StateDecl], events: Mapping[str, EventDecl],
             inputs: Mapping[str, InputDecl], outputs: Mapping[str, OutputDecl], step_event: str) -> tuple[ArcDecl, ...]:
        if node is None:
            return ()
        if not isinstance(node, SequenceNode):
            self.error(node, "`arcs` must be a list", "write each arc as `- {from: 0, to: 1, guard: \"x1\"}`")
            return ()
        arcs = []
        for index, arc_node in enumerate(node.value):
            fields = self.keyed(arc_node, f"arc {index + 1}", _ARC_KEYS)
            if not isinstance(arc_node, MappingNode):
                continue
            ends = {}
            for key in ("from", "to"):
                if key not in fields:
                    self.error(arc_node, f"arc has no `{key}`", f"name the {'source' if key == 'from' else 'target'} state's number")
                    continue
                number = self.integer(fields[key][1], f"`{key}`")
                if number is not None and states and number not in states:
                    self.error(fields[key][1], f"arc {'comes from' if key == 'from' else 'goes to'} unknown state {number}",
                               f"declared states are {_listing(states)}; add state {number} under `states:` or fix the number")
                    number = None
                ends[key] = number
            event = step_event
            if "event" in fields:
                event = self.text(fields["event"][1], "event", step_event) or step_event
                self.require_declared(fields["event"][1], event, events, "event")
            guard, guard_text, guard_loc = ALWAYS, "", self.loc(arc_node)
            if "guard" in fields:
                guard_node = fields["guard"][1]
                guard_loc = self.loc(guard_node)
                parsed = self.guard(guard_node, inputs)
                if parsed is not None:
                    guard, guard_text = parsed, str(guard_node.value)
            actions = self.name_list(fields["actions"][1] if "actions" in fields else None, "action")
            for output, output_node in actions:
                self.require_declared(output_node, output, outputs, "output")
            priority = self.integer(fields["priority"][1], "priority") if "priority" in fields else None
            if ends.get("from") is None or ends.get("to") is None:
                continue
            arcs.append(ArcDecl(
                index=index, source=ends["from"], target=ends["to"], event=event, guard=guard, guard_text=guard_text,
                actions=tuple(output for output, _ in actions), priority=priority, loc=self.loc(arc_node), guard_loc=guard_loc,
            ))
        return tuple(arcs)

    def guard(self, node: Node, inputs: Mapping[str, InputDecl]) -> Guard | None:
        if not isinstance(node, ScalarNode):
            self.error(node, "guard must be text", "quote it, e.g. guard: \"x1 & !x2\"")
            return None
        self.check_tag(node, "guard")
        value = self.scalar(node)
        if isinstance(value, bool):
            self.error(node, f"guard {node.value!r} is read by YAML as a boolean",
                       "write '1' for an arc that always fires, '0' for one that never does")
            return None
        text = str(value)
        try:
            guard = parse_guard(text)
        except GuardSyntaxError as error:
            # Point at the bad token itself: shift past an opening quote when the scalar is quoted.
            offset = 1 if node.style in ("'", '"') else 0
            line = node.start_mark.line + 1
            col = node.start_mark.column + offset + error.column
            self.errors.append(SpecError(Loc(self.filename, line, col), f"guard syntax: {error.message}", error.hint))
            return None
        for name in guard.variables():
            self.require_declared(node, name, inputs, "input")
        return guard

    def require_declared(self, node: Node, name: str, declared: Mapping[str, Any], kind: str) -> None:
        if name in declared:
            return
        close = difflib.get_close_matches(name, list(declared), n=1)
        known = ", ".join(declared) or "none"
        hint = f"did you mean '{close[0]}'? " if close else ""
        self.error(node, f"undefined {kind} '{name}'", f"{hint}declared {kind}s: {known}; declare it under `{kind}s:`")


def _describe(node: Node, value: Any) -> str:
    if isinstance(node, ScalarNode):
        return repr(node.value)
    return "a list" if isinstance(node, SequenceNode) else "a mapping"


def _listing(states: Mapping[int, Any]) -> str:
    return ", ".join(str(number) for number in sorted(states))

