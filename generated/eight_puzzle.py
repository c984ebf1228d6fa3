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

SPEC_PATH = 'specs/eight_puzzle.yaml'
SPEC_HASH = 'sha256:3d3c5674031910d86fcf51281021f02ee1dcaed6e8d072233c215ea76896995d'
AUTOMATON = 'A1'
INITIAL_STATE = 0
FINAL_STATES = frozenset({3, 4, 5})
STATE_NAMES = {
    0: 'Start',
    1: 'Choosing a node',
    2: 'Node chosen',
    3: 'Solved',
    4: 'Stopped at the limit',
    5: 'No solution',
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
    read_x1 = bind(context, 'has_open_node', 'x1')  # an open node is left in the frontier?
    read_x2 = bind(context, 'is_goal_chosen', 'x2')  # the chosen node is the goal position?
    read_x3 = bind(context, 'is_limit_reached', 'x3')  # the node limit is reached (that many nodes already expanded)?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'put_start', 'z1')  # put the start position into the frontier as the first node
    z2 = bind(context, 'choose_best', 'z2')  # take the best open node (smallest f, then h, then oldest) out of the frontier
    z3 = bind(context, 'report_solution', 'z3')  # report the path from the start to the chosen node: the solution
    z4 = bind(context, 'report_limit', 'z4')  # report that the search stopped at the node limit
    z5 = bind(context, 'expand_chosen', 'z5')  # expand the chosen node: its successors not already on its path go into the frontier
    z6 = bind(context, 'report_exhausted', 'z6')  # report that no open node is left (no solution)
    state = INITIAL_STATE
    steps = 0
    for steps in range(1, limit + 1):
        match state:
            case 0:  # 0. Start (line 33)
                if True:  # arc 1 (line 41): / z1
                    z1()
                    state = 1  # 1. Choosing a node
            case 1:  # 1. Choosing a node (line 34)
                if (x1 := read_x1()):  # arc 2 (line 42): x1 / z2
                    z2()
                    state = 2  # 2. Node chosen
                else:  # arc 3 (line 43): !x1 / z6 (always true here)
                    z6()
                    state = 5  # 5. No solution
                    break  # a final state: the run stops
            case 2:  # 2. Node chosen (line 35)
                if not (x2 := read_x2()) and not (x3 := read_x3()):  # arc 4 (line 44): !x2 & !x3 / z5
                    z5()
                    state = 1  # 1. Choosing a node
                elif x2:  # arc 5 (line 45): x2 / z3
                    z3()
                    state = 3  # 3. Solved
                    break  # a final state: the run stops
                else:  # arc 6 (line 46): !x2 & x3 / z4 (always true here)
                    z4()
                    state = 4  # 4. Stopped at the limit
                    break  # a final state: the run stops
    else:
        raise step_limit_reached(AUTOMATON, limit, state, STATE_NAMES[state])
    return RunSummary(state, steps)


def stepper(context, tracer, where=SPEC_PATH):
    """The graph one step at a time: returns `step(state)`, which takes one step from `state`
    and returns (state after, number of the arc taken or None). `tracer` collects the inputs read
    and is told where a failing step stood; GeneratedAutomaton turns the steps into records.
    """
    # Inputs: read_xN() asks the context one question.
    read_x1 = bind(context, 'has_open_node', 'x1')  # an open node is left in the frontier?
    read_x2 = bind(context, 'is_goal_chosen', 'x2')  # the chosen node is the goal position?
    read_x3 = bind(context, 'is_limit_reached', 'x3')  # the node limit is reached (that many nodes already expanded)?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'put_start', 'z1')  # put the start position into the frontier as the first node
    z2 = bind(context, 'choose_best', 'z2')  # take the best open node (smallest f, then h, then oldest) out of the frontier
    z3 = bind(context, 'report_solution', 'z3')  # report the path from the start to the chosen node: the solution
    z4 = bind(context, 'report_limit', 'z4')  # report that the search stopped at the node limit
    z5 = bind(context, 'expand_chosen', 'z5')  # expand the chosen node: its successors not already on its path go into the frontier
    z6 = bind(context, 'report_exhausted', 'z6')  # report that no open node is left (no solution)
    read_x1 = tracer.reading('x1', read_x1)
    read_x2 = tracer.reading('x2', read_x2)
    read_x3 = tracer.reading('x3', read_x3)

    def step(state):
        arc = None  # the number of the arc taken in this step, 1 for the spec's first (None: no arc)
        try:
            match state:
                case 0:  # 0. Start (line 33)
                    if True:  # arc 1 (line 41): / z1
                        arc = 1
                        z1()
                        state = 1  # 1. Choosing a node
                case 1:  # 1. Choosing a node (line 34)
                    if (x1 := read_x1()):  # arc 2 (line 42): x1 / z2
                        arc = 2
                        z2()
                        state = 2  # 2. Node chosen
                    else:  # arc 3 (line 43): !x1 / z6 (always true here)
                        arc = 3
                        z6()
                        state = 5  # 5. No solution
                case 2:  # 2. Node chosen (line 35)
                    if not (x2 := read_x2()) and not (x3 := read_x3()):  # arc 4 (line 44): !x2 & !x3 / z5
                        arc = 4
                        z5()
                        state = 1  # 1. Choosing a node
                    elif x2:  # arc 5 (line 45): x2 / z3
                        arc = 5
                        z3()
                        state = 3  # 3. Solved
                    else:  # arc 6 (line 46): !x2 & x3 / z4 (always true here)
                        arc = 6
                        z4()
                        state = 4  # 4. Stopped at the limit
        except BaseException:
            tracer.interrupted(state, arc)
            raise
        return state, arc

    return step
