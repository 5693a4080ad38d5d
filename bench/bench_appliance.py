"""The appliance's figures on this machine: latency, start-up, idle CPU, memory.

Run: .venv/bin/python -m bench.bench_appliance [--rolls N] [--idle-s S]

1. From a settled frame to the choices on the OLED, in ms (median and worst of ``--rolls`` rolls of
   Shut the Box, 1280x960 frames from measure.synth): settle detection of the frame that settles,
   reading it, ``step`` with the reading, drawing "what was read" and sending it through luma's
   real SSD1306 driver (to a recording serial interface, so no I2C time), then ``step`` with the
   player's OK (the advisor's figures) and drawing the choices the same way. The player's own
   time between the two screens is not counted. Readers: the stand-in's truth, and vision.reader
   when its model files are there.
2. Start-up to the first screen: ``python -m firmware run`` started as a service would be (a
   NOTIFY_SOCKET), timed from the start of the process to its READY=1, sent once the first screen
   is drawn. Median of three.
3. CPU of the idle loop: the same process at the game menu, nobody playing, stand-in camera at
   the config's 10 frames a second (1280x960), measured from /proc over ``--idle-s`` seconds, once
   at the start and once after settle detection called the tray idle (2 frames a second).
4. Resident memory: that process's VmRSS / VmHWM; the same for a service whose camera replays a
   recorded roll (1280x960 PNGs), read by vision.reader (about 3 s in; measured at 8 s); and this
   bench process's after the readers ran (it also holds the synthetic renderer and the frames).

Targets: 60 ms, 1.5 s, 5 % of a core, 150 MB.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from firmware.app import render_view
from firmware.devices.buttons import ButtonEvent
from firmware.machine.state import Choose, RollNow, Seen
from firmware.machine.step import DiceRead, Setup, start, step
from firmware.standins.tray import StandInDice, SyntheticSource, truth_reading
from rules.shut_the_box import ShutTheBox
from vision.settle import SettleDetector, SettleKind

ROOT = Path(__file__).resolve().parents[1]

SIZE = (1280, 960)


class RecordingSerial:
    """What luma's SSD1306 driver writes to, instead of I2C: counts the bytes."""

    def __init__(self) -> None:
        self.data_bytes = 0

    def command(self, *cmd: int) -> None: ...

    def data(self, data: Any) -> None:
        self.data_bytes += len(data)

    def cleanup(self) -> None: ...


def oled() -> Any:
    from firmware.devices.display import open_display

    return open_display("ssd1306", serial=RecordingSerial())


def at_roll_now() -> Any:
    state, _ = start(Setup((ShutTheBox(),)), lang="pl", players=2)
    for press in (ButtonEvent.OK, ButtonEvent.OK, ButtonEvent.OK):  # the game, two players, the first starts
        state, _ = step(state, press)
    assert isinstance(state.screen, RollNow)
    return state


def latency(rolls: int, reader_name: str) -> list[dict[str, float]]:
    """Per roll: ms for each part, from the frame that settles to the choices on the OLED."""
    display = oled()
    dice = StandInDice(seed=1)
    source = SyntheticSource(dice, size=SIZE)
    results = []
    read_vision = None
    if reader_name == "vision":
        from firmware.app import warm_up_readers
        from firmware.devices.onnx_runtime import choose_runtime
        from vision.reader import read_dice

        choose_runtime()
        warm_up_readers()  # as the appliance's camera thread does before it opens the camera
        read_vision = read_dice
    for roll in range(rolls):
        state = at_roll_now()
        detector = SettleDetector()
        for _ in range(6):
            detector.feed(source.read(), time.monotonic())  # the old tray, settled
        dice.roll(2, colours=False, key=f"bench/{roll}")
        frames = [source.read() for _ in range(40)]  # tumbling, then still
        t = 0.0
        for frame in frames:
            t += 0.1
            t0 = time.perf_counter()
            if any(e.kind is SettleKind.SETTLED for e in detector.feed(frame, t)):
                break
        else:
            raise RuntimeError("the roll never settled")
        t1 = time.perf_counter()
        if read_vision is not None:
            reading = read_vision(frame)
        else:
            reading = truth_reading(dice.tray, (frame.shape[1], frame.shape[0]))
        t2 = time.perf_counter()
        state, effects = step(state, DiceRead(reading))
        for effect in effects:
            if hasattr(effect, "view"):
                display.show(render_view(effect.view))
        t3 = time.perf_counter()
        if not isinstance(state.screen, Seen):  # the player is asked to check: the correction screen
            results.append({"settle": (t1 - t0) * 1000, "read": (t2 - t1) * 1000, "unsure": (t3 - t0) * 1000})
            continue
        state, effects = step(state, ButtonEvent.OK)
        for effect in effects:
            if hasattr(effect, "view"):
                display.show(render_view(effect.view))
        t4 = time.perf_counter()
        assert isinstance(state.screen, Choose)
        times = {
            "settle": (t1 - t0) * 1000,
            "read": (t2 - t1) * 1000,
            "seen on OLED": (t3 - t2) * 1000,
            "choices on OLED": (t4 - t3) * 1000,
        }
        times["total"] = sum(times.values())
        results.append(times)
    display.close()
    return results


def report_latency(rolls: int) -> None:
    size = f"{SIZE[0]}x{SIZE[1]}"
    print(f"1. settled frame -> choices on the OLED ({rolls} rolls of Shut the Box, {size} frames)")
    for reader in ("truth", "vision"):
        try:
            runs = latency(rolls, reader)
        except Exception as error:  # the vision model may not be there yet
            print(f"   reader {reader}: unavailable ({type(error).__name__}: {error})")
            continue
        full = [r for r in runs if "total" in r]
        if not full:
            print(f"   reader {reader}: every reading was unsure (the player corrects): no timing of choices")
            continue
        parts = ", ".join(
            f"{name} {statistics.median(r[name] for r in full):.1f}" for name in full[0] if name != "total"
        )
        totals = [r["total"] for r in full]
        print(
            f"   reader {reader}: {len(full)} rolls read: median {statistics.median(totals):.1f} ms, "
            f"worst {max(totals):.1f} ms ({parts} ms)"
        )
        unsure = [r["unsure"] for r in runs if "unsure" in r]
        if unsure:
            print(
                f"   reader {reader}: {len(unsure)} rolls the player must check: frame -> correction screen "
                f"median {statistics.median(unsure):.1f} ms, worst {max(unsure):.1f} ms"
            )


def proc_cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_memory_mb(pid: int | str) -> tuple[float, float]:
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(value.split()[0]) / 1024
    return values["VmRSS"], values["VmHWM"]


def record_roll(folder: Path) -> Path:
    """A replay folder: the empty tray, two dice thrown in, at rest (1280x960 PNGs of measure.synth)."""
    import cv2

    frames = folder / "replay"
    frames.mkdir()
    dice = StandInDice(seed=3)
    source = SyntheticSource(dice, size=SIZE)
    shots = [source.read() for _ in range(10)]
    dice.roll(2, colours=False, key="replay")
    shots += [source.read() for _ in range(25)]
    for number, frame in enumerate(shots):
        cv2.imwrite(str(frames / f"frame{number:03d}.png"), frame)
    return frames


def service(folder: Path, camera: str = "synthetic") -> tuple[subprocess.Popen[bytes], float, socket.socket]:
    """Start ``python -m firmware run`` with a notify socket; the process and seconds to READY=1."""
    config = folder / "kostka.toml"
    config.write_text(
        f'state_dir = "{folder / "state"}"\n[display]\ndriver = "dummy"\n[camera]\nsource = "{camera}"\n',
        encoding="utf-8",
    )
    path = folder / f"notify-{time.monotonic_ns()}"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(path))
    listener.settimeout(30)
    env = {**os.environ, "NOTIFY_SOCKET": str(path)}
    began = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "firmware", "run", "--config", str(config)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    while True:
        message = listener.recv(4096).decode()
        if message.startswith("READY=1"):
            return process, time.perf_counter() - began, listener


def stop(process: subprocess.Popen[bytes], listener: socket.socket) -> None:
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=10)
    listener.close()


def report_service(idle_s: float) -> None:
    with tempfile.TemporaryDirectory(prefix="kostka-bench-") as tmp:
        folder = Path(tmp)
        startups = []
        for _ in range(3):
            process, ready_s, listener = service(folder)
            startups.append(ready_s)
            stop(process, listener)
        print(
            f"2. start-up to the first screen (READY=1): median {statistics.median(startups):.2f} s "
            f"(runs: {', '.join(f'{s:.2f}' for s in startups)})"
        )
        process, _, listener = service(folder)
        try:
            time.sleep(1.0)
            first = proc_cpu_s(process.pid)
            time.sleep(idle_s)
            busy = (proc_cpu_s(process.pid) - first) / idle_s * 100
            print(f"3. idle loop at the menu, camera at 10 frames/s: {busy:.1f} % of a core ({idle_s:g} s)")
            time.sleep(max(0.0, 11.5 - idle_s))  # settle detection calls the tray idle after 10 s
            first = proc_cpu_s(process.pid)
            time.sleep(idle_s)
            busy = (proc_cpu_s(process.pid) - first) / idle_s * 100
            print(f"   after the tray went idle (2 frames/s): {busy:.1f} % of a core ({idle_s:g} s)")
            rss, peak = proc_memory_mb(process.pid)
            print(f"4. resident memory of the service, stand-in camera: {rss:.0f} MB (peak {peak:.0f} MB)")
        finally:
            stop(process, listener)
        process, _, listener = service(folder, str(record_roll(folder)))
        try:
            assert process.stdin is not None
            process.stdin.write(b"    ")  # OK: the buttons told, the game, the players, who starts: roll now
            process.stdin.flush()
            time.sleep(8.0)  # the replay rolls, settles, and is read by vision.reader
            rss, peak = proc_memory_mb(process.pid)
            what = "the service after reading a replayed roll (vision.reader)"
            print(f"   {what}: {rss:.0f} MB (peak {peak:.0f} MB)")
        finally:
            stop(process, listener)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=15)
    parser.add_argument("--idle-s", type=float, default=10.0)
    args = parser.parse_args()
    report_latency(args.rolls)
    report_service(args.idle_s)
    rss, peak = proc_memory_mb("self")
    print(f"   this bench process after the readers ran: {rss:.0f} MB (peak {peak:.0f} MB)")


if __name__ == "__main__":
    main()
