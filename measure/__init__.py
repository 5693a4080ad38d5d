"""Measuring the reader: synthetic frames with their truth (``measure.synth``), labelled photos
(``measure.labels``, ``measure.label_fixes``, ``measure.photo_sets``, ``measure.changes``) and the
scoring of readings against labels (``measure.scoring``). Imports vision; vision never imports it."""
