"""A system of automata as one Mealy machine: what `equiv` compares when a spec names other automata.

The runtime (automata/runtime/system.py, docs/systems.md) steps a system like this: one step of
automaton A on event e first steps the automata nested in A's state, then A chooses its arc, runs
the arc's outputs (an output that runs B restarts B and steps it until B is final), and only then
publishes A's new state, restarting the automata nested in it if A changed state. Everything a
step does is determined by the states of all automata and by the answers of the inputs read along
the way, so the system is a machine whose states are *configurations*: the state of every
automaton, and where inside a step of the root the run is (`Node`: the states, and a stack of
frames, the root's first). Nesting and calling form no cycle, so the stack is bounded and there
are finitely many configurations.

A configuration where a choice is made (some automaton chooses its arc) is a node of the machine,
and so is the moment between two steps of the root, where the run sends the next event. A move
from a node reads the choosing automaton's inputs, runs the outputs that call context methods up
to the next choice (the observable letters), and ends at the next node. A state test `y2 == 4`
is read off the configuration itself: A2's state is known there, so a guard never sees a
valuation in which A2 is in two states, or in a state it cannot be in at that moment.

Inputs and outputs are named by `keys`: the first system's qualified names (`A1.x2`), with the
second system's matched onto them (automata/analysis/equiv/matching.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...model.guards import And, Const, Guard, Not, Or, StateTest, Var
from ...model.system import System, call_event
from .moves import MOVED, SILENT_LOOP, STUCK, Outcome, Region, Steps, TruthTables

# Frames of the stack, each a tuple:
#   (STEP, automaton, event, children done)        the automaton is taking a step; its nested ones first
#   (OUTPUTS, automaton, event, arc index, done)   its arc is chosen; its outputs are running
#   (CALL, automaton, event)                       it was called: it steps until it is final
STEP, OUTPUTS, CALL = "step", "outputs", "call"
RESUME = -1  # `after`: go on from a node inside a step, no arc being chosen
Frame = tuple[Any, ...]
Node = tuple[tuple[int, ...], tuple[Frame, ...]]


def qualified(automaton: str, name: str) -> str:
    return f"{automaton}.{name}"


def same_configuration(first: Node, second: Node) -> bool:
    """Whether two systems' nodes put every automaton in the same state at the same point of a step
    (the arcs under way may be listed at other places in the two specs)."""
    def shape(node: Node) -> tuple[Any, ...]:
        return node[0], tuple(frame[:3] + frame[4:] if frame[0] == OUTPUTS else frame for frame in node[1])

    return shape(first) == shape(second)


class SystemMachine:
    """A system as a `Machine` of automata/analysis/equiv/product.py (see the module's docstring)."""

    def __init__(self, system: System, keys: Mapping[str, str]) -> None:
        self.system = system
        self.names = list(system.specs)  # the root first
        index = {name: position for position, name in enumerate(self.names)}
        specs = [system.specs[name] for name in self.names]
        self.specs = specs
        self.steps = [Steps(spec) for spec in specs]
        self.finals = [frozenset(n for n, state in spec.states.items() if state.final) for spec in specs]
        self.initials = tuple(spec.initial for spec in specs)
        self.nested = [{n: tuple(index[child] for child in state.nested) for n, state in spec.states.items()}
                       for spec in specs]
        self.calls: list[dict[str, tuple[int, str]]] = []  # per automaton: output -> (callee, event)
        self.keys: list[dict[str, str]] = []  # per automaton: input or output -> its key
        for spec in specs:
            self.calls.append({name: (index[decl.run], call_event(spec, name, system.specs[decl.run]))
                               for name, decl in spec.outputs.items() if decl.run})
            names = list(spec.inputs) + [name for name, decl in spec.outputs.items() if not decl.run]
            self.keys.append({name: keys.get(qualified(spec.automaton, name), qualified(spec.automaton, name))
                              for name in names})
        self.index = index
        self.initial: Node = (self.initials, ())
        self.events = tuple(specs[0].events)
        self._arcs: dict[tuple[Any, ...], list[tuple[Any, Guard]]] = {}
        self._after: dict[tuple[Node, int | None, bool], tuple[tuple[str, ...], Node]] = {}
        self._reads: dict[tuple[Node, str, bool], list[str]] = {}
        self._outcomes: dict[tuple[Node, str, bool, tuple[str, ...]], list[Region]] = {}

    # -- the Machine protocol ----------------------------------------------------------------------

    def final(self, node: Node) -> int | None:
        states, stack = node
        return states[0] if not stack and states[0] in self.finals[0] else None

    def number(self, node: Node) -> int:
        return node[0][0]

    def where(self, node: Node) -> str:
        states, stack = node
        shown = []
        for frame in stack:
            if frame[0] in (STEP, OUTPUTS):
                spec = self.specs[frame[1]]
                state = states[frame[1]]
                shown.append(f"{spec.automaton} in state {state} ({spec.states[state].name})")
        return " > ".join(shown)

    def reads(self, node: Node, event: str, skip_silent: bool) -> list[str]:
        key = (node, event, skip_silent)
        found = self._reads.get(key)
        if found is None:
            found = self._reads[key] = self._reads_from(node, event, skip_silent)
        return found

    def outcomes(self, node: Node, event: str, tables: TruthTables, skip_silent: bool) -> list[Region]:
        key = (node, event, skip_silent, tables.inputs)
        found = self._outcomes.get(key)
        if found is None:
            found = self._outcomes[key] = self._regions(node, event, tables, tables.full, (), skip_silent, False)
        return found

    # -- moving between nodes ----------------------------------------------------------------------

    def _choice(self, node: Node, event: str) -> Node:
        """The node where the next choice is made: at a root step's start, the root's step on `event` begins."""
        if node[1]:
            return node
        states = list(node[0])
        stack: list[Frame] = [(STEP, 0, event, 0)]
        emitted: list[str] = []
        self._advance(states, stack, emitted)
        assert not emitted  # a step chooses before it runs anything
        return tuple(states), tuple(stack)

    def _chooser(self, node: Node) -> tuple[int, str, int]:
        """(automaton, event, state) of the choice made at `node`."""
        _, automaton, event, _ = node[1][-1]
        return automaton, event, node[0][automaton]

    def arcs(self, node: Node) -> list[tuple[Any, Guard]]:
        """The chooser's arcs in try order, each with its guard over keys, state tests read off `node`."""
        automaton, event, state = self._chooser(node)
        cache = (automaton, event, node[0])
        found = self._arcs.get(cache)
        if found is None:
            keys = self.keys[automaton]
            found = []
            for arc in self.steps[automaton].order(state, event):
                guard = self._resolved(arc.guard, keys, node[0])
                if guard != Const(False):
                    found.append((arc, guard))
            self._arcs[cache] = found
        return found

    def _resolved(self, guard: Guard, keys: Mapping[str, str], states: tuple[int, ...]) -> Guard:
        if isinstance(guard, StateTest):
            return Const(states[self.index[guard.automaton]] == guard.state)
        if isinstance(guard, Var):
            return Var(keys[guard.name])
        if isinstance(guard, Not):
            operand = self._resolved(guard.operand, keys, states)
            return Const(not operand.value) if isinstance(operand, Const) else Not(operand)
        if isinstance(guard, (And, Or)):
            absorbing = isinstance(guard, Or)  # the constant that decides: 1 for |, 0 for &
            operands = []
            for operand in guard.operands:
                resolved = self._resolved(operand, keys, states)
                if isinstance(resolved, Const):
                    if resolved.value == absorbing:
                        return Const(absorbing)
                    continue
                operands.append(resolved)
            if not operands:
                return Const(not absorbing)
            return operands[0] if len(operands) == 1 else type(guard)(tuple(operands))
        return guard

    def after(self, node: Node, arc: int | None, one: bool) -> tuple[tuple[str, ...], Node]:
        """What follows the choice at `node` of arc number `arc` (None: no arc, the chooser stays;
        "resume": `node` is inside a step, after an output): the output keys run up to the next
        choice or the end of the root's step, or with `one` up to the first output, and the node reached."""
        cache = (node, arc, one)
        found = self._after.get(cache)
        if found is None:
            states, stack = list(node[0]), list(node[1])
            if arc is None:
                stack.pop()
            elif arc != RESUME:
                _, automaton, event, _ = stack[-1]
                stack[-1] = (OUTPUTS, automaton, event, arc, 0)
            emitted: list[str] = []
            self._advance(states, stack, emitted, one)
            found = self._after[cache] = (tuple(emitted), (tuple(states), tuple(stack)))
        return found

    def _advance(self, states: list[int], stack: list[Frame], emitted: list[str], one: bool = False) -> None:
        """Run the system on from a chosen arc (or a finished step) to the next choice, or to the end
        of the root's step (an empty stack), collecting the keys of the outputs run; with `one`,
        stop right after the first output."""
        while stack:
            frame = stack[-1]
            kind, automaton = frame[0], frame[1]
            if kind == STEP:
                children = self.nested[automaton][states[automaton]]
                done = frame[3]
                while done < len(children) and states[children[done]] in self.finals[children[done]]:
                    done += 1
                if done == len(children):
                    stack[-1] = (STEP, automaton, frame[2], done)
                    return  # the automaton chooses its arc here
                stack[-1] = (STEP, automaton, frame[2], done + 1)
                stack.append((STEP, children[done], frame[2], 0))
            elif kind == OUTPUTS:
                _, _, event, arc_index, done = frame
                arc = self.specs[automaton].arcs[arc_index]
                outputs = self.steps[automaton].outputs(arc)
                if done == len(outputs):
                    stack.pop()
                    if arc.target != states[automaton]:
                        for child in self.nested[automaton][arc.target]:
                            states[child] = self.initials[child]
                    states[automaton] = arc.target
                    continue
                stack[-1] = (OUTPUTS, automaton, event, arc_index, done + 1)
                name = outputs[done]
                called = self.calls[automaton].get(name)
                if called is None:
                    emitted.append(self.keys[automaton][name])
                    if one:
                        return
                else:
                    states[called[0]] = self.initials[called[0]]
                    stack.append((CALL, called[0], called[1]))
            else:  # CALL
                if states[automaton] in self.finals[automaton]:
                    stack.pop()
                else:
                    stack.append((STEP, automaton, frame[2], 0))

    # -- regions ---------------------------------------------------------------------------------
    #
    # A node is the moment between two steps of the root (an empty stack), a choice (the top frame is
    # a step whose nested automata have stepped), or, skipping silent steps, the moment right after
    # an output inside a step: a letter lasts until the next output, so that where the choices fall
    # between two outputs (which is not observable) does not matter. Every step of the root begun
    # within a letter takes the letter's event.

    def _is_choice(self, node: Node) -> bool:
        stack = node[1]
        return bool(stack) and stack[-1][0] == STEP

    def _reads_from(self, node: Node, event: str, skip_silent: bool) -> list[str]:
        names: dict[str, None] = {}
        pending, seen = [node], {node}
        while pending:
            current = pending.pop()
            moves: list[int | None | str] = []
            if not current[1]:
                if self.final(current) is None:
                    moves = ["start"]
            elif not self._is_choice(current):
                moves = [RESUME]
            else:
                arcs = self.arcs(current)
                for _, guard in arcs:
                    names.update(dict.fromkeys(guard.variables()))
                if not skip_silent:
                    continue
                moves = [arc.index for arc, _ in arcs] + [None]  # guards aside, and staying or failing
            for move in moves:
                if move == "start":
                    outputs, following = (), self._choice(current, event)
                else:
                    outputs, following = self.after(current, move, skip_silent)  # type: ignore[arg-type]
                if not outputs and following not in seen:
                    seen.add(following)
                    pending.append(following)
        return list(names)

    def _regions(self, node: Node, event: str, tables: TruthTables, within: int, path: tuple[Node, ...],
                 skip_silent: bool, started: bool) -> list[Region]:
        """What a letter does from `node` on the valuations `within`: `path` holds the choices made
        so far in the letter, `started` whether it has begun a step of the root."""
        if not node[1]:  # between two steps of the root
            if self.final(node) is not None:
                return [(within, Outcome(MOVED, (), node, None, started))]
            return self._regions(self._choice(node, event), event, tables, within, path, skip_silent, True)
        if not self._is_choice(node):  # right after an output: the step goes on without reading anything
            outputs, following = self.after(node, RESUME, skip_silent)
            if outputs:
                return [(within, Outcome(MOVED, outputs, following, None, started))]
            return self._regions(following, event, tables, within, path, skip_silent, started)
        if node in path:  # the same valuation leads round the same silent cycle forever
            return [(within, Outcome(SILENT_LOOP, (), node, None, started))]
        path += (node,)
        regions: list[Region] = []
        taken = 0
        for arc, guard in self.arcs(node):
            region = tables.of(guard) & within & ~taken
            taken |= region
            if region:
                regions += self._moved(node, arc.index, event, tables, region, path, skip_silent, started)
        rest = within & ~taken
        if rest:
            automaton, _, state = self._chooser(node)
            if self.specs[automaton].states[state].may_stay:
                regions += self._moved(node, None, event, tables, rest, path, skip_silent, started)
            else:
                regions.append((rest, Outcome(STUCK, (), node, None, started)))
        return regions

    def _moved(self, node: Node, arc: int | None, event: str, tables: TruthTables, region: int,
               path: tuple[Node, ...], skip_silent: bool, started: bool) -> list[Region]:
        outputs, following = self.after(node, arc, skip_silent)
        if outputs or not skip_silent or self.final(following) is not None:
            return [(region, Outcome(MOVED, outputs, following, arc, started))]
        return self._regions(following, event, tables, region, path, skip_silent, started)
