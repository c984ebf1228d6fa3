"""`automata campaign`: random machines in seeded chunks, the same report wherever the chunks run,
and a disagreement found, shrunk and shown when a runtime is broken."""

from __future__ import annotations

import ast
import json
import sys
from typing import Any

import pytest
from click.testing import CliRunner
from core_support import run_cli

from automata.analysis import campaign, random_machines
from automata.analysis.random_machines import check_machine
from automata.cli.app import cli
from automata.io.loader import spec_from_text
from automata.runtime.interpreter import interpret


def campaign_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code, out, _ = run_cli(capsys, "campaign", *argv, "--json")
    return code, json.loads(out)


def test_the_chunks_depend_on_the_seed_and_the_examples_only() -> None:
    chunks = campaign.plan(120, 3)
    assert [chunk.examples for chunk in chunks] == [50, 50, 20]
    assert chunks == campaign.plan(120, 3)
    assert len({chunk.seed for chunk in chunks + campaign.plan(120, 4)}) == 6


def test_one_process_and_two_give_the_same_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, one = campaign_json(capsys, "--examples", "70", "--seed", "12", "--jobs", "1")
    assert code == 0
    assert (one["examples"], one["seed"], one["chunks"], one["machines"], one["disagreements"]) == (70, 12, 2, 70, [])
    assert one["steps"] > 0
    code, two = campaign_json(capsys, "--examples", "70", "--seed", "12", "--jobs", "2")
    assert code == 0 and two == one
    _, other_seed = campaign_json(capsys, "--examples", "70", "--seed", "13", "--jobs", "1")
    assert other_seed["steps"] != one["steps"]  # another seed, other machines


def negating_x2(spec: Any, context: Any, sinks: Any, limit: int) -> Any:
    """A planted bug: the interpreter reads input x2 negated."""
    if hasattr(context, "ask_x2"):
        original = context.ask_x2
        context.ask_x2 = lambda: not original()
    return interpret(spec, context, sinks, limit)


def test_a_broken_runtime_is_reported_with_its_smallest_machine(capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(random_machines.RUNTIMES, "interpreter", negating_x2)
    results: dict[int, campaign.ChunkResult] = {}
    run_chunk = campaign.run_chunk
    monkeypatch.setattr(campaign, "run_chunk", lambda chunk: results.setdefault(chunk.index, run_chunk(chunk)))
    code, document = campaign_json(capsys, "--examples", "50", "--seed", "3", "--jobs", "1")
    assert code == 1
    assert document["machines"] < 50  # the chunk stopped at its first disagreement
    [found] = document["disagreements"]
    assert (found["runtime"], found["traced"], found["what"]) == ("interpreter", True, "step")
    assert "x2=" in found["expected"] and "x2=" in found["got"]
    # The machine shown is a real counterexample: it disagrees with the bug and agrees without it.
    [text] = found["files"].values()
    machine = random_machines.Machine(text, ast.literal_eval(found["answers"]), found["max_steps"])
    assert check_machine(machine)[1] is not None
    monkeypatch.undo()
    assert check_machine(machine)[1] is None
    assert len(spec_from_text(text, "m.yaml").states) <= 3  # shrunk by hypothesis

    # The same chunk's result as text (replayed: shrinking again would only cost time).
    monkeypatch.setattr(campaign, "run_chunk", lambda chunk: results[chunk.index])
    code, out, _ = run_cli(capsys, "campaign", "--examples", "50", "--seed", "3", "--jobs", "1")
    assert code == 1
    assert "DISAGREEMENT in chunk 0" in out and "interpreter differs from transitions at step" in out
    assert "--- random_machine.yaml\nautomaton: A7\n" in out
    assert "reproduce: automata campaign --examples 50 --seed 3" in out


def test_random_systems_run_through_the_same_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, document = campaign_json(capsys, "--systems", "--examples", "15", "--seed", "1", "--jobs", "1")
    assert code == 0
    assert document["systems"] is True and document["machines"] == 15 and document["steps"] > 0


def test_ctrl_c_keeps_the_chunks_that_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    run_chunk = campaign.run_chunk

    def stop_at_the_second(chunk: campaign.Chunk) -> campaign.ChunkResult:
        if chunk.index == 1:
            raise KeyboardInterrupt
        return run_chunk(chunk)

    monkeypatch.setattr(campaign, "run_chunk", stop_at_the_second)
    # Through click's runner, not main(): after an interruption main() ends a process that has other
    # threads at once (automata/cli/errors.py), and earlier tests may have left threads in this one.
    result = CliRunner().invoke(cli, ["campaign", "--examples", "60", "--seed", "2", "--jobs", "1", "--json"])
    code, out, err = result.exit_code, result.stdout, result.stderr
    assert code == 130
    document = json.loads(out)
    assert (document["chunks"], document["chunks_done"], document["machines"]) == (2, 1, 50)
    assert "interrupted: 1 of 2 cases finished" in err


def test_without_hypothesis_the_command_says_how_to_install_it(capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "hypothesis", None)  # import hypothesis now fails
    for name in ("automata.analysis.campaign", "automata.analysis.random_machines", "automata.analysis.random_systems"):
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.delattr("automata.analysis.campaign")  # `from ..analysis import campaign` must import it again
    code, out, err = run_cli(capsys, "campaign", "--examples", "1", "--jobs", "1")
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0 and "pip install 'automata-search[test]'" in err


def test_a_local_dask_cluster_gives_the_same_json_as_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed", reason="Dask's distributed is an optional extra: pip install .[cluster]")
    _, one = campaign_json(capsys, "--examples", "60", "--seed", "21", "--jobs", "1")
    code, cluster = campaign_json(capsys, "--examples", "60", "--seed", "21", "--jobs", "2", "--scheduler", "local")
    assert code == 0 and cluster == one
