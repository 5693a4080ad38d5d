"""hardware/wiring.md agrees with the config defaults and with the Pi's 40-pin header."""

from __future__ import annotations

import math
import re
from pathlib import Path

from firmware.config import Buttons, Display

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "hardware" / "wiring.md").read_text(encoding="utf-8")

# The 40-pin header of every Pi since the B+ (Pi 4 and Pi 5 alike): physical pin -> signal.
HEADER = {
    1: "3V3", 2: "5V", 3: "2", 4: "5V", 5: "3", 6: "GND", 7: "4", 8: "14", 9: "GND", 10: "15",
    11: "17", 12: "18", 13: "27", 14: "GND", 15: "22", 16: "23", 17: "3V3", 18: "24", 19: "10",
    20: "GND", 21: "9", 22: "25", 23: "11", 24: "8", 25: "GND", 26: "7", 27: "0", 28: "1",
    29: "5", 30: "GND", 31: "6", 32: "12", 33: "13", 34: "GND", 35: "19", 36: "16", 37: "26",
    38: "20", 39: "GND", 40: "21",
}  # fmt: skip


def pin_table() -> list[dict[str, str]]:
    """Rows of the table under '## Pin table', keyed by its header cells."""
    section = GUIDE.split("## Pin table", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    assert header == ["Physical pin", "BCM", "Part", "Wire"]
    rows = []
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows.append(dict(zip(header, cells, strict=True)))
    return rows


def test_every_row_matches_the_header() -> None:
    rows = pin_table()
    assert len(rows) >= 8
    for row in rows:
        assert HEADER[int(row["Physical pin"])] == row["BCM"], row


def test_button_pins_equal_the_config_defaults() -> None:
    in_guide = {}
    for row in pin_table():
        found = re.fullmatch(r"Button (PREVIOUS|NEXT|OK)", row["Part"])
        if found:
            in_guide[found.group(1).lower()] = int(row["BCM"])
    assert in_guide == Buttons().pins()


def test_buttons_have_a_ground_and_the_oled_its_four_wires() -> None:
    parts = {row["Part"]: row for row in pin_table()}
    assert any(p.startswith("Buttons, common ground") and r["BCM"] == "GND" for p, r in parts.items())
    assert parts["OLED SDA"]["BCM"] == "2"
    assert parts["OLED SCL"]["BCM"] == "3"
    assert parts["OLED VCC"]["BCM"] == "3V3"
    assert parts["OLED GND"]["BCM"] == "GND"
    wires = [row["Wire"] for row in pin_table()]
    assert len(set(wires)) == len(wires), "one colour per wire"


def test_the_guide_names_the_default_address_and_how_to_find_it() -> None:
    assert f"i2c_address = 0x{Display().i2c_address:02X}" in GUIDE
    assert "i2cdetect -y 1" in GUIDE


def test_camera_heights_follow_from_the_field_of_view() -> None:
    """Each row of the height table: the 4:3 frame at that height covers the area it names."""
    vertical = math.radians(41)
    horizontal = 2 * math.atan(math.tan(vertical / 2) * 4 / 3)
    assert round(math.degrees(horizontal)) == 53
    rows = re.findall(r"^\| (\d+) x (\d+) cm .*?\| (\d+) cm \| ([\d.]+) \| (\d+) px \|$", GUIDE, flags=re.M)
    assert len(rows) == 3
    for across, along, height, per_mm, die in rows:
        needed = max(
            float(across) / (2 * math.tan(horizontal / 2)), float(along) / (2 * math.tan(vertical / 2))
        )
        assert abs(needed - float(height)) <= 0.6, (across, along, needed)
        covered_mm = 2 * float(height) * 10 * math.tan(horizontal / 2)
        assert abs(1280 / covered_mm - float(per_mm)) <= 0.1
        assert abs(16 * 1280 / covered_mm - float(die)) <= 2


def test_troubleshooting_covers_the_usual_faults() -> None:
    for fault in ("The OLED stays blank", "Camera not found", "A button does nothing"):
        assert f"**{fault}" in GUIDE or f'**"{fault}' in GUIDE, fault
