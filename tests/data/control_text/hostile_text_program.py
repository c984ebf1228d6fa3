"""The program of hostile_text.yaml: a walker of two steps, whose case names are hostile too."""


class Walker:
    def __init__(self, observer) -> None:
        self.steps = 0
        self.observer = observer

    def done(self) -> bool:
        return self.steps >= 2

    def step(self) -> None:
        self.steps += 1
        self.observer.emit("step", self.steps)


def make_context(case, observer):
    return Walker(observer)


def plain(walker: Walker) -> None:
    while not walker.done():
        walker.step()


IMPLEMENTATIONS = {"plain": plain}
CASES = {"two \u001b]0;case\u0007 \u2028 \x85": {}}
