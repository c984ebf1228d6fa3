"""The pieces behind the hostile-input promise, one by one (the whole CLI: tests/test_hostile_cli.py)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import click
import pytest
from core_support import COUNTER_SPEC, Counter

from automata.cli.errors import EXIT_INTERNAL, Terminated, run_guarded
from automata.cli.support import BoundedInt, parse_board, parse_int_list, whole_number
from automata.errors import SpecErrors
from automata.io.files import UnreadableFile, output_file_problem, read_regular_file
from automata.io.loader import spec_from_text
from automata.io.node_reader import MAX_ERRORS_PER_FILE
from automata.runtime.context import (
    UserImportError,
    check_bindings,
    import_context,
    import_user_module,
)
from automata.runtime.runner import execute
from automata.runtime.trace import JsonlSink

# -- the last resort ----------------------------------------------------------------------------------


def test_an_unexpected_exception_is_one_line_and_exit_code_3(capsys):
    def broken(settings):
        raise KeyError("a bug\nover two lines")

    assert run_guarded(broken) == EXIT_INTERNAL
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("automata: internal error: KeyError:") and "rerun with --debug" in err


def test_debug_shows_the_traceback(capsys):
    def broken(settings):
        settings["debug"] = True  # what the --debug flag does while the command line is parsed
        raise ValueError("the bug")

    assert run_guarded(broken) == EXIT_INTERNAL
    err = capsys.readouterr().err
    assert "Traceback" in err and "ValueError: the bug" in err and "rerun with --debug" not in err


@pytest.mark.parametrize("debug", [False, True])
def test_the_debug_option_through_the_real_command(tmp_path, debug):
    script = textwrap.dedent("""
        import sys, click
        from automata.cli.app import cli, main
        cli.add_command(click.Command("explode", callback=lambda: 1 / 0))
        main(sys.argv[1:])
    """)
    argv = [sys.executable, "-c", script, *(["--debug"] if debug else []), "explode"]
    env = {key: value for key, value in os.environ.items() if key != "AUTOMATA_DEBUG"}
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600, cwd=tmp_path, env=env, check=False)
    assert done.returncode == EXIT_INTERNAL
    assert ("Traceback" in done.stderr) == debug
    assert done.stderr.strip().splitlines()[-1].startswith("automata: internal error: ZeroDivisionError")


def test_a_terminating_signal_ends_like_an_interruption(capsys):
    def terminated(settings):
        raise Terminated(15)

    assert run_guarded(terminated) == 143
    assert capsys.readouterr().err.strip() == "automata: terminated by SIGTERM"


def test_click_turns_a_terminating_signal_into_abort_and_the_code_survives(capsys):
    @click.command()
    def slow() -> None:
        raise Terminated(1)

    assert run_guarded(lambda settings: slow.main([], standalone_mode=False)) == 129
    assert "terminated by SIGHUP" in capsys.readouterr().err


# -- files ----------------------------------------------------------------------------------------


def test_only_regular_files_are_read(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, reason in ((fifo, "FIFO"), (Path("/dev/zero"), "character device"), (tmp_path, "folder")):
        with pytest.raises(UnreadableFile, match=reason):
            read_regular_file(path, 1000)
    big = tmp_path / "big.yaml"
    big.write_bytes(b"x" * 1001)
    with pytest.raises(UnreadableFile, match="1,001 bytes"):
        read_regular_file(big, 1000)
    with pytest.raises(FileNotFoundError):
        read_regular_file(tmp_path / "absent", 1000)


def test_outputs_must_be_regular_files_or_new(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert "FIFO" in output_file_problem(fifo)
    assert "folder" in output_file_problem(tmp_path)
    device = tmp_path / "null"  # a device of our own: the machine's /dev/null is never a test's target
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    assert "character device" in output_file_problem(device)
    assert "empty" in output_file_problem("")
    assert output_file_problem(tmp_path / "new.jsonl") is None
    (tmp_path / "old.jsonl").write_text("")
    assert output_file_problem(tmp_path / "old.jsonl") is None


# -- traces ---------------------------------------------------------------------------------------


def test_a_trace_that_saw_no_run_leaves_no_file(tmp_path):
    JsonlSink(tmp_path / "run.jsonl").close()
    assert list(tmp_path.iterdir()) == []


def test_a_run_cut_off_without_an_error_record_gets_one_on_close(tmp_path):
    spec = spec_from_text(COUNTER_SPEC, "counter.yaml")
    sink = JsonlSink(tmp_path / "run.jsonl")
    sink.started(spec, 0, "e0")
    sink.close()
    records = [json.loads(line) for line in (tmp_path / "run.jsonl").read_text().splitlines()]
    assert [record["type"] for record in records] == ["start", "error"]
    assert records[-1]["error"] == "Interrupted"
    assert [path.name for path in tmp_path.iterdir()] == ["run.jsonl"]


def test_an_interruption_inside_a_run_is_the_last_record(tmp_path):
    spec = spec_from_text(COUNTER_SPEC, "counter.yaml")

    class Interrupted(Counter):
        def count_one(self) -> None:
            raise Terminated(15)

    sink = JsonlSink(tmp_path / "run.jsonl")
    with pytest.raises(Terminated):
        try:
            execute(spec, Interrupted(limit=3), sinks=[sink])
        finally:
            sink.close()
    last = json.loads((tmp_path / "run.jsonl").read_text().splitlines()[-1])
    assert last == {"type": "error", "automaton": "A7", "error": "Terminated", "message": "terminated by SIGTERM"}
    assert oct((tmp_path / "run.jsonl").stat().st_mode & 0o777) != oct(0o600)  # not mkstemp's private mode


# -- numbers in options ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["9" * 5000, "1e9", "0x10", "٨", "", "  ", "1_000", "+-1"])
def test_whole_numbers_refuse_what_is_not_one_without_echoing_it(text):
    with pytest.raises(click.BadParameter) as refused:
        whole_number(text, 1, 100, "--n")
    assert len(refused.value.format_message()) < 120


def test_whole_numbers_in_range():
    assert whole_number(" 42 ", 1, 100, "--n") == 42
    with pytest.raises(click.BadParameter, match="1..100"):
        whole_number("101", 1, 100, "--n")
    assert BoundedInt(1, 14).convert("14", None, None) == 14
    with pytest.raises(click.BadParameter, match="1..14"):
        BoundedInt(1, 14).convert("15", None, None)


def test_boards_and_lists_never_read_huge_numbers():
    with pytest.raises(click.BadParameter, match="each side in 1..100"):
        parse_board("9" * 5000 + "x8")
    with pytest.raises(click.BadParameter, match="number 3"):
        parse_int_list("1,2," + "9" * 5000, "--placement")
    with pytest.raises(click.BadParameter, match="nothing"):
        parse_int_list(" , ", "--placement")
    assert parse_int_list("1, 2,,3", "--placement") == [1, 2, 3]


# -- errors per file --------------------------------------------------------------------------------


def test_errors_are_capped_per_file_and_the_rest_counted():
    arcs = "".join(f'  - {{from: 0, to: 1, guard: "x{i}"}}\n' for i in range(10, 5010))
    with pytest.raises(SpecErrors) as raised:
        spec_from_text(COUNTER_SPEC + arcs, "many.yaml")
    errors = raised.value.errors
    assert len(errors) == MAX_ERRORS_PER_FILE + 1
    assert errors[-1].message.startswith(f"{5000 - MAX_ERRORS_PER_FILE:,} more errors not shown")
    assert len(raised.value.render()) < 6_000


# -- importing user code ------------------------------------------------------------------------------


@pytest.mark.parametrize("source, reason", [
    ("def broken(:\n", "SyntaxError"),
    ("raise RuntimeError('at import')\n", "RuntimeError: at import"),
    ("import sys\nsys.exit(4)\n", "sys.exit(4)"),
    ("import no_such_module_anywhere\n", "ModuleNotFoundError: No module named 'no_such_module_anywhere'"),
])
def test_any_failure_of_an_import_is_one_line(tmp_path, source, reason):
    name = f"hostile_{abs(hash(source)) % 10**8}"
    (tmp_path / f"{name}.py").write_text(source)
    path_before = list(sys.path)
    with pytest.raises(UserImportError) as raised:
        import_user_module(name, tmp_path)
    assert reason in str(raised.value) and "\n" not in str(raised.value)
    assert sys.path == path_before


@pytest.mark.parametrize("path", ["os; rm -rf /:X", "../escape:X", "a..b:X", "mod:Class:Extra", "mod:", "x" * 400 + ":C"])
def test_context_paths_are_checked_before_any_import(path):
    with pytest.raises(UserImportError, match="not of the form"):
        import_context(path)


def test_a_context_that_is_not_a_class(tmp_path):
    (tmp_path / "notclass_ctx.py").write_text("Context = 42\ndef make(): pass\n")
    with pytest.raises(UserImportError, match="not a class"):
        import_context("notclass_ctx:Context", tmp_path)
    with pytest.raises(UserImportError, match="not a class"):
        import_context("notclass_ctx:make", tmp_path)


def test_binding_checks_report_import_failures_at_the_context_line(tmp_path):
    (tmp_path / "raising_ctx.py").write_text("raise ValueError('no')\n")
    spec_file = tmp_path / "counter.yaml"
    spec_file.write_text(COUNTER_SPEC.replace("core_support:Counter", "raising_ctx:Counter"))
    from automata.io.loader import load_spec

    with pytest.raises(SpecErrors) as raised:
        check_bindings(load_spec(spec_file))
    [error] = raised.value.errors
    line = next(i for i, text in enumerate(spec_file.read_text().splitlines(), 1) if "raising_ctx" in text)
    assert error.loc.line == line and "ValueError: no" in error.message


# -- check --bindings: the one check that imports user code -----------------------------------------


def test_check_imports_nothing_unless_asked_for_bindings(tmp_path, capsys):
    from core_support import run_cli

    marker = tmp_path / "imported"
    (tmp_path / "spying_ctx.py").write_text(
        f"import pathlib\npathlib.Path({str(marker)!r}).write_text('x')\n"
        "class Counter:\n    def is_done(self): ...\n    def is_even(self): ...\n")
    spec_file = tmp_path / "counter.yaml"
    spec_file.write_text(COUNTER_SPEC.replace("core_support:Counter", "spying_ctx:Counter"))
    code, _, _ = run_cli(capsys, "check", str(spec_file))
    assert code == 0 and not marker.exists()
    code, out, _ = run_cli(capsys, "check", "--bindings", str(spec_file))
    assert marker.exists() and code == 1
    assert "error: z1 calls 'count_one', which Counter does not have" in out
    code, out, _ = run_cli(capsys, "check", "--bindings", "--json", str(spec_file))
    assert {finding["code"] for finding in json.loads(out)["findings"]} == {"binding"}
