"""``kostka read`` and ``kostka eval`` as a user runs them."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import cv2
import pytest

from firmware.cli import main
from measure.labels import LabelledDie, LabelsError, labels_mode, load_set, parse_labels

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English lines

DICE = Path(__file__).parent / "data" / "dice"


def photos() -> list[Path]:
    return sorted((DICE / "images").iterdir())


def test_read_json_shape_and_unreadable_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not a jpeg at all")
    first = str(photos()[0])
    code = main(["read", "--json", str(tmp_path / "missing.png"), first, str(broken)])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1
    assert [line["image"] for line in lines] == [str(tmp_path / "missing.png"), first, str(broken)]
    assert "error" in lines[0] and "error" in lines[2]
    reading = lines[1]
    image = cv2.imread(first)
    assert image is not None
    assert set(reading) == {"image", "width", "height", "ms", "dice"}
    assert (reading["width"], reading["height"]) == (image.shape[1], image.shape[0])
    assert reading["ms"] > 0
    assert reading["dice"], "the photo has dice"
    for die in reading["dice"]:
        assert set(die) == {"face", "confidence", "status", "box"}
        assert die["face"] is None or 1 <= die["face"] <= 6
        assert 0 <= die["confidence"] <= 1
        assert die["status"] in {"ok", "uncertain", "cocked"}
        assert len(die["box"]) == 4 and all(isinstance(v, int) for v in die["box"])


@pytest.mark.parametrize("mode", ["pips", "colours", "cards"])
def test_read_a_picture_too_small_for_a_die_gets_an_error_line_and_the_next_is_still_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str
) -> None:
    tiny = tmp_path / "thumbnail.png"
    cv2.imwrite(str(tiny), cv2.resize(cv2.imread(str(photos()[0])), (8, 6)))
    first = str(photos()[0])
    code = main(["read", "--json", "--mode", mode, str(tiny), first])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1
    assert lines[0] == {
        "image": str(tiny),
        "error": f"{str(tiny)!r} is only 8 x 6 pixels, too small to show a die",
    }
    assert lines[1]["image"] == first and "dice" in lines[1]


def png_header(width: int, height: int) -> bytes:
    """A PNG whose header says ``width`` x ``height`` (its pixels are not there: nothing may decode it)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunks = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0")) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + chunks


@pytest.mark.parametrize(
    ("width", "height", "said"), [(9000, 8000, "9000 x 8000 pixels, "), (30000, 30000, "")]
)
def test_read_refuses_a_huge_picture_before_decoding_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], width: int, height: int, said: str
) -> None:
    huge = tmp_path / "huge.png"
    huge.write_bytes(png_header(width, height))
    assert main(["read", "--json", str(huge), str(photos()[0])]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[0]["error"] == f"{str(huge)!r} is {said}more than 64 megapixels"
    assert "dice" in lines[1]


def test_read_text_and_exit_code_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["read", str(photos()[0])])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith(str(photos()[0]) + ": ")
    assert "dice" in out


def test_eval_prints_figures_and_writes_failures_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "set"
    shutil.copytree(DICE, folder)
    # one wrong label so that there is a failure to draw
    labels = (folder / "labels.csv").read_text().splitlines()
    name, value, *rest = labels[1].split(",")
    labels[1] = ",".join([name, str(1 if value == "6" else int(value) + 1), *rest])
    (folder / "labels.csv").write_text("\n".join(labels) + "\n")
    picture = tmp_path / "failures.jpg"
    code = main(["eval", str(folder), "--failures", str(picture)])
    captured = capsys.readouterr()
    assert code == 0
    total = sum(len(v) for v in load_set(folder).labels.values())
    assert f"{total} labelled dice" in captured.out
    for word in ("correct ok", "silent errors", "abstentions", "missed", "median ms"):
        assert word in captured.out
    assert "images" in captured.err  # the progress bar
    assert cv2.imread(str(picture)) is not None


def test_eval_counts_a_labelled_image_it_cannot_read_as_missed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "torn.jpg").write_bytes(b"\xff\xd8 half a jpeg")
    (tmp_path / "labels.csv").write_text("image,value,cx,cy,w,h\ntorn.jpg,4,0.5,0.5,0.1,0.1\n")
    code = main(["eval", str(tmp_path), "--failures", str(tmp_path / "f.jpg")])
    out = capsys.readouterr().out
    assert code == 1
    assert "unreadable images: 1" in out and "missed             1" in out


def test_eval_limit_and_every(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["eval", str(DICE), "--every", "2", "--limit", "1", "--failures", str(tmp_path / "f.jpg")])
    out = capsys.readouterr().out
    assert code == 0
    assert "(images 0::2, first 1)" in out
    assert "1 images; networks on ONNX Runtime)" in out  # the runtime the commands choose here


def test_eval_without_labels_says_what_is_missing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", str(tmp_path)]) == 2
    assert "expected labels.csv and an images/ folder" in capsys.readouterr().err


def test_eval_of_labels_naming_no_image_says_so_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "images").mkdir()
    (tmp_path / "labels.csv").write_text("image,value,cx,cy,w,h\n")
    assert main(["eval", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "names no image" in err and "nan" not in err


def test_labels_errors_name_the_line() -> None:
    with pytest.raises(LabelsError, match="line 2: value 9"):
        parse_labels(io.StringIO("image,value,cx,cy,w,h\na.jpg,9,0.5,0.5,0.1,0.1\n"))
    with pytest.raises(LabelsError, match="header lacks"):
        parse_labels(io.StringIO("image,face\na.jpg,3\n"))


def test_labels_hold_colours_and_cards_too() -> None:
    rows = parse_labels(
        io.StringIO(
            "image,value,cx,cy,w,h\n"
            "a.png,Star,0.5,0.5,0.1,0.1\na.png,0,0.2,0.2,0.1,0.1\n"
            "b.png,squares:red+blue,0.5,0.5,0.3,0.2\n"
        )
    )
    assert [d.value for d in rows["a.png"]] == ["star", 0]
    assert rows["b.png"][0].value == "squares:red+blue"
    assert labels_mode({"a.png": rows["a.png"]}) == "colours"
    assert labels_mode({"b.png": rows["b.png"]}) == "cards"
    assert labels_mode({"c.png": [LabelledDie(0, 0.5, 0.5, 0.1, 0.1)]}) is None
    with pytest.raises(LabelsError, match="mix cards and colours"):
        labels_mode(rows)
    with pytest.raises(LabelsError, match="line 2: card 'dots:red'"):
        parse_labels(io.StringIO("image,value,cx,cy,w,h\na.jpg,dots:red,0.5,0.5,0.1,0.1\n"))
    with pytest.raises(LabelsError, match="line 2: value 'red!'"):
        parse_labels(io.StringIO("image,value,cx,cy,w,h\na.jpg,red!,0.5,0.5,0.1,0.1\n"))


def test_a_set_may_keep_its_images_beside_labels_csv(tmp_path: Path) -> None:
    first = photos()[0]
    shutil.copy(first, tmp_path / first.name)
    rows = [line for line in (DICE / "labels.csv").read_text().splitlines() if line.startswith(first.name)]
    (tmp_path / "labels.csv").write_text("image,value,cx,cy,w,h\n" + "\n".join(rows) + "\n")
    labelled = load_set(tmp_path)
    assert labelled.images == [first.name]  # not labels.csv
    assert labelled.path(first.name) == tmp_path / first.name
    assert load_set(DICE).path(first.name) == first


def test_eval_of_a_part_reports_calibration_and_draws_a_reliability_diagram(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Of three casino crops, two fall in the held-out part by their names (``measure.split``)."""
    picture = tmp_path / "f.jpg"
    code = main(["eval", str(DICE / "translucent"), "--part", "held-out", "--failures", str(picture)])
    out = capsys.readouterr().out
    assert code == 0
    assert "translucent (held-out part) (pips): 2 labelled dice" in out
    assert "correct ok         1   50.00%" in out and "silent errors      0" in out
    assert "calibration    ECE" in out
    assert cv2.imread(str(tmp_path / "f-reliability.png")) is not None
