import sys

from automata.engine import execute
from automata.events import Recorder
from automata.spec import load_spec
from automata.trace import ProtocolSink

from maze import Maze, MazeContext

spec = load_spec("maze.yaml")
maze = Maze(["S.#",
             "E##"], Recorder())
summary = execute(spec, MazeContext(maze), sinks=[ProtocolSink(sys.stdout)])
print(summary)
print(maze.observer.events)
