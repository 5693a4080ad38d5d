"""Colour mode: Nogi Stonogi's colour dice and the star (``read_colours``)."""
