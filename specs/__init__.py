"""The shipped specs, installed as package data so that `specs/<name>.yaml` is found with
importlib.resources wherever the package is installed (automata/io/packaged.py)."""
