"""Hypothesis profiles. The default profile keeps the suite fast; a longer search of the random
machines (tests/test_random_machines.py) runs with HYPOTHESIS_PROFILE=long."""

import os

from hypothesis import settings

settings.register_profile("long", max_examples=5_000, deadline=None)

if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
