"""Hypothesis profiles. The default profile keeps the suite fast; a longer search of the random
machines (tests/test_random_machines.py) runs with HYPOTHESIS_PROFILE=long.

No example has a deadline: Hypothesis's default (200 ms per example) fails a correct test on a
loaded machine (two suites at once on two cores), and a test never asserts wall-clock time."""

import os

from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.register_profile("long", max_examples=5_000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or "default")
