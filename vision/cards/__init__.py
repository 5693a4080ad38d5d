"""Lezard cards: a square, two squares or a lizard in the board's colours (``read_cards``)."""
