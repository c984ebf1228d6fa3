"""The control-flow graph a function of the subset is read into, and the errors of deriving.

The graph has four kinds of node, kept in one list and named by their index:

- `Test`: ask one question of the context and go one way or the other;
- `Act`: call one action of the context and go on;
- `Exit`: leave the function with a value (a `return`, or the end of the body);
- `Jump`: go on elsewhere. Loops and self-calls need a node before its target exists, so jumps are
  placeholders filled in later and skipped when the graph is read (see `Flow.resolve`).

Questions and actions are methods of the context, named as the program calls them. The call stack
of a recursive function is made of such methods too (see stack.py): to the graph they are just
questions and actions, so building the automaton knows nothing of recursion.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...errors import InputError
from ...io.files import display_path


class DeriveError(InputError):
    """A program outside the subset, or a name or file derive cannot use: FILE:LINE:COL: message."""

    def __init__(self, file: Path | str, line: int, col: int, message: str, hint: str = "") -> None:
        where = f"{display_path(file)}:{line}:{col}" if line else display_path(file)
        super().__init__(f"{where}: {message}" + (f" ({hint})" if hint else ""))
        self.file = str(file)
        self.line = line
        self.col = col
        self.message = message
        self.hint = hint


@dataclass(frozen=True)
class ReturnValue:
    """What an exit returns: nothing, a constant, or the value of a context method called then."""

    kind: str  # "none", "constant" or "call"
    text: str  # as a reader sees it: "ctx.result()", "True", "" for none
    value: object = None  # the constant; for "call", (method name, arguments, keyword arguments)

    @property
    def key(self) -> tuple[str, str]:
        """Exits returning the same thing are one final state: they cannot be told apart."""
        return (self.kind, repr(self.value))

    def describe(self) -> str:
        return f"returns {self.text}" if self.kind != "none" else "returns nothing"


@dataclass
class Test:
    question: str
    if_true: int
    if_false: int
    point: str  # the control point this test starts when control arrives here: "loop at line 7"
    source: str  # the source line, stripped, for the state's doc
    line: int


@dataclass
class Act:
    action: str
    next: int
    line: int


@dataclass
class Exit:
    value: ReturnValue
    line: int


@dataclass
class Jump:
    target: int | None
    line: int


Node = Test | Act | Exit | Jump


@dataclass(frozen=True)
class Method:
    """A context method the program calls: its role and where it is first called."""

    name: str
    role: str  # "question" or "action"
    line: int
    col: int
    doc: str = ""  # set for the call stack's methods, whose docs derive writes itself
    stack: bool = False  # one of the call stack's methods (stack.py), numbered after the program's own


@dataclass
class Flow:
    """A function read into a control-flow graph, with what a spec needs to name its parts."""

    file: Path
    module: str
    function: str
    param: str
    docstring: str
    context_annotation: object  # the parameter's annotation as an ast node, or None
    nodes: list[Node] = field(default_factory=list)
    entry: int = -1
    methods: dict[str, Method] = field(default_factory=dict)
    call_sites: int = 0  # self-calls: each has its own return point on the call stack

    def add(self, node: Node) -> int:
        self.nodes.append(node)
        return len(self.nodes) - 1

    def resolve(self, index: int) -> int:
        """The first node that is not a jump, following jumps from `index`."""
        seen = set()
        while isinstance(self.nodes[index], Jump):
            jump = self.nodes[index]
            if index in seen or jump.target is None:
                raise DeriveError(self.file, jump.line, 1, "this loop goes round without asking a question or"
                                  " calling an action, so it would never end")
            seen.add(index)
            index = jump.target
        return index
