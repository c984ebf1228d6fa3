"""What every runtime that can be driven one step at a time offers on top of its `step()`.

The transitions engine (`Automaton`) and the generated code (`GeneratedAutomaton`) both keep the
run's position (`state`, `steps`) between calls; this base gives them the same ways to move on:
one step, to a condition, to the end. Their `run()` is `step()`'s code in a loop, so a run driven
step by step and a run driven to the end take the same path.
"""

from __future__ import annotations

from ..errors import InputError, RunError
from ..model.spec import Spec
from .trace import StepRecord


class StepControl:
    """Running to a condition, written once over the runtime's `step()`."""

    spec: Spec
    steps: int  # steps taken so far

    @property
    def state(self) -> int:
        raise NotImplementedError

    @property
    def is_final(self) -> bool:
        raise NotImplementedError

    def step(self, event: str | None = None) -> StepRecord:
        raise NotImplementedError

    @property
    def last_arc(self) -> int | None:
        """The index (ArcDecl.index, 0-based) of the arc the last step took (None before any step, or when it stayed)."""
        raise NotImplementedError

    @property
    def last_record(self) -> StepRecord | None:
        """The record of the last step taken (None before the first)."""
        return getattr(self, "_last", None)

    def __repr__(self) -> str:
        state = self.spec.states.get(self.state)
        where = f"state {self.state} ({state.name})" if state else f"state {self.state}"
        return (f"<{type(self).__name__} {self.spec.automaton} ({self.spec.title}): {where}"
                f"{', final' if self.is_final else ''}, after {self.steps:,} step{'s' if self.steps != 1 else ''}>")

    # In a notebook a running automaton shows where it is: the graph, the state and the last arc lit,
    # and what the last step read and did.
    def _repr_svg_(self) -> str:
        from ..io.html.graph_svg import highlighted_graph

        return highlighted_graph(self.spec, self.state, self.last_arc)

    def _repr_html_(self) -> str:
        from ..io.notebook import running_html

        return running_html(self.spec, self.state, self.steps, self.last_arc, self.is_final, self.last_record)

    def run_until(self, state: int | None = None, step: int | None = None, event: str | None = None) -> StepRecord | None:
        """Step until the automaton enters `state` (at least one step is taken), or until `step`
        steps have been taken in all, or until it reaches a final state, whichever comes first.

        Returns the last step's record, or None when no step was taken (already final, or `step`
        already reached).
        """
        if state is not None and state not in self.spec.states:
            raise InputError(f"automaton {self.spec.automaton} has no state {state}")
        record = None
        while not self.is_final:
            if step is not None and self.steps >= step:
                break
            record = self.step(event)
            if state is not None and record.state_after == state:
                break
        return record


def final_state_error(spec: Spec, state: int, steps: int) -> RunError:
    """Asking a finished run for another step."""
    return RunError(f"{spec.automaton}: the run is over: state {state} ({spec.states[state].name}) is final "
                    f"(reached after {steps:,} steps)")


def failed_run_error(spec: Spec, steps: int, cause: BaseException) -> RunError:
    """Asking a run that failed for another step: a failed step leaves the context half-changed."""
    return RunError(f"{spec.automaton}: the run failed at step {steps:,} and cannot go on ({cause})")
