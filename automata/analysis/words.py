"""Pure Mealy machines checked on words: the runtimes against one another (`verify`), a spec against
the outputs its scenarios expect (`replay`), and the judge `mutate` scores mutants with.

A case is a word, perhaps with the outputs expected at each step (a scenario). Outputs are compared
as symbols (an expected output may be written as a symbol or a name), step by step, so a difference
is reported at the first step whose outputs differ, with the state it happened in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..model.guards import ALWAYS, And, Guard, Not, Var
from ..model.spec import Spec
from ..model.words import Alphabet, Letter, decide, symbol
from ..runtime.events import Recorder
from ..runtime.trace import TraceSink
from ..runtime.words import WORD_ENGINES, WordError, WordRun, WordRunner
from .verify import Verdict, verify


@dataclass(frozen=True)
class WordCase:
    name: str
    letters: tuple[Letter, ...]
    expected: tuple[tuple[str, ...] | None, ...] | None = None  # symbols per step (None: not checked)
    lines: tuple[int, ...] = ()  # where each step is written, when it comes from a file

    @property
    def text(self) -> str:
        return ",".join(letter.text for letter in self.letters)


def word_cases(spec: Spec, words: Sequence[tuple[str, str]]) -> list[WordCase]:
    """Cases from words written `a,b,c`: (name, text) pairs."""
    alphabet = Alphabet(spec)
    return [WordCase(name, tuple(alphabet.word(text, name))) for name, text in words]


def scenario_cases(spec: Spec, scenarios: Sequence[Any], file: str) -> list[WordCase]:
    """Cases from scenarios (automata.io.interop.scenarios): each letter resolved, where it is written."""
    alphabet = Alphabet(spec)
    cases = []
    for scenario in scenarios:
        letters = tuple(alphabet.require(step.input, f"{file}:{step.line}") for step in scenario.steps)
        expected = tuple(step.outputs for step in scenario.steps)
        cases.append(WordCase(scenario.name, letters, expected, tuple(step.line for step in scenario.steps)))
    return cases


def random_cases(spec: Spec, count: int, length: int, seed: int = 0) -> list[WordCase]:
    """`count` random words of up to `length` letters, each letter an event the state reached
    defines (a partial machine's words stop where no event is defined)."""
    chooser = random.Random(seed)
    defined = {number: [event for event in sorted(spec.events) if spec.arcs_from(number, event) or state.may_stay]
               for number, state in spec.states.items() if not state.final}
    cases = []
    for number in range(count):
        state, letters = spec.initial, []
        for _ in range(length):
            choices = defined.get(state)
            if not choices:
                break
            event = chooser.choice(choices)
            arcs = spec.arcs_from(state, event)
            if any(arc.guard.variables() for arc in arcs):  # conditions: one valuation drawn per letter
                letter = _letter_with_values(spec, state, event, chooser)
            else:  # written as a word would write it: by its symbol (as --names is not given)
                letter = Letter(event, ALWAYS, symbol(spec, event))
            letters.append(letter)
            state = _next_state(spec, state, letter)
            if state is None or spec.states[state].final:
                break
        cases.append(WordCase(f"random word {number + 1}", tuple(letters)))
    return cases


def _letter_with_values(spec: Spec, state: int, event: str, chooser: random.Random) -> Letter:
    """A letter that gives each input the state's arcs test on `event` a random value."""
    names = sorted({name for arc in spec.arcs_from(state, event) for name in arc.guard.variables()})
    literals: list[Guard] = [Var(name) if chooser.random() < 0.5 else Not(Var(name)) for name in names]
    condition = literals[0] if len(literals) == 1 else And(tuple(literals))
    return Letter(event, condition, f"{symbol(spec, event)} [{condition}]")


def _next_state(spec: Spec, state: int, letter: Letter) -> int | None:
    try:
        decision = decide(spec, state, letter)
    except InputError:
        return None
    return decision.arc.target if decision.arc is not None else state


@dataclass(frozen=True)
class Mismatch:
    """The first step of a case whose outputs differ from those expected (or that could not run)."""

    step: int  # 1-based
    letter: Letter | None
    state: int
    expected: tuple[str, ...] | None
    actual: tuple[str, ...] | None  # None: the run stopped before this step's outputs
    error: str = ""
    line: int = 0


def _symbols(spec: Spec, names: Sequence[str]) -> tuple[str, ...]:
    return tuple(symbol(spec, name) for name in names)


def _as_symbols(spec: Spec, written: Sequence[str]) -> tuple[str, ...]:
    """Expected outputs as symbols: a name (`z1`) stands for its symbol."""
    return tuple(symbol(spec, text) if text in spec.outputs else text for text in written)


def first_mismatch(spec: Spec, case: WordCase, run: WordRun) -> Mismatch | None:
    """The first step of `run` whose outputs are not those `case` expects (or where the run stopped)."""
    expected = case.expected or (None,) * len(case.letters)
    for index, (letter, wanted) in enumerate(zip(case.letters, expected)):
        line = case.lines[index] if index < len(case.lines) else 0
        if index >= len(run.steps):
            return Mismatch(index + 1, letter, run.final_state, _as_symbols(spec, wanted) if wanted is not None else None,
                            None, run.error, line)
        step = run.steps[index]
        got = _symbols(spec, step.outputs)
        if wanted is not None and _as_symbols(spec, wanted) != got:
            return Mismatch(index + 1, letter, step.state_before, _as_symbols(spec, wanted), got, "", line)
    return None


def word_run(runner: WordRunner, case: WordCase) -> WordRun:
    """The case's word run to its end, or as far as it goes (the error kept in the run)."""
    try:
        return runner.run(case.letters)
    except WordError as error:
        return error.run


def replay(spec: Spec, cases: Sequence[WordCase], engine: str = "transitions") -> list[tuple[WordCase, Mismatch | None]]:
    """Each scenario run on `engine`, with its first mismatch (None when it passes)."""
    runner = WordRunner(spec, engine)
    return [(case, first_mismatch(spec, case, word_run(runner, case))) for case in cases]


@dataclass(frozen=True)
class WordVerdict:
    case: WordCase
    runs: dict[str, WordRun]
    difference: str  # "" when every runtime agrees (and with the scenario's expectations)


def _run_view(run: WordRun) -> tuple[Any, ...]:
    return (tuple((step.outputs, step.state_after) for step in run.steps), run.final_state, bool(run.error))


def verify_words(spec: Spec, cases: Sequence[WordCase], engines: Sequence[str] = WORD_ENGINES) -> list[WordVerdict]:
    """Each case on every runtime (each runtime built once)."""
    runners = {engine: WordRunner(spec, engine) for engine in engines}
    return [verify_word(spec, case, runners) for case in cases]


def verify_word(spec: Spec, case: WordCase, runners: Mapping[str, WordRunner]) -> WordVerdict:
    """The case on every runtime: the same steps (outputs, states), the same end; then the scenario's outputs."""
    engines = list(runners)
    runs = {engine: word_run(runner, case) for engine, runner in runners.items()}
    reference = engines[0]
    for engine in engines[1:]:
        if _run_view(runs[engine]) != _run_view(runs[reference]):
            mine, theirs = runs[reference], runs[engine]
            step = next((index for index, (a, b) in enumerate(zip(mine.steps, theirs.steps))
                         if (a.outputs, a.state_after) != (b.outputs, b.state_after)), min(len(mine.steps), len(theirs.steps)))
            return WordVerdict(case, runs, f"{engine} differs from {reference} at step {step + 1}")
    mismatch = first_mismatch(spec, case, runs[reference]) if case.expected is not None else None
    if mismatch is not None:
        return WordVerdict(case, runs, describe_mismatch(spec, mismatch))
    return WordVerdict(case, runs, "")


def describe_mismatch(spec: Spec, mismatch: Mismatch) -> str:
    where = f" (line {mismatch.line})" if mismatch.line else ""
    state = f"in state {mismatch.state} ({spec.states[mismatch.state].name})"
    letter = f"'{mismatch.letter.text}'" if mismatch.letter is not None else "the end"
    if mismatch.actual is None:
        return f"step {mismatch.step}{where}, {letter} {state}: the run stopped: {mismatch.error}"
    expected = ", ".join(mismatch.expected or ()) or "(none)"
    actual = ", ".join(mismatch.actual) or "(none)"
    return f"step {mismatch.step}{where}, {letter} {state}: expected {expected}, got {actual}"


def word_judge(spec: Spec, cases: Sequence[WordCase]) -> tuple[Callable[..., Verdict], list[tuple[str]]]:
    """What `automata mutate` needs for a pure spec: `verify_spec(mutant, case, sinks)`, comparing
    the mutant's outputs on a case with the original's (or with the scenario's, where it says),
    and the cases by name."""
    by_number: dict[str, WordCase] = {}  # by name, as reports show a case (a repeated name gets its number)
    for number, case in enumerate(cases, start=1):
        by_number[case.name if case.name not in by_number else f"{case.name} #{number}"] = case

    def events(run: WordRun, case: WordCase, observer: Recorder) -> None:
        for step in run.steps:
            observer.emit("step", step.letter.text, *_symbols(spec, step.outputs))
        if run.error:
            raise WordError(run.error, run)

    original = WordRunner(spec)
    expected_runs = {number: word_run(original, case) for number, case in by_number.items()}

    def reference(case: WordCase, number: str) -> Callable[[Recorder], Any]:
        def emit(observer: Recorder) -> None:
            run = expected_runs[number]
            wanted = case.expected or (None,) * len(case.letters)
            for index, step in enumerate(run.steps):
                given = wanted[index] if index < len(wanted) else None
                outputs = _as_symbols(spec, given) if given is not None else _symbols(spec, step.outputs)
                observer.emit("step", step.letter.text, *outputs)
            if run.error:
                raise WordError(run.error, run)

        return emit

    def verify_spec(mutant: Spec, case: Sequence[str], sinks: Sequence[TraceSink] = ()) -> Verdict:
        number = case[0]
        chosen = by_number[number]

        def automaton(observer: Recorder) -> None:  # outputs are what a Mealy machine shows, not its states
            run = word_run(WordRunner(mutant, "transitions", sinks), chosen)
            events(run, chosen, observer)

        return verify({"original": reference(chosen, number), "automaton": automaton}, "original")

    return verify_spec, [(number,) for number in by_number]


__all__ = ["Mismatch", "WordCase", "WordVerdict", "describe_mismatch", "first_mismatch", "random_cases", "replay",
           "scenario_cases", "verify_word", "verify_words", "word_cases", "word_judge", "word_run"]
