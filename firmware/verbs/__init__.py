"""One module per ``kostka`` sub-command; each has ``add_parser(subparsers)`` and ``run(args) -> int``."""
