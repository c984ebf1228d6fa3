"""Reading a function of the subset into a control-flow graph (flow.py), with `ast` only.

The subset (docs/derive.md lists it with examples): a top-level `def f(ctx):` whose body uses

- `ctx.action()` as a statement: an output; `f(ctx)`, a call of the function itself: recursion;
- `if` / `elif` / `else`, `while` (with an optional `else`), `break`, `continue`, `pass`;
- conditions made of `ctx.question()`, `not`, `and`, `or`, `True` and `False`; `and` and `or`
  short-circuit as in Python, so a question is asked only when the program would ask it;
- `return`, `return <constant>` or `return ctx.method()`: a final state (the value is computed by
  the context after the run, outside the automaton).

Anything else is refused with the file, line and construct, because the automaton would need a
variable, an argument or a path the subset cannot express.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from ...model.names import METHOD_NAME
from .flow import Act, DeriveError, Exit, Flow, Jump, Method, ReturnValue, Test
from .stack import (
    MAX_CALL_SITES,
    STACK_EMPTY,
    pop_name,
    push_name,
    stack_docs,
    top_is_name,
)

_REFUSED = {
    ast.For: ("a `for` loop", "loop with `while ctx.has_next():` and let the context keep the position"),
    ast.AsyncFor: ("an `async for` loop", "the subset is synchronous"),
    ast.Assign: ("an assignment", "the automaton keeps no variables: keep the data in the context and ask it"),
    ast.AugAssign: ("an assignment", "the automaton keeps no variables: keep the data in the context and ask it"),
    ast.AnnAssign: ("an assignment", "the automaton keeps no variables: keep the data in the context and ask it"),
    ast.Try: ("try/except", "an automaton has no exceptions: ask a question and branch instead"),
    ast.With: ("a `with` block", "do the set-up in the context"),
    ast.Raise: ("`raise`", "end in a final state and let the context report the outcome"),
    ast.Assert: ("`assert`", "check it in the context"),
    ast.Delete: ("`del`", "the automaton keeps no variables"),
    ast.Import: ("an import inside the function", "import at module level"),
    ast.ImportFrom: ("an import inside the function", "import at module level"),
    ast.FunctionDef: ("a nested function", "make it a method of the context"),
    ast.AsyncFunctionDef: ("a nested function", "make it a method of the context"),
    ast.ClassDef: ("a nested class", "define it at module level"),
    ast.Global: ("`global`", "the automaton keeps no variables"),
    ast.Nonlocal: ("`nonlocal`", "the automaton keeps no variables"),
    ast.Match: ("`match`", "use if/elif over the context's questions"),
}


_ROLE = {"question": "a question", "action": "an action"}

# Bounds on what derive reads, so that any source is answered within a second or two and a few
# hundred megabytes: the module's size (ast.parse takes about 2 s and 200 MB a megabyte of dense
# code) and the function's size in syntax nodes (the largest shipped program has about 600).
MAX_SOURCE_BYTES = 1_000_000
MAX_FUNCTION_NODES = 20_000
_TOO_DEEP = "derive reads functions nested a few hundred levels deep at most: flatten it, or split it"


@dataclass(frozen=True)
class _Loop:
    on_break: int
    on_continue: int


def read_function(file: Path, module: str, function: str) -> Flow:
    """Parse `file` (never run it) and read its top-level function `function` into a Flow."""
    try:
        size = file.stat().st_size
        if size > MAX_SOURCE_BYTES:
            raise DeriveError(file, 0, 0, f"the module is {size:,} bytes; derive reads modules of at most "
                              f"{MAX_SOURCE_BYTES:,}", "put the function in a module of its own")
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise DeriveError(file, 0, 0, f"cannot read the module: {getattr(error, 'strerror', None) or error}") from None
    try:
        tree = ast.parse(text, filename=str(file))
    except SyntaxError as error:
        raise DeriveError(file, error.lineno or 0, error.offset or 0, f"not valid Python: {error.msg}") from None
    except ValueError as error:  # a NUL byte, on the Pythons whose parser says so with ValueError
        raise DeriveError(file, 0, 0, f"not valid Python: {error}") from None
    except (RecursionError, MemoryError):
        raise DeriveError(file, 0, 0, "the module nests too deeply for Python's parser", _TOO_DEEP) from None
    found = [node for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
             and node.name == function]
    if not found:
        names = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
        listing = ", ".join(names) if names else "none"
        raise DeriveError(file, 0, 0, f"no top-level function '{function}' in module {module}",
                          f"its top-level functions: {listing}")
    function_node = found[-1]
    nodes = sum(1 for _ in ast.walk(function_node))
    if nodes > MAX_FUNCTION_NODES:
        raise DeriveError(file, function_node.lineno, function_node.col_offset + 1,
                          f"{function}() is too large for derive: {nodes:,} syntax nodes, at most {MAX_FUNCTION_NODES:,}",
                          "split it into smaller functions over the same context")
    try:
        return _Reader(file, module, text.splitlines()).read(function_node)
    except RecursionError:
        raise DeriveError(file, function_node.lineno, function_node.col_offset + 1,
                          f"{function}() nests too deeply for derive", _TOO_DEEP) from None


class _Reader:
    def __init__(self, file: Path, module: str, lines: list[str]) -> None:
        self.file = file
        self.module = module
        self.lines = lines
        self.flow: Flow | None = None
        self.entry_jump = -1  # where every self-call goes: the function's first node
        self.return_points: list[int] = []  # per self-call, a jump to the statement after it
        self.return_lines: list[int] = []
        self.site_numbers: dict[int, int] = {}
        self.recursive = False
        # Statements are read last first; a refused one is noted and read past, so that the error
        # reported is the first in the source, not the last (`first_error`).
        self.errors: list[DeriveError] = []

    # -- errors ------------------------------------------------------------------------------

    def refuse(self, node: ast.AST, message: str, hint: str = "") -> DeriveError:
        return DeriveError(self.file, getattr(node, "lineno", 0), getattr(node, "col_offset", -1) + 1, message, hint)

    def shown(self, node: ast.AST) -> str:
        text = ast.unparse(node).splitlines()[0]
        return text if len(text) <= 60 else text[:57] + "..."

    def source_line(self, node: ast.AST) -> str:
        return self.lines[node.lineno - 1].strip() if 0 < node.lineno <= len(self.lines) else ""

    # -- the function ------------------------------------------------------------------------

    def read(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> Flow:
        if isinstance(node, ast.AsyncFunctionDef):
            raise self.refuse(node, "an `async def` function", "the subset is synchronous")
        if node.decorator_list:
            raise self.refuse(node.decorator_list[0], "a decorated function", "derive reads the function as written")
        args = node.args
        if (len(args.args) + len(args.posonlyargs) != 1 or args.vararg or args.kwarg or args.kwonlyargs
                or args.defaults):
            raise self.refuse(node, f"'{node.name}' must take exactly one parameter, the context",
                              "def f(ctx: Context): ...")
        param = (args.posonlyargs or args.args)[0]
        flow = Flow(self.file, self.module, node.name, param.arg, ast.get_docstring(node) or "", param.annotation)
        self.flow = flow
        calls = sorted((call for call in ast.walk(node) if isinstance(call, ast.Call) and self.is_self_call(call)),
                       key=lambda call: (call.lineno, call.col_offset))
        if len(calls) > MAX_CALL_SITES:
            raise self.refuse(calls[MAX_CALL_SITES], f"more than {MAX_CALL_SITES} self-calls",
                              "the call stack (stack.py) offers that many return points")
        self.recursive = bool(calls)
        self.site_numbers = {id(call): number for number, call in enumerate(calls, start=1)}
        self.return_lines = [call.lineno for call in calls]
        # Where each self-call returns to is known only when its statement is read, and returns may
        # come first in the source: they jump to these placeholders, filled in by `self_call`.
        self.return_points = [flow.add(Jump(None, call.lineno)) for call in calls]
        flow.call_sites = len(calls)
        self.entry_jump = flow.add(Jump(None, node.lineno))
        end_line = node.end_lineno or node.lineno
        end = self.exit(ReturnValue("none", ""), end_line, f"end of {node.name}", f"end of {node.name}()")
        entry = self.block(node.body, end, None)
        if self.errors:
            raise min(self.errors, key=lambda error: (error.line, error.col))
        flow.nodes[self.entry_jump] = Jump(entry, node.lineno)
        flow.entry = flow.resolve(entry)
        if self.recursive:
            self.add_stack_methods()
        return flow

    def add_stack_methods(self) -> None:
        """The call stack's methods, after the program's own in the spec: push and pop, then the
        questions "is the stack empty?" and "which self-call is on top?"."""
        flow = self.flow
        docs = stack_docs(self.return_lines)
        names = [(push_name(site), "action") for site in range(1, flow.call_sites + 1)]
        names += [(pop_name(), "action"), (STACK_EMPTY, "question")]
        names += [(top_is_name(site), "question") for site in range(1, flow.call_sites)]
        for name, role in names:
            if name in flow.methods:
                raise DeriveError(self.file, flow.methods[name].line, flow.methods[name].col,
                                  f"{flow.param}.{name}() is the call stack's own method", "rename the context's method")
            flow.methods[name] = Method(name, role, 0, 0, docs[name], stack=True)

    # -- statements --------------------------------------------------------------------------

    def block(self, statements: list[ast.stmt], after: int, loop: _Loop | None) -> int:
        """The entry node of `statements`, followed by node `after`. Built last statement first."""
        entry = after
        for statement in reversed(statements):
            try:
                entry = self.statement(statement, entry, loop)
            except DeriveError as error:  # read on: an earlier statement may be refused too
                self.errors.append(error)
        return entry

    def statement(self, node: ast.stmt, after: int, loop: _Loop | None) -> int:
        flow = self.flow
        if isinstance(node, ast.Pass):
            return after
        if isinstance(node, ast.Expr):
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                return after  # a docstring or a string used as a comment
            if isinstance(node.value, ast.Call) and self.is_self_call(node.value):
                return self.self_call(node.value, after)
            return flow.add(Act(self.method_call(node.value, "action"), after, node.lineno))
        if isinstance(node, ast.If):
            if_true = self.block(node.body, after, loop)
            if_false = self.block(node.orelse, after, loop)
            return self.condition(node.test, if_true, if_false, f"test at line {node.lineno}", self.source_line(node))
        if isinstance(node, ast.While):
            head = flow.add(Jump(None, node.lineno))
            on_end = self.block(node.orelse, after, loop)  # `break` skips a loop's `else`
            body = self.block(node.body, head, _Loop(after, head))
            test = self.condition(node.test, body, on_end, f"loop at line {node.lineno}", self.source_line(node))
            flow.nodes[head] = Jump(test, node.lineno)
            return head
        if isinstance(node, ast.Break | ast.Continue):
            if loop is None:
                raise self.refuse(node, f"`{self.shown(node)}` outside a loop")
            return loop.on_break if isinstance(node, ast.Break) else loop.on_continue
        if isinstance(node, ast.Return):
            return self.exit(self.return_value(node), node.lineno, f"return at line {node.lineno}",
                             self.source_line(node))
        what, hint = _REFUSED.get(type(node), (f"the statement `{self.shown(node)}`", ""))
        raise self.refuse(node, f"{what} is outside the subset derive reads", hint)

    def exit(self, value: ReturnValue, line: int, point: str, text: str) -> int:
        """A return: the end of the run, or, inside a self-call, a pop back to where it was made."""
        flow = self.flow
        final = flow.add(Exit(value, line))
        if not self.recursive:
            return final
        # Which self-call is on top of the stack is asked only when there are several.
        sites = len(self.return_points)
        chain = flow.add(Act(pop_name(), self.return_points[sites - 1], line))
        for site in range(sites - 1, 0, -1):
            pop = flow.add(Act(pop_name(), self.return_points[site - 1], line))
            chain = flow.add(Test(top_is_name(site), pop, chain, point, text, line))
        return flow.add(Test(STACK_EMPTY, final, chain, point, text, line))

    def self_call(self, node: ast.Call, after: int) -> int:
        if len(node.args) != 1 or node.keywords or not isinstance(node.args[0], ast.Name) \
                or node.args[0].id != self.flow.param:
            raise self.refuse(node, f"a self-call must pass the context alone: {self.flow.function}({self.flow.param})")
        site = self.site_numbers[id(node)]
        self.flow.nodes[self.return_points[site - 1]] = Jump(after, node.lineno)
        return self.flow.add(Act(push_name(site), self.entry_jump, node.lineno))

    def is_self_call(self, node: ast.Call) -> bool:
        return isinstance(node.func, ast.Name) and node.func.id == self.flow.function

    # -- expressions ---------------------------------------------------------------------------

    def condition(self, node: ast.expr, if_true: int, if_false: int, point: str, source: str) -> int:
        """The entry node of a condition that goes on to `if_true` or `if_false`, short-circuiting."""
        if isinstance(node, ast.Constant) and isinstance(node.value, bool | int):
            return if_true if node.value else if_false
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return self.condition(node.operand, if_false, if_true, point, source)
        if isinstance(node, ast.BoolOp):
            # Built from the last operand back, so the first operand is asked first: `a and b` asks
            # b only when a holds, `a or b` only when a does not.
            entry = self.condition(node.values[-1], if_true, if_false, point, source)
            for operand in reversed(node.values[:-1]):
                if isinstance(node.op, ast.And):
                    entry = self.condition(operand, entry, if_false, point, source)
                else:
                    entry = self.condition(operand, if_true, entry, point, source)
            return entry
        if isinstance(node, ast.Call) and self.is_self_call(node):
            raise self.refuse(node, "the value of a self-call cannot be tested",
                              "call the function as a statement and ask the context afterwards")
        question = self.method_call(node, "question")
        return self.flow.add(Test(question, if_true, if_false, point, source, node.lineno))

    def method_call(self, node: ast.expr, role: str) -> str:
        """The name of the context method `node` calls with no arguments; refuses anything else."""
        param = self.flow.param
        if not isinstance(node, ast.Call):
            what = "a condition" if role == "question" else "an expression statement"
            raise self.refuse(node, f"{what} `{self.shown(node)}` is not a call of a method of {param}",
                              f"write {param}.is_something()" if role == "question" else "")
        func = node.func
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == param):
            raise self.refuse(node, f"a call of `{self.shown(func)}`, which is not a method of {param}",
                              f"the automaton can only call {param}.method()")
        if node.args or node.keywords:
            raise self.refuse(node, f"a call with arguments: `{self.shown(node)}`",
                              "an automaton's inputs and outputs take none; let the context keep the data")
        name = func.attr
        if not METHOD_NAME.fullmatch(name):
            raise self.refuse(node, f"the method name '{name}' cannot be an input or output of a spec",
                              "a spec calls public methods with plain ASCII names")
        if role == "result":
            return name  # computed after the run, outside the automaton: neither input nor output
        known = self.flow.methods.get(name)
        if known is not None and known.role != role:
            # Reported at the later of the two uses in the source (statements are read last first).
            first, second = ((known.line, known.col, known.role), (node.lineno, node.col_offset + 1, role))
            first, second = sorted([first, second])
            raise DeriveError(self.file, second[0], second[1],
                              f"{param}.{name}() is used as {_ROLE[second[2]]} here but as {_ROLE[first[2]]} on"
                              f" line {first[0]}", "a method is either asked (in a condition) or called (as a statement)")
        where = (node.lineno, node.col_offset + 1)
        if known is None or where < (known.line, known.col):
            self.flow.methods[name] = Method(name, role, *where)
        return name

    def return_value(self, node: ast.Return) -> ReturnValue:
        value = node.value
        if value is None:
            return ReturnValue("none", "")
        try:
            constant = ast.literal_eval(value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            pass
        else:
            return ReturnValue("none", "") if constant is None else ReturnValue("constant", repr(constant), constant)
        if isinstance(value, ast.Call) and self.is_self_call(value):
            raise self.refuse(value, "the value of a self-call cannot be returned",
                              "call the function as a statement, then return")
        arguments = self.constant_arguments(value)
        if arguments is None:
            raise self.refuse(value, f"the return value `{self.shown(value)}` is neither a constant nor"
                              f" {self.flow.param}.method() with constant arguments",
                              "compute the value in a method of the context")
        name = self.method_call(ast.Call(value.func, [], []), "result")
        args, keywords = arguments
        return ReturnValue("call", ast.unparse(value), (name, args, keywords))

    def constant_arguments(self, node: ast.expr) -> tuple[tuple, tuple] | None:
        """The arguments of a call whose arguments are all constants (a return value's), or None."""
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            return None
        try:
            args = tuple(ast.literal_eval(argument) for argument in node.args)
            keywords = tuple((keyword.arg, ast.literal_eval(keyword.value)) for keyword in node.keywords)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return None
        if any(name is None for name, _ in keywords):  # **mapping
            return None
        return args, keywords
