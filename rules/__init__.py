"""Kostka's rule books: positions in, legal moves, outcomes and exact advice out.

Standard library only; no printing, no files, no clock (see ../shared/STYLE.md).
"""
