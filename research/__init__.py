"""Research and one-off experiments behind the project's choices; not part of the installed package.

Run the modules from the repository root (``python3 -m research.<topic>.<module>``); see README.md.
"""
