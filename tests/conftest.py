"""Every test reads with the network runtime the commands choose (``firmware.onnx_runtime``), as the
product does; a test that switches runtime gets it back afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from firmware.onnx_runtime import choose_runtime


@pytest.fixture(autouse=True)
def product_runtime() -> Iterator[None]:
    choose_runtime()
    yield
    choose_runtime()
