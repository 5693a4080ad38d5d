"""The café's board hears every table: ``[cafe]`` in the config, the outbox on disk, and whole demo
games published to a real Mosquitto (three tables at once, a broker stopped mid-game, a wrong
password)."""

from __future__ import annotations

import json
import logging
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mosquitto import Broker, Listener, free_port

from firmware.cafe.outbox import Message, Outbox
from firmware.cli import main
from firmware.config import ConfigError, config_from_toml


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    (tmp_path / "broker").mkdir()
    running = Broker(tmp_path / "broker")
    running.start()
    yield running
    running.stop()


def cafe_config(folder: Path, broker: Broker, table: str, *more: str) -> Path:
    path = folder / f"{table}.toml"
    lines = ["[cafe]", f'broker = "{broker.url}"', 'cafe = "pod-kostka"', f'table = "{table}"', *more]
    path.write_text("\n".join(lines) + "\n")
    return path


def demo(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["demo", "--auto", "--json", "--lang", "en", *args]) == 0
    result: dict[str, Any] = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    return result


# --- the config ---------------------------------------------------------------------------------


def test_a_cafe_section_names_the_broker_and_the_table(tmp_path: Path) -> None:
    (tmp_path / "pass").write_text("sekret\n")
    text = '[cafe]\nbroker = "mqtts://cafe.lan"\ncafe = "pod-kostka"\ntable = "stol-3"\nusername = "stol3"\n'
    config = config_from_toml(text + 'password_file = "pass"\n', base_dir=tmp_path)
    assert config.cafe is not None
    assert (config.cafe.host, config.cafe.port, config.cafe.tls) == ("cafe.lan", 8883, True)
    assert config.cafe.password_file == tmp_path / "pass" and config.cafe.broker == "mqtts://cafe.lan:8883"
    assert config_from_toml("").cafe is None


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ('broker = "http://cafe.lan"', "cafe.broker = 'http://cafe.lan' is not an MQTT broker address"),
        ('broker = "mqtt://cafe.lan:70000"', "is not an MQTT broker address"),
        ('table = "stół/3"', "cafe.table = 'stół/3' cannot name an MQTT topic level"),
        ('password_file = "nowhere"', "cafe.password_file = 'nowhere' is not a file that exists"),
        ('ca_file = "ca.pem"', "cafe.ca_file = 'ca.pem' works with mqtt"),
        ("port = 1883", "unknown key 'cafe.port' in [cafe]"),
    ],
)
def test_a_bad_cafe_value_is_one_clear_line(tmp_path: Path, line: str, said: str) -> None:
    (tmp_path / "ca.pem").write_text("-")
    given = {"broker": '"mqtt://cafe.lan"', "cafe": '"pod-kostka"', "table": '"stol-3"'}
    given[line.split(" = ")[0]] = line.split(" = ")[1]
    text = 'language = "en"\n[cafe]\n' + "".join(f"{key} = {value}\n" for key, value in given.items())
    with pytest.raises(ConfigError) as caught:
        config_from_toml(text, base_dir=tmp_path)
    assert said in str(caught.value) and "\n" not in str(caught.value)


def test_kostka_demo_with_a_bad_cafe_says_one_line_in_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kostka.toml"
    path.write_text('[cafe]\nbroker = "mqtt://cafe.lan"\ncafe = "pod kostka"\ntable = "3"\n')
    assert main(["demo", "--auto", "--config", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"kostka demo: {path}: cafe.cafe = 'pod kostka' nie nadaje się na nazwę w temacie MQTT; "
        'dozwolone: od 1 do 40 znaków bez / + # i spacji, np. "stol-3"'
    )


# --- the outbox ---------------------------------------------------------------------------------


def test_the_outbox_keeps_its_order_across_a_restart_and_drops_the_oldest(tmp_path: Path) -> None:
    box = Outbox(tmp_path, limit=3)
    for n in range(1, 6):
        box.put(Message(f"t/{n}", f'{{"n": {n}}}'))
    (tmp_path / "000000000009.json.partial").write_text('{"topic": "t/cut')  # a power cut mid-write
    again = Outbox(tmp_path, limit=3)
    assert len(again) == 3 and not list(tmp_path.glob("*.partial"))
    seen = []
    while (queued := again.oldest()) is not None:
        seen.append(queued.message.topic)
        again.sent(queued)
    assert seen == ["t/3", "t/4", "t/5"] and box.dropped == 2
    again.put(Message("t/6", "{}"))
    assert again.oldest() is not None and again.oldest().message.topic == "t/6"  # type: ignore[union-attr]


# --- whole games to a real broker ---------------------------------------------------------------


def check_game(listener: Listener, table: str, result: dict[str, Any], *, outage: bool = False) -> None:
    """What the board heard of ``table`` is the game ``result`` says, each event once by its id.

    Across a broker's restart QoS 1 may deliver a message twice (its acknowledgement was lost with
    the broker): the board keeps the first of each id, and so does this check (``outage``).
    """
    heard = listener.events(table)
    ids = Counter(event["id"] for event in heard)
    assert outage or max(ids.values()) == 1, "an event was heard twice"
    firsts = {event["id"]: event for event in reversed(heard)}
    heard = sorted(firsts.values(), key=heard.index)
    assert all(event["schema_version"] == 1 and event["cafe"] == "pod-kostka" for event in heard)
    [started] = [event for event in heard if event["event"] == "game_started"]
    assert started["game"] == result["game"] and started["players"] == list(result["scores"])
    moves = [event["number"] for event in heard if event["event"] == "move_confirmed"]
    assert moves == list(range(1, result["moves"] + 1))
    assert any(event["event"] == "roll_read" and event["faces"] for event in heard)
    [finished] = [event for event in heard if event["event"] == "game_finished"]
    assert heard[-1] is finished
    assert {key: finished[key] for key in ("game", "moves", "winner", "scores")} == {
        key: result[key] for key in ("game", "moves", "winner", "scores")
    }


def test_three_tables_play_and_the_board_hears_each_game(
    broker: Broker, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listener = Listener(broker)
    results = {}
    for number in (1, 2, 3):
        table = f"stol-{number}"
        config = cafe_config(tmp_path, broker, table)
        results[table] = demo(capsys, "--seed", str(number), "--config", str(config))
    assert listener.wait(lambda heard: len(heard.events(kind="game_finished")) == 3, timeout=5)
    for table, result in results.items():
        check_game(listener, table, result)
    listener.close()
    # a board that starts later still sees each table's state and whether its box is there
    late = Listener(broker, "late")
    assert late.wait(lambda heard: len([m for m in heard.messages if m[2]]) == 6, timeout=5)
    kept = {(body["table"], body["event"]): body for topic, body, retained in late.messages if retained}
    for table, result in results.items():
        assert kept[table, "state"]["status"] == "finished" and kept[table, "online"]["online"] is False
        assert kept[table, "state"]["scores"] == result["scores"]
    late.close()


def test_a_broker_stopped_mid_game_gets_every_event_once_when_it_is_back(
    broker: Broker, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listener = Listener(broker)
    config = cafe_config(tmp_path, broker, "stol-7")
    outage: dict[str, int] = {}

    def cut() -> None:
        listener.wait(lambda heard: len(heard.events(kind="move_confirmed")) >= 2, timeout=10)
        broker.stop()
        outage["heard"] = len(listener.events())
        time.sleep(0.4)
        broker.start()

    cutter = threading.Thread(target=cut)
    cutter.start()
    result = demo(capsys, "--seed", "4", "--pace", "0.03", "--config", str(config))
    cutter.join()
    assert listener.wait(lambda heard: bool(heard.events(kind="game_finished")), timeout=10)
    assert 0 < outage["heard"] < len(listener.events()), "the broker was not stopped mid-game"
    check_game(listener, "stol-7", result, outage=True)
    listener.close()


def test_with_no_broker_the_game_goes_on_and_its_events_wait_on_disk_for_the_next_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "broker").mkdir()
    broker = Broker(tmp_path / "broker")  # not started yet: nobody listens on its port
    config, state = cafe_config(tmp_path, broker, "stol-4"), tmp_path / "state"
    began = time.monotonic()
    first = demo(capsys, "--seed", "4", "--state", str(state), "--config", str(config))
    alone_s = time.monotonic() - began
    waiting = sorted((state / "cafe").glob("0*.json"))
    assert len(waiting) > first["moves"]  # every move and more, in order on disk
    broker.start()
    try:
        listener = Listener(broker)
        second = demo(capsys, "--seed", "5", "--state", str(state), "--config", str(config))
        assert listener.wait(lambda heard: len(heard.events(kind="game_finished")) == 2, timeout=5)
        heard = listener.events("stol-4")
        split = heard.index(listener.events("stol-4", "game_finished")[0]) + 1
        assert [event["event"] for event in heard[:split]].count("game_started") == 1
        numbers = [event["number"] for event in heard[:split] if event["event"] == "move_confirmed"]
        assert numbers == list(range(1, first["moves"] + 1)) and heard[split - 1]["scores"] == first["scores"]
        assert heard[split]["event"] == "game_started"  # the first game's events went first
        assert not list((state / "cafe").glob("0*.json"))
        listener.close()
    finally:
        broker.stop()
    assert first != second and alone_s < 10  # the box did not wait for the café


def test_a_wrong_password_is_logged_once_and_the_game_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "broker").mkdir()
    passwords = tmp_path / "broker" / "passwords"
    passwords.touch()
    try:
        subprocess.run(["mosquitto_passwd", "-b", str(passwords), "stol5", "dobre-haslo"], check=True)
    except FileNotFoundError:
        pytest.skip("mosquitto_passwd is not installed (Debian: apt-get install mosquitto)")
    broker = Broker(tmp_path / "broker", ("allow_anonymous false", f"password_file {passwords}"))
    broker.start()
    try:
        (tmp_path / "password").write_text("zle-haslo-123\n")
        config = cafe_config(tmp_path, broker, "stol-5", 'username = "stol5"', 'password_file = "password"')
        with caplog.at_level(logging.INFO, logger="firmware.cafe"):
            result = demo(capsys, "--game", "shut-the-box", "--seed", "6", "--config", str(config))
        assert result["moves"] > 5  # the game went on
        refused = [record.getMessage() for record in caplog.records if "refused" in record.getMessage()]
        assert refused == [
            f"café: the broker {broker.url} refused the box as 'stol5': Bad user name or password"
        ] or refused == [f"café: the broker {broker.url} refused the box as 'stol5': Not authorized"]
        assert "zle-haslo" not in caplog.text and "zle-haslo" not in capsys.readouterr().err
    finally:
        broker.stop()


def make_cafe_ca(folder: Path) -> Path:
    """A café's own certificate authority and the broker's certificate for 127.0.0.1 (openssl)."""
    key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    steps = [
        ["req", "-x509", *key, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Cafe CA",
         "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
        ["req", *key, "-keyout", "broker.key", "-out", "broker.csr", "-subj", "/CN=127.0.0.1"],
        ["x509", "-req", "-in", "broker.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
         "-out", "broker.pem", "-days", "2", "-extfile", "broker.ext"],
    ]  # fmt: skip
    (folder / "broker.ext").write_text(
        "subjectAltName=IP:127.0.0.1\nauthorityKeyIdentifier=keyid\nextendedKeyUsage=serverAuth\n"
    )
    for step in steps:
        try:
            subprocess.run(["openssl", *step], cwd=folder, check=True, capture_output=True)
        except FileNotFoundError:
            pytest.skip("openssl is not installed")
    return folder / "ca.pem"


def test_a_box_publishes_over_tls_to_a_broker_of_the_cafes_own_authority(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    folder, stranger = tmp_path / "broker", tmp_path / "stranger"
    folder.mkdir()
    stranger.mkdir()
    ca = make_cafe_ca(folder)
    other_ca = make_cafe_ca(stranger)  # another authority: the box must not trust the broker
    tls_port = free_port()
    lines = (
        "allow_anonymous true",
        f"listener {tls_port} 127.0.0.1",
        f"cafile {ca}",
        f"certfile {folder / 'broker.pem'}",
        f"keyfile {folder / 'broker.key'}",
    )
    broker = Broker(folder, lines)
    broker.start()
    try:
        listener = Listener(broker)  # on the plain listener
        config = tmp_path / "tls.toml"
        config.write_text(
            f'[cafe]\nbroker = "mqtts://127.0.0.1:{tls_port}"\ncafe = "pod-kostka"\ntable = "stol-9"\n'
            f'ca_file = "{ca}"\n'
        )
        result = demo(capsys, "--seed", "9", "--config", str(config))
        assert listener.wait(lambda heard: bool(heard.events(kind="game_finished")), timeout=5)
        check_game(listener, "stol-9", result)
        config.write_text(config.read_text().replace("stol-9", "stol-10").replace(str(ca), str(other_ca)))
        with caplog.at_level(logging.WARNING, logger="firmware.cafe"):
            assert demo(capsys, "--seed", "10", "--config", str(config))["moves"] > 5  # the game goes on
        assert "CERTIFICATE_VERIFY_FAILED" in caplog.text and not listener.events("stol-10")
        listener.close()
    finally:
        broker.stop()


# --- the moments of a step (pure) -------------------------------------------------------------


def test_the_camera_colour_dice_and_an_undo_are_moments_too() -> None:
    from dataclasses import replace

    from firmware.cafe.moments import moments
    from firmware.machine.step import CameraBack, CameraFailed, DiceRead, Setup, start, step
    from rules.match import Match
    from rules.stonoga import Stonoga
    from vision.reading import Die, Reading

    game = Match.start(Stonoga(), ["Ala", "2"])
    state, _ = start(Setup((Stonoga(),)), lang="en", match=game, players=2)
    lost, effects = step(state, CameraFailed("unplugged"))
    assert moments(state, CameraFailed("unplugged"), lost, effects) == [
        ("camera_lost", {"reason": "unplugged"})
    ]
    back, effects = step(lost, CameraBack())
    assert moments(lost, CameraBack(), back, effects) == [("camera_back", {})]
    dice = (Die("red", 0.9, "ok", (0, 0, 9, 9)), Die("star", 0.5, "uncertain", (20, 0, 9, 9)))
    read = DiceRead(Reading(dice, 640, 480))
    assert moments(back, read, back, []) == [
        ("roll_read", {"faces": ["red", "star"], "statuses": ["ok", "uncertain"]})
    ]
    move = game.book.chance_outcomes(game.state)[0][0]  # the first roll is a move too
    first = game.play(move)
    played = replace(back, match=first)
    assert moments(back, None, played, []) == [("move_confirmed", {"number": 1, "move": first.moves[0]})]
    assert moments(played, None, back, []) == [("move_undone", {"number": 1, "move": first.moves[0]})]
    again = replace(back, match=Match.start(Stonoga(), ["Ala", "2"]))  # a new game of the same players
    [(name, fields)] = moments(played, None, again, [])
    assert name == "game_started" and fields["players"] == ["Ala", "Player 2"] and fields["moves"] == 0


def test_the_cafe_log_speaks_the_configs_language_and_never_the_password(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from firmware.cafe.publisher import Publisher
    from firmware.config import Cafe
    from tests.test_polish import assert_polish

    (tmp_path / "password").write_text("tajne-haslo-7\n")
    cafe = Cafe("127.0.0.1", free_port(), False, "pod-kostka", "stol-8", "stol8", tmp_path / "password")
    with caplog.at_level(logging.INFO, logger="firmware.cafe"):
        publisher = Publisher(cafe, tmp_path / "state", "pl")
        publisher.start()
        deadline = time.monotonic() + 5
        while "brokerem" not in caplog.text and time.monotonic() < deadline:
            time.sleep(0.05)
        publisher.close(0.0)
    said = [record.getMessage() for record in caplog.records if "brokerem" in record.getMessage()]
    assert said and said[0].startswith(f"kawiarnia: nie mogę połączyć się z brokerem {cafe.broker} (")
    assert_polish(said[0])
    assert "tajne-haslo" not in caplog.text
