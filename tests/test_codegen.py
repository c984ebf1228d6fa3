"""Code generated from specs: committed and up to date, the same runs as the engine, safe text."""

from __future__ import annotations

import dataclasses
import importlib.util
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from automata.cli.tools import codegen_command
from automata.io.codegen import GENERATED_DIR, generate_source, stale_modules
from automata.runtime.generated import compiled_run
from automata.runtime.runner import execute
from automata.errors import InputError, RunError
from automata.runtime.interpreter import interpret
from automata.io.files import SPECS_DIR
from automata.model.spec import Spec
from automata.io.loader import load_spec, spec_from_text
from automata.runtime.trace import MemorySink

SPEC = """\
automaton: A3
title: Count with checks
context: tests.test_codegen:Probe
initial: 0
events:
  e0: {doc: next step}
inputs:
  x1: {doc: "counted enough?", call: is_done}
  x2: {doc: "the count is even?", call: is_even}
outputs:
  z1: {doc: "count one more", call: count_one}
  z2: {doc: "note an even count", call: note_even}
  z3: {doc: "say goodbye", call: say_done}
states:
  0: {name: Counting}
  1: {name: Noted, on_enter: [z2]}
  2: {name: Done, final: true, on_enter: [z3]}
arcs:
  - {from: 0, to: 2, guard: "x1"}
  - {from: 0, to: 1, guard: "!x1 & x2", actions: [z1]}
  - {from: 0, to: 0, guard: "!x1 & !x2", actions: [z1]}
  - {from: 1, to: 0, guard: "1"}
"""


class Probe:
    """Counts to `limit`; logs every call; can fail on purpose in a chosen method at a chosen call."""

    def __init__(self, limit: int = 5, fail_in: str = "", fail_at: int = 0) -> None:
        self.limit, self.count, self.calls = limit, 0, []
        self.fail_in, self.fail_at = fail_in, fail_at

    def _called(self, name: str) -> None:
        self.calls.append(name)
        if name == self.fail_in and self.calls.count(name) == self.fail_at:
            raise ValueError(f"{name} failed on purpose")

    def is_done(self) -> bool:
        self._called("is_done")
        return self.count >= self.limit

    def is_even(self) -> bool:
        self._called("is_even")
        return self.count % 2 == 0

    def count_one(self) -> None:
        self._called("count_one")
        self.count += 1

    def note_even(self) -> None:
        self._called("note_even")

    def say_done(self) -> None:
        self._called("say_done")


@pytest.fixture(scope="module")
def spec() -> Spec:
    return spec_from_text(SPEC, "probe.yaml")


def run_with(engine: str, spec: Spec, probe: Probe, max_steps: int | None = None, traced: bool = True) -> tuple:
    sink = MemorySink()
    sinks = [sink] if traced else []
    try:
        if engine == "interpreter":
            result: Any = interpret(spec, probe, sinks, max_steps)
        else:
            result = execute(spec, probe, engine, sinks, max_steps)
    except (RunError, ValueError) as error:
        result = (type(error).__name__, str(error))
    return result, probe.calls, sink.records, repr(sink.error)


def test_the_committed_generated_code_is_up_to_date() -> None:
    assert stale_modules() == [], "run `automata codegen --all` and commit generated/"


def test_every_spec_has_a_module_and_each_module_loads() -> None:
    for spec_file in sorted(SPECS_DIR.glob("*.yaml")):
        path = GENERATED_DIR / f"{spec_file.stem}.py"
        module_spec = importlib.util.spec_from_file_location(f"generated_check.{spec_file.stem}", path)
        assert module_spec is not None and module_spec.loader is not None
        module = importlib.util.module_from_spec(module_spec)
        module_spec.loader.exec_module(module)
        assert module.SPEC_PATH == f"specs/{spec_file.name}"
        assert callable(module.run) and module.SPEC_HASH.startswith("sha256:")


def test_a_spec_loaded_from_its_file_runs_the_committed_module() -> None:
    spec = load_spec("specs/knight_tour.yaml")
    run = compiled_run(spec)
    assert Path(run.__code__.co_filename).resolve() == (GENERATED_DIR / "knight_tour.py").resolve()
    mutant = dataclasses.replace(spec, initial=1)
    assert compiled_run(mutant).__code__.co_filename.startswith("<generated from")


@pytest.mark.parametrize("engine", ["generated", "interpreter"])
@pytest.mark.parametrize("case", [
    {},
    {"max_steps": 4},
    {"max_steps": 0},
    {"fail_in": "is_even", "fail_at": 2},
    {"fail_in": "count_one", "fail_at": 3},
    {"fail_in": "note_even", "fail_at": 1},  # fails in on_enter: the state has already changed
    {"fail_in": "say_done", "fail_at": 1},
])
def test_runs_match_the_engine_even_when_they_fail(spec: Spec, engine: str, case: dict) -> None:
    max_steps = case.get("max_steps")
    failing = {key: value for key, value in case.items() if key != "max_steps"}
    expected = run_with("transitions", spec, Probe(**failing), max_steps)
    assert run_with(engine, spec, Probe(**failing), max_steps) == expected
    assert run_with(engine, spec, Probe(**failing), max_steps, traced=False)[:2] == expected[:2]


def test_no_enabled_arc_reads_every_tested_input_like_the_engine() -> None:
    text = SPEC.replace('  - {from: 0, to: 0, guard: "!x1 & !x2", actions: [z1]}\n', "")
    spec = spec_from_text(text, "probe.yaml")
    expected = run_with("transitions", spec, Probe())
    assert expected[0][0] == "RunError" and "no arc enabled in state 0 (Counting) on e0 with x1=0 x2=0" in expected[0][1]
    assert run_with("generated", spec, Probe()) == expected
    assert run_with("generated", spec, Probe(), traced=False)[:2] == expected[:2]


def test_the_generated_module_reads_like_the_graph(spec: Spec) -> None:
    source = generate_source(spec, SPEC)
    assert "case 0:  # 0. Counting (line 15)" in source
    assert "if (x1 := read_x1()):  # arc 1 (line 19): x1" in source
    assert "elif not x1 and (x2 := read_x2()):  # arc 2 (line 20): !x1 & x2 / z1" in source
    assert "else:  # arc 3 (line 21): !x1 & !x2 / z1 (always true here)" in source
    assert "UNREAD" not in source  # every test of an input is known to be a first or a later reading


def test_spec_text_cannot_escape_its_comments_or_strings() -> None:
    hostile = SPEC.replace("{name: Counting}", "{name: \"Counting\\n\\\"\\\"\\\" {x} '; import os\"}").replace(
        '"counted enough?"', '"enough?\\nraise SystemExit"')
    spec = spec_from_text(hostile, "probe.yaml")
    source = generate_source(spec)
    compile(source, "<test>", "exec")
    assert "\nraise SystemExit" not in source and "\nimport os" not in source
    text = hostile.replace('  - {from: 0, to: 0, guard: "!x1 & !x2", actions: [z1]}\n', "")
    broken = spec_from_text(text, "probe.yaml")
    expected = run_with("transitions", broken, Probe())
    assert run_with("generated", broken, Probe()) == expected  # the odd state name reaches the message intact


def test_codegen_command_writes_a_runnable_module(tmp_path: Path) -> None:
    spec_file = tmp_path / "probe.yaml"
    spec_file.write_text(SPEC.replace("context: tests.test_codegen:Probe", "context: test_codegen:Probe"))
    out = tmp_path / "probe_generated.py"
    runner = CliRunner()
    result = runner.invoke(codegen_command, [str(spec_file), "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    module_spec = importlib.util.spec_from_file_location("probe_generated", out)
    assert module_spec is not None and module_spec.loader is not None
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    probe = Probe(limit=3)
    summary = module.run(probe)
    assert (summary.final_state, summary.steps) == (2, 6) and probe.calls[-1] == "say_done"


def test_codegen_command_rejects_bad_usage() -> None:
    runner = CliRunner()
    assert runner.invoke(codegen_command, []).exit_code == 2
    assert runner.invoke(codegen_command, ["specs/knight_tour.yaml", "--all"]).exit_code == 2
    assert runner.invoke(codegen_command, ["specs/knight_tour.yaml", "--check"]).exit_code == 2
    assert runner.invoke(codegen_command, ["--all", "--check"]).exit_code == 0


def test_a_missing_context_method_is_reported_like_the_engine(spec: Spec) -> None:
    class Partial:
        def is_done(self) -> bool:
            return True

    with pytest.raises(InputError) as engine_error:
        execute(spec, Partial())
    with pytest.raises(InputError) as generated_error:
        execute(spec, Partial(), engine="generated")
    assert str(generated_error.value) == str(engine_error.value)
