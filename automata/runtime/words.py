"""Running a pure Mealy machine on words: one letter, one step, its outputs recorded.

A pure spec (no `context:`) calls nothing: its inputs take the values each letter gives
(automata.model.words decides them), its outputs are symbols the step records list. The word runs
on the `transitions` engine (one Machine trigger per event), on the generated code (its
`step(state, event)`), or on the interpreter; all three give the same steps.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InputError, RunError, clipped
from ..model.spec import Spec
from ..model.words import Letter, decide, symbol
from .stepping import StepControl
from .trace import StepRecord, TraceSink

WORD_ENGINES = ("transitions", "generated", "interpreter")


def _nothing() -> None:
    """An output of a pure machine acts on nothing: the step record lists it."""


class SymbolContext:
    """What a pure Mealy machine runs on: the inputs' values for the current letter."""

    def __init__(self) -> None:
        self.values: dict[str, bool] = {}

    def symbol(self, name: str) -> Callable[[], Any]:
        if name.startswith("x"):
            return lambda: self.values.get(name, False)
        return _nothing


@dataclass(frozen=True)
class WordStep:
    letter: Letter
    state_before: int
    arc: int | None
    outputs: tuple[str, ...]  # output names, in the order run
    state_after: int


@dataclass(frozen=True)
class WordRun:
    """A word's run: its steps, and where it ended (`error`: why it stopped before the word's end)."""

    spec: Spec
    steps: tuple[WordStep, ...]
    final_state: int
    error: str = ""

    @property
    def outputs(self) -> list[tuple[str, ...]]:
        return [step.outputs for step in self.steps]

    def symbols(self) -> list[list[str]]:
        """Each step's outputs as their symbols."""
        return [[symbol(self.spec, name) for name in step.outputs] for step in self.steps]


class WordError(RunError):
    """A word that cannot be run to its end (an undefined input, a final state reached): exit 1.
    `run` holds the steps taken before."""

    def __init__(self, message: str, run: WordRun) -> None:
        super().__init__(message)
        self.run = run


class _Interpreting:
    """The interpreter (automata.runtime.interpreter.take_step), one letter at a time.

    The interpreter reads a spec as written, walking every arc at every step; on a machine of
    50,000 arcs that is a scan of all of them per letter. So each step is interpreted on the spec
    cut down to the arcs of its state and event (grouped once, in one pass): the interpreter's own
    rules still choose among them."""

    def __init__(self, spec: Spec, context: SymbolContext) -> None:
        self.spec, self.context, self.state, self.steps = spec, context, spec.initial, 0
        self._groups: dict[tuple[int, str], list[Any]] = {}
        for arc in spec.arcs:
            self._groups.setdefault((arc.source, arc.event), []).append(arc)
        self._cut: dict[tuple[int, str], Spec] = {}

    def restart(self) -> None:
        self.state, self.steps = self.spec.initial, 0

    def _spec_for(self, state: int, event: str) -> Spec:
        cut = self._cut.get((state, event))
        if cut is None:
            cut = self._cut[state, event] = dataclasses.replace(self.spec, arcs=tuple(self._groups.get((state, event), ())))
        return cut

    def step(self, event: str) -> StepRecord:
        from .interpreter import take_step

        values = self.context.values
        step = take_step(self._spec_for(self.state, event), self.state, lambda name: values.get(name, False), event)
        before = self.state
        self.steps += 1
        if step.stuck:
            raise RunError(f"{self.spec.automaton}: no arc enabled in state {before} on {event}")
        self.state = step.state_after
        return StepRecord(self.spec.automaton, self.steps, event, before, step.inputs,
                          step.arc.index if step.arc is not None else None, step.outputs, step.state_after)


def letter_values(spec: Spec, state: int, letter: Letter) -> dict[str, bool] | None:
    """The inputs' values `letter` gives in `state`; None when the state does not define it (no arc
    takes it, and the state may not stay)."""
    decision = decide(spec, state, letter)
    if decision.arc is None and not spec.states[state].may_stay:
        return None
    return dict(decision.valuation)


def undefined_input(spec: Spec, state: int, letter: Letter) -> str:
    """The message for a letter no arc of `state` takes."""
    declared = spec.states[state]
    named = f"'{clipped(symbol(spec, letter.event), 80)}' ({letter.event})"
    return (f"{spec.automaton}: input {named} is undefined in state {state} ({declared.name}): no arc leaves it on "
            f"{letter.event}" + (f" when [{letter.condition}]" if str(letter.condition) != "1" else ""))


class WordRunner:
    """One runtime bound to one pure spec, running word after word: each word starts again from the
    initial state, on the machine (or the compiled code) built once."""

    def __init__(self, spec: Spec, engine: str = "transitions", sinks: Sequence[TraceSink] = ()) -> None:
        self.spec, self.sinks = spec, tuple(sinks)
        self.context = SymbolContext()
        if engine == "transitions":
            from .engine import Automaton

            self.runtime: Any = Automaton(spec, self.context, self.sinks)
        elif engine == "generated":
            from .generated import generated_automaton

            self.runtime = generated_automaton(spec, self.context, self.sinks)
        elif engine == "interpreter":
            self.runtime = _Interpreting(spec, self.context)
        else:
            raise InputError(f"unknown engine '{engine}'; choose one of {', '.join(WORD_ENGINES)}")
        self._used = False

    def run(self, letters: Sequence[Letter]) -> WordRun:
        """Run `letters` from the initial state. Raises WordError (with the steps taken) at a letter
        the machine does not define in the state it is in, or past a final state. Sinks hear of the
        word's end as of a run's end (the runtimes tell them only of a final state reached)."""
        spec, sinks, runtime, context = self.spec, self.sinks, self.runtime, self.context
        if self._used:
            runtime.restart()
        self._used = True
        steps: list[WordStep] = []

        def stopped(message: str) -> WordError:
            error = WordError(message, WordRun(spec, tuple(steps), runtime.state, message))
            for sink in sinks:  # the runtime took no step for this letter: the sinks hear it from here
                if not steps:
                    sink.started(spec, spec.initial, letter.event)
                sink.failed(spec, None, error)
            return error

        for letter in letters:
            state = runtime.state
            if spec.states[state].final:
                raise stopped(f"{spec.automaton}: the run is over: state {state} ({spec.states[state].name}) is "
                              f"final, and the word goes on with '{clipped(letter.text, 80)}'")
            values = letter_values(spec, state, letter)
            if values is None:
                raise stopped(undefined_input(spec, state, letter))
            context.values = values
            try:
                record = runtime.step(letter.event)
            except RunError as error:  # the runtime told its sinks
                raise WordError(str(error), WordRun(spec, tuple(steps), runtime.state, str(error))) from None
            steps.append(WordStep(letter, record.state_before, record.arc, record.outputs, record.state_after))
        final = runtime.state
        if sinks and not (steps and spec.states[final].final):
            for sink in sinks:
                if not steps:
                    sink.started(spec, spec.initial, spec.step_event)
                sink.finished(spec, final, len(steps))
        return WordRun(spec, tuple(steps), final)


def run_word(spec: Spec, letters: Sequence[Letter], engine: str = "transitions",
             sinks: Sequence[TraceSink] = ()) -> WordRun:
    """Run one word (see WordRunner.run; for many words, keep one WordRunner)."""
    return WordRunner(spec, engine, sinks).run(letters)


# ---------------------------------------------------------------------------------------------
# A word as a program's case: what `automata step` and `automata player` run on a pure machine


class WordContext(SymbolContext):
    """The context of a pure machine's run on one word: its letters, taken one per step."""

    def __init__(self, spec: Spec, letters: Sequence[Letter]) -> None:
        super().__init__()
        self.spec = spec
        self.letters = tuple(letters)
        self.position = 0  # letters taken so far


class WordDriven(StepControl):
    """A runtime driven by a word: each `step()` takes the next letter (its event, its inputs'
    values); the run is over when the word is (or a final state is reached)."""

    def __init__(self, inner: StepControl, context: WordContext) -> None:
        self.inner, self.context, self.spec = inner, context, inner.spec

    @property
    def steps(self) -> int:  # type: ignore[override]
        return self.inner.steps

    @property
    def state(self) -> int:
        return self.inner.state

    @property
    def is_final(self) -> bool:
        return self.inner.is_final or self.context.position >= len(self.context.letters)

    @property
    def last_arc(self) -> int | None:
        return self.inner.last_arc

    def step(self, event: str | None = None) -> StepRecord:
        context = self.context
        if context.position >= len(context.letters):
            raise RunError(f"{self.spec.automaton}: the word is over after {len(context.letters):,} letters")
        letter = context.letters[context.position]
        state = self.inner.state
        values = letter_values(self.spec, state, letter)
        if values is None:
            raise RunError(undefined_input(self.spec, state, letter))
        context.values = values
        context.position += 1
        return self.inner.step(letter.event)

    def run(self, event: str | None = None) -> Any:
        from .engine import RunSummary

        self.run_until()
        return RunSummary(self.state, self.steps)

