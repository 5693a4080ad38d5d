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


def test_many_games_come_in_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from firmware.cli import serve
    from firmware.history.kept import Kept

    with GameStore(tmp_path) as store:
        for _ in range(3):
            played(store)
    monkeypatch.setattr(serve, "GAMES_A_PAGE", 2)
    now = Kept(tmp_path).now()
    first, second, beyond = (serve.page(now, "pl", n) for n in (1, 2, 9))
    assert "Gry 1–2 z 3" in first and 'href="?page=2"' in first and "?page=0" not in first
    assert "Gry 3–3 z 3" in second and 'href="?page=1"' in second and "?page=3" not in second
    assert beyond == second  # past the last page: the last page
    assert first.count("Ala 26, Olek 22") == 2 and second.count("Ala 26, Olek 22") == 1
    assert serve.page_number("page=2&x=1") == 2 and serve.page_number("page=abc") == 1


def test_the_charts_draw_the_wins_and_the_faces(tmp_path: Path) -> None:
    import re

    from firmware.cli.serve import page
    from firmware.history.kept import Kept

    with GameStore(tmp_path) as store:
        played(store)
    text = page(Kept(tmp_path).now(), "en")
    assert text.count("<svg") == 2 and "Shut the Box: games won of those played" in text
    widths = [float(w) for w in re.findall(r'<rect x="160" y="\d+" width="([\d.]+)"', text)]
    assert widths == [450.0, 0.0, 450.0, 450.0]  # Ala played 1, won 0; Olek played 1, won 1
    assert ">0 of 1<" in text and ">1 of 1<" in text
    faces = re.findall(r'text-anchor="middle" font-family="sans-serif" fill="#222">(\d+)</text>', text)
    assert [int(f) for f in faces[0::2]] == [5, 1, 1, 2, 1, 4]  # the GAME's rolls, face by face


def test_the_history_is_read_again_only_where_it_changed(tmp_path: Path) -> None:
    from firmware.history.kept import Kept

    kept = Kept(tmp_path)
    assert kept.now().records == ()
    with GameStore(tmp_path, keep_finished=2) as store:
        played(store)
        once = kept.now()
        assert kept.now() is once and len(once.records) == 1
        played(store)
        played(store)  # the first is forgotten: the box keeps two
        later = kept.now()
    assert later.version > once.version
    assert [r.id for r in later.records] == [2, 3] and later.standings[0].games == 2


def test_the_live_table_reads_the_game_being_played(tmp_path: Path) -> None:
    from firmware.history.live import live
    from rules.shut_the_box import ShutTheBox

    assert live(tmp_path, "en") == {"playing": False, "said": "No game is being played now."}
    with GameStore(tmp_path) as store:
        played(store)
        store.start(ShutTheBox(), ["Zosia", "Jan"], language="pl")
        store.save_move(1, "roll 3 4")
        now = live(tmp_path, "en")
        assert now["playing"] and [p["name"] for p in now["players"]] == ["Zosia", "Jan"]
        assert now["moves"] == 1 and now["last_move"] == "roll 3 4" and now["turn"] == "Zosia"
        store.save_move(2, "shut 7")
        assert live(tmp_path, "en")["said"] == "Moves: 2, the last: shut 7 · Zosia to play"


def test_a_folder_mounted_read_only_after_the_box_closed_its_file(tmp_path: Path) -> None:
    """As kostka-serve.service sees /var/lib/kostka: read-only, and no journal beside the file."""
    import os
    import subprocess

    from firmware.history.kept import Kept
    from firmware.history.live import live
    from rules.shut_the_box import ShutTheBox

    if os.geteuid() != 0:
        pytest.skip("a read-only bind mount needs root")
    with GameStore(tmp_path / "box") as store:
        played(store)
        store.start(ShutTheBox(), ["Zosia", "Jan"], language="pl")
        store.save_move(1, "roll 3 4")
    assert not (tmp_path / "box" / "games.db-wal").exists()  # closed cleanly: no journal
    seen = tmp_path / "seen"
    seen.mkdir()
    mounted = subprocess.run(["mount", "--bind", str(tmp_path / "box"), str(seen)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("mount --bind is not allowed here")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(seen)], check=True)
        assert [r.scores for r in Kept(seen).now().records] == [(26, 22)]
        assert live(seen, "en")["last_move"] == "roll 3 4"
    finally:
        subprocess.run(["umount", str(seen)], check=True)
