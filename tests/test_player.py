"""The player's page without a browser: what it embeds, what it escapes, and how pictures are kept."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from core_support import COUNTER_SPEC, Counter, run_cli

from automata.errors import UserCodeError
from automata.io.files import SPECS_DIR
from automata.io.html.player import player_data, player_html
from automata.io.loader import load_spec, spec_from_text
from automata.runtime.events import NullObserver
from automata.runtime.program import load_program
from automata.runtime.recording import PictureBook, record_run
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
    assert [step for step, _ in data["frames"]] == list(range(27)) and data["stride"] == 1
    first = base64.b64decode(data["pictures"][data["frames"][0][1]]).decode()
    assert "<svg" in first and ">1</text>" not in first


def test_the_page_has_every_state_and_arc_marked_and_nothing_from_outside():
    spec, recording = knight_recording()
    page = player_html(spec, recording)
    assert page.startswith("<!DOCTYPE html>") and '<html lang="en" data-step="0" data-state="0">' in page
    assert sorted(map(int, re.findall(r'class="node" data-state="(\d+)"', page))) == sorted(spec.states)
    assert sorted(map(int, re.findall(r'class="edge" data-arc="(\d+)"', page))) == [arc.index for arc in spec.arcs]
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
    assert data["inputs"]["x1"] == hostile  # the text itself survives, as data


def test_a_long_run_keeps_keyframes_at_a_doubling_stride():
    spec = spec_from_text(COUNTER_SPEC, "counter.yaml")
    counter = Counter(limit=5_000)
    recording = record_run(open_automaton(spec, counter, engine="generated"), counter,
                           lambda context: f"<svg><text>{context.count}</text></svg>", max_pictures=50)
    steps = [step for step, _ in recording.frames]
    assert recording.steps == 5_001 and recording.final_state == 1
    assert recording.stride in (128, 256) and len(steps) <= 51
    assert all(step % recording.stride == 0 for step in steps[:-1]) and steps[-1] == 5_001, "the end is drawn"
    assert len(recording.pictures) == len(steps)


def test_identical_pictures_are_stored_once():
    book = PictureBook(lambda context: "<svg/>")
    for step in range(10):
        book.add(step, None)
    pictures, frames = book.album()
    assert pictures == ("<svg/>",) and [index for _, index in frames] == [0] * 10


def test_a_recording_stops_at_its_limit_and_says_so():
    spec, recording = knight_recording(steps=5)
    assert (recording.steps, recording.truncated, recording.final_state) == (5, True, None)
    assert "the recording stops after 5 steps" in player_data(spec, recording)["end"]["summary"]


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
    assert "26 steps, 27 pictures" in stderr and stdout.strip().endswith("tour.html")
    data = embedded_data(out.read_text(encoding="utf-8"))
    assert len(data["steps"]["after"]) == 26 and data["automaton"] == "A1"


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
    assert recording.error == "" and recording.frames[0][0] == 0
    assert recording.frames[-1][0] == recording.steps
    assert all(picture.lstrip().startswith("<svg") for picture in recording.pictures)
