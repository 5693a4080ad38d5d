"""``python -m firmware`` is the same as the ``kostka`` command."""

import sys

from firmware.cli import main

sys.exit(main())
