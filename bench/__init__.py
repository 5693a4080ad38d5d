"""Benchmarks of the reader, the rules and the appliance, run from the repository's root as
``python -m bench.NAME`` (e.g. ``.venv/bin/python -m bench.bench_vision``)."""
