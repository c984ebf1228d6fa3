"""An automaton generated from the spec named in SPEC_PATH by `automata codegen`; do not edit.

Regenerate after changing the spec: `automata codegen --all`.
The code is the transition graph written out: `state` holds the state's number, each `case`
is a state and each `if`/`elif` one of its arcs, in the order the engine tries them. An input
is read at most once per step: `(x2 := read_x2())` is its first reading, a later `x2` reuses
the value. `_run` is the plain automaton; `stepper` is the same graph taking one step per call,
which traced runs and step-by-step runs (GeneratedAutomaton) drive.
"""

from automata.errors import no_arc_enabled, step_limit_reached
from automata.runtime.support import (
    DEFAULT_MAX_STEPS, GeneratedAutomaton, RunSummary, bind, load_spec,
)

SPEC_PATH = 'specs/fifteen_puzzle.yaml'
SPEC_HASH = 'sha256:1829a057c690a19372e37fc4f0d641234b972518718e13c677acf5fa81ec4af5'
AUTOMATON = 'A1'
INITIAL_STATE = 0
FINAL_STATES = frozenset({3})
STATE_NAMES = {
    0: 'Start',
    1: 'Depth-first search',
    2: 'Iteration over',
    3: 'Solved',
}


def run(context, sinks=(), max_steps=None, spec=None):
    """Run the automaton on `context` until a final state; return RunSummary(final_state, steps).

    `sinks` receive the step records the transitions engine would produce; `spec` is the Spec
    those records refer to (loaded from SPEC_PATH when tracing without one).
    """
    limit = DEFAULT_MAX_STEPS if max_steps is None else max_steps
    where = SPEC_PATH if spec is None else spec.path
    if sinks:
        traced = spec if spec is not None else load_spec(SPEC_PATH)
        return GeneratedAutomaton(traced, context, stepper, sinks, max_steps).run()
    return _run(context, limit, where)


def _run(context, limit, where):
    # Inputs: read_xN() asks the context one question.
    read_x1 = bind(context, 'is_searching', 'x1')  # the search within the threshold goes on (the node on top is not the goal and the root has a child left)?
    read_x2 = bind(context, 'is_goal', 'x2')  # the node on top is the goal?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'start', 'z1')  # put the start node on the stack; the first threshold is its Manhattan distance
    z2 = bind(context, 'advance', 'z2')  # go to the next node within the threshold, depth first: the children beyond it are generated and cut off on the way
    z3 = bind(context, 'report_solution', 'z3')  # report the path on the stack as the solution
    z4 = bind(context, 'end_iteration', 'z4')  # report the end of the iteration: no goal within this threshold
    z5 = bind(context, 'raise_threshold', 'z5')  # raise the threshold to the smallest f that exceeded it and start again at the root
    state = INITIAL_STATE
    steps = 0
    for steps in range(1, limit + 1):
        match state:
            case 0:  # 0. Start (line 33)
                if True:  # arc 1 (line 39): / z1
                    z1()
                    state = 1  # 1. Depth-first search
            case 1:  # 1. Depth-first search (line 34)
                if (x1 := read_x1()):  # arc 2 (line 40): x1 / z2
                    z2()
                    state = 1
                elif not x1 and (x2 := read_x2()):  # arc 3 (line 41): !x1 & x2 / z3
                    z3()
                    state = 3  # 3. Solved
                    break  # a final state: the run stops
                else:  # arc 4 (line 42): !x1 & !x2 / z4 (always true here)
                    z4()
                    state = 2  # 2. Iteration over
            case 2:  # 2. Iteration over (line 35)
                if True:  # arc 5 (line 43): / z5
                    z5()
                    state = 1  # 1. Depth-first search
    else:
        raise step_limit_reached(AUTOMATON, limit, state, STATE_NAMES[state])
    return RunSummary(state, steps)


def stepper(context, tracer, where=SPEC_PATH):
    """The graph one step at a time: returns `step(state)`, which takes one step from `state`
    and returns (state after, number of the arc taken or None). `tracer` collects the inputs read
    and is told where a failing step stood; GeneratedAutomaton turns the steps into records.
    """
    # Inputs: read_xN() asks the context one question.
    read_x1 = bind(context, 'is_searching', 'x1')  # the search within the threshold goes on (the node on top is not the goal and the root has a child left)?
    read_x2 = bind(context, 'is_goal', 'x2')  # the node on top is the goal?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'start', 'z1')  # put the start node on the stack; the first threshold is its Manhattan distance
    z2 = bind(context, 'advance', 'z2')  # go to the next node within the threshold, depth first: the children beyond it are generated and cut off on the way
    z3 = bind(context, 'report_solution', 'z3')  # report the path on the stack as the solution
    z4 = bind(context, 'end_iteration', 'z4')  # report the end of the iteration: no goal within this threshold
    z5 = bind(context, 'raise_threshold', 'z5')  # raise the threshold to the smallest f that exceeded it and start again at the root
    read_x1 = tracer.reading('x1', read_x1)
    read_x2 = tracer.reading('x2', read_x2)

    def step(state):
        arc = None  # the number of the arc taken in this step, 1 for the spec's first (None: no arc)
        try:
            match state:
                case 0:  # 0. Start (line 33)
                    if True:  # arc 1 (line 39): / z1
                        arc = 1
                        z1()
                        state = 1  # 1. Depth-first search
                case 1:  # 1. Depth-first search (line 34)
                    if (x1 := read_x1()):  # arc 2 (line 40): x1 / z2
                        arc = 2
                        z2()
                        state = 1
                    elif not x1 and (x2 := read_x2()):  # arc 3 (line 41): !x1 & x2 / z3
                        arc = 3
                        z3()
                        state = 3  # 3. Solved
                    else:  # arc 4 (line 42): !x1 & !x2 / z4 (always true here)
                        arc = 4
                        z4()
                        state = 2  # 2. Iteration over
                case 2:  # 2. Iteration over (line 35)
                    if True:  # arc 5 (line 43): / z5
                        arc = 5
                        z5()
                        state = 1  # 1. Depth-first search
        except BaseException:
            tracer.interrupted(state, arc)
            raise
        return state, arc

    return step
