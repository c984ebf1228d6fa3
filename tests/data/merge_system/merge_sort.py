"""A bottom-up merge sort with a step budget, for the system of tests/data/merge_system: A0 sorts
pass by pass, A1 merges one pair of runs, A2 counts A0's steps and says when the budget is spent."""

import itertools


class MergeSort:
    def __init__(self, items, budget, observer=None):
        self.items = list(items)
        self.budget = budget
        self.spent = 0
        self.width = 1
        self.left = self.mid = self.end = self.i = self.j = 0
        self.merged = []
        self._emit = observer.emit if observer is not None else (lambda *event: None)

    # A0: the passes
    def has_pair(self):
        return self.left < len(self.items)

    def has_next_width(self):
        return self.width < len(self.items)

    def start(self):
        self.width, self.left = 1, 0
        self._emit("start", len(self.items))

    def next_pair(self):
        n = len(self.items)
        self.mid, self.end = min(self.left + self.width, n), min(self.left + 2 * self.width, n)
        self.i, self.j, self.merged = self.left, self.mid, []
        self._emit("pair", self.left, self.mid, self.end)

    def double_width(self):
        self.width, self.left = 2 * self.width, 0
        self._emit("width", self.width)

    def give_up(self):
        self._emit("gave up", self.spent)

    # A1: one pair
    def left_has(self):
        return self.i < self.mid

    def right_has(self):
        return self.j < self.end

    def left_first(self):
        return self.items[self.i] <= self.items[self.j]

    def take_left(self):
        self.merged.append(self.items[self.i])
        self.i += 1
        self._emit("take", self.merged[-1])

    def take_right(self):
        self.merged.append(self.items[self.j])
        self.j += 1
        self._emit("take", self.merged[-1])

    def write_back(self):
        self.items[self.left:self.end] = self.merged
        self._emit("merged", self.left, self.end)
        self.left = self.end

    # A2: the budget
    def budget_left(self):
        return self.spent < self.budget

    def spend(self):
        self.spent += 1
        self._emit("tick", self.spent)


def make_context(case, observer):
    return MergeSort(case["items"], case.get("budget", 1000), observer)


def _merge(sort):
    while True:
        if sort.left_has() and sort.right_has():
            sort.take_left() if sort.left_first() else sort.take_right()
        elif sort.left_has():
            sort.take_left()
        elif sort.right_has():
            sort.take_right()
        else:
            sort.write_back()
            return


def iterative(sort):
    sort.start()
    while True:
        if not sort.budget_left():
            sort.give_up()
            return tuple(sort.items), "out of budget"
        sort.spend()
        if sort.has_pair():
            sort.next_pair()
            _merge(sort)
        elif sort.has_next_width():
            sort.double_width()
        else:
            return tuple(sort.items), "sorted"


def result(sort, final_state):
    return tuple(sort.items), "sorted" if final_state == 2 else "out of budget"


IMPLEMENTATIONS = {"iterative": iterative}
CASES = {
    "empty": {"items": [], "budget": 5},
    "one item": {"items": [7], "budget": 5},
    "three items": {"items": [3, 1, 2], "budget": 50},
    "ties": {"items": [2, 1, 2, 1, 3], "budget": 50},
    "budget spent": {"items": [4, 3, 2, 1], "budget": 3},
}


def explore_cases():
    for size in itertools.count():
        for budget in (0, 2, 100):
            for items in itertools.permutations(range(size)):
                yield f"{list(items)} with budget {budget}", {"items": list(items), "budget": budget}
