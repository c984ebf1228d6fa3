"""The pictures of a recorded run: one for every position of the run while the budget allows.

A program may define `picture(context) -> str`, an SVG of its context as it stands. The player
shows the picture of the position it is at, so ideally every position has its own. Two successive
pictures differ in a few lines (a queen placed, a move numbered, a caption), so the book keeps
most pictures as the lines that changed from the one before (a *delta*) and a whole picture now
and then, so that a page rebuilds any position from a whole picture and at most `MAX_CHAIN`
deltas. While the text kept stays under `dense_bytes`, every position has its own picture.

A run too long for that goes on with *keyframes*: whole pictures at a stride that doubles when
they pass their own budget, as a video keeps keyframes. Positions marked `key` (a step that
enters a final state, or reports one of the program's KEY_EVENTS, such as a solution) keep their
own picture there too, up to `max_key_pictures` of them.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import InputError
from .user_code import running_user_code

Picture = Callable[[object], str]
# One change of a picture's lines: at line `at` (of the picture being rebuilt), remove `remove`
# lines and insert these. A delta's changes apply in order.
Change = tuple[int, int, tuple[str, ...]]
Delta = tuple[Change, ...]

DEFAULT_DENSE_BYTES = 4_000_000
DEFAULT_MAX_PICTURES = 1_000  # keyframes of the sparse part
DEFAULT_MAX_PICTURE_BYTES = 2_000_000  # the sparse part's keyframes
DEFAULT_MAX_KEY_PICTURES = 1_000
MAX_CHAIN = 64  # deltas between two whole pictures, at most


@dataclass(frozen=True)
class Album:
    """The pictures of a run as a page replays them."""

    pictures: tuple[str, ...] = ()  # whole pictures, each once
    # (position, ref) by position: ref >= 0 is a whole picture, ref < 0 is delta -ref - 1 applied to
    # the picture of the frame just before (always the position before, in the dense part).
    frames: tuple[tuple[int, int], ...] = ()
    deltas: tuple[Delta, ...] = ()
    stride: int = 1  # keyframes' stride after the dense part (1: there was none)
    dense_until: int = 0  # every position up to this one has its own picture

    def picture_at(self, position: int) -> tuple[int, str] | None:
        """(the position whose picture is shown at `position`, that picture): what a page shows."""
        index = next((i for i in range(len(self.frames) - 1, -1, -1) if self.frames[i][0] <= position), None)
        if index is None:
            return None
        start = index
        while self.frames[start][1] < 0:
            start -= 1
        lines = self.pictures[self.frames[start][1]].split("\n")
        for _, ref in self.frames[start + 1:index + 1]:
            lines = apply_delta(lines, self.deltas[-ref - 1])
        return self.frames[index][0], "\n".join(lines)


def line_delta(old: list[str], new: list[str]) -> Delta:
    """The changes that turn the lines `old` into `new`."""
    changes = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag != "equal":
            changes.append((j1, i2 - i1, tuple(new[j1:j2])))
    return tuple(changes)


def apply_delta(lines: list[str], delta: Delta) -> list[str]:
    lines = list(lines)
    for at, remove, insert in delta:
        lines[at:at + remove] = insert
    return lines


def _size(delta: Delta) -> int:
    return sum(12 + sum(len(line) + 3 for line in insert) for _, _, insert in delta) + 2


@dataclass
class PictureBook:
    """Draws and keeps the pictures of a run, position by position (see the module's docs)."""

    draw: Picture
    dense_bytes: int = DEFAULT_DENSE_BYTES
    max_pictures: int = DEFAULT_MAX_PICTURES
    max_bytes: int = DEFAULT_MAX_PICTURE_BYTES
    max_key_pictures: int = DEFAULT_MAX_KEY_PICTURES
    stride: int = 1
    _pictures: dict[str, int] = field(default_factory=dict)
    _deltas: dict[Delta, int] = field(default_factory=dict)
    _frames: list[tuple[int, int]] = field(default_factory=list)
    _bytes: int = 0
    _last: tuple[int, str, list[str]] | None = None  # the last dense frame: position, text, lines
    _chain: tuple[int, int] = (0, 0)  # deltas since the last whole picture, and their bytes
    _dense: bool = True
    _sparse: dict[int, str] = field(default_factory=dict)  # position -> picture, thinned by the stride
    _keys: dict[int, str] = field(default_factory=dict)  # position -> picture, never thinned

    def wants(self, position: int, key: bool = False) -> bool:
        return self._dense or position % self.stride == 0 or (key and len(self._keys) < self.max_key_pictures)

    def add(self, position: int, context: object, key: bool = False) -> None:
        text = self._drawn(position, context)
        if self._dense and self._add_dense(position, text):
            return
        self._dense = False
        if key and len(self._keys) < self.max_key_pictures:
            self._keys[position] = text
        if position % self.stride == 0 or not self._sparse:
            self._sparse[position] = text
            while len(self._sparse) > 1 and (len(self._sparse) > self.max_pictures or self._sparse_bytes() > self.max_bytes):
                self.stride *= 2
                self._sparse = {kept: text for kept, text in self._sparse.items() if kept % self.stride == 0}

    def last(self, position: int, context: object) -> None:
        """The end of the run: always drawn, whatever the stride."""
        if (self._frames and self._frames[-1][0] == position) or position in self._sparse or position in self._keys:
            return
        text = self._drawn(position, context)
        if not (self._dense and self._add_dense(position, text)):
            self._dense = False
            self._keys[position] = text

    def _drawn(self, position: int, context: object) -> str:
        with running_user_code(f"picture(context), after step {position:,},", anywhere=True):
            text = self.draw(context)
        if not isinstance(text, str):
            raise InputError(f"picture(context) must return SVG text, returned {type(text).__name__} after step {position:,}")
        return text

    def _add_dense(self, position: int, text: str) -> bool:
        """Keep `text` as the picture of `position` in the dense part; False when the budget is spent."""
        known = self._pictures.get(text)
        lines = text.split("\n")
        delta: Delta | None = None
        count, chain_bytes = self._chain
        if known is None and self._last is not None and self._last[0] == position - 1:
            delta = line_delta(self._last[2], lines) if text != self._last[1] else ()
            cost = 0 if delta in self._deltas else _size(delta)
            if count >= MAX_CHAIN or chain_bytes + cost > len(text):
                delta = None  # a whole picture costs less than rebuilding this one
        if delta is None:
            cost = 0 if known is not None else len(text) + 3
        if self._frames and self._bytes + cost > self.dense_bytes:
            return False
        self._bytes += cost
        if delta is None:
            ref = known if known is not None else self._pictures.setdefault(text, len(self._pictures))
            self._chain = (0, 0)
        else:
            ref = -self._deltas.setdefault(delta, len(self._deltas)) - 1
            self._chain = (count + 1, chain_bytes + cost)
        self._frames.append((position, ref))
        self._last = (position, text, lines)
        return True

    def _sparse_bytes(self) -> int:
        return sum(len(text) for text in set(self._sparse.values()))

    def album(self) -> Album:
        pictures = dict(self._pictures)
        frames = list(self._frames)
        for position in sorted({**self._sparse, **self._keys}):
            text = self._keys.get(position) or self._sparse[position]
            frames.append((position, pictures.setdefault(text, len(pictures))))
        return Album(pictures=tuple(pictures), frames=tuple(frames),
                     deltas=tuple(sorted(self._deltas, key=self._deltas.__getitem__)),
                     stride=1 if self._dense else self.stride, dense_until=self._frames[-1][0] if self._frames else -1)
