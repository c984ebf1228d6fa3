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

SPEC_PATH = 'specs/queens_prolog.yaml'
SPEC_HASH = 'sha256:5859ccb15e1b338c4dbd9c695b4eec703a4b9e8d3f58b10c3bdc30371d16fd62'
AUTOMATON = 'A1'
INITIAL_STATE = 0
FINAL_STATES = frozenset({3, 4})
STATE_NAMES = {
    0: 'Solving the next column',
    1: 'Redoing a column',
    2: 'Answer found',
    3: 'No more answers',
    4: 'Enough answers',
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
    read_x1 = bind(context, 'is_complete', 'x1')  # every column of the list has its Y (the query succeeded)?
    read_x2 = bind(context, 'has_free_row', 'x2')  # member/2 can still give the current column a Y, after the last one tried, that passes noattack?
    read_x3 = bind(context, 'has_queens', 'x3')  # some column already has its Y (a goal is left to redo)?
    read_x4 = bind(context, 'has_enough', 'x4')  # the requested number of answers has been produced?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'place_queen', 'z1')  # bind the current column's Y to the next row no queen of Others attacks
    z2 = bind(context, 'take_back', 'z2')  # redo: unbind the Y fixed last; its column goes on with the next Y
    z3 = bind(context, 'record_solution', 'z3')  # report the answer S = [1/Y1, ..., n/Yn]
    z4 = bind(context, 'note_dead_end', 'z4')  # report that no Y passes noattack for the new column (its goal fails)
    state = INITIAL_STATE
    steps = 0
    for steps in range(1, limit + 1):
        match state:
            case 0:  # 0. Solving the next column (line 31)
                if not (x1 := read_x1()) and (x2 := read_x2()):  # arc 1 (line 38): !x1 & x2 / z1
                    z1()
                    state = 0
                elif not x1 and not x2 and (x3 := read_x3()):  # arc 2 (line 39): !x1 & !x2 & x3 / z4, z2
                    z4()
                    z2()
                    state = 1  # 1. Redoing a column
                elif x1:  # arc 3 (line 40): x1 / z3
                    z3()
                    state = 2  # 2. Answer found
                else:  # arc 4 (line 41): !x1 & !x2 & !x3 / z4 (always true here)
                    z4()
                    state = 3  # 3. No more answers
                    break  # a final state: the run stops
            case 1:  # 1. Redoing a column (line 32)
                if not (x2 := read_x2()) and (x3 := read_x3()):  # arc 8 (line 45): !x2 & x3 / z2
                    z2()
                    state = 1
                elif x2:  # arc 9 (line 46): x2 / z1
                    z1()
                    state = 0  # 0. Solving the next column
                else:  # arc 10 (line 47): !x2 & !x3 (always true here)
                    state = 3  # 3. No more answers
                    break  # a final state: the run stops
            case 2:  # 2. Answer found (line 33)
                if (x4 := read_x4()):  # arc 5 (line 42): x4
                    state = 4  # 4. Enough answers
                    break  # a final state: the run stops
                elif not x4 and (x3 := read_x3()):  # arc 6 (line 43): !x4 & x3 / z2
                    z2()
                    state = 1  # 1. Redoing a column
                else:  # arc 7 (line 44): !x4 & !x3 (always true here)
                    state = 3  # 3. No more answers
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
    read_x1 = bind(context, 'is_complete', 'x1')  # every column of the list has its Y (the query succeeded)?
    read_x2 = bind(context, 'has_free_row', 'x2')  # member/2 can still give the current column a Y, after the last one tried, that passes noattack?
    read_x3 = bind(context, 'has_queens', 'x3')  # some column already has its Y (a goal is left to redo)?
    read_x4 = bind(context, 'has_enough', 'x4')  # the requested number of answers has been produced?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'place_queen', 'z1')  # bind the current column's Y to the next row no queen of Others attacks
    z2 = bind(context, 'take_back', 'z2')  # redo: unbind the Y fixed last; its column goes on with the next Y
    z3 = bind(context, 'record_solution', 'z3')  # report the answer S = [1/Y1, ..., n/Yn]
    z4 = bind(context, 'note_dead_end', 'z4')  # report that no Y passes noattack for the new column (its goal fails)
    read_x1 = tracer.reading('x1', read_x1)
    read_x2 = tracer.reading('x2', read_x2)
    read_x3 = tracer.reading('x3', read_x3)
    read_x4 = tracer.reading('x4', read_x4)

    def step(state):
        arc = None  # the number of the arc taken in this step, 1 for the spec's first (None: no arc)
        try:
            match state:
                case 0:  # 0. Solving the next column (line 31)
                    if not (x1 := read_x1()) and (x2 := read_x2()):  # arc 1 (line 38): !x1 & x2 / z1
                        arc = 1
                        z1()
                        state = 0
                    elif not x1 and not x2 and (x3 := read_x3()):  # arc 2 (line 39): !x1 & !x2 & x3 / z4, z2
                        arc = 2
                        z4()
                        z2()
                        state = 1  # 1. Redoing a column
                    elif x1:  # arc 3 (line 40): x1 / z3
                        arc = 3
                        z3()
                        state = 2  # 2. Answer found
                    else:  # arc 4 (line 41): !x1 & !x2 & !x3 / z4 (always true here)
                        arc = 4
                        z4()
                        state = 3  # 3. No more answers
                case 1:  # 1. Redoing a column (line 32)
                    if not (x2 := read_x2()) and (x3 := read_x3()):  # arc 8 (line 45): !x2 & x3 / z2
                        arc = 8
                        z2()
                        state = 1
                    elif x2:  # arc 9 (line 46): x2 / z1
                        arc = 9
                        z1()
                        state = 0  # 0. Solving the next column
                    else:  # arc 10 (line 47): !x2 & !x3 (always true here)
                        arc = 10
                        state = 3  # 3. No more answers
                case 2:  # 2. Answer found (line 33)
                    if (x4 := read_x4()):  # arc 5 (line 42): x4
                        arc = 5
                        state = 4  # 4. Enough answers
                    elif not x4 and (x3 := read_x3()):  # arc 6 (line 43): !x4 & x3 / z2
                        arc = 6
                        z2()
                        state = 1  # 1. Redoing a column
                    else:  # arc 7 (line 44): !x4 & !x3 (always true here)
                        arc = 7
                        state = 3  # 3. No more answers
        except BaseException:
            tracer.interrupted(state, arc)
            raise
        return state, arc

    return step
