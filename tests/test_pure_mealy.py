"""Pure Mealy specs (no context) through the command line: run on words, check, verify, replay,
codegen, step, player, mutate, import and export; every error one line with the right exit code."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from automata.analysis.check import check_spec
from automata.cli import main
from automata.io.loader import load_spec, spec_from_text
from automata.model.words import Alphabet
from automata.runtime.words import WORD_ENGINES, run_word

DATA = Path(__file__).parent / "data" / "interop"


@pytest.fixture()
def automata(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    """`automata ARGS` in process, as the console script runs: (exit code, stdout, stderr)."""

    def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
        if input is not None:
            monkeypatch.setattr("sys.stdin", io.StringIO(input))
        with pytest.raises(SystemExit) as stop:
            main(list(args))
        captured = capsys.readouterr()
        return stop.value.code or 0, captured.out, captured.err

    return run


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("coffee.yaml", "vending.yaml", "vending.gv", "vending.sc", "vending.scenarios.yaml"):
        shutil.copy(DATA / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_word_runs_alike_on_every_runtime():
    spec = load_spec(DATA / "vending.yaml")
    word = Alphabet(spec).word("START,COIN [!x1],COIN [x1],START,CHOC", "--word")
    runs = [run_word(spec, word, engine) for engine in WORD_ENGINES]
    # START in Paid loops back into Paid, whose entry runs OK again
    assert {str(run.symbols()) for run in runs} == {str([["OK"], ["NO"], ["OK"], ["OK"], ["CHOC"]])}
    assert {run.final_state for run in runs} == {3}


def test_run_prints_one_input_output_line_per_step(folder, automata):
    code, out, err = automata("run", "coffee.yaml", "--word", "WATER,POD,BUTTON")
    assert (code, out) == (0, "WATER/ok\nPOD/ok\nBUTTON/coffee!, ok\n")
    code, out, _ = automata("run", "coffee.yaml", "--word", "e0,e1", "--names", "--impl", "generated")
    assert (code, out) == (0, "e0/z0\ne1/z0\n")
    code, out, _ = automata("run", "coffee.yaml", "--random", "3", "--random-length", "4")
    letters = [line.partition("/")[0] for line in out.splitlines() if line]
    assert code == 0 and letters and set(letters) <= {"WATER", "POD", "BUTTON", "CLEAN"}  # by symbol, like the outputs


def test_run_json_and_an_undefined_input(folder, automata):
    code, out, _ = automata("run", "coffee.yaml", "--word", "WATER,WATER", "--json")
    document = json.loads(out)
    assert code == 1
    assert (document["inputs"], document["outputs"], document["final_state"]) == (["WATER"], [["ok"]], 1)
    assert "input 'WATER' (e0) is undefined in state 1 (Water)" in document["error"]
    (folder / "words.txt").write_text("# two words\nWATER,POD\n\nBUTTON\n", encoding="utf-8")
    code, out, _ = automata("run", "coffee.yaml", "--words", "words.txt", "--json")
    assert code == 0 and [word["outputs"] for word in json.loads(out)["words"]] == [[["ok"], ["ok"]], [["error"]]]


def test_bad_words_and_missing_words_are_bad_input(folder, automata):
    code, _, err = automata("run", "coffee.yaml", "--word", "WATER,TEA")
    assert code == 2 and "'TEA' is not an event of A1" in err and len(err.strip().splitlines()) == 1
    code, _, err = automata("run", "coffee.yaml")
    assert code == 2 and "--word" in err
    code, _, err = automata("run", "vending.yaml", "--word", "START,COIN")
    assert code == 2 and "does not decide the step" in err and "COIN [x1]" in err


def test_check_lists_undefined_pairs_as_warnings_and_needs_no_final_state(folder, automata):
    findings = check_spec(load_spec("coffee.yaml"))
    assert {finding.code for finding in findings} == {"partial"}
    assert "state 1 (Water) does not define inputs e0 (WATER), e2 (BUTTON)" in [f.message for f in findings][1]
    assert automata("check", "coffee.yaml")[0] == 0
    assert automata("check", "--bindings", "coffee.yaml")[0] == 0  # no context: nothing to bind


def test_a_spec_without_context_needs_no_call_but_one_with_a_context_does():
    text = (DATA / "coffee.yaml").read_text(encoding="utf-8")
    assert spec_from_text(text).is_pure
    with pytest.raises(Exception, match="has no `call`"):
        spec_from_text(text.replace("initial: 0", "context: m:C\ninitial: 0"))


def test_verify_compares_the_runtimes_and_the_scenarios(folder, automata):
    code, out, _ = automata("verify", "vending.yaml", "--random", "30", "--random-seed", "3")
    assert code == 0 and "agree: transitions, generated, interpreter on 30 of 30 cases" in out
    automata("import", "vending.gv", "-o", "imported.yaml")
    code, out, _ = automata("verify", "imported.yaml", "--scenarios", "vending.sc", "--word", "START,COIN [x1]")
    assert code == 0 and "on 4 of 4 cases" in out


def test_import_then_replay_scenarios_of_both_forms(folder, automata):
    assert automata("import", "vending.gv", "-o", "imported.yaml")[0] == 0
    code, out, _ = automata("replay", "imported.yaml", "vending.sc")
    assert (code, out) == (0, "3 of 3 scenarios pass (11 steps, transitions)\n")
    code, out, _ = automata("replay", "imported.yaml", "vending.scenarios.yaml", "--impl", "generated")
    assert code == 0 and out.startswith("2 of 2 scenarios pass")
    broken = (folder / "vending.sc").read_text(encoding="utf-8").replace("OK; NO, RETURN", "OK; NO")
    (folder / "broken.sc").write_text(broken, encoding="utf-8")
    code, out, _ = automata("replay", "imported.yaml", "broken.sc", "--json")
    failure, = json.loads(out)["failures"]
    assert code == 1
    assert (failure["step"], failure["line"], failure["expected"], failure["actual"]) == (2, 4, ["NO"], ["NO", "RETURN"])


def test_replay_reports_a_scenario_that_brings_an_undefined_input(folder, automata):
    automata("import", "vending.gv", "-o", "imported.yaml")
    (folder / "partial.sc").write_text("START; CHOC\nOK; CHOC\n", encoding="utf-8")
    code, out, _ = automata("replay", "imported.yaml", "partial.sc")
    assert code == 1 and "step 2 (line 1), 'CHOC' in state 1 (1): the run stopped" in out and "undefined" in out


def test_step_and_player_take_a_word(folder, automata):
    code, out, _ = automata("step", "coffee.yaml", "--word", "WATER,POD", input="n\nn\nn\nq\n")
    assert code == 0 and "the word is over: state 2 (Ready)" in out
    code, out, err = automata("player", "coffee.yaml", "--word", "WATER,POD,BUTTON", "-o", "coffee.html")
    assert code == 0 and "3 steps" in err and (folder / "coffee.html").is_file()


def test_codegen_draw_and_mutate_work_on_a_pure_spec(folder, automata):
    code, out, _ = automata("codegen", "coffee.yaml")
    assert code == 0 and "def step(state, event):" in out
    code, out, _ = automata("draw", "coffee.yaml", "--format", "dot")
    assert code == 0 and (folder / "coffee.gv").is_file()
    code, out, _ = automata("mutate", "coffee.yaml", "--random", "10", "--jobs", "1", "--json")
    assert code == 0 and json.loads(out)["mutants"] > 0 and json.loads(out)["score"] > 0


def test_export_writes_refuses_and_verifies(folder, automata):
    code, out, _ = automata("export", "coffee.yaml", "--format", "efsm", "-o", "coffee.gv", "--verify")
    assert code == 0 and out == "coffee.gv\n" and 'WATER [1] (ok)' in (folder / "coffee.gv").read_text()
    code, _, err = automata("export", "coffee.yaml", "--format", "scxml")
    assert code == 2 and "SCXML stays put" in err
    code, _, _ = automata("export", "vending.yaml", "--format", "transitions", "-o", "vending.yml")
    assert code == 0 and (folder / "vending.yml").read_text().startswith("name: A2")
    code, _, err = automata("import", "vending.yml", "-o", "back.yaml")
    assert code == 0 and "transitions" in err


def test_equiv_matches_two_imports_by_their_symbols(folder, automata):
    # The same machine with its edges written in another order: the import numbers every event and
    # output anew (e0 is CLEAN here, WATER in the other), so matching by name would pair CLEAN with
    # WATER and call two equal machines different.
    edges = [f'  s{source} -> s{target} [label="{word} / {output}"];' for source, target, word, output in (
        (0, 1, "A", "x"), (0, 0, "B", "y"), (1, 0, "A", "y"), (1, 1, "B", "x"))]
    (folder / "m.dot").write_text("digraph m {\n" + "\n".join(edges) + "\n}\n", encoding="utf-8")
    reordered = ["digraph m {", '  s0 [label="s0"];'] + edges[::-1] + ["}"]
    (folder / "m2.dot").write_text("\n".join(reordered) + "\n", encoding="utf-8")
    changed = "\n".join(reordered).replace('"B / x"', '"B / y"')
    (folder / "m3.dot").write_text(changed + "\n", encoding="utf-8")
    for name in ("m", "m2", "m3"):
        assert automata("import", f"{name}.dot", "-o", f"{name}.yaml")[0] == 0
    assert load_spec(folder / "m2.yaml").events["e0"].doc == "B"
    code, out, _ = automata("equiv", "m.yaml", "m2.yaml")
    assert code == 0 and "are equivalent" in out
    code, out, _ = automata("equiv", "m.yaml", "m3.yaml")
    assert code == 1
    assert "e0 (A)" in out and "x" in out and "y" in out  # the letters and outputs by their symbols


def test_the_editors_schema_accepts_pure_specs_and_still_wants_calls_with_a_context():
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    from automata.io.schema import load_schema

    validator = jsonschema.Draft202012Validator(load_schema())
    pure = json.loads(json.dumps(yaml.safe_load((DATA / "vending.yaml").read_text(encoding="utf-8"))))
    assert list(validator.iter_errors(pure)) == []
    assert list(validator.iter_errors({**pure, "context": "m:C"}))  # then every input must call a method
