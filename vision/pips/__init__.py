"""Pips mode: the dice network finds the dice, the face classifier reads their pips (``read_pips``)."""
