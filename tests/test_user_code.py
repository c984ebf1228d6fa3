"""Users' code that misbehaves (issue 17): the right verdict, the right message, the same exit code
on every command. The users' automata are tests/data/users/ (a leftmost binary search whose
recursion reads past the end, a word counter) and tests/data/hanoi/ (a frame stack); each test
works on a copy in a folder of its own, as a user would."""

from __future__ import annotations

import io
import json
import re
import shutil
import sys
from pathlib import Path

import pytest
from core_support import run_cli

from automata.analysis.result_diff import first_difference
from automata.testing import assert_equivalent, case_strategy

DATA = Path(__file__).parent / "data"
USERS = DATA / "users"


@pytest.fixture(autouse=True)
def forget_user_modules(tmp_path):
    """Each test imports its own copy of a user's module: the copy of an earlier test must not stay."""
    yield
    folder = str(tmp_path.resolve())
    for name, module in list(sys.modules.items()):
        if str(getattr(module, "__file__", None) or "").startswith(folder):
            del sys.modules[name]


def copy(tmp_path: Path, name: str, folder: Path = USERS) -> Path:
    target = tmp_path / name
    shutil.copytree(folder / name, target)
    return target


def with_spec_edited(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the binary search whose spec has `old` replaced by `new`; its spec's path."""
    spec = copy(tmp_path, "bsearch") / "bsearch.yaml"
    assert old in spec.read_text()
    spec.write_text(spec.read_text().replace(old, new))
    return spec


# The bug of issue 17: the arc that should keep the left half does nothing, so it loops forever.
SILENT_LOOP = ('guard: "!x1 & !x2", actions: [z2]}', 'guard: "!x1 & !x2"}')


def line_of(path: Path, text: str) -> int:
    return next(number for number, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def step(capsys, monkeypatch, keys: str, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(keys))
    return run_cli(capsys, "step", *argv)


# -- the user's exception: exit 1, with type, message and the user's file:line ------------------


def test_a_users_exception_is_a_finding_about_their_code(capsys, tmp_path, monkeypatch):
    folder = copy(tmp_path, "bsearch")
    monkeypatch.chdir(folder)
    where = f"(bsearch.py:{line_of(folder / 'bsearch.py', 'the bug: the order')}, in recursive)"
    code, out, err = run_cli(capsys, "run", "bsearch.yaml", "--impl", "recursive", "--case", "past the end")
    assert code == 1 and out == ""
    assert err == ("automata run bsearch.yaml: error: the implementation 'recursive' raised IndexError: list index "
                   f"out of range {where} (--debug shows the traceback)\n")
    code, _, err = run_cli(capsys, "--debug", "run", "bsearch.yaml", "--impl", "recursive", "--case", "past the end")
    assert code == 1 and "Traceback" in err and 'bsearch.py", line' in err and err.endswith(f"{where}\n")

    # verify names why the recursion's stream ended; so do --json and assert_equivalent.
    code, out, _ = run_cli(capsys, "verify", "bsearch.yaml")
    assert code == 1 and "  > #2        (stream ended)   (recursive)" in out
    assert f"recursive's stream ended because it failed: IndexError: list index out of range {where}" in out
    code, out, _ = run_cli(capsys, "verify", "bsearch.yaml", "--json")
    (case,) = [case for case in json.loads(out)["cases"] if not case["agree"]]
    assert case["failures"] == {"recursive": f"IndexError: list index out of range {where}"}
    with pytest.raises(AssertionError, match=re.escape(f"IndexError: list index out of range {where}")):
        assert_equivalent(folder / "bsearch.yaml")


FAULTY = '''
class Broken(BinarySearch):
    def is_middle_less(self):
        return self.items[self.middle()] < self.target / 0   # the model's own bug


def make_context(case, observer):
    return Broken(list(case["items"]), case["target"], observer)
'''


@pytest.mark.parametrize("argv", [
    ("run", "faulty.yaml"),
    ("verify", "faulty.yaml"),
    ("mutate", "faulty.yaml", "--jobs", "1"),
    ("player", "faulty.yaml", "-o", "player.html"),
    ("cover", "faulty.yaml", "--arc", "2"),
    ("step", "faulty.yaml", "--case", "in the middle"),
], ids=lambda argv: argv[0])
def test_one_rule_on_every_command_exit_1_naming_the_users_line(capsys, tmp_path, monkeypatch, argv):
    """Before: run 3 ('internal error'), verify 1, mutate 2, player and step 0."""
    folder = copy(tmp_path, "bsearch")
    source = (folder / "bsearch.py").read_text()
    (folder / "faulty.py").write_text(source + FAULTY)
    (folder / "faulty.yaml").write_text((folder / "bsearch.yaml").read_text().replace("bsearch:", "faulty:"))
    monkeypatch.chdir(folder)
    where = f"faulty.py:{line_of(folder / 'faulty.py', 'the model')}, in is_middle_less"
    code, out, err = step(capsys, monkeypatch, "r\n", *argv[1:]) if argv[0] == "step" else run_cli(capsys, *argv)
    assert code == 1, err
    assert "ZeroDivisionError: division by zero" in out + err and where in out + err
    assert "internal error" not in err and "Traceback" not in err


def test_sys_exit_in_the_users_code_is_not_the_commands_exit_code(capsys, tmp_path, monkeypatch):
    folder = copy(tmp_path, "bsearch")
    source = (folder / "bsearch.py").read_text().replace('        self.observer.emit("answer", self.low)',
                                                          '        raise SystemExit(7)')
    (folder / "bsearch.py").write_text(source)
    monkeypatch.chdir(folder)
    code, _, err = run_cli(capsys, "run", "bsearch.yaml")
    assert code == 1 and "the implementation 'automaton' called sys.exit(7) (bsearch.py:" in err
    code, out, _ = run_cli(capsys, "verify", "bsearch.yaml")
    assert code == 1 and "the reference iterative failed after 3 events: called sys.exit(7) (bsearch.py:" in out


def test_a_bug_of_the_framework_stays_exit_3_even_during_a_verification(capsys, tmp_path, monkeypatch):
    """No frame of the user's code in the traceback: the framework's own bug, never a divergence."""
    from automata.runtime import engine

    folder = copy(tmp_path, "bsearch")
    monkeypatch.chdir(folder)
    monkeypatch.setattr(engine.Automaton, "_record", sorted)  # raises TypeError from C: no user frame
    code, _, err = run_cli(capsys, "verify", "bsearch.yaml", "--jobs", "1")  # workers do not inherit the patch
    assert code == 3 and err.startswith("automata: internal error: TypeError")


# -- why a stream ended: a misspelt call, a step limit, a budget --------------------------------


def test_a_misspelt_call_is_named_with_its_line_and_the_method_meant(capsys, tmp_path, monkeypatch):
    spec = with_spec_edited(tmp_path, "call: is_middle_less", "call: is_midle_less")
    monkeypatch.chdir(spec.parent)
    line = line_of(spec, "is_midle_less")
    code, _, err = run_cli(capsys, "run", "bsearch.yaml")
    assert code == 2 and err == (f"bsearch.yaml:{line}:3: error: x2 calls 'is_midle_less', which BinarySearch does "
                                 "not have\n  hint: did you mean 'is_middle_less'?\n")
    code, out, _ = run_cli(capsys, "verify", "bsearch.yaml", "--impl", "automaton")
    assert code == 1 and (f"automaton's stream ended because it failed: bsearch.yaml:{line}:3: x2 calls "
                          "'is_midle_less', which BinarySearch does not have; did you mean 'is_middle_less'?") in out
    for command in (("step", "bsearch.yaml"), ("player", "bsearch.yaml", "-o", "page.html")):  # as run says it
        code, _, err = step(capsys, monkeypatch, "r\n", *command[1:]) if command[0] == "step" else run_cli(capsys, *command)
        assert code == 2 and err == (f"bsearch.yaml:{line}:3: error: x2 calls 'is_midle_less', which BinarySearch "
                                     "does not have\n  hint: did you mean 'is_middle_less'?\n"), command


def test_a_step_limit_names_the_state_the_loop_and_how_to_raise_it(capsys, tmp_path, monkeypatch):
    spec = with_spec_edited(tmp_path, *SILENT_LOOP)
    monkeypatch.chdir(spec.parent)
    line = line_of(spec, 'guard: "!x1 & !x2"}')
    code, out, _ = run_cli(capsys, "check", "bsearch.yaml")
    assert code == 0 and f"bsearch.yaml:{line}:5: warning: arc 3 (0 -> 0, line {line}) loops on state 0" in out
    stop = (f"A1: step limit of 50 reached in state 0 (Searching); arc 3 (0 -> 0, line {line}) loops on that state "
            "running no action")
    code, _, err = run_cli(capsys, "run", "bsearch.yaml", "--max-steps", "50")
    assert code == 1 and stop in err and err.rstrip().endswith("raise it with --max-steps N")
    code, out, _ = run_cli(capsys, "verify", "bsearch.yaml", "--impl", "automaton", "--max-steps", "50")
    assert code == 1 and f"automaton's stream ended because it failed: {stop}" in out
    code, out, err = step(capsys, monkeypatch, "r\n", "bsearch.yaml", "--max-steps", "50")
    assert code == 1 and f"step 51 failed: {stop}" in out and stop in err


def test_a_budget_names_itself_as_the_limit(tmp_path):
    from automata.analysis.cases import verify_case
    from automata.runtime.program import load_program

    spec = with_spec_edited(tmp_path, *SILENT_LOOP)
    result = verify_case(load_program(spec), "one", {"items": [1, 3], "target": 3}, ["iterative", "automaton"])
    error = result.verdict.runs["automaton"].error
    assert f"step limit of {result.budget.steps:,}" in error and "that is automaton's budget" in error


def test_a_result_only_divergence_points_at_the_first_element_that_differs(capsys, tmp_path, monkeypatch):
    folder = copy(tmp_path, "wordcount")
    module = folder / "wordcount.py"
    module.write_text(module.read_text().replace("        return text.words\n    letter",
                                                 "        return [word.upper() if word == 'fox' else word "
                                                 "for word in text.words]\n    letter"))
    monkeypatch.chdir(folder)
    code, out, _ = run_cli(capsys, "verify", "wordcount.yaml", "--case", "a sentence")
    assert code == 1
    assert ("recursive emitted the same 7 events as iterative but returned a different result; they first differ at "
            "result[3]:\n  iterative: 'fox'\n  recursive: 'FOX'") in out
    assert "'the', 'quick'" not in out.partition("DIFFER")[2]  # the results are not printed whole


def test_where_two_results_first_differ():
    assert first_difference([1, 2, 3], [1, 2, 4]) == ("[2]", "3", "4")
    assert first_difference([(1, 2), (3, 4)], [(1, 2), (3, 5)]) == ("[1][1]", "4", "5")
    assert first_difference([1, 2], [1, 2, 3]) == ("[2]", "(nothing: list of 2 items)", "3")
    assert first_difference({"a": 1, "b": [1]}, {"a": 1, "b": [2]}) == ("['b'][0]", "1", "2")
    assert first_difference({"a": 1}, {"b": 1}) == ("['a']", "1", "(no such key)")
    assert first_difference(1, "1") == ("", "1", "'1'")


# -- one arc numbering: the drawing's, from 1 ---------------------------------------------------


def test_an_arc_has_one_number_on_every_surface(capsys, tmp_path, monkeypatch):
    folder = copy(tmp_path, "bsearch")
    monkeypatch.chdir(folder)
    # The third arc of the file (keep the left half) is arc 3 everywhere a person reads it.
    code, out, _ = run_cli(capsys, "draw", "bsearch.yaml", "--numbered", "--format", "dot")
    assert code == 0 and "#3 " in (folder / "bsearch.gv").read_text()
    code, out, _ = step(capsys, monkeypatch, "n\n", "bsearch.yaml", "--case", "in the middle")
    assert "step 1: state 0 (Searching) -> state 0 (Searching) by arc 3: !x1 & !x2 / z2" in out
    run_cli(capsys, "run", "bsearch.yaml", "--case", "in the middle", "--trace", "trace.jsonl")
    records = [json.loads(line) for line in (folder / "trace.jsonl").read_text().splitlines()]
    assert [record["arc"] for record in records if record["type"] == "step"] == [3, 3, 2, 1]
    line = line_of(folder / "bsearch.yaml", 'guard: "!x1 & !x2"')
    code, out, _ = run_cli(capsys, "codegen", "bsearch.yaml")
    assert f"# arc 3 (line {line}): !x1 & !x2 / z2" in out
    code, out, _ = run_cli(capsys, "cover", "bsearch.yaml", "--arc", "3", "--json")
    assert json.loads(out)["targets"] == [3] and json.loads(out)["found"][0]["arc"] == 3
    code, out, _ = run_cli(capsys, "verify", "bsearch.yaml", "--case", "past the end", "--impl", "automaton", "--json")
    coverage = json.loads(out)["coverage"]["arcs"]
    assert coverage["missed"] == [3]  # past the end never keeps the left half
    code, out, _ = run_cli(capsys, "verify", "bsearch.yaml", "--case", "past the end", "--impl", "automaton")
    assert f"not exercised: arc 3 (0 -> 0, line {line}) [!x1 & !x2 / z2] never taken" in out


# -- case options: the same on every command that takes a case ----------------------------------


@pytest.mark.parametrize("command", ["run", "verify", "mutate", "step", "player"])
def test_case_parameters_as_options_on_every_command(capsys, tmp_path, monkeypatch, command):
    folder = copy(tmp_path, "bsearch")
    monkeypatch.chdir(folder)
    argv = {"run": ("run", "bsearch.yaml", "--json"), "verify": ("verify", "bsearch.yaml", "--json"),
            "mutate": ("mutate", "bsearch.yaml", "--jobs", "1", "--json"), "step": ("bsearch.yaml",),
            "player": ("player", "bsearch.yaml", "-o", "p.html")}[command]
    options = ("--items", "1,3,3,5", "--target", "3")
    if command == "step":
        code, out, err = step(capsys, monkeypatch, "r\n", *argv, *options)
        assert code == 0 and "case items=1,3,3,5 target=3" in out and "state 1 (Done) is final" in out
    else:
        code, out, err = run_cli(capsys, *argv, *options)
        assert code == 0, err
        if command == "run":
            assert json.loads(out)["case"] == "items=1,3,3,5 target=3" and json.loads(out)["result"] == 1
        if command == "verify":
            assert [case["name"] for case in json.loads(out)["cases"]] == ["items=1,3,3,5 target=3"]
        if command == "mutate":
            assert json.loads(out)["cases"] == [["items=1,3,3,5 target=3"]]
    # A misspelt option of the command's own is refused, not taken for a case parameter.
    misspelt = {"run": ("--max-step", "5"), "verify": ("--max-step", "5"), "mutate": ("--jsn",),
                "step": ("--engin", "generated"), "player": ("--engin", "generated")}[command]
    code, _, err = (step(capsys, monkeypatch, "", *argv, *misspelt) if command == "step"
                    else run_cli(capsys, *argv, *misspelt))
    assert code == 2 and "did you mean --" in err


# -- new, derive, program modules, missing files ------------------------------------------------


@pytest.mark.parametrize(("name", "reason"), [
    ("random", "the standard library's module 'random'"),
    ("automata", "the installed module 'automata'"),
    ("click", "the installed module 'click'"),
])
def test_new_refuses_a_name_python_already_imports(capsys, tmp_path, name, reason):
    code, _, err = run_cli(capsys, "new", name, "--dir", str(tmp_path))
    assert code == 2 and reason in err and f"e.g. my_{name}" in err and not (tmp_path / name).exists()


def test_new_makes_folders_as_mkdir_would(capsys, tmp_path):
    import os

    old = os.umask(0o002)
    try:
        code, _, _ = run_cli(capsys, "new", "counter", "--dir", str(tmp_path))
    finally:
        os.umask(old)
    assert code == 0 and (tmp_path / "counter").stat().st_mode & 0o777 == 0o775  # was 700, from mkdtemp


def test_a_spec_derived_into_a_subfolder_verifies_from_anywhere(capsys, tmp_path, monkeypatch):
    folder = tmp_path / "frames"
    folder.mkdir()
    source = (DATA / "hanoi" / "hanoi.py").read_text()
    (folder / "frames_model.py").write_text(source.replace("    return hanoi.pegs[3]\n\n\ndef recursive",
                                                           "    return hanoi.tower()\n\n\ndef recursive")
                                            .replace("    # actions\n", "    def tower(self):\n        return "
                                                     "self.pegs[3]\n\n    # actions\n"))
    (folder / "derived").mkdir()
    monkeypatch.chdir(folder)
    code, _, err = run_cli(capsys, "derive", "frames_model:iterative", "-o", "derived/frames.yaml")
    assert code == 0, err
    text = (folder / "derived" / "frames.yaml").read_text()
    assert "program: ..frames_model\n" in text and "context: ..frames_model:Hanoi\n" in text
    for cwd in (folder, folder / "derived", tmp_path):
        monkeypatch.chdir(cwd)
        code, out, err = run_cli(capsys, "verify", str(folder / "derived" / "frames.yaml"))
        assert code == 0 and "agree: iterative, recursive" in out, err
        sys.modules.pop("frames_model", None)


def test_derive_names_the_first_offending_line(capsys, tmp_path, monkeypatch):
    (tmp_path / "prog.py").write_text("class Ctx:\n    def a(self): ...\n\n\n"
                                      "def f(ctx: Ctx):\n    for i in range(3):\n        ctx.a()\n"
                                      "    x = 1\n    for j in range(3):\n        ctx.a()\n")
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(capsys, "derive", "prog:f")
    assert code == 2 and err.startswith("automata derive: error: prog.py:6:5: a `for` loop")


def test_program_module_errors_point_at_the_program_line(capsys, tmp_path, monkeypatch):
    folder = copy(tmp_path, "bsearch")
    spec = folder / "bsearch.yaml"
    text = spec.read_text()
    monkeypatch.chdir(folder)
    for program, message in (("nowhere", "cannot import the program module 'nowhere'"),
                             ("json", "json defines no make_context(case, observer)")):
        spec.write_text(text.replace("initial: 0", f"program: {program}\ninitial: 0"))
        code, _, err = run_cli(capsys, "run", "bsearch.yaml")
        assert code == 2 and err.startswith(f"bsearch.yaml:{line_of(spec, 'program:')}:10: error: {message}")


def test_a_missing_spec_is_looked_for_where_the_user_works(capsys, tmp_path, monkeypatch):
    copy(tmp_path, "bsearch")
    monkeypatch.chdir(tmp_path / "bsearch")
    code, _, err = run_cli(capsys, "verify", "bserch.yaml")
    assert code == 2 and "hint: did you mean bsearch.yaml? the specs in the working folder: bsearch.yaml" in err
    assert "specs/" not in err


# -- case_strategy ------------------------------------------------------------------------------


def test_case_strategy_spells_values_as_the_command_line_does(tmp_path):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    folder = copy(tmp_path, "bsearch")
    seen = []

    @settings(max_examples=5, deadline=None, database=None)
    @given(case_strategy(folder / "bsearch.yaml", items=st.lists(st.integers(0, 9), max_size=3).map(sorted),
                         target=st.integers(0, 9)))
    def draws(case):
        seen.append(case)

    draws()
    assert seen and all(isinstance(case["items"], list) for case in seen)  # "[3, 1]" once reached parse_case

    @settings(max_examples=1, deadline=None, database=None)
    @given(case_strategy(folder / "bsearch.yaml", items=st.just([[1]]), target=st.just(1)))
    def nested(case):
        pass

    with pytest.raises(TypeError, match="parameter 'items' drew"):
        nested()


# -- bad input that once ended as "internal error" (issue 24, item 4; derive's are in the hostile corpus)


def test_step_with_stdin_closed_is_one_line_exit_2(tmp_path):
    import subprocess

    script = 'exec "$0" -m automata.cli step "$1" <&-'  # the shell closes stdin, as `automata step ... <&-`
    done = subprocess.run(["/bin/sh", "-c", script, sys.executable, str(DATA / "hanoi" / "hanoi.yaml")],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("automata step: error: step reads its commands from standard input, which is closed")
    assert len(done.stderr.splitlines()) == 1


def test_a_scheduler_address_whose_service_greets_first_is_refused(capsys, tmp_path):
    import socket
    import threading

    pytest.importorskip("distributed", reason="the cluster extra is not installed: pip install '.[cluster]'")
    server = socket.create_server(("127.0.0.1", 0))

    def greet() -> None:  # an SMTP server: it speaks first, and its greeting is no Dask message length
        with server:
            connection, _ = server.accept()
            with connection:
                connection.sendall(b"220 mail.example.org ESMTP ready\r\n")
                try:
                    connection.recv(1)  # until the client hangs up
                except OSError:
                    pass

    threading.Thread(target=greet, daemon=True).start()
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    code, _, err = run_cli(capsys, "verify", str(DATA / "hanoi" / "hanoi.yaml"), "--scheduler", address)
    assert code == 2 and err == (f"automata verify {DATA / 'hanoi' / 'hanoi.yaml'}: error: --scheduler {address}: the "
                                 "service there is not a Dask scheduler (it greets with b'220 mail', not a Dask "
                                 "handshake)\n")


# -- cases that cannot reach a worker, a worker the user's code ends --------------------------------


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_case_that_cannot_be_sent_to_a_worker_is_bad_input(capsys, tmp_path, monkeypatch):
    folder = copy(tmp_path, "bsearch")
    monkeypatch.chdir(folder)
    _edit(folder / "bsearch.py", '"target": 3}', '"target": 3, "lock": __import__("threading").Lock()}')
    code, _, err = run_cli(capsys, "verify", "bsearch.yaml", "--jobs", "2")
    assert code == 2 and "a case cannot be sent to a worker process (cannot pickle '_thread.lock' object)" in err
    assert "--jobs 1" in err and "internal error" not in err


def test_a_worker_ended_by_the_users_code_is_a_finding_not_our_bug(capsys, tmp_path, monkeypatch):
    folder = copy(tmp_path, "bsearch")
    monkeypatch.chdir(folder)
    _edit(folder / "bsearch.py", "    def report(self) -> None:\n",
          "    def report(self) -> None:\n        if self.target == 9:\n            __import__('os')._exit(5)\n")
    code, _, err = run_cli(capsys, "verify", "bsearch.yaml", "--jobs", "2")
    assert code == 1 and "a worker process died while it ran cases" in err and "internal error" not in err
