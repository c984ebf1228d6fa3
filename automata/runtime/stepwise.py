"""Opening a run to be driven one step at a time, on either runtime that can do it."""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import InputError
from ..io.loader import load_system
from ..model.spec import Spec
from .engine import Automaton
from .stepping import StepControl
from .system import SystemAutomaton
from .trace import TraceSink

STEPPING_ENGINES = ("transitions", "generated")


def open_automaton(spec: Spec, context: object, engine: str = "transitions", sinks: Iterable[TraceSink] = (),
                   max_steps: int | None = None) -> StepControl:
    """`spec` bound to `context`, not yet started: call `step()`, `run_until(...)` or `run()`.
    A spec that heads a system of automata opens the whole system (docs/systems.md)."""
    if spec.is_system:
        return open_system(spec, context, engine, sinks, max_steps)
    from .words import WordContext, WordDriven

    if engine == "transitions":
        automaton: StepControl = Automaton(spec, context, tuple(sinks), max_steps)
    elif engine == "generated":
        from .generated import generated_automaton

        automaton = generated_automaton(spec, context, sinks, max_steps)
    else:
        raise InputError(f"unknown engine '{engine}'; choose one of {', '.join(STEPPING_ENGINES)}")
    # A pure Mealy machine's run is a word: each step takes its next letter (automata.runtime.words).
    return WordDriven(automaton, context) if isinstance(context, WordContext) else automaton


def open_system(spec: Spec, context: object, engine: str = "transitions", sinks: Iterable[TraceSink] = (),
                max_steps: int | None = None) -> SystemAutomaton:
    """The system `spec` heads, every automaton bound to `context`, on either engine."""
    system = load_system(spec)
    if engine == "transitions":
        return SystemAutomaton(system, context, tuple(sinks), max_steps)
    if engine == "generated":
        from .generated import generated_members

        return SystemAutomaton(system, context, tuple(sinks), max_steps, generated_members(spec))
    raise InputError(f"unknown engine '{engine}'; choose one of {', '.join(STEPPING_ENGINES)}")
