"""Every test reads with the network runtime the commands choose (``firmware.devices.onnx_runtime``), as the
product does, whichever runtime the test before it switched to; the default state directory is the
session's own; ``factory``: gpiozero's own mock pins."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from firmware.devices.onnx_runtime import choose_runtime


@pytest.fixture(autouse=True)
def product_runtime() -> None:
    choose_runtime()


@pytest.fixture(autouse=True, scope="session")
def state_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The default state directory in a folder of the session's (``kostka check`` keeps the ONNX
    Runtime probe's verdict there), never the home's."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state-home")))
        patch.delenv("STATE_DIRECTORY", raising=False)
        yield


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """gpiozero's MockFactory as every device's pin factory for the test (the one before it after)."""
    previous = Device.pin_factory
    Device.pin_factory = mock = MockFactory()
    try:
        yield mock
    finally:
        mock.reset()
        Device.pin_factory = previous


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands speak English unless told otherwise (for tests that read their English lines)."""
    monkeypatch.setattr("firmware.messages.i18n.DEFAULT_LANGUAGE", "en")
