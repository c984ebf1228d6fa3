"""The tutorial's maze, kept true by pytest: the loop, the automaton and the generated code agree."""

import pytest

from automata.testing import assert_equivalent


def test_the_loop_and_the_automaton_agree_on_every_case():
    assert_equivalent("maze.yaml", require_coverage=True)


@pytest.mark.automaton("maze.yaml")
def test_each_case(automaton_case):
    automaton_case.assert_equivalent()


def test_two_ways_lead_around_a_pillar():
    from automata import Recorder
    from maze import Maze
    from ways import count_ways_iteratively

    assert count_ways_iteratively(Maze(["S..", ".#.", "..E"], Recorder(), every_way=True)) == 2
