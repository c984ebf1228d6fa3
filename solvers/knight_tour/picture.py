"""The knight's tour as the player shows it after each step: the board with the path so far."""

from __future__ import annotations

from solvers.knight_tour.model import KnightTour
from solvers.knight_tour.svg import tour_svg


def board_picture(tour: KnightTour) -> str:
    """SVG of the board with the knight's path as it stands (move numbers in the cells)."""
    return tour_svg(tour.instance.rows, tour.instance.cols, tour.path)
