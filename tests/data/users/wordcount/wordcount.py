"""The word counter: the words of a text, read one character at a time."""

from __future__ import annotations


class Text:
    def __init__(self, text: str, observer) -> None:
        self.text, self.observer = text, observer
        self.position = 0
        self.start = 0
        self.words: list[str] = []

    # questions
    def is_over(self) -> bool:
        return self.position >= len(self.text)

    def is_letter(self) -> bool:
        return self.text[self.position].isalpha()

    # actions
    def start_word(self) -> None:
        self.start = self.position

    def end_word(self) -> None:
        self.words.append(self.text[self.start:self.position])
        self.observer.emit("word", self.start, self.position)

    def advance(self) -> None:
        self.position += 1


def make_context(case, observer):
    return Text(case["text"], observer)


def iterative(text: Text) -> list[str]:
    inside = False
    while not text.is_over():
        if text.is_letter():
            if not inside:
                text.start_word()
                inside = True
        elif inside:
            text.end_word()
            inside = False
        text.advance()
    if inside:
        text.end_word()
    return text.words


def recursive(text: Text, inside: bool = False) -> list[str]:
    if text.is_over():
        if inside:
            text.end_word()
        return text.words
    letter = text.is_letter()
    if letter and not inside:
        text.start_word()
    elif not letter and inside:
        text.end_word()
    text.advance()
    return recursive(text, letter)


def result(text: Text, final_state: int) -> list[str]:
    return text.words


def parse_case(params):
    return {"text": params.get("text", "")}


IMPLEMENTATIONS = {"iterative": iterative, "recursive": recursive}
CASES = {
    "empty": {"text": ""},
    "one word": {"text": "automata"},
    "spaces around": {"text": "  a word  "},
    "a sentence": {"text": "the quick brown fox, the lazy dog"},
}
