# Shared by the image scripts: messages, the Debian mirror, the architecture names.
# shellcheck shell=bash

SUITE=trixie                                   # Python 3.13; its Pi 4 device tree takes overlays
IMAGE_EXTRAS=brain,web,panel,voice,semantic,wyoming,mcp    # every extra but qwen (a 500 MB optional model)
# The card's layout, shared by image/partition, the update bundle and appliance/update/slots.py.
DISK_ID=48454152                               # the MBR's identifier ("HEAR"): root=PARTUUID=48454152-02
ROOT_SLOT_MIB=3072                             # each root slot, and the root image in a bundle
NEEDS_SOURCE_BUILD="evdev spidev"              # sdist-only on the index for cp313
NEEDS_SOURCE_BUILD_arm64="lgpio"               # gpiozero's first-choice pin factory (aarch64 only)
# The Pi card's kernel (arm64): Debian trixie-backports' Linux 7.3, whose modules and device
# trees drive the Pi 5's I/O chip, RP1 (trixie's own 6.12 has no RP1 in its Pi 5 tree). Pinned
# to the exact build image/check-card was run on: backports replaces a version without notice
# and keeps only the newest, so a moved version stops the build (apt: "Version ... was not
# found") rather than putting an unchecked kernel on a card. docs/image.md: "The kernel".
PI_KERNEL=7.3.4+deb13-arm64                    # the ABI: package names, /usr/lib/modules/<this>
PI_KERNEL_VERSION=7.3.4-1~bpo13+1              # the Debian version of those packages
PI_LINUX_BASE_VERSION=4.17~bpo13+1             # linux-run-hooks, which its maintainer scripts need
_repo=$(dirname "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")")
STARTED=${STARTED:-$(date +%s)}
export STARTED

say() { printf '[%4ss] %s\n' "$(( $(date +%s) - STARTED ))" "$*" >&2; }
die() { printf 'image: %s\n' "$*" >&2; exit 1; }
# set -e stops a script at a failing command without a word: say which one.
trap 'printf "image: %s failed at line %s: %s\n" "${0##*/}" "$LINENO" "$BASH_COMMAND" >&2' ERR

# The pip that downloads wheels: $HEARTH_PYTHON's, else the repository's venv (./dev install).
pip_() {
    local python=${HEARTH_PYTHON:-$_repo/.venv/bin/python}
    [ -x "$python" ] || python=python3
    "$python" -m pip --disable-pip-version-check "$@"
}

# How `file` names a compiled module for that architecture.
machine_description() {
    case "$1" in
        amd64) echo x86-64 ;;
        arm64) echo "ARM aarch64" ;;
        *) die "--arch must be amd64 or arm64, not '${1:-}'" ;;
    esac
}

machine_of() {
    case "$1" in
        amd64) echo x86_64 ;;
        arm64) echo aarch64 ;;
        *) die "--arch must be amd64 or arm64, not '${1:-}'" ;;
    esac
}

# This machine's Debian mirror, as apt is configured here (never a host written in a script).
debian_mirror() {
    local uri
    uri=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null \
          | awk '$2 !~ /-/ && $1 !~ /security/ {print $1; exit}')
    [ -n "$uri" ] || die "no Debian mirror in this machine's apt sources (apt-get indextargets)"
    echo "${uri%/}"
}

# llama-cpp-python==X.Y.Z, as pyproject.toml pins it.
llama_requirement() {
    grep -o '"llama-cpp-python==[^"]*"' "$_repo/pyproject.toml" | tr -d '"'
}
