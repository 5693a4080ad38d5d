"""Kostka's eyes: BGR uint8 frames in, dice readings out (numpy and OpenCV only)."""
