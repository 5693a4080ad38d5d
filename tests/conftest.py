"""Every test reads with the network runtime the commands choose (``firmware.onnx_runtime``), as the
product does, whichever runtime the test before it switched to."""

from __future__ import annotations

import pytest

from firmware.onnx_runtime import choose_runtime


@pytest.fixture(autouse=True)
def product_runtime() -> None:
    choose_runtime()
