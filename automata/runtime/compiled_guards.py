"""Guards compiled to Python functions for the run loop.

A guard's AST (automata.model.guards) is turned into the text of one small function and compiled
once per distinct guard. The text is generated from the AST, never copied from a spec: input names
appear only as string literals (`repr`), parameters are numbered, and the operators are Python's
`not`, `and` and `or`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

from ..model.guards import And, Const, Guard, Lookup, Not, Var


def compile_guard(guard: Guard, lookup: Lookup) -> Callable[[], bool]:
    """Turn a guard into a zero-argument function that asks `lookup` for each input it needs.

    The function is Python compiled from the guard's AST (see `_factory`): one frame per
    evaluation instead of one closure per AST node.
    """
    return _factory(guard, cached=False)(lookup)


def compile_cached_guard(
    guard: Guard, values: dict[str, bool], readers: Mapping[str, Callable[[], bool]]
) -> Callable[[], bool]:
    """Like `compile_guard`, for a run loop that samples each input at most once per step.

    An input already in `values` (this step's readings, which the run loop clears between steps)
    is taken from there without a call; otherwise `readers[name]()` reads it, and must store the
    value in `values` itself. The dictionary test is inlined in the compiled text, so a cached
    input costs no call at all.
    """
    binder, names = guard_binder(guard)
    return binder(values, *(readers[name] for name in names))


GuardBinder = Callable[..., Callable[[], bool]]


def guard_binder(guard: Guard) -> tuple[GuardBinder, tuple[str, ...]]:
    """The compiled form of `compile_cached_guard`, unbound: `binder(values, *readers)` with one
    reader per name of the returned tuple, in that order. A run loop that builds many machines of
    one spec keeps the pair and only binds it."""
    return _factory(guard, cached=True), guard.variables()


@functools.lru_cache(maxsize=4096)
def _factory(guard: Guard, cached: bool) -> Callable[..., Callable[[], bool]]:
    """Compile, once per distinct guard, a function that binds the guard's inputs and returns its evaluator.

    The text is generated from the parsed AST, never copied from a spec: input names appear only
    as string literals (`repr`), parameters are numbered, and the operators are Python's `not`,
    `and` and `or`, which short-circuit left to right exactly like `Guard.evaluate` (same inputs
    read, in the same order).
    """
    names = guard.variables()
    if cached:
        readers = [f"read_{position}" for position in range(len(names))]
        parameters = ", ".join(["values", *readers])

        def variable(name: str) -> str:
            return f"(values[{name!r}] if {name!r} in values else read_{names.index(name)}())"
    else:
        parameters = "lookup"

        def variable(name: str) -> str:
            return f"lookup({name!r})"

    try:
        source = (
            f"def bind({parameters}):\n"
            f"    def guard():\n"
            f"        return {_python_expression(guard, variable)}\n"
            f"    return guard\n"
        )
        namespace: dict[str, object] = {}
        exec(compile(source, f"<guard {guard}>", "exec"), {"__builtins__": {}}, namespace)  # noqa: S102 - text built above
    except (SyntaxError, RecursionError, MemoryError):
        # Nesting deeper than Python's parser accepts (about 200 levels): walk the AST instead.
        return _evaluating_binder(guard, cached)
    return namespace["bind"]  # type: ignore[return-value]


def _evaluating_binder(guard: Guard, cached: bool) -> Callable[..., Callable[[], bool]]:
    """The slow path of `_factory`, with the same signature and the same readings."""
    names = guard.variables()
    if not cached:
        return lambda lookup: lambda: guard.evaluate(lookup)

    def bind(values: dict[str, bool], *readers: Callable[[], bool]) -> Callable[[], bool]:
        reader_of = dict(zip(names, readers))

        def lookup(name: str) -> bool:
            return values[name] if name in values else reader_of[name]()

        return lambda: guard.evaluate(lookup)

    return bind


def _python_expression(guard: Guard, variable: Callable[[str], str]) -> str:
    if isinstance(guard, Const):
        return "True" if guard.value else "False"
    if isinstance(guard, Var):
        return variable(guard.name)
    if isinstance(guard, Not):
        return f"(not {_python_expression(guard.operand, variable)})"
    joiner = " and " if isinstance(guard, And) else " or "
    return "(" + joiner.join(_python_expression(operand, variable) for operand in guard.operands) + ")"
