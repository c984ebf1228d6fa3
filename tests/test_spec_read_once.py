"""A spec is read once per command and handed down: running and verifying it, on either engine,
never goes back to its file (the Spec carries its text's digest, automata.model.spec.Origin)."""

from __future__ import annotations

import dataclasses

import pytest

import automata.io.loader as loader
from automata.io.codegen import generate_source
from automata.io.loader import load_spec, spec_from_text
from automata.model.spec import text_digest
from core_support import run_cli


@pytest.mark.parametrize("spec_path", ["specs/queens_backtracking.yaml", "specs/eight_puzzle.yaml"])
def test_verify_reads_the_spec_once(capsys, monkeypatch, spec_path):
    loads: list[str] = []
    load_one = loader._load_one

    def counted(path):
        loads.append(str(path))
        return load_one(path)

    monkeypatch.setattr(loader, "_load_one", counted)
    code, out, _ = run_cli(capsys, "verify", spec_path, "--jobs", "1", "--impl", "automaton", "--impl", "generated")
    assert code == 0, out
    assert loads == [spec_path]


def test_a_spec_carries_its_text_digest_and_a_copy_made_from_it_does_not():
    spec = load_spec("specs/knight_tour.yaml")
    assert spec.origin is not None and spec.origin.file is not None and spec.origin.file.name == "knight_tour.yaml"
    text = spec.origin.file.read_text(encoding="utf-8")
    assert spec.origin.digest == text_digest(text)
    assert f"SPEC_HASH = {spec.origin.digest!r}" in generate_source(spec)
    mutant = dataclasses.replace(spec, initial=1)
    assert mutant.origin is None and "SPEC_HASH = None" in generate_source(mutant)
    in_memory = spec_from_text(text, "copy.yaml")
    assert in_memory.origin.file is None and in_memory.origin.digest == spec.origin.digest
