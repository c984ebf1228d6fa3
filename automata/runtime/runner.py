"""One entry point for running a spec on a context, whichever runtime runs it."""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import InputError
from ..model.spec import Spec
from .engine import Automaton, RunSummary
from .trace import TraceSink

ENGINES = ("transitions", "generated")


def execute(
    spec: Spec,
    context: object,
    engine: str = "transitions",
    sinks: Iterable[TraceSink] = (),
    max_steps: int | None = None,
) -> RunSummary:
    """Run `spec` on `context` until a final state; `engine` picks the runtime (see ENGINES)."""
    sinks = tuple(sinks)
    if spec.is_system:
        from .stepwise import open_system

        return open_system(spec, context, engine, sinks, max_steps).run()
    if engine == "transitions":
        return Automaton(spec, context, sinks, max_steps).run()
    if engine == "generated":
        from .generated import run_generated

        return run_generated(spec, context, sinks, max_steps)
    raise InputError(f"unknown engine '{engine}'; choose one of {', '.join(ENGINES)}")
