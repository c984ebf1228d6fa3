"""Fifteen puzzle: Korf's IDA* with the Manhattan distance, on his 100 instances."""
