import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from automata.model.guards import And, Const, GuardSyntaxError, Not, Or, Var, parse_guard
from automata.runtime.compiled_guards import compile_guard


def test_precedence_not_then_and_then_or():
    assert parse_guard("x1 | x2 & !x3") == Or((Var("x1"), And((Var("x2"), Not(Var("x3"))))))


def test_parentheses_and_constants():
    assert parse_guard("!(x1 | 0) & 1") == And((Not(Or((Var("x1"), Const(False)))), Const(True)))


@pytest.mark.parametrize(
    "text, column, fragment",
    [
        ("x1 & & x2", 6, "expected an input"),
        ("x1 &", 5, "end of guard"),
        ("(x1 | x2", 9, "missing ')'"),
        ("x1 x2", 4, "after a complete expression"),
        ("x1 and x2", 4, "after a complete expression"),
        ("x1 && x2", 5, "expected an input"),
        ("x1 + x2", 4, "unexpected character"),
        ("", 1, "empty guard"),
    ],
)
def test_syntax_errors_point_at_the_bad_token(text, column, fragment):
    with pytest.raises(GuardSyntaxError) as raised:
        parse_guard(text)
    assert raised.value.column == column
    assert fragment in raised.value.message


def test_python_words_get_a_hint():
    with pytest.raises(GuardSyntaxError) as raised:
        parse_guard("not x1")
    assert "'!'" in raised.value.hint


def test_variables_in_first_appearance_order():
    assert parse_guard("x3 & (x1 | !x3) & x2").variables() == ("x3", "x1", "x2")


def test_short_circuit_reads_left_to_right():
    reads = []

    def lookup(name):
        reads.append(name)
        return name == "x2"

    assert parse_guard("x1 & x3 | x2").evaluate(lookup) is True
    assert reads == ["x1", "x2"]


names = st.sampled_from(["x1", "x2", "x3"])
guards = st.recursive(
    names.map(Var) | st.booleans().map(Const),
    lambda inner: inner.map(Not)
    | st.lists(inner, min_size=2, max_size=3).map(lambda ops: And(tuple(ops)))
    | st.lists(inner, min_size=2, max_size=3).map(lambda ops: Or(tuple(ops))),
    max_leaves=8,
)


@given(guards)
def test_printing_round_trips_and_compiled_form_agrees(guard):
    reparsed = parse_guard(str(guard))
    for values in itertools.product([False, True], repeat=3):
        env = dict(zip(["x1", "x2", "x3"], values))
        expected = guard.evaluate(env.__getitem__)
        assert reparsed.evaluate(env.__getitem__) == expected
        assert compile_guard(guard, env.__getitem__)() == expected
