"""``kostka serve``: the history as a read-only web page (stdlib http.server, nothing from outside)."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from firmware.cli.serve import make_server
from firmware.storage import GameStore
from tests.test_history import played


def fetch(url: str) -> tuple[str, str]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.headers["Content-Type"], answer.read().decode("utf-8")


def test_the_page_the_json_and_the_csv(tmp_path: Path) -> None:
    with GameStore(tmp_path) as store:
        played(store)
    server = make_server(tmp_path, "127.0.0.1", 0, "pl")
    thread = threading.Thread(target=server.serve_forever)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_port}"
        kind, page = fetch(base + "/")
        assert kind.startswith("text/html") and '<html lang="pl">' in page
        assert "wygrywa Olek" in page and "Ala: najlepsze ruchy 1 z 2" in page and "Kostki z oczkami" in page
        assert "<script" not in page and "http" not in page.split("<body>", 1)[1]  # nothing fetched
        with GameStore(tmp_path) as store:  # a game finished meanwhile shows at the next request
            played(store)
        _, text = fetch(base + "/history.json")
        assert json.loads(text)["schema_version"] == 1 and len(json.loads(text)["games"]) == 2
        kind, csv = fetch(base + "/games.csv")
        assert kind.startswith("text/csv") and csv.splitlines()[0].startswith("id,game,switches")
        with pytest.raises(urllib.error.HTTPError) as missing:
            fetch(base + "/etc/passwd")
        assert missing.value.code == 404
        request = urllib.request.Request(base + "/", data=b"x", method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 501  # read-only: no other method
    finally:
        server.shutdown()
        thread.join()
        server.server_close()
