"""Tower of Hanoi: a model with an explicit stack of frames, its plain implementations and cases."""

from __future__ import annotations


class Hanoi:
    """Pegs 1..3, disks numbered 1 (smallest) to n; frames [n, source, target, spare, started]."""

    def __init__(self, disks: int, observer) -> None:
        self.observer = observer
        self.pegs = {1: list(range(disks, 0, -1)), 2: [], 3: []}
        self.frames = [[disks, 1, 3, 2, False]]

    # questions
    def has_frame(self) -> bool:
        return bool(self.frames)

    def is_top_empty(self) -> bool:
        return self.frames[-1][0] == 0

    def is_top_fresh(self) -> bool:
        return not self.frames[-1][4]

    # actions
    def drop_frame(self) -> None:
        self.frames.pop()

    def start_frame(self) -> None:
        n, source, target, spare, _ = self.frames[-1]
        self.frames[-1][4] = True
        self.frames.append([n - 1, source, spare, target, False])

    def move_and_continue(self) -> None:
        n, source, target, spare, _ = self.frames.pop()
        self.move(source, target)
        self.frames.append([n - 1, spare, target, source, False])

    def move(self, source: int, target: int) -> None:
        disk = self.pegs[source].pop()
        self.pegs[target].append(disk)
        self.observer.emit("move", disk, source, target)


def make_context(case, observer):
    return Hanoi(case["disks"], observer)


def iterative(hanoi: Hanoi):
    while hanoi.has_frame():
        if hanoi.is_top_empty():
            hanoi.drop_frame()
        elif hanoi.is_top_fresh():
            hanoi.start_frame()
        else:
            hanoi.move_and_continue()
    return hanoi.pegs[3]


def recursive(hanoi: Hanoi):
    def solve(n: int, source: int, target: int, spare: int) -> None:
        if n:
            solve(n - 1, source, spare, target)
            hanoi.move(source, target)
            solve(n - 1, spare, target, source)

    solve(len(hanoi.pegs[1]), 1, 3, 2)
    return hanoi.pegs[3]


def result(hanoi: Hanoi, final_state: int):
    return hanoi.pegs[3]


def parse_case(params):
    return {"disks": int(params.get("disks", 3))}


IMPLEMENTATIONS = {"iterative": iterative, "recursive": recursive}
CASES = {"no disk": {"disks": 0}, "one disk": {"disks": 1}, "three disks": {"disks": 3}}
