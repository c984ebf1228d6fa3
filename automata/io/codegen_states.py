"""Writing a spec's states as Python: the parts of generated code that codegen.py (one automaton)
and system_codegen.py (a system, one function per automaton) share.

Every name written into the code is a name the loader validated (`x1`, `z2`, state numbers) or an
identifier made from one (`y2=4`, a state test, is written `y2_is_4`); every other piece of spec
text is a `repr`'d literal or a comment flattened to one line.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..model.guards import And, Const, Guard, Not, Or, Var, is_state_test, variables_of
from ..model.spec import Spec, StateDecl, name_order
from .files import PROJECT_ROOT
from .read_plan import ALREADY_READ, EITHER, FIRST_READING, Path_, ReadPlan


def ident(name: str) -> str:
    """The identifier of something a guard reads: an input's own name, `y2_is_4` for `y2=4`."""
    return name.replace("=", "_is_") if is_state_test(name) else name


def value_text(name: str) -> str:
    """The f-string piece showing a reading in an error message, as automata.model.guards.shown_value does."""
    if is_state_test(name):
        return f"{{{name!r} if {ident(name)} else {name.replace('=', '!=', 1)!r}}}"
    return f"{name}={{bool({name}):d}}"


def comment(text: str, limit: int = 120) -> str:
    """Spec text made safe for a one-line comment: one line of printable characters (Python ends a
    comment only at a line break, and refuses NUL anywhere in a source file), cut to `limit`."""
    flat = "".join(ch if ch.isprintable() else " " for ch in " ".join(str(text).split()))
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def guard_code(guard: Guard, path: Path_, plan: ReadPlan) -> str:
    if isinstance(guard, Const):
        return "True" if guard.value else "False"
    if isinstance(guard, Var):
        name = ident(guard.name)
        status = plan.occurrence[path]
        if status == ALREADY_READ:
            return name
        if status == FIRST_READING:
            return f"({name} := read_{name}())"
        return f"({name} if {name} is not UNREAD else ({name} := read_{name}()))"
    if isinstance(guard, Not):
        inner = guard_code(guard.operand, path + (0,), plan)
        return f"not {inner}" if not isinstance(guard.operand, (And, Or)) else f"not ({inner})"
    joiner = " and " if isinstance(guard, And) else " or "
    parts = []
    for position, operand in enumerate(guard.operands):
        code = guard_code(operand, path + (position,), plan)
        parts.append(f"({code})" if isinstance(operand, (And, Or)) else code)
    return joiner.join(parts)


def spec_location(spec: Spec) -> str:
    """The spec's path as written into the module: relative to the project root when inside it.
    The file the spec was read from, when it was read from one; else its path as it names it."""
    path = spec.origin.file if spec.origin is not None and spec.origin.file is not None else Path(os.path.abspath(spec.path))
    try:
        return path.relative_to(PROJECT_ROOT).as_posix()
    except ValueError:
        return path.as_posix()


class Lines:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, indent: int, text: str = "") -> None:
        self.lines.append(("    " * indent + text) if text else "")

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def write_bindings(out: Lines, spec: Spec) -> None:
    if spec.inputs:
        out.add(1, "# Inputs: read_xN() asks the context one question.")
        for name, decl in sorted(spec.inputs.items(), key=lambda item: name_order(item[0])):
            out.add(1, f"read_{name} = bind(context, {_call(spec, decl.call)!r}, {name!r})  # {comment(decl.doc)}")
    if spec.outputs:
        out.add(1, "# Outputs: zN() tells the context to act.")
        for name, decl in sorted(spec.outputs.items(), key=lambda item: name_order(item[0])):
            out.add(1, f"{name} = bind(context, {_call(spec, decl.call)!r}, {name!r})  # {comment(decl.doc)}")


def _call(spec: Spec, call: str) -> str:
    """The method an input or output binds to: none in a pure Mealy machine (its context supplies symbols)."""
    return "" if spec.is_pure else call


def write_state(out: Lines, spec: Spec, state: StateDecl, plan: ReadPlan, indent: int, traced: bool,
                event: str | None = None, constants: tuple[str, str] = ("AUTOMATON", "STATE_NAMES")) -> None:
    """The `case` of one state: its arcs on `event` (the step event by default) in the order they
    are tried. `constants` name the module's automaton name and state names (a system's module
    has a pair per automaton)."""
    event = event or spec.step_event
    automaton, state_names = constants
    arcs = spec.arcs_from(state.number, event)
    out.add(indent, f"case {state.number}:  # {comment(state.label)} (line {state.loc.line})")
    body = indent + 1
    marked = [ident(name) for name in plan.needs_marker()]
    if marked:
        out.add(body, " = ".join(marked) + " = UNREAD  # read on some paths only")
    for position, arc in enumerate(arcs):
        label = f"# arc {arc.number} (line {arc.loc.line}): {comment(arc.label)}"
        if position == 0:
            out.add(body, f"if {guard_code(arc.guard, (position,), plan)}:  {label}")
        elif position == len(arcs) - 1 and plan.last_always_enabled:
            out.add(body, f"else:  {label} (always true here)")
        else:
            out.add(body, f"elif {guard_code(arc.guard, (position,), plan)}:  {label}")
        if traced:
            out.add(body + 1, f"arc = {arc.number}")
        for action in arc.actions:
            out.add(body + 1, f"{action}()")
        target = spec.states[arc.target]
        out.add(body + 1, f"state = {arc.target}" + (f"  # {comment(target.label)}" if arc.target != state.number else ""))
        for action in target.on_enter:
            out.add(body + 1, f"{action}()  # on entering {arc.target}")
        if target.final and not traced:
            out.add(body + 1, "break  # a final state: the run stops")
    if plan.complete and arcs:
        return
    inner = body + 1 if arcs else body
    if arcs:
        out.add(body, "else:  # no arc enabled")
    if state.may_stay:
        out.add(inner, "pass  # the state may stay (may_stay: true)")
        return
    tested = variables_of(arc.guard for arc in arcs)
    for name in tested:
        status = plan.at_fallthrough.get(name, EITHER)
        code = ident(name)
        if status == FIRST_READING:
            out.add(inner, f"{code} = read_{code}()")
        elif status == EITHER:
            out.add(inner, f"if {code} is UNREAD:")
            out.add(inner + 1, f"{code} = read_{code}()")
    values = " ".join(value_text(name) for name in tested) or "(no inputs tested)"
    out.add(inner, f"raise no_arc_enabled({automaton}, {state.number}, {state_names}[{state.number}], "
                   f'{event!r}, f"{values}", f"{{where}}:{state.loc.line}")')

