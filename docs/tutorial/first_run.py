import sys

from automata import ProtocolSink, Recorder, execute, load_spec

from maze import Maze, MazeContext

spec = load_spec("maze.yaml")
maze = Maze(["S.#",
             "E##"], Recorder())
summary = execute(spec, MazeContext(maze), sinks=[ProtocolSink(sys.stdout)])
print(summary)
print(maze.observer.events)
