"""A context method that is its model's method: `is_complete = delegate("search")`.

A context often only forwards each question and action to the model the plain programs use:

    class ColumnSearchContext:
        def __init__(self, search):
            self.search = search

        def is_complete(self):
            return self.search.is_complete()

Every step of the automaton then pays two calls for each question, the context's and the model's.
With `delegate`, reading the attribute gives the model's own bound method, which the engines bind
once per run and call directly; the class still lists, one line each, every method the spec calls
(`automata check` finds them there):

    class ColumnSearchContext:
        def __init__(self, search):
            self.search = search

        is_complete = delegate("search")                        # the model's is_complete
        place_queen = delegate("search", "place_next_queen")    # a method of another name
"""

from __future__ import annotations

from typing import Any


class delegate:  # noqa: N801 - used like a decorator or `property`, so named like one
    """A method of the attribute `attribute`, named `method` there (by default the same name)."""

    def __init__(self, attribute: str, method: str | None = None) -> None:
        self.attribute = attribute
        self.method = method
        self.name = method

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        if self.method is None:
            self.method = name

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self  # looked up on the class (callable, so `automata check` sees a method)
        return getattr(getattr(instance, self.attribute), self.method or "")

    def __call__(self, instance: object, *args: Any, **kwargs: Any) -> Any:
        """Called through the class, as `Context.is_complete(context)`."""
        return self.__get__(instance)(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<{self.name}: self.{self.attribute}.{self.method}>"
