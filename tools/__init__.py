"""Training and export tools for the reader's networks, run from the repository's root as
``python -m tools.NAME`` (e.g. ``.venv/bin/python -m tools.train_face_net --help``); training needs
the ``train`` extra (torch, onnx)."""
