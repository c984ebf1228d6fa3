"""The player's page without a browser: what it embeds, what it escapes, and how pictures are kept."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from core_support import COUNTER_SPEC, Counter, run_cli

from automata.errors import UserCodeError
from automata.io.files import SPECS_DIR
from automata.io.html.player import ending, player_html
from automata.io.loader import load_spec, spec_from_text
from automata.runtime.events import NullObserver
from automata.runtime.program import load_program
from automata.runtime.pictures import PictureBook
from automata.runtime.recording import record_run
from automata.runtime.stepwise import open_automaton
from automata.runtime.trace import MemorySink

HANOI = Path(__file__).parent / "data" / "hanoi" / "hanoi.yaml"


def embedded_data(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="run-data">(.*?)</script>', page, re.DOTALL)
    assert found, "the page embeds its run"
    return json.loads(found.group(1))


def knight_recording(steps: int | None = None):
    from solvers.knight_tour.model import KnightTour, KnightTourInstance
    from solvers.knight_tour.picture import board_picture

    spec = load_spec("specs/knight_tour.yaml")
    tour = KnightTour(KnightTourInstance(5, 5, (1, 1)), NullObserver())
    return spec, record_run(open_automaton(spec, tour), tour, board_picture,
                            max_recorded_steps=steps if steps is not None else 1_000)


def test_the_page_embeds_every_step_of_the_run():
    spec, recording = knight_recording()
    sink = MemorySink()
    from solvers.knight_tour.model import KnightTour, KnightTourInstance

    open_automaton(spec, KnightTour(KnightTourInstance(5, 5, (1, 1)), NullObserver()), sinks=[sink]).run()
    data = embedded_data(player_html(spec, recording, case="5x5"))
    assert data["steps"]["after"] == [record.state_after for record in sink.records]
    assert data["steps"]["arc"] == [-1 if record.arc is None else record.arc for record in sink.records]
    assert [tuple((name, bool(value)) for name, value in data["inputSets"][index])
            for index in data["steps"]["inputs"]] == [record.inputs for record in sink.records]
    assert data["end"]["final"] == 2 and "finished in state 2 (Tour found) after 26 steps" in data["end"]["summary"]
    # every step of a short run has its picture; step 0 is the empty board
    album = data["album"]
    assert len(album["dense"]) == 27 and album["frames"] == [] and album["denseUntil"] == 26 and album["stride"] == 1
    first = album["pictures"][album["dense"][0]]
    assert "<svg" in first and ">1</text>" not in first


def test_the_page_has_every_state_and_arc_marked_and_nothing_from_outside():
    spec, recording = knight_recording()
    page = player_html(spec, recording)
    assert page.startswith("<!DOCTYPE html>")
    assert '<html lang="en" data-step="0" data-state="0" data-automaton="A1" data-picture-step="">' in page
    assert sorted(map(int, re.findall(r'class="node" data-state="(\d+)"', page))) == sorted(spec.states)
    assert sorted(map(int, re.findall(r'class="edge" data-arc="(\d+)"', page))) == [arc.index for arc in spec.arcs]
    assert page.count('tabindex="0" role="button"') == len(spec.states), "every state takes the keyboard's focus"
    assert 'role="group" aria-label="transition graph of A1: Knight&#x27;s tour"' in page
    assert not re.search(r'(?:src|href)\s*=\s*"(?:https?:)?//', page), "no resource is fetched from elsewhere"
    assert "<link" not in page and "@import" not in page and "<script src" not in page


def test_spec_text_cannot_break_out_of_the_page():
    hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)>"
    text = COUNTER_SPEC.replace("title: Counter", f"title: '{hostile}'").replace(
        'doc: "the limit is reached?"', f"doc: '{hostile}'")
    spec = spec_from_text(text, "counter.yaml")
    counter = Counter(limit=2)
    page = player_html(spec, record_run(open_automaton(spec, counter), counter), case=hostile)
    assert "<script>alert" not in page and "<img src=x" not in page
    assert page.count("<script") == 2  # the data block and the player's own script
    data = embedded_data(page)
    assert data["automata"]["A7"]["inputs"]["x1"] == hostile  # the text itself survives, as data


FRAME = "\n".join(f'<rect x="{10 * column}" y="30" width="9" height="9" fill="#eee"/>' for column in range(20))


def counter_pictures(context: Counter) -> str:
    """A picture most of which stays the same from one step to the next, as a board does."""
    return f'<svg xmlns="http://www.w3.org/2000/svg">\n<text y="20">{context.count}</text>\n{FRAME}\n</svg>'


def test_every_position_has_its_picture_and_the_page_rebuilds_each_exactly():
    spec = spec_from_text(COUNTER_SPEC, "counter.yaml")
    counter = Counter(limit=300)
    recording = record_run(open_automaton(spec, counter), counter, counter_pictures)
    album = recording.album
    assert [step for step, _ in album.frames] == list(range(recording.steps + 1)) and album.stride == 1
    assert len(album.pictures) * 20 < len(album.frames), "most positions are kept as the lines that changed"
    for position in (0, 1, 2, 150, 299, recording.steps):
        step, text = album.picture_at(position)
        assert step == position and f">{min(position, 300)}</text>" in text


def test_a_long_run_goes_on_with_keyframes_and_the_steps_that_matter():
    spec = spec_from_text(COUNTER_SPEC, "counter.yaml")
    counter = Counter(limit=5_000)
    recording = record_run(open_automaton(spec, counter, engine="generated"), counter, counter_pictures,
                           max_pictures=50, dense_bytes=20_000)
    album = recording.album
    steps = [step for step, _ in album.frames]
    assert recording.steps == 5_001 and recording.final_state == 1
    assert 0 < album.dense_until < 1_000 and steps[:album.dense_until + 1] == list(range(album.dense_until + 1))
    sparse = steps[album.dense_until + 1:]
    assert recording.album.stride in (64, 128, 256) and len(sparse) <= 52
    assert all(step % album.stride == 0 for step in sparse[1:-1]) and sparse[-1] == 5_001, "the end is drawn"
    assert album.picture_at(4_321)[0] == 4_321 - 4_321 % album.stride


def test_the_steps_that_report_a_solution_keep_their_picture():
    """8 queens, every solution: past the budget for every step, each solution still has its board."""
    program = load_program(SPECS_DIR / "queens_backtracking.yaml")
    case = program.case_from_params({"n": "8"})
    from automata.runtime.events import Recorder

    events = Recorder()
    context = program.new_context(case, events)
    recording = record_run(open_automaton(program.spec, context, max_steps=program.max_steps(case)), context,
                           program.extras["picture"], events=events, key_events=program.extras["key_events"],
                           dense_bytes=20_000)
    album = recording.album
    assert album.dense_until < 1_000 and recording.steps == 4_205
    solutions = [position for position in range(1, recording.steps + 1)
                 if any(event[0] == "solution" for event in
                        recording.events[recording.event_marks[position - 2] if position > 1 else 0:recording.event_marks[position - 1]])]
    assert len(solutions) == 92
    for position in solutions:
        step, board = album.picture_at(position)
        assert step == position and board.count("♛") == 8


def test_identical_pictures_are_stored_once():
    book = PictureBook(lambda context: "<svg/>")
    for step in range(10):
        book.add(step, None)
    album = book.album()
    assert album.pictures == ("<svg/>",) and [index for _, index in album.frames] == [0] * 10


def test_a_recording_stops_at_its_limit_and_says_so():
    spec, recording = knight_recording(steps=5)
    assert (recording.steps, recording.truncated, recording.final_state) == (5, True, None)
    assert "the recording stops after 5 steps" in ending(spec, recording)


def test_a_failing_picture_is_reported_with_its_step():
    spec = spec_from_text(COUNTER_SPEC, "counter.yaml")
    counter = Counter(limit=3)

    def broken(context: Counter) -> str:
        if context.count == 2:
            raise KeyError("no cell")
        return "<svg/>"

    with pytest.raises(UserCodeError, match=r"picture\(context\), after step 2, raised KeyError: 'no cell' \(.*test_player.py:\d+, in broken\)"):
        record_run(open_automaton(spec, counter), counter, broken)


def test_automata_player_writes_one_file_for_a_problem(tmp_path, capsys):
    out = tmp_path / "tour.html"
    code, stdout, stderr = run_cli(capsys, "player", "knight-tour", "--board", "5x5", "--start", "1,1", "-o", str(out))
    assert code == 0, stderr
    assert "26 steps, a picture at every step" in stderr and stdout.strip().endswith("tour.html")
    data = embedded_data(out.read_text(encoding="utf-8"))
    assert len(data["steps"]["after"]) == 26 and data["root"] == "A1"


def test_automata_player_runs_a_users_spec_and_refuses_bad_cases(tmp_path, capsys):
    out = tmp_path / "hanoi.html"
    code, _, stderr = run_cli(capsys, "player", str(HANOI), "--case", "three disks", "-o", str(out))
    assert code == 0, stderr
    assert len(embedded_data(out.read_text(encoding="utf-8"))["steps"]["after"]) == 23
    code, _, stderr = run_cli(capsys, "player", "knight-tour", "--board", "5x5", "--start", "9,9", "-o", str(out))
    assert code == 2 and "outside the 5x5 board" in stderr
    code, _, stderr = run_cli(capsys, "player", str(HANOI), "--case", "no such", "-o", str(out))
    assert code == 2 and "no case 'no such'" in stderr


@pytest.mark.parametrize("spec_file", sorted(SPECS_DIR.glob("*.yaml")), ids=lambda path: path.stem)
def test_every_shipped_program_draws_its_problem(spec_file):
    """Each shipped program names a picture, and it draws every kept step of its first case."""
    program = load_program(spec_file)
    assert "picture" in program.extras, f"{program.module_name} defines no picture(context)"
    _, case = next(iter(program.cases.items()))
    context = program.new_context(case, NullObserver())
    automaton = open_automaton(program.spec, context, max_steps=program.max_steps(case))
    recording = record_run(automaton, context, program.extras["picture"], max_recorded_steps=2_000)
    assert recording.error == "" and recording.frames[0][0] == 0 and recording.album.stride == 1
    assert recording.frames[-1][0] == recording.steps
    assert all(picture.lstrip().startswith("<svg") for picture in recording.pictures)
