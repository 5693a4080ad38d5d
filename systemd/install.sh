#!/usr/bin/env bash
# Install Kostka as an appliance on Raspberry Pi OS Bookworm or Trixie (run it again to update).
#
#   sudo systemd/install.sh              install or update, enable the service, start it
#   systemd/install.sh --dry-run         print every step, change nothing (no root needed)
#   sudo systemd/install.sh --uninstall  stop and remove the service, program and user;
#                                        keeps saved games and the config (add --purge to drop them)
#
# What it does, in order: system packages from apt (picamera2 and libcamera come only from
# Raspberry Pi's archive), I2C on and the camera auto-detected, a virtual environment made with
# --system-site-packages and constraints that keep numpy at the apt version the apt-built
# picamera2 and simplejpeg were compiled against, the kostka system user in the gpio, i2c and
# video groups, a probe of ONNX Runtime (reported: Kostka falls back to OpenCV's dnn where it fails),
# /etc/kostka/kostka.toml (never overwritten), and the systemd unit.
set -euo pipefail

SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="${KOSTKA_PREFIX:-/opt/kostka}"
ETC_DIR="${KOSTKA_ETC:-/etc/kostka}"
UNIT_DIR="${KOSTKA_UNIT_DIR:-/etc/systemd/system}"
STATE_DIR="${KOSTKA_STATE_DIR:-/var/lib/kostka}"
OS_RELEASE="${KOSTKA_OS_RELEASE:-/etc/os-release}"
VENV="$PREFIX/venv"
UNIT=kostka.service
SERVICE_USER=kostka
GROUPS_NEEDED=(gpio i2c video)
APT_PACKAGES=(python3-venv python3-numpy python3-lgpio fonts-dejavu-core i2c-tools)
APT_CAMERA=(python3-picamera2)
OPENCV_FOR_NUMPY1="opencv-python-headless==4.11.0.86"

DRY_RUN=0
ACTION=install
PURGE=0
REBOOT_NEEDED=0
STEP=0

usage() {
    sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

say() { printf '%s\n' "$*"; }
# A command as one would type it: arguments with spaces or shell characters in single quotes.
quoted() {
    local arg shown=()
    for arg in "$@"; do
        if [[ $arg =~ ^[A-Za-z0-9_./:=,+@%-]+$ ]]; then
            shown+=("$arg")
        else
            shown+=("'${arg//\'/\'\\\'\'}'")
        fi
    done
    printf '%s' "${shown[*]}"
}
fail() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

step() {
    STEP=$((STEP + 1))
    say ""
    say "== Step $STEP: $*"
}

# Run a command, or only print it with --dry-run. Every change goes through here or write_file.
run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        say "would run: $(quoted "$@")"
    else
        say "+ $(quoted "$@")"
        "$@"
    fi
}

# write_file PATH MODE: write standard input to PATH (atomically), or print it with --dry-run.
write_file() {
    local path=$1 mode=$2 content
    content="$(cat)"
    if [[ $DRY_RUN -eq 1 ]]; then
        say "would write $path (mode $mode):"
        printf '%s\n' "$content" | sed 's/^/    | /'
    else
        say "+ write $path"
        printf '%s\n' "$content" > "$path.tmp"
        chmod "$mode" "$path.tmp"
        mv -f "$path.tmp" "$path"
    fi
}

parse_args() {
    local given="$*"
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --dry-run) DRY_RUN=1 ;;
            --uninstall) ACTION=uninstall ;;
            --purge) PURGE=1 ;;
            -h|--help) usage; exit 0 ;;
            *) fail "unknown option '$1'; use --dry-run, --uninstall [--purge] or --help" ;;
        esac
        shift
    done
    if [[ $PURGE -eq 1 && $ACTION != uninstall ]]; then
        fail "--purge goes with --uninstall"
    fi
    if [[ $DRY_RUN -eq 0 && $EUID -ne 0 ]]; then
        fail "run it as root (sudo $0 $given), or with --dry-run to see the steps"
    fi
}

os_codename() {
    local codename=""
    if [[ -r $OS_RELEASE ]]; then
        codename="$(sed -n 's/^VERSION_CODENAME=//p' "$OS_RELEASE" | tr -d '"')"
    fi
    printf '%s\n' "$codename"
}

boot_config() {
    if [[ -f /boot/firmware/config.txt ]]; then
        printf '%s\n' /boot/firmware/config.txt
    else
        printf '%s\n' /boot/config.txt
    fi
}

# The upstream version of apt's numpy: installed, else the candidate apt would install.
# "1:1.24.2-1+deb12u1" -> "1.24.2"; "1:2.2.4+ds-1" -> "2.2.4".
apt_numpy_version() {
    local version
    version="$(dpkg-query -W -f='${Version}' python3-numpy 2>/dev/null || true)"
    if [[ -z $version ]]; then
        version="$(apt-cache policy python3-numpy 2>/dev/null | sed -n 's/^ *Candidate: *//p' | head -n 1)"
    fi
    if [[ -z $version || $version == "(none)" ]]; then
        return 1
    fi
    upstream_version "$version"
}

upstream_version() {
    printf '%s\n' "$1" | sed -E 's/^[0-9]+://; s/[-+~].*$//'
}

# Pip constraints: numpy exactly as apt has it, so no wheel replaces it inside the venv, and an
# OpenCV wheel built for that numpy (4.12 and later need numpy 2; 4.11.0.86 is the last for 1.x).
# Without apt's version (a dry run on a machine that does not know python3-numpy), the
# release decides: Bookworm ships numpy 1.24, Trixie numpy 2.
constraints_for() {
    local numpy=$1 codename=$2 major
    major="${numpy%%.*}"
    if [[ ! $major =~ ^[0-9]+$ ]]; then
        major=$([[ $codename == bookworm ]] && echo 1 || echo 2)
    fi
    say "# Written by systemd/install.sh: keep numpy as apt's picamera2 and simplejpeg need it."
    say "numpy==$numpy"
    if [[ $major -lt 2 ]]; then
        say "$OPENCV_FOR_NUMPY1"
    else
        say "opencv-python-headless>=4.12,<5.1"
    fi
}

install_packages() {
    step "System packages (apt)"
    run apt-get update
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y "${APT_PACKAGES[@]}"
    # --no-install-recommends: picamera2's recommends pull in the desktop preview (Qt, OpenGL).
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${APT_CAMERA[@]}"
}

enable_interfaces() {
    step "I2C on, camera auto-detected"
    if command -v raspi-config >/dev/null 2>&1; then
        if [[ "$(raspi-config nonint get_i2c 2>/dev/null || echo 1)" != 0 ]]; then
            run raspi-config nonint do_i2c 0
            REBOOT_NEEDED=1
        else
            say "I2C is already on."
        fi
    else
        say "raspi-config not found (not Raspberry Pi OS?): would run 'raspi-config nonint do_i2c 0' on a Pi."
    fi
    # Camera Module 3 needs no raspi-config switch on Bookworm/Trixie: the firmware loads its
    # overlay when camera_auto_detect=1 (the default). Put it back if it is missing.
    local config
    config="$(boot_config)"
    if [[ ! -f $config ]]; then
        say "$config not found (not a Pi?): the camera overlay is the firmware's business there."
    elif grep -Eq '^[[:space:]]*camera_auto_detect=1' "$config"; then
        say "camera_auto_detect=1 is already in $config."
    elif grep -Eq '^[[:space:]]*(camera_auto_detect=0|dtoverlay=(imx|ov))' "$config"; then
        say "$config chooses its camera by hand (camera_auto_detect=0 or a dtoverlay): left as it is."
    else
        if [[ $DRY_RUN -eq 1 ]]; then
            say "would append to $config: [all] camera_auto_detect=1"
        else
            say "+ append '[all] camera_auto_detect=1' to $config"
            printf '\n[all]\n# Kostka: let the firmware find the camera module\ncamera_auto_detect=1\n' >> "$config"
        fi
        REBOOT_NEEDED=1
    fi
}

make_user() {
    step "System user '$SERVICE_USER' in groups ${GROUPS_NEEDED[*]}"
    local group
    for group in "${GROUPS_NEEDED[@]}"; do
        if ! getent group "$group" >/dev/null; then
            run groupadd --system "$group"
        fi
    done
    if getent passwd "$SERVICE_USER" >/dev/null; then
        say "User $SERVICE_USER exists."
    else
        run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "Kostka dice referee" "$SERVICE_USER"
    fi
    local joined
    joined="$(IFS=,; printf '%s' "${GROUPS_NEEDED[*]}")"
    run usermod --append --groups "$joined" "$SERVICE_USER"
}

install_program() {
    step "Program in $PREFIX (venv with --system-site-packages)"
    local numpy
    if ! numpy="$(apt_numpy_version)"; then
        if [[ $DRY_RUN -eq 1 ]]; then
            numpy="<apt python3-numpy version>"
            say "python3-numpy is not known to apt here; on the Pi its version is read after step 1."
        else
            fail "cannot read the version of apt's python3-numpy (dpkg-query -W python3-numpy)"
        fi
    fi
    say "apt's numpy: $numpy"
    run mkdir -p "$PREFIX"
    run rm -rf "$PREFIX/src"
    run mkdir -p "$PREFIX/src"
    if [[ $DRY_RUN -eq 1 ]]; then
        say "would copy $SRC_DIR to $PREFIX/src (without .git, .venv, caches)"
    else
        say "+ copy $SRC_DIR to $PREFIX/src"
        tar -C "$SRC_DIR" --exclude=.git --exclude=.venv --exclude='*.egg-info' \
            --exclude=__pycache__ --exclude=.mypy_cache --exclude=.ruff_cache --exclude=.pytest_cache \
            -cf - . | tar -C "$PREFIX/src" -xf -
    fi
    if [[ $DRY_RUN -eq 0 && -x $VENV/bin/python ]] && ! "$VENV/bin/python" -c 'import sys' 2>/dev/null; then
        run python3 -m venv --clear --system-site-packages "$VENV"
    elif [[ -x $VENV/bin/python ]]; then
        say "venv $VENV exists."
    else
        run python3 -m venv --system-site-packages "$VENV"
    fi
    constraints_for "$numpy" "$(os_codename)" | write_file "$PREFIX/constraints.txt" 0644
    run "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
        --constraint "$PREFIX/constraints.txt" --upgrade --upgrade-strategy only-if-needed "$PREFIX/src"
    if [[ $DRY_RUN -eq 0 ]]; then
        say "+ check that numpy is still apt's and picamera2 imports in the venv"
        "$VENV/bin/python" - "$numpy" <<'PY'
import sys
import numpy
want = sys.argv[1]
if numpy.__version__ != want:
    sys.exit(f"numpy {numpy.__version__} in the venv, apt has {want}: picamera2 would break")
try:
    import picamera2  # noqa: F401
except ImportError as error:
    print(f"warning: picamera2 does not import ({error}); a USB camera still works", file=sys.stderr)
PY
    fi
}

# Does ONNX Runtime run the networks here as OpenCV's dnn does? Asked in a child process (a build
# that crashes in native code only ends the child); the verdict is reported, never fatal: without
# ONNX Runtime Kostka reads with OpenCV's dnn, more slowly. The service asks again at its first
# start, under its own sandbox, and keeps that verdict in the state directory.
probe_runtime() {
    local probe=("$VENV/bin/python" -m firmware.devices.runtime_probe)
    if [[ $DRY_RUN -eq 1 ]]; then
        say "would run: $(quoted "${probe[@]}") (does ONNX Runtime run the networks as OpenCV's dnn does?)"
        return
    fi
    say "+ $(quoted "${probe[@]}")"
    if "${probe[@]}"; then
        say "ONNX Runtime runs the networks; the service checks it once more at its first start."
    else
        say "Kostka will read with OpenCV's dnn (slower, the same readings): the line above says why."
    fi
}

install_config() {
    step "Config $ETC_DIR/kostka.toml (kept if it exists)"
    run mkdir -p "$ETC_DIR"
    if [[ -f $ETC_DIR/kostka.toml ]]; then
        say "$ETC_DIR/kostka.toml exists: not touched."
    else
        run install -m 0644 "$SRC_DIR/firmware/data/kostka.example.toml" "$ETC_DIR/kostka.toml"
    fi
}

install_unit() {
    step "Service $UNIT"
    run install -m 0644 "$SRC_DIR/systemd/$UNIT" "$UNIT_DIR/$UNIT"
    run systemctl daemon-reload
    run systemctl enable "$UNIT"
    if [[ $REBOOT_NEEDED -eq 1 ]]; then
        say ""
        say "I2C or the camera was just switched on: reboot now (sudo reboot); Kostka starts by itself."
    else
        run systemctl restart "$UNIT"
        if [[ $DRY_RUN -eq 0 ]]; then
            say ""
            say "Kostka is running. Watch it with: systemctl status kostka; journalctl -u kostka -f"
        fi
    fi
}

uninstall() {
    step "Stop and remove $UNIT"
    if [[ -f $UNIT_DIR/$UNIT ]]; then
        run systemctl disable --now "$UNIT"
        run rm -f "$UNIT_DIR/$UNIT"
        run systemctl daemon-reload
    else
        say "$UNIT_DIR/$UNIT is not there."
    fi
    step "Remove the program $PREFIX"
    run rm -rf "$PREFIX"
    step "Remove the user $SERVICE_USER"
    if getent passwd "$SERVICE_USER" >/dev/null; then
        run userdel "$SERVICE_USER"
    else
        say "User $SERVICE_USER is not there."
    fi
    if [[ $PURGE -eq 1 ]]; then
        step "Remove saved games $STATE_DIR and config $ETC_DIR (--purge)"
        run rm -rf "$STATE_DIR" "$ETC_DIR"
    else
        say ""
        say "Kept: saved games in $STATE_DIR and the config in $ETC_DIR (--purge removes them)."
    fi
    say "Kept: apt packages (other programs may use them) and I2C switched on."
}

main() {
    parse_args "$@"
    local codename
    codename="$(os_codename)"
    if [[ $DRY_RUN -eq 1 ]]; then
        say "Dry run: nothing is changed. OS: ${codename:-unknown}."
    fi
    if [[ $ACTION == uninstall ]]; then
        uninstall
        return
    fi
    case "$codename" in
        bookworm|trixie) ;;
        *) fail "this installer knows Raspberry Pi OS Bookworm and Trixie, not '${codename:-unknown}'" ;;
    esac
    install_packages
    enable_interfaces
    make_user
    install_program
    probe_runtime
    install_config
    install_unit
}

# Sourcing the file (tests) defines the functions without running anything.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    main "$@"
fi
