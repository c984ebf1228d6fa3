"""The edges of the subset `automata derive` reads, through the command line: what it accepts,
and one clear error (file, line, construct; exit 2) for what it does not."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from core_support import run_cli

from automata.analysis.check import check_file
from automata.io.loader import load_spec

DATA = Path(__file__).resolve().parent / "data" / "derive"
if str(DATA) not in sys.path:
    sys.path.append(str(DATA))


def program(tmp_path: Path, body: str, header: str = "def prog(ctx: Scripted):") -> Path:
    """A module with one function over the scripted context of tests/data/derive/toys.py."""
    path = tmp_path / "prog.py"
    path.write_text("from toys import Scripted\n\n\n" + header + "\n" + textwrap.indent(textwrap.dedent(body), "    "))
    return path


REFUSED = [
    ("for item in ctx.items():\n    ctx.a1()\n", 5, "a `for` loop is outside the subset"),
    ("count = 0\nctx.a1()\n", 5, "an assignment is outside the subset"),
    ("try:\n    ctx.a1()\nexcept ValueError:\n    pass\n", 5, "try/except is outside the subset"),
    ("ctx.a1(3)\n", 5, "a call with arguments: `ctx.a1(3)`"),
    ("print('hello')\n", 5, "a call of `print`, which is not a method of ctx"),
    ("if ctx.flag:\n    ctx.a1()\n", 5, "a condition `ctx.flag` is not a call of a method of ctx"),
    ("if ctx.q1() == True:\n    ctx.a1()\n", 5, "is not a call of a method of ctx"),
    ("ctx.a1()\nif ctx.a1():\n    ctx.a2()\n", 6, "ctx.a1() is used as a question here but as an action on line 5"),
    ("ctx._secret()\n", 5, "the method name '_secret' cannot be an input or output"),
    ("ctx.a1()\nreturn ctx.q1() and 3\n", 6, "the return value `ctx.q1() and 3` is neither a constant nor ctx.method()"),
    ("ctx.a1()\nreturn ctx.a_count(ctx)\n", 6, "is neither a constant nor ctx.method() with constant arguments"),
    ("if prog(ctx):\n    ctx.a1()\n", 5, "the value of a self-call cannot be tested"),
    ("break\n", 5, "`break` outside a loop"),
    ("with open('x') as f:\n    ctx.a1()\n", 5, "a `with` block is outside the subset"),
    ("ctx.a1()\nwhile ctx.q1():\n    pass\nctx.a2()\n", 6, "the loop at line 6 can go round without calling any action"),
    ("while True:\n    ctx.a1()\n", 6, "prog() never ends once it gets to this point"),
    ("while True:\n    continue\n", 5, "this loop goes round without asking a question or calling an action"),
]


@pytest.mark.parametrize(("body", "line", "message"), REFUSED, ids=[message.split(" ")[1] for _, _, message in REFUSED])
def test_a_construct_outside_the_subset_is_one_error_naming_file_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, line: int, message: str) -> None:
    path = program(tmp_path, body)
    code, out, err = run_cli(capsys, "derive", f"{path}:prog", "-o", str(tmp_path / "out.yaml"))
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert f"prog.py:{line}:" in lines[0] and message in lines[0], lines[0]
    assert "Traceback" not in err and not (tmp_path / "out.yaml").exists()


@pytest.mark.parametrize(("header", "message"), [
    ("def prog(ctx, n):", "'prog' must take exactly one parameter, the context"),
    ("def prog(ctx):", "cannot tell which class the context 'ctx' of prog() is"),
    ("async def prog(ctx: Scripted):", "an `async def` function"),
])
def test_a_function_that_is_not_over_one_context_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], header: str, message: str) -> None:
    path = program(tmp_path, "ctx.a1()\n", header)
    code, _, err = run_cli(capsys, "derive", f"{path}:prog")
    assert code == 2 and message in err and "prog.py:" in err


@pytest.mark.parametrize(("target", "message"), [
    ("no_colon", "is not MODULE:FUNCTION"),
    ("no_such_module_anywhere:f", "cannot find the source of module no_such_module_anywhere"),
    ("toys:no_such_function", "no top-level function 'no_such_function' in module toys"),
    ("toys:count_to_limit --context", None),
])
def test_a_target_that_names_nothing_is_bad_input(capsys: pytest.CaptureFixture[str], target: str,
                                                  message: str | None) -> None:
    code, _, err = run_cli(capsys, "derive", *target.split(" "))
    assert code == 2
    if message:
        assert message in err


def test_the_context_option_names_the_class_of_an_unannotated_parameter(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = program(tmp_path, "while not ctx.q1():\n    ctx.a1()\n", "def prog(ctx):")
    out_file = tmp_path / "prog.yaml"
    code, out, err = run_cli(capsys, "derive", f"{path}:prog", "--context", "toys:Scripted", "-o", str(out_file),
                             "--automaton", "A3", "--title", "Scripted loop")
    assert code == 0, err
    assert out == ""
    assert "A3: 2 states (1 final), 2 arcs, 1 inputs, 1 outputs" in err
    spec = load_spec(out_file)
    assert (spec.automaton, spec.title, spec.context, spec.program) == ("A3", "Scripted loop", "toys:Scripted", "prog")
    assert check_file(out_file) == []


def test_without_an_output_file_the_spec_goes_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "derive", f"{DATA / 'toys.py'}:count_to_limit")
    assert code == 0, err
    assert out.startswith("# Derived by `automata derive toys:count_to_limit`")
    assert "context: toys:Counter" in out and "program: toys" in out


def test_a_method_missing_from_the_context_class_is_noted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = program(tmp_path, "while not ctx.q1():\n    ctx.fly()\n")
    code, _, err = run_cli(capsys, "derive", f"{path}:prog")
    assert code == 0
    assert "note: " in err and "Scripted has no method fly()" in err


def test_a_recursive_function_over_a_context_without_the_call_stack_is_noted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = program(tmp_path, "if ctx.q1():\n    ctx.a1()\n    prog(ctx)\n")
    code, out, err = run_cli(capsys, "derive", f"{path}:prog")
    assert code == 0
    assert "Scripted must inherit automata.analysis.derive.CallStack" in err
    assert "call: push_return_point_1" in out


def test_elif_else_continue_and_a_loops_else_are_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = program(tmp_path, """\
        '''A docstring, then every statement of the subset'''
        while not ctx.q1():
            if ctx.q2():
                ctx.a1()
                continue
            elif ctx.q3() or not ctx.q2():
                ctx.a2()
            else:
                pass
            ctx.a3()
        else:
            ctx.a1()
            return True
        return False
    """)
    code, _, err = run_cli(capsys, "derive", f"{path}:prog", "-o", str(tmp_path / "p.yaml"))
    assert code == 0, err
    assert check_file(tmp_path / "p.yaml") == []
    spec = load_spec(tmp_path / "p.yaml")
    # `not ctx.q2()` after `ctx.q2()` was answered no holds without asking: q3 makes no difference;
    # the loop ends only through its `else` (no `break`), so `return False` is never reached
    assert [arc.label for arc in spec.arcs] == ["x1 / z1", "!x1 & x2 / z1", "!x1 & !x2 / z2, z3"]
    assert [state.name for state in spec.states.values()] == ["Loop at line 6", "Returned True"]
    assert "ctx.q3() makes no difference" in err
