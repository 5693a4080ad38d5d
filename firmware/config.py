"""The appliance's settings: one TOML file, read once by the composition root.

Every key has a default, so Kostka runs with no file at all; a file names only what differs.
A bad value stops the start with a message that names the file, the key, the value and what
is allowed, never with a traceback (../shared/STYLE.md). The documented example with every
key is ``firmware/data/kostka.example.toml``; on a Pi the installer copies it to
``/etc/kostka/kostka.toml``.

>>> config = config_from_toml('[buttons]\\nok = 5\\n[display]\\ndriver = "sh1106"\\n')
>>> config.buttons.ok, config.buttons.next, config.display.driver, config.language
(5, 27, 'sh1106', 'pl')
>>> config_from_toml('language = "de"')
Traceback (most recent call last):
...
firmware.config.ConfigError: <text>: language = 'de' nie jest językiem; dozwolone: pl, en
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from firmware.errors import KostkaError, Words
from firmware.games.registry import PLAYERS, TITLES
from rules.shut_the_box import DEFAULT_GOAL, GOALS

GAMES = TITLES
"""Titles Kostka referees, as the config and the menus name them (``firmware.games.registry``)."""

DISPLAY_DRIVERS = ("ssd1306", "sh1106", "terminal", "dummy")
"""``ssd1306`` and ``sh1106`` are I2C OLEDs (luma.oled); ``terminal`` draws the OLED with
half-block characters; ``dummy`` keeps the last image only (tests, benchmarks)."""

I2C_DRIVERS = ("ssd1306", "sh1106")
LANGUAGES = ("pl", "en")
DEFAULT_LANGUAGE = "pl"
HIGHLIGHTS = ("protect", "normal")
"""``camera.highlights``: keep the brightest part of the frame from clipping, or expose for the average."""
MAINS_HZ = (50, 60, 0)
"""``camera.mains_hz``: the mains frequency of the room's lamps (Europe 50, the Americas 60), 0: none."""
CAMERA_DEVICES = ("picamera2", "usb")
"""Camera sources with a device number: ``picamera2`` (= ``picamera2:0``), ``usb:1``..."""
CAMERA_NAMED = '"picamera2", "usb:N", "synthetic"'
"""The camera sources named by a word, as the config's errors list them."""
BCM_FREE = range(4, 28)
"""BCM pins a button may use: 0-1 belong to the HAT ID EEPROM, 2-3 to the OLED's I2C bus."""

RuleValue = bool | int | float | str


class ConfigError(KostkaError, ValueError):
    """A config file that cannot be used; the message says where, what, and what is allowed.

    ``str()`` speaks the language the file gives (``lang``), Polish when it gives none or is not
    read that far; ``message(lang)`` any language.
    """

    def __init__(self, key: str, /, lang: str = DEFAULT_LANGUAGE, **fields: Any) -> None:
        super().__init__(key, **fields)
        self.lang = lang


@dataclass(frozen=True, slots=True)
class Buttons:
    """Three push buttons between a BCM pin and ground (gpiozero's pull-up default).

    ``long_press_s``: how long OK is held to open the menu; ``debounce_ms``: presses closer
    than this after the last change of the same pin are contact bounce and ignored.
    """

    previous: int = 17
    next: int = 27
    ok: int = 22
    long_press_s: float = 1.0
    debounce_ms: int = 30

    def pins(self) -> dict[str, int]:
        """Button name -> BCM pin, in the order the wiring guide lists them.

        >>> Buttons().pins()
        {'previous': 17, 'next': 27, 'ok': 22}
        """
        return {"previous": self.previous, "next": self.next, "ok": self.ok}


@dataclass(frozen=True, slots=True)
class Display:
    """The 128x64 OLED: luma driver, I2C bus and address, and rotation in degrees (0 or 180)."""

    driver: str = "ssd1306"
    i2c_port: int = 1
    i2c_address: int = 0x3C
    rotate: int = 0

    @property
    def luma_rotate(self) -> int:
        """luma's ``rotate=`` argument counts quarter turns.

        >>> Display(rotate=180).luma_rotate
        2
        """
        return self.rotate // 90


@dataclass(frozen=True, slots=True)
class Camera:
    """Where frames come from, their size, and the frame rates while playing and while idle.

    ``source`` is ``"picamera2"`` (or ``"picamera2:N"``), ``"usb:N"`` (OpenCV device N),
    ``"synthetic"`` (rendered dice), or an absolute path to a video file, a folder of images
    or a glob of images (replayed); the spelling of ``firmware.devices.camera.open_source``.
    ``stall_s``: a camera that has not answered (with a frame or with an error) for this long
    is hung; the watchdog then stops reassuring systemd, which restarts the service.
    ``focus_cm``: a picamera2 camera with a motorised lens (Camera Module 3) is focused this far
    away, on the tray's floor, once (0: its lens is left as it is); ``highlights`` ``protect``
    keeps its exposure from clipping the brightest part of the frame, ``normal`` exposes for the
    frame's average; ``mains_hz`` 50 or 60 keeps its exposures to whole flicker periods of lamps on
    such mains (0: no flicker control) (``firmware.devices.camera.picamera2.tray_controls``). Other sources
    ignore these three.
    """

    source: str = "picamera2"
    width: int = 1280
    height: int = 960
    fps: float = 10.0
    idle_fps: float = 2.0
    stall_s: float = 10.0
    focus_cm: float = 35.0
    highlights: str = "protect"
    mains_hz: int = 50

    @property
    def kind(self) -> str:
        """``picamera2``, ``usb``, ``synthetic``, ``folder``, ``glob`` or ``file``.

        >>> Camera(source="usb:1").kind, Camera().kind, Camera(source="/shots/*.jpg").kind
        ('usb', 'picamera2', 'glob')
        """
        scheme = self.source.partition(":")[0]
        if scheme in CAMERA_DEVICES or self.source == "synthetic":
            return scheme
        if any(ch in self.source for ch in "*?["):
            return "glob"
        return "folder" if Path(self.source).is_dir() else "file"

    @property
    def device_index(self) -> int | None:
        """The device number of a ``picamera2[:N]`` or ``usb:N`` source, else None.

        >>> Camera().device_index, Camera(source="usb:2").device_index
        (0, 2)
        """
        if self.kind not in CAMERA_DEVICES:
            return None
        number = self.source.partition(":")[2]
        return int(number) if number else 0


NAME_LETTERS = 12
"""A player's name is at most this long: a winner's row on the OLED still shows most of it."""
MOST_NAMES = 12


def check_names(names: list[str] | tuple[str, ...], lang: str = "en") -> tuple[str, ...]:
    """Players' names, stripped; ValueError says in ``lang`` why they cannot be used (empty, too
    long, only digits, the same twice, too many).

    >>> check_names([" Ala", "Olek "])
    ('Ala', 'Olek')
    >>> check_names(["Ala", "Ala"], "pl")
    Traceback (most recent call last):
    ...
    ValueError: dwóch graczy ma na imię Ala
    """
    from firmware.messages.i18n import t

    out: list[str] = []
    for raw in names:
        name = raw.strip() if isinstance(raw, str) else ""
        if not name:
            raise ValueError(t("play.players.empty", lang))
        if len(name) > NAME_LETTERS:
            raise ValueError(t("play.players.long", lang, name=name, n=NAME_LETTERS))
        if name.isdigit():
            raise ValueError(t("play.players.number", lang, name=name))
        if name in out:
            raise ValueError(t("play.players.twice", lang, name=name))
        out.append(name)
    if len(out) > MOST_NAMES:
        raise ValueError(t("play.players.too_many", lang, n=len(out), most=MOST_NAMES))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Game:
    """The title the menu starts on, the number of players, Shut the Box's advice goal, and rule
    switches per title.

    ``goal``: ``penalty`` (the lowest expected penalty, as the game scores) or ``shut`` (the best
    chance to shut every flap) marks Shut the Box's best move and orders its list.

    ``rules`` maps a title to the keyword arguments of its rule book, passed through as written
    (the rule book validates them): ``[game.rules.shut-the-box]`` ``flaps = 12``.
    """

    default: str = "shut-the-box"
    players: int = 2
    goal: str = DEFAULT_GOAL
    rules: Mapping[str, Mapping[str, RuleValue]] = field(default_factory=lambda: MappingProxyType({}))
    names: tuple[str, ...] = ()
    """The players' names the box offers at set-up (besides "Player N"), in seat order."""

    def rules_for(self, title: str) -> dict[str, RuleValue]:
        """The rule switches written for ``title`` (an empty dict when none were).

        >>> Game(rules={"stonoga": {"rolls": 3}}).rules_for("stonoga")
        {'rolls': 3}
        """
        return dict(self.rules.get(title, {}))


MQTT_SCHEMES = {"mqtt": 1883, "mqtts": 8883}
"""The café's broker address schemes and their default ports (``mqtts``: TLS)."""
MQTT_NAME_LETTERS = 40
"""A café's or a table's name is one MQTT topic level of at most this many characters."""


@dataclass(frozen=True, slots=True)
class Cafe:
    """Where a café's box sends its table's events (``firmware.cafe``): the broker's ``host`` and
    ``port``, ``tls`` for ``mqtts://``, the café's and the table's names (topic levels), and the
    optional ``username``, ``password_file`` (the password is read from it, never kept in the config)
    and ``ca_file`` (the café's own certificate authority)."""

    host: str
    port: int
    tls: bool
    cafe: str
    table: str
    username: str = ""
    password_file: Path | None = None
    ca_file: Path | None = None

    @property
    def broker(self) -> str:
        """The broker as the config wrote it, with the port.

        >>> Cafe("10.0.0.5", 1883, False, "kawiarnia", "stol-1").broker
        'mqtt://10.0.0.5:1883'
        """
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}"


@dataclass(frozen=True, slots=True)
class Learn:
    """How the box learns the players' own pip dice (``firmware.learning``): it keeps at most
    ``keep`` confirmed dice (the oldest dropped first) and adapts after every ``every`` new ones."""

    keep: int = 500
    every: int = 20


@dataclass(frozen=True, slots=True)
class Config:
    """Everything the composition root needs; ``Config()`` is the defaults."""

    buttons: Buttons = field(default_factory=Buttons)
    display: Display = field(default_factory=Display)
    camera: Camera = field(default_factory=Camera)
    game: Game = field(default_factory=Game)
    language: str = "pl"
    state_dir: Path = field(default_factory=lambda: default_state_dir())
    lezard_board_checked: str = ""
    """The fingerprint of the Lezard board file its owner checked against their box
    (``firmware.games.lezard.board_check``; ``kostka board --confirm`` prints it)."""
    named: frozenset[str] = field(default=frozenset(), compare=False)
    """The keys the file gave, dotted (``camera.source``, ``buttons.ok``): a part the file names must be
    the real one (``firmware.devices.board``)."""
    learn: Learn = field(default_factory=Learn)
    cafe: Cafe | None = None
    """The café's broker (``[cafe]``); None: the box publishes nothing."""

    def names(self, *keys: str) -> bool:
        """Whether the file gave any of ``keys``.

        >>> config_from_toml('[camera]\\nsource = "picamera2"').names("camera.source")
        True
        >>> Config().names("camera.source", "buttons.ok")
        False
        """
        return any(key in self.named for key in keys)


def default_state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where saved games live when the file does not say.

    Under systemd, ``StateDirectory=kostka`` sets ``STATE_DIRECTORY=/var/lib/kostka``; elsewhere
    the XDG state directory is used.

    >>> default_state_dir({"STATE_DIRECTORY": "/var/lib/kostka"})
    PosixPath('/var/lib/kostka')
    >>> default_state_dir({"XDG_STATE_HOME": "/home/ola/.state"})
    PosixPath('/home/ola/.state/kostka')
    """
    env = os.environ if environ is None else environ
    if env.get("STATE_DIRECTORY"):
        return Path(env["STATE_DIRECTORY"].split(":")[0])
    if env.get("XDG_STATE_HOME"):
        return Path(env["XDG_STATE_HOME"]) / "kostka"
    home = env.get("HOME") or str(Path.home())
    return Path(home) / ".local" / "state" / "kostka"


def load_config(path: Path | None, *, environ: Mapping[str, str] | None = None) -> Config:
    """Read ``path`` (TOML) over the defaults; ``None`` means no file: all defaults.

    Relative paths inside the file (camera source, state directory) are taken from the file's
    own folder, so a config and its replay folder can travel together.
    """
    if path is None:
        return Config(state_dir=default_state_dir(environ))
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError("config.missing", path=path) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError("config.unreadable", path=path, reason=type(error).__name__) from None
    return config_from_toml(text, origin=str(path), base_dir=path.parent, environ=environ)


def config_from_toml(
    text: str,
    *,
    origin: str = "<text>",
    base_dir: Path | None = None,
    environ: Mapping[str, str] | None = None,
) -> Config:
    """Parse TOML text; ``origin`` names it in error messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        at = re.search(r"at line (\d+), column (\d+)", str(error))
        line, column = at.groups() if at else ("?", "?")
        raise ConfigError("config.not_toml", origin=origin, line=line, column=column) from None
    return config_from_mapping(data, origin=origin, base_dir=base_dir or Path.cwd(), environ=environ)


def config_from_mapping(
    data: Mapping[str, Any],
    *,
    origin: str = "<mapping>",
    base_dir: Path | None = None,
    environ: Mapping[str, str] | None = None,
) -> Config:
    """Validate an already parsed TOML document."""
    said = data.get("language")
    reader = _Reader(origin, base_dir or Path.cwd(), said if said in LANGUAGES else DEFAULT_LANGUAGE)
    top = reader.table(
        data,
        "",
        ("buttons", "display", "camera", "game", "language", "state_dir", "lezard_board_checked", "learn",
         "cafe"),
    )
    display = _display(reader, reader.section(top, "display"))
    buttons = _buttons(reader, reader.section(top, "buttons"), display)
    camera = _camera(reader, reader.section(top, "camera"))
    game = _game(reader, reader.section(top, "game"))
    language = reader.choice(top, "language", DEFAULT_LANGUAGE, LANGUAGES, "not_language")
    state_dir = reader.path(top, "state_dir") if "state_dir" in top else default_state_dir(environ)
    checked = top.get("lezard_board_checked", "")
    if not isinstance(checked, str):
        raise reader.error("lezard_board_checked", checked, "not_text", _allowed("fingerprint"))
    learn = _learn(reader, reader.section(top, "learn"))
    cafe = _cafe(reader, reader.section(top, "cafe")) if "cafe" in top else None
    return Config(buttons, display, camera, game, language, state_dir, checked, _named(data), learn, cafe)


def _learn(reader: _Reader, table: Mapping[str, Any]) -> Learn:
    default = Learn()
    reader.table(table, "learn", ("keep", "every"))
    keep = reader.integer(table, "learn.keep", "keep", default.keep)
    if not 50 <= keep <= 5000:
        raise reader.error("learn.keep", keep, "range", _allowed("learn_keep"))
    every = reader.integer(table, "learn.every", "every", default.every)
    if not 1 <= every <= keep:
        raise reader.error("learn.every", every, "range", _allowed("learn_every", keep=keep))
    return Learn(keep, every)


def _named(data: Mapping[str, Any]) -> frozenset[str]:
    """The dotted keys a parsed file gives (one level into its tables)."""
    keys: set[str] = set()
    for key, value in data.items():
        if isinstance(value, Mapping):
            keys.update(f"{key}.{inner}" for inner in value)
        else:
            keys.add(key)
    return frozenset(keys)


def _buttons(reader: _Reader, table: Mapping[str, Any], display: Display) -> Buttons:
    default = Buttons()
    reader.table(table, "buttons", ("previous", "next", "ok", "long_press_s", "debounce_ms"))
    pins: dict[str, int] = {}
    for name, pin in default.pins().items():
        value = reader.integer(table, f"buttons.{name}", name, pin)
        key = f"buttons.{name}"
        if value in (2, 3) and display.driver in I2C_DRIVERS:
            wire = "SDA" if value == 2 else "SCL"
            raise reader.error(key, value, "i2c_pin", _allowed("free_pin"), wire=wire)
        if value not in BCM_FREE:
            raise reader.error(key, value, "not_free_pin", _allowed("bcm"))
        for other, other_pin in pins.items():
            if other_pin == value:
                raise reader.error(key, value, "already", _allowed("three_pins"), other=f"buttons.{other}")
        pins[name] = value
    long_press = reader.number(table, "buttons.long_press_s", "long_press_s", default.long_press_s)
    if not 0.3 <= long_press <= 5.0:
        raise reader.error("buttons.long_press_s", long_press, "range", _allowed("long_press"))
    debounce = reader.integer(table, "buttons.debounce_ms", "debounce_ms", default.debounce_ms)
    if not 0 <= debounce <= 500 or debounce >= long_press * 1000:
        raise reader.error("buttons.debounce_ms", debounce, "range", _allowed("debounce"))
    return Buttons(pins["previous"], pins["next"], pins["ok"], long_press, debounce)


def _display(reader: _Reader, table: Mapping[str, Any]) -> Display:
    default = Display()
    reader.table(table, "display", ("driver", "i2c_port", "i2c_address", "rotate"))
    driver = reader.choice(table, "driver", default.driver, DISPLAY_DRIVERS, "not_driver", "display")
    port = reader.integer(table, "display.i2c_port", "i2c_port", default.i2c_port)
    if not 0 <= port <= 31:
        raise reader.error("display.i2c_port", port, "not_bus", _allowed("bus"))
    address = reader.integer(table, "display.i2c_address", "i2c_address", default.i2c_address)
    if not 0x08 <= address <= 0x77:
        raise reader.error("display.i2c_address", address, "not_address", _allowed("address"))
    rotate = reader.integer(table, "display.rotate", "rotate", default.rotate)
    if rotate not in (0, 180):
        raise reader.error("display.rotate", rotate, "not_rotation", _allowed("rotation"))
    return Display(driver, port, address, rotate)


def _camera(reader: _Reader, table: Mapping[str, Any]) -> Camera:
    default = Camera()
    reader.table(
        table,
        "camera",
        ("source", "width", "height", "fps", "idle_fps", "stall_s", "focus_cm", "highlights", "mains_hz"),
    )
    source = _camera_source(reader, table.get("source", default.source))
    width = reader.integer(table, "camera.width", "width", default.width)
    height = reader.integer(table, "camera.height", "height", default.height)
    if not 160 <= width <= 4608:
        raise reader.error("camera.width", width, "range", _allowed("width"))
    if not 120 <= height <= 3496:
        raise reader.error("camera.height", height, "range", _allowed("height"))
    fps = reader.number(table, "camera.fps", "fps", default.fps)
    if not 0.5 <= fps <= 60:
        raise reader.error("camera.fps", fps, "range", _allowed("fps"))
    idle = reader.number(table, "camera.idle_fps", "idle_fps", default.idle_fps)
    if not 0.1 <= idle <= fps:
        raise reader.error("camera.idle_fps", idle, "range", _allowed("idle_fps", fps=f"{fps:g}"))
    stall = reader.number(table, "camera.stall_s", "stall_s", default.stall_s)
    if not 1 <= stall <= 300 or stall < 2 / idle:
        raise reader.error("camera.stall_s", stall, "range", _allowed("stall", least=f"{2 / idle:g}"))
    focus = reader.number(table, "camera.focus_cm", "focus_cm", default.focus_cm)
    if focus != 0 and not 10 <= focus <= 200:
        raise reader.error("camera.focus_cm", focus, "range", _allowed("focus"))
    highlights = reader.choice(table, "highlights", default.highlights, HIGHLIGHTS, "not_exposure", "camera")
    mains = reader.integer(table, "camera.mains_hz", "mains_hz", default.mains_hz)
    if mains not in MAINS_HZ:
        raise reader.error("camera.mains_hz", mains, "not_mains", _allowed("mains"))
    return Camera(source, width, height, fps, idle, stall, focus, highlights, mains)


def _camera_source(reader: _Reader, value: object) -> str:
    allowed = _allowed("source", named=CAMERA_NAMED)
    if not isinstance(value, str) or not value.strip():
        raise reader.error("camera.source", value, "not_source", allowed)
    text = value.strip()
    if text == "synthetic":
        return text
    scheme, colon, number = text.partition(":")
    if scheme in CAMERA_DEVICES:
        if colon and not number.isdigit():
            raise reader.error("camera.source", value, "no_device", f'"{scheme}:0", "{scheme}:1"')
        if scheme == "usb":
            return f"usb:{int(number or 0)}"
        return f"picamera2:{int(number)}" if number and int(number) else "picamera2"
    path = reader.resolve(text)
    if any(ch in text for ch in "*?["):
        return str(path)
    if not path.exists():
        raise reader.error("camera.source", value, "nothing", allowed, path=path)
    return str(path)


def _game(reader: _Reader, table: Mapping[str, Any]) -> Game:
    default = Game()
    reader.table(table, "game", ("default", "players", "goal", "rules", "names"))
    title = reader.choice(table, "default", default.default, GAMES, "not_game", "game")
    players = reader.integer(table, "game.players", "players", default.players)
    low, high = PLAYERS[title]
    if not low <= players <= high:
        raise reader.error(
            "game.players", players, "players", _allowed("players", low=low, high=high), title=title
        )
    goal = reader.choice(table, "goal", default.goal, GOALS, "not_goal", "game")
    rules_table = reader.section(table, "rules", "game.rules")
    reader.table(rules_table, "game.rules", GAMES)
    rules: dict[str, Mapping[str, RuleValue]] = {}
    for name, switches in rules_table.items():
        key = f"game.rules.{name}"
        if not isinstance(switches, Mapping):
            raise reader.error(key, switches, "not_table", _allowed("switches", table=key))
        for switch, value in switches.items():
            if not isinstance(value, bool | int | float | str):
                raise reader.error(f"{key}.{switch}", value, "not_plain", _allowed("plain"))
        rules[name] = MappingProxyType(dict(switches))
    names = table.get("names", [])
    allowed = _allowed("names", n=NAME_LETTERS)
    if not isinstance(names, list):
        raise reader.error("game.names", names, "not_list", allowed)
    try:
        checked = check_names(names, reader.lang)
    except ValueError as error:
        raise reader.error("game.names", names, "names", allowed, reason=str(error)) from None
    return Game(title, players, goal, MappingProxyType(rules), checked)


def _cafe(reader: _Reader, table: Mapping[str, Any]) -> Cafe:
    """``[cafe]``: ``broker``, ``cafe`` and ``table`` must be given; the files must exist.

    >>> said = {"broker": "mqtt://box.lan", "cafe": "Pod Kostką", "table": "3"}
    >>> _cafe(_Reader("<text>", Path("/"), "en"), said)
    Traceback (most recent call last):
    ...
    firmware.config.ConfigError: <text>: cafe.cafe = 'Pod Kostką' cannot name an MQTT topic level; \
allowed: 1 to 40 characters without / + # and spaces, e.g. "table-3"
    """
    keys = ("broker", "cafe", "table", "username", "password_file", "ca_file")
    reader.table(table, "cafe", keys)
    broker = table.get("broker")
    match = re.fullmatch(r"(mqtts?)://([A-Za-z0-9.\-]+|\[[0-9A-Fa-f:]+\])(?::(\d{1,5}))?/?", str(broker))
    if not isinstance(broker, str) or match is None or not 0 < int(match[3] or 1) < 65536:
        raise reader.error("cafe.broker", broker, "not_broker", _allowed("broker"))
    scheme, host, port = match[1], match[2].strip("[]"), int(match[3] or MQTT_SCHEMES[match[1]])
    names = []
    for key in ("cafe", "table"):
        value = table.get(key)
        if not isinstance(value, str) or not re.fullmatch(rf"[^\s/+#]{{1,{MQTT_NAME_LETTERS}}}", value):
            raise reader.error(f"cafe.{key}", value, "not_name", _allowed("mqtt_name", n=MQTT_NAME_LETTERS))
        names.append(value)
    username = table.get("username", "")
    if not isinstance(username, str):
        raise reader.error("cafe.username", username, "not_text", _allowed("user"))
    files: list[Path | None] = []
    for key in ("password_file", "ca_file"):
        if key not in table:
            files.append(None)
            continue
        value = table[key]
        if not isinstance(value, str) or not value.strip():
            raise reader.error(f"cafe.{key}", value, "not_path", _allowed("file"))
        path = reader.resolve(value)
        if not path.is_file():
            raise reader.error(f"cafe.{key}", value, "no_file", _allowed("file"), path=path)
        files.append(path)
    if files[0] is not None and not username:
        raise reader.error("cafe.password_file", table["password_file"], "no_user", _allowed("user"))
    if files[1] is not None and scheme != "mqtts":
        raise reader.error("cafe.ca_file", table["ca_file"], "no_tls", _allowed("tls"))
    return Cafe(host, port, scheme == "mqtts", names[0], names[1], username, files[0], files[1])


class _Reader:
    """Type checks with messages that name the origin, the key, the value and what is allowed."""

    def __init__(self, origin: str, base_dir: Path, lang: str = DEFAULT_LANGUAGE) -> None:
        self.origin = origin
        self.base_dir = base_dir
        self.lang = lang

    def error(
        self, key: str, value: object, problem: str, allowed: Words | str, **fields: object
    ) -> ConfigError:
        """The value of ``key`` is wrong: ``problem`` names a ``config.problem.`` message (with
        ``fields``), ``allowed`` says what may stand there (a message, or the allowed values)."""
        said = Words(f"config.problem.{problem}", fields)
        shown = _show(key, value)
        return ConfigError(
            "config.bad",
            self.lang,
            origin=self.origin,
            setting=key,
            value=shown,
            problem=said,
            allowed=allowed,
        )

    def table(self, table: Mapping[str, Any], where: str, keys: tuple[str, ...]) -> Mapping[str, Any]:
        for key in table:
            if key not in keys:
                name = f"{where}.{key}" if where else key
                place = Words("config.place.in", {"where": where}) if where else Words("config.place.top")
                allowed = ", ".join(keys)
                raise ConfigError(
                    "config.unknown_key",
                    self.lang,
                    origin=self.origin,
                    name=repr(name),
                    place=place,
                    allowed=allowed,
                )
        return table

    def section(self, table: Mapping[str, Any], key: str, name: str | None = None) -> Mapping[str, Any]:
        value = table.get(key, {})
        if not isinstance(value, Mapping):
            raise self.error(name or key, value, "not_table", _allowed("section", name=name or key))
        return value

    def integer(self, table: Mapping[str, Any], key: str, name: str, default: int) -> int:
        value = table.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, value, "not_whole", _allowed("integer"))
        return value

    def number(self, table: Mapping[str, Any], key: str, name: str, default: float) -> float:
        value = table.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.error(key, value, "not_number", _allowed("number"))
        return float(value)

    def choice(
        self,
        table: Mapping[str, Any],
        name: str,
        default: str,
        allowed: tuple[str, ...],
        problem: str,
        section: str = "",
    ) -> str:
        value = table.get(name, default)
        if value not in allowed:
            key = f"{section}.{name}" if section else name
            raise self.error(key, value, problem, ", ".join(allowed))
        return str(value)

    def path(self, table: Mapping[str, Any], name: str) -> Path:
        value = table[name]
        if not isinstance(value, str) or not value.strip():
            raise self.error(name, value, "not_path", _allowed("path"))
        return self.resolve(value)

    def resolve(self, value: str) -> Path:
        path = Path(value).expanduser()
        return path if path.is_absolute() else (self.base_dir / path).resolve()


def _allowed(which: str, **fields: object) -> Words:
    """What may stand in a key: the message ``config.allowed.<name>``."""
    return Words(f"config.allowed.{which}", fields)


def _show(key: str, value: object) -> str:
    """A value as the user wrote it; an I2C address also in hex, as i2cdetect prints it."""
    if key.endswith("address") and isinstance(value, int) and not isinstance(value, bool):
        return f"{value} (0x{value:02X})"
    return repr(value)
