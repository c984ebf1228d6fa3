"""Reading the parts of a spec that make it one automaton of a system (docs/systems.md):
`automata:` (the other automata it names), a state's `nested:` list, an output's `run:` and
`event:`, and the state tests (`y2 == 4`) of its guards.

What one file can tell is checked here, each defect at its position: names follow the patterns of
automata/model/names.py, every automaton nested, called or tested is declared under `automata:`,
no automaton names itself. What needs the other files (they load, their states exist, no cycle of
nesting or calling) is checked by automata/io/system_loader.py.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from yaml.nodes import Node, ScalarNode

from ..errors import Loc
from ..model.guards import Guard, StateTest
from ..model.names import AUTOMATON_NAME, EVENT_NAME
from ..model.spec import AutomatonRef
from ..model.system import tests_in
from .node_reader import NodeReader, listing, short

MAX_AUTOMATA = 64  # automata one spec may name (a system is a handful: the methodology's have 2 to 10)
MAX_REFERENCE_CHARACTERS = 300
_SPEC_SUFFIXES = (".yaml", ".yml")
# A referenced spec: a relative path of plain names (letters, digits, `_`, `-`, `.`); `..` may
# appear, but the file must lie inside the folder of the system's root spec (system_loader.py).
_REFERENCE_PATH = re.compile(r"[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*", re.ASCII)


class SystemFieldReader(NodeReader):
    """The loader's reader of the system parts of a spec (the base of its builder)."""

    def __init__(self, filename: str) -> None:
        super().__init__(filename)
        self.automaton = ""  # this spec's own automaton, once read
        self.automata: dict[str, AutomatonRef] = {}  # the other automata it names, once read

    def automata_refs(self, node: Node | None, own_name: str) -> dict[str, AutomatonRef]:
        refs: dict[str, AutomatonRef] = {}
        if node is None or (isinstance(node, ScalarNode) and node.value == ""):
            return refs
        for key_node, value_node in self.mapping(node, "automata") or []:
            name = self.text(key_node, "automaton name", limit=100)
            if name is None:
                continue
            if not AUTOMATON_NAME.fullmatch(name):
                self.error(key_node, f"automaton name {short(name)!r} is not a plain name",
                           "use a letter then letters, digits or _, e.g. A2")
                continue
            if name == own_name:
                self.error(key_node, f"{name} is this spec's own automaton",
                           "name the other automata of the system here; each needs a name of its own")
                continue
            if len(refs) >= MAX_AUTOMATA:
                self.error(key_node, f"a spec may name at most {MAX_AUTOMATA} other automata", "split the system")
                break
            path = self.text(value_node, f"the spec of {name}", limit=MAX_REFERENCE_CHARACTERS)
            if path is None:
                continue
            if path.startswith("/") or not _REFERENCE_PATH.fullmatch(path):
                self.error(value_node, f"the spec of {name} must be a relative path of plain names, found {short(path)!r}",
                           "name it relative to this spec's folder, e.g. search.yaml or parts/search.yaml")
                continue
            if not path.endswith(_SPEC_SUFFIXES):
                self.error(value_node, f"the spec of {name} must be a .yaml file, found {short(path)!r}",
                           f"e.g. {name.lower()}.yaml")
                continue
            refs[name] = AutomatonRef(name, path, self.loc(value_node))
        return refs

    def nested_names(self, node: Node | None, state: int,
                     automata: Mapping[str, AutomatonRef]) -> tuple[tuple[str, ...], tuple[Loc, ...]]:
        names: list[str] = []
        locs: list[Loc] = []
        for name, item in self.name_list(node, "nested automaton"):
            if not self.require_automaton(item, name, automata, f"state {state} nests"):
                continue
            if name in names:
                self.error(item, f"state {state} nests {name} twice", "list each nested automaton once")
                continue
            names.append(name)
            locs.append(self.loc(item))
        return tuple(names), tuple(locs)

    def run_output(self, fields: Mapping[str, tuple[Node, Node]], output: str,
                   automata: Mapping[str, AutomatonRef]) -> tuple[str, str, Loc | None] | None:
        """(automaton, event, where) of an output that runs an automaton; None when it does not
        (or is wrong, which is reported)."""
        if "run" not in fields:
            if "event" in fields:
                self.error(fields["event"][0], f"output {output} has an `event` but runs no automaton",
                           "`event` names what a `run:` output sends to the automaton it runs; delete it")
            return None
        key_node, value_node = fields["run"]
        if "call" in fields:
            self.error(key_node, f"output {output} has both `call` and `run`",
                       "an output calls a context method (call) or runs an automaton (run), not both")
            return None
        name = self.text(value_node, "run", limit=100)
        if name is None or not self.require_automaton(value_node, name, automata, f"output {output} runs"):
            return None
        event = ""
        if "event" in fields:
            event = self.text(fields["event"][1], "event", "", limit=100) or ""
            if event and not EVENT_NAME.fullmatch(event):
                self.error(fields["event"][1], f"event {short(event)!r} does not follow the methodology's naming",
                           "name events e0, e1, ...")
                return None
        return name, event, self.loc(value_node)

    def require_automaton(self, node: Node, name: str, automata: Mapping[str, AutomatonRef], what: str) -> bool:
        if name in automata:
            return True
        if not AUTOMATON_NAME.fullmatch(name):
            self.error(node, f"{what} {short(name)!r}, which is not an automaton name", "e.g. A2")
            return False
        declared = listing(automata) or "none"
        self.error(node, f"{what} {name}, which is not declared under `automata:`",
                   f"declared automata: {declared}; add `automata: {{{name}: {name.lower()}.yaml}}`")
        return False

    def check_state_tests(self, node: ScalarNode, guard: Guard, own_name: str,
                          automata: Mapping[str, AutomatonRef]) -> None:
        """Every `yN` of the guard names a declared automaton other than this one."""
        for test in tests_in(guard):
            where = self.guard_column(node, test)
            if test.automaton == own_name:
                self.error_at(where, f"{test} tests this automaton's own state",
                              "an arc's `from` already says which state it leaves; test another automaton's state")
            elif test.automaton not in automata:
                declared = listing(automata) or "none"
                self.error_at(where, f"{test.variable} is the state of {test.automaton}, which is not declared under "
                              "`automata:`", f"declared automata: {declared}; yN tests automaton AN")

    def guard_column(self, node: ScalarNode, test: StateTest) -> Loc:
        """Where in the guard's text the test's variable is written (the node's start if not found)."""
        match = re.search(rf"\b{test.variable}(?![0-9])", str(node.value))
        offset = 1 if node.style in ("'", '"') else 0
        column = node.start_mark.column + 1 + offset + (match.start() if match else 0)
        return Loc(self.filename, node.start_mark.line + 1, column)
