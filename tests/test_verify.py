from automata.analysis.verify import verify


def counting(limit, change_at=None, result=None):
    def implementation(observer):
        for i in range(limit):
            observer.emit("step", 99 if i == change_at else i)
        observer.emit("done")
        return result if result is not None else limit

    return implementation


def test_agreeing_implementations():
    verdict = verify({"iterative": counting(5), "recursive": counting(5), "automaton": counting(5)})
    assert verdict.agree and verdict.result == 5
    assert {len(run.events) for run in verdict.runs.values()} == {6}


def test_first_divergence_with_context():
    verdict = verify({"iterative": counting(8), "automaton": counting(8, change_at=5)})
    divergence = verdict.divergence
    assert not verdict.agree
    assert (divergence.kind, divergence.index) == ("event", 5)
    assert divergence.expected == ("step", 5) and divergence.actual == ("step", 99)
    assert divergence.context_before == (("step", 2), ("step", 3), ("step", 4))
    assert divergence.reference_after == (("step", 6), ("step", 7), ("done",))
    text = divergence.describe()
    assert "event #6" in text and "step(99)   (automaton)" in text


def test_a_shorter_stream_diverges_where_it_ends():
    divergence = verify({"iterative": counting(4), "recursive": counting(3)}).divergence
    assert divergence.index == 3 and divergence.expected == ("step", 3) and divergence.actual == ("done",)


def test_same_stream_different_result():
    divergence = verify({"iterative": counting(2), "recursive": counting(2, result=7)}).divergence
    assert divergence.kind == "result" and (divergence.expected, divergence.actual) == (2, 7)


def test_a_crash_is_a_finding_not_a_crash():
    def broken(observer):
        observer.emit("step", 0)
        raise RuntimeError("boom")

    verdict = verify({"iterative": counting(1), "automaton": broken})
    assert verdict.divergence.kind == "event"
    verdict = verify({"iterative": counting(0), "automaton": lambda obs: (_ for _ in ()).throw(RuntimeError("x"))})
    assert not verdict.agree


def failing_after(count, message):
    def implementation(observer):
        for i in range(count):
            observer.emit("step", i)
        raise RuntimeError(message)

    return implementation


def test_an_implementation_failing_on_the_same_events_is_named():
    divergence = verify({"iterative": failing_after(2, "one"), "automaton": failing_after(2, "two")}).divergence
    where = "(test_verify.py:57, in implementation)"  # the line of the raise in failing_after
    assert (divergence.kind, divergence.other, divergence.actual) == ("error", "automaton", f"RuntimeError: two {where}")
    assert divergence.describe() == (f"automaton failed after 2 events that agree with iterative: RuntimeError: two {where}\n"
                                     "  its last events: step(0), step(1)")


def test_a_failing_reference_is_reported_as_the_reference():
    def same_events_then_done(observer):
        observer.emit("step", 0)
        observer.emit("step", 1)

    divergence = verify({"iterative": failing_after(2, "boom"), "automaton": same_events_then_done}).divergence
    assert (divergence.kind, divergence.other) == ("error", "iterative")
    assert divergence.describe() == ("the reference iterative failed after 2 events: RuntimeError: boom "
                                     "(test_verify.py:57, in implementation)\n  its last events: step(0), step(1)")
