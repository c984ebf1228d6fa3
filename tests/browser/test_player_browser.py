"""The player in headless Chromium: keys move the replay, the page says where it is, the graph and
the board show that step, and nothing is fetched from anywhere."""

from __future__ import annotations

import io
import re
import urllib.parse
from pathlib import Path

import pytest
from core_support import COUNTER_SPEC, Counter
from png import pixels

from automata.cli import main
from automata.io.html.player import player_html
from automata.io.loader import load_spec, spec_from_text
from automata.runtime.events import NullObserver
from automata.runtime.recording import record_run
from automata.runtime.stepwise import open_automaton
from automata.runtime.trace import MemorySink, ProtocolSink

HIGHLIGHT = (0xFF, 0xD5, 0x4F)  # the current state's fill (player.css)


@pytest.fixture(scope="module")
def tour_page(tmp_path_factory) -> Path:
    """The issue's own command: `automata player knight-tour --board 5x5 --start 1,1 -o tour.html`."""
    out = tmp_path_factory.mktemp("player") / "tour.html"
    with pytest.raises(SystemExit) as stop:
        main(["player", "knight-tour", "--board", "5x5", "--start", "1,1", "-o", str(out)])
    assert stop.value.code in (0, None)
    return out


def knight_protocol():
    """The protocol of the same run, by step, and the records."""
    from solvers.knight_tour.model import KnightTour, KnightTourInstance

    spec = load_spec("specs/knight_tour.yaml")
    text, memory = io.StringIO(), MemorySink()
    open_automaton(spec, KnightTour(KnightTourInstance(5, 5, (1, 1)), NullObserver()),
                   sinks=[ProtocolSink(text), memory]).run()
    steps = re.findall(r"^\{ A1: started.*?^\} A1: finished in state (\d+).*?$", text.getvalue(), re.MULTILINE | re.DOTALL)
    blocks = re.findall(r"^\{ A1: started.*?^\} A1: finished in state \d+.*?$", text.getvalue(), re.MULTILINE | re.DOTALL)
    return [int(state) for state in steps], blocks, memory.records


def board_after(steps: int) -> str:
    from solvers.knight_tour.model import KnightTour, KnightTourInstance
    from solvers.knight_tour.picture import board_picture

    tour = KnightTour(KnightTourInstance(5, 5, (1, 1)), NullObserver())
    automaton = open_automaton(load_spec("specs/knight_tour.yaml"), tour)
    automaton.run_until(step=steps)
    return board_picture(tour)


def shown_picture(page) -> str:
    source = page.get_attribute("#picture", "src")
    assert source.startswith("data:image/svg+xml;charset=utf-8,")
    return urllib.parse.unquote(source.split(",", 1)[1])


def test_ten_right_presses_show_step_ten_as_the_protocol_has_it(visit, tour_page):
    states, blocks, records = knight_protocol()
    view = visit(tour_page)
    assert (view.root("step"), view.root("state"), view.root("ready")) == ("0", "0", "true")
    view.press("ArrowRight", 10)
    assert view.root("step") == "10"
    assert view.root("state") == str(states[9]), "the state the protocol names for step 10"
    # the highlighted state's element is that state, the highlighted arc is step 10's arc
    assert view.page.get_attribute("#graph .node.current", "data-state") == str(states[9])
    assert view.page.locator("#graph .node.current").count() == 1
    assert view.page.get_attribute("#graph .edge.taken", "data-arc") == str(records[9].arc)
    # the protocol panel shows step 10's lines, exactly as `--protocol` prints them
    assert view.page.inner_text("#protocol").splitlines() == blocks[9].splitlines()
    # the board: the knight's path after step 10, as many cells as the protocol's moves say
    lines = "\n".join(blocks[:10])
    path_length = lines.count("* z2:") + lines.count("* z7:") - lines.count("* z8:")
    board = shown_picture(view.page)
    assert board == board_after(10)
    assert re.findall(r">(\d+)</text>", board) == [str(number) for number in range(1, path_length + 1)]
    assert view.outside_requests(tour_page) == [] and view.errors == []


def test_left_space_jump_and_next_visit(visit, tour_page):
    states, _, _ = knight_protocol()
    view = visit(tour_page)
    view.press("ArrowRight", 3)
    view.press("ArrowLeft")
    assert view.root("step") == "2"
    view.press(" ")  # play
    view.page.wait_for_function("Number(document.documentElement.dataset.step) >= 4")
    view.press(" ")  # pause
    paused = view.root("step")
    view.page.wait_for_timeout(300)
    assert view.root("step") == paused and view.page.inner_text("#play").endswith("Play")
    view.page.fill("#step-number", "20")
    view.page.press("#step-number", "Enter")
    assert (view.root("step"), view.root("state")) == ("20", str(states[19]))
    view.press("Home")
    view.page.select_option("#visit-state", "2")
    view.page.click("#visit")
    assert (view.root("step"), view.root("state")) == (str(len(states)), "2"), "the tour is found at the last step"
    view.press("End")
    view.press("ArrowRight")
    assert view.root("step") == str(len(states)) and "Tour found" in view.page.inner_text("#status")
    assert view.errors == []


def test_a_screenshot_of_the_current_state_shows_the_highlight(visit, tour_page):
    view = visit(tour_page)
    node = view.page.locator('#graph [data-state="1"]')
    before = pixels(node.screenshot())
    view.press("ArrowRight")  # step 1 enters state 1
    assert view.root("state") == "1"
    after = pixels(node.screenshot())
    share = sum(pixel == HIGHLIGHT for pixel in after) / len(after)
    assert share > 0.3, f"only {share:.0%} of the current state's box has the highlight colour"
    assert sum(pixel == HIGHLIGHT for pixel in before) == 0


def test_a_run_of_100000_steps_stays_responsive(visit, tmp_path):
    spec = spec_from_text(COUNTER_SPEC, "counter.yaml")
    counter = Counter(limit=100_000)
    recording = record_run(open_automaton(spec, counter, engine="generated"), counter,
                           lambda context: f'<svg xmlns="http://www.w3.org/2000/svg"><text y="20">{context.count}</text></svg>')
    assert recording.steps == 100_001 and 0 < recording.album.dense_until < 100_000
    page = tmp_path / "long.html"
    page.write_text(player_html(spec, recording), encoding="utf-8")
    assert page.stat().st_size < 8_000_000
    view = visit(page)
    view.press("End")
    assert (view.root("step"), view.root("state")) == ("100001", "1")
    view.press("ArrowLeft")
    assert (view.root("step"), view.root("state")) == ("100000", "0")
    assert "keeps a picture every" in view.page.inner_text("#picture-caption")
    view.page.fill("#step-number", "54321")
    view.page.press("#step-number", "Enter")
    assert view.root("step") == "54321"
    view.page.select_option("#visit-state", "1")
    view.page.click("#visit")
    assert view.root("step") == "100001"
    view.page.select_option("#speed", "10000")
    view.press("Home")
    view.press(" ")
    view.page.wait_for_function("Number(document.documentElement.dataset.step) > 100")
    view.press(" ")
    assert view.outside_requests(page) == [] and view.errors == []


def test_keys_step_after_the_speed_is_chosen_with_the_mouse(visit, tour_page):
    view = visit(tour_page)
    view.page.click("#speed")
    view.page.select_option("#speed", "20")
    view.page.focus("#speed")  # as after a choice with the mouse, even if the page had not given the focus back
    view.press("ArrowRight", 2)
    assert view.root("step") == "2" and view.page.input_value("#speed") == "20"
    view.press("ArrowLeft")
    assert view.root("step") == "1" and view.page.input_value("#speed") == "20"
    # the graph's states take the keyboard's focus: Enter on state 2 finds its next visit
    view.page.focus('#graph [data-state="2"]')
    view.press("Enter")
    assert (view.root("state"), view.root("step")) == ("2", "26")
    assert view.errors == []


def test_the_quiz_counts_a_right_and_a_wrong_answer(visit, tour_page):
    _, _, records = knight_protocol()
    view = visit(tour_page)
    view.page.click("#quiz-toggle")
    assert "reads x1=0" in view.page.inner_text("#quiz-question")
    view.page.click(f'#quiz-choices [data-choice="{records[0].arc}"]')  # the arc step 1 took: right
    assert view.root("step") == "1" and view.page.inner_text("#quiz-verdict").startswith("Right")
    wrong = next(choice for choice in view.page.eval_on_selector_all(
        "#quiz-choices [data-choice]", "nodes => nodes.map(node => node.dataset.choice)") if choice != str(records[1].arc))
    view.page.click(f'#quiz-choices [data-choice="{wrong}"]')
    score = view.page.locator("#quiz-score")
    assert (score.get_attribute("data-right"), score.get_attribute("data-wrong")) == ("1", "1")
    assert view.root("step") == "2" and score.inner_text() == "1 of 2" and view.errors == []


def test_the_first_solution_of_10_queens_shows_10_queens(visit, tmp_path):
    page = tmp_path / "queens.html"
    with pytest.raises(SystemExit) as stop:
        main(["player", "queens", "--n", "10", "--algorithm", "backtracking", "--first", "1", "-o", str(page)])
    assert stop.value.code in (0, None)
    view = visit(page)
    view.page.select_option("#visit-state", "2")  # state 2: Solution found
    view.page.click("#visit")
    assert view.root("state") == "2" and view.root("picture-step") == view.root("step")
    assert shown_picture(view.page).count("\u265b") == 10
    assert view.page.inner_text("#picture-caption") == f"The problem after step {int(view.root('step')):,}."
    assert view.errors == []


def test_step_into_a_called_automaton_and_out_again(visit, tmp_path):
    page = tmp_path / "system.html"
    with pytest.raises(SystemExit) as stop:
        main(["player", "specs/knight_tour_system.yaml", "-o", str(page)])
    assert stop.value.code in (0, None)
    view = visit(page)
    assert view.root("automaton") == "A0"
    view.press("ArrowRight")  # into A0's first step: A1's first step
    assert (view.root("automaton"), view.root("step")) == ("A1", "1")
    assert view.page.inner_text("#where") == "A0 (in state 0 (Start), taking arc 2: !x1 / z2, z6) › A1"
    assert view.page.locator('.automaton-graph[data-automaton="A1"]').is_visible()
    assert not view.page.locator('.automaton-graph[data-automaton="A0"]').is_visible()
    view.press("ArrowUp")  # out: the end of A0's step
    assert (view.root("automaton"), view.root("state"), view.root("step")) == ("A0", "1", "26")
    view.press("Home")
    view.press("ArrowDown")  # over A1's steps
    assert (view.root("automaton"), view.root("step")) == ("A0", "26")
    assert "y1 == 1" in view.page.inner_text("#inputs") and view.errors == []


def test_simulate_mode_fires_the_arc_the_inputs_choose(visit, tmp_path):
    page = tmp_path / "simulate.html"
    with pytest.raises(SystemExit) as stop:
        main(["player", "specs/knight_tour_system.yaml", "--simulate", "-o", str(page)])
    assert stop.value.code in (0, None)
    view = visit(page)
    literals = "nodes => nodes.map(node => node.dataset.literal + '=' + node.dataset.value)"
    assert view.page.eval_on_selector_all("#arcs [data-literal]", literals) == ["x1=0", "!x1=1"]
    view.page.click('[data-input="x1"]')  # x1 = 1: the arc to state 4 fires
    assert view.page.eval_on_selector_all("#arcs [data-literal]", literals) == ["x1=1", "!x1=0"]
    view.page.click('[data-input="x1"]')
    view.page.click('[data-action="fire"]')  # !x1 / z2, z6 to state 1
    assert (view.root("state"), view.root("step")) == ("1", "1")
    assert "z6: search with the current move order" in view.page.inner_text("#outputs")
    view.page.select_option('[data-test="y1"]', "4")  # A1 ended at the return limit
    view.page.click('[data-input="x2"]')  # and another move order is left: restart
    assert view.page.eval_on_selector_all("#arcs li.fires [data-literal]", literals) == ["y1 == 4=1", "x2=1"]
    view.page.click('[data-action="fire"]')
    assert view.root("state") == "1" and view.page.locator('.edge.taken[data-arc="4"]').count() == 1
    view.press("ArrowLeft")  # back undoes the step
    view.press("ArrowLeft")
    assert (view.root("state"), view.root("step")) == ("0", "0")
    assert view.outside_requests(page) == [] and view.errors == []
