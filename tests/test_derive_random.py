"""Random programs of the subset: the automaton derived from each emits the same events as the
program, stops where it stops and returns what it returns.

Programs are generated as source text (loops, if/elif/else, break, continue, return, and/or/not,
self-calls) over a scripted context whose answers depend only on a seed, the question and how
many actions were done, so they are pure between actions as the subset assumes. The context stops
a run after a budget of actions, so every run ends, and both sides must stop at the same action.
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from automata.analysis.derive import DeriveError, derive, derived_result
from automata.io.loader import spec_from_text
from automata.runtime.events import Recorder
from automata.runtime.runner import execute

DATA = Path(__file__).resolve().parent / "data" / "derive"
if str(DATA) not in sys.path:
    sys.path.append(str(DATA))

from toys import Budget, ScriptedStack

QUESTIONS = ("q1", "q2", "q3")
ACTIONS = ("a1", "a2", "a3")


@st.composite
def conditions(draw: st.DrawFn, depth: int = 0) -> str:
    kind = draw(st.sampled_from(["ask"] * 4 + (["not", "and", "or", "constant"] if depth < 2 else [])))
    if kind == "ask":
        return f"ctx.{draw(st.sampled_from(QUESTIONS))}()"
    if kind == "not":
        return f"not {draw(conditions(depth + 1))}"
    if kind == "constant":
        return draw(st.sampled_from(["True", "False"]))
    return f"({draw(conditions(depth + 1))} {kind} {draw(conditions(depth + 1))})"


@st.composite
def blocks(draw: st.DrawFn, indent: int, depth: int, in_loop: bool, recursive: bool) -> list[str]:
    pad = "    " * indent
    lines: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        kinds = ["act", "act", "act", "pass"]
        kinds += ["if", "while"] if depth < 3 else []
        kinds += ["break", "continue"] if in_loop else []
        kinds += ["return"]
        kinds += ["self"] if recursive else []
        kind = draw(st.sampled_from(kinds))
        if kind == "act":
            lines.append(f"{pad}ctx.{draw(st.sampled_from(ACTIONS))}()")
        elif kind == "self":
            lines.append(f"{pad}prog(ctx)")
        elif kind in ("pass", "break", "continue"):
            lines.append(pad + kind)
        elif kind == "return":
            lines.append(pad + draw(st.sampled_from(["return", "return 1", "return 'two'", "return ctx.a_count()"])))
        elif kind == "if":
            lines.append(f"{pad}if {draw(conditions())}:")
            lines += draw(blocks(indent + 1, depth + 1, in_loop, recursive))
            if draw(st.booleans()):
                lines.append(f"{pad}elif {draw(conditions())}:")
                lines += draw(blocks(indent + 1, depth + 1, in_loop, recursive))
            if draw(st.booleans()):
                lines.append(f"{pad}else:")
                lines += draw(blocks(indent + 1, depth + 1, in_loop, recursive))
        else:
            lines.append(f"{pad}while {draw(conditions())}:")
            lines += draw(blocks(indent + 1, depth + 1, True, recursive))
            if draw(st.booleans()):
                lines.append(f"{pad}else:")
                lines += draw(blocks(indent + 1, depth + 1, in_loop, recursive))
    return lines


@st.composite
def programs(draw: st.DrawFn) -> str:
    recursive = draw(st.booleans())
    body = draw(blocks(1, 0, False, recursive))
    return "from toys import ScriptedStack\n\n\ndef prog(ctx: ScriptedStack):\n" + "\n".join(body) + "\n"


def _run(run: object) -> tuple[list, object]:
    recorder = Recorder()
    try:
        outcome = run(recorder)
    except Budget:
        outcome = "out of budget"
    return recorder.events, outcome


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])  # HYPOTHESIS_PROFILE=long: 5,000
@given(source=programs(), seeds=st.lists(st.integers(0, 10**6), min_size=3, max_size=3))
def test_a_random_program_and_its_derived_automaton_agree(source: str, seeds: list[int]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "prog.py"
        path.write_text(source)
        try:
            derivation = derive(f"{path}:prog", roots=[DATA])
        except DeriveError as error:
            # A loop that would go round without an action, or a point with no way to a return:
            # the program itself could never end there, so it has no automaton; or more self-calls
            # than the call stack has return points.
            assume(not any(reason in error.message for reason in ("never end", "go round", "self-calls")))
            raise
        loaded = importlib.util.spec_from_file_location(f"derive_random_{abs(hash(source))}", path)
        module = importlib.util.module_from_spec(loaded)
        loaded.loader.exec_module(module)
        spec = spec_from_text(derivation.text)
        for seed in seeds:
            def plain(observer: object, seed: int = seed) -> object:
                return module.prog(ScriptedStack(seed, observer, budget=25))

            def automaton(observer: object, engine: str, seed: int = seed) -> object:
                context = ScriptedStack(seed, observer, budget=25)
                summary = execute(spec, context, engine=engine, max_steps=10_000)
                return derived_result(module.prog, context, summary.final_state)

            try:
                expected = _run(plain)
            except RecursionError:  # recursion with no action on the way: endless in Python too
                assume(False)
            for engine in ("transitions", "generated"):
                assert _run(lambda observer, engine=engine: automaton(observer, engine)) == expected, source
