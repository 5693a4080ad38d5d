"""The appliance's one error root: every error firmware raises for a person to read is a ``KostkaError``.

Its message says what happened and what to do. ``kostka`` turns it, like the rules' ``RulesError`` and
the reader's ``VisionError``, into one line on stderr and exit code 2.
"""

from __future__ import annotations


class KostkaError(Exception):
    """Something the appliance cannot do; the message says what happened and what to do."""
