"""From a control-flow graph to an automaton: control points become states, paths become arcs.

A *control point* is where the program asks a question right after it has called an action (or
at the start). From each control point every way the following questions can be answered is
followed until the program calls one or more actions and reaches the next question, or leaves the
function: that is one arc, its guard the answers on the way (in the order the program asks them),
its actions the calls made, its target the control point reached (or a final state).

Following the questions of one control point gives a decision tree. The tree is reduced before it
becomes arcs: a question whose two answers lead to the same arc is dropped. Arcs of one state that
make the same calls and go to the same state are one arc whose guard is the disjunction of their
paths. A guard is thus a disjunction of paths of a decision tree, each in the order the program
asks its questions, so evaluating it left to right asks only questions the program would ask in
the same situation: a question that may fail when asked out of turn (about a node not chosen yet)
is never asked early, whichever arc the run loop tries first.

Then the graph is made small: a state that only passes control on (one arc, no guard, no action)
is bypassed, and states that behave alike (same guards, same actions, equivalent targets) are
merged, by partition refinement as in the minimization of a finite automaton. Final states are
told apart by what the function returns there.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .flow import Act, DeriveError, Exit, Flow, Method, ReturnValue, Test

Target = int | tuple  # a control point (the index of its node), or a final state (a ReturnValue key)
Path = tuple[tuple[str, bool], ...]  # the questions asked on the way, with their answers

MAX_PATHS_PER_STATE = 4096  # the checker enumerates at most 2**20 valuations per state anyway


@dataclass(frozen=True)
class Leaf:
    actions: tuple[str, ...]
    target: Target


@dataclass(frozen=True)
class Branch:
    question: str
    if_true: Leaf | Branch
    if_false: Leaf | Branch


Tree = Leaf | Branch


@dataclass(frozen=True)
class DerivedState:
    number: int
    name: str
    doc: str
    returns: ReturnValue | None  # set for a final state: what the function returns there
    line: int = 0  # where the control point is in the source

    @property
    def final(self) -> bool:
        return self.returns is not None


@dataclass(frozen=True)
class DerivedArc:
    source: int
    target: int
    paths: tuple[Path, ...]  # the guard: any of these paths (an empty path is the guard 1)
    actions: tuple[str, ...]  # method names, in call order


@dataclass(frozen=True)
class Machine:
    states: tuple[DerivedState, ...]  # numbered 0.. in the order a breadth-first walk meets them
    arcs: tuple[DerivedArc, ...]
    inputs: tuple[Method, ...]  # x1, x2, ... in this order
    outputs: tuple[Method, ...]  # z1, z2, ...
    unused: tuple[Method, ...]  # methods the program calls only where it makes no difference


def endless_states(machine: Machine) -> list[DerivedState]:
    """The states from which no final state can be reached (every guard of a derived spec can
    hold, so the graph alone decides it)."""
    predecessors: dict[int, set[int]] = {state.number: set() for state in machine.states}
    for arc in machine.arcs:
        predecessors[arc.target].add(arc.source)
    can_finish = {state.number for state in machine.states if state.final}
    queue = deque(can_finish)
    while queue:
        for source in predecessors[queue.popleft()] - can_finish:
            can_finish.add(source)
            queue.append(source)
    return [state for state in machine.states if state.number not in can_finish]


def build_machine(flow: Flow) -> Machine:
    trees = _explore_all(flow)
    trees = _bypass_pass_through(trees, flow.entry)
    trees, aliases = _merge_equivalent(trees, flow.entry)
    return _number(flow, trees, aliases)


# -- decision trees ----------------------------------------------------------------------------

def _explore_all(flow: Flow) -> dict[Target, Tree]:
    trees: dict[Target, Tree] = {}
    queue = deque([flow.entry])
    while queue:
        point = queue.popleft()
        if point in trees:
            continue
        counter = [0]
        trees[point] = _explore(flow, point, {}, (), frozenset(), counter)
        queue.extend(target for target in _targets(trees[point]) if isinstance(target, int) and target not in trees)
    return trees


def _explore(flow: Flow, index: int, answers: dict[str, bool], actions: tuple[str, ...],
             on_path: frozenset[int], counter: list[int]) -> Tree:
    """The decision tree of the control point at `index`; `on_path` holds the nodes passed since
    the control point (tests) or since the last test (actions)."""
    index = flow.resolve(index)
    node = flow.nodes[index]
    if isinstance(node, Exit):
        return Leaf(actions, node.value.key)
    if isinstance(node, Act):
        if index in on_path and actions:
            # A loop of actions with no question in it (`while True: ctx.step()`): it runs until
            # the context stops it, so the action where it closes is a control point of its own.
            return Leaf(actions, index)
        if not actions:
            on_path = frozenset()
        return _explore(flow, node.next, answers, actions + (node.action,), on_path | {index}, counter)
    assert isinstance(node, Test)
    if actions:
        return Leaf(actions, index)  # a question after an action: the next control point
    if index in on_path:
        raise DeriveError(flow.file, node.line, 1, f"the {node.point} can go round without calling any"
                          " action; its questions would keep their answers, so it would never end")
    on_path = on_path | {index}
    if node.question in answers:  # asked before on this path, with no action since: same answer
        branch = node.if_true if answers[node.question] else node.if_false
        return _explore(flow, branch, answers, (), on_path, counter)
    counter[0] += 1
    if counter[0] > MAX_PATHS_PER_STATE:
        raise DeriveError(flow.file, node.line, 1, f"more than {MAX_PATHS_PER_STATE} paths of questions"
                          " follow one control point", "call an action between the tests, or split the function")
    if_true = _explore(flow, node.if_true, {**answers, node.question: True}, (), on_path, counter)
    if_false = _explore(flow, node.if_false, {**answers, node.question: False}, (), on_path, counter)
    return if_true if if_true == if_false else Branch(node.question, if_true, if_false)


def _targets(tree: Tree) -> list[Target]:
    if isinstance(tree, Leaf):
        return [tree.target]
    return _targets(tree.if_true) + _targets(tree.if_false)


def _leaves(tree: Tree, path: Path = ()) -> list[tuple[Path, Leaf]]:
    """Every leaf with the path to it, the true answer's side first (the source order of `if`)."""
    if isinstance(tree, Leaf):
        return [(path, tree)]
    return (_leaves(tree.if_true, path + ((tree.question, True),))
            + _leaves(tree.if_false, path + ((tree.question, False),)))


def _retarget(tree: Tree, mapping: dict[Target, Target]) -> Tree:
    if isinstance(tree, Leaf):
        return Leaf(tree.actions, mapping.get(tree.target, tree.target))
    if_true, if_false = _retarget(tree.if_true, mapping), _retarget(tree.if_false, mapping)
    return if_true if if_true == if_false else Branch(tree.question, if_true, if_false)


def _reachable(trees: dict[Target, Tree], entry: int) -> dict[Target, Tree]:
    order: list[Target] = []
    queue = deque([entry])
    while queue:
        point = queue.popleft()
        if point in order or point not in trees:
            continue
        order.append(point)
        queue.extend(_targets(trees[point]))
    return {point: trees[point] for point in order}


# -- making the graph small --------------------------------------------------------------------

def _bypass_pass_through(trees: dict[Target, Tree], entry: int) -> dict[Target, Tree]:
    """A control point with one unguarded arc and no action only passes control on: skip it."""
    forward = {point: tree.target for point, tree in trees.items()
               if point != entry and isinstance(tree, Leaf) and not tree.actions}
    mapping: dict[Target, Target] = {}
    for point, first in forward.items():
        target, seen = first, {point}
        while target in forward and target not in seen:
            seen.add(target)
            target = forward[target]
        mapping[point] = target
    return _reachable({point: _retarget(tree, mapping) for point, tree in trees.items()}, entry)


def _merge_equivalent(trees: dict[Target, Tree], entry: int) -> tuple[dict[Target, Tree], dict[Target, list[Target]]]:
    """Merge control points that cannot be told apart: partition refinement over their trees.
    Also returns, for each point kept, the points merged into it (itself first)."""
    points = list(trees)  # breadth-first order: the first of each block represents it
    block = {point: 0 for point in points}
    while True:
        signatures: dict[tuple, int] = {}
        refined = {}
        for point in points:
            signature = (block[point], _signature(trees[point], block))
            refined[point] = signatures.setdefault(signature, len(signatures))
        if len(signatures) == len(set(block.values())):
            break
        block = refined
    first: dict[int, Target] = {}
    for point in points:
        first.setdefault(block[point], point)
    mapping = {point: first[block[point]] for point in points}
    merged = {point: _retarget(tree, mapping) for point, tree in trees.items() if mapping[point] == point}
    aliases: dict[Target, list[Target]] = {}
    for point in points:
        aliases.setdefault(mapping[point], []).append(point)
    return _reachable(merged, entry), aliases


def _signature(tree: Tree, block: dict[Target, int]) -> tuple:
    """The tree with its targets replaced by their blocks, reduced again: a question whose answers
    now lead to equivalent places makes no difference any more."""
    if isinstance(tree, Leaf):
        target = ("state", block[tree.target]) if tree.target in block else ("final", tree.target)
        return ("leaf", tree.actions, target)
    if_true, if_false = _signature(tree.if_true, block), _signature(tree.if_false, block)
    return if_true if if_true == if_false else ("branch", tree.question, if_true, if_false)


# -- numbering -----------------------------------------------------------------------------------

def _number(flow: Flow, trees: dict[Target, Tree], aliases: dict[Target, list[Target]]) -> Machine:
    numbers: dict[Target, int] = {}
    for point, tree in trees.items():  # breadth-first: a state's targets right after it
        numbers.setdefault(point, len(numbers))
        for target in _targets(tree):
            numbers.setdefault(target, len(numbers))
    returns = {exit.value.key: exit.value for exit in flow.nodes if isinstance(exit, Exit)}
    return_lines: dict[tuple, list[int]] = {}
    for node in flow.nodes:
        if isinstance(node, Exit):
            return_lines.setdefault(node.value.key, []).append(node.line)
    states = []
    for target, number in numbers.items():
        if isinstance(target, int):
            states.append(_working_state(flow, aliases.get(target, [target]), number))
        else:
            value = returns[target]
            lines = ", ".join(str(line) for line in sorted(set(return_lines[target])))
            name = "Done" if value.kind == "none" else f"Returned {value.text}"
            states.append(DerivedState(number, name, f"{flow.function}() {value.describe()} (line {lines})", value))
    arcs = []
    for point, tree in trees.items():
        grouped: dict[tuple, list[Path]] = {}
        for path, leaf in _leaves(tree):
            grouped.setdefault((leaf.actions, leaf.target), []).append(path)
        for (actions, target), paths in grouped.items():
            arcs.append(DerivedArc(numbers[point], numbers[target], _merge_paths(paths), actions))
    asked = {question for arc in arcs for path in arc.paths for question, _ in path}
    called = {action for arc in arcs for action in arc.actions}
    ordered = sorted(flow.methods.values(), key=lambda method: (method.stack, method.line, method.col))
    return Machine(
        states=tuple(_unique_names(sorted(states, key=lambda state: state.number))),
        arcs=tuple(arcs),
        inputs=tuple(method for method in ordered if method.name in asked),
        outputs=tuple(method for method in ordered if method.name in called),
        unused=tuple(method for method in ordered if method.name not in asked | called and not method.stack),
    )


def _merge_paths(paths: list[Path]) -> tuple[Path, ...]:
    """Shorten a disjunction of paths without asking anything out of turn.

    - `P & x & R | P & !x & R` is `P & R`: both paths ask R after x, whatever its answer, so
      `P & R` asks only what one of them asks;
    - in `P & l | P & !l & R` the second term is `P & R`: it is evaluated only when the first is
      false, so either P fails again where it failed, or l was false and R is asked as the
      program asks it. The first term must stay before it, so it shortens nothing else.
    """
    paths = list(paths)
    merged = True
    while merged:
        merged = False
        pairs = [(i, j) for i in range(len(paths)) for j in range(i + 1, len(paths))]
        for i, j in pairs:
            first, second = paths[i], paths[j]
            differ = [k for k in range(len(first)) if len(first) == len(second) and first[k] != second[k]]
            if len(differ) == 1 and first[differ[0]][0] == second[differ[0]][0]:
                paths[i] = first[:differ[0]] + first[differ[0] + 1:]
                del paths[j]
                merged = True
                break
    shortened = list(paths)
    for i, first in enumerate(paths):
        if not first:
            continue
        prefix, (question, answer) = first[:-1], first[-1]
        for j in range(i + 1, len(paths)):
            second = paths[j]
            if len(second) > len(first) and second[:len(prefix)] == prefix \
                    and second[len(prefix)] == (question, not answer):
                shortened[j] = prefix + second[len(first):]
    return tuple(shortened)


def _working_state(flow: Flow, points: list[int], number: int) -> DerivedState:
    """The state of control point `points[0]`, and of the points merged into it: named after a
    loop among them if there is one (a merged state behaves like that loop), else the first."""
    if points[0] == flow.entry and not isinstance(flow.nodes[points[0]], Test):
        return DerivedState(number, "Start", f"{flow.function}() begins", None, flow.nodes[points[0]].line)
    tests = [flow.nodes[point] for point in points if isinstance(flow.nodes[point], Test)]
    if not tests:  # the start of a loop that only calls actions
        node = flow.nodes[points[0]]
        return DerivedState(number, f"Action at line {node.line}", f"before {flow.param}.{node.action}()", None,
                            node.line)
    named = next((node for node in tests if node.point.startswith("loop")), tests[0])
    places = list(dict.fromkeys((node.line, node.source) for node in tests if node.source))
    if len(places) == 1:
        doc = f"before: {places[0][1]}"
    else:  # merged control points: say where each is
        doc = "before: " + " / ".join(f"line {line}: {source}" for line, source in places)
    return DerivedState(number, named.point[0].upper() + named.point[1:], doc, None, named.line)


def _unique_names(states: list[DerivedState]) -> list[DerivedState]:
    seen: dict[str, int] = {}
    unique = []
    for state in states:
        seen[state.name] = seen.get(state.name, 0) + 1
        name = state.name if seen[state.name] == 1 else f"{state.name} ({seen[state.name]})"
        unique.append(DerivedState(state.number, name, state.doc, state.returns, state.line))
    return unique
