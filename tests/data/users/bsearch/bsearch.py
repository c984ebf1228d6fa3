"""Leftmost binary search: the first index whose item is not less than the target.

The recursive version has the bug a user once wrote: it looks at the first item of the range
before asking whether the range is empty, so on a target above every item it reads one past the
end of the list and raises IndexError.
"""

from __future__ import annotations


class BinarySearch:
    def __init__(self, items: list[int], target: int, observer) -> None:
        self.items, self.target, self.observer = items, target, observer
        self.low, self.high = 0, len(items)

    # questions
    def is_range_empty(self) -> bool:
        return self.low >= self.high

    def is_middle_less(self) -> bool:
        return self.items[self.middle()] < self.target

    def middle(self) -> int:
        return (self.low + self.high) // 2

    # actions
    def go_right(self) -> None:
        self.observer.emit("probe", self.middle())
        self.low = self.middle() + 1

    def go_left(self) -> None:
        self.observer.emit("probe", self.middle())
        self.high = self.middle()

    def report(self) -> None:
        self.observer.emit("answer", self.low)


def make_context(case, observer):
    return BinarySearch(list(case["items"]), case["target"], observer)


def iterative(search: BinarySearch) -> int:
    while not search.is_range_empty():
        if search.is_middle_less():
            search.go_right()
        else:
            search.go_left()
    search.report()
    return search.low


def recursive(search: BinarySearch) -> int:
    if search.items[search.low] >= search.target or search.is_range_empty():  # the bug: the order of the tests
        search.report()
        return search.low
    if search.is_middle_less():
        search.go_right()
    else:
        search.go_left()
    return recursive(search)


def result(search: BinarySearch, final_state: int) -> int:
    return search.low


def parse_case(params):
    """A case from `--items 1,3,3,5 --target 3` (or -p items=1,3,3,5 -p target=3)."""
    return {"items": [int(item) for item in params.get("items", "").split(",") if item.strip()],
            "target": int(params.get("target", "0"))}


def explore_cases():
    for size in range(4):
        for target in range(size + 2):
            yield f"{size} items, target {target}", {"items": list(range(size)), "target": target}


IMPLEMENTATIONS = {"iterative": iterative, "recursive": recursive}
CASES = {"in the middle": {"items": [1, 3, 3, 5], "target": 3}, "past the end": {"items": [1, 2], "target": 9}}
