"""A toy context for the small systems of tests/test_systems.py: a counter, a lamp and a log."""


class Toy:
    def __init__(self, limit=2, blinks=2, observer=None):
        self.limit = limit
        self.blinks = blinks
        self.count = 0
        self.flashes = 0
        self.log = []
        self._emit = observer.emit if observer is not None else (lambda *event: None)

    # questions
    def below_limit(self):
        return self.count < self.limit

    def blinks_left(self):
        return self.flashes < self.blinks

    # actions
    def bump(self):
        self.count += 1
        self.log.append("bump")
        self._emit("bump", self.count)

    def lamp_on(self):
        self.flashes += 1
        self.log.append("on")
        self._emit("on", self.flashes)

    def lamp_off(self):
        self.log.append("off")
        self._emit("off")

    def ring(self):
        self.log.append("ring")
        self._emit("ring")

    def start(self):
        self.log.append("start")
        self._emit("start")


def make_context(case, observer):
    return Toy(case.get("limit", 2), case.get("blinks", 2), observer)


def plain(toy):
    """The same program without automata: start, count to the limit, blink, ring."""
    toy.start()
    while toy.below_limit():
        toy.bump()
    toy.lamp_on()  # the lamp automaton's first step, nested in A0's state 1
    while True:
        if toy.blinks_left():
            toy.lamp_off()
            toy.lamp_on()
        else:
            break
    toy.ring()
    return toy.log


def result(toy, final_state):
    return toy.log


IMPLEMENTATIONS = {"plain": plain}
CASES = {"limit 0, one blink": {"limit": 0, "blinks": 1}, "limit 2, two blinks": {"limit": 2, "blinks": 2}}
