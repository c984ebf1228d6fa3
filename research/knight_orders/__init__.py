"""The knight's tour move orders: how the five orders of `solvers.knight_tour.model` were chosen."""
