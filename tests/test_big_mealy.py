"""A big partial machine through every step a learned model goes through (import, check, minimize,
export and import, words on both runtimes). Its size stays moderate here; bench/mealy_scaling.py
times machines of up to 10,000 states and the largest learned model's size (657 x 75)."""

from __future__ import annotations

from pathlib import Path

from automata.analysis.check import check_spec
from automata.analysis.equiv import minimize, spec_text
from automata.analysis.random_mealy import random_mealy_dot
from automata.analysis.round_trip import same_machine
from automata.analysis.words import random_cases, word_run
from automata.io.interop import export_spec, import_spec, written_names
from automata.io.loader import spec_from_text
from automata.runtime.words import WordRunner


def test_a_big_partial_machine_goes_through_every_step(tmp_path: Path) -> None:
    source = tmp_path / "big.dot"
    source.write_text(random_mealy_dot(300, 30, 12, seed=5, missing=0.1), encoding="utf-8")
    spec = spec_from_text(spec_text(import_spec(source)), "big.yaml")
    assert (len(spec.states), len(spec.events)) == (300, 30) and 7_500 < len(spec.arcs) < 8_700
    findings = check_spec(spec)
    assert {finding.code for finding in findings} == {"partial"}  # undefined inputs, nothing else
    assert len(minimize(spec).spec.states) <= 300
    exported = tmp_path / "again.dot"
    exported.write_text(export_spec(spec, "dot-mealy"), encoding="utf-8")
    assert same_machine(spec, import_spec(exported), written_names(spec, "dot-mealy")).equivalent
    cases = random_cases(spec, 300, 12, seed=2)
    runs = {engine: [word_run(runner, case).outputs for case in cases]
            for engine, runner in (("transitions", WordRunner(spec)), ("generated", WordRunner(spec, "generated")))}
    assert runs["transitions"] == runs["generated"]
    assert sum(len(outputs) for outputs in runs["transitions"]) > 300 * 5  # words go on through the machine
