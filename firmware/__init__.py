"""The Kostka appliance: composition root, loop, screens, buttons, display, camera, storage, CLI."""
